/* HTTP over libcurl (Linux, macOS). */
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "internal.h"

lk_error lk_http_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? LK_OK : LK_ERR_NETWORK; }

void lk_http_global_cleanup(void) { curl_global_cleanup(); }

struct lk_http {
  CURL *curl;
  struct curl_slist *headers;
};

lk_http *lk_http_new(void) {
  lk_http *http = calloc(1, sizeof *http);
  if (!http) return NULL;
  http->curl = curl_easy_init();
  http->headers = curl_slist_append(NULL, "Content-Type: application/json");
  /* No "Expect: 100-continue" round trip for bodies over 1 KiB. */
  if (http->headers) http->headers = curl_slist_append(http->headers, "Expect:");
  if (!http->curl || !http->headers) {
    lk_http_free(http);
    return NULL;
  }
  return http;
}

void lk_http_free(lk_http *http) {
  if (!http) return;
  curl_easy_cleanup(http->curl);
  curl_slist_free_all(http->headers);
  free(http);
}

typedef struct collected {
  lk_http_reply *reply;
  size_t capacity;
  size_t max_bytes;
} collected;

static size_t collect(char *bytes, size_t size, size_t count, void *context) {
  collected *c = context;
  lk_http_reply *r = c->reply;
  size_t length = size * count;
  if (r->length + length > c->max_bytes) return 0;
  if (r->length + length + 1 > c->capacity) {
    size_t capacity = (r->length + length + 1) * 2;
    char *grown = realloc(r->body, capacity);
    if (!grown) return 0;
    r->body = grown;
    c->capacity = capacity;
  }
  memcpy(r->body + r->length, bytes, length);
  r->length += length;
  r->body[r->length] = '\0';
  return length;
}

static char *header_copy(CURL *curl, const char *name) {
  struct curl_header *header = NULL;
  if (curl_easy_header(curl, name, 0, CURLH_HEADER, -1, &header) != CURLHE_OK) return NULL;
  return lk_strdup(header->value);
}

lk_error lk_http_post(lk_http *http, const char *url, const char *body, long timeout_ms, size_t max_bytes,
                      lk_http_reply *out, lk_error_info *error) {
  memset(out, 0, sizeof *out);
  collected c = {out, 0, max_bytes};
  curl_easy_setopt(http->curl, CURLOPT_URL, url);
  curl_easy_setopt(http->curl, CURLOPT_HTTPHEADER, http->headers);
  curl_easy_setopt(http->curl, CURLOPT_POSTFIELDS, body);
  curl_easy_setopt(http->curl, CURLOPT_WRITEFUNCTION, collect);
  curl_easy_setopt(http->curl, CURLOPT_WRITEDATA, &c);
  curl_easy_setopt(http->curl, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl_easy_setopt(http->curl, CURLOPT_NOSIGNAL, 1L);
  CURLcode result = curl_easy_perform(http->curl);
  if (result != CURLE_OK) {
    lk_http_reply_clear(out);
    return lk_fail(error, LK_ERR_NETWORK, 0, "Could not reach %s: %s", url, curl_easy_strerror(result));
  }
  long status = 0;
  curl_easy_getinfo(http->curl, CURLINFO_RESPONSE_CODE, &status);
  out->status = (int)status;
  out->timestamp = header_copy(http->curl, "X-Signature-Timestamp");
  out->signature = header_copy(http->curl, "X-Signature-Ed25519");
  return LK_OK;
}

void lk_http_reply_clear(lk_http_reply *reply) {
  free(reply->body);
  free(reply->timestamp);
  free(reply->signature);
  memset(reply, 0, sizeof *reply);
}

typedef struct transfer {
  CURL *curl;
  const lk_http_stream *stream;
  bool started;
  lk_error code;
  lk_error_info *error;
} transfer;

/* Once the answer's head is in: its status and encryption header. */
static void start(transfer *t) {
  if (t->started) return;
  t->started = true;
  long status = 0;
  curl_easy_getinfo(t->curl, CURLINFO_RESPONSE_CODE, &status);
  struct curl_header *header = NULL;
  const char *encryption = curl_easy_header(t->curl, "X-Content-Encryption", 0, CURLH_HEADER, -1, &header) == CURLHE_OK
                               ? header->value
                               : NULL;
  t->code = t->stream->head(t->stream->context, (int)status, encryption, t->error);
}

static size_t receive(char *bytes, size_t size, size_t count, void *context) {
  transfer *t = context;
  size_t length = size * count;
  start(t);
  if (t->code == LK_OK) t->code = t->stream->body(t->stream->context, (const unsigned char *)bytes, length, t->error);
  return t->code == LK_OK ? length : 0;
}

lk_error lk_http_get(const char *url, long timeout_ms, const lk_http_stream *stream, lk_error_info *error) {
  transfer t = {.curl = curl_easy_init(), .stream = stream, .code = LK_OK, .error = error};
  if (!t.curl) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  curl_easy_setopt(t.curl, CURLOPT_URL, url);
  curl_easy_setopt(t.curl, CURLOPT_WRITEFUNCTION, receive);
  curl_easy_setopt(t.curl, CURLOPT_WRITEDATA, &t);
  curl_easy_setopt(t.curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(t.curl, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  /* A download may take long; one that stalls (under 1 byte/s) for the timeout is abandoned. */
  curl_easy_setopt(t.curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(t.curl, CURLOPT_LOW_SPEED_TIME, timeout_ms >= 1000 ? timeout_ms / 1000 : 1L);
  CURLcode result = curl_easy_perform(t.curl);
  if (t.code == LK_OK && result != CURLE_OK) {
    t.code = lk_fail(error, LK_ERR_NETWORK, 0, "Download failed: %s", curl_easy_strerror(result));
  }
  if (t.code == LK_OK) start(&t); /* an empty body: the head alone */
  curl_easy_cleanup(t.curl);
  return t.code;
}
