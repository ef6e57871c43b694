/* bench-analysis.c: how long scoring every legal move takes (analysis.h), single thread, next to
 * one search of the same position at the same depth. Prints one line per position and depth and
 * a total per depth; `meson test --benchmark analysis`. */
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "board.h"
#include "search.h"
#include "check.h"
#include "random-game.h"

#define BENCH_POSITIONS 10

static const int bench_depths[] = { 8, 10, 12 };

/* Typical midgame positions: a few random opening moves, then the engine at depth 4 plays both
 * sides down to 30-40 empties, so the positions look like games rather than random play. */
static bool bench_position (Search *search, uint64_t *state, Board *board)
{
  int target = 30 + (int) (random_next (state) % 11);
  if (!random_game_position (state, 56, board))
    return false;
  while (board_empties (board) > target) {
    if (board_is_game_over (board))
      return false;
    SearchLimits limits = search_limits_default ();
    limits.max_depth = 4;
    limits.exact_empties = -1;
    SearchResult result = search_run (search, board, &limits, NULL, NULL);
    if (result.move == BOARD_PASS)
      board_pass (board);
    else
      board_play (board, result.move);
  }
  return board_legal_moves (board) != 0;
}

int main (void)
{
  Search *search = search_new (0);
  CHECK (search, "search_new failed");
  Board positions[BENCH_POSITIONS];
  uint64_t state = 2024;
  for (int n = 0; n < BENCH_POSITIONS; ) {
    bool fresh = bench_position (search, &state, &positions[n]);
    for (int k = 0; fresh && k < n; k++)
      fresh = !board_equal (&positions[k], &positions[n]);
    if (fresh)
      n++;
  }

  for (size_t d = 0; d < sizeof bench_depths / sizeof bench_depths[0]; d++) {
    int depth = bench_depths[d];
    double total_analysis = 0, total_search = 0;
    for (int n = 0; n < BENCH_POSITIONS; n++) {
      SearchLimits limits = search_limits_default ();
      limits.max_depth = depth;
      search_clear (search);
      Analysis analysis;
      analysis_run (search, &positions[n], &limits, NULL, NULL, &analysis);
      search_clear (search);
      SearchResult result = search_run (search, &positions[n], &limits, NULL, NULL);
      CHECK (analysis.depth == depth, "position %d: analysis reached depth %d, not %d", n,
             analysis.depth, depth);
      printf ("depth %2d  position %2d  %2d empties  %2d moves  analysis %7.3f s  search %7.3f s"
              "  ratio %5.2f\n", depth, n, board_empties (&positions[n]), analysis.count,
              analysis.seconds, result.seconds,
              result.seconds > 0 ? analysis.seconds / result.seconds : 0.0);
      total_analysis += analysis.seconds;
      total_search += result.seconds;
    }
    printf ("depth %2d  total: analysis %.3f s (%.3f s a position), search %.3f s, ratio %.2f\n",
            depth, total_analysis, total_analysis / BENCH_POSITIONS, total_search,
            total_search > 0 ? total_analysis / total_search : 0.0);
    fflush (stdout);
  }
  search_free (search);
  return 0;
}
