/* test-support.h: what the search, evaluation and training tests share: a CHECK that stops the
 * test at the first failure with a message, and a seeded generator (splitmix64), so random
 * positions are the same on every run. */
#pragma once

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "random.h"

#define CHECK(condition, ...)                                                    \
  do {                                                                           \
    if (!(condition)) {                                                          \
      fprintf (stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #condition); \
      fprintf (stderr, __VA_ARGS__);                                             \
      fputc ('\n', stderr);                                                      \
      exit (1);                                                                  \
    }                                                                            \
  } while (0)


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
    board_play (board, random_square (moves, state));
  }
  return true;
}
