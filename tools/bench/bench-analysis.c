/* bench-analysis.c: how long the two analyses the window runs take (analysis.h), single thread,
 * on positions from real games:
 * - Show Scores: three midgame positions of MIDGAME.OBF (20 to 30 discs, 8 moves or more)
 *   analysed up to depth 20 (exact from 20 empties, the live scores' limits) with a fresh table;
 *   the seconds at which every move is scored at depths 12, 16 and 20;
 * - Analyse Game: every position of the first close 60-move game of WTB analysed at depth 10,
 *   exact from 18 empties (the review's limits), on one search whose table is kept from one
 *   position to the next, in record order and then, with a fresh table, from the end back (exact
 *   solves near the end fill the table the earlier positions read).
 * Usage: bench-analysis MIDGAME.OBF WTB [positions|game]; `meson test --benchmark analysis`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis.h"
#include "board.h"
#include "clock.h"
#include "notation.h"
#include "search.h"
#include "wthor.h"

/* The game's analyst's table (src/game/verso-computer.c). */
#define BENCH_HASH_BYTES ((size_t) 32 << 20)
#define BENCH_POSITIONS 3
#define BENCH_LINE 512
#define BENCH_MIN_MOVES 8
/* A close game: its positions stay undecided longest, the hardest to analyse. */
#define BENCH_CLOSE_GAME 8

/* Seconds at which the analysis first reached each of these depths (0: not reached). */
static const int bench_marks[] = { 12, 16, 20 };
#define BENCH_MARKS (sizeof bench_marks / sizeof bench_marks[0])

/* This process's CPU seconds: about the elapsed time on an otherwise idle machine. */
static double cpu_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct Marks {
  double start;
  double seconds[BENCH_MARKS];
} Marks;

static void on_progress (const Analysis *analysis, void *user_data)
{
  Marks *marks = user_data;
  for (size_t i = 0; i < BENCH_MARKS; i++)
    if (marks->seconds[i] == 0 && analysis->depth >= bench_marks[i])
      marks->seconds[i] = clock_seconds () - marks->start;
}

/* The first `count` positions of the OBF file with 20 to 30 discs and a choice of at least
 * BENCH_MIN_MOVES moves (a forced line says little of the analysis's speed). */
static int read_positions (const char *path, Board *boards, int count)
{
  FILE *file = fopen (path, "r");
  if (!file) {
    perror (path);
    return 0;
  }
  char line[BENCH_LINE];
  int found = 0;
  while (found < count && fgets (line, sizeof line, file)) {
    NotationObf obf;
    if (notation_parse_obf (line, strcspn (line, "\r\n"), &obf).error != NOTATION_OK)
      continue;
    const Board *board = &obf.position.board;
    int discs = 64 - board_empties (board);
    if (discs >= 20 && discs <= 30 && board_count (board_legal_moves (board)) >= BENCH_MIN_MOVES)
      boards[found++] = *board;
  }
  fclose (file);
  return found;
}

/* A digest of every move's score, to see at a glance that two builds agree. */
static void print_scores (const Analysis *analysis)
{
  for (int i = 0; i < analysis->count; i++) {
    char square[3];
    notation_format_square (analysis->moves[i].move, square);
    printf (" %s%+d", square, analysis->moves[i].score);
  }
  printf ("\n");
}

static double bench_positions (const char *path)
{
  Board boards[BENCH_POSITIONS];
  int count = read_positions (path, boards, BENCH_POSITIONS);
  if (count < BENCH_POSITIONS) {
    fprintf (stderr, "%s: only %d positions of 20 to 30 discs\n", path, count);
    return -1;
  }
  Search *search = search_new (BENCH_HASH_BYTES);
  if (!search)
    return -1;
  double total = 0, cpu_start = cpu_seconds ();
  for (int n = 0; n < count; n++) {
    search_clear (search);
    SearchLimits limits = search_limits_default ();
    limits.max_depth = 20;
    limits.exact_empties = 20;
    Marks marks = { .start = clock_seconds () };
    Analysis analysis;
    analysis_run (search, &boards[n], &limits, on_progress, &marks, &analysis);
    printf ("show scores  position %d  %2d discs  %2d moves  depth %d", n + 1,
            64 - board_empties (&boards[n]), analysis.count, analysis.depth);
    for (size_t i = 0; i < BENCH_MARKS; i++)
      printf ("  d%d %6.2f s", bench_marks[i], marks.seconds[i]);
    printf ("  %5.1f M nodes\n   scores:", analysis.nodes / 1e6);
    print_scores (&analysis);
    fflush (stdout);
    total += analysis.seconds;
  }
  printf ("show scores  total %.2f s (%.2f s a position), CPU %.2f s\n", total, total / count,
          cpu_seconds () - cpu_start);
  search_free (search);
  return total;
}

typedef struct Record {
  Board boards[60];
  int count;
} Record;

static void collect (const Board *board, bool black_to_move, int move, void *user_data)
{
  (void) black_to_move;
  (void) move;
  Record *record = user_data;
  if (record->count < 60)
    record->boards[record->count++] = *board;
}

/* Every position of the record analysed as the review does, in record order or from the end. */
static double review (Search *search, const Record *record, bool backwards, uint64_t *nodes)
{
  double start = clock_seconds (), cpu_start = cpu_seconds (), worst = 0;
  int stopped = 0, worst_ply = 0;
  *nodes = 0;
  for (int k = 0; k < record->count; k++) {
    int ply = backwards ? record->count - 1 - k : k;
    SearchLimits limits = search_limits_default ();
    limits.max_depth = 10;
    limits.exact_empties = 18;
    limits.soft_time = 5.0; /* as src/game/verso-computer.c sets them for the review's 10 s */
    limits.hard_time = 10.0;
    Analysis analysis;
    analysis_run (search, &record->boards[ply], &limits, NULL, NULL, &analysis);
    stopped += analysis.stopped;
    *nodes += analysis.nodes;
    if (analysis.seconds > worst) {
      worst = analysis.seconds;
      worst_ply = ply;
    }
  }
  double seconds = clock_seconds () - start;
  printf ("analyse game  %-9s  %6.2f s (CPU %.2f s)  %6.1f M nodes  slowest: position %d"
          " (%d empties) %.2f s  stopped %d\n", backwards ? "backwards" : "forwards", seconds,
          cpu_seconds () - cpu_start, *nodes / 1e6,
          worst_ply + 1, board_empties (&record->boards[worst_ply]), worst, stopped);
  fflush (stdout);
  return seconds;
}

static bool bench_game (const char *path)
{
  WthorFile file;
  char error[256];
  if (!wthor_read (path, &file, stderr, error, sizeof error)) {
    fprintf (stderr, "%s\n", error);
    return false;
  }
  const WthorGame *game = NULL;
  for (size_t i = 0; i < file.count && !game; i++)
    if (file.games[i].move_count == 60 && file.games[i].finished
        && abs (file.games[i].final_score) <= BENCH_CLOSE_GAME)
      game = &file.games[i];
  if (!game) {
    fprintf (stderr, "%s: no 60-move game\n", path);
    wthor_file_clear (&file);
    return false;
  }
  Record record = { .count = 0 };
  wthor_replay (game, collect, &record);
  printf ("analyse game  record %d of %s, %d positions, black %+d\n", game->record, path,
          record.count, game->final_score);
  for (int backwards = 0; backwards <= 1; backwards++) {
    Search *search = search_new (BENCH_HASH_BYTES);
    if (!search)
      break;
    uint64_t nodes;
    review (search, &record, backwards, &nodes);
    search_free (search);
  }
  wthor_file_clear (&file);
  return true;
}

int main (int argc, char **argv)
{
  if (argc < 3 || argc > 4) {
    fprintf (stderr, "usage: bench-analysis MIDGAME.OBF WTB [positions|game]\n");
    return 2;
  }
  const char *only = argc == 4 ? argv[3] : "";
  bool ok = true;
  if (strcmp (only, "game") != 0)
    ok = bench_positions (argv[1]) >= 0;
  if (ok && strcmp (only, "positions") != 0)
    ok = bench_game (argv[2]);
  return ok ? 0 : 1;
}
