/* The protocol's test vectors (libs/sdk/test/vectors.json, shared with the TypeScript and Python SDKs). */
#include <stdlib.h>
#include <string.h>

#include "../src/internal.h"
#include "check.h"

static cJSON *vectors;

static cJSON *at(const char *path) {
  /* "a.b.c": members by name. */
  char copy[128];
  snprintf(copy, sizeof copy, "%s", path);
  cJSON *node = vectors;
  for (char *name = strtok(copy, "."); name && node; name = strtok(NULL, ".")) {
    node = cJSON_GetObjectItemCaseSensitive(node, name);
  }
  return node;
}

static const char *text(const char *path) {
  cJSON *node = at(path);
  return cJSON_IsString(node) ? node->valuestring : "";
}

static int64_t number(const char *path) { return (int64_t)cJSON_GetNumberValue(at(path)); }

/* The vectors' raw Ed25519 public key in `raw` (zeros when it is missing). */
static const unsigned char *signing_public_key(unsigned char raw[32]) {
  if (!lk_raw_key(text("signing.publicKey"), raw)) memset(raw, 0, 32);
  return raw;
}

/* The request nonce inside the vectors' request body. */
static char *request_nonce(void) {
  cJSON *request = cJSON_Parse(text("request.body"));
  char *nonce = lk_strdup(lk_json_string(request, "nonce"));
  cJSON_Delete(request);
  return nonce;
}

static lk_error check_vector_answer(const char *which, const char *body, const char *nonce, int64_t now,
                                    lk_answer *answer) {
  char path[64];
  snprintf(path, sizeof path, "%s.headers.X-Signature-Timestamp", which);
  const char *timestamp = text(path);
  snprintf(path, sizeof path, "%s.headers.X-Signature-Ed25519", which);
  const char *signature = text(path);
  snprintf(path, sizeof path, "%s.status", which);
  unsigned char raw[32];
  const unsigned char *key = signing_public_key(raw);
  lk_error_info error = {0};
  lk_error code = lk_check_answer((int)number(path), timestamp, signature, body, strlen(body), nonce, key, 30, now,
                                  answer, &error);
  return code;
}

static int signed_answer_verifies(void) {
  char *nonce = request_nonce();
  lk_answer answer = {0};
  CHECK_CODE(check_vector_answer("answer", text("answer.body"), nonce, number("ticket.validAt"), &answer), LK_OK);
  CHECK(answer.verified);
  CHECK(cJSON_IsTrue(cJSON_GetObjectItem(answer.body, "success")));
  CHECK_STR(lk_json_string(answer.body, "message"), "App initialized");
  CHECK_STR(lk_json_string(cJSON_GetObjectItem(answer.body, "data"), "name"), "Vector App");
  CHECK(cJSON_GetObjectItem(answer.body, "nonce") == NULL);
  cJSON_Delete(answer.body);
  free(nonce);
  return 0;
}

static int signed_refusal_verifies_and_maps(void) {
  lk_answer answer = {0};
  CHECK_CODE(check_vector_answer("refusal", text("refusal.body"), text("refusal.requestNonce"),
                                 number("ticket.validAt"), &answer),
             LK_OK);
  CHECK(answer.verified && answer.status == 401);
  CHECK(cJSON_IsFalse(cJSON_GetObjectItem(answer.body, "success")));
  const char *message = lk_json_string(answer.body, "message");
  CHECK_STR(message, "Invalid or expired session");
  CHECK_CODE(lk_code_for_answer(401, message), LK_ERR_INVALID_SESSION);
  cJSON_Delete(answer.body);
  return 0;
}

static int tampered_answer_is_refused(void) {
  char *nonce = request_nonce();
  char *body = lk_strdup(text("answer.body"));
  char *version = strstr(body, "1.2.3");
  version[0] = '9';
  lk_answer answer = {0};
  CHECK_CODE(check_vector_answer("answer", body, nonce, number("ticket.validAt"), &answer), LK_ERR_SIGNATURE_INVALID);
  free(body);
  free(nonce);
  return 0;
}

static int malformed_signature_headers_are_refused(void) {
  unsigned char raw[32];
  const unsigned char *key = signing_public_key(raw);
  const char *body = text("answer.body");
  const char *signature = text("answer.headers.X-Signature-Ed25519");
  int64_t now = number("ticket.validAt");
  lk_answer answer = {0};
  CHECK_CODE(lk_check_answer(200, NULL, signature, body, strlen(body), "x", key, 30, now, &answer, NULL),
             LK_ERR_SIGNATURE_INVALID);
  CHECK_CODE(lk_check_answer(200, "1795300000", NULL, body, strlen(body), "x", key, 30, now, &answer, NULL),
             LK_ERR_SIGNATURE_INVALID);
  CHECK_CODE(lk_check_answer(200, "17953e0000", signature, body, strlen(body), "x", key, 30, now, &answer, NULL),
             LK_ERR_SIGNATURE_INVALID);
  CHECK_CODE(lk_check_answer(200, "1795300000", "abcd", body, strlen(body), "x", key, 30, now, &answer, NULL),
             LK_ERR_SIGNATURE_INVALID);
  return 0;
}

static int timestamp_window_is_enforced(void) {
  char *nonce = request_nonce();
  int64_t signed_at = number("ticket.validAt");
  lk_answer answer = {0};
  CHECK_CODE(check_vector_answer("answer", text("answer.body"), nonce, signed_at + 30, &answer), LK_OK);
  cJSON_Delete(answer.body);
  CHECK_CODE(check_vector_answer("answer", text("answer.body"), nonce, signed_at - 30, &answer), LK_OK);
  cJSON_Delete(answer.body);
  CHECK_CODE(check_vector_answer("answer", text("answer.body"), nonce, signed_at + 31, &answer),
             LK_ERR_STALE_RESPONSE);
  CHECK_CODE(check_vector_answer("answer", text("answer.body"), nonce, signed_at - 31, &answer),
             LK_ERR_STALE_RESPONSE);
  free(nonce);
  return 0;
}

static int another_nonce_is_a_replay(void) {
  lk_answer answer = {0};
  CHECK_CODE(check_vector_answer("answer", text("answer.body"), "AnotherNonce12345678", number("ticket.validAt"),
                                 &answer),
             LK_ERR_NONCE_MISMATCH);
  return 0;
}

static int public_key_and_key_id(void) {
  unsigned char raw[32];
  CHECK(lk_raw_key(text("signing.publicKey"), raw));
  char *hex = lk_hex(raw, 32);
  CHECK_STR(hex, text("signing.publicKeyHex"));
  free(hex);
  char key_id[17];
  lk_key_id(raw, key_id);
  CHECK_STR(key_id, text("signing.keyId"));
  CHECK(!lk_raw_key("11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHUR=", raw));
  CHECK(!lk_raw_key("AAEC", raw));
  return 0;
}

static int verify_ticket(const char *ticket, const char *app_id, const char *hwid, int64_t now,
                         lk_ticket_claims **claims) {
  unsigned char raw[32];
  lk_raw_key(text("signing.publicKey"), raw);
  return (int)lk_verify_ticket_at(ticket, raw, app_id, hwid, now, claims, NULL);
}

static int ticket_verifies(void) {
  lk_ticket_claims *claims = NULL;
  CHECK_CODE(verify_ticket(text("ticket.compact"), text("ticket.claims.iss"), NULL, number("ticket.validAt"), &claims),
             LK_OK);
  CHECK_STR(claims->iss, text("ticket.claims.iss"));
  CHECK_STR(claims->sub, text("ticket.claims.sub"));
  CHECK_STR(claims->sid, text("ticket.claims.sid"));
  CHECK_STR(claims->hwid, text("ticket.claims.hwid"));
  CHECK(claims->level == number("ticket.claims.lvl"));
  CHECK(claims->iat == number("ticket.claims.iat") && claims->exp == number("ticket.claims.exp"));
  lk_ticket_claims_free(claims);
  CHECK_CODE(verify_ticket(text("ticket.compact"), text("ticket.claims.iss"), text("ticket.claims.hwid"),
                           number("ticket.expiredAt") - 1, NULL),
             LK_OK);
  return 0;
}

static int ticket_expires(void) {
  CHECK_CODE(verify_ticket(text("ticket.compact"), text("ticket.claims.iss"), NULL, number("ticket.expiredAt"), NULL),
             LK_ERR_TICKET_EXPIRED);
  return 0;
}

static int ticket_forgeries_are_refused(void) {
  const char *ticket = text("ticket.compact");
  const char *app_id = text("ticket.claims.iss");
  int64_t now = number("ticket.validAt");
  CHECK_CODE(verify_ticket(ticket, "another-app", NULL, now, NULL), LK_ERR_TICKET_INVALID);
  CHECK_CODE(verify_ticket(ticket, app_id, "another-machine", now, NULL), LK_ERR_TICKET_INVALID);
  CHECK_CODE(verify_ticket("a.b", app_id, NULL, now, NULL), LK_ERR_TICKET_INVALID);
  CHECK_CODE(verify_ticket("", app_id, NULL, now, NULL), LK_ERR_TICKET_INVALID);
  char *forged = lk_strdup(ticket);
  /* A changed claim: the signature no longer covers it. */
  char *claims = strchr(forged, '.') + 1;
  claims[10] = claims[10] == 'A' ? 'B' : 'A';
  CHECK_CODE(verify_ticket(forged, app_id, NULL, now, NULL), LK_ERR_TICKET_INVALID);
  free(forged);
  forged = lk_strdup(ticket);
  char *signature = strrchr(forged, '.') + 1;
  signature[5] = signature[5] == 'A' ? 'B' : 'A';
  CHECK_CODE(verify_ticket(forged, app_id, NULL, now, NULL), LK_ERR_TICKET_INVALID);
  free(forged);
  return 0;
}

static int file_key_derivation(void) {
  unsigned char client[32];
  CHECK(lk_unhex(text("file.clientPrivateKey"), client, 32));
  unsigned char client_public[32];
  CHECK(lk_x25519_public(client, client_public));
  char *client_public_base64 = lk_base64_encode(client_public, 32);
  CHECK_STR(client_public_base64, text("file.encryption.clientPublicKey"));
  free(client_public_base64);
  unsigned char server_public[32];
  CHECK(lk_raw_key(text("file.encryption.serverPublicKey"), server_public));
  unsigned char shared[32];
  CHECK(lk_x25519_shared(client, server_public, shared));
  char *hex = lk_hex(shared, 32);
  CHECK_STR(hex, text("file.sharedSecret"));
  free(hex);
  size_t salt_length = 0;
  unsigned char *salt = lk_base64_decode(text("file.encryption.salt"), &salt_length);
  unsigned char key[32];
  CHECK(lk_derive_file_key(client, server_public, salt, salt_length, text("file.fileId"), key));
  hex = lk_hex(key, 32);
  CHECK_STR(hex, text("file.key"));
  free(hex);
  free(salt);
  return 0;
}

typedef struct collected {
  unsigned char *bytes;
  size_t length;
} collected;

static lk_error collect(void *context, const unsigned char *bytes, size_t length, lk_error_info *error) {
  (void)error;
  collected *c = context;
  unsigned char *grown = realloc(c->bytes, c->length + length + 1);
  if (!grown) return LK_ERR_OUT_OF_MEMORY;
  c->bytes = grown;
  memcpy(c->bytes + c->length, bytes, length);
  c->length += length;
  return LK_OK;
}

/* Decrypts `stream` fed in chunks of `chunk` bytes; the plaintext in `out`. */
static lk_error decrypt(const unsigned char *stream, size_t length, size_t chunk, collected *out) {
  unsigned char key[32];
  lk_unhex(text("file.key"), key, 32);
  lk_decipher *decipher = lk_decipher_new(key, (size_t)number("file.encryption.recordSize"), collect, out);
  lk_error code = LK_OK;
  for (size_t offset = 0; code == LK_OK && offset < length; offset += chunk) {
    code = lk_decipher_update(decipher, stream + offset, length - offset < chunk ? length - offset : chunk, NULL);
  }
  if (code == LK_OK) code = lk_decipher_final(decipher, NULL);
  lk_decipher_free(decipher);
  return code;
}

static char *sha256_hex(const unsigned char *bytes, size_t length) {
  unsigned char digest[32];
  lk_sha256(bytes, length, digest);
  return lk_hex(digest, 32);
}

static int file_one_record(void) {
  const char *stream_hex = text("file.short.stream");
  size_t length = strlen(stream_hex) / 2;
  unsigned char *stream = malloc(length);
  CHECK(lk_unhex(stream_hex, stream, length));
  collected plain = {0};
  CHECK_CODE(decrypt(stream, length, 5, &plain), LK_OK);
  char *hex = lk_hex(plain.bytes, plain.length);
  CHECK_STR(hex, text("file.short.plaintext"));
  free(hex);
  hex = sha256_hex(plain.bytes, plain.length);
  CHECK_STR(hex, text("file.short.sha256"));
  free(hex);
  free(plain.bytes);
  stream[3] ^= 1;
  collected forged = {0};
  CHECK_CODE(decrypt(stream, length, length, &forged), LK_ERR_FILE_INTEGRITY);
  free(forged.bytes);
  free(stream);
  return 0;
}

static int file_empty(void) {
  unsigned char tag[16];
  CHECK(lk_unhex(text("file.empty.stream"), tag, 16));
  collected plain = {0};
  CHECK_CODE(decrypt(tag, 16, 16, &plain), LK_OK);
  CHECK(plain.length == 0);
  char *hex = sha256_hex((const unsigned char *)"", 0);
  CHECK_STR(hex, text("file.empty.sha256"));
  free(hex);
  free(plain.bytes);
  collected truncated = {0};
  CHECK_CODE(decrypt(tag, 15, 15, &truncated), LK_ERR_FILE_INTEGRITY);
  free(truncated.bytes);
  return 0;
}

/* The two-record vector's stream, sealed here (the vectors give its digest, record 0's tag and record 1). */
static unsigned char *two_record_stream(size_t *length) {
  size_t size = (size_t)number("file.twoRecords.size");
  size_t record = (size_t)number("file.encryption.recordSize");
  *length = size + 32;
  unsigned char *plain = malloc(size);
  unsigned char *stream = malloc(*length);
  for (size_t i = 0; i < size; i++) plain[i] = (unsigned char)(i % 256);
  unsigned char key[32];
  lk_unhex(text("file.key"), key, 32);
  unsigned char nonce[12] = {0};
  unsigned char aad = 0;
  lk_aead *aead = lk_aead_new(key);
  if (!aead || !lk_aead_seal(aead, nonce, &aad, 1, plain, record, stream)) memset(stream, 0, record + 16);
  lk_aead_free(aead);
  lk_unhex(text("file.twoRecords.record1"), stream + record + 16, size - record + 16);
  free(plain);
  return stream;
}

static int file_two_records(void) {
  size_t length = 0;
  unsigned char *stream = two_record_stream(&length);
  CHECK(length == (size_t)number("file.twoRecords.streamLength"));
  char *hex = lk_hex(stream + 65536, 16);
  CHECK_STR(hex, text("file.twoRecords.record0Tag"));
  free(hex);
  hex = sha256_hex(stream, length);
  CHECK_STR(hex, text("file.twoRecords.streamSha256"));
  free(hex);
  /* Chunk sizes that cut records anywhere, and one that delivers all at once. */
  size_t chunks[] = {1000, 65552, 65553, length};
  for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
    collected plain = {0};
    CHECK_CODE(decrypt(stream, length, chunks[i], &plain), LK_OK);
    CHECK(plain.length == (size_t)number("file.twoRecords.size"));
    hex = sha256_hex(plain.bytes, plain.length);
    CHECK_STR(hex, text("file.twoRecords.sha256"));
    free(hex);
    free(plain.bytes);
  }
  /* Cut at the record boundary: record 0 was sealed as "not last". */
  collected cut = {0};
  CHECK_CODE(decrypt(stream, 65552, 4096, &cut), LK_ERR_FILE_INTEGRITY);
  free(cut.bytes);
  free(stream);
  return 0;
}

static int machine_id(void) {
  char *hwid = NULL;
  CHECK_CODE(lk_machine_id_of(text("machineId.raw"), text("machineId.salt"), &hwid, NULL), LK_OK);
  CHECK_STR(hwid, text("machineId.hwid"));
  free(hwid);
  char shouted[128];
  snprintf(shouted, sizeof shouted, "  %s\n", text("machineId.raw"));
  for (char *c = shouted; *c; c++) *c = (char)(*c >= 'a' && *c <= 'f' ? *c - 32 : *c);
  CHECK_CODE(lk_machine_id_of(shouted, text("machineId.salt"), &hwid, NULL), LK_OK);
  CHECK_STR(hwid, text("machineId.hwid"));
  free(hwid);
  CHECK_CODE(lk_machine_id_of(text("machineId.raw"), "", &hwid, NULL), LK_ERR_INVALID_ARGUMENT);
  return 0;
}

static int nonces_are_fresh_base64url(void) {
  char *first = lk_new_nonce();
  char *second = lk_new_nonce();
  CHECK(strlen(first) == 22 && strspn(first, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") == 22);
  CHECK(strcmp(first, second) != 0);
  free(first);
  free(second);
  return 0;
}

static int error_names_and_codes(void) {
  CHECK_STR(lk_error_name(LK_ERR_SIGNATURE_INVALID), "SIGNATURE_INVALID");
  CHECK_STR(lk_error_name(LK_ERR_MACHINE_ID_UNAVAILABLE), "MACHINE_ID_UNAVAILABLE");
  CHECK_CODE(lk_code_for_answer(403, "License is banned"), LK_ERR_LICENSE_BANNED);
  CHECK_CODE(lk_code_for_answer(409, "User variable limit reached"), LK_ERR_USER_VARIABLE_LIMIT);
  CHECK_CODE(lk_code_for_answer(410, "Download link expired or already used"), LK_ERR_DOWNLOAD_GONE);
  CHECK_CODE(lk_code_for_answer(400, "username must be 3-32 characters"), LK_ERR_VALIDATION);
  CHECK_CODE(lk_code_for_answer(502, "Bad gateway"), LK_ERR_SERVER_ERROR);
  CHECK_CODE(lk_code_for_answer(418, "I'm a teapot"), LK_ERR_UNKNOWN_ERROR);
  return 0;
}

static int read_vectors(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) return 0;
  fseek(file, 0, SEEK_END);
  long length = ftell(file);
  fseek(file, 0, SEEK_SET);
  char *json = malloc((size_t)length + 1);
  size_t read = fread(json, 1, (size_t)length, file);
  fclose(file);
  json[read] = '\0';
  vectors = cJSON_Parse(json);
  free(json);
  return vectors != NULL;
}

int main(int argc, char **argv) {
  static const named_case cases[] = {
      {"signed_answer_verifies", signed_answer_verifies},
      {"signed_refusal_verifies_and_maps", signed_refusal_verifies_and_maps},
      {"tampered_answer_is_refused", tampered_answer_is_refused},
      {"malformed_signature_headers_are_refused", malformed_signature_headers_are_refused},
      {"timestamp_window_is_enforced", timestamp_window_is_enforced},
      {"another_nonce_is_a_replay", another_nonce_is_a_replay},
      {"public_key_and_key_id", public_key_and_key_id},
      {"ticket_verifies", ticket_verifies},
      {"ticket_expires", ticket_expires},
      {"ticket_forgeries_are_refused", ticket_forgeries_are_refused},
      {"file_key_derivation", file_key_derivation},
      {"file_one_record", file_one_record},
      {"file_empty", file_empty},
      {"file_two_records", file_two_records},
      {"machine_id", machine_id},
      {"nonces_are_fresh_base64url", nonces_are_fresh_base64url},
      {"error_names_and_codes", error_names_and_codes},
  };
  if (!read_vectors(LATCHKEY_VECTORS_FILE)) {
    fprintf(stderr, "cannot read %s\n", LATCHKEY_VECTORS_FILE);
    return 1;
  }
  int status = run_named_case(cases, sizeof cases / sizeof cases[0], argc, argv);
  cJSON_Delete(vectors);
  return status;
}
