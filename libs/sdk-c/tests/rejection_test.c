/*
 * The client against tests/fake-service.mjs: forged, stale, replayed and
 * broken answers are refused with the same codes as the TypeScript SDK's
 * (libs/sdk/test/client.spec.ts), and good ones accepted. Public API only.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <threads.h>
#include <time.h>

#include "check.h"
#include "latchkey.h"

#define FILE_ID "7d1f0c2e-5b8a-4c3e-9f21-0a6b4d2c8e91"
#define CONTENT_BYTES 150000

/* The fake service's base URL, app id and public key, from its state file. */
static char fake_url[128];
static char fake_app_id[128];
static char fake_public_key[128];

static int read_line(FILE *file, char *line, size_t size) {
  if (!fgets(line, (int)size, file)) return 0;
  line[strcspn(line, "\n")] = '\0';
  return 1;
}

static int read_fake_service(void) {
  const char *path = getenv("LATCHKEY_FAKE_STATE");
  FILE *file = path ? fopen(path, "r") : NULL;
  if (!file) return 0;
  int ok = read_line(file, fake_url, sizeof fake_url) && read_line(file, fake_app_id, sizeof fake_app_id) &&
           read_line(file, fake_public_key, sizeof fake_public_key);
  fclose(file);
  return ok;
}

/* A client of the fake service's `scenario`. */
static lk_client *client_of(const char *scenario) {
  char url[256];
  snprintf(url, sizeof url, "%s/%s", fake_url, scenario);
  lk_client *client = NULL;
  lk_client_new(url, fake_app_id, "lk_fake", fake_public_key, &client, NULL);
  return client;
}

/* The code of `init` under `scenario`, its error in `error`. */
static lk_error init_under(const char *scenario, lk_error_info *error) {
  lk_client *client = client_of(scenario);
  lk_error code = lk_init(client, NULL, error);
  lk_client_free(client);
  return code;
}

static int accepts_a_good_answer(void) {
  lk_client *client = client_of("ok");
  lk_app_info *app = NULL;
  lk_error_info error = {0};
  CHECK_CODE(lk_init(client, &app, &error), LK_OK);
  CHECK_STR(app->name, "Fake App");
  CHECK_STR(app->version, "1.0.0");
  CHECK(app->update_url == NULL);
  lk_app_info_free(app);
  lk_client_free(client);
  return 0;
}

#define REFUSED(function, scenario, expected, expected_status)      \
  static int function(void) {                                       \
    lk_error_info error = {0};                                      \
    CHECK_CODE(init_under(scenario, &error), expected);             \
    CHECK(error.code == (expected));                                \
    CHECK(error.status == (expected_status));                       \
    return 0;                                                       \
  }

REFUSED(forged_signature, "forged", LK_ERR_SIGNATURE_INVALID, 200)
REFUSED(tampered_body, "tampered", LK_ERR_SIGNATURE_INVALID, 200)
REFUSED(unsigned_answer, "unsigned", LK_ERR_SIGNATURE_INVALID, 200)
REFUSED(unsigned_refusal_is_an_unknown_app, "unsigned-refusal", LK_ERR_APP_UNKNOWN, 401)
REFUSED(malformed_signature, "malformed-signature", LK_ERR_SIGNATURE_INVALID, 200)
REFUSED(stale_answer, "stale", LK_ERR_STALE_RESPONSE, 200)
REFUSED(answer_from_the_future, "future", LK_ERR_STALE_RESPONSE, 200)
REFUSED(replayed_answer, "replayed", LK_ERR_NONCE_MISMATCH, 200)
REFUSED(answer_without_nonce, "no-nonce", LK_ERR_NONCE_MISMATCH, 200)
REFUSED(answer_not_json, "not-json", LK_ERR_UNEXPECTED_RESPONSE, 200)
REFUSED(answer_not_an_envelope, "not-envelope", LK_ERR_UNEXPECTED_RESPONSE, 200)
REFUSED(server_error, "server-error", LK_ERR_SERVER_ERROR, 500)

static int refusal_carries_message_and_status(void) {
  lk_error_info error = {0};
  CHECK_CODE(init_under("refusal", &error), LK_ERR_LICENSE_BANNED);
  CHECK(error.status == 403);
  CHECK_STR(error.message, "License is banned");
  CHECK_CODE(init_under("validation", &error), LK_ERR_VALIDATION);
  CHECK(error.status == 400);
  CHECK_STR(error.message, "username must be 3-32 characters");
  return 0;
}

static int no_answer_is_a_network_error(void) {
  lk_client *client = NULL;
  CHECK_CODE(lk_client_new("http://127.0.0.1:1", "app", "key", fake_public_key, &client, NULL),
             LK_OK);
  lk_error_info error = {0};
  CHECK_CODE(lk_init(client, NULL, &error), LK_ERR_NETWORK);
  CHECK(error.status == 0);
  lk_client_free(client);
  return 0;
}

static int bad_configuration_is_refused(void) {
  lk_client *client = NULL;
  lk_error_info error = {0};
  CHECK_CODE(lk_client_new("http://127.0.0.1:1", "app", "key", "not a key", &client, &error), LK_ERR_INVALID_ARGUMENT);
  CHECK(client == NULL);
  CHECK_CODE(lk_client_new(NULL, "app", "key", fake_public_key, &client, &error),
             LK_ERR_INVALID_ARGUMENT);
  return 0;
}

static int session_calls_need_a_session(void) {
  lk_client *client = client_of("ok");
  char *value = NULL;
  lk_error_info error = {0};
  CHECK_CODE(lk_var(client, "motd", &value, &error), LK_ERR_NO_SESSION);
  CHECK(value == NULL);
  CHECK_CODE(lk_logout(client, &error), LK_ERR_NO_SESSION);
  CHECK_CODE(lk_verify_ticket(client, NULL, NULL, NULL, &error), LK_ERR_TICKET_INVALID);
  lk_client_free(client);
  return 0;
}

static int session_lifecycle(void) {
  lk_client *client = client_of("ok");
  lk_session *session = NULL;
  lk_error_info error = {0};
  CHECK_CODE(lk_license(client, "KEY-1", "machine", &session, &error), LK_OK);
  CHECK_STR(session->token, "fake-session-token");
  CHECK_STR(session->user->username, "fake-user");
  CHECK(session->user->level == 3 && session->user->expires_at == NULL && session->ticket == NULL);
  lk_session_free(session);
  CHECK_CODE(lk_check(client, &session, &error), LK_OK);
  CHECK_STR(session->user->user_id, "5e0f7a34-9c2d-4b1a-8e6f-3d2c1b0a9f88");
  lk_session_free(session);
  char *text = NULL;
  CHECK_CODE(lk_heartbeat(client, &text, &error), LK_OK);
  CHECK_STR(text, "2026-01-04T00:00:00.000Z");
  lk_free(text);
  CHECK_CODE(lk_current_session(client, &session, &error), LK_OK);
  CHECK_STR(session->expires_at, "2026-01-04T00:00:00.000Z");
  lk_session_free(session);
  CHECK_CODE(lk_var(client, "motd", &text, &error), LK_OK);
  CHECK_STR(text, "value of motd");
  lk_free(text);
  CHECK_CODE(lk_set_user_var(client, "theme", "dark", &error), LK_OK);
  CHECK_CODE(lk_user_var(client, "theme", &text, &error), LK_OK);
  CHECK_STR(text, "value of theme");
  lk_free(text);
  lk_variables *variables = NULL;
  CHECK_CODE(lk_user_vars(client, &variables, &error), LK_OK);
  CHECK(variables->count == 2);
  CHECK_STR(variables->items[1].key, "b");
  CHECK_STR(variables->items[1].value, "2");
  lk_variables_free(variables);
  CHECK_CODE(lk_delete_user_var(client, "theme", &error), LK_OK);
  CHECK_CODE(lk_log(client, "started", &error), LK_OK);
  CHECK_CODE(lk_logout(client, &error), LK_OK);
  CHECK_CODE(lk_current_session(client, &session, &error), LK_ERR_NO_SESSION);
  CHECK_CODE(lk_var(client, "motd", &text, &error), LK_ERR_NO_SESSION);
  lk_client_free(client);
  return 0;
}

/* No file and no partial download left in the working directory under `path`'s name. */
static int leaves_nothing(const char *path) {
  DIR *dir = opendir(".");
  if (!dir) return 0;
  struct dirent *entry;
  int clean = 1;
  while ((entry = readdir(dir))) {
    if (strncmp(entry->d_name, path, strlen(path)) == 0) clean = 0;
  }
  closedir(dir);
  return clean;
}

/* Downloads under `scenario` into `path` (removed first). */
static lk_error download(const char *scenario, const char *path, int encrypted, lk_file_info **info,
                         lk_error_info *error) {
  remove(path);
  lk_client *client = client_of(scenario);
  lk_error code = lk_license(client, "KEY-1", NULL, NULL, error);
  if (code == LK_OK) code = lk_file(client, FILE_ID, path, encrypted, info, error);
  lk_client_free(client);
  return code;
}

static int content_is_expected(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) return 0;
  int ok = 1;
  long i = 0;
  for (int c; (c = fgetc(file)) != EOF; i++) {
    if (c != (int)((i * 7) % 251)) ok = 0;
  }
  fclose(file);
  return ok && i == CONTENT_BYTES;
}

static int encrypted_download(void) {
  lk_file_info *info = NULL;
  lk_error_info error = {0};
  CHECK_CODE(download("file-ok", "encrypted.bin", 1, &info, &error), LK_OK);
  CHECK(info->encrypted && info->size == CONTENT_BYTES);
  CHECK_STR(info->name, "fake.bin");
  CHECK_STR(info->file_id, FILE_ID);
  CHECK(content_is_expected("encrypted.bin"));
  lk_file_info_free(info);
  remove("encrypted.bin");
  return 0;
}

static int plain_download(void) {
  lk_file_info *info = NULL;
  lk_error_info error = {0};
  CHECK_CODE(download("file-ok", "plain.bin", 0, &info, &error), LK_OK);
  CHECK(!info->encrypted);
  CHECK(content_is_expected("plain.bin"));
  lk_file_info_free(info);
  remove("plain.bin");
  return 0;
}

#define DOWNLOAD_REFUSED(function, scenario, encrypted, expected)     \
  static int function(void) {                                        \
    lk_error_info error = {0};                                       \
    CHECK_CODE(download(scenario, #function, encrypted, NULL, &error), expected); \
    CHECK(leaves_nothing(#function));                                \
    return 0;                                                        \
  }

DOWNLOAD_REFUSED(corrupt_record, "file-corrupt", 1, LK_ERR_FILE_INTEGRITY)
DOWNLOAD_REFUSED(stream_cut_at_a_record, "file-truncated", 1, LK_ERR_FILE_INTEGRITY)
DOWNLOAD_REFUSED(digest_not_as_signed, "file-wrong-sha", 1, LK_ERR_FILE_INTEGRITY)
DOWNLOAD_REFUSED(plain_digest_not_as_signed, "file-wrong-sha", 0, LK_ERR_FILE_INTEGRITY)
DOWNLOAD_REFUSED(encrypted_to_another_key, "file-other-key", 1, LK_ERR_UNEXPECTED_RESPONSE)
DOWNLOAD_REFUSED(not_encrypted_as_asked, "file-unencrypted", 1, LK_ERR_UNEXPECTED_RESPONSE)
DOWNLOAD_REFUSED(link_gone, "file-gone", 1, LK_ERR_DOWNLOAD_GONE)

typedef struct heartbeat_outcome {
  mtx_t lock;
  cnd_t changed;
  int lost;
  lk_error_info error;
} heartbeat_outcome;

static void on_lost(const lk_error_info *error, void *context) {
  heartbeat_outcome *outcome = context;
  mtx_lock(&outcome->lock);
  outcome->lost = 1;
  outcome->error = *error;
  cnd_signal(&outcome->changed);
  mtx_unlock(&outcome->lock);
}

static int heartbeat_timer_reports_a_lost_session(void) {
  lk_client *client = client_of("heartbeat-lost");
  CHECK_CODE(lk_license(client, "KEY-1", NULL, NULL, NULL), LK_OK);
  heartbeat_outcome outcome = {0};
  mtx_init(&outcome.lock, mtx_plain);
  cnd_init(&outcome.changed);
  lk_heartbeat_timer *timer = NULL;
  CHECK_CODE(lk_heartbeat_timer_start(client, 20, on_lost, NULL, &outcome, &timer, NULL), LK_OK);
  /* Waits for the callback itself, however long the machine takes. */
  mtx_lock(&outcome.lock);
  while (!outcome.lost) cnd_wait(&outcome.changed, &outcome.lock);
  mtx_unlock(&outcome.lock);
  lk_heartbeat_timer_stop(timer);
  CHECK(outcome.error.code == LK_ERR_INVALID_SESSION && outcome.error.status == 401);
  CHECK_STR(outcome.error.message, "Invalid or expired session");
  cnd_destroy(&outcome.changed);
  mtx_destroy(&outcome.lock);
  lk_client_free(client);
  return 0;
}

/* on_lost stops the timer itself: the call returns at once, and the thread frees the timer. */
typedef struct stopping_outcome {
  heartbeat_outcome outcome;
  lk_heartbeat_timer *timer;
} stopping_outcome;

static void stop_from_callback(const lk_error_info *error, void *context) {
  stopping_outcome *stopping = context;
  mtx_lock(&stopping->outcome.lock);
  lk_heartbeat_timer *timer = stopping->timer;
  mtx_unlock(&stopping->outcome.lock);
  lk_heartbeat_timer_stop(timer);
  on_lost(error, &stopping->outcome);
}

/* Threads of this process (Linux: /proc/self/task); -1 where that cannot be read. */
static int thread_count(void) {
  DIR *tasks = opendir("/proc/self/task");
  if (!tasks) return -1;
  int count = 0;
  for (struct dirent *entry; (entry = readdir(tasks));) count += entry->d_name[0] != '.';
  closedir(tasks);
  return count;
}

/* Waits until the process is back to `count` threads: a timer stopped from its callback frees itself
 * as its thread ends, and the sanitizers' leak check at exit must not run before that. */
static int wait_for_threads(int count) {
  if (count < 0) return 1;
  for (int waited_ms = 0; thread_count() > count; waited_ms++) {
    if (waited_ms > 30000) return 0;
    thrd_sleep(&(struct timespec){.tv_nsec = 1000000L}, NULL);
  }
  return 1;
}

static int heartbeat_timer_stopped_from_its_callback(void) {
  lk_client *client = client_of("heartbeat-lost");
  CHECK_CODE(lk_license(client, "KEY-1", NULL, NULL, NULL), LK_OK);
  stopping_outcome stopping = {0};
  int threads = thread_count();
  mtx_init(&stopping.outcome.lock, mtx_plain);
  cnd_init(&stopping.outcome.changed);
  mtx_lock(&stopping.outcome.lock); /* the callback reads the timer only once it is stored */
  CHECK_CODE(lk_heartbeat_timer_start(client, 20, stop_from_callback, NULL, &stopping, &stopping.timer, NULL), LK_OK);
  while (!stopping.outcome.lost) cnd_wait(&stopping.outcome.changed, &stopping.outcome.lock);
  mtx_unlock(&stopping.outcome.lock);
  CHECK(stopping.outcome.error.code == LK_ERR_INVALID_SESSION);
  CHECK(wait_for_threads(threads));
  cnd_destroy(&stopping.outcome.changed);
  mtx_destroy(&stopping.outcome.lock);
  lk_client_free(client);
  return 0;
}

static int url_ending_in_v1_is_accepted(void) {
  const char *endings[] = {"/ok/v1", "/ok/v1/", "/ok/", "/ok//v1//"};
  for (size_t i = 0; i < sizeof endings / sizeof endings[0]; i++) {
    char url[256];
    snprintf(url, sizeof url, "%s%s", fake_url, endings[i]);
    lk_client *client = NULL;
    CHECK_CODE(lk_client_new(url, fake_app_id, "lk_fake", fake_public_key, &client, NULL), LK_OK);
    lk_error_info error;
    lk_error code = lk_init(client, NULL, &error);
    lk_client_free(client);
    if (code != LK_OK) fprintf(stderr, "%s: %s %s\n", url, lk_error_name(code), error.message);
    CHECK_CODE(code, LK_OK);
  }
  return 0;
}

static int heartbeat_timer_stops_on_request(void) {
  lk_client *client = client_of("ok");
  CHECK_CODE(lk_license(client, "KEY-1", NULL, NULL, NULL), LK_OK);
  lk_heartbeat_timer *timer = NULL;
  CHECK_CODE(lk_heartbeat_timer_start(client, 60000, NULL, NULL, NULL, &timer, NULL), LK_OK);
  lk_heartbeat_timer_stop(timer);
  lk_client_free(client);
  return 0;
}

static int init_many(void *client) {
  for (int i = 0; i < 25; i++) {
    if (lk_init(client, NULL, NULL) != LK_OK) return 1;
  }
  return 0;
}

static int threads_share_a_client(void) {
  lk_client *client = client_of("ok");
  thrd_t threads[4];
  for (int i = 0; i < 4; i++) CHECK(thrd_create(&threads[i], init_many, client) == thrd_success);
  int failures = 0;
  for (int i = 0; i < 4; i++) {
    int result = 1;
    thrd_join(threads[i], &result);
    failures += result;
  }
  CHECK(failures == 0);
  lk_client_free(client);
  return 0;
}

/* The example CLI (LATCHKEY_CLI) against `scenario`; its exit status, stdout and stderr in `out`. */
static int run_cli(const char *scenario, const char *arguments, char *out, size_t size) {
  char url[256];
  snprintf(url, sizeof url, "%s/%s", fake_url, scenario);
  setenv("LATCHKEY_URL", url, 1);
  setenv("LATCHKEY_APP_ID", fake_app_id, 1);
  setenv("LATCHKEY_API_KEY", "lk_fake", 1);
  setenv("LATCHKEY_PUBLIC_KEY", fake_public_key, 1);
  char command[1024];
  snprintf(command, sizeof command, "'%s' %s 2>&1", getenv("LATCHKEY_CLI"), arguments);
  FILE *pipe = popen(command, "r");
  if (!pipe) return -1;
  size_t length = fread(out, 1, size - 1, pipe);
  out[length] = '\0';
  int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static int cli_prints_what_it_got(void) {
  char output[1024];
  CHECK(run_cli("ok", "--key KEY-1 --var motd --hwid cli-machine", output, sizeof output) == 0);
  CHECK_STR(output, "level: 3\nexpires: never (lifetime)\nmotd: value of motd\n");
  return 0;
}

#define CLI_REFUSES(function, scenario, expected)                                      \
  static int function(void) {                                                          \
    char output[1024];                                                                 \
    CHECK(run_cli(scenario, "--key KEY-1 --hwid cli-machine", output, sizeof output) == 1); \
    CHECK(strncmp(output, expected, strlen(expected)) == 0);                           \
    return 0;                                                                          \
  }

CLI_REFUSES(cli_refuses_a_forged_answer, "forged", "error SIGNATURE_INVALID: ")
CLI_REFUSES(cli_refuses_a_stale_answer, "stale", "error STALE_RESPONSE: ")
CLI_REFUSES(cli_refuses_a_replayed_answer, "replayed", "error NONCE_MISMATCH: ")

int main(int argc, char **argv) {
  static const named_case cases[] = {
      {"accepts_a_good_answer", accepts_a_good_answer},
      {"forged_signature", forged_signature},
      {"tampered_body", tampered_body},
      {"unsigned_answer", unsigned_answer},
      {"unsigned_refusal_is_an_unknown_app", unsigned_refusal_is_an_unknown_app},
      {"malformed_signature", malformed_signature},
      {"stale_answer", stale_answer},
      {"answer_from_the_future", answer_from_the_future},
      {"replayed_answer", replayed_answer},
      {"answer_without_nonce", answer_without_nonce},
      {"answer_not_json", answer_not_json},
      {"answer_not_an_envelope", answer_not_an_envelope},
      {"server_error", server_error},
      {"refusal_carries_message_and_status", refusal_carries_message_and_status},
      {"no_answer_is_a_network_error", no_answer_is_a_network_error},
      {"bad_configuration_is_refused", bad_configuration_is_refused},
      {"session_calls_need_a_session", session_calls_need_a_session},
      {"session_lifecycle", session_lifecycle},
      {"encrypted_download", encrypted_download},
      {"plain_download", plain_download},
      {"corrupt_record", corrupt_record},
      {"stream_cut_at_a_record", stream_cut_at_a_record},
      {"digest_not_as_signed", digest_not_as_signed},
      {"plain_digest_not_as_signed", plain_digest_not_as_signed},
      {"encrypted_to_another_key", encrypted_to_another_key},
      {"not_encrypted_as_asked", not_encrypted_as_asked},
      {"link_gone", link_gone},
      {"heartbeat_timer_reports_a_lost_session", heartbeat_timer_reports_a_lost_session},
      {"heartbeat_timer_stops_on_request", heartbeat_timer_stops_on_request},
      {"heartbeat_timer_stopped_from_its_callback", heartbeat_timer_stopped_from_its_callback},
      {"url_ending_in_v1_is_accepted", url_ending_in_v1_is_accepted},
      {"threads_share_a_client", threads_share_a_client},
      {"cli_prints_what_it_got", cli_prints_what_it_got},
      {"cli_refuses_a_forged_answer", cli_refuses_a_forged_answer},
      {"cli_refuses_a_stale_answer", cli_refuses_a_stale_answer},
      {"cli_refuses_a_replayed_answer", cli_refuses_a_replayed_answer},
  };
  if (!read_fake_service()) {
    fputs("no fake service: LATCHKEY_FAKE_STATE must name its state file (see fake-service.mjs)\n", stderr);
    return 1;
  }
  lk_global_init();
  int status = run_named_case(cases, sizeof cases / sizeof cases[0], argc, argv);
  lk_global_cleanup();
  return status;
}
