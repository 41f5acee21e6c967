/* What the tests need that POSIX and Windows spell differently: child processes, environment, UTF-8 paths. */
#ifndef LATCHKEY_TEST_PORTABLE_H
#define LATCHKEY_TEST_PORTABLE_H

#include <stdio.h>
#include <stdlib.h>

#ifdef _WIN32
#include <direct.h>
#include <windows.h>

#define popen _popen
#define pclose _pclose
#define WIFEXITED(status) 1
#define WEXITSTATUS(status) (status)
/* cmd.exe /c strips the outer quotes of the whole line, so the program's own quotes survive. */
#define CLI_COMMAND_FORMAT "\"\"%s\" %s 2>&1\""

static inline int setenv(const char *name, const char *value, int overwrite) {
  (void)overwrite;
  return _putenv_s(name, value);
}

static inline wchar_t *wide_utf8(const char *path) {
  static wchar_t name[512];
  return MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, path, -1, name, 512) > 0 ? name : NULL;
}

static inline FILE *open_utf8(const char *path, const char *mode) {
  wchar_t wide_mode[8];
  MultiByteToWideChar(CP_UTF8, 0, mode, -1, wide_mode, 8);
  wchar_t *name = wide_utf8(path);
  return name ? _wfopen(name, wide_mode) : NULL;
}

static inline int make_folder_utf8(const char *path) {
  wchar_t *name = wide_utf8(path);
  return name && (_wmkdir(name) == 0 || GetLastError() == ERROR_ALREADY_EXISTS);
}

static inline void remove_utf8(const char *path) {
  wchar_t *name = wide_utf8(path);
  if (name) _wremove(name);
}

static inline void remove_folder_utf8(const char *path) {
  wchar_t *name = wide_utf8(path);
  if (name) _wrmdir(name);
}

/* Whether the working directory holds a file whose name starts with `prefix` (ASCII). */
static inline int any_file_starting_with(const char *prefix) {
  char pattern[256];
  snprintf(pattern, sizeof pattern, "%s*", prefix);
  WIN32_FIND_DATAA found;
  HANDLE search = FindFirstFileA(pattern, &found);
  if (search == INVALID_HANDLE_VALUE) return 0;
  FindClose(search);
  return 1;
}

static inline void sleep_ms(unsigned ms) { Sleep(ms); }

/* Threads of this process; -1: not counted here (only the sanitizers' leak check needs it, on Linux). */
static inline int process_thread_count(void) { return -1; }
#else
#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CLI_COMMAND_FORMAT "'%s' %s 2>&1"

static inline FILE *open_utf8(const char *path, const char *mode) { return fopen(path, mode); }

static inline int make_folder_utf8(const char *path) { return mkdir(path, 0700) == 0 || errno == EEXIST; }

static inline void remove_utf8(const char *path) { remove(path); }

static inline void remove_folder_utf8(const char *path) { rmdir(path); }

/* Whether the working directory holds a file whose name starts with `prefix`. */
static inline int any_file_starting_with(const char *prefix) {
  DIR *dir = opendir(".");
  if (!dir) return 1;
  struct dirent *entry;
  int found = 0;
  while ((entry = readdir(dir))) {
    if (strncmp(entry->d_name, prefix, strlen(prefix)) == 0) found = 1;
  }
  closedir(dir);
  return found;
}

static inline void sleep_ms(unsigned ms) {
  struct timespec pause = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};
  nanosleep(&pause, NULL);
}

/* Threads of this process (Linux: /proc/self/task); -1 where that cannot be read. */
static inline int process_thread_count(void) {
  DIR *tasks = opendir("/proc/self/task");
  if (!tasks) return -1;
  int count = 0;
  for (struct dirent *entry; (entry = readdir(tasks));) count += entry->d_name[0] != '.';
  closedir(tasks);
  return count;
}
#endif

#endif
