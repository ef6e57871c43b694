/* test-endgame-reference.c: the exact solver against a plain reference solver written here, on
 * thousands of seeded random positions of 8 to 16 empty squares: every copy of the solver this
 * CPU can run, in full, null and random windows, one table shared by all the solves (so stored
 * bounds meet other windows and other positions); and a selective solve (ProbCut) followed by an
 * exact one in the same table, whose score must be exact whatever the selective one stored. */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "endgame.h"
#include "eval_pattern.h"
#include "hash.h"
#include "search.h"
#include "check.h"
#include "random-game.h"

typedef int (*Solver) (SearchThread *thread, const Board *board, int alpha, int beta);

/* The reference: negamax with alpha-beta, moves in square order, no table, no ordering, no
 * cutoffs but beta's; a pass is a ply, two end the game. Fail-hard, in (alpha, beta). */
static int reference (const Board *board, int alpha, int beta, bool passed, uint64_t *nodes)
{
  ++*nodes;
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    if (passed)
      return -board_final_score (&(Board) { board->opponent, board->player });
    Board next = { board->opponent, board->player };
    return -reference (&next, -beta, -alpha, true, nodes);
  }
  for (; moves; moves &= moves - 1) {
    Board next = *board;
    board_play (&next, __builtin_ctzll (moves));
    int score = -reference (&next, -beta, -alpha, false, nodes);
    if (score >= beta)
      return beta;
    if (score > alpha)
      alpha = score;
  }
  return alpha;
}

/* Whether the reference proves `score` exact: above score - 1 and not above score (two null
 * windows, far cheaper than a full one from 13 empties). */
static bool reference_confirms (const Board *board, int score, uint64_t *nodes)
{
  return reference (board, score - 1, score, false, nodes) > score - 1
         && reference (board, score, score + 1, false, nodes) <= score;
}

typedef struct Kernel {
  Solver solve;
  const char *name;
} Kernel;

static int available_kernels (Kernel *kernels)
{
  int n = 0;
  kernels[n++] = (Kernel) { endgame_solve_portable, "portable" };
#ifdef ENDGAME_HAVE_X86_64_V3
  if (board_kernel_available (BOARD_KERNEL_AVX2))
    kernels[n++] = (Kernel) { endgame_solve_x86_64_v3, "x86-64-v3" };
#endif
#ifdef ENDGAME_HAVE_AVX512
  if (board_kernel_available (BOARD_KERNEL_AVX512))
    kernels[n++] = (Kernel) { endgame_solve_avx512, "avx512" };
#endif
  return n;
}

/* A thread of one search on `hash`, as search_run sets it up, with the trained evaluation that
 * orders moves from 14 empties. */
typedef struct Solve {
  SearchLimits limits;
  SearchShared shared;
  SearchThread thread;
} Solve;

static void solve_init (Solve *solve, HashTable *hash, Solver solver)
{
  solve->limits = search_limits_default ();
  solve->shared = (SearchShared) { .limits = &solve->limits, .hash = hash,
                                   .evaluation = eval_pattern () };
  solve->thread = (SearchThread) { .shared = &solve->shared, .hash = hash,
                                   .evaluation = eval_pattern (), .endgame = solver,
                                   .next_poll = SEARCH_POLL_NODES };
}

/* A fail-soft result `score` of the window (alpha, beta) is true of the exact score. */
static bool bound_holds (int score, int alpha, int beta, int exact)
{
  if (score <= alpha)
    return exact <= score;
  if (score >= beta)
    return exact >= score;
  return exact == score;
}

/* Empty squares of the i-th of `positions` positions: every count from 8 to 16, the cheaper
 * ones more often (the reference's cost grows about fourfold an empty square): eight of 13-16,
 * the others 8-12. */
static int empties_of (int i, int positions)
{
  int rare = positions / 8 > 0 ? positions / 8 : 1;
  if (i % rare == rare - 1)
    return 13 + i / rare % 4;
  static const int cycle[] = { 8, 9, 10, 8, 9, 10, 11, 8, 9, 10, 11, 12 };
  return cycle[i % (int) (sizeof cycle / sizeof cycle[0])];
}

static void test_kernels_match_reference (int positions)
{
  Kernel kernels[3];
  int n_kernels = available_kernels (kernels);
  HashTable hash;
  REQUIRE (hash_init (&hash, 4 << 20), "no memory for the table");
  uint64_t state = 41, reference_nodes = 0, solver_nodes = 0;
  int solved = 0, by_empties[17] = { 0 };
  for (int i = 0; solved < positions; i++) {
    Board board;
    int empties = empties_of (solved, positions);
    if (!random_game_position (&state, empties, &board) || board_is_game_over (&board))
      continue;
    Solve first;
    solve_init (&first, &hash, kernels[0].solve);
    int exact = kernels[0].solve (&first.thread, &board, -65, 65);
    CHECK (reference_confirms (&board, exact, &reference_nodes),
           "position %d (%d empties): %s gives %+d, the reference %+d", i, empties, kernels[0].name,
           exact, reference (&board, -65, 65, false, &reference_nodes));
    /* A window of its own for each position, sometimes around the score, sometimes not. */
    int alpha = (int) (random_next (&state) % 129) - 65;
    int beta = alpha + 1 + (int) (random_next (&state) % 24);
    if (beta > 65)
      beta = 65;
    for (int k = 0; k < n_kernels; k++) {
      Solve solve;
      solve_init (&solve, &hash, kernels[k].solve);
      SearchThread *thread = &solve.thread;
      int score = kernels[k].solve (thread, &board, -65, 65);
      CHECK (score == exact, "position %d (%d empties): %s %+d, portable %+d", i, empties,
             kernels[k].name, score, exact);
      int above = kernels[k].solve (thread, &board, exact - 1, exact);
      int below = kernels[k].solve (thread, &board, exact, exact + 1);
      CHECK (above >= exact && below <= exact,
             "position %d (%d empties): %s null windows %+d %+d around %+d", i, empties,
             kernels[k].name, above, below, exact);
      score = kernels[k].solve (thread, &board, alpha, beta);
      CHECK (bound_holds (score, alpha, beta, exact),
             "position %d (%d empties): %s gives %+d in (%d, %d), reference %+d", i, empties,
             kernels[k].name, score, alpha, beta, exact);
      CHECK (!thread->aborted, "position %d: the solve was aborted", i);
      solver_nodes += thread->nodes;
    }
    by_empties[empties]++;
    solved++;
  }
  for (int e = 8; e <= 16; e++)
    CHECK (by_empties[e] > 0, "no position of %d empties", e);
  printf ("%d positions of 8-16 empties, %d copies of the solver agree with the reference "
          "(%llu reference nodes, %llu solver nodes)\n", solved, n_kernels,
          (unsigned long long) reference_nodes, (unsigned long long) solver_nodes);
  hash_destroy (&hash);
}

/* ProbCut in a selective solve: scores that may be wrong (a margin of 0.1 sigma cuts often), kept
 * in the table as selective; the exact solve after it, in the same table, must be exact and must
 * leave the position stored as exact. */
static void test_selective_never_exact (int positions)
{
  Kernel kernels[3];
  int n_kernels = available_kernels (kernels);
  Solver solver = kernels[n_kernels - 1].solve;
  HashTable hash;
  REQUIRE (hash_init (&hash, 4 << 20), "no memory for the table");
  uint64_t state = 4141, nodes = 0;
  int solved = 0, off = 0;
  for (int i = 0; solved < positions; i++) {
    Board board;
    int empties = 14 + i % 2;
    if (!random_game_position (&state, empties, &board) || !board_legal_moves (&board))
      continue;
    hash_clear (&hash);
    Solve solve;
    solve_init (&solve, &hash, solver);
    solve.thread.endgame_probcut_percent = 10;
    int selective = solver (&solve.thread, &board, -65, 65);
    HashHit hit;
    if (hash_probe (&hash, board_hash (&board), &hit))
      CHECK (hit.depth == HASH_DEPTH_SELECTIVE, "position %d: a selective solve stored depth %d",
             i, hit.depth);
    solve.thread.endgame_probcut_percent = 0;
    int score = solver (&solve.thread, &board, -65, 65), exact = score;
    CHECK (reference_confirms (&board, score, &nodes), "position %d (%d empties): exact solve after a selective one %+d "
           "(selective %+d), the reference %+d", i, empties, score, selective,
           reference (&board, -65, 65, false, &nodes));
    if (selective != exact)
      off++;
    int above = solver (&solve.thread, &board, exact - 1, exact);
    int below = solver (&solve.thread, &board, exact, exact + 1);
    CHECK (above >= exact && below <= exact, "position %d: null windows %+d %+d around %+d", i,
           above, below, exact);
    CHECK (hash_probe (&hash, board_hash (&board), &hit) && hit.depth == HASH_DEPTH_EXACT,
           "position %d: the exact solve left no exact entry", i);
    solved++;
  }
  /* Otherwise the check above proves nothing: the cuts must have been wrong somewhere. */
  CHECK (off > 0, "the selective solve was exact on all %d positions", solved);
  printf ("%d positions of 14-15 empties: the selective solve was off on %d, the exact one after "
          "it right on all\n", solved, off);
  hash_destroy (&hash);
}

int main (int argc, char **argv)
{
  /* An argument scales the counts down, for the slow sanitized builds. */
  int scale = argc > 1 ? atoi (argv[1]) : 1;
  if (scale < 1)
    scale = 1;
  test_kernels_match_reference (2000 / scale);
  test_selective_never_exact (24 / scale);
  return check_finish ();
}
