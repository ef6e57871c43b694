/* eval.c: the simple hand-made evaluation: mobility, potential mobility, corners, X and C
 * squares, edges, weighted by game phase. */
#include "eval.h"

#include <assert.h>

/* Edge squares that are neither corners nor C squares. */
#define PLAIN_EDGES (0xFF818181818181FFULL & ~EVAL_CORNERS & ~0x42C300000000C342ULL)

/* Weights in EVAL_SCALE units for one game phase. */
typedef struct SimpleWeights {
  int mobility;           /* per legal move more than the opponent */
  int potential_mobility; /* per empty square next to the opponent's discs, more than his */
  int corner;             /* per corner disc */
  int x_square;           /* per disc diagonally next to an empty corner (a penalty) */
  int c_square;           /* per disc beside an empty corner on an edge (a penalty) */
  int edge;               /* per disc on an edge, corners and C squares aside */
  int disc;               /* per disc */
} SimpleWeights;

/* Opening, middle game, late middle game: indexed by empties / 22 (60..44, 43..22, 21..0). */
static const SimpleWeights simple_phases[3] = {
  { 24, 10, 220, 120, 50, 8, -4 },
  { 22, 8, 200, 90, 40, 10, 0 },
  { 16, 4, 150, 50, 20, 10, 12 },
};

static const Evaluation simple_evaluation;

void eval_features (const Board *board, int features[EVAL_FEATURES])
{
  assert (board && features);
  uint64_t player = board->player, opponent = board->opponent;
  uint64_t empty = ~(player | opponent);
  features[EVAL_FEATURE_MOBILITY] = board_count (board_moves (player, opponent))
                                  - board_count (board_moves (opponent, player));
  features[EVAL_FEATURE_POTENTIAL] = board_count (board_frontier (opponent, empty))
                                   - board_count (board_frontier (player, empty));
  features[EVAL_FEATURE_CORNERS] = board_count (player & EVAL_CORNERS)
                                 - board_count (opponent & EVAL_CORNERS);
  features[EVAL_FEATURE_X_SQUARES] = eval_x_squares (player, empty)
                                   - eval_x_squares (opponent, empty);
  features[EVAL_FEATURE_C_SQUARES] = eval_c_squares (player, empty)
                                   - eval_c_squares (opponent, empty);
  features[EVAL_FEATURE_EDGES] = board_count (player & PLAIN_EDGES)
                               - board_count (opponent & PLAIN_EDGES);
  features[EVAL_FEATURE_DISCS] = board_count (player) - board_count (opponent);
}

static int simple_evaluate (const Evaluation *evaluation, const Board *board)
{
  assert (evaluation && board);
  const SimpleWeights *w = evaluation->weights;
  int empties = board_empties (board);
  w += empties > 43 ? 0 : empties > 21 ? 1 : 2;
  int f[EVAL_FEATURES];
  eval_features (board, f);
  return eval_clamp (w->mobility * f[EVAL_FEATURE_MOBILITY]
                     + w->potential_mobility * f[EVAL_FEATURE_POTENTIAL]
                     + w->corner * f[EVAL_FEATURE_CORNERS] - w->x_square * f[EVAL_FEATURE_X_SQUARES]
                     - w->c_square * f[EVAL_FEATURE_C_SQUARES] + w->edge * f[EVAL_FEATURE_EDGES]
                     + w->disc * f[EVAL_FEATURE_DISCS]);
}

static const Evaluation simple_evaluation = {
  .name = "simple",
  .evaluate = simple_evaluate,
  .weights = simple_phases,
};

const Evaluation *eval_simple (void)
{
  return &simple_evaluation;
}
