/* endgame.c: the exact solver. Deep positions use the transposition table and fastest-first
 * ordering; from 6 empties down plain parity order; the last 4 empties have their own code. */
#include "endgame.h"

#include <assert.h>

#include "midgame.h"
#include "move.h"

/* From this many empties the solver stores results in the transposition table. */
#ifndef ENDGAME_HASH_EMPTIES
#define ENDGAME_HASH_EMPTIES 11
#endif
/* From this many empties moves are ordered fastest first (below: parity only). */
#ifndef ENDGAME_SORT_EMPTIES
#define ENDGAME_SORT_EMPTIES 7
#endif
/* Below this many empties the small-board code takes over. */
#define ENDGAME_SMALL_EMPTIES 5
#ifndef ENDGAME_SHALLOW_SORT_EMPTIES
#define ENDGAME_SHALLOW_SORT_EMPTIES 99
#endif
#ifndef SHALLOW1
#define SHALLOW1 16
#endif
#ifndef SHALLOW2
#define SHALLOW2 20
#endif
#ifndef MOBSHIFT
#define MOBSHIFT 6
#endif

/* The stability cutoff is tried only when alpha is high enough for it to have a chance. */
static const int stability_threshold[65] = {
  99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42,
  44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64,
  64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
};

/* Final score with the empty squares given to the winner. */
static inline int final_score (uint64_t player, uint64_t opponent, int empties)
{
  int difference = board_count (player) - board_count (opponent);
  if (difference > 0)
    return difference + empties;
  if (difference < 0)
    return difference - empties;
  return 0;
}

/* One empty square left. */
static inline int solve_last_1 (SearchThread *thread, uint64_t player, uint64_t opponent,
                                int square)
{
  thread->nodes++;
  uint64_t flips = board_flips (player, opponent, square);
  if (flips)
    return 2 * board_count (player | flips) + 2 - 64;
  flips = board_flips (opponent, player, square);
  if (flips)
    return 64 - 2 * (board_count (opponent | flips) + 1);
  return final_score (player, opponent, 1);
}

/* 2 to 6 empty squares: moves in odd quadrants first, no table, no move list. */
static int solve_small (SearchThread *thread, uint64_t player, uint64_t opponent, int alpha,
                        int beta, uint64_t empty, int empties, bool passed)
{
  thread->nodes++;
  uint64_t parity = move_parity_squares (empty);
  uint64_t order[2] = { empty & parity, empty & ~parity };
  int best = -SEARCH_SCORE_INF;
  for (int k = 0; k < 2; k++) {
    for (uint64_t squares = order[k]; squares; squares &= squares - 1) {
      int square = __builtin_ctzll (squares);
      uint64_t flips = board_flips (player, opponent, square);
      if (!flips)
        continue;
      uint64_t bit = board_bit (square);
      uint64_t next_player = opponent ^ flips, next_opponent = player ^ flips ^ bit;
      int score = empties == 2
        ? -solve_last_1 (thread, next_player, next_opponent, __builtin_ctzll (empty ^ bit))
        : -solve_small (thread, next_player, next_opponent, -beta, -alpha, empty ^ bit,
                        empties - 1, false);
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta)
            return best;
        }
      }
    }
  }
  if (best == -SEARCH_SCORE_INF) {
    if (passed)
      return final_score (player, opponent, empties);
    return -solve_small (thread, opponent, player, -beta, -alpha, empty, empties, true);
  }
  return best;
}

/* The opponent's stable discs bound the score from above. */
static inline bool stability_cutoff (uint64_t player, uint64_t opponent, int empties, int alpha,
                                     int *score)
{
  if (alpha < stability_threshold[empties])
    return false;
  int bound = 64 - 2 * board_count (board_stable_discs (player, opponent) & opponent);
  if (bound <= alpha) {
    *score = bound;
    return true;
  }
  return false;
}

static int solve_deep (SearchThread *thread, const Board *board, int alpha, int beta,
                       bool passed);

/* Far from the end, a shallow search of each move orders better than mobility alone. */
static void endgame_score_moves_shallow (SearchThread *thread, const Board *board,
                                         MoveList *list, int empties, int hash_move)
{
  int depth = empties >= SHALLOW2 ? 2 : empties >= SHALLOW1 ? 1 : 0;
  for (int i = 0; i < list->count; i++) {
    Move *move = &list->moves[i];
    if (move->square == hash_move) {
      move->score = 1 << 30;
      continue;
    }
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    int value = midgame_search (thread, &next, -SEARCH_SCORE_INF, SEARCH_SCORE_INF, depth, false);
    move->score = -value - (move_weighted_mobility (next.player, next.opponent) << MOBSHIFT);
  }
}

/* 7 to 10 empty squares: fastest first, no table. */
static int solve_sorted (SearchThread *thread, const Board *board, int alpha, int beta,
                         bool passed)
{
  if (search_thread_aborted (thread))
    return 0;
  thread->nodes++;
  uint64_t empty = board_empty_squares (board);
  int empties = board_count (empty);
  int score;
  if (stability_cutoff (board->player, board->opponent, empties, alpha, &score))
    return score;
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    if (passed)
      return final_score (board->player, board->opponent, empties);
    Board next = { board->opponent, board->player };
    return -solve_sorted (thread, &next, -beta, -alpha, true);
  }
  MoveList list;
  move_list_generate (&list, board, moves);
  move_list_score_endgame (&list, board, BOARD_NO_MOVE);
  int best = -SEARCH_SCORE_INF;
  for (int i = 0; i < list.count; i++) {
    const Move *move = move_list_next (&list, i);
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    if (empties - 1 < ENDGAME_SORT_EMPTIES)
      score = -solve_small (thread, next.player, next.opponent, -beta, -alpha,
                            empty ^ board_bit (move->square), empties - 1, false);
    else
      score = -solve_sorted (thread, &next, -beta, -alpha, false);
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta)
          break;
      }
    }
  }
  return best;
}

static inline int solve_any (SearchThread *thread, const Board *board, int alpha, int beta)
{
  int empties = board_empties (board);
  if (empties >= ENDGAME_HASH_EMPTIES)
    return solve_deep (thread, board, alpha, beta, false);
  if (empties >= ENDGAME_SORT_EMPTIES)
    return solve_sorted (thread, board, alpha, beta, false);
  if (empties >= 2)
    return solve_small (thread, board->player, board->opponent, alpha, beta,
                        board_empty_squares (board), empties, false);
  if (empties == 1)
    return solve_last_1 (thread, board->player, board->opponent,
                         __builtin_ctzll (board_empty_squares (board)));
  thread->nodes++;
  return final_score (board->player, board->opponent, 0);
}

/* Deep positions: transposition table, fastest-first order, principal variation search. */
static int solve_deep (SearchThread *thread, const Board *board, int alpha, int beta,
                       bool passed)
{
  if (search_thread_aborted (thread))
    return 0;
  thread->nodes++;
  int empties = board_empties (board);
  int score;
  if (stability_cutoff (board->player, board->opponent, empties, alpha, &score))
    return score;
  uint64_t key = board_hash (board);
  HashHit hit;
  int hash_move = BOARD_NO_MOVE;
  if (hash_probe (thread->hash, key, &hit)) {
    hash_move = hit.move;
    if (hit.depth == HASH_DEPTH_EXACT) {
      int lower = hit.lower / EVAL_SCALE, upper = hit.upper / EVAL_SCALE;
      if (lower >= beta)
        return lower;
      if (upper <= alpha)
        return upper;
      if (lower == upper)
        return lower;
      if (lower > alpha)
        alpha = lower;
      if (upper < beta)
        beta = upper;
    }
  }
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    if (passed)
      return final_score (board->player, board->opponent, empties);
    Board next = { board->opponent, board->player };
    return -solve_deep (thread, &next, -beta, -alpha, true);
  }
  MoveList list;
  move_list_generate (&list, board, moves);
  if (empties >= ENDGAME_SHALLOW_SORT_EMPTIES)
    endgame_score_moves_shallow (thread, board, &list, empties, hash_move);
  else
    move_list_score_endgame (&list, board, hash_move);
  int best = -SEARCH_SCORE_INF, best_move = BOARD_NO_MOVE;
  int window_alpha = alpha;
  for (int i = 0; i < list.count; i++) {
    const Move *move = move_list_next (&list, i);
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    if (i == 0) {
      score = -solve_any (thread, &next, -beta, -alpha);
    } else {
      score = -solve_any (thread, &next, -alpha - 1, -alpha);
      if (score > alpha && score < beta)
        score = -solve_any (thread, &next, -beta, -score);
    }
    if (thread->aborted)
      return 0;
    if (score > best) {
      best = score;
      best_move = move->square;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta)
          break;
      }
    }
  }
  hash_store (thread->hash, key, HASH_DEPTH_EXACT, window_alpha * EVAL_SCALE,
              beta * EVAL_SCALE, best * EVAL_SCALE, best_move);
  return best;
}

int endgame_solve (SearchThread *thread, const Board *board, int alpha, int beta)
{
  assert (thread && board);
  assert (alpha < beta);
  return solve_any (thread, board, alpha, beta);
}
