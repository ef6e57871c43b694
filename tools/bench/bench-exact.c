/* bench-exact.c: how soon the window's scores can say "exact" (issue 41): Show Scores analyses
 * every move of the position shown (analysis.h) with the live scores' table, and a move's score
 * turns exact once it is solved. For positions of real games with 22, 24 and 26 empty squares
 * (the first WTB games that reach them with a choice of 4 moves or more, in the order of the
 * file), every move is solved exactly
 * (exact_empties at the position's own count, no depth or time limit), single thread, with a
 * fresh table, as Show Scores would if its threshold allowed it; the time to the last exact
 * score is what a player waits. Prints each position's seconds and nodes, and for each count the
 * median and the slowest, and the analyses' defaults (src/game/verso-game-analysis.c) beside
 * them, so that a threshold can be chosen from what it costs.
 * Usage: bench-exact WTB [POSITIONS_A_COUNT] [THREADS]; `meson test --benchmark exact`. */
#include <stdio.h>
#include <stdlib.h>

#include "analysis.h"
#include "board.h"
#include "clock.h"
#include "search.h"
#include "wthor.h"

/* The game's analyst's table (src/game/verso-computer.c). */
#define BENCH_HASH_BYTES ((size_t) 32 << 20)
#define BENCH_MAX_POSITIONS 32
#define BENCH_MIN_MOVES 4

static const int bench_empties[] = { 22, 24, 26 };
#define BENCH_COUNTS (sizeof bench_empties / sizeof bench_empties[0])

typedef struct Found {
  int empties;
  bool found;
  Board board;
} Found;

static void find_position (const Board *board, bool black_to_move, int move, void *user_data)
{
  (void) black_to_move;
  (void) move;
  Found *found = user_data;
  /* A choice of a few moves at least: a forced move says little of how soon scores are exact. */
  if (!found->found && board_empties (board) == found->empties
      && board_count (board_legal_moves (board)) >= BENCH_MIN_MOVES) {
    found->board = *board;
    found->found = true;
  }
}

static int compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

int main (int argc, char *argv[])
{
  if (argc < 2 || argc > 4) {
    fprintf (stderr, "usage: bench-exact WTB [POSITIONS_A_COUNT] [THREADS]\n");
    return 2;
  }
  int per_count = argc > 2 ? atoi (argv[2]) : 5;
  int threads = argc > 3 ? atoi (argv[3]) : 1;
  if (per_count < 1 || per_count > BENCH_MAX_POSITIONS || threads < 1) {
    fprintf (stderr, "bench-exact: 1 to %d positions a count, 1 thread or more\n", BENCH_MAX_POSITIONS);
    return 2;
  }
  WthorFile file;
  char error[256];
  if (!wthor_read (argv[1], &file, stderr, error, sizeof error)) {
    fprintf (stderr, "bench-exact: %s\n", error);
    return 1;
  }
  Search *search = search_new (BENCH_HASH_BYTES);
  if (!search) {
    fprintf (stderr, "bench-exact: no memory for the table\n");
    wthor_file_clear (&file);
    return 1;
  }
  printf ("the window's defaults: Show Scores exact after a move leaving 20 empties or fewer,"
          " the coach, the hint and Analyse Game 18 (src/game/verso-game-analysis.c)\n");
  printf ("every move solved exactly, %d thread%s, a fresh %zu MB table each\n", threads,
          threads == 1 ? "" : "s", BENCH_HASH_BYTES >> 20);
  int status = 0;
  for (size_t c = 0; c < BENCH_COUNTS; c++) {
    double seconds[BENCH_MAX_POSITIONS];
    uint64_t nodes = 0;
    int n = 0;
    for (size_t g = 0; g < file.count && n < per_count; g++) {
      Found found = { .empties = bench_empties[c] };
      wthor_replay (&file.games[g], find_position, &found);
      if (!found.found)
        continue;
      search_clear (search);
      SearchLimits limits = search_limits_default ();
      limits.max_depth = 0;
      limits.exact_empties = bench_empties[c];
      limits.threads = threads;
      Analysis analysis;
      double start = clock_seconds ();
      analysis_run (search, &found.board, &limits, NULL, NULL, &analysis);
      seconds[n] = clock_seconds () - start;
      nodes += analysis.nodes;
      int best = 0;
      analysis_best_score (&analysis, &best);
      printf ("%2d empties  game %4zu  %2d moves  best %+3d  %s  %7.2f s  %8.1f M nodes  %5.1f M/s\n",
              bench_empties[c], g + 1, analysis.count, best, analysis.exact ? "exact" : "NOT EXACT",
              seconds[n], analysis.nodes / 1e6, analysis.nodes / 1e6 / (seconds[n] > 0 ? seconds[n] : 1e-9));
      fflush (stdout);
      if (!analysis.exact)
        status = 1;
      n++;
    }
    if (n == 0) {
      fprintf (stderr, "bench-exact: no game of %s reaches %d empties\n", argv[1], bench_empties[c]);
      status = 1;
      continue;
    }
    double total = 0;
    for (int i = 0; i < n; i++)
      total += seconds[i];
    qsort (seconds, (size_t) n, sizeof *seconds, compare_doubles);
    printf ("%2d empties  %d positions: median %.2f s, slowest %.2f s, total %.2f s, %.1f M nodes\n",
            bench_empties[c], n, seconds[n / 2], seconds[n - 1], total, nodes / 1e6);
  }
  search_free (search);
  wthor_file_clear (&file);
  return status;
}
