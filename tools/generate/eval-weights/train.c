/* verso-train: fits the pattern evaluation's weights to WTHOR tournament games and the
 * engine's own games by regularised least squares, writes them in the engine's weight format,
 * and reports the held-out error.
 *
 *   verso-train --wthor DIR --out FILE [--holdout-from YEAR] [--lambda L] [--iterations N]
 *               [--exact-empties N] [--threads N] [--self-play GAMES] [--self-play-weight W]
 *               [--self-play-depth D] [--self-play-seed S] [--self-play-rounds R]
 *               [--self-play-cache FILE] [--training-data DIR] [--training-data-weight W]
 *
 * Every game is replayed and checked; each position before a move is a sample, labelled with
 * the final disc difference for the side to move (empties to the winner):
 *  - at or before the file's theoretical depth (24 empties): black's theoretical score, the
 *    result of perfect play from there, which tournament endings often miss;
 *  - with N empties or fewer (default 12): the exact score, solved by the engine;
 *  - in between: the exact score of the game's first solved position;
 *  - in games that end without either: the game's result.
 * Games from YEAR on (default 2019) are held out for the error report.
 *
 * Then, unless GAMES is 0 (default 20,000), a second source: self-play games (selfplay.h) played
 * and labelled by the engine with the weights just fitted, every position by its own search to
 * depth D (default 10, exact from 18 empties), each counting W times (default 3) in a second
 * fit of both sets. Human games leave the positions a search meets unexplored; in games at
 * 0.03 s a move, 20,000 such games at weight 3 gave +82 Elo (+38 .. +125) over the tournament
 * games alone, weight 6 +37, and 6,000 games at weight 8 +45. R rounds (default 1) each play
 * GAMES new games (seeds S, S + 1, ...) with the last fit's weights and fit again on all; a
 * second round (40,000 games in all, 38 minutes on two cores) measured +11 Elo (-32 .. +53) at
 * 0.03 s a move and -5 (+-47) at 0.1 s, so one is the default.
 *
 * --self-play-cache FILE keeps the self-play positions there (round R's in FILE.R) with a
 * checksum of this program's file, the weights and the settings that played them; a later run
 * of the same build whose fits and settings up to them are the same reads them back instead of
 * playing the games again (1,000+ s on two cores), so that a change to what follows them (their
 * weight, the last fit) costs minutes.
 *
 * --training-data DIR adds the positions of the training data in DIR (data/training, made by
 * tools/generate/training-data; docs/training-data.md) to the first fit and every one after it,
 * each counting W times (default 1): every position of a game after its start labelled with
 * the game's result for the side to move, every exact position with its exact score. Every Hth
 * game of the data (--training-data-holdout H, default 20; 0 for none) is held out instead:
 * the report gives the error on its positions by phase, and on those of them solved exactly,
 * beside the error of the evaluation the program was built with.
 *
 * Deterministic: files in name order, games in file order, exact labels and self-play games
 * independent of the threads, each phase fitted by conjugate gradients in one thread (the
 * phases shared among the threads). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>
#include <unistd.h>

#include "array.h"
#include "board.h"
#include "bytes.h"
#include "clock.h"
#include "eval.h"
#include "eval_pattern.h"
#include "options.h"
#include "read-file.h"
#include "search.h"
#include "selfplay.h"
#include "training-folder.h"
#include "workers.h"
#include "write-file.h"
#include "wthor.h"

typedef struct Sample {
  uint64_t player, opponent;
  int8_t label;  /* training label: final disc difference for the side to move */
  int8_t result; /* the game's actual result for the side to move */
  uint8_t phase;
  uint8_t weight; /* how many tournament positions it counts for in the fit */
  bool exact;     /* label solved exactly (training data: an exact position, or a game's within
                   * its solve) */
} Sample;

typedef struct Samples {
  Sample *items;
  size_t count;
} Samples;

typedef struct Options {
  const char *wthor;
  const char *out;
  int holdout_from;
  double lambda;
  int iterations;
  int exact_empties;
  int threads;
  int self_play_weight;
  int self_play_rounds;
  SelfPlayOptions self_play;
  const char *self_play_cache; /* where the self-play positions are kept between runs */
  const char *training_data;   /* a folder of training data chunks (training-folder.h) */
  int training_data_weight;
  int training_data_holdout;   /* every this many games of the training data held out (0: none) */
} Options;

static void die (const char *message)
{
  fprintf (stderr, "verso-train: %s\n", message);
  exit (1);
}

/* A game to learn from, with what its file says about it. */
typedef struct Game {
  WthorGame record;
  int depth;        /* empties from which the theoretical score holds */
  bool held_out;
  size_t first;     /* its first sample in its set */
} Game;

typedef struct Games {
  Game *items;
  size_t count, capacity;
} Games;

static void games_add (Games *games, const Game *game)
{
  Game *items = array_grow (games->items, &games->capacity, games->count + 1, sizeof *items, 4096);
  if (!items)
    die ("out of memory for the games");
  games->items = items;
  games->items[games->count++] = *game;
}

typedef struct Reading {
  const Options *options;
  Games *games;
  size_t skipped;
} Reading;

static void read_file (const WthorFile *file, void *user_data)
{
  Reading *reading = user_data;
  for (size_t g = 0; g < file->count; g++) {
    Game game = {
      .record = file->games[g],
      .depth = file->depth,
      .held_out = file->year >= reading->options->holdout_from,
    };
    games_add (reading->games, &game);
  }
  reading->skipped += file->skipped;
}

/* Reads every .wtb file of the directory in name order; games from options->holdout_from on
 * are held out. */
static void read_games (const Options *options, Games *games)
{
  Reading reading = { options, games, 0 };
  char error[512];
  if (!wthor_read_directory (options->wthor, read_file, &reading, stderr, error, sizeof error)) {
    fprintf (stderr, "verso-train: %s\n", error);
    exit (2);
  }
  fprintf (stderr, "verso-train: %zu games read, %zu damaged records skipped\n", games->count,
           reading.skipped);
}

typedef struct Replay {
  Board boards[60];
  bool black[60];
  int count;
} Replay;

static void visit_position (const Board *board, bool black_to_move, int move, void *user_data)
{
  (void) move;
  Replay *replay = user_data;
  replay->boards[replay->count] = *board;
  replay->black[replay->count++] = black_to_move;
}

/* Labels one game's positions (see the top of the file). Positions with exact_empties or
 * fewer are solved; those between that and the theoretical depth take the exact score of the
 * game's first solved position, the result of perfect play from there. */
static void label_game (const Game *game, int exact_empties, Search *search, Sample *samples)
{
  Replay replay = { .count = 0 };
  wthor_replay (&game->record, visit_position, &replay);
  const WthorGame *record = &game->record;
  bool theoretical = game->depth > 0 && record->move_count >= 60 - game->depth;
  /* Black's score with perfect play from the first solved position, when there is one. */
  bool solved = false;
  int solved_black = 0;
  int black_exact[60];
  if (exact_empties > 0) {
    SearchLimits limits = search_limits_default ();
    limits.exact_empties = 60;
    search_clear (search);
    for (int i = 0; i < replay.count; i++) {
      if (board_empties (&replay.boards[i]) > exact_empties)
        continue;
      /* The table is kept from one position to the next of the game: later solves are cheap. */
      SearchResult result = search_run (search, &replay.boards[i], &limits, NULL, NULL);
      int score = replay.black[i] ? result.score : -result.score;
      black_exact[i] = score;
      if (!solved) {
        solved = true;
        solved_black = score;
      }
    }
  }
  for (int i = 0; i < replay.count; i++) {
    const Board *board = &replay.boards[i];
    int empties = board_empties (board);
    int black_label;
    if (theoretical && empties >= game->depth)
      black_label = 2 * record->theoretical - 64;
    else if (solved && empties <= exact_empties)
      black_label = black_exact[i];
    else if (solved)
      black_label = solved_black;
    else
      black_label = record->final_score;
    bool black = replay.black[i];
    samples[i] = (Sample) {
      .player = board->player,
      .opponent = board->opponent,
      .label = (int8_t) (black ? black_label : -black_label),
      .result = (int8_t) (black ? record->final_score : -record->final_score),
      .phase = (uint8_t) pattern_phase (empties),
      .weight = 1,
    };
  }
}

typedef struct Labeller {
  const Games *games;
  Samples *training, *held_out;
  int exact_empties;
} Labeller;

/* Each game's samples have their own place, and exact scores do not depend on timing, so the
 * result is the same for any thread count. */
static void label_one (void *data, Search *search, size_t g)
{
  Labeller *labeller = data;
  search_set_evaluation (search, eval_pattern ());
  const Game *game = &labeller->games->items[g];
  Samples *set = game->held_out ? labeller->held_out : labeller->training;
  label_game (game, labeller->exact_empties, search, set->items + game->first);
}

static void label_games (const Options *options, Games *games, Samples *training,
                         Samples *held_out)
{
  for (size_t g = 0; g < games->count; g++) {
    Game *game = &games->items[g];
    Samples *set = game->held_out ? held_out : training;
    game->first = set->count;
    set->count += (size_t) game->record.move_count;
  }
  training->items = malloc ((training->count + 1) * sizeof *training->items);
  held_out->items = malloc ((held_out->count + 1) * sizeof *held_out->items);
  if (!training->items || !held_out->items)
    die ("out of memory for the samples");
  double start = clock_seconds ();
  Labeller labeller = { games, training, held_out, options->exact_empties };
  if (!workers_search_each (options->threads, games->count, (size_t) 16 << 20, label_one,
                            &labeller))
    die ("out of memory for a search");
  fprintf (stderr, "verso-train: %zu training and %zu held-out positions labelled (exact from %d "
           "empties) in %.0f s\n", training->count, held_out->count, options->exact_empties,
           clock_seconds () - start);
}

/* One phase's least-squares problem: rows of compact feature indices, their labels, and each
 * row's scale, the square root of its sample's weight (a row of weight w counts as w rows). */
typedef struct Problem {
  uint32_t *features; /* count * PATTERN_INSTANCES */
  double *labels;     /* scaled */
  double *scales;
  size_t count;
  size_t weights;
} Problem;

/* out = A x: each sample's prediction, scaled. */
static void multiply (const Problem *problem, const double *x, double *out)
{
  for (size_t i = 0; i < problem->count; i++) {
    const uint32_t *f = problem->features + i * PATTERN_INSTANCES;
    double sum = 0;
    for (int k = 0; k < PATTERN_INSTANCES; k++)
      sum += x[f[k]];
    out[i] = problem->scales[i] * sum;
  }
}

/* out = A^T r - lambda w: the gradient of the regularised fit, up to a factor -2. */
static void multiply_transposed (const Problem *problem, const double *r, const double *w,
                                 double lambda, double *out)
{
  for (size_t j = 0; j < problem->weights; j++)
    out[j] = -lambda * w[j];
  for (size_t i = 0; i < problem->count; i++) {
    const uint32_t *f = problem->features + i * PATTERN_INSTANCES;
    double scaled = problem->scales[i] * r[i];
    for (int k = 0; k < PATTERN_INSTANCES; k++)
      out[f[k]] += scaled;
  }
}

static double dot (const double *a, const double *b, size_t n)
{
  double sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += a[i] * b[i];
  return sum;
}

/* Minimises |A w - y|^2 + lambda |w|^2 by conjugate gradients on the normal equations (CGLS),
 * starting from w = 0. */
static void fit (const Problem *problem, double lambda, int iterations, double *w)
{
  size_t n = problem->weights, m = problem->count;
  double *r = malloc (m * sizeof *r), *q = malloc (m * sizeof *q);
  double *s = malloc (n * sizeof *s), *p = malloc (n * sizeof *p);
  if (!r || !q || !s || !p)
    die ("out of memory for the fit");
  memset (w, 0, n * sizeof *w);
  memcpy (r, problem->labels, m * sizeof *r);
  multiply_transposed (problem, r, w, lambda, s);
  memcpy (p, s, n * sizeof *p);
  double gamma = dot (s, s, n);
  for (int it = 0; it < iterations && gamma > 1e-12; it++) {
    multiply (problem, p, q);
    double delta = dot (q, q, m) + lambda * dot (p, p, n);
    double alpha = gamma / delta;
    for (size_t j = 0; j < n; j++)
      w[j] += alpha * p[j];
    for (size_t i = 0; i < m; i++)
      r[i] -= alpha * q[i];
    multiply_transposed (problem, r, w, lambda, s);
    double next = dot (s, s, n);
    double beta = next / gamma;
    gamma = next;
    for (size_t j = 0; j < n; j++)
      p[j] = s[j] + beta * p[j];
  }
  free (r);
  free (q);
  free (s);
  free (p);
}

/* One thread's share of a fit: phases thread, thread + threads, ... (the phases are
 * independent problems, so the weights do not depend on the thread count). */
typedef struct Fitter {
  const Options *options;
  const Samples *training;
  const uint32_t *map;
  int16_t *compact;
  atomic_int next_phase;
  char (*log)[96]; /* a line a phase, printed in phase order once all are fitted */
} Fitter;

static void fit_phase (Fitter *fitter, int phase, double *w)
{
  const Samples *training = fitter->training;
  size_t weights = (size_t) pattern_compact_size ();
  double start = clock_seconds ();
  Problem problem = { .weights = weights };
  for (size_t i = 0; i < training->count; i++)
    problem.count += training->items[i].phase == phase;
  problem.features = malloc (problem.count * PATTERN_INSTANCES * sizeof *problem.features);
  problem.labels = malloc (problem.count * sizeof *problem.labels);
  problem.scales = malloc (problem.count * sizeof *problem.scales);
  if (!problem.features || !problem.labels || !problem.scales)
    die ("out of memory for a phase");
  size_t row = 0;
  for (size_t i = 0; i < training->count; i++) {
    const Sample *sample = &training->items[i];
    if (sample->phase != phase)
      continue;
    Board board = { sample->player, sample->opponent };
    uint32_t *f = problem.features + row * PATTERN_INSTANCES;
    pattern_features (&board, f);
    for (int k = 0; k < PATTERN_INSTANCES; k++)
      f[k] = fitter->map[f[k]];
    problem.scales[row] = sqrt ((double) sample->weight);
    problem.labels[row] = problem.scales[row] * sample->label;
    row++;
  }
  fit (&problem, fitter->options->lambda, fitter->options->iterations, w);
  double error = 0;
  for (size_t i = 0; i < problem.count; i++) {
    const uint32_t *f = problem.features + i * PATTERN_INSTANCES;
    double sum = 0;
    for (int k = 0; k < PATTERN_INSTANCES; k++)
      sum += w[f[k]];
    error += fabs (sum - problem.labels[i] / problem.scales[i]);
  }
  for (size_t j = 0; j < weights; j++) {
    double scaled = round (w[j] * EVAL_SCALE);
    fitter->compact[(size_t) phase * weights + j] =
      (int16_t) (scaled > INT16_MAX ? INT16_MAX : scaled < INT16_MIN ? INT16_MIN : scaled);
  }
  snprintf (fitter->log[phase], sizeof fitter->log[phase],
            "verso-train: phase %2d: %8zu positions, training MAE %.2f discs, %.1f s\n", phase,
            problem.count, problem.count ? error / (double) problem.count : 0.0,
            clock_seconds () - start);
  free (problem.features);
  free (problem.labels);
  free (problem.scales);
}

static void *fitter_run (void *data)
{
  Fitter *fitter = data;
  double *w = malloc ((size_t) pattern_compact_size () * sizeof *w);
  if (!w)
    die ("out of memory");
  for (int phase; (phase = atomic_fetch_add (&fitter->next_phase, 1)) < PATTERN_PHASES;)
    fit_phase (fitter, phase, w);
  free (w);
  return NULL;
}

/* Fits every phase's weights to the training set, the phases shared among the threads. */
static void train (const Options *options, const Samples *training, int16_t *compact)
{
  uint32_t *map = malloc ((size_t) pattern_full_size () * sizeof *map);
  if (!map)
    die ("out of memory");
  pattern_compact_map (map);
  char log[PATTERN_PHASES][96];
  Fitter fitter = { .options = options, .training = training, .map = map, .compact = compact,
                    .log = log };
  atomic_init (&fitter.next_phase, 0);
  workers_run (options->threads < PATTERN_PHASES ? options->threads : PATTERN_PHASES, fitter_run,
               &fitter);
  for (int phase = 0; phase < PATTERN_PHASES; phase++)
    fputs (log[phase], stderr);
  free (map);
}

/* Mean absolute error of each evaluation on the held-out positions, by phase. */
static void report (const Samples *held_out, const Evaluation *trained)
{
  const Evaluation *evaluations[2] = { trained, eval_simple () };
  double error[2][2][PATTERN_PHASES] = { { { 0 } } };
  size_t count[PATTERN_PHASES] = { 0 };
  for (size_t i = 0; i < held_out->count; i++) {
    const Sample *sample = &held_out->items[i];
    Board board = { sample->player, sample->opponent };
    count[sample->phase]++;
    for (int e = 0; e < 2; e++) {
      double predicted = (double) eval_board (evaluations[e], &board) / EVAL_SCALE;
      error[e][0][sample->phase] += fabs (predicted - sample->label);
      error[e][1][sample->phase] += fabs (predicted - sample->result);
    }
  }
  printf ("Held-out mean absolute error, discs (label: training label / game result)\n");
  printf ("phase  empties  positions   trained          simple\n");
  double total[2][2] = { { 0 } };
  size_t all = 0;
  for (int phase = 0; phase < PATTERN_PHASES; phase++) {
    int most = 60 - 4 * phase, least = phase == PATTERN_PHASES - 1 ? 0 : most - 3;
    double n = count[phase] ? (double) count[phase] : 1;
    printf ("%5d  %2d..%-2d  %9zu   %5.2f / %5.2f    %5.2f / %5.2f\n", phase, most, least,
            count[phase], error[0][0][phase] / n, error[0][1][phase] / n, error[1][0][phase] / n,
            error[1][1][phase] / n);
    for (int e = 0; e < 2; e++)
      for (int l = 0; l < 2; l++)
        total[e][l] += error[e][l][phase];
    all += count[phase];
  }
  double n = all ? (double) all : 1;
  printf ("all             %9zu   %5.2f / %5.2f    %5.2f / %5.2f\n", all, total[0][0] / n,
          total[0][1] / n, total[1][0] / n, total[1][1] / n);
}

/* Mean absolute error on held-out training data (only its exact positions if exact_only), by
 * phase: of the weights trained, and of the evaluation this program was built with. */
static void report_data (const Samples *held_out, bool exact_only, const Evaluation *trained)
{
  const Evaluation *evaluations[2] = { trained, eval_pattern () };
  double error[2][PATTERN_PHASES] = { { 0 } };
  size_t count[PATTERN_PHASES] = { 0 };
  for (size_t i = 0; i < held_out->count; i++) {
    const Sample *sample = &held_out->items[i];
    if (exact_only && !sample->exact)
      continue;
    Board board = { sample->player, sample->opponent };
    count[sample->phase]++;
    for (int e = 0; e < 2; e++)
      error[e][sample->phase] += fabs ((double) eval_board (evaluations[e], &board) / EVAL_SCALE
                                       - sample->label);
  }
  printf ("phase  empties  positions   trained   built in%s\n",
          eval_pattern_error () ? " (the simple evaluation: no weights)" : "");
  double total[2] = { 0 };
  size_t all = 0;
  for (int phase = 0; phase < PATTERN_PHASES; phase++) {
    int most = 60 - 4 * phase, least = phase == PATTERN_PHASES - 1 ? 0 : most - 3;
    double n = count[phase] ? (double) count[phase] : 1;
    if (!count[phase])
      continue;
    printf ("%5d  %2d..%-2d  %9zu   %7.2f   %8.2f\n", phase, most, least, count[phase],
            error[0][phase] / n, error[1][phase] / n);
    total[0] += error[0][phase];
    total[1] += error[1][phase];
    all += count[phase];
  }
  double n = all ? (double) all : 1;
  printf ("all             %9zu   %7.2f   %8.2f\n", all, total[0] / n, total[1] / n);
}

/* The weights of a fit, decoded as the engine decodes its weight file; *bytes and *size get
 * the encoded file (the caller frees both). */
static PatternWeights *weights_from_compact (const int16_t *compact, uint8_t **bytes,
                                             size_t *size)
{
  *bytes = pattern_weights_encode (compact, size);
  char error[160];
  PatternWeights *weights = *bytes ? pattern_weights_decode (*bytes, *size, error, sizeof error)
                                   : NULL;
  if (!weights)
    die ("cannot decode the last fit's weights");
  return weights;
}

/* The checksum of this program's own file (0 when it cannot be read): a cache made by another
 * build (another search, another ProbCut table) is not used. */
static uint32_t program_checksum (void)
{
  static uint32_t checksum;
  static bool known;
  if (!known) {
    known = true;
    char error[200];
    size_t size;
    uint8_t *bytes = read_file_whole ("/proc/self/exe", SIZE_MAX, &size, error, sizeof error);
    if (bytes && size > 0)
      checksum = bytes_fnv1a (bytes, size);
    free (bytes);
  }
  return checksum;
}

/* What a cache file was made from, as one checksum: this program, the weights used (their
 * file's bytes) and a list of settings. */
static uint64_t made_from (const uint8_t *weights, size_t size, const int64_t *settings,
                           int count)
{
  uint8_t bytes[8 * 16];
  if (count > 14)
    die ("too many settings for a cache file");
  bytes_write_u64 (bytes, program_checksum ());
  bytes_write_u64 (bytes + 8, bytes_fnv1a (weights, size));
  for (int i = 0; i < count; i++)
    bytes_write_u64 (bytes + 8 * (i + 2), (uint64_t) settings[i]);
  return bytes_fnv1a (bytes, 8 * (size_t) (count + 2));
}

/* A cache file holds data that took long to make: an 8-byte magic, the checksum of what it
 * was made from (made_from), then the data. Returns the data (malloc'ed, *size bytes) when the
 * file is there and was made from the same inputs; NULL otherwise. */
static uint8_t *cache_read (const char *path, const char magic[8], uint64_t inputs, size_t *size)
{
  if (!path)
    return NULL;
  FILE *in = fopen (path, "rb");
  if (!in)
    return NULL;
  uint8_t header[16];
  uint8_t *data = NULL;
  bool ok = fread (header, 1, 16, in) == 16 && memcmp (header, magic, 8) == 0
            && bytes_read_u64 (header + 8) == inputs;
  long start = ftell (in);
  ok = ok && start >= 0 && fseek (in, 0, SEEK_END) == 0;
  long end = ok ? ftell (in) : -1;
  ok = ok && end >= start && fseek (in, start, SEEK_SET) == 0;
  if (ok) {
    *size = (size_t) (end - start);
    data = malloc (*size + 1);
    ok = data && fread (data, 1, *size, in) == *size;
  }
  fclose (in);
  if (!ok) {
    fprintf (stderr, "verso-train: %s was made from other inputs or is damaged; making it "
             "again\n", path);
    free (data);
    return NULL;
  }
  return data;
}

static void cache_write (const char *path, const char magic[8], uint64_t inputs,
                         const void *data, size_t size)
{
  if (!path)
    return;
  uint8_t *bytes = malloc (16 + size);
  if (!bytes)
    die ("out of memory for a cache file");
  memcpy (bytes, magic, 8);
  bytes_write_u64 (bytes + 8, inputs);
  memcpy (bytes + 16, data, size);
  if (!write_file_atomically (path, bytes, 16 + size))
    fprintf (stderr, "verso-train: cannot write %s: %s (going on without it)\n", path,
             strerror (errno));
  free (bytes);
}

#define SELF_PLAY_RECORD 17 /* player, opponent (8 bytes each), label */

/* Self-play games' positions, from options->self_play_cache when it was made from the same
 * weights and settings, else played (and saved there): per game its count of positions, then
 * every position as a SELF_PLAY_RECORD. Returns the bytes; *size their length. */
static uint8_t *self_play_positions (const Options *options, const SelfPlayOptions *self_play,
                                     const uint8_t *weight_bytes, size_t weight_size,
                                     const Evaluation *evaluation, size_t *size)
{
  static const char magic[8] = "VSELFPL1";
  int64_t settings[] = { self_play->games, (int64_t) self_play->seed, self_play->depth,
                         self_play->exact_empties, self_play->random_plies_min,
                         self_play->random_plies_max };
  uint64_t inputs = made_from (weight_bytes, weight_size, settings, 6);
  size_t games = (size_t) self_play->games;
  /* Without this program's checksum a cache could come from another build: none is used. */
  const char *cache = program_checksum () ? options->self_play_cache : NULL;
  uint8_t *bytes = cache_read (cache, magic, inputs, size);
  if (bytes) {
    /* Check the counts against the size before trusting either. */
    size_t expected = games;
    for (size_t g = 0; g < games && g < *size; g++)
      expected += SELF_PLAY_RECORD * (size_t) bytes[g];
    if (*size >= games && expected == *size) {
      fprintf (stderr, "verso-train: self-play positions read from %s\n", cache);
      return bytes;
    }
    fprintf (stderr, "verso-train: %s is damaged; playing the games again\n", cache);
    free (bytes);
  }
  SelfPlayPosition *positions = malloc (60 * games * sizeof *positions);
  uint8_t *counts = calloc (games, 1);
  if (!positions || !counts)
    die ("out of memory for the self-play games");
  double start = clock_seconds ();
  if (!selfplay_generate (self_play, evaluation, positions, counts))
    die ("out of memory for the self-play searches");
  size_t added = 0;
  for (size_t g = 0; g < games; g++)
    added += counts[g];
  *size = games + SELF_PLAY_RECORD * added;
  bytes = malloc (*size + 1);
  if (!bytes)
    die ("out of memory for the self-play positions");
  memcpy (bytes, counts, games);
  uint8_t *record = bytes + games;
  for (size_t g = 0; g < games; g++)
    for (int i = 0; i < counts[g]; i++, record += SELF_PLAY_RECORD) {
      const SelfPlayPosition *position = &positions[60 * g + (size_t) i];
      bytes_write_u64 (record, position->player);
      bytes_write_u64 (record + 8, position->opponent);
      record[16] = (uint8_t) position->label;
    }
  fprintf (stderr, "verso-train: %zu self-play games, %zu positions labelled at depth %d (exact "
           "from %d empties, seed %llu) in %.0f s\n", games, added, self_play->depth,
           self_play->exact_empties, (unsigned long long) self_play->seed,
           clock_seconds () - start);
  cache_write (cache, magic, inputs, bytes, *size);
  free (positions);
  free (counts);
  return bytes;
}

/* Appends to the training set the positions of self-play games played and labelled with the
 * evaluation of `compact` (the weights of the last fit). */
static void add_self_play (const Options *options, const SelfPlayOptions *self_play,
                           const int16_t *compact, Samples *training)
{
  size_t weight_size = 0;
  uint8_t *weight_bytes = NULL;
  PatternWeights *weights = weights_from_compact (compact, &weight_bytes, &weight_size);
  Evaluation evaluation = pattern_evaluation (weights);
  size_t size = 0;
  uint8_t *bytes = self_play_positions (options, self_play, weight_bytes, weight_size,
                                        &evaluation, &size);
  size_t games = (size_t) self_play->games, added = (size - games) / SELF_PLAY_RECORD;
  Sample *items = realloc (training->items, (training->count + added + 1) * sizeof *items);
  if (!items)
    die ("out of memory for the self-play positions");
  training->items = items;
  for (const uint8_t *record = bytes + games; record < bytes + size; record += SELF_PLAY_RECORD) {
    Board board = { bytes_read_u64 (record), bytes_read_u64 (record + 8) };
    items[training->count++] = (Sample) {
      .player = board.player, .opponent = board.opponent,
      .label = (int8_t) record[16], .result = (int8_t) record[16],
      .phase = (uint8_t) pattern_phase (board_empties (&board)),
      .weight = (uint8_t) options->self_play_weight,
    };
  }
  free (bytes);
  free (weight_bytes);
  pattern_weights_free (weights);
}

typedef struct TrainingReading {
  Samples *sets[2];     /* the training set, the held-out set */
  size_t capacity[2];
  uint8_t weight;
  int holdout;          /* every this many games held out, 0 for none */
  size_t chunk_start[2];  /* where the chunk being read began in each set */
} TrainingReading;

/* Once a chunk's positions are read: those of its games that its solve reached are exact. */
static void training_chunk_read (const char *path, const TrainingChunk *chunk, size_t bytes,
                                 void *user_data)
{
  (void) path;
  (void) bytes;
  TrainingReading *reading = user_data;
  for (int set = 0; set < 2; set++) {
    Samples *samples = reading->sets[set];
    for (size_t i = reading->chunk_start[set]; i < samples->count; i++) {
      Board board = { samples->items[i].player, samples->items[i].opponent };
      samples->items[i].exact |= board_empties (&board) <= chunk->settings.exact_empties;
    }
    reading->chunk_start[set] = samples->count;
  }
}

static void add_training_position (const TrainingPosition *position, void *user_data)
{
  TrainingReading *reading = user_data;
  int set = reading->holdout > 0 && position->game % (uint32_t) reading->holdout
                                    == (uint32_t) reading->holdout - 1;
  Samples *samples = reading->sets[set];
  if (samples->count == reading->capacity[set]) {
    reading->capacity[set] = 2 * reading->capacity[set] + 4096;
    Sample *items = realloc (samples->items, reading->capacity[set] * sizeof *items);
    if (!items)
      die ("out of memory for the training data");
    samples->items = items;
  }
  samples->items[samples->count++] = (Sample) {
    .player = position->board.player, .opponent = position->board.opponent,
    .label = (int8_t) position->label, .result = (int8_t) position->label,
    .phase = (uint8_t) pattern_phase (board_empties (&position->board)),
    .weight = reading->weight,
    .exact = position->kind == TRAINING_EXACT_POSITION,
  };
}

/* Appends the positions of every chunk in options->training_data to the training set, but
 * those of the games held out, which go to held_out; with no sets, only checks the chunks
 * (before the long labelling, so that a damaged file is found at once). */
static void add_training_data (const Options *options, Samples *training, Samples *held_out)
{
  double start = clock_seconds ();
  size_t before = training ? training->count : 0;
  /* The training set's items have room for count + 1 (label_games). */
  TrainingReading reading = { { training, held_out }, { before + 1, 0 },
                              (uint8_t) options->training_data_weight,
                              options->training_data_holdout, { before, 0 } };
  char error[4400];
  if (!training_folder_read (options->training_data, training ? add_training_position : NULL,
                             training ? training_chunk_read : NULL, &reading, error,
                             sizeof error)) {
    fprintf (stderr, "verso-train: %s\n", error);
    exit (2);
  }
  if (training)
    fprintf (stderr, "verso-train: %zu positions of training data read from %s, %zu more held "
             "out, in %.0f s\n", training->count - before, options->training_data,
             held_out->count, clock_seconds () - start);
}

#define TRAIN_USAGE "verso-train --wthor DIR --out FILE [--holdout-from YEAR] [--lambda L] " \
  "[--iterations N] [--exact-empties N] [--threads N] [--self-play GAMES] " \
  "[--self-play-weight W] [--self-play-depth D] [--self-play-seed S] [--self-play-rounds R] " \
  "[--self-play-cache FILE] [--training-data DIR] [--training-data-weight W] " \
  "[--training-data-holdout H]"

/* Reads the options into *options; false after saying what is wrong, or after --help (*help). */
static bool read_options (int argc, char **argv, Options *options, bool *help)
{
  const Option table[] = {
    { "--wthor", OPTION_TEXT, &options->wthor, 0, 0 },
    { "--out", OPTION_TEXT, &options->out, 0, 0 },
    { "--holdout-from", OPTION_INT, &options->holdout_from, 1977, 9999 },
    { "--lambda", OPTION_DOUBLE, &options->lambda, 0, 1e9 },
    { "--iterations", OPTION_INT, &options->iterations, 1, 1000000 },
    { "--exact-empties", OPTION_INT, &options->exact_empties, 0, 20 },
    { "--threads", OPTION_INT, &options->threads, 1, 64 },
    { "--self-play", OPTION_INT, &options->self_play.games, 0, 10000000 },
    { "--self-play-weight", OPTION_INT, &options->self_play_weight, 1, 255 },
    { "--self-play-rounds", OPTION_INT, &options->self_play_rounds, 1, 100 },
    { "--self-play-seed", OPTION_SEED, &options->self_play.seed, 0, 0 },
    { "--self-play-depth", OPTION_INT, &options->self_play.depth, 1, 30 },
    { "--self-play-cache", OPTION_TEXT, &options->self_play_cache, 0, 0 },
    { "--training-data", OPTION_TEXT, &options->training_data, 0, 0 },
    { "--training-data-weight", OPTION_INT, &options->training_data_weight, 1, 255 },
    { "--training-data-holdout", OPTION_INT, &options->training_data_holdout, 0, 1000000 },
  };
  OptionParser parser = { .program = "verso-train", .usage = TRAIN_USAGE,
                          .options = table, .n_options = OPTION_COUNT (table) };
  bool read = options_parse (&parser, argc, argv);
  *help = parser.help;
  if (!read)
    return false;
  if (!options->wthor || !options->out) {
    fprintf (stderr, "verso-train: --wthor and --out are needed (usage: " TRAIN_USAGE ")\n");
    return false;
  }
  return true;
}

int main (int argc, char **argv)
{
  Options options = { .holdout_from = 2019, .lambda = 10.0, .iterations = 100,
                      .exact_empties = 12, .threads = 2, .self_play_weight = 3,
                      .self_play_rounds = 1, .training_data_weight = 1,
                      .training_data_holdout = 20,
                      .self_play = { .games = 20000, .seed = 1, .depth = 10, .exact_empties = 18,
                                     .random_plies_min = 4, .random_plies_max = 24 } };
  bool help;
  if (!read_options (argc, argv, &options, &help))
    return help ? 0 : 2;
  /* Find out now, not after the training, when the weights cannot be written (trying the
   * temporary file beside them that write_file_atomically uses; the old weights stay). */
  char probe[4096];
  snprintf (probe, sizeof probe, "%s.tmp%ld", options.out, (long) getpid ());
  FILE *writable = fopen (probe, "wb");
  if (!writable) {
    fprintf (stderr, "verso-train: cannot write %s: %s\n", probe, strerror (errno));
    return 1;
  }
  fclose (writable);
  remove (probe);
  if (options.training_data)
    add_training_data (&options, NULL, NULL);
  double start = clock_seconds ();
  Games games = { 0 };
  read_games (&options, &games);
  Samples training = { 0 }, held_out = { 0 }, data_held_out = { 0 };
  label_games (&options, &games, &training, &held_out);
  free (games.items);
  if (options.training_data)
    add_training_data (&options, &training, &data_held_out);
  size_t weights = (size_t) PATTERN_PHASES * (size_t) pattern_compact_size ();
  int16_t *compact = malloc (weights * sizeof *compact);
  if (!compact)
    die ("out of memory");
  train (&options, &training, compact);
  /* Each round plays new games (the next seed) with the weights of the last fit, then fits
   * again on everything so far. */
  options.self_play.threads = options.threads;
  for (int round = 0; options.self_play.games > 0 && round < options.self_play_rounds; round++) {
    SelfPlayOptions self_play = options.self_play;
    self_play.seed += (uint64_t) round;
    /* Each round's positions have a cache file of their own: FILE, FILE.2, ... */
    char cache[4096];
    Options round_options = options;
    if (options.self_play_cache && round > 0) {
      snprintf (cache, sizeof cache, "%s.%d", options.self_play_cache, round + 1);
      round_options.self_play_cache = cache;
    }
    add_self_play (&round_options, &self_play, compact, &training);
    train (&options, &training, compact);
  }
  size_t size = 0;
  uint8_t *bytes = pattern_weights_encode (compact, &size);
  if (!bytes)
    die ("out of memory");
  if (!write_file_atomically (options.out, bytes, size)) {
    fprintf (stderr, "verso-train: cannot write %s: %s\n", options.out, strerror (errno));
    return 1;
  }
  fprintf (stderr, "verso-train: wrote %s (%zu bytes) in %.0f s\n", options.out, size,
           clock_seconds () - start);
  char error[160];
  PatternWeights *decoded = pattern_weights_decode (bytes, size, error, sizeof error);
  if (!decoded)
    die (error);
  Evaluation trained = pattern_evaluation (decoded);
  report (&held_out, &trained);
  if (data_held_out.count > 0) {
    printf ("\nHeld-out training data (every %dth game of %s), mean absolute error, discs\n",
            options.training_data_holdout, options.training_data);
    report_data (&data_held_out, false, &trained);
    printf ("\nThe same, its positions solved exactly only\n");
    report_data (&data_held_out, true, &trained);
  }
  pattern_weights_free (decoded);
  free (bytes);
  free (compact);
  free (training.items);
  free (held_out.items);
  free (data_held_out.items);
  return 0;
}
