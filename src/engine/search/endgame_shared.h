/* endgame_shared.h: what the standard solver (endgame.c, compiled once per instruction set) and
 * the Reverse one (endgame_reverse.c) share: principal variation search over the children, the
 * final score and the transposition table's cutoffs. Inline, so that each copy of the standard solver has them in its own instructions. */
#pragma once

#include "hash.h"
#include "move_order.h"
#include "search_internal.h"

/* A solver of the positions below a node, in discs within (alpha, beta). */
typedef int (*EndgameSolver) (SearchThread *thread, const Board *board, int alpha, int beta);

/* Principal variation search of a child: the first with the whole window, each other with a null
 * window at alpha first, solved again with the rest of the window when it beats alpha. Inline
 * with a constant `solve`, the calls are direct. */
static inline int endgame_solve_child (SearchThread *thread, EndgameSolver solve,
                                       const Board *next, int alpha, int beta, bool first)
{
  if (first)
    return -solve (thread, next, -beta, -alpha);
  int score = -solve (thread, next, -alpha - 1, -alpha);
  if (score > alpha && score < beta)
    score = -solve (thread, next, -beta, -score);
  return score;
}

/* The standard game's final score, the empty squares given to the winner. */
static inline int endgame_final_score (uint64_t player, uint64_t opponent, int empties)
{
  int difference = board_count (player) - board_count (opponent);
  if (difference > 0)
    return difference + empties;
  if (difference < 0)
    return difference - empties;
  return 0;
}

/* Whether a stored result may bound this search: an exact one always, a selective one only in
 * a selective search. */
static inline bool endgame_hash_usable (const SearchThread *thread, int depth)
{
  return depth == HASH_DEPTH_EXACT
         || (thread->endgame_probcut_percent && depth == HASH_DEPTH_SELECTIVE);
}

/* Starts loading the table buckets of the children, whose keys go to `keys`. */
static inline void endgame_prefetch_children (SearchThread *thread, const Board *board,
                                              const MoveList *list, uint64_t *keys)
{
  for (int i = 0; i < list->count; i++) {
    Board next = *board;
    board_play_flips (&next, list->moves[i].square, list->moves[i].flips);
    keys[i] = board_hash (&next);
    hash_prefetch (thread->hash, keys[i]);
  }
}

/* Enhanced transposition cutoff: a child the table proves at most -beta refutes the position.
 * `keys` are the children's (endgame_prefetch_children). */
static inline bool endgame_transposition_cutoff (SearchThread *thread, const MoveList *list,
                                                 const uint64_t *keys, int beta, int *score)
{
  for (int i = 0; i < list->count; i++) {
    HashHit child;
    if (hash_probe (thread->hash, keys[i], &child) && endgame_hash_usable (thread, child.depth)
        && -(child.upper / EVAL_SCALE) >= beta) {
      *score = -(child.upper / EVAL_SCALE);
      return true;
    }
  }
  return false;
}

/* The table's bounds of the position, in discs, narrowing (*alpha, *beta): true when they decide
 * it (the score is then *score). `hash_move` receives the stored best move, if any. */
static inline bool endgame_hash_cut (SearchThread *thread, uint64_t key, int *alpha, int *beta,
                                     int *hash_move, int *score)
{
  HashHit hit;
  if (!hash_probe (thread->hash, key, &hit))
    return false;
  *hash_move = hit.move;
  return endgame_hash_usable (thread, hit.depth)
         && hash_narrow (&hit, EVAL_SCALE, alpha, beta, score);
}
