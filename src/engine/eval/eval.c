/* eval.c: the simple hand-made evaluation: mobility, potential mobility, corners, X and C
 * squares, edges, weighted by game phase. */
#include "eval.h"

#include <assert.h>

#define EDGES 0xFF818181818181FFULL

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

static int simple_evaluate (const Evaluation *evaluation, const Board *board)
{
  assert (evaluation && board);
  const SimpleWeights *w = evaluation->weights;
  uint64_t player = board->player, opponent = board->opponent;
  uint64_t empty = ~(player | opponent);
  int empties = board_count (empty);
  w += empties > 43 ? 0 : empties > 21 ? 1 : 2;

  int mobility = board_count (board_moves (player, opponent))
               - board_count (board_moves (opponent, player));
  int potential = board_count (board_frontier (opponent, empty))
                - board_count (board_frontier (player, empty));
  int corners = board_count (player & EVAL_CORNERS) - board_count (opponent & EVAL_CORNERS);
  int x = eval_x_squares (player, empty) - eval_x_squares (opponent, empty);
  int c = eval_c_squares (player, empty) - eval_c_squares (opponent, empty);
  const uint64_t plain_edges = EDGES & ~EVAL_CORNERS & ~0x42C300000000C342ULL;
  int edges = board_count (player & plain_edges) - board_count (opponent & plain_edges);
  int discs = board_count (player) - board_count (opponent);

  int score = w->mobility * mobility + w->potential_mobility * potential + w->corner * corners
            - w->x_square * x - w->c_square * c + w->edge * edges + w->disc * discs;
  /* Estimates stay strictly inside the range of exact scores' bounds. */
  if (score > EVAL_MAX - EVAL_SCALE)
    score = EVAL_MAX - EVAL_SCALE;
  if (score < -EVAL_MAX + EVAL_SCALE)
    score = -EVAL_MAX + EVAL_SCALE;
  return score;
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
