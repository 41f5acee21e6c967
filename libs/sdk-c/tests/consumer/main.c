/* A vendor's program: links liblatchkey and makes calls that need no service. */
#include <latchkey.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  if (lk_global_init() != LK_OK) return 1;
  lk_client *client = NULL;
  lk_error_info error;
  lk_error code = lk_client_new("https://lk.example.com", "app", "key", "not a key", &client, &error);
  int ok = code == LK_ERR_INVALID_ARGUMENT && client == NULL && strcmp(lk_error_name(code), "INVALID_ARGUMENT") == 0;
  printf("%s: %s\n", lk_error_name(code), error.message);
  lk_global_cleanup();
  return ok ? 0 : 1;
}
