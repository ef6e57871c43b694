/* eval.h: the evaluation interface the search calls, and the simple hand-made evaluation. */
#pragma once

#include "board.h"

/* Scores are in discs (side to move) times EVAL_SCALE, so fractions of a disc survive. */
#define EVAL_SCALE 128
#define EVAL_MAX (64 * EVAL_SCALE)

typedef struct Evaluation Evaluation;

/* An evaluation is a function and its constant data (weights); it keeps no mutable state, so
 * any number of threads may call it at once. */
struct Evaluation {
  const char *name;
  int (*evaluate) (const Evaluation *evaluation, const Board *board);
  const void *weights;
};

static inline int eval_board (const Evaluation *evaluation, const Board *board)
{
  return evaluation->evaluate (evaluation, board);
}

/* The four corners (a1, h1, a8, h8). */
#define EVAL_CORNERS 0x8100000000000081ULL

/* Discs on X squares (b2, g2, b7, g7) whose corner is empty. */
static inline int eval_x_squares (uint64_t discs, uint64_t empty)
{
  uint64_t open_corners = empty & EVAL_CORNERS;
  /* Corner a1 (bit 0) pairs with b2 (bit 9), h1 (7) with g2 (14), a8 (56) with b7 (49),
   * h8 (63) with g7 (54). */
  uint64_t x = ((open_corners & 0x0000000000000001ULL) << 9)
             | ((open_corners & 0x0000000000000080ULL) << 7)
             | ((open_corners & 0x0100000000000000ULL) >> 7)
             | ((open_corners & 0x8000000000000000ULL) >> 9);
  return board_count (discs & x);
}

/* Discs on C squares (next to a corner along an edge) whose corner is empty. */
static inline int eval_c_squares (uint64_t discs, uint64_t empty)
{
  uint64_t open_corners = empty & EVAL_CORNERS;
  uint64_t c = ((open_corners << 1) & 0x0200000000000002ULL)
             | ((open_corners >> 1) & 0x4000000000000040ULL)
             | ((open_corners << 8) & 0x0000000000008100ULL)
             | ((open_corners >> 8) & 0x0081000000000000ULL);
  return board_count (discs & c);
}

/* Estimates stay strictly inside the range of exact scores' bounds. */
static inline int eval_clamp (int score)
{
  if (score > EVAL_MAX - EVAL_SCALE)
    return EVAL_MAX - EVAL_SCALE;
  if (score < -EVAL_MAX + EVAL_SCALE)
    return -EVAL_MAX + EVAL_SCALE;
  return score;
}

/* The features the simple evaluation weighs, each the player's count less the opponent's; the
 * Reverse evaluation (eval_reverse.h) weighs them too, first among its own. */
typedef enum EvalFeature {
  EVAL_FEATURE_MOBILITY,  /* legal moves */
  EVAL_FEATURE_POTENTIAL, /* empty squares next to the opponent's discs less next to the player's */
  EVAL_FEATURE_CORNERS,   /* corner discs */
  EVAL_FEATURE_X_SQUARES, /* discs diagonally next to an empty corner */
  EVAL_FEATURE_C_SQUARES, /* discs beside an empty corner on an edge */
  EVAL_FEATURE_EDGES,     /* other edge discs */
  EVAL_FEATURE_DISCS,     /* all discs */
  EVAL_FEATURES
} EvalFeature;

/* The features of board for its side to move. */
void eval_features (const Board *board, int features[EVAL_FEATURES]);

/* Mobility, potential mobility, corners, X and C squares, edges. Always available. */
const Evaluation *eval_simple (void);

/* The evaluation of Reverse (rules.h: the fewest discs win), for its side to move: what makes a
 * good Reverse position, with its own weights, not the standard evaluation negated. */
const Evaluation *eval_reverse (void);
