/* Offline tickets: a JWS (EdDSA) checked with no network (docs/client-protocol.md section 4). */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static cJSON *decode_json_part(const char *part, size_t length) {
  size_t decoded_length = 0;
  unsigned char *decoded = lk_base64url_decode(part, length, &decoded_length);
  if (!decoded) return NULL;
  cJSON *json = cJSON_ParseWithLength((const char *)decoded, decoded_length);
  free(decoded);
  if (!cJSON_IsObject(json)) {
    cJSON_Delete(json);
    return NULL;
  }
  return json;
}

static lk_error invalid(lk_error_info *error, const char *why) {
  return lk_fail(error, LK_ERR_TICKET_INVALID, 0, "Offline ticket is invalid: %s", why);
}

static lk_error check_claims(const char *ticket, const unsigned char public_key[32], const char *app_id,
                             const char *hwid, int64_t now, cJSON *header, cJSON *claims, const char *second_dot,
                             lk_ticket_claims **out, lk_error_info *error) {
  char key_id[17];
  lk_key_id(public_key, key_id);
  const char *alg = lk_json_string(header, "alg");
  if (!alg || strcmp(alg, "EdDSA") != 0) return invalid(error, "alg is not EdDSA");
  const char *kid = lk_json_string(header, "kid");
  if (!kid || strcmp(kid, key_id) != 0) {
    return lk_fail(error, LK_ERR_TICKET_INVALID, 0, "Offline ticket was signed under another key id");
  }
  size_t signature_length = 0;
  const char *signature_part = second_dot + 1;
  unsigned char *signature = lk_base64url_decode(signature_part, strlen(signature_part), &signature_length);
  bool verified = false;
  if (signature && signature_length == 64) {
    verified = lk_ed25519_verify(public_key, (const unsigned char *)ticket, (size_t)(second_dot - ticket), signature);
  }
  free(signature);
  if (!verified) return invalid(error, "signature verification failed");

  const char *iss = lk_json_string(claims, "iss");
  if (!iss || strcmp(iss, app_id) != 0) return invalid(error, "iss is not this app");
  int64_t exp = 0;
  int64_t iat = 0;
  int64_t level = 0;
  if (!lk_json_integer(claims, "exp", &exp)) return invalid(error, "exp is not an integer");
  if (now >= exp) return lk_fail(error, LK_ERR_TICKET_EXPIRED, 0, "Offline ticket has expired");
  const char *sub = lk_json_string(claims, "sub");
  const char *sid = lk_json_string(claims, "sid");
  const cJSON *hwid_item = cJSON_GetObjectItemCaseSensitive(claims, "hwid");
  bool well_formed = sub && sid && lk_json_integer(claims, "lvl", &level) && lk_json_integer(claims, "iat", &iat) &&
                     (cJSON_IsNull(hwid_item) || cJSON_IsString(hwid_item));
  if (!well_formed) return lk_fail(error, LK_ERR_TICKET_INVALID, 0, "Offline ticket claims are malformed");
  const char *ticket_hwid = cJSON_IsString(hwid_item) ? hwid_item->valuestring : NULL;
  if (hwid && ticket_hwid && strcmp(hwid, ticket_hwid) != 0) {
    return lk_fail(error, LK_ERR_TICKET_INVALID, 0, "Offline ticket belongs to another machine");
  }
  if (!out) return LK_OK;
  lk_ticket_claims *result = calloc(1, sizeof *result);
  if (!result) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  result->iss = lk_strdup(iss);
  result->sub = lk_strdup(sub);
  result->sid = lk_strdup(sid);
  result->level = (long)level;
  result->hwid = lk_strdup(ticket_hwid);
  result->iat = iat;
  result->exp = exp;
  if (!result->iss || !result->sub || !result->sid || (ticket_hwid && !result->hwid)) {
    lk_ticket_claims_free(result);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  *out = result;
  return LK_OK;
}

lk_error lk_verify_ticket_at(const char *ticket, const unsigned char public_key[32], const char *app_id,
                             const char *hwid, int64_t now, lk_ticket_claims **out, lk_error_info *error) {
  if (out) *out = NULL;
  const char *first_dot = strchr(ticket, '.');
  const char *second_dot = first_dot ? strchr(first_dot + 1, '.') : NULL;
  if (!second_dot || strchr(second_dot + 1, '.')) return invalid(error, "not three parts");
  cJSON *header = decode_json_part(ticket, (size_t)(first_dot - ticket));
  cJSON *claims = decode_json_part(first_dot + 1, (size_t)(second_dot - first_dot - 1));
  lk_error code = header && claims
                      ? check_claims(ticket, public_key, app_id, hwid, now, header, claims, second_dot, out, error)
                      : invalid(error, "a part is not base64url JSON");
  cJSON_Delete(header);
  cJSON_Delete(claims);
  return code;
}

void lk_ticket_claims_free(lk_ticket_claims *claims) {
  if (!claims) return;
  free(claims->iss);
  free(claims->sub);
  free(claims->sid);
  free(claims->hwid);
  free(claims);
}
