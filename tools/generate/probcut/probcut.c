/* verso-probcut: calibrates Multi-ProbCut (src/engine/search/probcut.h) on tournament positions
 * and writes the table data/probcut-table.h.
 *
 *   verso-probcut --wthor DIR --out FILE [--positions N] [--max-depth D] [--threads N]
 *
 * From the WTHOR games of DIR (files in name order, every game in turn) it takes N positions
 * (default 150) per bucket of PROBCUT_BUCKET_EMPTIES empties, each from another game at a
 * deterministic ply, and searches each one full width (no selective cut) to depth D (default
 * 12) by iterative deepening, keeping the score of every depth. For each bucket and depth d
 * from PROBCUT_MIN_DEPTH to D it regresses the score at d on the score at the check depth
 * probcut_shallow_depth (d) by least squares: d = a * shallow + b, and the residuals' standard
 * deviation sigma. Deeper rows keep the deepest measured a and b of the same parity, and
 * extrapolate sigma along its least-squares line in d over the measured depths from 5 (never
 * below the deepest measured one). Buckets under PROBCUT_FIRST_BUCKET copy that bucket (those
 * positions are solved exactly in play). Deterministic for any thread count: each position's
 * scores depend on it alone (a fresh table per position). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "clock.h"
#include "eval.h"
#include "options.h"
#include "probcut.h"
#include "search.h"
#include "workers.h"
#include "write-file.h"
#include "wthor.h"

#define BUCKET_EMPTIES 6
#define BUCKETS 10        /* 0-5, 6-11, ..., 54-59 empties */
#define FIRST_BUCKET 2    /* from 12 empties */
#define TABLE_DEPTHS 61
#define MAX_DEPTH 16

typedef struct Options {
  const char *wthor, *out;
  int positions, max_depth, threads;
} Options;

typedef struct Item {
  Board board;
  int bucket;
  int scores[MAX_DEPTH + 1]; /* discs, for the side to move, by depth (0: the evaluation) */
} Item;

typedef struct Collect {
  const Options *options;
  Item *items;
  int count[BUCKETS];
  int total, wanted;
  long game;
} Collect;

typedef struct Pick {
  int empties;
  Board board;
  bool found;
} Pick;

static void pick_visit (const Board *board, bool black_to_move, int move, void *user_data)
{
  (void) black_to_move, (void) move;
  Pick *pick = user_data;
  if (!pick->found && board_empties (board) == pick->empties) {
    pick->board = *board;
    pick->found = true;
  }
}

/* Game g gives one position: bucket g % (buckets calibrated), empties within it by g. */
static void collect_file (const WthorFile *file, void *user_data)
{
  Collect *collect = user_data;
  for (size_t g = 0; g < file->count && collect->total < collect->wanted; g++) {
    long n = collect->game++;
    int bucket = FIRST_BUCKET + (int) (n % (BUCKETS - FIRST_BUCKET));
    if (collect->count[bucket] >= collect->options->positions)
      continue;
    Pick pick = { .empties = bucket * BUCKET_EMPTIES + (int) ((n / BUCKETS) % BUCKET_EMPTIES) };
    wthor_replay (&file->games[g], pick_visit, &pick);
    if (!pick.found || !board_legal_moves (&pick.board))
      continue;
    Item *item = &collect->items[collect->total++];
    item->board = pick.board;
    item->bucket = bucket;
    collect->count[bucket]++;
  }
}

typedef struct Depths {
  int *scores;
} Depths;

static void record_depth (const SearchResult *result, void *user_data)
{
  Depths *depths = user_data;
  if (!result->exact && result->depth >= 1 && result->depth <= MAX_DEPTH)
    depths->scores[result->depth] = result->score;
}

/* Item i's scores at every depth, from a fresh table so that they depend on the item alone. */
static void search_item (void *data, Search *search, size_t i)
{
  const Collect *collect = data;
  const Options *options = collect->options;
  Item *item = &collect->items[i];
  int empties = board_empties (&item->board);
  SearchLimits limits = search_limits_default ();
  limits.max_depth = options->max_depth < empties ? options->max_depth : empties - 1;
  limits.exact_empties = -1;
  limits.exhaustive = true;
  for (int d = 0; d <= MAX_DEPTH; d++)
    item->scores[d] = INT32_MIN;
  item->scores[0] = search_evaluate (search, &item->board);
  Depths depths = { item->scores };
  search_clear (search);
  search_run (search, &item->board, &limits, record_depth, &depths);
}

typedef struct Fit {
  double a, b, sigma;
  int n;
} Fit;

/* Whether the item has scores at depth and at its check depth, in the bucket. */
static bool has_pair (const Item *item, int bucket, int depth)
{
  return item->bucket == bucket && item->scores[depth] != INT32_MIN
         && item->scores[probcut_shallow_depth (depth)] != INT32_MIN;
}

static bool fit_pairs (const Item *items, int count, int bucket, int depth, Fit *fit)
{
  int shallow = probcut_shallow_depth (depth);
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (int i = 0; i < count; i++) {
    const Item *item = &items[i];
    if (!has_pair (item, bucket, depth))
      continue;
    double x = item->scores[shallow], y = item->scores[depth];
    sx += x, sy += y, sxx += x * x, sxy += x * y;
    n++;
  }
  if (n < 20)
    return false;
  double var = sxx - sx * sx / n;
  fit->a = var > 0 ? (sxy - sx * sy / n) / var : 1.0;
  if (fit->a < 0.5)
    fit->a = 0.5; /* a flatter line would say the deep search hardly depends on the shallow one */
  fit->b = (sy - fit->a * sx) / n;
  double ss = 0;
  for (int i = 0; i < count; i++) {
    const Item *item = &items[i];
    if (!has_pair (item, bucket, depth))
      continue;
    double r = item->scores[depth] - (fit->a * item->scores[shallow] + fit->b);
    ss += r * r;
  }
  fit->sigma = sqrt (ss / (n > 2 ? n - 2 : 1));
  fit->n = n;
  return true;
}

#define PROBCUT_USAGE "verso-probcut --wthor DIR --out FILE [--positions N] [--max-depth D] " \
  "[--threads N]"

int main (int argc, char **argv)
{
  Options options = { .positions = 150, .max_depth = 12, .threads = 2 };
  const Option table[] = {
    { "--wthor", OPTION_TEXT, &options.wthor, 0, 0 },
    { "--out", OPTION_TEXT, &options.out, 0, 0 },
    { "--positions", OPTION_INT, &options.positions, 20, 100000 },
    { "--max-depth", OPTION_INT, &options.max_depth, PROBCUT_MIN_DEPTH + 2, MAX_DEPTH },
    { "--threads", OPTION_INT, &options.threads, 1, 64 },
  };
  OptionParser parser = { .program = "verso-probcut", .usage = PROBCUT_USAGE,
                          .options = table, .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return parser.help ? 0 : 2;
  if (!options.wthor || !options.out) {
    fprintf (stderr, "verso-probcut: --wthor and --out are needed (usage: " PROBCUT_USAGE ")\n");
    return 2;
  }
  double started = clock_seconds ();

  Collect collect = { .options = &options };
  collect.wanted = options.positions * (BUCKETS - FIRST_BUCKET);
  collect.items = calloc ((size_t) collect.wanted, sizeof *collect.items);
  if (!collect.items) {
    fprintf (stderr, "verso-probcut: out of memory\n");
    return 1;
  }
  char error[512];
  if (!wthor_read_directory (options.wthor, collect_file, &collect, stderr, error, sizeof error)) {
    fprintf (stderr, "verso-probcut: %s\n", error);
    free (collect.items);
    return 2;
  }
  fprintf (stderr, "verso-probcut: %d positions from %ld games, searching to depth %d\n",
           collect.total, collect.game, options.max_depth);

  if (!workers_search_each (options.threads, (size_t) collect.total, (size_t) 32 << 20,
                            search_item, &collect)) {
    fprintf (stderr, "verso-probcut: could not start the searches (out of memory)\n");
    free (collect.items);
    return 1;
  }

  /* The table text: one row of TABLE_DEPTHS entries per bucket. */
  size_t capacity = 1 << 20, length = 0;
  char *text = malloc (capacity);
  if (!text) {
    fprintf (stderr, "verso-probcut: out of memory\n");
    free (collect.items);
    return 1;
  }
#define EMIT(...) (length += (size_t) snprintf (text + length, capacity - length, __VA_ARGS__))
  EMIT ("/* probcut-table.h: the Multi-ProbCut regressions (src/engine/search/probcut.h), made by\n"
        " *   tools/generate/probcut/calibrate-probcut   (verso-probcut --positions %d --max-depth %d)\n"
        " * from %d WTHOR positions. Do not edit: run the command again. Per bucket of %d\n"
        " * empties (one line) and depth d: { check depth, a x 1000, b, sigma } (EVAL_SCALE units) where\n"
        " * score(d) = a * score(check depth) + b, residuals of deviation sigma. Measured rows:\n",
        options.positions, options.max_depth, collect.total, BUCKET_EMPTIES);
  Fit fits[BUCKETS][TABLE_DEPTHS];
  memset (fits, 0, sizeof fits);
  for (int bucket = FIRST_BUCKET; bucket < BUCKETS; bucket++) {
    int deepest = 0;
    for (int d = PROBCUT_MIN_DEPTH; d <= options.max_depth; d++)
      if (fit_pairs (collect.items, collect.total, bucket, d, &fits[bucket][d]))
        deepest = d;
    if (!deepest)
      continue;
    EMIT (" *  %2d-%2d empties:", bucket * BUCKET_EMPTIES, bucket * BUCKET_EMPTIES + BUCKET_EMPTIES - 1);
    for (int d = PROBCUT_MIN_DEPTH; d <= deepest; d++)
      EMIT (" %d/%d %.2f", d, probcut_shallow_depth (d), fits[bucket][d].sigma);
    EMIT ("\n");
    /* sigma's line in d over the measured depths from 5. */
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int n = 0;
    for (int d = 5; d <= deepest; d++)
      if (fits[bucket][d].n)
        sx += d, sy += fits[bucket][d].sigma, sxx += (double) d * d,
        sxy += d * fits[bucket][d].sigma, n++;
    double slope = n > 1 && sxx - sx * sx / n > 0 ? (sxy - sx * sy / n) / (sxx - sx * sx / n) : 0;
    if (slope < 0)
      slope = 0;
    double at_deepest = (sy - slope * sx) / (n ? n : 1) + slope * deepest;
    for (int d = deepest + 1; d < TABLE_DEPTHS; d++) {
      int source = (d - deepest) % 2 ? deepest - 1 : deepest;
      fits[bucket][d] = fits[bucket][source];
      double sigma = at_deepest + slope * (d - deepest);
      if (sigma < fits[bucket][deepest].sigma)
        sigma = fits[bucket][deepest].sigma;
      fits[bucket][d].sigma = sigma;
    }
  }
  for (int bucket = 0; bucket < FIRST_BUCKET; bucket++)
    memcpy (fits[bucket], fits[FIRST_BUCKET], sizeof fits[bucket]);
  EMIT (" */\n#define PROBCUT_BUCKET_EMPTIES %d\n#define PROBCUT_BUCKETS %d\n"
        "#define PROBCUT_TABLE_DEPTHS %d\n\n"
        "static const ProbCut probcut_table[PROBCUT_BUCKETS][PROBCUT_TABLE_DEPTHS] = {\n",
        BUCKET_EMPTIES, BUCKETS, TABLE_DEPTHS);
  for (int bucket = 0; bucket < BUCKETS; bucket++) {
    EMIT ("  { /* %d-%d empties */", bucket * BUCKET_EMPTIES,
          bucket * BUCKET_EMPTIES + BUCKET_EMPTIES - 1);
    for (int d = 0; d < TABLE_DEPTHS; d++) {
      const Fit *fit = &fits[bucket][d];
      if (fit->n)
        EMIT (" { %d, %d, %d, %d },", probcut_shallow_depth (d), (int) lround (fit->a * 1000),
              (int) lround (fit->b * EVAL_SCALE), (int) lround (fit->sigma * EVAL_SCALE));
      else
        EMIT (" { 0, 0, 0, 0 },");
    }
    EMIT (" },\n");
  }
  EMIT ("};\n");
#undef EMIT
  bool written = length < capacity && write_file_atomically (options.out, text, length);
  if (!written)
    fprintf (stderr, "verso-probcut: cannot write %s: %s\n", options.out, strerror (errno));
  else
    fprintf (stderr, "verso-probcut: wrote %s in %.0f s\n", options.out, clock_seconds () - started);
  free (text);
  free (collect.items);
  return written ? 0 : 1;
}
