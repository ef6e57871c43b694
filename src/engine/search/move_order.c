/* move_order.c: ordering move lists where the evaluation guides the order. */
#include "move_order.h"

#include <assert.h>

#include "midgame.h"
#include "search_internal.h"

/* From 3 plies: the child's evaluation, less this much (EVAL_SCALE units, 0.75 of a disc) for
 * each of the opponent's weighted replies, since a move that leaves few replies is both likely
 * good and cheap to search. Fixed-depth searches of tests/data/midgame.obf: depth 16 17.31 M ->
 * 16.54 M nodes, depth 18 38.56 M -> 36.46 M (-5 %), about 6 % less time, same scores
 * (weights 32, 64, 128 and 256: 16.86, 16.62, 16.57 and 16.97 M at depth 16). Ordering by a
 * one- or two-ply search of each child instead, from depth 6, 8 or 10, costs more than it saves
 * (26.8, 20.5 and 18.2 M). */
#define MOVE_MIDGAME_REPLY_WEIGHT 96

void move_list_score_midgame (SearchThread *thread, const Board *board, MoveList *list, int depth,
                          int hash_move)
{
  for (int i = 0; i < list->count; i++) {
    Move *move = &list->moves[i];
    if (move->square == hash_move) {
      move->score = 1 << 30;
      continue;
    }
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    if (depth >= 3) {
      move->score = -eval_board (thread->evaluation, &next)
                  - MOVE_MIDGAME_REPLY_WEIGHT * move_weighted_mobility (next.player, next.opponent);
    } else {
      int score = -(move_weighted_mobility (next.player, next.opponent) << 4);
      if (board_bit (move->square) & 0x8100000000000081ULL)
        score += 32;
      move->score = score;
    }
  }
}

/* A move that leaves the opponent more weighted replies than this beyond the fewest any move
 * leaves is seldom the best: it goes after the others, by its replies alone, without the
 * evaluation or search that is most of the cost of ordering (fforum-20-39: 102.71 M -> 102.70 M
 * nodes, the evaluations among them, and about 0.7 % less time; margins 2 and 6 on the
 * evaluation alone: 103.41 M and 102.71 M). */
#define MOVE_REPLY_MARGIN 4

/* The opponent's weighted replies after each move, into `replies`; returns the fewest. */
static int move_list_replies (const Board *board, const MoveList *list, int *replies)
{
  int fewest = 1 << 20;
  for (int i = 0; i < list->count; i++) {
    Board next = *board;
    board_play_flips (&next, list->moves[i].square, list->moves[i].flips);
    replies[i] = move_weighted_mobility (next.player, next.opponent);
    if (replies[i] < fewest)
      fewest = replies[i];
  }
  return fewest;
}

/* Below every move that is evaluated or searched, by replies. */
static inline int move_unpromising_score (int replies)
{
  return -(1 << 24) - replies;
}

/* The solver's order far from the end: the hash move first, then each move leaving no more than
 * MOVE_REPLY_MARGIN replies beyond the fewest by its child's worth (the evaluation at depth 0,
 * else a midgame search of `depth` plies) less a share of its replies, then the others by
 * replies alone. */
static void move_list_score_promising (SearchThread *thread, const Board *board, MoveList *list,
                                       int depth, int hash_move)
{
  int replies[MOVE_LIST_MAX];
  int fewest = move_list_replies (board, list, replies);
  for (int i = 0; i < list->count; i++) {
    Move *move = &list->moves[i];
    if (move->square == hash_move) {
      move->score = 1 << 30;
      continue;
    }
    if (replies[i] > fewest + MOVE_REPLY_MARGIN) {
      move->score = move_unpromising_score (replies[i]);
      continue;
    }
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    thread->nodes++;
    if (depth == 0)
      move->score = -eval_board (thread->evaluation, &next) - (replies[i] << 8);
    else
      move->score = -midgame_search (thread, &next, -SEARCH_SCORE_INF, SEARCH_SCORE_INF, depth,
                                     false)
                  - (replies[i] << 6);
  }
}

void move_list_score_evaluated (SearchThread *thread, const Board *board, MoveList *list,
                                int hash_move)
{
  move_list_score_promising (thread, board, list, 0, hash_move);
}

void move_list_score_searched (SearchThread *thread, const Board *board, MoveList *list,
                               int depth, int hash_move)
{
  assert (depth > 0);
  move_list_score_promising (thread, board, list, depth, hash_move);
}
