/*
 * The few thread primitives the client needs: Win32's on Windows (any
 * compiler, no winpthreads DLL), C11 <threads.h> where the C library has it
 * (glibc 2.28+), POSIX threads elsewhere (macOS has no <threads.h>). CMake
 * finds <threads.h> (LATCHKEY_HAVE_THREADS_H).
 */
#ifndef LATCHKEY_THREADS_H
#define LATCHKEY_THREADS_H

#include <stdbool.h>
#include <time.h>

#if defined(_WIN32)
#include <process.h>
#include <stdlib.h>
#include <windows.h>

/* The wall clock as TIME_UTC gives it (MinGW's msvcrt has no timespec_get). */
static inline void lk_time_now(struct timespec *now) {
  FILETIME file_time;
  GetSystemTimeAsFileTime(&file_time);
  unsigned long long ticks = ((unsigned long long)file_time.dwHighDateTime << 32 | file_time.dwLowDateTime) -
                             116444736000000000ULL; /* 100 ns since 1601 -> since 1970 */
  now->tv_sec = (time_t)(ticks / 10000000ULL);
  now->tv_nsec = (long)(ticks % 10000000ULL) * 100;
}

typedef SRWLOCK lk_mutex;
typedef CONDITION_VARIABLE lk_cond;
typedef HANDLE lk_thread;

static inline bool lk_mutex_init(lk_mutex *m) {
  InitializeSRWLock(m);
  return true;
}
static inline void lk_mutex_lock(lk_mutex *m) { AcquireSRWLockExclusive(m); }
static inline void lk_mutex_unlock(lk_mutex *m) { ReleaseSRWLockExclusive(m); }
static inline void lk_mutex_destroy(lk_mutex *m) { (void)m; }
static inline bool lk_cond_init(lk_cond *c) {
  InitializeConditionVariable(c);
  return true;
}
static inline void lk_cond_signal(lk_cond *c) { WakeConditionVariable(c); }
/* false once `deadline` (TIME_UTC) passed */
static inline bool lk_cond_wait_until(lk_cond *c, lk_mutex *m, const struct timespec *deadline) {
  struct timespec now;
  lk_time_now(&now);
  long long ms = ((long long)deadline->tv_sec - now.tv_sec) * 1000 + (deadline->tv_nsec - now.tv_nsec) / 1000000;
  if (ms <= 0) return false;
  if (SleepConditionVariableSRW(c, m, ms >= INFINITE ? INFINITE - 1 : (DWORD)ms, 0)) return true;
  return GetLastError() != ERROR_TIMEOUT;
}
static inline void lk_cond_destroy(lk_cond *c) { (void)c; }

typedef struct lk_thread_start_context {
  int (*run)(void *);
  void *context;
} lk_thread_start_context;
static unsigned __stdcall lk_thread_trampoline(void *start) {
  lk_thread_start_context call = *(lk_thread_start_context *)start;
  free(start);
  return (unsigned)call.run(call.context);
}
static inline bool lk_thread_start(lk_thread *t, int (*run)(void *), void *context) {
  lk_thread_start_context *start = malloc(sizeof *start);
  if (!start) return false;
  start->run = run;
  start->context = context;
  *t = (HANDLE)_beginthreadex(NULL, 0, lk_thread_trampoline, start, 0, NULL);
  if (*t) return true;
  free(start);
  return false;
}
static inline void lk_thread_join(lk_thread t) {
  WaitForSingleObject(t, INFINITE);
  CloseHandle(t);
}

#elif defined(LATCHKEY_HAVE_THREADS_H)
#include <threads.h>

static inline void lk_time_now(struct timespec *now) { timespec_get(now, TIME_UTC); }

typedef mtx_t lk_mutex;
typedef cnd_t lk_cond;
typedef thrd_t lk_thread;

static inline bool lk_mutex_init(lk_mutex *m) { return mtx_init(m, mtx_plain) == thrd_success; }
static inline void lk_mutex_lock(lk_mutex *m) { mtx_lock(m); }
static inline void lk_mutex_unlock(lk_mutex *m) { mtx_unlock(m); }
static inline void lk_mutex_destroy(lk_mutex *m) { mtx_destroy(m); }
static inline bool lk_cond_init(lk_cond *c) { return cnd_init(c) == thrd_success; }
static inline void lk_cond_signal(lk_cond *c) { cnd_signal(c); }
/* false once `deadline` (TIME_UTC) passed */
static inline bool lk_cond_wait_until(lk_cond *c, lk_mutex *m, const struct timespec *deadline) {
  return cnd_timedwait(c, m, deadline) != thrd_timedout;
}
static inline void lk_cond_destroy(lk_cond *c) { cnd_destroy(c); }
static inline bool lk_thread_start(lk_thread *t, int (*run)(void *), void *context) {
  return thrd_create(t, run, context) == thrd_success;
}
static inline void lk_thread_join(lk_thread t) { thrd_join(t, NULL); }

#else
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

static inline void lk_time_now(struct timespec *now) { timespec_get(now, TIME_UTC); }

typedef pthread_mutex_t lk_mutex;
typedef pthread_cond_t lk_cond;
typedef pthread_t lk_thread;

static inline bool lk_mutex_init(lk_mutex *m) { return pthread_mutex_init(m, NULL) == 0; }
static inline void lk_mutex_lock(lk_mutex *m) { pthread_mutex_lock(m); }
static inline void lk_mutex_unlock(lk_mutex *m) { pthread_mutex_unlock(m); }
static inline void lk_mutex_destroy(lk_mutex *m) { pthread_mutex_destroy(m); }
static inline bool lk_cond_init(lk_cond *c) { return pthread_cond_init(c, NULL) == 0; }
static inline void lk_cond_signal(lk_cond *c) { pthread_cond_signal(c); }
static inline bool lk_cond_wait_until(lk_cond *c, lk_mutex *m, const struct timespec *deadline) {
  return pthread_cond_timedwait(c, m, deadline) != ETIMEDOUT;
}
static inline void lk_cond_destroy(lk_cond *c) { pthread_cond_destroy(c); }

/* pthreads' start routine answers a pointer; the client's loop answers an int. */
typedef struct lk_thread_start_context {
  int (*run)(void *);
  void *context;
} lk_thread_start_context;
static void *lk_thread_trampoline(void *start) {
  lk_thread_start_context call = *(lk_thread_start_context *)start;
  free(start);
  call.run(call.context);
  return NULL;
}
static inline bool lk_thread_start(lk_thread *t, int (*run)(void *), void *context) {
  lk_thread_start_context *start = malloc(sizeof *start);
  if (!start) return false;
  start->run = run;
  start->context = context;
  if (pthread_create(t, NULL, lk_thread_trampoline, start) == 0) return true;
  free(start);
  return false;
}
static inline void lk_thread_join(lk_thread t) { pthread_join(t, NULL); }
#endif

#endif
