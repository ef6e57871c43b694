/* endgame_reverse.c: the exact solver of Reverse (the fewest discs win). The standard solver's
 * shape without its kernels: from 9 empties the transposition table and enhanced transposition
 * cutoffs, from 6 fastest-first move lists, below a loop over the empty squares in parity order.
 * The table's cutoffs and the search of each child are the standard solver's (endgame_shared.h). */
#include "endgame.h"

#include <assert.h>

#include "board.h"
#include "endgame_shared.h"
#include "move_order.h"
#include "rules.h"
#include "search_internal.h"

/* From this many empties results go to the transposition table. */
#define REVERSE_HASH_EMPTIES 9
/* From this many empties moves are ordered fastest first (below: parity only). */
#define REVERSE_SORT_EMPTIES 6
/* From this many empties the (Reverse) evaluation joins mobility in ordering the moves. */
#define REVERSE_EVAL_SORT_EMPTIES 14
/* The stability bound costs a scan of the board: tried (from 6 empties) only when alpha is
 * high enough for it to have a chance. */
#define REVERSE_STABILITY_ALPHA 8

/* Reverse final score: the negation of the standard one, empties to the standard winner. */
static inline int final_score (uint64_t player, uint64_t opponent, int empties)
{
  return rules_final_score (RULES_REVERSE, endgame_final_score (player, opponent, empties));
}

/* The mirrored stability cutoff: the player ends with at least its stable discs, so its
 * standard score is at least 2 * stable - 64 and its Reverse score at most 64 - 2 * stable. */
static inline bool stability_cutoff (uint64_t player, uint64_t opponent, int alpha, int *score)
{
  if (alpha < REVERSE_STABILITY_ALPHA)
    return false;
  int bound = 64 - 2 * board_count (board_stable_discs (player, opponent) & player);
  if (bound <= alpha) {
    *score = bound;
    return true;
  }
  return false;
}

/* One empty square left: whoever can play it does (the player first). */
static inline int solve_last_1 (SearchThread *thread, uint64_t player, uint64_t opponent,
                                int square)
{
  thread->nodes++;
  uint64_t flips = board_flips_empty (player, opponent, square);
  if (flips)
    return -(2 * board_count (player | flips) + 2 - 64);
  flips = board_flips_empty (opponent, player, square);
  if (flips)
    return -(64 - 2 * (board_count (opponent | flips) + 1));
  return final_score (player, opponent, 1);
}

/* 2 to 5 empty squares: squares in odd quadrants first, no list, no table. */
static int solve_few (SearchThread *thread, uint64_t player, uint64_t opponent, int alpha,
                      int beta, uint64_t empty, bool passed)
{
  int empties = board_count (empty);
  if (empties == 1)
    return solve_last_1 (thread, player, opponent, __builtin_ctzll (empty));
  if (empties == 0) {
    thread->nodes++;
    return final_score (player, opponent, 0);
  }
  thread->nodes++;
  uint64_t odd = move_parity_squares (empty);
  uint64_t order[2] = { empty & odd, empty & ~odd };
  int best = -SEARCH_SCORE_INF;
  for (int k = 0; k < 2; k++) {
    for (uint64_t squares = order[k]; squares; squares &= squares - 1) {
      int square = __builtin_ctzll (squares);
      uint64_t flips = board_flips_empty (player, opponent, square);
      if (!flips)
        continue;
      uint64_t bit = board_bit (square);
      int score = -solve_few (thread, opponent ^ flips, player ^ flips ^ bit, -beta, -alpha,
                              empty ^ bit, false);
      if (search_take_score (score, square, &best, NULL, &alpha, beta))
        return best;
    }
  }
  if (best == -SEARCH_SCORE_INF) {
    if (passed)
      return final_score (player, opponent, empties);
    return -solve_few (thread, opponent, player, -beta, -alpha, empty, true);
  }
  return best;
}

static int solve_any (SearchThread *thread, const Board *board, int alpha, int beta);

/* 6 empties or more: move lists, and the table from REVERSE_HASH_EMPTIES. */
static int solve_sorted (SearchThread *thread, const Board *board, int alpha, int beta,
                         bool passed)
{
  if (search_thread_aborted (thread))
    return 0;
  thread->nodes++;
  int empties = board_empties (board);
  int score;
  if (stability_cutoff (board->player, board->opponent, alpha, &score))
    return score;
  bool hashed = empties >= REVERSE_HASH_EMPTIES;
  uint64_t key = hashed ? board_hash (board) : 0;
  int hash_move = BOARD_NO_MOVE;
  if (hashed && endgame_hash_cut (thread, key, &alpha, &beta, &hash_move, &score))
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
  if (hashed) {
    uint64_t keys[MOVE_LIST_MAX];
    endgame_prefetch_children (thread, board, &list, keys);
    if (endgame_transposition_cutoff (thread, &list, keys, beta, &score))
      return score;
  }
  if (empties >= REVERSE_EVAL_SORT_EMPTIES)
    move_list_score_evaluated (thread, board, &list, hash_move);
  else
    move_list_score_endgame (&list, board, hash_move);

  int best = -SEARCH_SCORE_INF, best_move = BOARD_NO_MOVE;
  int window_alpha = alpha;
  for (int i = 0; i < list.count; i++) {
    const Move *move = move_list_next (&list, i);
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    score = endgame_solve_child (thread, solve_any, &next, alpha, beta, i == 0);
    if (thread->aborted)
      return 0;
    if (search_take_score (score, move->square, &best, &best_move, &alpha, beta))
      break;
  }
  if (hashed)
    hash_store (thread->hash, key, HASH_DEPTH_EXACT, window_alpha * EVAL_SCALE,
                beta * EVAL_SCALE, best * EVAL_SCALE, best_move);
  return best;
}

static int solve_any (SearchThread *thread, const Board *board, int alpha, int beta)
{
  if (board_empties (board) >= REVERSE_SORT_EMPTIES)
    return solve_sorted (thread, board, alpha, beta, false);
  return solve_few (thread, board->player, board->opponent, alpha, beta,
                    board_empty_squares (board), false);
}

int endgame_solve_reverse (SearchThread *thread, const Board *board, int alpha, int beta)
{
  assert (thread && board);
  assert (alpha < beta);
  return solve_any (thread, board, alpha, beta);
}
