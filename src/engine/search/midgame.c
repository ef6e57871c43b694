/* midgame.c: principal variation search (negascout) with a transposition table, fastest-first
 * and evaluation-guided move ordering, and enhanced transposition cutoffs. */
#include "midgame.h"

#include <assert.h>

#include "endgame.h"
#include "probcut.h"

/* From this depth, children found in the table may cut off before any move is searched. */
#define MIDGAME_ETC_DEPTH 4

static inline int floor_div (int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }
static inline int ceil_div (int a, int b) { return -floor_div (-a, b); }

/* The last ply: each child's evaluation, no table, no ordering (every child is evaluated
 * anyway, and only the maximum matters). */
static int midgame_last_ply (SearchThread *thread, const Board *board, int beta, bool passed)
{
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    Board next = { board->opponent, board->player };
    if (passed || !board_legal_moves (&next))
      return rules_final_score (thread->rules, board_final_score (board)) * EVAL_SCALE;
    return -midgame_last_ply (thread, &next, -SEARCH_SCORE_INF, true);
  }
  int best = -SEARCH_SCORE_INF;
  while (moves) {
    int square = __builtin_ctzll (moves);
    moves &= moves - 1;
    Board next = *board;
    board_play_flips (&next, square, board_flips_empty (board->player, board->opponent, square));
    thread->nodes++;
    int score = -eval_board (thread->evaluation, &next);
    if (score > best) {
      best = score;
      if (score >= beta)
        break;
    }
  }
  return best;
}

/* Two plies from the leaves: no table (its probe costs more than the few nodes it saves
 * here), moves in the cheap mobility order. */
static int midgame_shallow (SearchThread *thread, const Board *board, int alpha, int beta,
                            bool passed)
{
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    Board next = { board->opponent, board->player };
    if (passed || !board_legal_moves (&next))
      return rules_final_score (thread->rules, board_final_score (board)) * EVAL_SCALE;
    return -midgame_shallow (thread, &next, -beta, -alpha, true);
  }
  thread->nodes++;
  MoveList list;
  move_list_generate (&list, board, moves);
  move_list_score_midgame (thread, board, &list, 2, BOARD_NO_MOVE);
  int best = -SEARCH_SCORE_INF;
  for (int i = 0; i < list.count; i++) {
    const Move *move = move_list_next (&list, i);
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    int score = -midgame_last_ply (thread, &next, -(alpha > best ? alpha : best), false);
    if (score > best) {
      best = score;
      if (score >= beta)
        break;
    }
  }
  return best;
}

bool midgame_probcut (SearchThread *thread, const Board *board, const ProbCut *cut, int percent,
                      int alpha, int beta, int scale, bool passed, int *score)
{
  int low, high;
  probcut_bounds (cut, alpha * scale, beta * scale, percent, &low, &high);
  int side = 0;
  if (high < EVAL_MAX - EVAL_SCALE
      && midgame_search (thread, board, high - 1, high, cut->shallow, passed) >= high)
    side = 1;
  else if (!thread->aborted && low > -EVAL_MAX + EVAL_SCALE
           && midgame_search (thread, board, low, low + 1, cut->shallow, passed) <= low)
    side = -1;
  if (thread->aborted) {
    *score = 0;
    return true;
  }
  *score = side > 0 ? beta : alpha;
  return side != 0;
}

int midgame_search (SearchThread *thread, const Board *board, int alpha, int beta, int depth,
                    bool passed)
{
  int empties = board_empties (board);
  if (depth >= empties) {
    int low = floor_div (alpha, EVAL_SCALE), high = ceil_div (beta, EVAL_SCALE);
    if (low < -65)
      low = -65;
    if (high > 65)
      high = 65;
    return endgame_solve (thread, board, low, high) * EVAL_SCALE;
  }
  if (depth <= 0) {
    thread->nodes++;
    return eval_board (thread->evaluation, board);
  }
  if (search_thread_aborted (thread))
    return 0;
  if (depth == 1) {
    thread->nodes++;
    return midgame_last_ply (thread, board, beta, passed);
  }
  if (depth == 2)
    return midgame_shallow (thread, board, alpha, beta, passed);
  thread->nodes++;

  uint64_t key = board_hash (board);
  HashHit hit;
  int hash_move = BOARD_NO_MOVE, score;
  if (hash_probe (thread->hash, key, &hit)) {
    hash_move = hit.move;
    if (hit.depth >= depth && hash_narrow (&hit, 1, &alpha, &beta, &score))
      return score;
  }

  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    Board next = { board->opponent, board->player };
    if (passed || !board_legal_moves (&next))
      return rules_final_score (thread->rules, board_final_score (board)) * EVAL_SCALE;
    return -midgame_search (thread, &next, -beta, -alpha, depth, true);
  }

  /* Multi-ProbCut: a shallow search that predicts the deep one beyond the window ends it. */
  const ProbCut *cut = thread->probcut_percent ? probcut_get (empties, depth) : NULL;
  if (cut && midgame_probcut (thread, board, cut, thread->probcut_percent, alpha, beta, 1, passed,
                              &score))
    return score;

  MoveList list;
  move_list_generate (&list, board, moves);

  /* Enhanced transposition cutoff: a child already known to refute this node ends it. */
  if (depth >= MIDGAME_ETC_DEPTH) {
    for (int i = 0; i < list.count; i++) {
      Board next = *board;
      board_play_flips (&next, list.moves[i].square, list.moves[i].flips);
      HashHit child;
      if (hash_probe (thread->hash, board_hash (&next), &child) && child.depth >= depth - 1
          && -child.upper >= beta) {
        hash_store (thread->hash, key, depth, alpha, beta, -child.upper, list.moves[i].square);
        return -child.upper;
      }
    }
  }

  move_list_score_midgame (thread, board, &list, depth, hash_move);
  int best = -SEARCH_SCORE_INF, best_move = BOARD_NO_MOVE;
  int window_alpha = alpha;
  for (int i = 0; i < list.count; i++) {
    const Move *move = move_list_next (&list, i);
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    if (i == 0) {
      score = -midgame_search (thread, &next, -beta, -alpha, depth - 1, false);
    } else {
      score = -midgame_search (thread, &next, -alpha - 1, -alpha, depth - 1, false);
      if (score > alpha && score < beta)
        score = -midgame_search (thread, &next, -beta, -score, depth - 1, false);
    }
    if (thread->aborted)
      return 0;
    if (search_take_score (score, move->square, &best, &best_move, &alpha, beta))
      break;
  }
  hash_store (thread->hash, key, depth, window_alpha, beta, best, best_move);
  return best;
}
