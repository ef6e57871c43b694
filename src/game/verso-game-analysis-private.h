/* verso-game-analysis-private.h: the analyst's jobs, shared by verso-game-analysis.c (the queue,
 * move scores and live scores), verso-game-coach.c and verso-game-review.c. */
#pragma once

#include "verso-game-private.h"

G_BEGIN_DECLS

/* What a score belongs to: the move at its ply and the position before it. A score whose
 * record no longer has that move there is dropped. */
typedef struct {
  VersoMoveScore score;
  Board before;
  int move;
} ScoreEntry;

typedef enum {
  JOB_MOVE, /* scores the move at ply */
  JOB_LIVE, /* the scores of the position shown */
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

typedef struct _VersoGameAnalysis {
  VersoComputer *analyst;
  GArray *entries;              /* ScoreEntry of ply 1.. at index 0.., as long as the record */
  GQueue queue;                 /* Job *, waiting, in the order they run */
  Job *running;                 /* on the analyst, until its answer comes back */
  GCancellable *running_cancellable;
  guint schedule_source;
  gboolean coach;
  gboolean show_scores;
  Board live_board;             /* the position shown that live and live_done are about */
  Analysis *live;               /* the latest analysis of the position shown, or NULL */
  gboolean live_done;           /* the live job of the position shown has ended */
  GTask *review_task;           /* verso_game_review_async under way */
  GSource *review_cancel_source;
  guint review_done, review_total;
  VersoGameReviewProgress review_progress;
  gpointer review_progress_data;
  gboolean test;                /* verso_game_set_analysis_limits: every job has test_limits */
  JobLimits test_limits;
} VersoGameAnalysis;

static inline ScoreEntry *verso_analysis_entry_at (VersoGameAnalysis *a, guint ply)
{
  return &g_array_index (a->entries, ScoreEntry, ply - 1);
}

/* The entries follow the record: one per move, and a move that is not the one scored (a new
 * line replaced it) loses its score and those after it. */
void verso_analysis_sync_entries (VersoGame *game);
/* A job of kind for the move at ply (JOB_MOVE) or the position shown (JOB_LIVE), with the limits
 * of the coach, the review or live scores. */
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

G_END_DECLS
