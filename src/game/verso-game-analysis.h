/* verso-game-analysis.h: what the engine says of a game's moves: each recorded move's score and
 * grade, the live coach, the live scores of the position shown, and the review of the whole
 * game (Analyse Game in the menu). "Analysis" is the engine's scores of every move of one
 * position (analysis.h); the jobs here run it on a computer of the game's own, and every answer
 * goes into one analysis per position (verso-analysis-store.h), deepened over time, from which
 * the scores shown, the moves' scores and grades and the hints are all read: one position, one
 * answer. */
#pragma once

#include <gio/gio.h>

#include "analysis.h"
#include "verso-game-types.h"

G_BEGIN_DECLS

/* Move scores (verso-game-analysis.c). Scores are final disc differences predicted by the
 * engine. A move's grade is set by the discs it loses against the best move of its
 * position: best 0, good 1-2, inaccuracy 3-5, mistake 6-11, blunder 12 or more. */
typedef enum {
  VERSO_GRADE_NONE,        /* not analysed (or a pass) */
  VERSO_GRADE_BEST,
  VERSO_GRADE_GOOD,
  VERSO_GRADE_INACCURACY,
  VERSO_GRADE_MISTAKE,
  VERSO_GRADE_BLUNDER,
} VersoGrade;

VersoGrade verso_grade_for_loss (int discs_lost);
/* A disc difference as it is read: "+4", "−2" (a true minus sign, U+2212), "0". */
char *verso_format_score (int score);
/* An average disc difference to one decimal, as verso_format_score writes a score: "+0.8",
 * "−12.3", and "0.0" for whatever rounds to it (never "−0.0"). */
char *verso_format_average (double average);
/* "best", "good", "inaccuracy", "mistake", "blunder" in the player's language (NULL for NONE). */
const char *verso_grade_get_name (VersoGrade grade);

/* What the analysis of the position before it says of the move that led to the position after
 * `ply` moves: the scores shown on the board in that position, so the loss is the best shown
 * score minus the played move's. A book move (the position after it is in the opening book, in
 * a standard game) is scored from the book instead, as the Database shows it: its book value,
 * and its loss against the best book move of the position. */
typedef struct {
  gboolean known;        /* FALSE: not analysed yet; the other fields are 0 */
  int score;             /* predicted final disc difference after the move, for Black */
  int best_move;         /* the best move of the position before it (a square, or BOARD_PASS) */
  int loss;              /* discs the move loses against best_move (>= 0) */
  VersoGrade grade;      /* from loss; VERSO_GRADE_NONE for a pass */
  gboolean exact;        /* both scores are exact */
  int depth;             /* plies searched for the move's score (the empties when exact) */
  int best_depth;        /* the same for best_move's score */
  gboolean book;         /* a book move: both scores are the book's (depth: the book's searches) */
} VersoMoveScore;

/* ply 1 .. length: the move that led to the position after ply moves, from the game's analysis of
 * the position before it (a move of a new line from an analysed position is known at once).
 * "move-scored" (guint ply) is emitted when an analysis of that position changes the move's
 * score. */
VersoMoveScore verso_game_get_move_score (VersoGame *game, guint ply);
/* Whether the move at ply (1 .. length) is a book move, scored from the book: Analyse Game and
 * the coach search nothing for it. */
gboolean verso_game_is_book_move (VersoGame *game, guint ply);

/* The live coach (verso-game-coach.c; "coach" property, off for a new game): after each move of
 * a person the position before it is analysed in a worker of its own (verso-computer.h), never
 * delaying the computer's reply, and the move is scored and graded ("move-scored"). */
gboolean verso_game_get_coach (VersoGame *game);
void verso_game_set_coach (VersoGame *game, gboolean coach);

/* The coach's account of one colour's graded moves so far. */
typedef struct {
  int graded;            /* moves with a grade */
  int moves;             /* the colour's moves that can have one (not passes, not given) */
  int discs_lost;        /* sum of their losses */
  int grades[VERSO_GRADE_BLUNDER + 1]; /* moves with each grade */
  guint worst_ply;       /* 0 when no move lost anything */
  guint worst_number;    /* the worst move's number as in the move list */
  int worst_square;      /* the worst move's square */
  int worst_loss;
} VersoCoachSummary;
VersoCoachSummary verso_game_get_coach_summary (VersoGame *game, VersoColor color);
/* The summary in words, one line each: the moves per grade ("1 blunder, 3 mistakes,
 * 4 inaccuracies"), the worst move ("Worst: 9. g2, 17 discs lost"), the discs lost in all and
 * why they can exceed the final margin, and "Reviewed 24 of 30 moves" while some of the
 * colour's moves have no grade; "Every move was the best one" or "3 discs lost, no mistakes;
 * worst: 12. c4, −2" when no move is graded inaccuracy or worse. NULL when no move is graded.
 * Free with g_free. */
char *verso_coach_summary_describe (const VersoCoachSummary *summary);
/* verso_coach_summary_describe of verso_game_get_coach_summary. */
char *verso_game_describe_coach_summary (VersoGame *game, VersoColor color);

/* Live scores (verso-game-analysis.c): every legal move of the position shown ("scores"
 * property, off for a new game): while on, the position shown is analysed in the background
 * whenever no computer move is being searched, until the game's analysis of it is as deep as live
 * scores go, refined live ("scores-changed" after each refinement and when the position shown
 * changes). */
gboolean verso_game_get_show_scores (VersoGame *game);
void verso_game_set_show_scores (VersoGame *game, gboolean show);
/* The threads the scores, the coach, the hint and the review search with from their next
 * search on: 0 (the default) for one a processor core. The computer's own moves keep one. */
void verso_game_set_analysis_threads (VersoGame *game, guint threads);
/* The game's analysis of the position shown while scores are shown, or NULL when they are not or
 * there is none (yet): whatever found it (live scores, the coach, the review, a hint). Valid until
 * the next "scores-changed" or "changed". */
const Analysis *verso_game_get_scores (VersoGame *game);
/* The game's analysis of the position after ply moves (0 .. length), whether or not scores are
 * shown: each move's score and line (pv), whatever found it; NULL when there is none (yet) or ply
 * is past the record. Valid until the next "scores-changed", "move-scored" or "changed". */
const Analysis *verso_game_get_analysis (VersoGame *game, guint ply);

/* How the hint in result (verso_game_hint_async, after verso_game_hint_finish) was found: the
 * plies searched for the hinted move (the empties when its score is exact); 0 without a hint.
 * A hint is the best move of the game's analysis of its position, the best of the scores shown
 * there. */
int verso_game_hint_get_depth (VersoGame *game, GAsyncResult *result);

/* The review (verso-game-review.c; Analyse Game in the menu): analyses every position of the
 * record (not only the person's moves) at the review's depth, filling each move's score and
 * grade; progress (may be NULL) is called in the main context with the positions done and their
 * total. Cancelling stops it at once; the scores
 * found so far stay. Changing the record during the review cancels it. */
typedef void (*VersoGameReviewProgress) (guint done, guint total, gpointer user_data);
void verso_game_review_async (VersoGame *game, VersoGameReviewProgress progress,
                              gpointer progress_data, GCancellable *cancellable,
                              GAsyncReadyCallback callback, gpointer user_data);
gboolean verso_game_review_finish (VersoGame *game, GAsyncResult *result, GError **error);
/* How deep the review searches each position (the Preferences' Review Depth), exact from 18
 * empties whatever the choice; chosen and timed by tools/bench/bench-review.c (issue 45): see
 * verso-game-analysis.c. A review takes the depth set when it starts. */
typedef enum {
  VERSO_REVIEW_QUICK,
  VERSO_REVIEW_NORMAL,   /* the default */
  VERSO_REVIEW_DEEP,
} VersoReviewDepth;
void verso_game_set_review_depth (VersoGame *game, VersoReviewDepth depth);
VersoReviewDepth verso_game_get_review_depth (VersoGame *game);
/* The plies a review of that depth searches a middle-game position to. */
int verso_review_depth_plies (VersoReviewDepth depth);

/* Whether a review of the game was started (kept in the saved session): its computer's moves
 * were scored for grading as well as the people's. */
gboolean verso_game_get_reviewed (VersoGame *game);

G_END_DECLS
