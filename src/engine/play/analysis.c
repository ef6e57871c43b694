/* analysis.c: the score of every legal move of a position (analysis.h), each move's position
 * searched whole by search_run(), one depth at a time, best moves first. */
#include "analysis.h"

#include <assert.h>
#include <string.h>

/* A move in solving range gets midgame estimates while the depth searched after it is less than
 * its empties minus this margin (those are cheap next to the solve); then it is solved. */
#define ANALYSIS_SOLVE_MARGIN 10
/* No score yet (scores are -64..64). */
#define ANALYSIS_NO_SCORE 1000

/* Refines one move to `depth` plies (the move included). earlier[] holds each move's score
 * of the iteration before the last, by square (ANALYSIS_NO_SCORE: none), and is moved on by
 * one iteration for this move. Returns false, leaving the move as it was, when a limit or the
 * stop flag ended the search before it finished. */
static bool analysis_refine (Search *search, const Board *board, const SearchLimits *limits,
                             int depth, int max_depth, double start, Analysis *analysis,
                             AnalysisMove *entry, int *earlier)
{
  Board child = board_after_move (board, entry->move);
  int child_empties = board_empties (&child);
  bool in_range = limits->exact_empties >= 0 && child_empties <= limits->exact_empties;
  bool solve = in_range && (depth - 1 >= child_empties - ANALYSIS_SOLVE_MARGIN
                            || depth >= max_depth);

  if (depth == 1 && !solve && !board_is_game_over (&child)) {
    /* search_run() knows no depth 0 (it means no limit): the evaluation is the search. */
    entry->score = -search_evaluate (search, &child);
    entry->depth = 1;
    entry->exact = false;
    entry->pv[0] = entry->move;
    entry->pv_length = 1;
    analysis->nodes++;
    return true;
  }

  /* The rest of the analysis's budget goes to this one search. */
  SearchLimits child_limits = *limits;
  child_limits.win_loss_draw = false;
  child_limits.soft_time = 0; /* a shallower answer than asked would be no refinement */
  child_limits.max_depth = solve ? 0 : depth - 1;
  child_limits.exact_empties = solve ? limits->exact_empties : -1;
  child_limits.resume_depth = 0;
  /* The table holds this move's search of the last iteration, one ply shallower: the search
   * resumes there rather than reading it again ply by ply, around the score of the iteration
   * before (the same parity of depth: an Othello evaluation swings from odd to even plies),
   * the reply it found first. A pass (the child has no move) is searched as before. */
  if (!solve && entry->depth == depth - 1 && !entry->exact && board_legal_moves (&child)) {
    int guess = earlier[entry->move] != ANALYSIS_NO_SCORE ? earlier[entry->move] : entry->score;
    child_limits.resume_depth = depth - 1;
    child_limits.resume_score = -guess;
    child_limits.resume_move = entry->pv_length > 1 ? entry->pv[1] : BOARD_NO_MOVE;
  }
  earlier[entry->move] = entry->depth > 0 ? entry->score : ANALYSIS_NO_SCORE;
  if (limits->stop && atomic_load_explicit (limits->stop, memory_order_relaxed))
    return false;
  if (limits->hard_time > 0) {
    child_limits.hard_time = limits->hard_time - (clock_seconds () - start);
    if (child_limits.hard_time <= 0)
      return false;
  }
  if (limits->max_nodes) {
    if (analysis->nodes >= limits->max_nodes)
      return false;
    child_limits.max_nodes = limits->max_nodes - analysis->nodes;
  }

  SearchResult result = search_run (search, &child, &child_limits, NULL, NULL);
  analysis->nodes += result.nodes;
  if (result.stopped)
    return false;
  entry->score = -result.score;
  entry->exact = result.exact;
  entry->depth = result.exact ? board_empties (board) : depth;
  entry->pv[0] = entry->move;
  int length = result.pv_length < SEARCH_MAX_PLY - 1 ? result.pv_length : SEARCH_MAX_PLY - 1;
  memcpy (entry->pv + 1, result.pv, sizeof (int) * (size_t) length);
  entry->pv_length = length + 1;
  return true;
}

/* Best first; moves of equal score keep their order (stable insertion sort). */
static void analysis_sort (Analysis *analysis)
{
  for (int i = 1; i < analysis->count; i++) {
    AnalysisMove entry = analysis->moves[i];
    int j = i;
    for (; j > 0 && analysis->moves[j - 1].score < entry.score; j--)
      analysis->moves[j] = analysis->moves[j - 1];
    analysis->moves[j] = entry;
  }
}

static void analysis_report (Analysis *analysis, double start, AnalysisProgress progress,
                             void *user_data)
{
  analysis->seconds = clock_seconds () - start;
  if (progress)
    progress (analysis, user_data);
}

void analysis_run (Search *search, const Board *board, const SearchLimits *limits,
                   AnalysisProgress progress, void *user_data, Analysis *analysis)
{
  assert (search && board && limits && analysis);
  assert ((board->player & board->opponent) == 0);
  double start = clock_seconds ();
  memset (analysis, 0, sizeof *analysis);

  uint64_t legal = board_legal_moves (board);
  if (legal) {
    for (; legal; legal &= legal - 1)
      analysis->moves[analysis->count++].move = __builtin_ctzll (legal);
  } else {
    Board passed = { board->opponent, board->player };
    if (board_legal_moves (&passed))
      analysis->moves[analysis->count++].move = BOARD_PASS;
  }
  if (analysis->count == 0) {
    analysis->exact = true; /* the game is over: nothing to score */
    analysis_report (analysis, start, progress, user_data);
    return;
  }

  int earlier[BOARD_PASS + 1];
  for (int i = 0; i <= BOARD_PASS; i++)
    earlier[i] = ANALYSIS_NO_SCORE;
  int max_depth = limits->max_depth > 0 && limits->max_depth < SEARCH_MAX_PLY ? limits->max_depth
                                                                                : SEARCH_MAX_PLY;
  for (int depth = 1; depth <= max_depth && !analysis->exact && !analysis->stopped; depth++) {
    /* Depth 1 always runs (one evaluation per move), so every move has a score. */
    if (depth > 1 && limits->soft_time > 0 && clock_seconds () - start >= limits->soft_time) {
      analysis->stopped = true;
      break;
    }
    /* In the order of the last iteration, best first: the table then helps the others most. */
    for (int i = 0; i < analysis->count; i++) {
      AnalysisMove *entry = &analysis->moves[i];
      if (entry->exact)
        continue;
      if (!analysis_refine (search, board, limits, depth, max_depth, start, analysis, entry,
                            earlier)) {
        analysis->stopped = true;
        break;
      }
      analysis_report (analysis, start, progress, user_data);
    }
    if (analysis->stopped)
      break;
    analysis_sort (analysis);
    bool exact = true;
    int reached = SEARCH_MAX_PLY;
    for (int i = 0; i < analysis->count; i++) {
      exact = exact && analysis->moves[i].exact;
      if (analysis->moves[i].depth < reached)
        reached = analysis->moves[i].depth;
    }
    analysis->exact = exact;
    analysis->depth = reached;
  }
  if (analysis->stopped)
    analysis_sort (analysis); /* the last answer is best first too */
  analysis_report (analysis, start, progress, user_data);
}

const AnalysisMove *analysis_find (const Analysis *analysis, int move)
{
  assert (analysis);
  for (int i = 0; i < analysis->count; i++)
    if (analysis->moves[i].move == move)
      return &analysis->moves[i];
  return NULL;
}

bool analysis_best_score (const Analysis *analysis, int *score)
{
  assert (analysis && score);
  bool found = false;
  for (int i = 0; i < analysis->count; i++) {
    const AnalysisMove *entry = &analysis->moves[i];
    if (entry->depth > 0 && (!found || entry->score > *score)) {
      *score = entry->score;
      found = true;
    }
  }
  return found;
}
