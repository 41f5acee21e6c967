/*
 * Client-side cost of one verified call: N sequential `init` calls (each with
 * a fresh nonce, its answer's signature, timestamp and nonce checked) against
 * the service in LATCHKEY_*; prints one JSON line with the process's CPU time
 * and the wall time per call.
 *   node scripts/with-live-service.mjs -- libs/sdk-c/build/latchkey-bench [N]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "latchkey.h"

static double seconds(clockid_t clock) {
  struct timespec now;
  clock_gettime(clock, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  long calls = argc > 1 ? strtol(argv[1], NULL, 10) : 2000;
  if (calls < 1) {
    fputs("usage: latchkey-bench [calls, default 2000]\n", stderr);
    return 2;
  }
  lk_global_init();
  lk_error_info error = {0};
  lk_client *client = NULL;
  if (lk_client_new(getenv("LATCHKEY_URL"), getenv("LATCHKEY_APP_ID"), getenv("LATCHKEY_API_KEY"),
                    getenv("LATCHKEY_PUBLIC_KEY"), &client, &error) != LK_OK ||
      lk_init(client, NULL, &error) != LK_OK) { /* a warm-up call opens the kept-alive connection */
    fprintf(stderr, "error %s: %s\n", lk_error_name(error.code), error.message);
    return 1;
  }
  double cpu_start = seconds(CLOCK_PROCESS_CPUTIME_ID);
  double wall_start = seconds(CLOCK_MONOTONIC);
  for (long i = 0; i < calls; i++) {
    if (lk_init(client, NULL, &error) != LK_OK) {
      fprintf(stderr, "error %s: %s\n", lk_error_name(error.code), error.message);
      return 1;
    }
  }
  double cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
  double wall = seconds(CLOCK_MONOTONIC) - wall_start;
  printf("{\"sdk\":\"c\",\"calls\":%ld,\"cpuMicrosPerCall\":%.1f,\"wallMicrosPerCall\":%.1f}\n", calls,
         cpu * 1e6 / (double)calls, wall * 1e6 / (double)calls);
  lk_client_free(client);
  lk_global_cleanup();
  return 0;
}
