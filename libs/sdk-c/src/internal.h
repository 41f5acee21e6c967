/* Internals of liblatchkey shared by its sources and its unit tests (not installed). */
#ifndef LATCHKEY_INTERNAL_H
#define LATCHKEY_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "latchkey.h"

#define LK_RECORD_TAG_BYTES 16
#define LK_FILE_E2E_ALG "X25519-HKDF-SHA256-AES256GCM-STREAM"
/* Largest record size accepted from an answer, so a hostile one cannot make us buffer without bound. */
#define LK_MAX_RECORD_SIZE (16u * 1024u * 1024u)

/* Fills `error` (may be NULL) and answers `code`. */
lk_error lk_fail(lk_error_info *error, lk_error code, int status, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* The code of a refusal the service answered with (status and the contract's message). */
lk_error lk_code_for_answer(int status, const char *message);

char *lk_strdup(const char *text);
char *lk_hex(const unsigned char *bytes, size_t length);
/* Decodes exactly `length` bytes of hex (either case); false on anything else. */
bool lk_unhex(const char *hex, unsigned char *out, size_t length);

/* Standard base64 with padding; NULL when the input is not canonical base64. Free with free(). */
unsigned char *lk_base64_decode(const char *text, size_t *length);
char *lk_base64_encode(const unsigned char *bytes, size_t length);
/* base64url without padding (RFC 4648 section 5). */
unsigned char *lk_base64url_decode(const char *text, size_t text_length, size_t *length);
char *lk_base64url_encode(const unsigned char *bytes, size_t length);

/* A fresh request nonce: 16 random bytes, base64url (22 characters). */
char *lk_new_nonce(void);

/*
 * The primitives, one backend per platform: OpenSSL 3 (crypto_openssl.c), or
 * CNG plus Monocypher on Windows (crypto_windows.c). Keys are raw bytes.
 */
bool lk_random(unsigned char *out, size_t length);
void lk_cleanse(void *bytes, size_t length);
bool lk_sha256(const unsigned char *data, size_t length, unsigned char out[32]);
typedef struct lk_sha256_context lk_sha256_context;
lk_sha256_context *lk_sha256_new(void);
bool lk_sha256_update(lk_sha256_context *context, const unsigned char *data, size_t length);
bool lk_sha256_final(lk_sha256_context *context, unsigned char out[32]);
void lk_sha256_free(lk_sha256_context *context);
bool lk_hmac_sha256(const unsigned char *key, size_t key_length, const unsigned char *data, size_t length,
                    unsigned char out[32]);
bool lk_ed25519_verify(const unsigned char public_key[32], const unsigned char *message, size_t length,
                       const unsigned char signature[64]);
/* A fresh X25519 pair for one download. */
bool lk_x25519_generate(unsigned char private_key[32], unsigned char public_key[32]);
bool lk_x25519_public(const unsigned char private_key[32], unsigned char public_key[32]);
bool lk_x25519_shared(const unsigned char private_key[32], const unsigned char server_public[32],
                      unsigned char shared[32]);
bool lk_hkdf_sha256(const unsigned char *secret, size_t secret_length, const unsigned char *salt, size_t salt_length,
                    const unsigned char *info, size_t info_length, unsigned char key[32]);
/* AES-256-GCM with a 16-byte tag after the ciphertext; `plain` has room for length - 16 bytes. */
typedef struct lk_aead lk_aead;
lk_aead *lk_aead_new(const unsigned char key[32]);
bool lk_aead_open(lk_aead *aead, const unsigned char nonce[12], const unsigned char *aad, size_t aad_length,
                  const unsigned char *sealed, size_t length, unsigned char *plain);
/* The other direction (the tests seal records with it): `sealed` gets length + 16 bytes. */
bool lk_aead_seal(lk_aead *aead, const unsigned char nonce[12], const unsigned char *aad, size_t aad_length,
                  const unsigned char *plain, size_t length, unsigned char *sealed);
void lk_aead_free(lk_aead *aead);

/* The app's keyId: the first 16 hex characters of SHA-256 of the raw public key. */
void lk_key_id(const unsigned char public_key[32], char out[17]);
/* The raw 32 bytes of a base64 key; false when it is not exactly that. */
bool lk_raw_key(const char *base64, unsigned char out[32]);

/* key = HKDF-SHA256(X25519(private, server public), salt, "latchkey-file-v1:" + fileId, 32). */
bool lk_derive_file_key(const unsigned char client_private[32], const unsigned char server_public[32],
                        const unsigned char *salt, size_t salt_length, const char *file_id, unsigned char key[32]);

/*
 * Decrypts the record stream of an end-to-end encrypted download, passing
 * each record's plaintext to `sink` only after its tag verified.
 */
typedef lk_error (*lk_sink)(void *context, const unsigned char *bytes, size_t length, lk_error_info *error);
typedef struct lk_decipher lk_decipher;
lk_decipher *lk_decipher_new(const unsigned char key[32], size_t record_size, lk_sink sink, void *sink_context);
/* LK_OK, LK_ERR_FILE_INTEGRITY (a record failed to authenticate), or the sink's error. */
lk_error lk_decipher_update(lk_decipher *decipher, const unsigned char *bytes, size_t length, lk_error_info *error);
lk_error lk_decipher_final(lk_decipher *decipher, lk_error_info *error);
void lk_decipher_free(lk_decipher *decipher);

/* What check_answer accepted: the parsed envelope (without its nonce check repeated) and whether it was signed. */
typedef struct lk_answer {
  int status;
  cJSON *body; /* the envelope: success, message, data */
  bool verified;
} lk_answer;

/*
 * Checks one answer of POST /v1 in the protocol's order: signature headers
 * and signature over timestamp || body, envelope shape, timestamp within
 * max_skew of now, nonce echoed. An unsigned answer is accepted with
 * verified = false (callers that need trust refuse it).
 */
lk_error lk_check_answer(int status, const char *timestamp, const char *signature, const char *body, size_t length,
                         const char *nonce, const unsigned char public_key[32], long max_skew, int64_t now, lk_answer *out,
                         lk_error_info *error);

lk_error lk_verify_ticket_at(const char *ticket, const unsigned char public_key[32], const char *app_id,
                             const char *hwid, int64_t now, lk_ticket_claims **out, lk_error_info *error);

/*
 * Where a download's verified plaintext goes: `write` gets each piece as it
 * streams; `commit` (may be NULL) runs once everything is verified and
 * `abandon` (may be NULL) when it is not.
 */
typedef struct lk_destination {
  lk_error (*write)(void *context, const unsigned char *bytes, size_t length, lk_error_info *error);
  lk_error (*commit)(void *context, lk_error_info *error);
  void (*abandon)(void *context);
  void *context;
} lk_destination;

/*
 * Fetches the single-use link of a signed `file` answer (`data`) into
 * `destination`. client_private: the download's X25519 private key and
 * client_public_key its public half in base64, or both NULL for a plain download.
 */
lk_error lk_download(const cJSON *data, const char *file_id, const unsigned char *client_private,
                     const char *client_public_key, const lk_destination *destination, long timeout_ms,
                     lk_file_info **out, lk_error_info *error);

/* Files named by UTF-8 paths (wide-character calls on Windows). */
void *lk_open_file(const char *path); /* a FILE * opened "wb", or NULL */
bool lk_replace_file(const char *from, const char *to);
void lk_remove_file(const char *path);

/*
 * HTTP, one backend per platform: libcurl (http_curl.c) or WinHTTP
 * (http_winhttp.c). A failure to get an answer is LK_ERR_NETWORK.
 */
lk_error lk_http_global_init(void);
void lk_http_global_cleanup(void);
typedef struct lk_http lk_http; /* keeps its connection alive between requests */
lk_http *lk_http_new(void);
void lk_http_free(lk_http *http);
typedef struct lk_http_reply {
  int status;
  char *body; /* NUL-terminated */
  size_t length;
  char *timestamp; /* X-Signature-Timestamp, or NULL */
  char *signature; /* X-Signature-Ed25519, or NULL */
} lk_http_reply;
/* POSTs a JSON body; an answer longer than max_bytes is a network error. */
lk_error lk_http_post(lk_http *http, const char *url, const char *body, long timeout_ms, size_t max_bytes,
                      lk_http_reply *out, lk_error_info *error);
void lk_http_reply_clear(lk_http_reply *reply);
/*
 * GETs `url`, streaming: `head` once with the status and X-Content-Encryption
 * (or NULL), then `body` for each piece. A callback's error ends the transfer
 * and is returned. A transfer that stalls for timeout_ms is a network error.
 */
typedef struct lk_http_stream {
  lk_error (*head)(void *context, int status, const char *encryption, lk_error_info *error);
  lk_error (*body)(void *context, const unsigned char *bytes, size_t length, lk_error_info *error);
  void *context;
} lk_http_stream;
lk_error lk_http_get(const char *url, long timeout_ms, const lk_http_stream *stream, lk_error_info *error);

/* hex(HMAC-SHA256(salt, lowercase(trim(raw)))). */
lk_error lk_machine_id_of(const char *raw, const char *salt, char **out, lk_error_info *error);

/* cJSON helpers: a string member or NULL; a copy of it (NULL stays NULL). */
const char *lk_json_string(const cJSON *object, const char *name);
bool lk_json_integer(const cJSON *object, const char *name, int64_t *out);

#endif
