/* search_time.c: time management. How long a move may take on a clock (the budget), and after
 * each iteration of the main thread whether to deepen, stop or solve exactly now: soft_time is
 * the nominal time of the move, stretched for a critical position and shortened for a quiet one;
 * no iteration starts that the growth of the last ones predicts would end after the hard limit,
 * since an aborted iteration is time thrown away. */
#include "search.h"

#include "clock.h"
#include "search_internal.h"

#define SEARCH_GROWTH_MIN 1.5
#define SEARCH_GROWTH_MAX 8.0
#define SEARCH_GROWTH_DEFAULT 3.0
#define SEARCH_SCORE_DROP (3 * EVAL_SCALE) /* a fall of the score this big calls for more time */
#define SEARCH_STABLE_ITERATIONS 5         /* the same best move this many times: a quiet move */
/* The predicted exact solve must fit this share of the time left before the hard limit: the
 * prediction is rough (the same number of empties takes from a tenth to twice the median). */
#define SEARCH_SOLVE_SHARE 0.4
/* The node rate the prediction needs is measured over at least this share of the hard limit
 * (the first iterations end within the clock's resolution), which the midgame search uses to
 * find a good move to fall back on should the solve not end. */
#define SEARCH_SOLVE_RATE_SHARE 0.15
/* Exact solves measured here (fforum-20-39, `verso-engine solve`): the median position of 20
 * empties takes about 5 M nodes and each empty more about 1.8 times as many; endgame nodes go
 * SEARCH_ENDGAME_SPEEDUP times as fast as the midgame nodes whose rate the search measures. */
#define SEARCH_SOLVE_NODES_20 5.0e6
#define SEARCH_SOLVE_GROWTH 1.8
#define SEARCH_ENDGAME_SPEEDUP 6.0

/* The clock: keep back this share of the time left (at most the maximum, in seconds), count
 * this share of an increment, and never plan a move under the minimum. */
#define SEARCH_CLOCK_RESERVE_SHARE 0.05
#define SEARCH_CLOCK_RESERVE_MAX 2.0
#define SEARCH_INCREMENT_SHARE 0.9
#define SEARCH_MIN_BUDGET 0.02
/* The clock is shared over the moves this side has left, those at this many empties or fewer
 * (solved exactly, in a fraction of a middle-game move's time) counted at this share. */
#define SEARCH_PLAN_ENDGAME_EMPTIES 20
#define SEARCH_PLAN_ENDGAME_SHARE 0.15
/* A budget's hard limit is this share and these seconds short of it; the nominal (soft) time is
 * this share of the hard limit, which leaves room to stretch it for a critical move. */
#define SEARCH_HARD_MARGIN_SHARE 0.03
#define SEARCH_HARD_MARGIN_SECONDS 0.005
#define SEARCH_SOFT_SHARE 0.6
/* The share of an iteration's time its first move takes, about (the first move is searched with
 * the full window, the others mostly refuted by null windows). */
#define SEARCH_FIRST_MOVE_SHARE 0.5


double search_predict_solve_seconds (int empties, double midgame_nodes_per_second)
{
  if (midgame_nodes_per_second <= 0)
    return 1e9;
  double nodes = SEARCH_SOLVE_NODES_20;
  for (int n = 20; n < empties; n++)
    nodes *= SEARCH_SOLVE_GROWTH;
  for (int n = 20; n > empties; n--)
    nodes /= SEARCH_SOLVE_GROWTH;
  return nodes / (midgame_nodes_per_second * SEARCH_ENDGAME_SPEEDUP);
}

double search_soft_scale (bool best_changed, int score_drop, int stable_iterations)
{
  double scale = 1.0;
  if (best_changed)
    scale *= 1.6;
  if (score_drop > SEARCH_SCORE_DROP)
    scale *= 1.5;
  if (!best_changed && score_drop <= 0 && stable_iterations >= SEARCH_STABLE_ITERATIONS)
    scale *= 0.6;
  return scale;
}

double search_moves_to_plan (int empties)
{
  double moves = 0;
  for (int e = empties; e > 0; e -= 2)
    moves += e > SEARCH_PLAN_ENDGAME_EMPTIES ? 1.0 : SEARCH_PLAN_ENDGAME_SHARE;
  return moves < 1 ? 1 : moves;
}

double search_move_budget (double time_left, double increment, int empties, double move_time)
{
  double budget = 0;
  if (time_left >= 0) {
    /* A reserve for the GUI's and the pipes' delays, then a share of the moves this side still
     * has to make (search_moves_to_plan), plus what each move gives back. */
    double reserve = time_left * SEARCH_CLOCK_RESERVE_SHARE;
    if (reserve > SEARCH_CLOCK_RESERVE_MAX)
      reserve = SEARCH_CLOCK_RESERVE_MAX;
    double usable = time_left - reserve;
    budget = usable / search_moves_to_plan (empties)
           + (increment > 0 ? increment * SEARCH_INCREMENT_SHARE : 0);
    if (budget > usable)
      budget = usable;
    if (budget < SEARCH_MIN_BUDGET)
      budget = SEARCH_MIN_BUDGET;
  }
  if (move_time > 0 && (budget == 0 || move_time < budget))
    budget = move_time;
  return budget;
}

void search_limits_set_budget (SearchLimits *limits, double budget)
{
  if (budget <= 0)
    return;
  /* The answer must be out by `budget`: a margin for the abort to reach the root, the variation
   * to be read and the reply to be written. */
  double hard = budget * (1 - SEARCH_HARD_MARGIN_SHARE) - SEARCH_HARD_MARGIN_SECONDS;
  if (hard < budget * 0.5)
    hard = budget * 0.5;
  limits->hard_time = hard;
  limits->soft_time = hard * SEARCH_SOFT_SHARE;
  limits->manage_time = true;
}

TimeDecision search_time_after_iteration (TimeKeeper *keeper, SearchThread *thread, int n_moves,
                                          int empties, bool solve, int best_move, int score)
{
  const SearchShared *shared = thread->shared;
  const SearchLimits *limits = shared->limits;
  double now = clock_seconds ();
  double elapsed = now - shared->start;
  keeper->before_last_seconds = keeper->last_seconds;
  keeper->last_seconds = now - keeper->iteration_start;
  keeper->iteration_start = now;
  keeper->iterations++;
  bool changed = keeper->iterations > 1 && best_move != keeper->previous_move;
  int drop = keeper->iterations > 1 ? keeper->previous_score - score : 0;
  keeper->stable = changed ? 0 : keeper->stable + 1;
  keeper->previous_move = best_move;
  keeper->previous_score = score;

  if (n_moves == 1)
    return TIME_STOP; /* nothing to choose */
  /* Iterations of a few plies end within the clock's resolution: no growth to learn from. */
  double growth = SEARCH_GROWTH_DEFAULT;
  if (keeper->before_last_seconds > 1e-4)
    growth = keeper->last_seconds / keeper->before_last_seconds;
  if (growth < SEARCH_GROWTH_MIN)
    growth = SEARCH_GROWTH_MIN;
  if (growth > SEARCH_GROWTH_MAX)
    growth = SEARCH_GROWTH_MAX;
  double hard = limits->hard_time;

  /* An exact solve as soon as it is predicted to fit (the midgame answer stays if it does not). */
  bool depth_reaches_end = limits->max_depth <= 0 || limits->max_depth >= empties;
  if (!solve && hard > 0 && limits->exact_empties >= 0 && depth_reaches_end
      && keeper->iterations >= 4 && elapsed >= SEARCH_SOLVE_RATE_SHARE * hard) {
    uint64_t nodes = atomic_load_explicit (&shared->nodes, memory_order_relaxed)
                   + thread->nodes - thread->reported_nodes;
    double predicted = search_predict_solve_seconds (empties, (double) nodes / elapsed);
    if (predicted <= SEARCH_SOLVE_SHARE * (hard - elapsed))
      return TIME_SOLVE;
  }
  /* An iteration that cannot end in time still pays when it can finish its first move (the
   * best so far, about half its time) and so find a better one: see improved_move. When the
   * whole time is this move's (a fixed time a move), time left unused is lost: the deepening
   * goes on until the hard limit stops it, the growth prediction being too rough to stop early
   * (at 30-39 empties it used 0.335 s of a 0.5 s move on average). */
  bool whole_time = hard > 0 && limits->soft_time >= hard;
  if (hard > 0 && !whole_time
      && elapsed + keeper->last_seconds * growth * SEARCH_FIRST_MOVE_SHARE > hard)
    return TIME_STOP;
  /* A nominal time short of the hard limit is stretched or cut by how the search goes; one at
   * the hard limit means the whole time is this move's. */
  if (limits->soft_time > 0 && !whole_time) {
    double soft = limits->soft_time * search_soft_scale (changed, drop, keeper->stable);
    if (hard > 0 && soft > hard)
      soft = hard;
    if (elapsed >= soft)
      return TIME_STOP;
  }
  return TIME_DEEPEN;
}
