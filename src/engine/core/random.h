/* random.h: splitmix64, the one seeded generator behind every random choice (the levels' and
 * the book's draws, matches, training games, tests), and a legal move drawn from it. A seed
 * fixes the sequence on every machine. */
#pragma once

#include <stdint.h>

/* The next number of the sequence that *state is at. */
static inline uint64_t random_next (uint64_t *state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* A well mixed function of x: the first number of the sequence seeded with x. */
static inline uint64_t random_mix (uint64_t x)
{
  return random_next (&x);
}

/* One of the squares of a non-empty set, each as likely. */
static inline int random_square (uint64_t squares, uint64_t *state)
{
  int skip = (int) (random_next (state) % (uint64_t) __builtin_popcountll (squares));
  while (skip-- > 0)
    squares &= squares - 1;
  return __builtin_ctzll (squares);
}
