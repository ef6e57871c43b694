/* bench-eval.c: prints the speed of the evaluations (evaluations per second), of a midgame
 * search with each, and the time to decode the compiled-in weights, all in this thread's CPU
 * time (steadier than wall time on a busy machine). Numbers, not checks. Given an OBF file
 * (tests/data/midgame.obf: positions from tournament games), the search is timed on its
 * positions too, with the sum of the scores found (a change of speed alone keeps it).
 *   bench-eval [POSITIONS] [DEPTH] [FILE] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "eval_pattern.h"
#include "notation.h"
#include "search.h"
#include "random-game.h"

static double now_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A position with `empties` empty squares reached by random legal moves (retrying when the
 * game ends first). */
static Board random_position (uint64_t *state, int empties)
{
  Board board;
  while (!random_game_position (state, empties, &board) || !board_legal_moves (&board))
    continue;
  return board;
}

/* Fixed-depth searches of every position of an OBF file, one thread, the pattern evaluation. */
static int bench_file (Search *search, const char *path, int depth)
{
  FILE *file = fopen (path, "r");
  if (!file) {
    fprintf (stderr, "bench-eval: cannot open %s\n", path);
    return 2;
  }
  search_set_evaluation (search, eval_pattern ());
  SearchLimits limits = search_limits_default ();
  limits.max_depth = depth;
  limits.exact_empties = -1;
  char line[512];
  int count = 0, number = 0;
  long score_sum = 0;
  uint64_t nodes = 0;
  double seconds = 0;
  while (fgets (line, sizeof line, file)) {
    number++;
    NotationObf obf;
    size_t length = strcspn (line, "\r\n");
    if (length == 0)
      continue;
    if (notation_parse_obf (line, length, &obf).error != NOTATION_OK) {
      fprintf (stderr, "bench-eval: %s:%d: not an OBF position\n", path, number);
      fclose (file);
      return 2;
    }
    search_clear (search);
    double t = now_seconds ();
    SearchResult result = search_run (search, &obf.position.board, &limits, NULL, NULL);
    seconds += now_seconds () - t;
    nodes += result.nodes;
    score_sum += result.score;
    count++;
  }
  fclose (file);
  printf ("pattern  midgame search, depth %d, %d positions of %s: %.3f s, %llu nodes, "
          "%.2f M nodes/s, scores sum %+ld\n", depth, count, path, seconds,
          (unsigned long long) nodes, seconds > 0 ? (double) nodes / seconds / 1e6 : 0.0,
          score_sum);
  return 0;
}

int main (int argc, char **argv)
{
  int count = argc > 1 ? atoi (argv[1]) : 100000;
  int depth = argc > 2 ? atoi (argv[2]) : 10;
  if (count < 1 || depth < 1) {
    fprintf (stderr, "usage: bench-eval [POSITIONS] [DEPTH] [FILE]\n");
    return 2;
  }
  double start = now_seconds ();
  const Evaluation *pattern = eval_pattern ();
  printf ("decoding the compiled-in weights: %.2f ms%s%s\n", (now_seconds () - start) * 1e3,
          eval_pattern_error () ? " (not used: " : "", eval_pattern_error () ? eval_pattern_error () : "");

  Board *boards = malloc (sizeof *boards * (size_t) count);
  if (!boards)
    return 1;
  uint64_t state = 1;
  for (int i = 0; i < count; i++)
    boards[i] = random_position (&state, 10 + (int) (random_next (&state) % 45));
  const Evaluation *evaluations[2] = { pattern, eval_simple () };
  for (int e = 0; e < 2; e++) {
    double best = 1e9;
    long sum = 0;
    for (int repeat = 0; repeat < 5; repeat++) {
      double t = now_seconds ();
      for (int i = 0; i < count; i++)
        sum += eval_board (evaluations[e], &boards[i]);
      t = now_seconds () - t;
      best = t < best ? t : best;
    }
    printf ("%-8s evaluation: %6.1f M evaluations/s (best of 5 passes over %d positions; %ld)\n",
            evaluations[e]->name, count / best / 1e6, count, sum % 10);
  }
  free (boards);

  /* Midgame search at fixed depth from positions with 36 empties, one thread. */
  Search *search = search_new (64 << 20);
  if (!search)
    return 1;
  for (int e = 0; e < 2; e++) {
    search_set_evaluation (search, evaluations[e]);
    SearchLimits limits = search_limits_default ();
    limits.max_depth = depth;
    limits.exact_empties = -1;
    uint64_t nodes = 0;
    double seconds = 0;
    state = 2;
    double t = now_seconds ();
    for (int i = 0; i < 10; i++) {
      Board board = random_position (&state, 36);
      search_clear (search);
      SearchResult result = search_run (search, &board, &limits, NULL, NULL);
      nodes += result.nodes;
    }
    seconds = now_seconds () - t;
    printf ("%-8s midgame search, depth %d, 10 positions with 36 empties: %.2f s, %.2f M nodes/s\n",
            evaluations[e]->name, depth, seconds, nodes / seconds / 1e6);
  }
  int status = argc > 3 ? bench_file (search, argv[3], depth) : 0;
  search_free (search);
  return status;
}
