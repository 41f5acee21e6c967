/* Where a verified download goes: a file (renamed into place once verified), memory, or the caller's callback. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <windows.h>
#endif

#include "destinations.h"

#ifdef _WIN32
/* UTF-8 to UTF-16 for the wide-character calls, so non-ASCII folders work whatever the ANSI code page. */
static wchar_t *wide(const char *path) {
  int count = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path, -1, NULL, 0);
  wchar_t *out = count > 0 ? malloc(sizeof(wchar_t) * (size_t)count) : NULL;
  if (out && MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path, -1, out, count) != count) {
    free(out);
    return NULL;
  }
  return out;
}

void *lk_open_file(const char *path) {
  wchar_t *name = wide(path);
  FILE *file = NULL;
  if (name && _wfopen_s(&file, name, L"wb") != 0) file = NULL;
  free(name);
  return file;
}

bool lk_replace_file(const char *from, const char *to) {
  wchar_t *source = wide(from);
  wchar_t *target = wide(to);
  bool ok = source && target && MoveFileExW(source, target, MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH);
  free(source);
  free(target);
  return ok;
}

void lk_remove_file(const char *path) {
  wchar_t *name = wide(path);
  if (name) _wremove(name);
  free(name);
}
#else
void *lk_open_file(const char *path) { return fopen(path, "wb"); }

bool lk_replace_file(const char *from, const char *to) { return rename(from, to) == 0; }

void lk_remove_file(const char *path) { remove(path); }
#endif

static lk_error file_write(void *context, const unsigned char *bytes, size_t length, lk_error_info *error) {
  lk_path_destination *d = context;
  if (fwrite(bytes, 1, length, d->file) != length) return lk_fail(error, LK_ERR_IO, 0, "Could not write the download");
  return LK_OK;
}

static lk_error file_commit(void *context, lk_error_info *error) {
  lk_path_destination *d = context;
  FILE *file = d->file;
  d->file = NULL;
  if (fclose(file) != 0) return lk_fail(error, LK_ERR_IO, 0, "Could not write %s", d->partial);
  if (!lk_replace_file(d->partial, d->path)) return lk_fail(error, LK_ERR_IO, 0, "Could not rename to %s", d->path);
  return LK_OK;
}

static void file_abandon(void *context) {
  lk_path_destination *d = context;
  if (d->file) fclose(d->file);
  d->file = NULL;
  lk_remove_file(d->partial);
}

lk_error lk_path_destination_open(lk_path_destination *d, const char *path, lk_destination *out, lk_error_info *error) {
  memset(d, 0, sizeof *d);
  unsigned char random[6];
  if (!lk_random(random, sizeof random)) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "No random bytes");
  size_t length = strlen(path) + 1 + 12 + 5 + 1;
  d->partial = malloc(length);
  if (!d->partial) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  /* The random suffix keeps two downloads to one path from writing into each other. */
  snprintf(d->partial, length, "%s.%02x%02x%02x%02x%02x%02x.part", path, random[0], random[1], random[2], random[3],
           random[4], random[5]);
  d->path = path;
  d->file = lk_open_file(d->partial);
  if (!d->file) {
    free(d->partial);
    d->partial = NULL;
    return lk_fail(error, LK_ERR_IO, 0, "Could not create %s.<random>.part", path);
  }
  *out = (lk_destination){file_write, file_commit, file_abandon, d};
  return LK_OK;
}

void lk_path_destination_close(lk_path_destination *d) {
  if (d->file) file_abandon(d);
  free(d->partial);
}

static lk_error memory_write(void *context, const unsigned char *bytes, size_t length, lk_error_info *error) {
  lk_memory_destination *d = context;
  if (d->length + length > d->capacity) {
    size_t capacity = d->capacity ? d->capacity : 65536;
    while (capacity < d->length + length) capacity *= 2;
    unsigned char *grown = malloc(capacity);
    if (!grown) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory for the download");
    if (d->bytes) {
      memcpy(grown, d->bytes, d->length);
      lk_cleanse(d->bytes, d->length);
      free(d->bytes);
    }
    d->bytes = grown;
    d->capacity = capacity;
  }
  memcpy(d->bytes + d->length, bytes, length);
  d->length += length;
  return LK_OK;
}

static lk_error memory_commit(void *context, lk_error_info *error) {
  lk_memory_destination *d = context;
  if (!d->bytes && !(d->bytes = malloc(1))) return lk_fail(error, LK_ERR_OUT_OF_MEMORY, 0, "Out of memory");
  return LK_OK;
}

/* A module that failed its checks is not left readable in freed memory. */
static void memory_abandon(void *context) {
  lk_memory_destination *d = context;
  if (d->bytes) lk_cleanse(d->bytes, d->length);
  free(d->bytes);
  d->bytes = NULL;
  d->length = 0;
}

lk_destination lk_memory_destination_of(lk_memory_destination *d) {
  memset(d, 0, sizeof *d);
  return (lk_destination){memory_write, memory_commit, memory_abandon, d};
}

static lk_error callback_write(void *context, const unsigned char *bytes, size_t length, lk_error_info *error) {
  lk_callback_destination *d = context;
  if (d->write(d->user_data, bytes, length) != 0) {
    return lk_fail(error, LK_ERR_IO, 0, "The write callback stopped the download");
  }
  return LK_OK;
}

lk_destination lk_callback_destination_of(lk_callback_destination *d) {
  return (lk_destination){callback_write, NULL, NULL, d};
}
