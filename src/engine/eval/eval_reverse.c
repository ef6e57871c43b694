/* eval_reverse.c: the evaluation of Reverse (the fewest discs win): a linear sum of features
 * per game phase, with weights fitted on Reverse games by `verso-engine train-reverse`. */
#include "eval_reverse.h"

#include <assert.h>

#include "eval_pattern.h"

#include "eval_reverse_weights.h"

static const char *const feature_names[REVERSE_FEATURES] = {
  [REVERSE_MOBILITY] = "mobility",
  [REVERSE_POTENTIAL] = "potential-mobility",
  [REVERSE_CORNERS] = "corners",
  [REVERSE_X_SQUARES] = "x-squares",
  [REVERSE_C_SQUARES] = "c-squares",
  [REVERSE_EDGES] = "edges",
  [REVERSE_DISCS] = "discs",
  [REVERSE_STABLE] = "stable",
  [REVERSE_FRONTIER] = "frontier",
  [REVERSE_PARITY] = "parity",
};

const char *eval_reverse_feature_name (ReverseFeature feature)
{
  assert (feature >= 0 && feature < REVERSE_FEATURES);
  return feature_names[feature];
}

void eval_reverse_features (const Board *board, int features[REVERSE_FEATURES])
{
  assert (board && features);
  eval_features (board, features); /* the first EVAL_FEATURES */
  uint64_t player = board->player, opponent = board->opponent;
  uint64_t empty = ~(player | opponent);
  uint64_t stable = board_stable_discs (player, opponent);
  uint64_t frontier = board_frontier (empty, player | opponent); /* discs next to an empty square */
  features[REVERSE_STABLE] = board_count (stable & player) - board_count (stable & opponent);
  features[REVERSE_FRONTIER] = board_count (frontier & player) - board_count (frontier & opponent);
  features[REVERSE_PARITY] = board_count (empty) & 1 ? 1 : -1;
}

static int reverse_evaluate (const Evaluation *evaluation, const Board *board)
{
  assert (evaluation && board);
  const ReverseWeights *weights = evaluation->weights;
  int features[REVERSE_FEATURES];
  eval_reverse_features (board, features);
  const int *w = weights->weights[eval_reverse_phase (board_empties (board))];
  int score = 0;
  for (int i = 0; i < REVERSE_FEATURES; i++)
    score += w[i] * features[i];
  return eval_clamp (score);
}

Evaluation eval_reverse_with (const ReverseWeights *weights)
{
  assert (weights);
  return (Evaluation) { .name = "reverse", .evaluate = reverse_evaluate, .weights = weights };
}

const ReverseWeights *eval_reverse_weights (void)
{
  return &reverse_weights;
}

static const Evaluation reverse_evaluation = {
  .name = "reverse",
  .evaluate = reverse_evaluate,
  .weights = &reverse_weights,
};

const Evaluation *eval_reverse (void)
{
  return &reverse_evaluation;
}

static int naive_evaluate (const Evaluation *evaluation, const Board *board)
{
  (void) evaluation;
  return -eval_board (eval_pattern (), board);
}

static const Evaluation naive_evaluation = {
  .name = "negated-pattern",
  .evaluate = naive_evaluate,
  .weights = NULL,
};

const Evaluation *eval_reverse_naive (void)
{
  return &naive_evaluation;
}
