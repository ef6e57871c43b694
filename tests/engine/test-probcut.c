/* test-probcut.c: Multi-ProbCut: the check depths, the bounds' arithmetic, the calibrated table,
 * and what the cuts do to a search (fewer nodes, scores near the full-width ones, and none at
 * all with limits.exhaustive). */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "eval.h"
#include "probcut.h"
#include "search.h"
#include "check.h"
#include "random-game.h"

static void test_shallow_depth (void)
{
  for (int depth = PROBCUT_MIN_DEPTH; depth <= 60; depth++) {
    int shallow = probcut_shallow_depth (depth);
    CHECK (shallow >= 0 && shallow < depth, "depth %d: check depth %d", depth, shallow);
    CHECK ((depth - shallow) % 2 == 0, "depth %d: check depth %d of the other parity", depth,
           shallow);
    CHECK (2 * shallow >= depth - 4 && 2 * shallow <= depth, "depth %d: check depth %d is not "
           "about half", depth, shallow);
  }
}

static void test_bounds (void)
{
  ProbCut identity = { 1, 1000, 0, 2 * EVAL_SCALE };
  int low, high;
  probcut_bounds (&identity, -300, 500, 100, &low, &high);
  CHECK (high == 500 + 2 * EVAL_SCALE && low == -300 - 2 * EVAL_SCALE,
         "identity: low %d high %d", low, high);
  probcut_bounds (&identity, -300, 500, 150, &low, &high);
  CHECK (high == 500 + 3 * EVAL_SCALE && low == -300 - 3 * EVAL_SCALE,
         "t = 1.5: low %d high %d", low, high);
  /* deep = 0.5 shallow + 64: shallow >= (beta + sigma - 64) * 2, rounded up. */
  ProbCut half = { 2, 500, 64, 100 };
  probcut_bounds (&half, -101, 101, 100, &low, &high);
  CHECK (high == 274 && low == -530, "a = 0.5, b = 64: low %d high %d", low, high);
  /* The bounds are the tightest: one unit inside them the prediction no longer clears. */
  ProbCut odd = { 1, 1130, -37, 301 };
  for (int beta = -2000; beta <= 2000; beta += 37) {
    probcut_bounds (&odd, beta - 1, beta, 150, &low, &high);
    int margin = odd.sigma * 150 / 100;
    CHECK ((long) high * odd.a_milli + odd.b * 1000 >= (long) (beta + margin) * 1000
           && (long) (high - 1) * odd.a_milli + odd.b * 1000 < (long) (beta + margin) * 1000,
           "beta %d: high %d", beta, high);
    CHECK ((long) low * odd.a_milli + odd.b * 1000 <= (long) (beta - 1 - margin) * 1000
           && (long) (low + 1) * odd.a_milli + odd.b * 1000 > (long) (beta - 1 - margin) * 1000,
           "alpha %d: low %d", beta - 1, low);
  }
}

/* The calibrated table: a sensible regression for every depth and phase the search cuts at. */
static void test_table (void)
{
  CHECK (probcut_get (40, PROBCUT_MIN_DEPTH - 1) == NULL, "a cut below the minimum depth");
  for (int empties = 0; empties <= 60; empties++)
    for (int depth = PROBCUT_MIN_DEPTH; depth <= 60; depth++) {
      const ProbCut *cut = probcut_get (empties, depth);
      REQUIRE (cut, "no regression for %d empties, depth %d", empties, depth);
      CHECK (cut->shallow == probcut_shallow_depth (depth), "%d empties, depth %d: check depth %d",
             empties, depth, cut->shallow);
      CHECK (cut->a_milli >= 500 && cut->a_milli <= 2000, "%d empties, depth %d: slope %d/1000",
             empties, depth, cut->a_milli);
      CHECK (abs (cut->b) <= 8 * EVAL_SCALE, "%d empties, depth %d: intercept %d", empties, depth,
             cut->b);
      CHECK (cut->sigma >= EVAL_SCALE / 4 && cut->sigma <= 16 * EVAL_SCALE,
             "%d empties, depth %d: sigma %d", empties, depth, cut->sigma);
    }
}

static SearchResult search_depth (Search *search, const Board *board, int depth, bool exhaustive)
{
  SearchLimits limits = search_limits_default ();
  limits.max_depth = depth;
  limits.exact_empties = -1;
  limits.exhaustive = exhaustive;
  search_clear (search);
  return search_run (search, board, &limits, NULL, NULL);
}

/* The cuts save most of the nodes of a depth-8 search and keep its score close; the full-width
 * search with exhaustive set gives the same score whatever the table held before. */
static void test_search (void)
{
  Search *search = search_new (16 << 20);
  REQUIRE (search, "search_new failed");
  uint64_t state = 7, selective_nodes = 0, full_nodes = 0;
  int positions = 0, far = 0;
  for (int i = 0; i < 30; i++) {
    Board board;
    if (!random_game_position (&state, 30 + (int) (random_next (&state) % 20), &board)
        || !board_legal_moves (&board))
      continue;
    SearchResult full = search_depth (search, &board, 8, true);
    SearchResult selective = search_depth (search, &board, 8, false);
    full_nodes += full.nodes;
    selective_nodes += selective.nodes;
    if (abs (full.score - selective.score) > 6)
      far++;
    positions++;
    /* The same full-width search after a selective one (a table full of its results). */
    SearchLimits limits = search_limits_default ();
    limits.max_depth = 8;
    limits.exact_empties = -1;
    limits.exhaustive = true;
    SearchResult again = search_run (search, &board, &limits, NULL, NULL);
    CHECK (again.score == full.score, "position %d: full width %+d, then %+d", i, full.score,
           again.score);
  }
  CHECK (positions >= 20, "only %d positions", positions);
  CHECK (selective_nodes * 2 < full_nodes, "the cuts saved little: %llu nodes against %llu",
         (unsigned long long) selective_nodes, (unsigned long long) full_nodes);
  CHECK (far * 5 <= positions, "%d of %d selective scores more than 6 discs off", far, positions);
  printf ("depth 8, %d positions: %llu nodes full width, %llu with the cuts; %d scores over 6 "
          "discs off\n", positions, (unsigned long long) full_nodes,
          (unsigned long long) selective_nodes, far);
  search_free (search);
}

int main (void)
{
  test_shallow_depth ();
  test_bounds ();
  test_table ();
  test_search ();
  return check_finish ();
}
