/* move.c: ordering move lists where the evaluation guides the order. */
#include "move.h"

#include "midgame.h"
#include "search_internal.h"

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
      move->score = -eval_board (thread->evaluation, &next);
    } else {
      int score = -(move_weighted_mobility (next.player, next.opponent) << 4);
      if (board_bit (move->square) & 0x8100000000000081ULL)
        score += 32;
      move->score = score;
    }
  }
}

void move_list_score_evaluated (SearchThread *thread, const Board *board, MoveList *list,
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
    thread->nodes++;
    move->score = -eval_board (thread->evaluation, &next)
                - (move_weighted_mobility (next.player, next.opponent) << 8);
  }
}

void move_list_score_searched (SearchThread *thread, const Board *board, MoveList *list,
                               int depth, int hash_move)
{
  for (int i = 0; i < list->count; i++) {
    Move *move = &list->moves[i];
    if (move->square == hash_move) {
      move->score = 1 << 30;
      continue;
    }
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    thread->nodes++;
    move->score = -midgame_search (thread, &next, -SEARCH_SCORE_INF, SEARCH_SCORE_INF, depth,
                                   false)
                - (move_weighted_mobility (next.player, next.opponent) << 6);
  }
}
