/* test-support.h: what the search, evaluation and training tests share: a CHECK that stops the
 * test at the first failure with a message, and a seeded generator (splitmix64), so random
 * positions are the same on every run. */
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define CHECK(condition, ...)                                                    \
  do {                                                                           \
    if (!(condition)) {                                                          \
      fprintf (stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #condition); \
      fprintf (stderr, __VA_ARGS__);                                             \
      fputc ('\n', stderr);                                                      \
      exit (1);                                                                  \
    }                                                                            \
  } while (0)

static inline uint64_t random_next (uint64_t *state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}
