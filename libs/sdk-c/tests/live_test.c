/*
 * End to end against a real Latchkey started by scripts/with-live-service.mjs
 * (its LATCHKEY_* variables and fixtures): every call of the C API, the
 * service's refusals with their codes, and the example programs in C and C++
 * as a vendor would ship them.
 *   node scripts/with-live-service.mjs -- latchkey-live-test <latchkey-cli> <latchkey-cli-cpp>
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <curl/curl.h>
#include <openssl/evp.h>

#include "check.h"
#include "latchkey.h"

static const char *env(const char *name) {
  const char *value = getenv(name);
  return value ? value : "";
}

typedef struct text {
  char *data;
  size_t length;
} text;

static size_t append(char *bytes, size_t size, size_t count, void *context) {
  text *t = context;
  char *grown = realloc(t->data, t->length + size * count + 1);
  if (!grown) return 0;
  t->data = grown;
  memcpy(t->data + t->length, bytes, size * count);
  t->length += size * count;
  t->data[t->length] = '\0';
  return size * count;
}

/* A new unused license key at `level` through the admin API (as the owner); NULL on failure. */
static char *make_key(int level) {
  char url[512];
  char body[128];
  char authorization[512];
  snprintf(url, sizeof url, "%s/v1/admin/apps/%s/licenses", env("LATCHKEY_URL"), env("LATCHKEY_APP_ID"));
  snprintf(body, sizeof body, "{\"count\":1,\"durationType\":\"30d\",\"level\":%d}", level);
  snprintf(authorization, sizeof authorization, "Authorization: Bearer %s", env("LATCHKEY_OWNER_TOKEN"));
  struct curl_slist *headers = curl_slist_append(NULL, "Content-Type: application/json");
  headers = curl_slist_append(headers, authorization);
  text answer = {0};
  CURL *curl = curl_easy_init();
  curl_easy_setopt(curl, CURLOPT_URL, url);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, append);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
  CURLcode result = curl_easy_perform(curl);
  curl_easy_cleanup(curl);
  curl_slist_free_all(headers);
  cJSON *json = result == CURLE_OK && answer.data ? cJSON_Parse(answer.data) : NULL;
  cJSON *key = cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(json, "data"), 0), "key");
  char *copy = cJSON_IsString(key) ? strdup(key->valuestring) : NULL;
  if (!copy) fprintf(stderr, "could not make a key: %s\n", answer.data ? answer.data : curl_easy_strerror(result));
  cJSON_Delete(json);
  free(answer.data);
  return copy;
}

static lk_client *new_client(const char *public_key) {
  lk_client *client = NULL;
  lk_client_new(env("LATCHKEY_URL"), env("LATCHKEY_APP_ID"), env("LATCHKEY_API_KEY"), public_key, &client, NULL);
  return client;
}

/* Hex SHA-256 of a file's bytes, into out[65]; false when unreadable. */
static int file_sha256(const char *path, char out[65], long *size) {
  FILE *file = fopen(path, "rb");
  if (!file) return 0;
  EVP_MD_CTX *context = EVP_MD_CTX_new();
  EVP_DigestInit_ex(context, EVP_sha256(), NULL);
  unsigned char chunk[65536];
  size_t read;
  *size = 0;
  while ((read = fread(chunk, 1, sizeof chunk, file)) > 0) {
    EVP_DigestUpdate(context, chunk, read);
    *size += (long)read;
  }
  fclose(file);
  unsigned char digest[32];
  EVP_DigestFinal_ex(context, digest, NULL);
  EVP_MD_CTX_free(context);
  for (int i = 0; i < 32; i++) snprintf(out + 2 * i, 3, "%02x", digest[i]);
  return 1;
}

static int license_session_and_calls(void) {
  char *key = make_key(1);
  CHECK(key);
  lk_client *client = new_client(env("LATCHKEY_PUBLIC_KEY"));
  lk_error_info error = {0};
  lk_app_info *app = NULL;
  CHECK_CODE(lk_init(client, &app, &error), LK_OK);
  CHECK_STR(app->name, "SDK live tests");
  lk_app_info_free(app);

  lk_session *session = NULL;
  CHECK_CODE(lk_license(client, key, "c-live-machine", &session, &error), LK_OK);
  CHECK(session->user->level == 1 && session->user->expires_at != NULL);
  CHECK_STR(session->user->hwid, "c-live-machine");
  CHECK(session->ticket != NULL);
  lk_ticket_claims *claims = NULL;
  CHECK_CODE(lk_verify_ticket(client, NULL, "c-live-machine", &claims, &error), LK_OK);
  CHECK_STR(claims->iss, env("LATCHKEY_APP_ID"));
  CHECK_STR(claims->sub, session->user->user_id);
  CHECK(claims->exp > (int64_t)time(NULL) && claims->level == 1);
  lk_ticket_claims_free(claims);
  CHECK_CODE(lk_verify_ticket(client, NULL, "another-machine", NULL, &error), LK_ERR_TICKET_INVALID);
  lk_session_free(session);

  char *value = NULL;
  CHECK_CODE(lk_var(client, "motd", &value, &error), LK_OK);
  CHECK_STR(value, "hello from latchkey");
  lk_free(value);
  CHECK_CODE(lk_var(client, "vip", &value, &error), LK_ERR_INSUFFICIENT_LEVEL);
  CHECK(error.status == 403);
  CHECK_STR(error.message, "Insufficient level");
  CHECK_CODE(lk_var(client, "nothing-here", &value, &error), LK_ERR_VARIABLE_NOT_FOUND);

  CHECK_CODE(lk_set_user_var(client, "theme", "dark", &error), LK_OK);
  CHECK_CODE(lk_set_user_var(client, "lang", "fr", &error), LK_OK);
  CHECK_CODE(lk_set_user_var(client, "theme", "light", &error), LK_OK);
  CHECK_CODE(lk_user_var(client, "theme", &value, &error), LK_OK);
  CHECK_STR(value, "light");
  lk_free(value);
  lk_variables *variables = NULL;
  CHECK_CODE(lk_user_vars(client, &variables, &error), LK_OK);
  CHECK(variables->count == 2);
  CHECK_STR(variables->items[0].key, "lang");
  CHECK_STR(variables->items[1].value, "light");
  lk_variables_free(variables);
  CHECK_CODE(lk_delete_user_var(client, "lang", &error), LK_OK);
  CHECK_CODE(lk_user_var(client, "lang", &value, &error), LK_ERR_VARIABLE_NOT_FOUND);
  CHECK_CODE(lk_set_user_var(client, "bad key!", "x", &error), LK_ERR_VALIDATION);
  CHECK(error.status == 400);

  CHECK_CODE(lk_log(client, "liblatchkey live test", &error), LK_OK);
  CHECK_CODE(lk_check(client, &session, &error), LK_OK);
  CHECK(session->ticket != NULL && session->user->level == 1);
  lk_session_free(session);
  char *expires = NULL;
  CHECK_CODE(lk_heartbeat(client, &expires, &error), LK_OK);
  CHECK(expires && strlen(expires) == 24);
  lk_free(expires);

  CHECK_CODE(lk_logout(client, &error), LK_OK);
  CHECK_CODE(lk_var(client, "motd", &value, &error), LK_ERR_NO_SESSION);
  /* The same key on another machine: bound to the first one. */
  CHECK_CODE(lk_license(client, key, "another-machine", NULL, &error), LK_ERR_HWID_MISMATCH);
  CHECK_CODE(lk_license(client, "NOPE1-NOPE2-NOPE3-NOPE4", NULL, NULL, &error), LK_ERR_LICENSE_NOT_FOUND);
  CHECK(error.status == 404);
  CHECK_STR(error.message, "License key not found");
  lk_client_free(client);
  free(key);
  return 0;
}

static int downloads(void) {
  char *key = make_key(1);
  CHECK(key);
  lk_client *client = new_client(env("LATCHKEY_PUBLIC_KEY"));
  lk_error_info error = {0};
  CHECK_CODE(lk_license(client, key, NULL, NULL, &error), LK_OK);
  int encrypted_modes[] = {1, 0};
  for (size_t i = 0; i < 2; i++) {
    const char *path = encrypted_modes[i] ? "live-encrypted.bin" : "live-plain.bin";
    lk_file_info *info = NULL;
    CHECK_CODE(lk_file(client, env("LATCHKEY_FILE_ID"), path, encrypted_modes[i], &info, &error), LK_OK);
    CHECK(info->encrypted == encrypted_modes[i]);
    CHECK_STR(info->sha256, env("LATCHKEY_FILE_SHA256"));
    CHECK_STR(info->name, "payload.bin");
    char sha256[65];
    long size = 0;
    CHECK(file_sha256(path, sha256, &size));
    CHECK_STR(sha256, env("LATCHKEY_FILE_SHA256"));
    CHECK(size == atol(env("LATCHKEY_FILE_SIZE")) && (uint64_t)size == info->size);
    lk_file_info_free(info);
    remove(path);
    /* The same file into memory: the same bytes, no file written. */
    unsigned char *bytes = NULL;
    size_t length = 0;
    CHECK_CODE(lk_file_to_memory(client, env("LATCHKEY_FILE_ID"), encrypted_modes[i], &bytes, &length, &info, &error),
               LK_OK);
    unsigned char digest[32];
    CHECK(EVP_Digest(bytes, length, digest, NULL, EVP_sha256(), NULL) == 1);
    for (int j = 0; j < 32; j++) snprintf(sha256 + 2 * j, 3, "%02x", digest[j]);
    CHECK_STR(sha256, env("LATCHKEY_FILE_SHA256"));
    CHECK(length == (size_t)atol(env("LATCHKEY_FILE_SIZE")) && info->encrypted == encrypted_modes[i]);
    lk_file_info_free(info);
    lk_free(bytes);
  }
  unsigned char *bytes = NULL;
  size_t length = 0;
  CHECK_CODE(lk_file_to_memory(client, env("LATCHKEY_VIP_FILE_ID"), 1, &bytes, &length, NULL, &error),
             LK_ERR_INSUFFICIENT_LEVEL);
  CHECK(bytes == NULL);
  CHECK_CODE(lk_file(client, env("LATCHKEY_VIP_FILE_ID"), "live-vip.bin", 1, NULL, &error),
             LK_ERR_INSUFFICIENT_LEVEL);
  CHECK_CODE(lk_file(client, "00000000-0000-4000-8000-000000000000", "live-none.bin", 1, NULL, &error),
             LK_ERR_FILE_NOT_FOUND);
  lk_client_free(client);
  free(key);
  return 0;
}

static int accounts(void) {
  char *register_key = make_key(1);
  char *upgrade_key = make_key(5);
  CHECK(register_key && upgrade_key);
  lk_client *client = new_client(env("LATCHKEY_PUBLIC_KEY"));
  lk_error_info error = {0};
  lk_session *session = NULL;
  CHECK_CODE(lk_register(client, "c_live_user", "c live password", register_key, NULL, &session, &error), LK_OK);
  CHECK_STR(session->user->username, "c_live_user");
  lk_session_free(session);
  CHECK_CODE(lk_register(client, "c_live_other", "c live password", register_key, NULL, NULL, &error),
             LK_ERR_LICENSE_USED);
  CHECK_CODE(lk_login(client, "C_LIVE_USER", "wrong password", NULL, NULL, &error), LK_ERR_INVALID_USER_LOGIN);
  CHECK(error.status == 401);
  lk_user *user = NULL;
  CHECK_CODE(lk_upgrade(client, "c_live_user", "c live password", upgrade_key, &user, &error), LK_OK);
  CHECK(user->level == 5);
  lk_user_free(user);
  CHECK_CODE(lk_login(client, "C_LIVE_USER", "c live password", NULL, &session, &error), LK_OK);
  CHECK(session->user->level == 5);
  lk_session_free(session);
  char *value = NULL;
  CHECK_CODE(lk_var(client, "vip", &value, &error), LK_OK);
  CHECK_STR(value, "for level 5");
  lk_free(value);
  CHECK_CODE(lk_logout(client, &error), LK_OK);
  lk_client_free(client);
  free(register_key);
  free(upgrade_key);
  return 0;
}

static int answers_under_another_key_are_refused(void) {
  /* The protocol vectors' public key: a valid key, but not this app's. */
  lk_client *client = new_client("11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=");
  lk_error_info error = {0};
  CHECK_CODE(lk_init(client, NULL, &error), LK_ERR_SIGNATURE_INVALID);
  lk_client_free(client);
  return 0;
}

static int an_unknown_app_is_app_unknown(void) {
  lk_client *client = NULL;
  CHECK_CODE(lk_client_new(env("LATCHKEY_URL"), "00000000-0000-4000-8000-000000000000", "lk_nothing",
                           env("LATCHKEY_PUBLIC_KEY"), &client, NULL),
             LK_OK);
  lk_error_info error = {0};
  CHECK_CODE(lk_init(client, NULL, &error), LK_ERR_APP_UNKNOWN);
  CHECK(error.status == 401);
  lk_client_free(client);
  return 0;
}

static int a_url_ending_in_v1_is_accepted(void) {
  char url[512];
  snprintf(url, sizeof url, "%s/v1/", env("LATCHKEY_URL"));
  lk_client *client = NULL;
  CHECK_CODE(lk_client_new(url, env("LATCHKEY_APP_ID"), env("LATCHKEY_API_KEY"), env("LATCHKEY_PUBLIC_KEY"), &client,
                           NULL),
             LK_OK);
  lk_error_info error = {0};
  CHECK_CODE(lk_init(client, NULL, &error), LK_OK);
  lk_client_free(client);
  return 0;
}

/* Runs `command` (stderr joined to stdout); its output in `out` and its exit status. */
static int run(const char *command, char *out, size_t size) {
  FILE *pipe = popen(command, "r");
  if (!pipe) return -1;
  size_t length = fread(out, 1, size - 1, pipe);
  out[length] = '\0';
  int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int example_program(const char *cli, const char *machine) {
  char *key = make_key(3);
  CHECK(key);
  char command[1024];
  char output[4096];
  snprintf(command, sizeof command, "'%s' --key %s --var motd --file %s --out live-cli.bin --hwid %s 2>&1", cli, key,
           env("LATCHKEY_FILE_ID"), machine);
  int status = run(command, output, sizeof output);
  if (status != 0) fprintf(stderr, "%s exited %d:\n%s", cli, status, output);
  CHECK(status == 0);
  CHECK(strncmp(output, "level: 3\nexpires: 20", 20) == 0);
  CHECK(strstr(output, "\noffline until: 20") != NULL);
  CHECK(strstr(output, "\nmotd: hello from latchkey\n") != NULL);
  char expected[256];
  snprintf(expected, sizeof expected, "\ndownloaded: payload.bin (%s bytes, sha256 %s) to live-cli.bin\n",
           env("LATCHKEY_FILE_SIZE"), env("LATCHKEY_FILE_SHA256"));
  CHECK(strstr(output, expected) != NULL);
  char sha256[65];
  long size = 0;
  CHECK(file_sha256("live-cli.bin", sha256, &size));
  CHECK_STR(sha256, env("LATCHKEY_FILE_SHA256"));
  remove("live-cli.bin");

  snprintf(command, sizeof command, "'%s' --key NOPE1-NOPE2-NOPE3-NOPE4 --hwid %s 2>&1", cli, machine);
  CHECK(run(command, output, sizeof output) == 1);
  CHECK_STR(output, "error LICENSE_NOT_FOUND: License key not found\n");
  snprintf(command, sizeof command, "'%s' --var motd 2>&1", cli);
  CHECK(run(command, output, sizeof output) == 2);
  CHECK(strncmp(output, "usage: ", 7) == 0);
  free(key);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3 || !*env("LATCHKEY_URL")) {
    fputs("usage (through scripts/with-live-service.mjs): latchkey-live-test <latchkey-cli> <latchkey-cli-cpp>\n",
          stderr);
    return 2;
  }
  lk_global_init();
  struct {
    const char *name;
    int (*run)(void);
  } cases[] = {
      {"license_session_and_calls", license_session_and_calls},
      {"downloads", downloads},
      {"accounts", accounts},
      {"answers_under_another_key_are_refused", answers_under_another_key_are_refused},
      {"an_unknown_app_is_app_unknown", an_unknown_app_is_app_unknown},
      {"a_url_ending_in_v1_is_accepted", a_url_ending_in_v1_is_accepted},
  };
  int failed = 0;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    int result = cases[i].run();
    printf("%s %s\n", result == 0 ? "ok" : "FAILED", cases[i].name);
    failed += result != 0;
  }
  int c_cli = example_program(argv[1], "c-cli-machine");
  printf("%s example program in C\n", c_cli == 0 ? "ok" : "FAILED");
  int cpp_cli = example_program(argv[2], "cpp-cli-machine");
  printf("%s example program in C++\n", cpp_cli == 0 ? "ok" : "FAILED");
  lk_global_cleanup();
  return failed + c_cli + cpp_cli == 0 ? 0 : 1;
}
