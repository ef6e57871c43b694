/* test-endgame-kernels.c: every copy of the exact solver this CPU can run (portable, x86-64-v3,
 * AVX-512) gives the same scores, in full and in null windows. */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "endgame.h"
#include "hash.h"
#include "search.h"
#include "check.h"
#include "random-game.h"

typedef int (*Solver) (SearchThread *thread, const Board *board, int alpha, int beta);

/* One solve with a fresh table, so no copy sees another's results. */
static int solve (Solver solver, const Board *board, int alpha, int beta)
{
  SearchLimits limits = search_limits_default ();
  HashTable hash;
  REQUIRE (hash_init (&hash, 1 << 20), "no memory for the table");
  SearchShared shared = { .limits = &limits, .hash = &hash };
  SearchThread thread = { .shared = &shared, .hash = &hash, .next_poll = SEARCH_POLL_NODES,
                          .endgame = solver };
  int score = solver (&thread, board, alpha, beta);
  CHECK (!thread.aborted, "the solve was aborted");
  hash_destroy (&hash);
  return score;
}

int main (void)
{
  Solver solvers[3];
  const char *names[3];
  int n = 0;
  solvers[n] = endgame_solve_portable;
  names[n++] = "portable";
#ifdef ENDGAME_HAVE_X86_64_V3
  if (board_kernel_available (BOARD_KERNEL_AVX2)) {
    solvers[n] = endgame_solve_x86_64_v3;
    names[n++] = "x86-64-v3";
  }
#endif
#ifdef ENDGAME_HAVE_AVX512
  if (board_kernel_available (BOARD_KERNEL_AVX512)) {
    solvers[n] = endgame_solve_avx512;
    names[n++] = "avx512";
  }
#endif
  uint64_t state = 20261122;
  int solved = 0;
  /* Below 14 empties, where the solver orders moves without the evaluation. */
  for (int i = 0; solved < 120; i++) {
    Board board;
    int empties = 4 + i % 9;
    if (!random_game_position (&state, empties, &board))
      continue;
    int exact = solve (solvers[0], &board, -64, 64);
    CHECK (exact >= -64 && exact <= 64 && exact % 2 == 0, "position %d: score %d", i, exact);
    for (int k = 1; k < n; k++) {
      int score = solve (solvers[k], &board, -64, 64);
      CHECK (score == exact, "position %d (%d empties): %s gives %d, portable %d", i, empties,
             names[k], score, exact);
    }
    for (int k = 0; k < n; k++) {
      int above = solve (solvers[k], &board, exact - 1, exact);
      int below = solve (solvers[k], &board, exact, exact + 1);
      CHECK (above >= exact && below <= exact, "position %d: %s null windows %d %d around %d",
             i, names[k], above, below, exact);
    }
    solved++;
  }
  printf ("%d positions, %d solvers agree\n", solved, n);
  return check_finish ();
}
