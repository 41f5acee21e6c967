/* The checks every answer of POST /v1 passes before it is believed (docs/client-protocol.md section 2). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static bool all_digits(const char *text, size_t min, size_t max) {
  size_t length = strlen(text);
  if (length < min || length > max) return false;
  for (size_t i = 0; i < length; i++) {
    if (text[i] < '0' || text[i] > '9') return false;
  }
  return true;
}

static bool signature_verifies(const unsigned char key[32], const char *timestamp, const char *body, size_t length,
                               const unsigned char signature[64]) {
  size_t timestamp_length = strlen(timestamp);
  unsigned char *message = malloc(timestamp_length + length + 1);
  if (!message) return false;
  memcpy(message, timestamp, timestamp_length);
  memcpy(message + timestamp_length, body, length);
  bool ok = lk_ed25519_verify(key, message, timestamp_length + length, signature);
  free(message);
  return ok;
}

static cJSON *parse_envelope(const char *body, size_t length) {
  cJSON *parsed = cJSON_ParseWithLength(body, length);
  if (!cJSON_IsObject(parsed) || !cJSON_IsBool(cJSON_GetObjectItemCaseSensitive(parsed, "success")) ||
      !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(parsed, "message")) ||
      !cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(parsed, "data"))) {
    cJSON_Delete(parsed);
    return NULL;
  }
  return parsed;
}

lk_error lk_check_answer(int status, const char *timestamp, const char *signature, const char *body, size_t length,
                         const char *nonce, const unsigned char public_key[32], long max_skew, int64_t now, lk_answer *out,
                         lk_error_info *error) {
  bool signed_answer = timestamp != NULL || signature != NULL;
  if (signed_answer) {
    unsigned char raw_signature[64];
    if (!timestamp || !signature || !all_digits(timestamp, 1, 12) || !lk_unhex(signature, raw_signature, 64)) {
      return lk_fail(error, LK_ERR_SIGNATURE_INVALID, status, "Answer carries malformed signature headers");
    }
    if (!signature_verifies(public_key, timestamp, body, length, raw_signature)) {
      return lk_fail(error, LK_ERR_SIGNATURE_INVALID, status,
                     "Answer's signature does not verify with the app's public key");
    }
  }
  cJSON *envelope = parse_envelope(body, length);
  if (!envelope) {
    cJSON *json = cJSON_ParseWithLength(body, length);
    bool is_json = json != NULL;
    cJSON_Delete(json);
    return lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, status,
                   is_json ? "Answer is not a Latchkey envelope (HTTP %d)" : "Answer is not JSON (HTTP %d)", status);
  }
  if (signed_answer) {
    long long skew = (long long)now - strtoll(timestamp, NULL, 10);
    if (skew < 0) skew = -skew;
    if (skew > max_skew) {
      cJSON_Delete(envelope);
      return lk_fail(error, LK_ERR_STALE_RESPONSE, status,
                     "Answer was signed %lld s away from this clock (at most %ld s allowed)", skew, max_skew);
    }
    const char *echoed = lk_json_string(envelope, "nonce");
    if (!echoed || strcmp(echoed, nonce) != 0) {
      cJSON_Delete(envelope);
      return lk_fail(error, LK_ERR_NONCE_MISMATCH, status,
                     "Answer does not carry the nonce of this request (a replay?)");
    }
  }
  cJSON_DeleteItemFromObjectCaseSensitive(envelope, "nonce");
  out->status = status;
  out->body = envelope;
  out->verified = signed_answer;
  return LK_OK;
}
