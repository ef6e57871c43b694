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

/* Mobility, potential mobility, corners, X and C squares, edges. Always available. */
const Evaluation *eval_simple (void);
