/*
 * A licensed command-line program, as a vendor would write it with liblatchkey
 * alone (the C twin of examples/cli/cli.mjs, same flags and output): it logs
 * in with a license key bound to this machine, prints the user's level and
 * expiry, reads a server-side variable and downloads a file, end-to-end
 * encrypted.
 *
 *   LATCHKEY_URL=https://licensing.example.com LATCHKEY_APP_ID=... LATCHKEY_API_KEY=... LATCHKEY_PUBLIC_KEY=... \
 *     latchkey-cli --key XXXXX-XXXXX-XXXXX-XXXXX [--var motd] [--file <fileId> --out ./app.bin] [--hwid <id>]
 *
 * Exit status: 0 on success, 1 when the service refused (the code is printed), 2 on bad usage.
 */
#define _POSIX_C_SOURCE 200809L /* gmtime_r */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "latchkey.h"

static const char USAGE[] =
    "usage: latchkey-cli --key <license key> [--var <key>] [--file <fileId> --out <path>] [--hwid <id>]\n"
    "environment: LATCHKEY_URL, LATCHKEY_APP_ID, LATCHKEY_API_KEY, LATCHKEY_PUBLIC_KEY\n";

typedef struct options {
  const char *key;
  const char *var;
  const char *file;
  const char *out;
  const char *hwid;
} options;

/* --name value or --name=value; false on an unknown option or a missing value. */
static int parse_options(int argc, char **argv, options *o) {
  struct {
    const char *name;
    const char **value;
  } known[] = {{"key", &o->key}, {"var", &o->var}, {"file", &o->file}, {"out", &o->out}, {"hwid", &o->hwid}};
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    if (strncmp(arg, "--", 2) != 0) {
      fprintf(stderr, "Unexpected argument '%s'\n", arg);
      return 0;
    }
    const char *equals = strchr(arg, '=');
    size_t name_length = equals ? (size_t)(equals - arg - 2) : strlen(arg + 2);
    int found = 0;
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
      if (strlen(known[k].name) != name_length || strncmp(arg + 2, known[k].name, name_length) != 0) continue;
      found = 1;
      if (equals) *known[k].value = equals + 1;
      else if (i + 1 < argc) *known[k].value = argv[++i];
      else {
        fprintf(stderr, "Option '--%s <value>' argument missing\n", known[k].name);
        return 0;
      }
    }
    if (!found) {
      fprintf(stderr, "Unknown option '%s'\n", arg);
      return 0;
    }
  }
  return 1;
}

/* An environment variable (MSVC's C4996 on getenv is about keeping the pointer across putenv; this copies nothing). */
static const char *env(const char *name) {
#ifdef _MSC_VER
#pragma warning(suppress : 4996)
#endif
  return getenv(name);
}

/* ISO 8601 of unix seconds, as JavaScript's toISOString prints it. */
static void iso_time(int64_t seconds, char out[32]) {
  time_t t = (time_t)seconds;
  struct tm utc;
#ifdef _WIN32
  gmtime_s(&utc, &t);
#else
  gmtime_r(&t, &utc);
#endif
  strftime(out, 32, "%Y-%m-%dT%H:%M:%S.000Z", &utc);
}

static int refused(const lk_error_info *error) {
  fprintf(stderr, "error %s: %s\n", lk_error_name(error->code), error->message);
  return 1;
}

static int run(const options *o, const char *app_id) {
  lk_error_info error = {0};
  lk_client *client = NULL;
  if (lk_client_new(env("LATCHKEY_URL"), app_id, env("LATCHKEY_API_KEY"), env("LATCHKEY_PUBLIC_KEY"),
                    &client, &error) != LK_OK) {
    return refused(&error);
  }
  int status = 1;
  char *machine = NULL;
  lk_session *session = NULL;
  lk_ticket_claims *claims = NULL;
  char *value = NULL;
  lk_file_info *file = NULL;
  /* The HWID ties the key to this computer: a salted hash of the OS's machine id. */
  const char *hwid = o->hwid;
  if (!hwid && lk_machine_id(app_id, &machine, &error) != LK_OK) goto done;
  if (!hwid) hwid = machine;
  if (lk_license(client, o->key, hwid, &session, &error) != LK_OK) goto done;
  printf("level: %ld\n", session->user->level);
  printf("expires: %s\n", session->user->expires_at ? session->user->expires_at : "never (lifetime)");
  if (session->ticket) {
    if (lk_verify_ticket(client, session->ticket, hwid, &claims, &error) != LK_OK) goto done;
    char until[32];
    iso_time(claims->exp, until);
    printf("offline until: %s\n", until);
  }
  if (o->var) {
    if (lk_var(client, o->var, &value, &error) != LK_OK) goto done;
    printf("%s: %s\n", o->var, value);
  }
  if (o->file) {
    if (lk_file(client, o->file, o->out, 1, &file, &error) != LK_OK) goto done;
    printf("downloaded: %s (%llu bytes, sha256 %s) to %s\n", file->name, (unsigned long long)file->size,
           file->sha256, o->out);
  }
  if (lk_logout(client, &error) != LK_OK) goto done;
  status = 0;
done:
  if (status != 0) refused(&error);
  lk_file_info_free(file);
  lk_free(value);
  lk_ticket_claims_free(claims);
  lk_session_free(session);
  lk_free(machine);
  lk_client_free(client);
  return status;
}

int main(int argc, char **argv) {
  options o = {0};
  if (!parse_options(argc, argv, &o)) {
    fputs(USAGE, stderr);
    return 2;
  }
  const char *names[] = {"LATCHKEY_URL", "LATCHKEY_APP_ID", "LATCHKEY_API_KEY", "LATCHKEY_PUBLIC_KEY"};
  char missing[128] = "";
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    const char *value = env(names[i]);
    if (value && *value) continue;
    size_t used = strlen(missing);
    snprintf(missing + used, sizeof missing - used, "%s%s", used ? ", " : "", names[i]);
  }
  if (!o.key || *missing || (o.file && !o.out)) {
    if (*missing) fprintf(stderr, "missing %s\n", missing);
    fputs(USAGE, stderr);
    return 2;
  }
  if (lk_global_init() != LK_OK) {
    fputs("error NETWORK: could not initialise libcurl\n", stderr);
    return 1;
  }
  int status = run(&o, env("LATCHKEY_APP_ID"));
  lk_global_cleanup();
  return status;
}
