/* check.h: the C tests' one harness. CHECK (condition) or CHECK (condition, format, ...) records
 * a failure, with its place and the message when one is given, and goes on; REQUIRE is the same
 * for a condition without which the test cannot go on: it ends the program there. CHECK_CMP_INT,
 * _UINT, _HEX, _FLOAT and _STR compare two values (a, op, b) and print both when the comparison
 * fails; CHECK_NEAR compares floating-point values within an epsilon. check_run runs one named
 * test (CHECK_RUN_FIXTURE between a set-up and a tear-down), check_skip skips the rest of one,
 * check_note prints a line beside the results; check_finish gives the exit status for meson: 1
 * after any failure, else 77 (which meson reports as SKIP) when every test was skipped, else 0.
 * check_data_path and check_data_open find the files of tests/data: they ship with the tests, so
 * one missing fails the program, never skips it. GLib's part (errors, objects finalized, expected
 * log messages) is check-glib.h. */
#pragma once

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures;
/* Why the running test was skipped, or NULL; and how many tests were. */
static const char *check_skipped;
static int check_skips;
static int check_passes;

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

/* Two values compared by op as type, both printed by format (without its %) when it fails. */
#define CHECK_CMP(type, format, a, op, b)                                             \
  do {                                                                                \
    type check_a = (a), check_b = (b);                                                \
    if (!(check_a op check_b))                                                        \
      CHECK_FAILED (#a " " #op " " #b, "%" format " " #op " %" format, check_a, check_b); \
  } while (0)

#define CHECK_CMP_INT(a, op, b) CHECK_CMP (int64_t, PRId64, a, op, b)
#define CHECK_CMP_UINT(a, op, b) CHECK_CMP (uint64_t, PRIu64, a, op, b)
#define CHECK_CMP_HEX(a, op, b) CHECK_CMP (uint64_t, "#" PRIx64, a, op, b)
#define CHECK_CMP_FLOAT(a, op, b) CHECK_CMP (long double, ".9Lg", a, op, b)

/* a and b differ by less than epsilon. */
#define CHECK_NEAR(a, b, epsilon)                                                     \
  do {                                                                                \
    long double check_a = (a), check_b = (b), check_epsilon = (epsilon);              \
    if (!((check_a > check_b ? check_a - check_b : check_b - check_a) < check_epsilon)) \
      CHECK_FAILED (#a " == " #b " within " #epsilon, "%.9Lg, %.9Lg", check_a, check_b); \
  } while (0)

/* strcmp where NULL comes before every string and equals only itself. */
static inline int check_strcmp (const char *a, const char *b)
{
  return a && b ? strcmp (a, b) : (a != NULL) - (b != NULL);
}

/* A string, or NULL, as a failure's line shows it: three arguments for "%s%s%s". */
#define CHECK_STR_SHOWN(s) (s) ? "\"" : "", (s) ? (s) : "NULL", (s) ? "\"" : ""

/* Two strings (or NULLs) compared by op as check_strcmp orders them. */
#define CHECK_CMP_STR(a, op, b)                                                       \
  do {                                                                                \
    const char *check_a = (a), *check_b = (b);                                        \
    if (!(check_strcmp (check_a, check_b) op 0))                                      \
      CHECK_FAILED (#a " " #op " " #b, "%s%s%s " #op " %s%s%s",                        \
                    CHECK_STR_SHOWN (check_a), CHECK_STR_SHOWN (check_b));            \
  } while (0)

/* Skips the rest of the running test (it returns at once after this), for a reason outside the
 * project: the machine, the user running the tests. Never for missing data the project ships. */
static inline void check_skip (const char *reason)
{
  check_skipped = reason;
}

/* A line of information beside the results, as TAP comments them. */
__attribute__ ((format (printf, 1, 2)))
static inline void check_note (const char *format, ...)
{
  va_list arguments;
  fputs ("# ", stdout);
  va_start (arguments, format);
  vprintf (format, arguments);
  va_end (arguments);
  putchar ('\n');
}

/* How a test went, given the failures counted before it ran. */
static inline void check_report (const char *name, int failures_before)
{
  if (check_failures == failures_before && check_skipped) {
    /* tools/test repeats the lines that start so. */
    printf ("SKIP: %s: %s\n", name, check_skipped);
    check_skips++;
  } else {
    printf ("%s %s\n", check_failures == failures_before ? "ok  " : "FAIL", name);
    check_passes += check_failures == failures_before;
  }
  check_skipped = NULL;
  fflush (stdout);
}

static inline void check_run (const char *name, void (*test) (void))
{
  int before = check_failures;
  test ();
  check_report (name, before);
}

/* Runs test (fixture, data) on a zeroed Fixture between set_up and tear_down, alike. */
#define CHECK_RUN_FIXTURE(name, Fixture, data, set_up, test, tear_down)               \
  do {                                                                                \
    int check_before = check_failures;                                                \
    Fixture check_fixture = { 0 };                                                    \
    set_up (&check_fixture, data);                                                    \
    test (&check_fixture, data);                                                      \
    tear_down (&check_fixture, data);                                                 \
    check_report (name, check_before);                                                \
  } while (0)

/* The path of name in the tests' data folder (VERSO_TEST_DATA, which meson sets; tests/data when
 * a test is run by hand from the source root), written in path. */
static inline const char *check_data_path (const char *name, char *path, size_t size)
{
  const char *dir = getenv ("VERSO_TEST_DATA");
  snprintf (path, size, "%s/%s", dir ? dir : "tests/data", name);
  return path;
}

/* The two engines of a hosted engine's test, its arguments: `verso-engine` and the fake NBoard
 * engine (tests/cli/fake-nboard-engine.py). Without them the program stops with its usage; without
 * python3 to run the fake one, every test is skipped (exit 77). */
static inline void check_engine_arguments (int argc, char **argv, const char **verso_engine,
                                           const char **fake_engine)
{
  if (argc != 3) {
    fprintf (stderr, "usage: %s VERSO_ENGINE FAKE_ENGINE\n", argv[0]);
    exit (2);
  }
  *verso_engine = argv[1];
  *fake_engine = argv[2];
  if (system ("python3 -c '' 2>/dev/null") != 0) {
    printf ("SKIP: no python3 for the fake engine\n");
    exit (77);
  }
}

/* The file of tests/data opened with fopen's mode; when it cannot be, the program fails there. */
static inline FILE *check_data_open (const char *name, const char *mode)
{
  char path[4096];
  FILE *file = fopen (check_data_path (name, path, sizeof path), mode);
  REQUIRE (file, "the test data %s: %s", path, strerror (errno));
  return file;
}

/* The exit status for meson: a failure, else a skip when every test was skipped (one skipped
 * beside others that passed is named on its SKIP line, which tools/test repeats), else success. */
static inline int check_finish (void)
{
  if (check_failures)
    fprintf (stderr, "%d check(s) failed\n", check_failures);
  else if (check_skips)
    printf ("%d test(s) skipped\n", check_skips);
  return check_failures ? EXIT_FAILURE : check_skips && !check_passes ? 77 : EXIT_SUCCESS;
}
