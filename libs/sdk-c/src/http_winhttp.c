/* HTTP over WinHTTP (Windows): the system's TLS, proxy settings and certificate store. */
#include <stdlib.h>
#include <string.h>

#include <windows.h>
#include <winhttp.h>

#include "internal.h"

lk_error lk_http_global_init(void) { return LK_OK; }

void lk_http_global_cleanup(void) {}

struct lk_http {
  HINTERNET session; /* WinHTTP keeps its connections alive per session */
};

static HINTERNET open_session(void) {
  HINTERNET session = WinHttpOpen(L"liblatchkey/" LATCHKEY_VERSION, WINHTTP_ACCESS_TYPE_DEFAULT_PROXY,
                                  WINHTTP_NO_PROXY_NAME, WINHTTP_NO_PROXY_BYPASS, 0);
  /* As with libcurl's defaults: a redirect is an answer, not followed. */
  DWORD never = WINHTTP_OPTION_REDIRECT_POLICY_NEVER;
  if (session) WinHttpSetOption(session, WINHTTP_OPTION_REDIRECT_POLICY, &never, sizeof never);
  return session;
}

lk_http *lk_http_new(void) {
  lk_http *http = calloc(1, sizeof *http);
  if (http && !(http->session = open_session())) {
    free(http);
    return NULL;
  }
  return http;
}

void lk_http_free(lk_http *http) {
  if (!http) return;
  WinHttpCloseHandle(http->session);
  free(http);
}

static wchar_t *wide(const char *text) {
  int count = MultiByteToWideChar(CP_UTF8, 0, text, -1, NULL, 0);
  wchar_t *out = count > 0 ? malloc(sizeof(wchar_t) * (size_t)count) : NULL;
  if (out) MultiByteToWideChar(CP_UTF8, 0, text, -1, out, count);
  return out;
}

/* One request on its own connection handle (the session pools the sockets). */
typedef struct request {
  HINTERNET connection;
  HINTERNET handle;
} request;

static void close_request(request *r) {
  if (r->handle) WinHttpCloseHandle(r->handle);
  if (r->connection) WinHttpCloseHandle(r->connection);
}

static lk_error failed(lk_error_info *error, const char *what, const char *url) {
  return lk_fail(error, LK_ERR_NETWORK, 0, "%s %s: WinHTTP error %lu", what, url, (unsigned long)GetLastError());
}

static bool open_request(HINTERNET session, const wchar_t *method, const char *url, request *r) {
  wchar_t *address = wide(url);
  URL_COMPONENTS parts;
  memset(&parts, 0, sizeof parts);
  parts.dwStructSize = sizeof parts;
  parts.dwHostNameLength = (DWORD)-1;
  parts.dwUrlPathLength = (DWORD)-1;
  parts.dwExtraInfoLength = (DWORD)-1;
  bool ok = address && WinHttpCrackUrl(address, 0, 0, &parts);
  wchar_t *host = ok ? calloc(parts.dwHostNameLength + 1, sizeof(wchar_t)) : NULL;
  if (host) {
    memcpy(host, parts.lpszHostName, parts.dwHostNameLength * sizeof(wchar_t));
    r->connection = WinHttpConnect(session, host, parts.nPort, 0);
  }
  /* The path and the query string are one run of characters in the URL. */
  if (r->connection) {
    r->handle = WinHttpOpenRequest(r->connection, method, parts.lpszUrlPath, NULL, WINHTTP_NO_REFERER,
                                   WINHTTP_DEFAULT_ACCEPT_TYPES,
                                   parts.nScheme == INTERNET_SCHEME_HTTPS ? WINHTTP_FLAG_SECURE : 0);
  }
  free(host);
  free(address);
  return r->handle != NULL;
}

static void set_timeouts(HINTERNET handle, long timeout_ms) {
  int ms = timeout_ms > 0 && timeout_ms < 0x7fffffffL ? (int)timeout_ms : 0;
  WinHttpSetTimeouts(handle, ms, ms, ms, ms);
}

static int status_of(HINTERNET handle) {
  DWORD status = 0;
  DWORD size = sizeof status;
  if (!WinHttpQueryHeaders(handle, WINHTTP_QUERY_STATUS_CODE | WINHTTP_QUERY_FLAG_NUMBER, WINHTTP_HEADER_NAME_BY_INDEX,
                           &status, &size, WINHTTP_NO_HEADER_INDEX)) {
    return 0;
  }
  return (int)status;
}

/* A header's value (ASCII, as the protocol's are), or NULL. */
static char *header_copy(HINTERNET handle, const wchar_t *name) {
  DWORD size = 0;
  WinHttpQueryHeaders(handle, WINHTTP_QUERY_CUSTOM, name, WINHTTP_NO_OUTPUT_BUFFER, &size, WINHTTP_NO_HEADER_INDEX);
  if (GetLastError() != ERROR_INSUFFICIENT_BUFFER || size == 0) return NULL;
  wchar_t *value = malloc(size + sizeof(wchar_t));
  char *out = NULL;
  if (value && WinHttpQueryHeaders(handle, WINHTTP_QUERY_CUSTOM, name, value, &size, WINHTTP_NO_HEADER_INDEX)) {
    size_t count = size / sizeof(wchar_t);
    out = malloc(count + 1);
    for (size_t i = 0; out && i < count; i++) out[i] = value[i] < 128 ? (char)value[i] : '?';
    if (out) out[count] = '\0';
  }
  free(value);
  return out;
}

lk_error lk_http_post(lk_http *http, const char *url, const char *body, long timeout_ms, size_t max_bytes,
                      lk_http_reply *out, lk_error_info *error) {
  memset(out, 0, sizeof *out);
  request r = {0};
  size_t body_length = strlen(body);
  lk_error code = LK_OK;
  if (!open_request(http->session, L"POST", url, &r)) {
    code = failed(error, "Could not reach", url);
  } else {
    set_timeouts(r.handle, timeout_ms);
    if (!WinHttpSendRequest(r.handle, L"Content-Type: application/json\r\n", (DWORD)-1L, (void *)body,
                            (DWORD)body_length, (DWORD)body_length, 0) ||
        !WinHttpReceiveResponse(r.handle, NULL)) {
      code = failed(error, "Could not reach", url);
    }
  }
  size_t capacity = 0;
  while (code == LK_OK) {
    if (out->length + 8192 + 1 > capacity) {
      capacity = (out->length + 8192 + 1) * 2;
      char *grown = realloc(out->body, capacity);
      if (!grown) {
        code = lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
        break;
      }
      out->body = grown;
    }
    DWORD read = 0;
    if (!WinHttpReadData(r.handle, out->body + out->length, 8192, &read)) {
      code = failed(error, "Could not reach", url);
    } else if (read == 0) {
      break;
    } else if ((out->length += read) > max_bytes) {
      code = lk_fail(error, LK_ERR_NETWORK, 0, "Could not reach %s: the answer is too large", url);
    }
  }
  if (code == LK_OK) {
    if (out->body) out->body[out->length] = '\0';
    out->status = status_of(r.handle);
    out->timestamp = header_copy(r.handle, L"X-Signature-Timestamp");
    out->signature = header_copy(r.handle, L"X-Signature-Ed25519");
  } else {
    lk_http_reply_clear(out);
  }
  close_request(&r);
  return code;
}

void lk_http_reply_clear(lk_http_reply *reply) {
  free(reply->body);
  free(reply->timestamp);
  free(reply->signature);
  memset(reply, 0, sizeof *reply);
}

lk_error lk_http_get(const char *url, long timeout_ms, const lk_http_stream *stream, lk_error_info *error) {
  HINTERNET session = open_session();
  request r = {0};
  lk_error code = LK_OK;
  if (!session || !open_request(session, L"GET", url, &r)) {
    code = failed(error, "Download failed:", url);
  } else {
    /* Each receive may wait timeout_ms: a transfer that stalls that long is abandoned. */
    set_timeouts(r.handle, timeout_ms);
    if (!WinHttpSendRequest(r.handle, WINHTTP_NO_ADDITIONAL_HEADERS, 0, WINHTTP_NO_REQUEST_DATA, 0, 0, 0) ||
        !WinHttpReceiveResponse(r.handle, NULL)) {
      code = failed(error, "Download failed:", url);
    }
  }
  if (code == LK_OK) {
    char *encryption = header_copy(r.handle, L"X-Content-Encryption");
    code = stream->head(stream->context, status_of(r.handle), encryption, error);
    free(encryption);
  }
  unsigned char piece[65536];
  while (code == LK_OK) {
    DWORD read = 0;
    if (!WinHttpReadData(r.handle, piece, sizeof piece, &read)) code = failed(error, "Download failed:", url);
    else if (read == 0) break;
    else code = stream->body(stream->context, piece, read, error);
  }
  close_request(&r);
  if (session) WinHttpCloseHandle(session);
  return code;
}
