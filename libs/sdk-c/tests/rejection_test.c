/*
 * The client against tests/fake-service.mjs: forged, stale, replayed and
 * broken answers are refused with the same codes as the TypeScript SDK's
 * (libs/sdk/test/client.spec.ts), and good ones accepted. Public API only.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../src/lk_threads.h"
#include "check.h"
#include "latchkey.h"
#include "portable.h"

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
static int leaves_nothing(const char *path) { return !any_file_starting_with(path); }

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

static int bytes_are_expected(const unsigned char *bytes, size_t length) {
  if (length != CONTENT_BYTES) return 0;
  for (size_t i = 0; i < length; i++) {
    if (bytes[i] != (unsigned char)((i * 7) % 251)) return 0;
  }
  return 1;
}

static int content_is_expected(const char *path) {
  FILE *file = open_utf8(path, "rb");
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

/* A client licensed under `scenario`, or NULL. */
static lk_client *licensed(const char *scenario) {
  lk_client *client = client_of(scenario);
  if (client && lk_license(client, "KEY-1", NULL, NULL, NULL) == LK_OK) return client;
  lk_client_free(client);
  return NULL;
}

static int memory_download(void) {
  lk_client *client = licensed("file-ok");
  CHECK(client);
  for (int encrypted = 0; encrypted < 2; encrypted++) {
    unsigned char *bytes = NULL;
    size_t length = 0;
    lk_file_info *info = NULL;
    lk_error_info error = {0};
    CHECK_CODE(lk_file_to_memory(client, FILE_ID, encrypted, &bytes, &length, &info, &error), LK_OK);
    CHECK(bytes_are_expected(bytes, length));
    CHECK(info->size == CONTENT_BYTES && info->encrypted == encrypted);
    lk_free(bytes);
    lk_file_info_free(info);
  }
  lk_client_free(client);
  return 0;
}

/* Each scenario that a file download refuses, refused the same way into memory, with nothing handed over. */
static int memory_download_refused(void) {
  static const struct {
    const char *scenario;
    lk_error code;
  } REFUSED[] = {{"file-corrupt", LK_ERR_FILE_INTEGRITY}, {"file-truncated", LK_ERR_FILE_INTEGRITY},
                 {"file-wrong-sha", LK_ERR_FILE_INTEGRITY}, {"file-other-key", LK_ERR_UNEXPECTED_RESPONSE},
                 {"file-gone", LK_ERR_DOWNLOAD_GONE}};
  for (size_t i = 0; i < sizeof REFUSED / sizeof REFUSED[0]; i++) {
    lk_client *client = licensed(REFUSED[i].scenario);
    CHECK(client);
    unsigned char *bytes = (unsigned char *)"not touched";
    size_t length = 1;
    lk_file_info *info = NULL;
    CHECK_CODE(lk_file_to_memory(client, FILE_ID, 1, &bytes, &length, &info, NULL), REFUSED[i].code);
    CHECK(bytes == NULL && length == 0 && info == NULL);
    lk_client_free(client);
  }
  return 0;
}

typedef struct received {
  unsigned char bytes[CONTENT_BYTES];
  size_t length;
  size_t calls;
  size_t stop_after; /* 0: never */
} received;

static int receive_piece(void *user_data, const unsigned char *bytes, size_t length) {
  received *r = user_data;
  if (r->length + length > sizeof r->bytes) return 1;
  memcpy(r->bytes + r->length, bytes, length);
  r->length += length;
  r->calls++;
  return r->stop_after && r->calls >= r->stop_after;
}

static int callback_download(void) {
  lk_client *client = licensed("file-ok");
  CHECK(client);
  static received r;
  memset(&r, 0, sizeof r);
  lk_file_info *info = NULL;
  CHECK_CODE(lk_file_to_callback(client, FILE_ID, 1, receive_piece, &r, &info, NULL), LK_OK);
  CHECK(bytes_are_expected(r.bytes, r.length));
  CHECK(info->encrypted && info->size == CONTENT_BYTES);
  lk_file_info_free(info);
  /* A callback that answers non-zero stops the download. */
  memset(&r, 0, sizeof r);
  r.stop_after = 1;
  lk_error_info error = {0};
  CHECK_CODE(lk_file_to_callback(client, FILE_ID, 0, receive_piece, &r, NULL, &error), LK_ERR_IO);
  CHECK(r.calls == 1);
  CHECK_CODE(lk_file_to_callback(client, FILE_ID, 1, NULL, NULL, NULL, NULL), LK_ERR_INVALID_ARGUMENT);
  lk_client_free(client);
  return 0;
}

/* A download into a folder whose name is not ASCII (UTF-8 on every system, wide calls on Windows). */
static int non_ascii_path_download(void) {
  /* "téléchargements-ключ-下载", spelled in UTF-8 bytes so that any compiler reads this file the same. */
  const char *folder = "t\xc3\xa9" "l\xc3\xa9" "chargements-\xd0\xba\xd0\xbb\xd1\x8e\xd1\x87-\xe4\xb8\x8b\xe8\xbd\xbd";
  char path[256];
  snprintf(path, sizeof path, "%s/module-\xc3\xa9.bin", folder);
  CHECK(make_folder_utf8(folder));
  lk_client *client = licensed("file-ok");
  CHECK(client);
  lk_file_info *info = NULL;
  lk_error_info error = {0};
  CHECK_CODE(lk_file(client, FILE_ID, path, 1, &info, &error), LK_OK);
  CHECK(content_is_expected(path));
  /* Again, over the file that is there now. */
  CHECK_CODE(lk_file(client, FILE_ID, path, 0, NULL, &error), LK_OK);
  CHECK(content_is_expected(path));
  lk_file_info_free(info);
  lk_client_free(client);
  remove_utf8(path);
  remove_folder_utf8(folder);
  return 0;
}

typedef struct heartbeat_outcome {
  lk_mutex lock;
  lk_cond changed;
  int lost;
  lk_error_info error;
} heartbeat_outcome;

static void on_lost(const lk_error_info *error, void *context) {
  heartbeat_outcome *outcome = context;
  lk_mutex_lock(&outcome->lock);
  outcome->lost = 1;
  outcome->error = *error;
  lk_cond_signal(&outcome->changed);
  lk_mutex_unlock(&outcome->lock);
}

static int heartbeat_timer_reports_a_lost_session(void) {
  lk_client *client = client_of("heartbeat-lost");
  CHECK_CODE(lk_license(client, "KEY-1", NULL, NULL, NULL), LK_OK);
  heartbeat_outcome outcome = {0};
  CHECK(lk_mutex_init(&outcome.lock) && lk_cond_init(&outcome.changed));
  lk_heartbeat_timer *timer = NULL;
  CHECK_CODE(lk_heartbeat_timer_start(client, 20, on_lost, NULL, &outcome, &timer, NULL), LK_OK);
  /* Waits for the callback itself, for as long as ctest lets the case run. */
  struct timespec deadline;
  lk_deadline_after(&deadline, 60000);
  lk_mutex_lock(&outcome.lock);
  while (!outcome.lost && lk_cond_wait_until(&outcome.changed, &outcome.lock, &deadline)) {
  }
  lk_mutex_unlock(&outcome.lock);
  lk_heartbeat_timer_stop(timer);
  CHECK(outcome.error.code == LK_ERR_INVALID_SESSION && outcome.error.status == 401);
  CHECK_STR(outcome.error.message, "Invalid or expired session");
  lk_cond_destroy(&outcome.changed);
  lk_mutex_destroy(&outcome.lock);
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
  lk_mutex_lock(&stopping->outcome.lock);
  lk_heartbeat_timer *timer = stopping->timer;
  lk_mutex_unlock(&stopping->outcome.lock);
  lk_heartbeat_timer_stop(timer);
  on_lost(error, &stopping->outcome);
}

/* Waits until the process is back to `count` threads: a timer stopped from its callback frees itself
 * as its thread ends, and the sanitizers' leak check at exit must not run before that. */
static int wait_for_threads(int count) {
  if (count < 0) return 1;
  for (int waited_ms = 0; process_thread_count() > count; waited_ms++) {
    if (waited_ms > 30000) return 0;
    sleep_ms(1);
  }
  return 1;
}

static int heartbeat_timer_stopped_from_its_callback(void) {
  lk_client *client = client_of("heartbeat-lost");
  CHECK_CODE(lk_license(client, "KEY-1", NULL, NULL, NULL), LK_OK);
  stopping_outcome stopping = {0};
  int threads = process_thread_count();
  CHECK(lk_mutex_init(&stopping.outcome.lock) && lk_cond_init(&stopping.outcome.changed));
  lk_mutex_lock(&stopping.outcome.lock); /* the callback reads the timer only once it is stored */
  CHECK_CODE(lk_heartbeat_timer_start(client, 20, stop_from_callback, NULL, &stopping, &stopping.timer, NULL), LK_OK);
  struct timespec deadline;
  lk_deadline_after(&deadline, 60000);
  while (!stopping.outcome.lost && lk_cond_wait_until(&stopping.outcome.changed, &stopping.outcome.lock, &deadline)) {
  }
  lk_mutex_unlock(&stopping.outcome.lock);
  CHECK(stopping.outcome.error.code == LK_ERR_INVALID_SESSION);
  CHECK(wait_for_threads(threads));
  lk_cond_destroy(&stopping.outcome.changed);
  lk_mutex_destroy(&stopping.outcome.lock);
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

typedef struct worker {
  lk_client *client;
  int failures;
} worker;

static int init_many(void *context) {
  worker *w = context;
  for (int i = 0; i < 25; i++) {
    if (lk_init(w->client, NULL, NULL) != LK_OK) w->failures++;
  }
  return 0;
}

static int threads_share_a_client(void) {
  lk_client *client = client_of("ok");
  lk_thread threads[4];
  worker workers[4];
  for (int i = 0; i < 4; i++) {
    workers[i] = (worker){client, 0};
    CHECK(lk_thread_start(&threads[i], init_many, &workers[i]));
  }
  int failures = 0;
  for (int i = 0; i < 4; i++) {
    lk_thread_join(threads[i]);
    failures += workers[i].failures;
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
  snprintf(command, sizeof command, CLI_COMMAND_FORMAT, getenv("LATCHKEY_CLI"), arguments);
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
      {"memory_download", memory_download},
      {"memory_download_refused", memory_download_refused},
      {"callback_download", callback_download},
      {"non_ascii_path_download", non_ascii_path_download},
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
