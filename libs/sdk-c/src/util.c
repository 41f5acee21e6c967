/* Errors, strings, hex, base64 and JSON helpers. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const struct {
  lk_error code;
  const char *name;
} ERROR_NAMES[] = {
    {LK_OK, "OK"},
    {LK_ERR_VALIDATION, "VALIDATION"},
    {LK_ERR_UNKNOWN_TYPE, "UNKNOWN_TYPE"},
    {LK_ERR_INVALID_APP_CREDENTIALS, "INVALID_APP_CREDENTIALS"},
    {LK_ERR_APP_DISABLED, "APP_DISABLED"},
    {LK_ERR_ACCESS_DENIED, "ACCESS_DENIED"},
    {LK_ERR_INVALID_USER_LOGIN, "INVALID_USER_LOGIN"},
    {LK_ERR_LICENSE_NOT_FOUND, "LICENSE_NOT_FOUND"},
    {LK_ERR_LICENSE_BANNED, "LICENSE_BANNED"},
    {LK_ERR_LICENSE_EXPIRED, "LICENSE_EXPIRED"},
    {LK_ERR_LICENSE_USED, "LICENSE_USED"},
    {LK_ERR_USERNAME_TAKEN, "USERNAME_TAKEN"},
    {LK_ERR_USER_BANNED, "USER_BANNED"},
    {LK_ERR_HWID_MISMATCH, "HWID_MISMATCH"},
    {LK_ERR_INVALID_SESSION, "INVALID_SESSION"},
    {LK_ERR_VARIABLE_NOT_FOUND, "VARIABLE_NOT_FOUND"},
    {LK_ERR_FILE_NOT_FOUND, "FILE_NOT_FOUND"},
    {LK_ERR_USER_VARIABLE_LIMIT, "USER_VARIABLE_LIMIT"},
    {LK_ERR_INSUFFICIENT_LEVEL, "INSUFFICIENT_LEVEL"},
    {LK_ERR_TOO_MANY_REQUESTS, "TOO_MANY_REQUESTS"},
    {LK_ERR_DOWNLOAD_GONE, "DOWNLOAD_GONE"},
    {LK_ERR_SERVER_ERROR, "SERVER_ERROR"},
    {LK_ERR_UNKNOWN_ERROR, "UNKNOWN_ERROR"},
    {LK_ERR_SIGNATURE_INVALID, "SIGNATURE_INVALID"},
    {LK_ERR_STALE_RESPONSE, "STALE_RESPONSE"},
    {LK_ERR_NONCE_MISMATCH, "NONCE_MISMATCH"},
    {LK_ERR_NETWORK, "NETWORK"},
    {LK_ERR_UNEXPECTED_RESPONSE, "UNEXPECTED_RESPONSE"},
    {LK_ERR_FILE_INTEGRITY, "FILE_INTEGRITY"},
    {LK_ERR_TICKET_INVALID, "TICKET_INVALID"},
    {LK_ERR_TICKET_EXPIRED, "TICKET_EXPIRED"},
    {LK_ERR_NO_SESSION, "NO_SESSION"},
    {LK_ERR_MACHINE_ID_UNAVAILABLE, "MACHINE_ID_UNAVAILABLE"},
    {LK_ERR_APP_UNKNOWN, "APP_UNKNOWN"},
    {LK_ERR_INVALID_ARGUMENT, "INVALID_ARGUMENT"},
    {LK_ERR_OUT_OF_MEMORY, "OUT_OF_MEMORY"},
    {LK_ERR_IO, "IO"},
};

const char *lk_error_name(lk_error code) {
  for (size_t i = 0; i < sizeof ERROR_NAMES / sizeof ERROR_NAMES[0]; i++) {
    if (ERROR_NAMES[i].code == code) return ERROR_NAMES[i].name;
  }
  return "UNKNOWN_ERROR";
}

/* The contract's refusal messages (libs/contracts ClientMessage and FileMessage.linkGone) and their codes. */
static const struct {
  const char *message;
  lk_error code;
} REFUSALS[] = {
    {"Unknown request type", LK_ERR_UNKNOWN_TYPE},
    {"Invalid application credentials", LK_ERR_INVALID_APP_CREDENTIALS},
    {"Application is disabled", LK_ERR_APP_DISABLED},
    {"Access denied", LK_ERR_ACCESS_DENIED},
    {"Invalid username or password", LK_ERR_INVALID_USER_LOGIN},
    {"License key not found", LK_ERR_LICENSE_NOT_FOUND},
    {"License is banned", LK_ERR_LICENSE_BANNED},
    {"License has expired", LK_ERR_LICENSE_EXPIRED},
    {"License key already used", LK_ERR_LICENSE_USED},
    {"Username already taken", LK_ERR_USERNAME_TAKEN},
    {"User is banned", LK_ERR_USER_BANNED},
    {"Hardware ID mismatch", LK_ERR_HWID_MISMATCH},
    {"Invalid or expired session", LK_ERR_INVALID_SESSION},
    {"Variable not found", LK_ERR_VARIABLE_NOT_FOUND},
    {"File not found", LK_ERR_FILE_NOT_FOUND},
    {"Insufficient level", LK_ERR_INSUFFICIENT_LEVEL},
    {"Too many requests", LK_ERR_TOO_MANY_REQUESTS},
    {"User variable limit reached", LK_ERR_USER_VARIABLE_LIMIT},
    {"Download link expired or already used", LK_ERR_DOWNLOAD_GONE},
};

lk_error lk_code_for_answer(int status, const char *message) {
  for (size_t i = 0; i < sizeof REFUSALS / sizeof REFUSALS[0]; i++) {
    if (strcmp(REFUSALS[i].message, message) == 0) return REFUSALS[i].code;
  }
  if (status == 400) return LK_ERR_VALIDATION;
  if (status == 410) return LK_ERR_DOWNLOAD_GONE;
  if (status >= 500) return LK_ERR_SERVER_ERROR;
  return LK_ERR_UNKNOWN_ERROR;
}

lk_error lk_fail(lk_error_info *error, lk_error code, int status, const char *format, ...) {
  if (error) {
    error->code = code;
    error->status = status;
    va_list args;
    va_start(args, format);
    vsnprintf(error->message, sizeof error->message, format, args);
    va_end(args);
  }
  return code;
}

void lk_free(void *string) { free(string); }

char *lk_strdup(const char *text) {
  if (!text) return NULL;
  size_t length = strlen(text) + 1;
  char *copy = malloc(length);
  if (copy) memcpy(copy, text, length);
  return copy;
}

char *lk_hex(const unsigned char *bytes, size_t length) {
  static const char DIGITS[] = "0123456789abcdef";
  char *out = malloc(length * 2 + 1);
  if (!out) return NULL;
  for (size_t i = 0; i < length; i++) {
    out[2 * i] = DIGITS[bytes[i] >> 4];
    out[2 * i + 1] = DIGITS[bytes[i] & 15];
  }
  out[length * 2] = '\0';
  return out;
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool lk_unhex(const char *hex, unsigned char *out, size_t length) {
  if (strlen(hex) != length * 2) return false;
  for (size_t i = 0; i < length; i++) {
    int high = hex_digit(hex[2 * i]);
    int low = hex_digit(hex[2 * i + 1]);
    if (high < 0 || low < 0) return false;
    out[i] = (unsigned char)(high << 4 | low);
  }
  return true;
}

static const char BASE64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

char *lk_base64_encode(const unsigned char *bytes, size_t length) {
  char *out = malloc(4 * ((length + 2) / 3) + 1);
  if (!out) return NULL;
  char *o = out;
  for (size_t i = 0; i < length; i += 3) {
    uint32_t group = (uint32_t)bytes[i] << 16;
    if (i + 1 < length) group |= (uint32_t)bytes[i + 1] << 8;
    if (i + 2 < length) group |= bytes[i + 2];
    *o++ = BASE64[group >> 18 & 63];
    *o++ = BASE64[group >> 12 & 63];
    *o++ = i + 1 < length ? BASE64[group >> 6 & 63] : '=';
    *o++ = i + 2 < length ? BASE64[group & 63] : '=';
  }
  *o = '\0';
  return out;
}

static int base64_value(char c) {
  const char *found = c ? strchr(BASE64, c) : NULL;
  return found ? (int)(found - BASE64) : -1;
}

/*
 * Only the one canonical spelling of the bytes is accepted: padded to a
 * multiple of 4, no whitespace, and the unused low bits of the last
 * character zero (so the result re-encodes to the same text).
 */
unsigned char *lk_base64_decode(const char *text, size_t *length) {
  size_t text_length = strlen(text);
  if (text_length % 4 != 0 || text_length > (size_t)INT32_MAX) return NULL;
  size_t padding = 0;
  if (text_length > 0 && text[text_length - 1] == '=') padding++;
  if (text_length > 1 && text[text_length - 2] == '=') padding++;
  unsigned char *out = malloc(text_length / 4 * 3 + 1);
  if (!out) return NULL;
  size_t o = 0;
  for (size_t i = 0; i < text_length; i += 4) {
    bool last = i + 4 == text_length;
    size_t digits = last ? 4 - padding : 4;
    uint32_t group = 0;
    for (size_t j = 0; j < 4; j++) {
      int value = j < digits ? base64_value(text[i + j]) : 0;
      if (value < 0) {
        free(out);
        return NULL;
      }
      group = group << 6 | (uint32_t)value;
    }
    /* The bits a padded group does not use must be zero. */
    if ((digits == 2 && (group & 0xFFFF) != 0) || (digits == 3 && (group & 0xFF) != 0)) {
      free(out);
      return NULL;
    }
    out[o++] = (unsigned char)(group >> 16);
    if (digits > 2) out[o++] = (unsigned char)(group >> 8);
    if (digits > 3) out[o++] = (unsigned char)group;
  }
  *length = o;
  return out;
}

unsigned char *lk_base64url_decode(const char *text, size_t text_length, size_t *length) {
  if (text_length % 4 == 1 || text_length > (size_t)INT32_MAX - 4) return NULL;
  size_t padded = text_length + (4 - text_length % 4) % 4;
  char *standard = malloc(padded + 1);
  if (!standard) return NULL;
  for (size_t i = 0; i < text_length; i++) {
    char c = text[i];
    if (c == '-') c = '+';
    else if (c == '_') c = '/';
    else if (!isalnum((unsigned char)c)) {
      free(standard);
      return NULL;
    }
    standard[i] = c;
  }
  for (size_t i = text_length; i < padded; i++) standard[i] = '=';
  standard[padded] = '\0';
  unsigned char *out = lk_base64_decode(standard, length);
  free(standard);
  return out;
}

char *lk_base64url_encode(const unsigned char *bytes, size_t length) {
  char *out = lk_base64_encode(bytes, length);
  if (!out) return NULL;
  size_t end = 0;
  for (char *c = out; *c && *c != '='; c++, end++) {
    if (*c == '+') *c = '-';
    else if (*c == '/') *c = '_';
  }
  out[end] = '\0';
  return out;
}

const char *lk_json_string(const cJSON *object, const char *name) {
  const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);
  return cJSON_IsString(item) ? item->valuestring : NULL;
}

bool lk_json_integer(const cJSON *object, const char *name, int64_t *out) {
  const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, name);
  if (!cJSON_IsNumber(item)) return false;
  double value = item->valuedouble;
  /* JavaScript's safe integers: what the service can send exactly. */
  if (value != floor(value) || fabs(value) > 9007199254740991.0) return false;
  *out = (int64_t)value;
  return true;
}
