/*
 * The few thread primitives the client needs: Win32's on Windows (any
 * compiler, no winpthreads DLL), POSIX threads where the system has them
 * (Linux, macOS, the BSDs), C11 <threads.h> elsewhere. CMake picks between the
 * last two (LATCHKEY_HAVE_THREADS_H).
 *
 * Timed waits (lk_cond_wait_until with a deadline from lk_deadline_after)
 * follow a steady clock, so setting the wall clock neither stretches nor cuts
 * a wait: GetTickCount64 on Windows, CLOCK_MONOTONIC on POSIX (a relative wait
 * on macOS, whose condition variables take no clock). C11 condition variables
 * only wait on TIME_UTC, so with <threads.h> the deadline is the wall clock's.
 */
#ifndef LATCHKEY_THREADS_H
#define LATCHKEY_THREADS_H

#include <stdbool.h>
#include <time.h>

#if defined(_WIN32)
#include <process.h>
#include <stdlib.h>
#include <windows.h>

/* A steady clock: milliseconds since the system started, which setting the clock does not move. */
static inline void lk_deadline_now(struct timespec *now) {
  ULONGLONG ms = GetTickCount64();
  now->tv_sec = (time_t)(ms / 1000);
  now->tv_nsec = (long)(ms % 1000) * 1000000L;
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
/* false once `deadline` (lk_deadline_after) passed */
static inline bool lk_cond_wait_until(lk_cond *c, lk_mutex *m, const struct timespec *deadline) {
  struct timespec now;
  lk_deadline_now(&now);
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
static inline void lk_thread_detach(lk_thread t) { CloseHandle(t); }
static inline bool lk_thread_is_current(lk_thread t) { return GetThreadId(t) == GetCurrentThreadId(); }

#elif defined(LATCHKEY_HAVE_THREADS_H)
#include <threads.h>

typedef mtx_t lk_mutex;
typedef cnd_t lk_cond;
typedef thrd_t lk_thread;

static inline bool lk_mutex_init(lk_mutex *m) { return mtx_init(m, mtx_plain) == thrd_success; }
static inline void lk_mutex_lock(lk_mutex *m) { mtx_lock(m); }
static inline void lk_mutex_unlock(lk_mutex *m) { mtx_unlock(m); }
static inline void lk_mutex_destroy(lk_mutex *m) { mtx_destroy(m); }
static inline bool lk_cond_init(lk_cond *c) { return cnd_init(c) == thrd_success; }
static inline void lk_cond_signal(lk_cond *c) { cnd_signal(c); }
static inline void lk_deadline_now(struct timespec *now) { timespec_get(now, TIME_UTC); }
/* false once `deadline` (lk_deadline_after) passed */
static inline bool lk_cond_wait_until(lk_cond *c, lk_mutex *m, const struct timespec *deadline) {
  return cnd_timedwait(c, m, deadline) != thrd_timedout;
}
static inline void lk_cond_destroy(lk_cond *c) { cnd_destroy(c); }
static inline bool lk_thread_start(lk_thread *t, int (*run)(void *), void *context) {
  return thrd_create(t, run, context) == thrd_success;
}
static inline void lk_thread_join(lk_thread t) { thrd_join(t, NULL); }
static inline void lk_thread_detach(lk_thread t) { thrd_detach(t); }
static inline bool lk_thread_is_current(lk_thread t) { return thrd_equal(t, thrd_current()) != 0; }

#else
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>

typedef pthread_mutex_t lk_mutex;
typedef pthread_cond_t lk_cond;
typedef pthread_t lk_thread;

static inline bool lk_mutex_init(lk_mutex *m) { return pthread_mutex_init(m, NULL) == 0; }
static inline void lk_mutex_lock(lk_mutex *m) { pthread_mutex_lock(m); }
static inline void lk_mutex_unlock(lk_mutex *m) { pthread_mutex_unlock(m); }
static inline void lk_mutex_destroy(lk_mutex *m) { pthread_mutex_destroy(m); }
#if defined(__APPLE__)
static inline void lk_deadline_now(struct timespec *now) { clock_gettime(CLOCK_MONOTONIC, now); }
static inline bool lk_cond_init(lk_cond *c) { return pthread_cond_init(c, NULL) == 0; }
static inline bool lk_cond_wait_until(lk_cond *c, lk_mutex *m, const struct timespec *deadline) {
  struct timespec now, left;
  lk_deadline_now(&now);
  left.tv_sec = deadline->tv_sec - now.tv_sec;
  left.tv_nsec = deadline->tv_nsec - now.tv_nsec;
  if (left.tv_nsec < 0) {
    left.tv_sec -= 1;
    left.tv_nsec += 1000000000L;
  }
  if (left.tv_sec < 0) return false;
  return pthread_cond_timedwait_relative_np(c, m, &left) != ETIMEDOUT;
}
#else
static inline void lk_deadline_now(struct timespec *now) { clock_gettime(CLOCK_MONOTONIC, now); }
static inline bool lk_cond_init(lk_cond *c) {
  pthread_condattr_t steady;
  if (pthread_condattr_init(&steady) != 0) return false;
  bool ok = pthread_condattr_setclock(&steady, CLOCK_MONOTONIC) == 0 && pthread_cond_init(c, &steady) == 0;
  pthread_condattr_destroy(&steady);
  return ok;
}
static inline bool lk_cond_wait_until(lk_cond *c, lk_mutex *m, const struct timespec *deadline) {
  return pthread_cond_timedwait(c, m, deadline) != ETIMEDOUT;
}
#endif
static inline void lk_cond_signal(lk_cond *c) { pthread_cond_signal(c); }
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
static inline void lk_thread_detach(lk_thread t) { pthread_detach(t); }
static inline bool lk_thread_is_current(lk_thread t) { return pthread_equal(t, pthread_self()) != 0; }
#endif

/* The deadline `ms` from now, on the clock lk_cond_wait_until waits on. */
static inline void lk_deadline_after(struct timespec *deadline, long ms) {
  lk_deadline_now(deadline);
  deadline->tv_sec += ms / 1000;
  deadline->tv_nsec += (ms % 1000) * 1000000L;
  if (deadline->tv_nsec >= 1000000000L) {
    deadline->tv_sec += 1;
    deadline->tv_nsec -= 1000000000L;
  }
}

#endif
