/* random-game.h: the tests' positions and games: a square by its name; board_after_move plays a move or a pass on a
 * copy. Seeded random games, the same on every run: CheckRandom (xorshift64*) picks moves one by
 * one and check_random_plies plays some from the start; with random.h's splitmix64,
 * random_game_step plays one random legal move (or a pass), random_game_position random legal
 * moves down to a number of empty squares, and random_wthor_record a game as WTHOR stores it. */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "board.h"
#include "random.h"

/* The square of a name such as "d3" (lower case). */
static inline int check_square (const char *name)
{
  return board_square (name[0] - 'a', name[1] - '1');
}

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

/* The position after `plies` random legal moves from the start (a pass counts as one), or the
 * end of the game if it comes first. */
static inline Board check_random_plies (CheckRandom *random, int plies)
{
  Board board;
  board_init (&board);
  for (int k = 0; k < plies && !board_is_game_over (&board); k++)
    board = board_after_move (&board, check_random_move (random, &board));
  return board;
}

/* Plays one of board's legal moves, each as likely, or passes when it has none; false when the
 * game is over (neither side can move: the board is left after the pass). */
static inline bool random_game_step (uint64_t *state, Board *board)
{
  uint64_t moves = board_legal_moves (board);
  if (moves) {
    board_play (board, random_square (moves, state));
    return true;
  }
  board_pass (board);
  return board_legal_moves (board) != 0;
}

/* Random legal moves from the start down to `empties` empty squares; false when the game
 * ended first. */
static inline bool random_game_position (uint64_t *state, int empties, Board *board)
{
  board_init (board);
  while (board_empties (board) > empties)
    if (!random_game_step (state, board))
      return false;
  return true;
}

/* A WTHOR record (68 bytes) of a random legal game from the start, cut after `limit` moves: the
 * moves from byte 8 (10 * row + column, from 11), and in bytes 6 and 7 the black discs where it
 * stopped, as a complete game records them. Returns black's final disc difference there. */
static inline int random_wthor_record (uint64_t *seed, int limit, uint8_t record[68])
{
  memset (record, 0, 68);
  Board board;
  board_init (&board);
  bool black = true;
  int moves = 0;
  while (moves < limit) {
    uint64_t legal = board_legal_moves (&board);
    if (!legal) {
      board_pass (&board);
      black = !black;
      if (!board_legal_moves (&board))
        break;
      continue;
    }
    int square = random_square (legal, seed);
    board_play (&board, square);
    black = !black;
    record[8 + moves++] = (uint8_t) (10 * (board_row (square) + 1) + board_column (square) + 1);
  }
  record[6] = record[7] = (uint8_t) board_count (black ? board.player : board.opponent);
  int score = board_final_score (&board);
  return black ? score : -score;
}
