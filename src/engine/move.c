/* move.c: generating and ordering move lists. */
#include "move.h"

#include <assert.h>

void move_list_generate (MoveList *list, const Board *board, uint64_t moves)
{
  assert (list && board);
  int n = 0;
  while (moves) {
    int square = __builtin_ctzll (moves);
    moves &= moves - 1;
    list->moves[n].square = square;
    list->moves[n].flips = board_flips (board->player, board->opponent, square);
    list->moves[n].score = 0;
    n++;
  }
  list->count = n;
}

void move_list_score_endgame (MoveList *list, const Board *board, int hash_move)
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
    score -= board_count (move_frontier (player, empty ^ bit)) << 4;
    if (parity & bit)
      score += 1 << 8;
    if (bit & 0x8100000000000081ULL)
      score += 1 << 7;
    move->score = score;
  }
}
