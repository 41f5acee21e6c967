/* Downloads of `file` answers: checked, decrypted as they stream, digest-checked, then handed over. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define MAX_REFUSAL_BYTES 65536

/* The signed answer must describe the file asked for, with the encryption asked for, to our key. */
static const char *file_answer_problem(const cJSON *data, const char *file_id, const char *client_public_key) {
  const char *answered_id = lk_json_string(data, "fileId");
  if (!answered_id || strcmp(answered_id, file_id) != 0) return "names another file";
  int64_t size = 0;
  if (!lk_json_integer(data, "size", &size) || size < 0) return "has no valid size";
  const char *sha256 = lk_json_string(data, "sha256");
  if (!sha256 || strlen(sha256) != 64 || strspn(sha256, "0123456789abcdef") != 64) return "has no valid sha256";
  const char *url = lk_json_string(data, "url");
  if (!url || (strncmp(url, "http://", 7) != 0 && strncmp(url, "https://", 8) != 0)) return "has no absolute url";
  if (!client_public_key) return NULL;
  const cJSON *encryption = cJSON_GetObjectItemCaseSensitive(data, "encryption");
  if (!cJSON_IsObject(encryption)) return "is not encrypted";
  const char *alg = lk_json_string(encryption, "alg");
  if (!alg || strcmp(alg, LK_FILE_E2E_ALG) != 0) return "uses another encryption";
  const char *echoed = lk_json_string(encryption, "clientPublicKey");
  if (!echoed || strcmp(echoed, client_public_key) != 0) return "is encrypted to another key";
  unsigned char server_public[32];
  if (!lk_raw_key(lk_json_string(encryption, "serverPublicKey"), server_public)) return "has no valid serverPublicKey";
  const char *salt = lk_json_string(encryption, "salt");
  size_t salt_length = 0;
  unsigned char *raw_salt = salt ? lk_base64_decode(salt, &salt_length) : NULL;
  free(raw_salt);
  if (!raw_salt || salt_length != 16) return "has no valid salt";
  int64_t record_size = 0;
  if (!lk_json_integer(encryption, "recordSize", &record_size) || record_size < 1 ||
      record_size > (int64_t)LK_MAX_RECORD_SIZE) {
    return "has no valid recordSize";
  }
  return NULL;
}

typedef struct transfer {
  bool encrypted;
  int status;
  char *refusal; /* the body of a non-200 answer, for its message */
  size_t refusal_length;
  lk_decipher *decipher;
  lk_sha256_context *digest;
  uint64_t bytes;
  uint64_t size;
  const lk_destination *destination;
} transfer;

/* Plaintext on its way to the destination: counted, hashed, written. */
static lk_error write_plain(void *context, const unsigned char *bytes, size_t length, lk_error_info *error) {
  transfer *t = context;
  t->bytes += length;
  if (t->bytes > t->size) return lk_fail(error, LK_ERR_FILE_INTEGRITY, 0, "Download is longer than the signed size");
  if (!lk_sha256_update(t->digest, bytes, length)) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "SHA-256 failed");
  return length > 0 ? t->destination->write(t->destination->context, bytes, length, error) : LK_OK;
}

/* The answer's head: its status, and the encryption header when encryption was asked for. */
static lk_error on_head(void *context, int status, const char *encryption, lk_error_info *error) {
  transfer *t = context;
  t->status = status;
  if (status == 200 && t->encrypted && (!encryption || strcmp(encryption, LK_FILE_E2E_ALG) != 0)) {
    return lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, 200, "Download is not end-to-end encrypted as requested");
  }
  return LK_OK;
}

static lk_error on_body(void *context, const unsigned char *bytes, size_t length, lk_error_info *error) {
  transfer *t = context;
  if (t->status != 200) {
    if (t->refusal_length + length > MAX_REFUSAL_BYTES) return LK_OK;
    char *grown = realloc(t->refusal, t->refusal_length + length + 1);
    if (!grown) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
    t->refusal = grown;
    memcpy(t->refusal + t->refusal_length, bytes, length);
    t->refusal_length += length;
    t->refusal[t->refusal_length] = '\0';
    return LK_OK;
  }
  return t->decipher ? lk_decipher_update(t->decipher, bytes, length, error) : write_plain(t, bytes, length, error);
}

static lk_error refused(transfer *t, lk_error_info *error) {
  cJSON *json = t->refusal ? cJSON_ParseWithLength(t->refusal, t->refusal_length) : NULL;
  const char *message = lk_json_string(json, "message");
  lk_error code = message ? lk_fail(error, lk_code_for_answer(t->status, message), t->status, "%s", message)
                          : lk_fail(error, lk_code_for_answer(t->status, ""), t->status, "Download failed with HTTP %d",
                                    t->status);
  cJSON_Delete(json);
  return code;
}

/* Runs the GET into `t` and checks everything; LK_OK when what was written is the signed file. */
static lk_error run_transfer(transfer *t, const char *url, long timeout_ms, const char *sha256, lk_error_info *error) {
  lk_http_stream stream = {on_head, on_body, t};
  lk_error code = lk_http_get(url, timeout_ms, &stream, error);
  if (code != LK_OK) return code;
  if (t->status != 200) return refused(t, error);
  if (t->decipher) {
    code = lk_decipher_final(t->decipher, error);
    if (code != LK_OK) return code;
  }
  unsigned char digest[32];
  if (!lk_sha256_final(t->digest, digest)) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "SHA-256 failed");
  char *hex = lk_hex(digest, sizeof digest);
  bool matches = hex && t->bytes == t->size && strcmp(hex, sha256) == 0;
  free(hex);
  if (!matches) {
    return lk_fail(error, LK_ERR_FILE_INTEGRITY, 0, "Downloaded file does not match the signed size and SHA-256");
  }
  return LK_OK;
}

static lk_file_info *file_info(const cJSON *data, bool encrypted) {
  lk_file_info *info = calloc(1, sizeof *info);
  if (!info) return NULL;
  int64_t size = 0;
  lk_json_integer(data, "size", &size);
  info->size = (uint64_t)size;
  info->file_id = lk_strdup(lk_json_string(data, "fileId"));
  info->name = lk_strdup(lk_json_string(data, "name"));
  info->sha256 = lk_strdup(lk_json_string(data, "sha256"));
  info->encrypted = encrypted;
  if (!info->file_id || !info->sha256 || (lk_json_string(data, "name") && !info->name)) {
    lk_file_info_free(info);
    return NULL;
  }
  return info;
}

void lk_file_info_free(lk_file_info *info) {
  if (!info) return;
  free(info->file_id);
  free(info->name);
  free(info->sha256);
  free(info);
}

/* The decipher of an encrypted answer, keyed by X25519 with the server's key and HKDF; NULL on failure. */
static lk_decipher *decipher_for(const cJSON *data, const unsigned char *client_private, transfer *t) {
  const cJSON *encryption = cJSON_GetObjectItemCaseSensitive(data, "encryption");
  unsigned char server_public[32];
  unsigned char key[32];
  size_t salt_length = 0;
  unsigned char *salt = lk_base64_decode(lk_json_string(encryption, "salt"), &salt_length);
  int64_t record_size = 0;
  lk_json_integer(encryption, "recordSize", &record_size);
  bool derived = salt && lk_raw_key(lk_json_string(encryption, "serverPublicKey"), server_public) &&
                 lk_derive_file_key(client_private, server_public, salt, salt_length, lk_json_string(data, "fileId"),
                                    key);
  free(salt);
  lk_decipher *decipher = derived ? lk_decipher_new(key, (size_t)record_size, write_plain, t) : NULL;
  lk_cleanse(key, sizeof key);
  return decipher;
}

lk_error lk_download(const cJSON *data, const char *file_id, const unsigned char *client_private,
                     const char *client_public_key, const lk_destination *destination, long timeout_ms,
                     lk_file_info **out, lk_error_info *error) {
  const char *problem = file_answer_problem(data, file_id, client_public_key);
  transfer t = {.encrypted = client_private != NULL, .destination = destination};
  int64_t size = 0;
  lk_json_integer(data, "size", &size);
  t.size = (uint64_t)size;
  lk_error code = LK_OK;
  if (problem) {
    code = lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, 200, "The file answer %s", problem);
  } else if (client_private && !(t.decipher = decipher_for(data, client_private, &t))) {
    code = lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, 200, "Could not derive the download's key");
  } else if (!(t.digest = lk_sha256_new())) {
    code = lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  } else {
    code = run_transfer(&t, lk_json_string(data, "url"), timeout_ms, lk_json_string(data, "sha256"), error);
  }
  /* Only verified bytes are committed. */
  if (code == LK_OK && destination->commit) code = destination->commit(destination->context, error);
  if (code != LK_OK && destination->abandon) destination->abandon(destination->context);
  if (code == LK_OK && out) {
    *out = file_info(data, client_private != NULL);
    if (!*out) code = lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  free(t.refusal);
  lk_sha256_free(t.digest);
  lk_decipher_free(t.decipher);
  return code;
}
