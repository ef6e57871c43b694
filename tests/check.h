/* check.h: the engine tests' small harness: CHECK records a failure with its place and goes on;
 * check_run runs one named test; check_finish gives the exit status for meson. */
#pragma once

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "board.h"

static int check_failures;

#define CHECK(condition)                                                              \
  do {                                                                                \
    if (!(condition)) {                                                               \
      fprintf (stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition);  \
      check_failures++;                                                               \
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

/* A small seeded generator (xorshift64*), so random games are the same on every run. */
typedef struct CheckRandom {
  uint64_t state;
} CheckRandom;

static inline uint64_t check_random_next (CheckRandom *random)
{
  uint64_t x = random->state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  random->state = x;
  return x * 0x2545F4914F6CDD1DULL;
}

/* A uniformly chosen number below n (n > 0; the bias of the modulo is negligible here). */
static inline unsigned check_random_below (CheckRandom *random, unsigned n)
{
  return (unsigned) ((check_random_next (random) >> 32) % n);
}

/* One of the legal moves of board, uniformly chosen, or BOARD_PASS when it has none. */
static inline int check_random_move (CheckRandom *random, const Board *board)
{
  uint64_t legal = board_legal_moves (board);
  if (!legal)
    return BOARD_PASS;
  for (int pick = (int) check_random_below (random, (unsigned) board_count (legal)); pick > 0; pick--)
    legal &= legal - 1;
  return __builtin_ctzll (legal);
}
