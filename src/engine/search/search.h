/* search.h: thinking about a position under limits (depth, nodes, time, stop flag). */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "clock.h" /* clock_seconds (): the clock the time limits count on */
#include "eval.h"
#include "rules.h"

#define SEARCH_MAX_PLY 64
#define SEARCH_DEFAULT_HASH_BYTES ((size_t) 64 << 20)

typedef struct SearchLimits {
  int max_depth;          /* midgame depth in plies; 0 = no limit */
  uint64_t max_nodes;     /* 0 = no limit */
  double soft_time;       /* seconds: do not start another iteration after this; 0 = none */
  double hard_time;       /* seconds: abort the search at this; 0 = none */
  bool manage_time;       /* set by search_limits_set_budget: soft_time is a nominal time,
                           * stretched up to 2.4 times when the best move changes or the score
                           * falls and cut to 0.6 when the best move holds (a soft_time equal to
                           * hard_time: the whole time is the move's); with one legal move
                           * the first iteration is the last; no iteration starts that is
                           * predicted not to finish its first move by hard_time (a better
                           * move an unfinished iteration proves is played), an exact solve
                           * starts at once only when it surely fits, and one is tried
                           * before exact_empties when predicted to fit (and the depth limit
                           * would reach the end). For choosing a move to play, not for scores
                           * that must come from the full depth asked (analyses). */
  int exact_empties;      /* solve exactly when this many empties or fewer are left; -1 = never */
  int threads;            /* 0 or 1 = single thread */
  const atomic_bool *stop; /* optional: the search ends soon after another thread sets it */
  bool win_loss_draw;     /* solve only win, draw or loss: score is then +1, 0 or -1 */
  bool exhaustive;        /* no selective cuts (ProbCut): every move searched to the full depth,
                           * as calibrating the cuts and checking the search need; slower */
  /* Resuming (0: no): a caller that searched this position before, with this table, to
   * resume_depth - 1 plies or more (an analysis deepening it, analysis.h) has the iterations
   * start at resume_depth (at most max_depth, and not for an exact solve) in a window around
   * resume_score (discs), resume_move (a move found best before, or BOARD_NO_MOVE) first; the
   * shallower iterations would mostly have read the table again. The score found is that of a
   * search of the same depth: only the way there is shorter. */
  int resume_depth;
  int resume_score;
  int resume_move;
} SearchLimits;

/* The moves the side to move has left with `empties` empty squares (every other empty square),
 * those of the endgame (20 empties or fewer), which the exact solver ends quickly, counted at
 * 0.15 of a move: the number of shares a clock is divided into. At least 1. */
double search_moves_to_plan (int empties);
/* Seconds to spend on a move with time_left seconds on the clock (negative = no clock), an
 * increment added after every move, `empties` empty squares, and move_time seconds a move at
 * most (0 = no cap): the clock divided by search_moves_to_plan with a reserve kept back, capped
 * by move_time. 0 when neither limits the move. */
double search_move_budget (double time_left, double increment, int empties, double move_time);
/* Sets soft and hard time so that the answer comes within `budget` seconds (> 0) of the call,
 * and manage_time. */
void search_limits_set_budget (SearchLimits *limits, double budget);
/* The stretch of the nominal time (see soft_time) after an iteration: score_drop is the fall of
 * the score since the iteration before, in EVAL_SCALE units. */
double search_soft_scale (bool best_changed, int score_drop, int stable_iterations);
/* Seconds an exact solve of `empties` is predicted to take at a measured midgame node rate. */
double search_predict_solve_seconds (int empties, double midgame_nodes_per_second);

/* Sensible limits: depth 60, no node or time limit, exact from 20 empties, one thread. */
SearchLimits search_limits_default (void);

typedef struct SearchResult {
  int move;               /* 0..63, BOARD_PASS, or BOARD_NO_MOVE when the game is over */
  int score;              /* discs for the side to move (exact or estimated) */
  int depth;              /* depth of the last finished iteration (empties when exact) */
  bool exact;             /* the score is the exact final disc difference */
  bool stopped;           /* ended early by the stop flag or a limit */
  int pv[SEARCH_MAX_PLY]; /* principal variation, BOARD_PASS for passes */
  int pv_length;
  uint64_t nodes;
  double seconds;
} SearchResult;

/* Called after every finished iteration, from the searching thread. */
typedef void (*SearchProgress) (const SearchResult *progress, void *user_data);

typedef struct Search Search;

/* A search owns its transposition table (hash_bytes, 0 = default) and all its state, so
 * several searches may run at once. Returns NULL when memory is short. */
Search *search_new (size_t hash_bytes);
void search_free (Search *search);
/* Chooses the evaluation (NULL restores the default). The evaluation must outlive the search. */
void search_set_evaluation (Search *search, const Evaluation *evaluation);
/* Chooses the rules of the games searched (RULES_STANDARD for a new search). Under RULES_REVERSE
 * every score, estimated or exact, is the Reverse game's (positive when the side to move will end
 * with fewer discs; exact ones are rules_final_score of the standard count), and the search
 * evaluates with eval_reverse () whatever search_set_evaluation chose. Changing the rules forgets
 * the table. */
void search_set_rules (Search *search, Rules rules);
Rules search_get_rules (const Search *search);
/* Chooses the evaluation used under RULES_REVERSE (NULL restores eval_reverse ()), for the tools
 * that train or compare Reverse evaluations. It must outlive the search. */
void search_set_reverse_evaluation (Search *search, const Evaluation *evaluation);
/* Forgets everything learnt (the transposition table). */
void search_clear (Search *search);

/* The static evaluation of board for its side to move in discs, rounded to the nearest as
 * search_run() rounds its scores: what a search of depth 0 sees (the analysis's depth 1). */
int search_evaluate (const Search *search, const Board *board);

/* Thinks about the board (not the game over position: then BOARD_NO_MOVE and the final score
 * come back at once). One search_run at a time per Search; the threads it starts are joined
 * before it returns. */
SearchResult search_run (Search *search, const Board *board, const SearchLimits *limits,
                         SearchProgress progress, void *user_data);
