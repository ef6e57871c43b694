/* bench-search.c: how well the search keeps to its time: 100 searches under a hard time limit
 * and 100 searches ended by the stop flag, over varied positions, one and two threads. Prints
 * the worst and mean overrun past the limit, and the stop latency. Given an OBF file, it also
 * solves it with one and two threads and prints the speed-up, both in elapsed time and in the
 * calling thread's CPU time (the elapsed time on an otherwise idle machine). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "clock.h"
#include "eval_pattern.h"
#include "notation.h"
#include "search.h"
#include "random-game.h"
#include "stop-later.h"

#define SEARCHES 100

/* A position from random play with 12 to 59 empties where the side to move has a move. */
static Board varied_position (uint64_t *state)
{
  for (;;) {
    Board board;
    board_init (&board);
    int empties = 12 + (int) (random_next (state) % 48);
    while (board_empties (&board) > empties && random_game_step (state, &board))
      continue;
    if (board_legal_moves (&board))
      return board;
  }
}

static double thread_cpu (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* Solves every position of the file with 1 and 2 threads, `rounds` times each, keeping the
 * best time of each position. */
static int bench_threads (const char *path, int rounds)
{
  FILE *file = fopen (path, "r");
  if (!file) {
    perror (path);
    return 1;
  }
  Board boards[64];
  int count = 0;
  char line[1024];
  while (count < 64 && fgets (line, sizeof line, file)) {
    NotationObf obf;
    if (notation_parse_obf (line, strcspn (line, "\r\n"), &obf).error == NOTATION_OK)
      boards[count++] = obf.position.board;
  }
  fclose (file);
  Search *search = search_new (0);
  if (!search)
    return 1;
  search_set_evaluation (search, eval_pattern ());
  double wall[2] = { 0, 0 }, cpu[2] = { 0, 0 };
  uint64_t nodes[2] = { 0, 0 };
  for (int t = 0; t < 2; t++) {
    for (int i = 0; i < count; i++) {
      double best_wall = 1e9, best_cpu = 1e9;
      for (int r = 0; r < rounds; r++) {
        SearchLimits limits = search_limits_default ();
        limits.exact_empties = 64;
        limits.threads = t + 1;
        search_clear (search);
        double start = clock_seconds (), start_cpu = thread_cpu ();
        SearchResult result = search_run (search, &boards[i], &limits, NULL, NULL);
        double elapsed = clock_seconds () - start, used = thread_cpu () - start_cpu;
        if (elapsed < best_wall)
          best_wall = elapsed;
        if (used < best_cpu)
          best_cpu = used;
        if (r == 0)
          nodes[t] += result.nodes;
      }
      wall[t] += best_wall;
      cpu[t] += best_cpu;
    }
    printf ("%s, %d thread%s: %llu nodes, %.3f s elapsed, %.3f s CPU of the calling thread "
            "(best of %d per position)\n", path, t + 1, t ? "s" : "",
            (unsigned long long) nodes[t], wall[t], cpu[t], rounds);
  }
  printf ("two threads against one: speed-up %.2fx in elapsed time, %.2fx in the calling thread's CPU time\n",
          wall[0] / wall[1], cpu[0] / cpu[1]);
  search_free (search);
  return 0;
}

int main (int argc, char **argv)
{
  if (argc > 1)
    return bench_threads (argv[1], argc > 2 ? atoi (argv[2]) : 3);

  static const double limits_s[] = { 0.01, 0.05, 0.1, 0.25, 0.5 };
  Search *search = search_new (0);
  if (!search)
    return 1;
  uint64_t state = 7;

  double worst = -1, total = 0;
  int worst_index = 0;
  for (int i = 0; i < SEARCHES; i++) {
    Board board = varied_position (&state);
    SearchLimits limits = search_limits_default ();
    limits.hard_time = limits_s[i % 5];
    limits.threads = 1 + (i / 5) % 2;
    limits.exact_empties = i % 3 ? 20 : 30;
    double start = clock_seconds ();
    SearchResult result = search_run (search, &board, &limits, NULL, NULL);
    double overrun = clock_seconds () - start - limits.hard_time;
    if (!result.stopped && overrun < 0)
      overrun = 0; /* finished early */
    total += overrun;
    if (overrun > worst)
      worst = overrun, worst_index = i;
  }
  printf ("time limit: %d searches (limits 0.01-0.5 s, 1-2 threads, 12-59 empties): "
          "worst overrun %.1f ms (search %d), mean %.2f ms\n",
          SEARCHES, worst * 1e3, worst_index, total / SEARCHES * 1e3);

  worst = -1, total = 0;
  for (int i = 0; i < SEARCHES; i++) {
    Board board = varied_position (&state);
    atomic_bool stop;
    atomic_init (&stop, false);
    SearchLimits limits = search_limits_default ();
    limits.threads = 1 + i % 2;
    limits.exact_empties = i % 3 ? 20 : 30;
    limits.stop = &stop;
    Stopper stopper = { &stop, 0.01 + (double) (random_next (&state) % 200) * 1e-3, 0 };
    pthread_t thread;
    if (pthread_create (&thread, NULL, stop_later, &stopper) != 0)
      return 1;
    SearchResult result = search_run (search, &board, &limits, NULL, NULL);
    double returned = clock_seconds ();
    pthread_join (thread, NULL);
    double latency = result.stopped ? returned - stopper.stopped_at : 0;
    total += latency;
    if (latency > worst)
      worst = latency, worst_index = i;
  }
  printf ("stop flag: %d searches stopped after 10-210 ms: worst latency %.1f ms (search %d), "
          "mean %.2f ms\n", SEARCHES, worst * 1e3, worst_index, total / SEARCHES * 1e3);
  search_free (search);
  return 0;
}
