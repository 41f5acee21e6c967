/* The smallest test harness: each test program runs one named case, so ctest lists every case. */
#ifndef LATCHKEY_TEST_CHECK_H
#define LATCHKEY_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

#define CHECK(condition)                                                      \
  do {                                                                        \
    if (!(condition)) {                                                       \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      return 1;                                                               \
    }                                                                         \
  } while (0)

#define CHECK_CODE(actual, expected)                                                              \
  do {                                                                                            \
    lk_error check_actual_ = (actual);                                                            \
    if (check_actual_ != (expected)) {                                                            \
      fprintf(stderr, "%s:%d: %s is %s, expected %s\n", __FILE__, __LINE__, #actual,              \
              lk_error_name(check_actual_), lk_error_name(expected));                             \
      return 1;                                                                                   \
    }                                                                                             \
  } while (0)

#define CHECK_STR(actual, expected)                                                                      \
  do {                                                                                                   \
    const char *check_actual_ = (actual);                                                                \
    const char *check_expected_ = (expected);                                                            \
    if (!check_actual_ || strcmp(check_actual_, check_expected_) != 0) {                                 \
      fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #actual,             \
              check_actual_ ? check_actual_ : "(null)", check_expected_);                                \
      return 1;                                                                                          \
    }                                                                                                    \
  } while (0)

typedef int (*test_case)(void);
typedef struct named_case {
  const char *name;
  test_case run;
} named_case;

/* Runs the case named argv[1]. */
static inline int run_named_case(const named_case *cases, size_t count, int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s <case>\n", argv[0]);
    return 2;
  }
  for (size_t i = 0; i < count; i++) {
    if (strcmp(cases[i].name, argv[1]) == 0) return cases[i].run();
  }
  fprintf(stderr, "no case %s\n", argv[1]);
  return 2;
}

#endif
