/* move_order.h: lists of legal moves with their flips, and the scores that order them. */
#pragma once

#include <assert.h>
#include <stdint.h>

#include "board.h"

/* No position has more than 33 legal moves. */
#define MOVE_LIST_MAX 40

typedef struct Move {
  uint64_t flips;
  int square;
  int score; /* ordering score: higher is searched first */
} Move;

typedef struct MoveList {
  Move moves[MOVE_LIST_MAX];
  int count;
} MoveList;

/* The legal moves `moves` (a bit set) of the board, with flips, unordered. */
static inline void move_list_generate (MoveList *list, const Board *board, uint64_t moves)
{
  assert (list && board);
  int n = 0;
  while (moves) {
    int square = __builtin_ctzll (moves);
    moves &= moves - 1;
    list->moves[n].square = square;
    list->moves[n].flips = board_flips_empty (board->player, board->opponent, square);
    list->moves[n].score = 0;
    n++;
  }
  list->count = n;
}

/* Swaps the best scored move among list[from..] into list[from] and returns it. */
static inline Move *move_list_next (MoveList *list, int from)
{
  Move *moves = list->moves;
  int best = from;
  for (int i = from + 1; i < list->count; i++)
    if (moves[i].score > moves[best].score)
      best = i;
  if (best != from) {
    Move move = moves[best];
    moves[best] = moves[from];
    moves[from] = move;
  }
  return &moves[from];
}

/* Squares of the quadrants holding an odd number of empty squares: a move there tends to
 * leave the opponent the last move in the quadrant ("parity"). */
static inline uint64_t move_parity_squares (uint64_t empty)
{
  const uint64_t quadrants[4] = {
    0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL, 0x0F0F0F0F00000000ULL, 0xF0F0F0F000000000ULL,
  };
  uint64_t odd = 0;
  for (int i = 0; i < 4; i++)
    if (board_count (empty & quadrants[i]) & 1)
      odd |= quadrants[i];
  return odd;
}

/* Legal moves counted with corners twice: the opponent's freedom after a move. */
static inline int move_weighted_mobility (uint64_t player, uint64_t opponent)
{
  uint64_t moves = board_moves (player, opponent);
  return board_count (moves) + board_count (moves & 0x8100000000000081ULL);
}

/* The discs `discs` on corners, and those on an edge next to a corner of theirs: stable however
 * the game goes. */
static inline uint64_t move_corner_stability (uint64_t discs)
{
  uint64_t corners = discs & 0x8100000000000081ULL;
  uint64_t next = ((corners << 1) & 0x0200000000000002ULL)
                | ((corners >> 1) & 0x4000000000000040ULL)
                | ((corners << 8) & 0x0000000000008100ULL)
                | ((corners >> 8) & 0x0081000000000000ULL);
  return corners | (next & discs);
}

/* Fastest-first scores for the endgame: fewest replies for the opponent first, then the
 * mover's discs made stable by the corners, parity, and the fewest squares the opponent could
 * soon reach; the hash move before all. Inline, so
 * that the endgame compiled for newer instruction sets has it in the same instructions. */
static inline void move_list_score_endgame (MoveList *list, const Board *board, int hash_move)
{
  assert (list && board);
  uint64_t empty = board_empty_squares (board);
  uint64_t parity = move_parity_squares (empty);
  for (int i = 0; i < list->count; i++) {
    Move *move = &list->moves[i];
    if (move->square == hash_move) {
      move->score = 1 << 30;
      continue;
    }
    uint64_t bit = board_bit (move->square);
    uint64_t player = board->player ^ move->flips ^ bit;
    uint64_t opponent = board->opponent ^ move->flips;
    int score = -(move_weighted_mobility (opponent, player) << 10);
    score -= board_count (board_frontier (player, empty ^ bit)) << 4;
    score += board_count (move_corner_stability (player)) << 8;
    if (parity & bit)
      score += 1 << 8;
    if (bit & 0x8100000000000081ULL)
      score += 1 << 7;
    move->score = score;
  }
}

/* Near the end (6 to 8 empties): the fewest replies for the opponent, then parity and corners;
 * potential mobility says little with so few empty squares. */
static inline void move_list_score_shallow (MoveList *list, const Board *board)
{
  assert (list && board);
  uint64_t parity = move_parity_squares (board_empty_squares (board));
  for (int i = 0; i < list->count; i++) {
    Move *move = &list->moves[i];
    uint64_t bit = board_bit (move->square);
    uint64_t player = board->player ^ move->flips ^ bit;
    uint64_t opponent = board->opponent ^ move->flips;
    int score = -(move_weighted_mobility (opponent, player) << 10);
    if (parity & bit)
      score += 1 << 8;
    if (bit & 0x8100000000000081ULL)
      score += 1 << 7;
    move->score = score;
  }
}

struct SearchThread;
/* Midgame order: the hash move, then (from depth 3) the evaluation after each move less a
 * share for each reply it leaves the opponent, else the fewest replies for the opponent. */
void move_list_score_midgame (struct SearchThread *thread, const Board *board, MoveList *list,
                              int depth, int hash_move);
/* Far from the end of an exact solve: the evaluation after each move, less the opponent's
 * weighted mobility; the hash move first; moves leaving many more replies than the fewest
 * after the others, by replies alone. */
void move_list_score_evaluated (struct SearchThread *thread, const Board *board, MoveList *list,
                                int hash_move);
/* Farther still from the end, where a wrong first move costs most: a midgame search of
 * `depth` plies after each move, less the opponent's weighted mobility; the hash move first;
 * moves leaving many more replies than the fewest after the others, by replies alone. */
void move_list_score_searched (struct SearchThread *thread, const Board *board, MoveList *list,
                               int depth, int hash_move);
