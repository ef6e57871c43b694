/* analysis.h: what every legal move of a position is worth. Each move is searched with an exact
 * window (a multi-PV over the search API: the position after the move is searched whole, not
 * only shown to be worse than the best), deepened iteration by iteration, and solved exactly once
 * within solving range. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "search.h"

/* More than the most legal moves an Othello position can have (33). */
#define ANALYSIS_MAX_MOVES 40

typedef struct AnalysisMove {
  int move;   /* 0..63, or BOARD_PASS when the side to move must pass */
  int score;  /* final disc difference predicted after this move, for the side to move of the
               * analysed position (positive: it wins) */
  int depth;  /* plies searched from the analysed position, this move included (the empties
               * when exact); 0 while the move has no score yet */
  bool exact; /* the score is the exact final disc difference with perfect play */
  int pv[SEARCH_MAX_PLY]; /* this move and the line expected after it */
  int pv_length;
} AnalysisMove;

typedef struct Analysis {
  int count;  /* legal moves; 1 (BOARD_PASS) when the side to move must pass; 0 at game end */
  /* Best first after each finished iteration; within an iteration a move keeps its place while
   * its score is refined, so an index stays valid from one progress call to the next. */
  AnalysisMove moves[ANALYSIS_MAX_MOVES];
  int depth;     /* the depth every move has reached (0 before the first iteration ends) */
  bool exact;    /* every score is exact */
  bool stopped;  /* ended early by the stop flag, a time or a node limit */
  uint64_t nodes;
  double seconds;
} Analysis;

/* Called from the analysing thread each time a move's score is refined, and once at the end. */
typedef void (*AnalysisProgress) (const Analysis *analysis, void *user_data);

/* Scores every legal move of board into *analysis under limits (search.h), deepening one ply at
 * a time from depth 1 up to max_depth (0: until exact or another limit ends it):
 * - the score of a move at depth d is minus the score of search_run() on the position after it
 *   with the same limits and max_depth d - 1 (its static evaluation for d = 1), so with one
 *   thread and a fresh table it equals what search_run() says of that position;
 * - a move is solved exactly when the position after it has at most limits->exact_empties
 *   empties, after a few midgame iterations that give early estimates; an exact move is not
 *   searched again;
 * - soft_time: no iteration starts after it; hard_time, max_nodes and stop end the analysis
 *   within a few thousand nodes; the moves then keep the score of the deepest search they
 *   finished (analysis->stopped is set);
 * - win_loss_draw is ignored (scores are always disc differences).
 * The search's table is shared by the moves, which makes the later ones faster; from depth 3 a
 * move's search resumes where its search of the last iteration left the table (resume_depth in
 * search.h), which finds the same scores sooner. */
void analysis_run (Search *search, const Board *board, const SearchLimits *limits,
                   AnalysisProgress progress, void *user_data, Analysis *analysis);

/* The entry of move (a square or BOARD_PASS) in analysis, or NULL when it is not a legal move. */
const AnalysisMove *analysis_find (const Analysis *analysis, int move);

/* The best score among the moves that have one; false when none has. */
bool analysis_best_score (const Analysis *analysis, int *score);
