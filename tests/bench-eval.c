/* bench-eval.c: prints the speed of the evaluations (evaluations per second), of a midgame
 * search with each, and the time to decode the compiled-in weights, all in this thread's CPU
 * time (steadier than wall time on a busy machine). Numbers, not checks.
 *   bench-eval [POSITIONS] [DEPTH] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "board.h"
#include "eval_pattern.h"
#include "search.h"
#include "test-support.h"

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

int main (int argc, char **argv)
{
  int count = argc > 1 ? atoi (argv[1]) : 100000;
  int depth = argc > 2 ? atoi (argv[2]) : 10;
  if (count < 1 || depth < 1) {
    fprintf (stderr, "usage: bench-eval [POSITIONS] [DEPTH]\n");
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
  search_free (search);
  return 0;
}
