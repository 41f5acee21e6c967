/* The destinations of lk_file, lk_file_to_memory and lk_file_to_callback (internal). */
#ifndef LATCHKEY_DESTINATIONS_H
#define LATCHKEY_DESTINATIONS_H

#include <stdio.h>

#include "internal.h"

/* A file written as path.<random>.part and renamed to `path` once verified. */
typedef struct lk_path_destination {
  const char *path;
  char *partial;
  FILE *file;
} lk_path_destination;
lk_error lk_path_destination_open(lk_path_destination *d, const char *path, lk_destination *out, lk_error_info *error);
void lk_path_destination_close(lk_path_destination *d);

/* A growing buffer, wiped when the download fails its checks. */
typedef struct lk_memory_destination {
  unsigned char *bytes;
  size_t length;
  size_t capacity;
} lk_memory_destination;
lk_destination lk_memory_destination_of(lk_memory_destination *d);

typedef struct lk_callback_destination {
  lk_write_callback write;
  void *user_data;
} lk_callback_destination;
lk_destination lk_callback_destination_of(lk_callback_destination *d);

#endif
