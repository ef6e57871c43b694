/* train-reverse.c: fits the weights of the Reverse evaluation (eval_reverse.h) on self-played
 * Reverse games, deterministically, and writes them as C:
 *
 *   train-reverse [--games N] [--rounds R] [--seed S] [--output FILE]
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "eval_reverse.h"
#include "options.h"
#include "random.h"
#include "search.h"

#define TRAIN_USAGE "train-reverse [--games N] [--rounds R] [--seed S] [--output FILE]"
/* The game is played to this many empties by a shallow search, then solved and finished by
 * perfect play: the label of every position of the game is that exact outcome. */
#define TRAIN_SOLVE_EMPTIES 14
/* Depth of the search that plays the games before the solve. */
#define TRAIN_PLAY_DEPTH 2
/* One move in TRAIN_RANDOM_ONE_IN is random after the opening, for varied games. */
#define TRAIN_RANDOM_ONE_IN 10
/* The ridge term, per position, that keeps rare features' weights small. */
#define TRAIN_RIDGE 1e-3

/* The normal equations of one phase's least squares fit, summed over its positions. */
typedef struct PhaseSums {
  double xx[REVERSE_FEATURES][REVERSE_FEATURES];
  double xy[REVERSE_FEATURES];
  double yy;
  long count;
} PhaseSums;

typedef struct PlayedPosition {
  Board board;
  bool black; /* black to move */
} PlayedPosition;


static void add_position (PhaseSums *sums, const Board *board, int label)
{
  int features[REVERSE_FEATURES];
  eval_reverse_features (board, features);
  PhaseSums *phase = &sums[eval_reverse_phase (board_empties (board))];
  for (int i = 0; i < REVERSE_FEATURES; i++) {
    for (int j = 0; j < REVERSE_FEATURES; j++)
      phase->xx[i][j] += (double) features[i] * features[j];
    phase->xy[i] += (double) features[i] * label;
  }
  phase->yy += (double) label * label;
  phase->count++;
}

/* One game: random opening plies, a shallow search with `weights` (and some random moves) to
 * TRAIN_SOLVE_EMPTIES, then perfect play. Every position is added with its exact outcome. */
static void play_game (Search *search, const ReverseWeights *weights, uint64_t seed,
                       PhaseSums *sums)
{
  Evaluation evaluation = eval_reverse_with (weights);
  search_set_reverse_evaluation (search, &evaluation);
  uint64_t state = seed;
  PlayedPosition positions[BOARD_SQUARES * 2];
  int count = 0;
  Board board;
  board_init (&board);
  bool black = true;
  int opening_plies = 4 + (int) (random_next (&state) % 16);
  SearchLimits shallow = search_limits_default ();
  shallow.max_depth = TRAIN_PLAY_DEPTH;
  shallow.exact_empties = -1;
  SearchLimits exact = search_limits_default ();
  exact.exact_empties = 64;
  int outcome = 0; /* exact Reverse score for black */
  bool solved = false;
  for (int ply = 0;; ply++) {
    uint64_t moves = board_legal_moves (&board);
    if (!moves) {
      board_pass (&board);
      black = !black;
      if (!board_legal_moves (&board)) {
        if (!solved)
          outcome = rules_final_score (RULES_REVERSE, board_final_score (&board))
                  * (black ? 1 : -1);
        break;
      }
      continue;
    }
    int move;
    if (board_empties (&board) <= TRAIN_SOLVE_EMPTIES) {
      SearchResult result = search_run (search, &board, &exact, NULL, NULL);
      if (!solved) {
        outcome = black ? result.score : -result.score;
        solved = true;
      }
      move = result.move;
    } else if (ply < opening_plies || random_next (&state) % TRAIN_RANDOM_ONE_IN == 0) {
      move = random_square (moves, &state);
    } else {
      move = search_run (search, &board, &shallow, NULL, NULL).move;
    }
    positions[count++] = (PlayedPosition) { board, black };
    board_play (&board, move);
    black = !black;
  }
  search_set_reverse_evaluation (search, NULL); /* `evaluation` ends here */
  for (int i = 0; i < count; i++)
    add_position (sums, &positions[i].board, positions[i].black ? outcome : -outcome);
}

/* Solves (A + ridge) w = b by Gaussian elimination with partial pivoting. */
static void solve_linear (const PhaseSums *phase, double w[REVERSE_FEATURES])
{
  enum { N = REVERSE_FEATURES };
  double a[N][N + 1];
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      a[i][j] = phase->xx[i][j] + (i == j ? TRAIN_RIDGE * (double) phase->count + 1e-9 : 0);
    a[i][N] = phase->xy[i];
  }
  for (int column = 0; column < N; column++) {
    int pivot = column;
    for (int row = column + 1; row < N; row++)
      if (fabs (a[row][column]) > fabs (a[pivot][column]))
        pivot = row;
    for (int j = 0; j <= N; j++) {
      double t = a[column][j];
      a[column][j] = a[pivot][j];
      a[pivot][j] = t;
    }
    for (int row = 0; row < N; row++) {
      if (row == column || a[column][column] == 0)
        continue;
      double factor = a[row][column] / a[column][column];
      for (int j = column; j <= N; j++)
        a[row][j] -= factor * a[column][j];
    }
  }
  for (int i = 0; i < N; i++)
    w[i] = a[i][i] != 0 ? a[i][N] / a[i][i] : 0;
}

/* Root mean square error in discs of weights w (discs per unit) on a phase's positions. */
static double phase_error (const PhaseSums *phase, const double w[REVERSE_FEATURES])
{
  if (phase->count == 0)
    return 0;
  double sse = phase->yy;
  for (int i = 0; i < REVERSE_FEATURES; i++) {
    sse -= 2 * w[i] * phase->xy[i];
    for (int j = 0; j < REVERSE_FEATURES; j++)
      sse += w[i] * w[j] * phase->xx[i][j];
  }
  return sqrt (sse > 0 ? sse / (double) phase->count : 0);
}

/* Fits every phase; phases without positions borrow their neighbour's weights. Prints the
 * numbers of the fit on stderr. */
static void fit (const PhaseSums *sums, ReverseWeights *weights)
{
  for (int p = 0; p < REVERSE_PHASES; p++) {
    double w[REVERSE_FEATURES] = { 0 };
    if (sums[p].count > 0)
      solve_linear (&sums[p], w);
    else if (p > 0)
      for (int i = 0; i < REVERSE_FEATURES; i++)
        w[i] = (double) weights->weights[p - 1][i] / EVAL_SCALE;
    for (int i = 0; i < REVERSE_FEATURES; i++)
      weights->weights[p][i] = (int) lround (w[i] * EVAL_SCALE);
    double rounded[REVERSE_FEATURES], zero[REVERSE_FEATURES] = { 0 };
    for (int i = 0; i < REVERSE_FEATURES; i++)
      rounded[i] = (double) weights->weights[p][i] / EVAL_SCALE;
    fprintf (stderr, "  phase %d (%2d-%2d empties): %7ld positions, error %.2f discs (%.2f "
             "guessing 0)\n", p, p * 10, p == REVERSE_PHASES - 1 ? 60 : p * 10 + 9,
             sums[p].count, phase_error (&sums[p], rounded), phase_error (&sums[p], zero));
  }
}

static bool write_weights (const char *path, const ReverseWeights *weights, int games,
                           int rounds, uint64_t seed)
{
  FILE *out = stdout;
  char temporary[4096];
  if (path) {
    if ((size_t) snprintf (temporary, sizeof temporary, "%s.tmp", path) >= sizeof temporary)
      return false;
    out = fopen (temporary, "w");
    if (!out)
      return false;
  }
  fprintf (out, "/* eval_reverse_weights.h: the weights of the Reverse evaluation (eval_reverse.h), "
                "made by\n * `tools/generate/reverse-weights/train-reverse --games %d --rounds %d --seed %llu`\n"
                " * (deterministic). Do not edit. */\n"
                "#pragma once\n\n#include \"eval_reverse.h\"\n\n"
                "/* EVAL_SCALE units per unit of each feature, one row per phase (empties / 10):\n *",
           games, rounds, (unsigned long long) seed);
  for (int i = 0; i < REVERSE_FEATURES; i++)
    fprintf (out, " %s", eval_reverse_feature_name ((ReverseFeature) i));
  fprintf (out, ". */\nstatic const ReverseWeights reverse_weights = { {\n");
  for (int p = 0; p < REVERSE_PHASES; p++) {
    fprintf (out, "  {");
    for (int i = 0; i < REVERSE_FEATURES; i++)
      fprintf (out, " %d%s", weights->weights[p][i], i + 1 < REVERSE_FEATURES ? "," : "");
    fprintf (out, " },\n");
  }
  fprintf (out, "} };\n");
  if (!path)
    return fflush (out) == 0;
  bool ok = !ferror (out);
  ok = fclose (out) == 0 && ok;
  if (ok && rename (temporary, path) == 0)
    return true;
  remove (temporary);
  return false;
}

int main (int argc, char **argv)
{
  int games = 1000, rounds = 2, seed = 1;
  const char *output = NULL;
  const Option table[] = {
    { "--games", OPTION_INT, &games, 1, 1000000 },
    { "--rounds", OPTION_INT, &rounds, 1, 100 },
    { "--seed", OPTION_INT, &seed, 1, 1 << 30 },
    { "--output", OPTION_TEXT, &output, 0, 0 },
  };
  OptionParser parser = { .program = "train-reverse", .usage = TRAIN_USAGE,
                          .options = table, .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return parser.help ? 0 : 2;
  Search *search = search_new ((size_t) 4 << 20);
  PhaseSums *sums = calloc (REVERSE_PHASES, sizeof *sums);
  if (!search || !sums) {
    search_free (search);
    free (sums);
    fprintf (stderr, "train-reverse: out of memory\n");
    return 1;
  }
  search_set_rules (search, RULES_REVERSE);
  /* The first round plays with a guess: discs count against the player, mobility for it. */
  ReverseWeights weights = { { { 0 } } };
  for (int p = 0; p < REVERSE_PHASES; p++) {
    weights.weights[p][REVERSE_MOBILITY] = EVAL_SCALE / 4;
    weights.weights[p][REVERSE_DISCS] = -EVAL_SCALE / 4;
  }
  for (int round = 0; round < rounds; round++) {
    for (int game = 0; game < games; game++)
      play_game (search, &weights, (uint64_t) seed * 1000003u + (uint64_t) round * 7919u
                                   + (uint64_t) game * 104729u, sums);
    fprintf (stderr, "round %d: %d games, fit on all games so far\n", round + 1, games);
    fit (sums, &weights);
  }
  search_free (search);
  free (sums);
  if (!write_weights (output, &weights, games, rounds, (uint64_t) seed)) {
    fprintf (stderr, "train-reverse: could not write '%s': %s\n",
             output ? output : "standard output", strerror (errno));
    return 1;
  }
  return 0;
}
