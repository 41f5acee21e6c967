/* The protocol's primitives over OpenSSL 3: Ed25519, X25519, HKDF-SHA256, AES-256-GCM records, SHA-256. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/kdf.h>
#include <openssl/rand.h>

#include "internal.h"

#define KEY_INFO_PREFIX "latchkey-file-v1:"

char *lk_new_nonce(void) {
  unsigned char bytes[16];
  if (RAND_bytes(bytes, sizeof bytes) != 1) return NULL;
  return lk_base64url_encode(bytes, sizeof bytes);
}

bool lk_sha256(const unsigned char *data, size_t length, unsigned char out[32]) {
  return EVP_Digest(data, length, out, NULL, EVP_sha256(), NULL) == 1;
}

void lk_key_id(const unsigned char public_key[32], char out[17]) {
  unsigned char digest[32];
  lk_sha256(public_key, 32, digest);
  char *hex = lk_hex(digest, 8);
  if (hex) memcpy(out, hex, 17);
  else out[0] = '\0';
  free(hex);
}

bool lk_raw_key(const char *base64, unsigned char out[32]) {
  size_t length = 0;
  unsigned char *raw = base64 ? lk_base64_decode(base64, &length) : NULL;
  bool ok = raw && length == 32;
  if (ok) memcpy(out, raw, 32);
  free(raw);
  return ok;
}

EVP_PKEY *lk_ed25519_public_key(const unsigned char raw[32]) {
  return EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, raw, 32);
}

bool lk_ed25519_verify(EVP_PKEY *key, const unsigned char *message, size_t length, const unsigned char signature[64]) {
  EVP_MD_CTX *context = EVP_MD_CTX_new();
  if (!context) return false;
  bool ok = EVP_DigestVerifyInit(context, NULL, NULL, NULL, key) == 1 &&
            EVP_DigestVerify(context, signature, 64, message, length) == 1;
  EVP_MD_CTX_free(context);
  return ok;
}

EVP_PKEY *lk_x25519_generate(unsigned char public_key[32]) {
  EVP_PKEY *key = EVP_PKEY_Q_keygen(NULL, NULL, "X25519");
  size_t length = 32;
  if (key && (EVP_PKEY_get_raw_public_key(key, public_key, &length) != 1 || length != 32)) {
    EVP_PKEY_free(key);
    return NULL;
  }
  return key;
}

EVP_PKEY *lk_x25519_private_key(const unsigned char raw[32]) {
  return EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, raw, 32);
}

bool lk_x25519_shared(EVP_PKEY *client_private, const unsigned char server_public[32], unsigned char shared[32]) {
  EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, server_public, 32);
  EVP_PKEY_CTX *context = peer ? EVP_PKEY_CTX_new(client_private, NULL) : NULL;
  size_t length = 32;
  bool ok = context && EVP_PKEY_derive_init(context) == 1 && EVP_PKEY_derive_set_peer(context, peer) == 1 &&
            EVP_PKEY_derive(context, shared, &length) == 1 && length == 32;
  EVP_PKEY_CTX_free(context);
  EVP_PKEY_free(peer);
  return ok;
}

bool lk_derive_file_key(EVP_PKEY *client_private, const unsigned char server_public[32], const unsigned char *salt,
                        size_t salt_length, const char *file_id, unsigned char key[32]) {
  unsigned char shared[32];
  if (!lk_x25519_shared(client_private, server_public, shared)) return false;
  size_t info_length = strlen(KEY_INFO_PREFIX) + strlen(file_id);
  char *info = malloc(info_length + 1);
  EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
  EVP_KDF_CTX *context = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
  bool ok = false;
  if (info && context) {
    snprintf(info, info_length + 1, "%s%s", KEY_INFO_PREFIX, file_id);
    OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, "SHA256", 0),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, shared, sizeof shared),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)salt, salt_length),
        OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, info, info_length),
        OSSL_PARAM_construct_end(),
    };
    ok = EVP_KDF_derive(context, key, 32, params) == 1;
  }
  OPENSSL_cleanse(shared, sizeof shared);
  EVP_KDF_CTX_free(context);
  EVP_KDF_free(kdf);
  free(info);
  return ok;
}

struct lk_decipher {
  unsigned char key[32];
  size_t sealed_record_bytes;
  unsigned char *pending; /* at most one sealed record plus what the last update brought */
  size_t pending_length;
  size_t pending_capacity;
  uint64_t index;
  EVP_CIPHER_CTX *cipher;
  unsigned char *plain;
  lk_sink sink;
  void *sink_context;
};

lk_decipher *lk_decipher_new(const unsigned char key[32], size_t record_size, lk_sink sink, void *sink_context) {
  lk_decipher *decipher = calloc(1, sizeof *decipher);
  if (!decipher) return NULL;
  memcpy(decipher->key, key, 32);
  decipher->sealed_record_bytes = record_size + LK_RECORD_TAG_BYTES;
  decipher->cipher = EVP_CIPHER_CTX_new();
  decipher->plain = malloc(record_size + 1);
  decipher->sink = sink;
  decipher->sink_context = sink_context;
  if (!decipher->cipher || !decipher->plain) {
    lk_decipher_free(decipher);
    return NULL;
  }
  return decipher;
}

void lk_decipher_free(lk_decipher *decipher) {
  if (!decipher) return;
  OPENSSL_cleanse(decipher->key, sizeof decipher->key);
  EVP_CIPHER_CTX_free(decipher->cipher);
  free(decipher->pending);
  free(decipher->plain);
  free(decipher);
}

/* Opens one sealed record (ciphertext || tag) and hands its plaintext to the sink. */
static lk_error open_record(lk_decipher *d, const unsigned char *sealed, size_t length, bool last,
                            lk_error_info *error) {
  unsigned char nonce[12] = {0};
  for (int i = 0; i < 8; i++) nonce[4 + i] = (unsigned char)(d->index >> (56 - 8 * i));
  const unsigned char aad = last ? 1 : 0;
  size_t cipher_length = length - LK_RECORD_TAG_BYTES;
  int written = 0;
  int final_written = 0;
  bool ok = EVP_DecryptInit_ex(d->cipher, EVP_aes_256_gcm(), NULL, d->key, nonce) == 1 &&
            EVP_DecryptUpdate(d->cipher, NULL, &written, &aad, 1) == 1 &&
            EVP_DecryptUpdate(d->cipher, d->plain, &written, sealed, (int)cipher_length) == 1 &&
            EVP_CIPHER_CTX_ctrl(d->cipher, EVP_CTRL_GCM_SET_TAG, LK_RECORD_TAG_BYTES,
                                (void *)(sealed + cipher_length)) == 1 &&
            EVP_DecryptFinal_ex(d->cipher, d->plain + written, &final_written) == 1;
  if (!ok) {
    return lk_fail(error, LK_ERR_FILE_INTEGRITY, 0, "Encrypted download record %llu failed to authenticate",
                   (unsigned long long)d->index);
  }
  d->index++;
  return d->sink(d->sink_context, d->plain, (size_t)(written + final_written), error);
}

lk_error lk_decipher_update(lk_decipher *d, const unsigned char *bytes, size_t length, lk_error_info *error) {
  if (d->pending_length + length > d->pending_capacity) {
    size_t capacity = d->pending_length + length;
    unsigned char *grown = realloc(d->pending, capacity);
    if (!grown) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory while decrypting");
    d->pending = grown;
    d->pending_capacity = capacity;
  }
  memcpy(d->pending + d->pending_length, bytes, length);
  d->pending_length += length;
  /* Strictly more than one sealed record buffered: the first one is not the last. */
  size_t offset = 0;
  while (d->pending_length - offset > d->sealed_record_bytes) {
    lk_error code = open_record(d, d->pending + offset, d->sealed_record_bytes, false, error);
    if (code != LK_OK) return code;
    offset += d->sealed_record_bytes;
  }
  if (offset > 0) {
    memmove(d->pending, d->pending + offset, d->pending_length - offset);
    d->pending_length -= offset;
  }
  return LK_OK;
}

lk_error lk_decipher_final(lk_decipher *d, lk_error_info *error) {
  if (d->pending_length < LK_RECORD_TAG_BYTES) {
    return lk_fail(error, LK_ERR_FILE_INTEGRITY, 0, "Encrypted download is truncated");
  }
  return open_record(d, d->pending, d->pending_length, true, error);
}
