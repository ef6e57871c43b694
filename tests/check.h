/* check.h: the C tests' one harness. CHECK (condition) or CHECK (condition, format, ...) records
 * a failure, with its place and the message when one is given, and goes on; REQUIRE is the same
 * for a condition without which the test cannot go on: it ends the program there. check_run runs
 * one named test and says how it went; check_finish gives the exit status for meson. */
#pragma once

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int check_failures;

/* The start of a failure's line: where, and the condition that did not hold. */
static inline void check_failed (const char *file, int line, const char *condition)
{
  fprintf (stderr, "%s:%d: check failed: %s", file, line, condition);
  check_failures++;
}

/* The rest of a failure's line: the message given with the check. */
__attribute__ ((format (printf, 1, 2)))
static inline void check_say (const char *format, ...)
{
  va_list arguments;
  fputs (": ", stderr);
  va_start (arguments, format);
  vfprintf (stderr, format, arguments);
  va_end (arguments);
}

/* The line of a failed check: where, the condition's text, the message if one was given. */
#define CHECK_FAILED(text, ...)                                                       \
  (check_failed (__FILE__, __LINE__, text) __VA_OPT__ (, check_say (__VA_ARGS__)),     \
   fputc ('\n', stderr))

#define CHECK(condition, ...)                                                         \
  do {                                                                                \
    if (!(condition))                                                                 \
      CHECK_FAILED (#condition __VA_OPT__ (,) __VA_ARGS__);                           \
  } while (0)

#define REQUIRE(condition, ...)                                                       \
  do {                                                                                \
    if (!(condition)) {                                                               \
      CHECK_FAILED (#condition __VA_OPT__ (,) __VA_ARGS__);                           \
      exit (EXIT_FAILURE);                                                            \
    }                                                                                 \
  } while (0)

#define CHECK_EQ_U64(actual, expected)                                                \
  do {                                                                                \
    uint64_t check_a = (actual), check_e = (expected);                                \
    if (check_a != check_e) {                                                         \
      fprintf (stderr, "%s:%d: %s is %" PRIu64 " (0x%016" PRIx64 "), expected %" PRIu64 \
               " (0x%016" PRIx64 ")\n", __FILE__, __LINE__, #actual, check_a, check_a, \
               check_e, check_e);                                                     \
      check_failures++;                                                               \
    }                                                                                 \
  } while (0)

static inline void check_run (const char *name, void (*test) (void))
{
  int before = check_failures;
  test ();
  printf ("%s %s\n", check_failures == before ? "ok  " : "FAIL", name);
  fflush (stdout);
}

static inline int check_finish (void)
{
  if (check_failures)
    fprintf (stderr, "%d check(s) failed\n", check_failures);
  return check_failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
