/* verso-game-analysis-private.h: the analyst's jobs and the game's analysis store, shared by
 * verso-game-analysis.c (the queue, move scores and live scores), verso-game-coach.c,
 * verso-game-review.c and the hints of verso-game-computer.c. */
#pragma once

#include "verso-analysis-store.h"
#include "verso-game-private.h"

G_BEGIN_DECLS

typedef enum {
  JOB_MOVE, /* scores the move at ply */
  JOB_LIVE, /* the scores of the position shown */
  JOB_HINT, /* the position shown, for the hints waiting for it */
} JobKind;

/* How far a job searches: to depth, exactly from exact_empties empties, for at most seconds
 * (none when 0). */
typedef struct {
  int depth;
  int exact_empties;
  double seconds;
} JobLimits;

typedef struct {
  JobKind kind;
  guint ply;
  int move;
  Board board;          /* the position analysed (before the move for JOB_MOVE) */
  gboolean white;       /* white is to move there */
  gboolean for_review;  /* asked for by verso_game_review_async */
  gboolean given;       /* a move of a balanced start: scored, never graded */
  JobLimits limits;
} Job;

/* A hint asked for (verso_game_hint_async), waiting for the analysis of its position. */
typedef struct {
  GTask *task;                  /* its task data is a VersoHintAnswer */
  Board board;
  GSource *cancel_source;       /* the task's cancellable, or NULL */
} HintWait;

/* What a hint answers, the task data of verso_game_hint_async. */
typedef struct {
  int move;             /* a square or BOARD_PASS */
  int disc_difference;  /* its score for the side to move */
  gboolean exact;
  int depth;            /* plies searched (the empties when exact) */
  /* The hint engine's name when it answered (its score, rounded, in disc_difference when
   * has_score), else NULL: Verso's analysis answered. */
  char *engine;
  gboolean has_score;
  /* When the hint engine failed and Verso answered instead: what it did, in the person's words,
   * and the engine's own English. */
  char *engine_failure;
  char *engine_detail;
} VersoHintAnswer;

void verso_hint_answer_free (VersoHintAnswer *answer);

typedef struct _VersoGameAnalysis {
  VersoComputer *analyst;
  VersoAnalysisStore *store;    /* every analysis found, by position: what is shown reads it */
  GQueue queue;                 /* Job *, waiting, in the order they run */
  Job *running;                 /* on the analyst, until its answer comes back */
  GCancellable *running_cancellable;
  guint schedule_source;
  gboolean coach;
  gboolean show_scores;
  Board live_board;             /* the position shown that live_done is about */
  gboolean live_done;           /* the live job of the position shown has ended */
  GList *hints;                 /* HintWait *, in the order they were asked for */
  GTask *review_task;           /* verso_game_review_async under way */
  GSource *review_cancel_source;
  guint review_done, review_total;
  VersoGameReviewProgress review_progress;
  gpointer review_progress_data;
  gboolean reviewed;            /* verso_game_get_reviewed; kept with the session */
  VersoReviewDepth review_depth;
  gboolean test;                /* verso_game_set_analysis_limits: every job has test_limits */
  JobLimits test_limits;
} VersoGameAnalysis;

/* The store's analysis of the position after ply moves, or NULL. */
const Analysis *verso_analysis_at (VersoGame *game, guint ply);
/* Each move of game (the record's main line, as verso_record_to_notation writes it) given its
 * score (verso_game_get_move_score) for the mover as its evaluation, where it has one and the
 * line shown is the main line. */
void verso_analysis_to_notation (VersoGame *self, NotationGame *game);
/* Whether analysis (may be NULL) is as good as a job with limits would find: exact, or as deep. */
gboolean verso_analysis_meets (const Analysis *analysis, const JobLimits *limits);
/* The limits of a job of kind (for the review or not). */
const JobLimits *verso_analysis_limits (VersoGame *game, JobKind kind, gboolean for_review);
/* Queues a hint job for the position shown, first, unless one for it waits or runs. */
void verso_analysis_queue_hint (VersoGame *game);
/* A job of kind for the move at ply (JOB_MOVE) or the position shown (JOB_LIVE, JOB_HINT), with
 * the limits of the coach, the review, live scores or hints. */
Job *verso_analysis_job_new (VersoGame *game, JobKind kind, guint ply, gboolean for_review);
/* Drops the waiting jobs that drop picks; TRUE when one of them was the review's. */
gboolean verso_analysis_drop_jobs (VersoGame *game, gboolean (*drop) (VersoGame *, const Job *));
void verso_analysis_cancel_running (VersoGameAnalysis *a);
/* Looks for the next job to run once the current burst of changes is over. */
void verso_analysis_request_schedule (VersoGame *game);

/* verso-game-review.c, for the queue: ends the review (error NULL: it is complete), and counts
 * one of its jobs done. */
void verso_game_review_end (VersoGame *game, GError *error);
void verso_game_review_step_done (VersoGame *game);

/* verso-game-computer.c, for the queue: the hints waiting for board are answered from the
 * store's analysis of it; those asked for a position no longer shown fail; at the end every hint
 * fails with error (which it takes). */
void verso_game_hints_answer (VersoGame *game, const Board *board);
void verso_game_hints_drop_stale (VersoGame *game);
void verso_game_hints_fail (VersoGame *game, GError *error);

G_END_DECLS
