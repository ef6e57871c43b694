/* eval_reverse.h: the features of the Reverse evaluation and its weights, shared by the
 * evaluation (eval_reverse.c) and the command that fits the weights (verso-engine train-reverse). */
#pragma once

#include "board.h"
#include "eval.h"

/* Game phases, by empty squares: phase = empties / 10 (60 empties share the last). */
#define REVERSE_PHASES 6

typedef enum ReverseFeature {
  REVERSE_MOBILITY = EVAL_FEATURE_MOBILITY,   /* the simple evaluation's features (eval.h) */
  REVERSE_POTENTIAL = EVAL_FEATURE_POTENTIAL,
  REVERSE_CORNERS = EVAL_FEATURE_CORNERS,
  REVERSE_X_SQUARES = EVAL_FEATURE_X_SQUARES,
  REVERSE_C_SQUARES = EVAL_FEATURE_C_SQUARES,
  REVERSE_EDGES = EVAL_FEATURE_EDGES,
  REVERSE_DISCS = EVAL_FEATURE_DISCS,
  REVERSE_STABLE = EVAL_FEATURES, /* stable discs */
  REVERSE_FRONTIER,       /* discs next to an empty square */
  REVERSE_PARITY,         /* +1 when the number of empty squares is odd, else -1 */
  REVERSE_FEATURES
} ReverseFeature;

/* Weights in EVAL_SCALE units per unit of each feature, one row per phase. */
typedef struct ReverseWeights {
  int weights[REVERSE_PHASES][REVERSE_FEATURES];
} ReverseWeights;

static inline int eval_reverse_phase (int empties)
{
  int phase = empties / 10;
  return phase < REVERSE_PHASES ? phase : REVERSE_PHASES - 1;
}

/* The features of board for its side to move (player's count less opponent's, as named). */
void eval_reverse_features (const Board *board, int features[REVERSE_FEATURES]);
/* An evaluation of Reverse with the given weights, which must outlive it. */
Evaluation eval_reverse_with (const ReverseWeights *weights);
/* The weights eval_reverse () uses. */
const ReverseWeights *eval_reverse_weights (void);
/* The names of the features, for the trainer's output ("mobility" ...). */
const char *eval_reverse_feature_name (ReverseFeature feature);
/* The standard (pattern) evaluation negated: the naive Reverse evaluation, kept to measure
 * eval_reverse () against. */
const Evaluation *eval_reverse_naive (void);
