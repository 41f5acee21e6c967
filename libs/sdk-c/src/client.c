/* lk_client: POST /v1 over the platform's HTTP, every answer checked, and the session it holds. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, pthread_condattr_setclock */
#ifdef __APPLE__
#define _DARWIN_C_SOURCE /* pthread_cond_timedwait_relative_np */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "destinations.h"
#include "internal.h"
#include "lk_threads.h"

#define DEFAULT_MAX_SKEW_SECONDS 30
#define DEFAULT_TIMEOUT_MS 15000
/* Answers are at most a few hundred KiB (50 user variables of 4096 characters); anything far bigger is refused. */
#define MAX_ANSWER_BYTES (8u * 1024u * 1024u)

struct lk_client {
  char *endpoint;
  char *app_id;
  char *api_key;
  unsigned char public_key[32];
  long max_skew;
  long timeout_ms;
  lk_http *http; /* one per client: its connection is kept alive between calls */
  lk_mutex lock;
  lk_session *session;
};

lk_error lk_global_init(void) { return lk_http_global_init(); }

void lk_global_cleanup(void) { lk_http_global_cleanup(); }

void lk_client_free(lk_client *client) {
  if (!client) return;
  lk_http_free(client->http);
  lk_session_free(client->session);
  free(client->endpoint);
  free(client->app_id);
  free(client->api_key);
  lk_mutex_destroy(&client->lock);
  free(client);
}

lk_error lk_client_new(const char *url, const char *app_id, const char *api_key, const char *public_key,
                       lk_client **out, lk_error_info *error) {
  if (!out) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "out must not be NULL");
  *out = NULL;
  if (!url || !app_id || !api_key || !public_key) {
    return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "url, app_id, api_key and public_key are all needed");
  }
  lk_client *client = calloc(1, sizeof *client);
  if (!client) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  if (!lk_mutex_init(&client->lock)) {
    free(client);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Could not create a lock");
  }
  if (!lk_raw_key(public_key, client->public_key)) {
    lk_client_free(client);
    return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "public_key must be base64 of a raw 32-byte Ed25519 key");
  }
  /* The service's base URL, with or without /v1 and trailing slashes. */
  size_t url_length = strlen(url);
  while (url_length > 0 && url[url_length - 1] == '/') url_length--;
  if (url_length >= 3 && memcmp(url + url_length - 3, "/v1", 3) == 0) url_length -= 3;
  while (url_length > 0 && url[url_length - 1] == '/') url_length--;
  client->endpoint = malloc(url_length + 4);
  if (client->endpoint) snprintf(client->endpoint, url_length + 4, "%.*s/v1", (int)url_length, url);
  client->app_id = lk_strdup(app_id);
  client->api_key = lk_strdup(api_key);
  client->max_skew = DEFAULT_MAX_SKEW_SECONDS;
  client->timeout_ms = DEFAULT_TIMEOUT_MS;
  client->http = lk_http_new();
  if (!client->endpoint || !client->app_id || !client->api_key || !client->http) {
    lk_client_free(client);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  *out = client;
  return LK_OK;
}

void lk_client_set_max_skew(lk_client *client, long seconds) {
  lk_mutex_lock(&client->lock);
  client->max_skew = seconds;
  lk_mutex_unlock(&client->lock);
}

void lk_client_set_timeout(lk_client *client, long milliseconds) {
  lk_mutex_lock(&client->lock);
  client->timeout_ms = milliseconds;
  lk_mutex_unlock(&client->lock);
}

/* Sends `fields` (consumed) with the credentials and a fresh nonce; the checked answer in `out`. Lock held. */
static lk_error send_fields(lk_client *c, cJSON *fields, lk_answer *out, lk_error_info *error) {
  char *nonce = lk_new_nonce();
  char *body = NULL;
  if (nonce && cJSON_AddStringToObject(fields, "appId", c->app_id) &&
      cJSON_AddStringToObject(fields, "apiKey", c->api_key) && cJSON_AddStringToObject(fields, "nonce", nonce)) {
    body = cJSON_PrintUnformatted(fields);
  }
  cJSON_Delete(fields);
  if (!body) {
    free(nonce);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  lk_http_reply reply = {0};
  lk_error code = lk_http_post(c->http, c->endpoint, body, c->timeout_ms, MAX_ANSWER_BYTES, &reply, error);
  free(body);
  if (code == LK_OK) {
    code = lk_check_answer(reply.status, reply.timestamp, reply.signature, reply.body ? reply.body : "", reply.length,
                           nonce, c->public_key, c->max_skew, (int64_t)time(NULL), out, error);
  }
  lk_http_reply_clear(&reply);
  free(nonce);
  return code;
}

/* A verified, successful answer's envelope in `out`, or the error (refusals with the contract's message). */
static lk_error request(lk_client *c, cJSON *fields, lk_answer *out, lk_error_info *error) {
  lk_error code = send_fields(c, fields, out, error);
  if (code != LK_OK) return code;
  const char *message = lk_json_string(out->body, "message");
  if (!out->verified && out->status == 401 && message && strcmp(message, "Invalid application credentials") == 0) {
    /* The service signs every answer of a known app, a wrong api key's included: it does not know this app id. */
    code = lk_fail(error, LK_ERR_APP_UNKNOWN, out->status,
                   "The service does not know this app id (unsigned answer: 401 Invalid application credentials)");
  } else if (!out->verified) {
    code = lk_fail(error, LK_ERR_SIGNATURE_INVALID, out->status, "Answer is not signed (HTTP %d: %s)", out->status,
                   message);
  } else if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(out->body, "success"))) {
    code = lk_fail(error, lk_code_for_answer(out->status, message), out->status, "%s", message);
  }
  if (code != LK_OK) {
    cJSON_Delete(out->body);
    out->body = NULL;
  }
  return code;
}

static cJSON *answer_data(const lk_answer *answer) {
  return cJSON_GetObjectItemCaseSensitive(answer->body, "data");
}

/* fields of `type` plus the held session's token. Lock held. */
static lk_error session_request(lk_client *c, const char *type, cJSON *fields, lk_answer *out, lk_error_info *error) {
  if (!c->session) {
    cJSON_Delete(fields);
    return lk_fail(error, LK_ERR_NO_SESSION, 0, "%s needs a session: call login, license or register", type);
  }
  if (!cJSON_AddStringToObject(fields, "type", type) ||
      !cJSON_AddStringToObject(fields, "sessionToken", c->session->token)) {
    cJSON_Delete(fields);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  return request(c, fields, out, error);
}

static cJSON *fields_of_type(const char *type) {
  cJSON *fields = cJSON_CreateObject();
  if (fields && type && !cJSON_AddStringToObject(fields, "type", type)) {
    cJSON_Delete(fields);
    return NULL;
  }
  return fields;
}

/* Adds `value` under `name` unless it is NULL; false only when out of memory. */
static bool add_optional(cJSON *fields, const char *name, const char *value) {
  return !value || cJSON_AddStringToObject(fields, name, value);
}

static char *optional_copy(const cJSON *object, const char *name) { return lk_strdup(lk_json_string(object, name)); }

void lk_user_free(lk_user *user) {
  if (!user) return;
  free(user->user_id);
  free(user->username);
  free(user->hwid);
  free(user->expires_at);
  free(user->created_at);
  free(user->last_login_at);
  free(user);
}

static lk_user *parse_user(const cJSON *object) {
  if (!cJSON_IsObject(object) || !lk_json_string(object, "userId")) return NULL;
  lk_user *user = calloc(1, sizeof *user);
  if (!user) return NULL;
  int64_t level = 0;
  lk_json_integer(object, "level", &level);
  user->level = (long)level;
  user->user_id = optional_copy(object, "userId");
  user->username = optional_copy(object, "username");
  user->hwid = optional_copy(object, "hwid");
  user->expires_at = optional_copy(object, "expiresAt");
  user->created_at = optional_copy(object, "createdAt");
  user->last_login_at = optional_copy(object, "lastLoginAt");
  return user;
}

static lk_user *copy_user(const lk_user *from) {
  lk_user *user = calloc(1, sizeof *user);
  if (!user) return NULL;
  user->level = from->level;
  user->user_id = lk_strdup(from->user_id);
  user->username = lk_strdup(from->username);
  user->hwid = lk_strdup(from->hwid);
  user->expires_at = lk_strdup(from->expires_at);
  user->created_at = lk_strdup(from->created_at);
  user->last_login_at = lk_strdup(from->last_login_at);
  return user;
}

void lk_session_free(lk_session *session) {
  if (!session) return;
  free(session->token);
  free(session->expires_at);
  lk_user_free(session->user);
  free(session->ticket);
  free(session);
}

static lk_session *copy_session(const lk_session *from) {
  lk_session *session = calloc(1, sizeof *session);
  if (!session) return NULL;
  session->token = lk_strdup(from->token);
  session->expires_at = lk_strdup(from->expires_at);
  session->user = from->user ? copy_user(from->user) : NULL;
  session->ticket = lk_strdup(from->ticket);
  if (!session->token || (from->user && !session->user)) {
    lk_session_free(session);
    return NULL;
  }
  return session;
}

/* Hands a copy of the held session to `out` (when not NULL). Lock held. */
static lk_error give_session(lk_client *c, lk_session **out, lk_error_info *error) {
  if (!out) return LK_OK;
  *out = copy_session(c->session);
  return *out ? LK_OK : lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
}

/* register, login, license: the answer's session becomes the held one. */
static lk_error open_session(lk_client *c, cJSON *fields, lk_session **out, lk_error_info *error) {
  if (out) *out = NULL;
  if (!fields) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  lk_mutex_lock(&c->lock);
  lk_answer answer = {0};
  lk_error code = request(c, fields, &answer, error);
  if (code == LK_OK) {
    const cJSON *data = answer_data(&answer);
    lk_session *session = calloc(1, sizeof *session);
    if (session) {
      session->token = optional_copy(data, "sessionToken");
      session->expires_at = optional_copy(data, "expiresAt");
      session->user = parse_user(cJSON_GetObjectItemCaseSensitive(data, "user"));
      session->ticket = optional_copy(data, "ticket");
    }
    if (!session || !session->token || !session->user) {
      lk_session_free(session);
      code = lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, answer.status, "The session answer has no session");
    } else {
      lk_session_free(c->session);
      c->session = session;
      code = give_session(c, out, error);
    }
    cJSON_Delete(answer.body);
  }
  lk_mutex_unlock(&c->lock);
  return code;
}

lk_error lk_register(lk_client *client, const char *username, const char *password, const char *license_key,
                     const char *hwid, lk_session **out, lk_error_info *error) {
  if (!client || !username || !password || !license_key) {
    return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client, username, password and license_key are needed");
  }
  cJSON *fields = fields_of_type("register");
  if (fields && !(add_optional(fields, "username", username) && add_optional(fields, "password", password) &&
                  add_optional(fields, "licenseKey", license_key) && add_optional(fields, "hwid", hwid))) {
    cJSON_Delete(fields);
    fields = NULL;
  }
  return open_session(client, fields, out, error);
}

lk_error lk_login(lk_client *client, const char *username, const char *password, const char *hwid,
                  lk_session **out, lk_error_info *error) {
  if (!client || !username || !password) {
    return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client, username and password are needed");
  }
  cJSON *fields = fields_of_type("login");
  if (fields && !(add_optional(fields, "username", username) && add_optional(fields, "password", password) &&
                  add_optional(fields, "hwid", hwid))) {
    cJSON_Delete(fields);
    fields = NULL;
  }
  return open_session(client, fields, out, error);
}

lk_error lk_license(lk_client *client, const char *license_key, const char *hwid, lk_session **out,
                    lk_error_info *error) {
  if (!client || !license_key) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client and license_key are needed");
  cJSON *fields = fields_of_type("license");
  if (fields && !(add_optional(fields, "licenseKey", license_key) && add_optional(fields, "hwid", hwid))) {
    cJSON_Delete(fields);
    fields = NULL;
  }
  return open_session(client, fields, out, error);
}

lk_error lk_upgrade(lk_client *client, const char *username, const char *password, const char *license_key,
                    lk_user **out, lk_error_info *error) {
  if (out) *out = NULL;
  if (!client || !username || !password || !license_key) {
    return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client, username, password and license_key are needed");
  }
  cJSON *fields = fields_of_type("upgrade");
  if (!fields || !cJSON_AddStringToObject(fields, "username", username) ||
      !cJSON_AddStringToObject(fields, "password", password) ||
      !cJSON_AddStringToObject(fields, "licenseKey", license_key)) {
    cJSON_Delete(fields);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  lk_mutex_lock(&client->lock);
  lk_answer answer = {0};
  lk_error code = request(client, fields, &answer, error);
  lk_mutex_unlock(&client->lock);
  if (code != LK_OK) return code;
  if (out) {
    *out = parse_user(cJSON_GetObjectItemCaseSensitive(answer_data(&answer), "user"));
    if (!*out) code = lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, answer.status, "The upgrade answer has no user");
  }
  cJSON_Delete(answer.body);
  return code;
}

lk_error lk_init(lk_client *client, lk_app_info **out, lk_error_info *error) {
  if (out) *out = NULL;
  if (!client) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client must not be NULL");
  cJSON *fields = fields_of_type("init");
  if (!fields) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  lk_mutex_lock(&client->lock);
  lk_answer answer = {0};
  lk_error code = request(client, fields, &answer, error);
  lk_mutex_unlock(&client->lock);
  if (code != LK_OK) return code;
  if (out) {
    const cJSON *data = answer_data(&answer);
    lk_app_info *info = calloc(1, sizeof *info);
    if (info) {
      info->name = optional_copy(data, "name");
      info->version = optional_copy(data, "version");
      info->update_url = optional_copy(data, "updateUrl");
    }
    *out = info;
    if (!info) code = lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  cJSON_Delete(answer.body);
  return code;
}

void lk_app_info_free(lk_app_info *info) {
  if (!info) return;
  free(info->name);
  free(info->version);
  free(info->update_url);
  free(info);
}

lk_error lk_current_session(lk_client *client, lk_session **out, lk_error_info *error) {
  if (!client || !out) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client and out are needed");
  *out = NULL;
  lk_mutex_lock(&client->lock);
  lk_error code = client->session ? give_session(client, out, error)
                                  : lk_fail(error, LK_ERR_NO_SESSION, 0, "No session: call login, license or register");
  lk_mutex_unlock(&client->lock);
  return code;
}

lk_error lk_use_session(lk_client *client, const char *token, const char *ticket, lk_error_info *error) {
  if (!client || !token) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client and token are needed");
  lk_session *session = calloc(1, sizeof *session);
  if (session) {
    session->token = lk_strdup(token);
    session->ticket = lk_strdup(ticket);
  }
  if (!session || !session->token || (ticket && !session->ticket)) {
    lk_session_free(session);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  lk_mutex_lock(&client->lock);
  lk_session_free(client->session);
  client->session = session;
  lk_mutex_unlock(&client->lock);
  return LK_OK;
}

lk_error lk_check(lk_client *client, lk_session **out, lk_error_info *error) {
  if (out) *out = NULL;
  if (!client) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client must not be NULL");
  lk_mutex_lock(&client->lock);
  lk_answer answer = {0};
  lk_error code = session_request(client, "check", cJSON_CreateObject(), &answer, error);
  if (code == LK_OK) {
    const cJSON *data = answer_data(&answer);
    lk_user *user = parse_user(cJSON_GetObjectItemCaseSensitive(data, "user"));
    if (!user) {
      code = lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, answer.status, "The check answer has no user");
    } else {
      lk_session *held = client->session;
      lk_user_free(held->user);
      held->user = user;
      free(held->expires_at);
      held->expires_at = optional_copy(data, "expiresAt");
      free(held->ticket);
      held->ticket = optional_copy(data, "ticket");
      code = give_session(client, out, error);
    }
    cJSON_Delete(answer.body);
  }
  lk_mutex_unlock(&client->lock);
  return code;
}

lk_error lk_heartbeat(lk_client *client, char **expires_at, lk_error_info *error) {
  if (expires_at) *expires_at = NULL;
  if (!client) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client must not be NULL");
  lk_mutex_lock(&client->lock);
  lk_answer answer = {0};
  lk_error code = session_request(client, "heartbeat", cJSON_CreateObject(), &answer, error);
  if (code == LK_OK) {
    const char *expiry = lk_json_string(answer_data(&answer), "expiresAt");
    if (expiry) {
      free(client->session->expires_at);
      client->session->expires_at = lk_strdup(expiry);
    }
    if (expires_at) *expires_at = lk_strdup(expiry);
    cJSON_Delete(answer.body);
  }
  lk_mutex_unlock(&client->lock);
  return code;
}

lk_error lk_logout(lk_client *client, lk_error_info *error) {
  if (!client) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client must not be NULL");
  lk_mutex_lock(&client->lock);
  lk_answer answer = {0};
  lk_error code = session_request(client, "logout", cJSON_CreateObject(), &answer, error);
  if (code == LK_OK) {
    cJSON_Delete(answer.body);
    lk_session_free(client->session);
    client->session = NULL;
  }
  lk_mutex_unlock(&client->lock);
  return code;
}

/* A session request with an optional key and value whose answer's `value` (when wanted) goes to `value_out`. */
static lk_error keyed_request(lk_client *client, const char *type, const char *key, const char *value,
                              char **value_out, lk_error_info *error) {
  if (value_out) *value_out = NULL;
  if (!client || !key) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client and key are needed");
  cJSON *fields = cJSON_CreateObject();
  if (!fields || !cJSON_AddStringToObject(fields, "key", key) || !add_optional(fields, "value", value)) {
    cJSON_Delete(fields);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  lk_mutex_lock(&client->lock);
  lk_answer answer = {0};
  lk_error code = session_request(client, type, fields, &answer, error);
  lk_mutex_unlock(&client->lock);
  if (code != LK_OK) return code;
  if (value_out) {
    const char *answered = lk_json_string(answer_data(&answer), "value");
    *value_out = lk_strdup(answered);
    if (!answered) code = lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, answer.status, "The answer has no value");
    else if (!*value_out) code = lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  cJSON_Delete(answer.body);
  return code;
}

lk_error lk_var(lk_client *client, const char *key, char **value, lk_error_info *error) {
  if (!value) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "value must not be NULL");
  return keyed_request(client, "var", key, NULL, value, error);
}

lk_error lk_user_var(lk_client *client, const char *key, char **value, lk_error_info *error) {
  if (!value) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "value must not be NULL");
  return keyed_request(client, "uservar", key, NULL, value, error);
}

lk_error lk_set_user_var(lk_client *client, const char *key, const char *value, lk_error_info *error) {
  if (!value) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "value must not be NULL");
  return keyed_request(client, "setuservar", key, value, NULL, error);
}

lk_error lk_delete_user_var(lk_client *client, const char *key, lk_error_info *error) {
  return keyed_request(client, "deluservar", key, NULL, NULL, error);
}

void lk_variables_free(lk_variables *variables) {
  if (!variables) return;
  for (size_t i = 0; i < variables->count; i++) {
    free(variables->items[i].key);
    free(variables->items[i].value);
  }
  free(variables->items);
  free(variables);
}

lk_error lk_user_vars(lk_client *client, lk_variables **out, lk_error_info *error) {
  if (!client || !out) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client and out are needed");
  *out = NULL;
  lk_mutex_lock(&client->lock);
  lk_answer answer = {0};
  lk_error code = session_request(client, "uservars", cJSON_CreateObject(), &answer, error);
  lk_mutex_unlock(&client->lock);
  if (code != LK_OK) return code;
  const cJSON *list = cJSON_GetObjectItemCaseSensitive(answer_data(&answer), "variables");
  lk_variables *variables = calloc(1, sizeof *variables);
  size_t count = cJSON_IsArray(list) ? (size_t)cJSON_GetArraySize(list) : 0;
  if (variables && count > 0) variables->items = calloc(count, sizeof *variables->items);
  if (!variables || (count > 0 && !variables->items)) {
    code = lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  } else if (!cJSON_IsArray(list)) {
    code = lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, answer.status, "The answer has no variables");
  } else {
    const cJSON *item = NULL;
    cJSON_ArrayForEach(item, list) {
      lk_variable *variable = &variables->items[variables->count++];
      variable->key = optional_copy(item, "key");
      variable->value = optional_copy(item, "value");
      if (!variable->key || !variable->value) {
        code = lk_fail(error, LK_ERR_UNEXPECTED_RESPONSE, answer.status, "A variable has no key or value");
        break;
      }
    }
  }
  cJSON_Delete(answer.body);
  if (code != LK_OK) {
    lk_variables_free(variables);
    return code;
  }
  *out = variables;
  return LK_OK;
}

lk_error lk_log(lk_client *client, const char *message, lk_error_info *error) {
  if (!client || !message) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client and message are needed");
  cJSON *fields = cJSON_CreateObject();
  if (!fields || !cJSON_AddStringToObject(fields, "message", message)) {
    cJSON_Delete(fields);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  }
  lk_mutex_lock(&client->lock);
  lk_answer answer = {0};
  lk_error code = session_request(client, "log", fields, &answer, error);
  lk_mutex_unlock(&client->lock);
  cJSON_Delete(answer.body);
  return code;
}

/* The signed `file` request, then the transfer into `destination`. */
static lk_error fetch_file(lk_client *client, const char *file_id, int encrypted, const lk_destination *destination,
                           lk_file_info **out, lk_error_info *error) {
  unsigned char private_key[32] = {0};
  unsigned char public_key[32];
  bool paired = encrypted && lk_x25519_generate(private_key, public_key);
  char *client_public_key = paired ? lk_base64_encode(public_key, sizeof public_key) : NULL;
  cJSON *fields = cJSON_CreateObject();
  lk_error code = LK_OK;
  if ((encrypted && !client_public_key) || !fields || !cJSON_AddStringToObject(fields, "fileId", file_id) ||
      !add_optional(fields, "clientPublicKey", client_public_key)) {
    cJSON_Delete(fields);
    code = lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  } else {
    lk_mutex_lock(&client->lock);
    long timeout_ms = client->timeout_ms;
    lk_answer answer = {0};
    code = session_request(client, "file", fields, &answer, error);
    /* The transfer runs without the lock: heartbeats and other calls go on meanwhile. */
    lk_mutex_unlock(&client->lock);
    if (code == LK_OK) {
      code = lk_download(answer_data(&answer), file_id, encrypted ? private_key : NULL, client_public_key,
                         destination, timeout_ms, out, error);
      cJSON_Delete(answer.body);
    } else if (destination->abandon) {
      destination->abandon(destination->context);
    }
  }
  lk_cleanse(private_key, sizeof private_key);
  free(client_public_key);
  return code;
}

lk_error lk_file(lk_client *client, const char *file_id, const char *path, int encrypted, lk_file_info **out,
                 lk_error_info *error) {
  if (out) *out = NULL;
  if (!client || !file_id || !path) {
    return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client, file_id and path are needed");
  }
  lk_path_destination file;
  lk_destination destination;
  lk_error code = lk_path_destination_open(&file, path, &destination, error);
  if (code == LK_OK) code = fetch_file(client, file_id, encrypted, &destination, out, error);
  lk_path_destination_close(&file);
  return code;
}

lk_error lk_file_to_memory(lk_client *client, const char *file_id, int encrypted, unsigned char **bytes,
                           size_t *length, lk_file_info **out, lk_error_info *error) {
  if (out) *out = NULL;
  if (bytes) *bytes = NULL;
  if (length) *length = 0;
  if (!client || !file_id || !bytes || !length) {
    return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client, file_id, bytes and length are needed");
  }
  lk_memory_destination memory;
  lk_destination destination = lk_memory_destination_of(&memory);
  lk_error code = fetch_file(client, file_id, encrypted, &destination, out, error);
  if (code == LK_OK) {
    *bytes = memory.bytes;
    *length = memory.length;
  } else if (memory.bytes) {
    destination.abandon(destination.context);
  }
  return code;
}

lk_error lk_file_to_callback(lk_client *client, const char *file_id, int encrypted, lk_write_callback write,
                             void *user_data, lk_file_info **out, lk_error_info *error) {
  if (out) *out = NULL;
  if (!client || !file_id || !write) {
    return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client, file_id and write are needed");
  }
  lk_callback_destination callback = {write, user_data};
  lk_destination destination = lk_callback_destination_of(&callback);
  return fetch_file(client, file_id, encrypted, &destination, out, error);
}

lk_error lk_verify_ticket(lk_client *client, const char *ticket, const char *hwid, lk_ticket_claims **out,
                          lk_error_info *error) {
  if (out) *out = NULL;
  if (!client) return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client must not be NULL");
  lk_mutex_lock(&client->lock);
  char *held = ticket ? NULL : (client->session ? lk_strdup(client->session->ticket) : NULL);
  lk_mutex_unlock(&client->lock);
  const char *checked = ticket ? ticket : held;
  lk_error code = checked ? lk_verify_ticket_at(checked, client->public_key, client->app_id, hwid,
                                                (int64_t)time(NULL), out, error)
                          : lk_fail(error, LK_ERR_TICKET_INVALID, 0, "No offline ticket to verify");
  free(held);
  return code;
}

struct lk_heartbeat_timer {
  lk_client *client;
  long interval_ms;
  lk_heartbeat_callback on_lost;
  lk_heartbeat_callback on_error;
  void *user_data;
  lk_thread thread;
  lk_mutex lock;
  lk_cond wake;
  bool stopping;
  bool stopped_by_itself; /* lk_heartbeat_timer_stop was called from a callback: the thread frees the timer */
};

/* Waits interval_ms or until stopped; true when stopped. Timer lock held. */
static bool wait_interval(lk_heartbeat_timer *timer) {
  struct timespec deadline;
  lk_deadline_after(&deadline, timer->interval_ms); /* a steady clock: see lk_threads.h */
  while (!timer->stopping) {
    if (!lk_cond_wait_until(&timer->wake, &timer->lock, &deadline)) break;
  }
  return timer->stopping;
}

static int heartbeat_loop(void *context) {
  lk_heartbeat_timer *timer = context;
  lk_mutex_lock(&timer->lock);
  while (!wait_interval(timer)) {
    lk_mutex_unlock(&timer->lock);
    lk_error_info info = {0};
    lk_error code = lk_heartbeat(timer->client, NULL, &info);
    /* 401/403 are the service's verified word that the session is over; the rest may pass. */
    bool lost = code == LK_ERR_NO_SESSION ||
                (code != LK_OK && code < LK_ERR_SIGNATURE_INVALID && (info.status == 401 || info.status == 403));
    if (lost && timer->on_lost) timer->on_lost(&info, timer->user_data);
    if (!lost && code != LK_OK && timer->on_error) timer->on_error(&info, timer->user_data);
    lk_mutex_lock(&timer->lock);
    if (lost) break;
  }
  bool free_here = timer->stopped_by_itself;
  lk_mutex_unlock(&timer->lock);
  if (free_here) {
    lk_thread_detach(timer->thread);
    lk_cond_destroy(&timer->wake);
    lk_mutex_destroy(&timer->lock);
    free(timer);
  }
  return 0;
}

lk_error lk_heartbeat_timer_start(lk_client *client, long interval_ms, lk_heartbeat_callback on_lost,
                                  lk_heartbeat_callback on_error, void *user_data, lk_heartbeat_timer **out,
                                  lk_error_info *error) {
  if (!client || !out || interval_ms < 0) {
    return lk_fail(error, LK_ERR_INVALID_ARGUMENT, 0, "client and out are needed, interval_ms at least 0");
  }
  *out = NULL;
  lk_heartbeat_timer *timer = calloc(1, sizeof *timer);
  if (!timer) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  timer->client = client;
  timer->interval_ms = interval_ms > 0 ? interval_ms : 60000;
  timer->on_lost = on_lost;
  timer->on_error = on_error;
  timer->user_data = user_data;
  if (!lk_mutex_init(&timer->lock)) {
    free(timer);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Could not create a lock");
  }
  if (!lk_cond_init(&timer->wake)) {
    lk_mutex_destroy(&timer->lock);
    free(timer);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Could not create a condition");
  }
  /* Held while the thread starts: the thread reads timer->thread only once it has the lock. */
  lk_mutex_lock(&timer->lock);
  bool started = lk_thread_start(&timer->thread, heartbeat_loop, timer);
  lk_mutex_unlock(&timer->lock);
  if (!started) {
    lk_cond_destroy(&timer->wake);
    lk_mutex_destroy(&timer->lock);
    free(timer);
    return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Could not start the heartbeat thread");
  }
  *out = timer;
  return LK_OK;
}

void lk_heartbeat_timer_stop(lk_heartbeat_timer *timer) {
  if (!timer) return;
  lk_mutex_lock(&timer->lock);
  timer->stopping = true;
  lk_cond_signal(&timer->wake);
  if (lk_thread_is_current(timer->thread)) {
    /* From one of its callbacks: joining itself would deadlock; the thread ends once the callback returns. */
    timer->stopped_by_itself = true;
    lk_mutex_unlock(&timer->lock);
    return;
  }
  lk_mutex_unlock(&timer->lock);
  lk_thread_join(timer->thread);
  lk_cond_destroy(&timer->wake);
  lk_mutex_destroy(&timer->lock);
  free(timer);
}
