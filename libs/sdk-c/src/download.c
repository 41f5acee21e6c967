/* Downloads of `file` answers: checked, decrypted as they stream, digest-checked, then renamed into place. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>
#include <openssl/rand.h>

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
  CURL *curl;
  bool encrypted;
  bool started;
  long status;
  char *refusal; /* the body of a non-200 answer, for its message */
  size_t refusal_length;
  lk_decipher *decipher;
  EVP_MD_CTX *digest;
  uint64_t bytes;
  uint64_t size;
  FILE *file;
  lk_error code;
  lk_error_info *error;
} transfer;

/* Plaintext on its way to the file: counted, hashed, written. */
static lk_error write_plain(void *context, const unsigned char *bytes, size_t length, lk_error_info *error) {
  transfer *t = context;
  t->bytes += length;
  if (t->bytes > t->size) return lk_fail(error, LK_ERR_FILE_INTEGRITY, 0, "Download is longer than the signed size");
  if (EVP_DigestUpdate(t->digest, bytes, length) != 1) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "SHA-256 failed");
  if (length > 0 && fwrite(bytes, 1, length, t->file) != length) {
    return lk_fail(error, LK_ERR_IO, 0, "Could not write the download");
  }
  return LK_OK;
}

/* Once the answer's head is in: its status, and the encryption header when encryption was asked for. */
static void start(transfer *t) {
  if (t->started) return;
  t->started = true;
  curl_easy_getinfo(t->curl, CURLINFO_RESPONSE_CODE, &t->status);
  if (t->status != 200 || !t->encrypted) return;
  struct curl_header *header = NULL;
  if (curl_easy_header(t->curl, "X-Content-Encryption", 0, CURLH_HEADER, -1, &header) != CURLHE_OK ||
      strcmp(header->value, LK_FILE_E2E_ALG) != 0) {
    t->code = lk_fail(t->error, LK_ERR_UNEXPECTED_RESPONSE, 200, "Download is not end-to-end encrypted as requested");
  }
}

static size_t receive(char *bytes, size_t size, size_t count, void *context) {
  transfer *t = context;
  size_t length = size * count;
  start(t);
  if (t->code != LK_OK) return 0;
  if (t->status != 200) {
    if (t->refusal_length + length > MAX_REFUSAL_BYTES) return length;
    char *grown = realloc(t->refusal, t->refusal_length + length + 1);
    if (!grown) return 0;
    t->refusal = grown;
    memcpy(t->refusal + t->refusal_length, bytes, length);
    t->refusal_length += length;
    t->refusal[t->refusal_length] = '\0';
    return length;
  }
  t->code = t->decipher ? lk_decipher_update(t->decipher, (const unsigned char *)bytes, length, t->error)
                        : write_plain(t, (const unsigned char *)bytes, length, t->error);
  return t->code == LK_OK ? length : 0;
}

static lk_error refused(transfer *t) {
  cJSON *json = t->refusal ? cJSON_ParseWithLength(t->refusal, t->refusal_length) : NULL;
  const char *message = lk_json_string(json, "message");
  lk_error code = message ? lk_fail(t->error, lk_code_for_answer((int)t->status, message), (int)t->status, "%s", message)
                          : lk_fail(t->error, lk_code_for_answer((int)t->status, ""), (int)t->status,
                                    "Download failed with HTTP %ld", t->status);
  cJSON_Delete(json);
  return code;
}

/* Runs the GET into `t` and checks everything; LK_OK when the file at t->file is the signed one. */
static lk_error run_transfer(transfer *t, const char *url, long timeout_ms, const char *sha256) {
  curl_easy_setopt(t->curl, CURLOPT_URL, url);
  curl_easy_setopt(t->curl, CURLOPT_WRITEFUNCTION, receive);
  curl_easy_setopt(t->curl, CURLOPT_WRITEDATA, t);
  curl_easy_setopt(t->curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(t->curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  /* A download may take long; one that stalls (under 1 byte/s) for the timeout is abandoned. */
  curl_easy_setopt(t->curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(t->curl, CURLOPT_LOW_SPEED_TIME, timeout_ms >= 1000 ? timeout_ms / 1000 : 1L);
  CURLcode result = curl_easy_perform(t->curl);
  if (t->code != LK_OK) return t->code;
  if (result != CURLE_OK) {
    return lk_fail(t->error, LK_ERR_NETWORK, 0, "Download failed: %s", curl_easy_strerror(result));
  }
  start(t);
  if (t->code != LK_OK) return t->code;
  if (t->status != 200) return refused(t);
  if (t->decipher) {
    lk_error code = lk_decipher_final(t->decipher, t->error);
    if (code != LK_OK) return code;
  }
  unsigned char digest[32];
  unsigned int digest_length = 0;
  if (EVP_DigestFinal_ex(t->digest, digest, &digest_length) != 1) {
    return lk_fail(t->error, LK_ERR_OUT_OF_MEMORY, 0, "SHA-256 failed");
  }
  char *hex = lk_hex(digest, sizeof digest);
  bool matches = hex && t->bytes == t->size && strcmp(hex, sha256) == 0;
  free(hex);
  if (!matches) {
    return lk_fail(t->error, LK_ERR_FILE_INTEGRITY, 0, "Downloaded file does not match the signed size and SHA-256");
  }
  return LK_OK;
}

static char *partial_path(const char *path) {
  unsigned char random[6];
  if (RAND_bytes(random, sizeof random) != 1) return NULL;
  char *suffix = lk_hex(random, sizeof random);
  size_t length = strlen(path) + 1 + 12 + 5 + 1;
  char *partial = suffix ? malloc(length) : NULL;
  if (partial) snprintf(partial, length, "%s.%s.part", path, suffix);
  free(suffix);
  return partial;
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

lk_error lk_download(const cJSON *data, const char *file_id, EVP_PKEY *key_pair, const char *client_public_key,
                     const char *path, long timeout_ms, lk_file_info **out, lk_error_info *error) {
  const char *problem = file_answer_problem(data, file_id, client_public_key);
  if (problem) return lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, 200, "The file answer %s", problem);
  transfer t = {.encrypted = key_pair != NULL, .error = error, .code = LK_OK};
  int64_t size = 0;
  lk_json_integer(data, "size", &size);
  t.size = (uint64_t)size;
  if (key_pair) {
    const cJSON *encryption = cJSON_GetObjectItemCaseSensitive(data, "encryption");
    unsigned char server_public[32];
    unsigned char key[32];
    size_t salt_length = 0;
    unsigned char *salt = lk_base64_decode(lk_json_string(encryption, "salt"), &salt_length);
    int64_t record_size = 0;
    lk_json_integer(encryption, "recordSize", &record_size);
    bool derived = salt && lk_raw_key(lk_json_string(encryption, "serverPublicKey"), server_public) &&
                   lk_derive_file_key(key_pair, server_public, salt, salt_length, lk_json_string(data, "fileId"), key);
    free(salt);
    if (!derived) return lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, 200, "Could not derive the download's key");
    t.decipher = lk_decipher_new(key, (size_t)record_size, write_plain, &t);
    OPENSSL_cleanse(key, sizeof key);
  }
  char *partial = partial_path(path);
  t.curl = curl_easy_init();
  t.digest = EVP_MD_CTX_new();
  lk_error code = LK_OK;
  if (!partial || !t.curl || !t.digest || (key_pair && !t.decipher) ||
      EVP_DigestInit_ex(t.digest, EVP_sha256(), NULL) != 1) {
    code = lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  } else if (!(t.file = fopen(partial, "wb"))) {
    code = lk_fail(error, LK_ERR_IO, 0, "Could not create %s", partial);
  } else {
    code = run_transfer(&t, lk_json_string(data, "url"), timeout_ms, lk_json_string(data, "sha256"));
    if (fclose(t.file) != 0 && code == LK_OK) code = lk_fail(error, LK_ERR_IO, 0, "Could not write %s", partial);
#ifdef _WIN32
    if (code == LK_OK) remove(path);
#endif
    /* Only a verified file gets the destination's name. */
    if (code == LK_OK && rename(partial, path) != 0) code = lk_fail(error, LK_ERR_IO, 0, "Could not rename to %s", path);
    if (code != LK_OK) remove(partial);
  }
  if (code == LK_OK && out) {
    *out = file_info(data, key_pair != NULL);
    if (!*out) code = lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  free(partial);
  free(t.refusal);
  curl_easy_cleanup(t.curl);
  EVP_MD_CTX_free(t.digest);
  lk_decipher_free(t.decipher);
  return code;
}
