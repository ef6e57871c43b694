/* test-support.h: what the search, evaluation and training tests share: a CHECK that stops the
 * test at the first failure with a message, and a seeded generator (splitmix64), so random
 * positions are the same on every run. */
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "board.h"

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

/* Random legal moves from the start down to `empties` empty squares; false when the game
 * ended first. */
static inline bool random_game_position (uint64_t *state, int empties, Board *board)
{
  board_init (board);
  while (board_empties (board) > empties) {
    uint64_t moves = board_legal_moves (board);
    if (!moves) {
      board_pass (board);
      if (!board_legal_moves (board))
        return false;
      continue;
    }
    int n = (int) (random_next (state) % (uint64_t) board_count (moves));
    for (int i = 0; i < n; i++)
      moves &= moves - 1;
    board_play (board, __builtin_ctzll (moves));
  }
  return true;
}
