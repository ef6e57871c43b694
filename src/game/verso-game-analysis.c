/* verso-game-analysis.c: the scores of the record's moves, the live coach, the scores of the
 * position shown and Analyse Game, all as jobs on one analyst (a VersoComputer of the game's
 * own, so the computer's moves never wait for them). */
#include "verso-game-private.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "notation.h"

/* Analyse Game: a 60-move game takes well under 30 s on two cores (see the test's timing). */
#define VERSO_ANALYSIS_DEPTH 10
#define ANALYSIS_EXACT_EMPTIES 18
#define ANALYSIS_SECONDS 10.0
/* The coach: quick enough that its grade follows the move within a couple of seconds. */
#define COACH_DEPTH 10
#define COACH_EXACT_EMPTIES 18
#define COACH_SECONDS 2.0
/* Live scores: refined while the position stays shown. */
#define LIVE_DEPTH 24
#define LIVE_EXACT_EMPTIES 20
#define LIVE_SECONDS 20.0

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

typedef struct {
  JobKind kind;
  guint ply;
  int move;
  Board board;          /* the position analysed (before the move for JOB_MOVE) */
  gboolean white;       /* white is to move there */
  gboolean for_analyse; /* asked for by verso_game_analyse_async */
  gboolean given;       /* a move of a balanced start: scored, never graded */
  int depth;
  int exact_empties;
  double seconds;
} Job;

/* The job on the analyst. It holds the game weakly: a game finalized meanwhile is not touched. */
typedef struct {
  GWeakRef game;
  Job *job;
} Running;

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
  GTask *analyse_task;          /* verso_game_analyse_async under way */
  GSource *analyse_cancel_source;
  guint analyse_done, analyse_total;
  VersoGameAnalyseProgress analyse_progress;
  gpointer analyse_progress_data;
  gboolean test_limits;         /* verso_game_set_analysis_limits */
  int test_depth, test_exact_empties;
  double test_seconds;
} VersoGameAnalysis;

static void schedule (VersoGame *self);

VersoGrade verso_grade_for_loss (int discs_lost)
{
  if (discs_lost <= 0)
    return VERSO_GRADE_BEST;
  if (discs_lost <= 2)
    return VERSO_GRADE_GOOD;
  if (discs_lost <= 5)
    return VERSO_GRADE_INACCURACY;
  if (discs_lost <= 11)
    return VERSO_GRADE_MISTAKE;
  return VERSO_GRADE_BLUNDER;
}

char *verso_format_score (int score)
{
  if (score > 0)
    return g_strdup_printf ("+%d", score);
  if (score < 0)
    return g_strdup_printf ("\u2212%d", -score);
  return g_strdup ("0");
}

const char *verso_grade_get_name (VersoGrade grade)
{
  switch (grade) {
  /* TRANSLATORS: the grade of a move that loses nothing against the engine's best move. */
  case VERSO_GRADE_BEST: return _("best");
  /* TRANSLATORS: the grade of a move that loses 1 or 2 discs against the best move. */
  case VERSO_GRADE_GOOD: return _("good");
  /* TRANSLATORS: the grade of a move that loses 3 to 5 discs against the best move. */
  case VERSO_GRADE_INACCURACY: return _("inaccuracy");
  /* TRANSLATORS: the grade of a move that loses 6 to 11 discs against the best move. */
  case VERSO_GRADE_MISTAKE: return _("mistake");
  /* TRANSLATORS: the grade of a move that loses 12 discs or more against the best move. */
  case VERSO_GRADE_BLUNDER: return _("blunder");
  case VERSO_GRADE_NONE:
  default: return NULL;
  }
}

static inline const Position *position_at (VersoGame *self, guint ply)
{
  return verso_record_get_position (self->record, ply);
}

static inline const Position *shown_position (VersoGame *self)
{
  return position_at (self, verso_record_get_current (self->record));
}

static inline ScoreEntry *entry_at (VersoGameAnalysis *a, guint ply)
{
  return &g_array_index (a->entries, ScoreEntry, ply - 1);
}

void verso_game_analysis_init (VersoGame *self)
{
  VersoGameAnalysis *a = g_new0 (VersoGameAnalysis, 1);

  a->analyst = verso_computer_new ();
  a->entries = g_array_new (FALSE, TRUE, sizeof (ScoreEntry));
  g_queue_init (&a->queue);
  self->analysis = a;
}

static void cancel_running (VersoGameAnalysis *a)
{
  if (a->running_cancellable)
    g_cancellable_cancel (a->running_cancellable);
}

/* Ends verso_game_analyse_async: its waiting jobs leave the queue, its running one stops. */
static void analyse_end (VersoGame *self, GError *error)
{
  VersoGameAnalysis *a = self->analysis;
  GTask *task = g_steal_pointer (&a->analyse_task);

  if (!task) {
    g_clear_error (&error);
    return;
  }
  for (GList *link = a->queue.head; link;) {
    GList *next = link->next;
    Job *job = link->data;
    if (job->for_analyse) {
      g_free (job);
      g_queue_delete_link (&a->queue, link);
    }
    link = next;
  }
  if (a->running && a->running->for_analyse)
    cancel_running (a);
  if (a->analyse_cancel_source) {
    g_source_destroy (a->analyse_cancel_source);
    g_clear_pointer (&a->analyse_cancel_source, g_source_unref);
  }
  a->analyse_progress = NULL;
  if (error)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

void verso_game_analysis_dispose (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;

  if (!a)
    return;
  g_clear_handle_id (&a->schedule_source, g_source_remove);
  analyse_end (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "The game was closed"));
  g_queue_clear_full (&a->queue, g_free);
  cancel_running (a);
  /* The running job's answer finds no game and frees the job itself. */
  a->running = NULL;
  g_clear_object (&a->running_cancellable);
  g_clear_object (&a->analyst);
}

void verso_game_analysis_finalize (VersoGame *self)
{
  VersoGameAnalysis *a = g_steal_pointer (&self->analysis);

  if (!a)
    return;
  g_array_unref (a->entries);
  g_free (a->live);
  g_free (a);
}

/* Whether the scores of the position shown are to be searched now. */
static gboolean live_wanted (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;

  return a->show_scores && !a->live_done && !verso_game_get_thinking (self)
      && !board_is_game_over (&shown_position (self)->board);
}

/* Whether the record still has job's move at its ply, after the position it analysed. */
static gboolean move_job_current (VersoGame *self, const Job *job)
{
  return job->ply >= 1 && job->ply <= verso_record_get_length (self->record)
      && verso_record_get_move (self->record, job->ply) == job->move
      && board_equal (&position_at (self, job->ply - 1)->board, &job->board);
}

static void drop_live (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;

  a->live_done = FALSE;
  if (a->running && a->running->kind == JOB_LIVE)
    cancel_running (a);
  if (a->live) {
    g_clear_pointer (&a->live, g_free);
    verso_game_emit_scores_changed (self);
  }
}

/* The entries follow the record: one per move, and a move that is not the one scored (a new line
 * replaced it) loses its score and those after it. */
static void sync_entries (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;
  guint length = verso_record_get_length (self->record);
  guint old_length = MIN (a->entries->len, length);
  guint first_new = old_length + 1;

  for (guint ply = 1; ply <= old_length; ply++) {
    ScoreEntry *entry = entry_at (a, ply);
    if (entry->move != verso_record_get_move (self->record, ply)
        || !board_equal (&entry->before, &position_at (self, ply - 1)->board)) {
      first_new = ply;
      break;
    }
  }
  g_array_set_size (a->entries, length);
  for (guint ply = first_new; ply <= length; ply++) {
    ScoreEntry *entry = entry_at (a, ply);
    memset (&entry->score, 0, sizeof entry->score);
    entry->move = verso_record_get_move (self->record, ply);
    entry->before = position_at (self, ply - 1)->board;
  }
}

static void request_schedule (VersoGame *self);

void verso_game_analysis_changed (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;
  gboolean analyse_stale = FALSE;

  if (!a)
    return;
  sync_entries (self);
  for (GList *link = a->queue.head; link;) {
    GList *next = link->next;
    Job *job = link->data;
    if (job->kind == JOB_MOVE && !move_job_current (self, job)) {
      analyse_stale |= job->for_analyse;
      g_free (job);
      g_queue_delete_link (&a->queue, link);
    }
    link = next;
  }
  if (a->running && a->running->kind == JOB_MOVE && !move_job_current (self, a->running)) {
    analyse_stale |= a->running->for_analyse;
    cancel_running (a);
  }
  if (analyse_stale)
    analyse_end (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                            _("The game changed during its analysis")));
  if (!board_equal (&a->live_board, &shown_position (self)->board)) {
    a->live_board = shown_position (self)->board;
    drop_live (self);
  }
  request_schedule (self);
}

static Job *job_new (VersoGame *self, JobKind kind, guint ply, gboolean for_analyse)
{
  VersoGameAnalysis *a = self->analysis;
  Job *job = g_new0 (Job, 1);
  const Position *position = kind == JOB_LIVE ? shown_position (self) : position_at (self, ply - 1);

  job->kind = kind;
  job->ply = ply;
  job->move = kind == JOB_MOVE ? verso_record_get_move (self->record, ply) : BOARD_NO_MOVE;
  job->board = position->board;
  job->white = position->side_to_move == POSITION_WHITE;
  job->for_analyse = for_analyse;
  job->given = kind == JOB_MOVE && ply <= self->given_moves;
  if (a->test_limits) {
    job->depth = a->test_depth;
    job->exact_empties = a->test_exact_empties;
    job->seconds = a->test_seconds;
  } else if (kind == JOB_LIVE) {
    job->depth = LIVE_DEPTH;
    job->exact_empties = LIVE_EXACT_EMPTIES;
    job->seconds = LIVE_SECONDS;
  } else if (for_analyse) {
    job->depth = VERSO_ANALYSIS_DEPTH;
    job->exact_empties = ANALYSIS_EXACT_EMPTIES;
    job->seconds = ANALYSIS_SECONDS;
  } else {
    job->depth = COACH_DEPTH;
    job->exact_empties = COACH_EXACT_EMPTIES;
    job->seconds = COACH_SECONDS;
  }
  return job;
}

/* The move's score from the analysis of the position before it; known stays FALSE when the
 * analysis ended before the move had one. */
static VersoMoveScore score_from_analysis (const Job *job, const Analysis *analysis)
{
  VersoMoveScore score = { 0 };
  const AnalysisMove *played = analysis_find (analysis, job->move);
  const AnalysisMove *best = NULL;

  if (!played || played->depth == 0)
    return score;
  for (int k = 0; k < analysis->count; k++) {
    const AnalysisMove *move = &analysis->moves[k];
    if (move->depth > 0 && (!best || move->score > best->score))
      best = move;
  }
  score.known = TRUE;
  score.score = job->white ? -played->score : played->score;
  score.best_move = best->move;
  score.loss = best->score - played->score;
  /* A pass or a given move was no one's choice: it has no grade. */
  score.grade = job->move == BOARD_PASS || job->given ? VERSO_GRADE_NONE
                                                      : verso_grade_for_loss (score.loss);
  score.exact = played->exact && best->exact;
  score.depth = played->depth;
  return score;
}

/* Keeps the better of two scores of one move: the exact one, else the deeper one. */
static gboolean score_improves (const VersoMoveScore *old, const VersoMoveScore *new)
{
  if (!new->known)
    return FALSE;
  if (!old->known || (new->exact && !old->exact))
    return TRUE;
  return new->exact == old->exact && new->depth >= old->depth
      && (new->depth > old->depth || new->score != old->score || new->loss != old->loss);
}

static void analyse_step_done (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;
  gboolean more = a->running && a->running->for_analyse;

  a->analyse_done++;
  if (a->analyse_progress)
    a->analyse_progress (a->analyse_done, a->analyse_total, a->analyse_progress_data);
  for (GList *link = a->queue.head; link && !more; link = link->next)
    more = ((Job *) link->data)->for_analyse;
  if (!more && a->analyse_task)
    analyse_end (self, NULL);
}

static void apply_move_job (VersoGame *self, const Job *job, const Analysis *analysis)
{
  VersoGameAnalysis *a = self->analysis;
  VersoMoveScore score;
  ScoreEntry *entry;

  if (!move_job_current (self, job))
    return;
  score = score_from_analysis (job, analysis);
  entry = entry_at (a, job->ply);
  if (score_improves (&entry->score, &score)) {
    entry->score = score;
    verso_game_emit_move_scored (self, job->ply);
  }
}

static gboolean live_job_current (VersoGame *self, const Job *job)
{
  return board_equal (&job->board, &shown_position (self)->board)
      && board_equal (&job->board, &self->analysis->live_board);
}

static void apply_live (VersoGame *self, const Analysis *analysis)
{
  VersoGameAnalysis *a = self->analysis;

  /* A job restarted after a coach's job begins again from depth 1: what was found stays. */
  if (a->live && analysis->depth < a->live->depth && !analysis->exact)
    return;
  if (!a->live)
    a->live = g_new (Analysis, 1);
  *a->live = *analysis;
  verso_game_emit_scores_changed (self);
}

static void running_free (Running *running)
{
  g_weak_ref_clear (&running->game);
  g_free (running->job);
  g_free (running);
}

static void live_progress (const Analysis *analysis, gpointer user_data)
{
  Running *running = user_data;
  g_autoptr (VersoGame) self = g_weak_ref_get (&running->game);

  if (self && self->analysis && self->analysis->running == running->job
      && self->analysis->show_scores && live_job_current (self, running->job))
    apply_live (self, analysis);
}

static void job_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Running *running = user_data;
  g_autoptr (VersoGame) self = g_weak_ref_get (&running->game);
  g_autoptr (GError) error = NULL;
  g_autofree Analysis *analysis = g_new0 (Analysis, 1);
  VersoGameAnalysis *a;
  Job *job = running->job;
  gboolean ok = verso_computer_analyse_finish (VERSO_COMPUTER (source), result, analysis, &error);

  if (!ok && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("The analysis failed: %s", error->message);
  a = self ? self->analysis : NULL;
  /* After dispose the game has no running job: the answer is for no one. */
  if (!a || a->running != job) {
    running_free (running);
    return;
  }
  a->running = NULL;
  g_clear_object (&a->running_cancellable);
  if (job->kind == JOB_LIVE) {
    if (ok && a->show_scores && live_job_current (self, job)) {
      /* Ended by its limits (not stopped by the computer or a coach's job): nothing to add. */
      a->live_done = TRUE;
      apply_live (self, analysis);
    }
  } else if (ok) {
    apply_move_job (self, job, analysis);
  }
  /* A job of Analyse Game that failed counts as done (its move stays unscored): asking again
   * would fail again. A cancelled one ended the analysis already. */
  if (job->for_analyse && a->analyse_task)
    analyse_step_done (self);
  running_free (running);
  schedule (self);
}

static void start_job (VersoGame *self, Job *job)
{
  VersoGameAnalysis *a = self->analysis;
  Running *running;

  /* After dispose nothing runs any more. */
  if (!a->analyst) {
    g_free (job);
    return;
  }
  running = g_new0 (Running, 1);
  g_weak_ref_init (&running->game, self);
  running->job = job;
  a->running = job;
  a->running_cancellable = g_cancellable_new ();
  verso_computer_set_rules (a->analyst, self->rules);
  verso_computer_analyse_async (a->analyst, &job->board, job->depth, job->seconds,
                                job->exact_empties, job->kind == JOB_LIVE ? live_progress : NULL,
                                running, a->running_cancellable, job_ready, running);
}

/* Runs the next job when the analyst is free; a live job gives way to any other and to the
 * computer's search. */
static void schedule (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;
  Job *job;

  if (a->running) {
    if (a->running->kind == JOB_LIVE && (!g_queue_is_empty (&a->queue) || !live_wanted (self)))
      cancel_running (a);
    return;
  }
  job = g_queue_pop_head (&a->queue);
  if (!job && live_wanted (self)) {
    a->live_board = shown_position (self)->board;
    job = job_new (self, JOB_LIVE, 0, FALSE);
  }
  if (job)
    start_job (self, job);
}

static gboolean schedule_idle (gpointer user_data)
{
  VersoGame *self = user_data;

  self->analysis->schedule_source = 0;
  schedule (self);
  return G_SOURCE_REMOVE;
}

/* Changes come in bursts (a move, its forced pass, the computer starting): one look after them. */
static void request_schedule (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;

  if (a->running && a->running->kind == JOB_LIVE && !live_wanted (self))
    cancel_running (a);
  if (!a->schedule_source)
    a->schedule_source = g_idle_add (schedule_idle, self);
}

/* A coach's job goes before those of Analyse Game, after the coach's earlier ones. */
static void queue_coach_job (VersoGameAnalysis *a, Job *job)
{
  GList *link = a->queue.head;

  while (link && !((Job *) link->data)->for_analyse)
    link = link->next;
  if (link)
    g_queue_insert_before (&a->queue, link, job);
  else
    g_queue_push_tail (&a->queue, job);
}

void verso_game_analysis_played (VersoGame *self, guint first_ply)
{
  VersoGameAnalysis *a = self->analysis;
  guint length = verso_record_get_length (self->record);

  if (!a || !a->coach)
    return;
  for (guint ply = first_ply; ply <= length; ply++)
    if (!entry_at (a, ply)->score.known)
      queue_coach_job (a, job_new (self, JOB_MOVE, ply, FALSE));
  request_schedule (self);
}

void verso_game_analysis_thinking_changed (VersoGame *self)
{
  if (self->analysis)
    request_schedule (self);
}

VersoMoveScore verso_game_get_move_score (VersoGame *self, guint ply)
{
  VersoMoveScore none = { 0 };

  g_return_val_if_fail (VERSO_IS_GAME (self), none);
  sync_entries (self);
  if (ply < 1 || ply > self->analysis->entries->len)
    return none;
  return entry_at (self->analysis, ply)->score;
}

gboolean verso_game_get_coach (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return self->analysis->coach;
}

void verso_game_set_coach (VersoGame *self, gboolean coach)
{
  VersoGameAnalysis *a;

  g_return_if_fail (VERSO_IS_GAME (self));
  a = self->analysis;
  coach = !!coach;
  if (a->coach == coach)
    return;
  a->coach = coach;
  if (!coach) {
    /* The coach's waiting jobs go; Analyse Game's stay. */
    for (GList *link = a->queue.head; link;) {
      GList *next = link->next;
      if (!((Job *) link->data)->for_analyse) {
        g_free (link->data);
        g_queue_delete_link (&a->queue, link);
      }
      link = next;
    }
    if (a->running && a->running->kind == JOB_MOVE && !a->running->for_analyse)
      cancel_running (a);
  }
  verso_game_notify_coach (self);
}

gboolean verso_game_get_show_scores (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return self->analysis->show_scores;
}

void verso_game_set_show_scores (VersoGame *self, gboolean show)
{
  VersoGameAnalysis *a;

  g_return_if_fail (VERSO_IS_GAME (self));
  a = self->analysis;
  show = !!show;
  if (a->show_scores == show)
    return;
  a->show_scores = show;
  if (!show)
    drop_live (self);
  a->live_board = shown_position (self)->board;
  request_schedule (self);
  verso_game_notify_show_scores (self);
}

const Analysis *verso_game_get_scores (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  return self->analysis->live;
}

void verso_game_set_analysis_limits (VersoGame *self, int depth, int exact_empties, double seconds)
{
  VersoGameAnalysis *a;

  g_return_if_fail (VERSO_IS_GAME (self));
  a = self->analysis;
  a->test_limits = TRUE;
  a->test_depth = depth;
  a->test_exact_empties = exact_empties;
  a->test_seconds = seconds;
}

static gboolean analyse_cancelled (GCancellable *cancellable, gpointer user_data)
{
  VersoGame *self = user_data;

  analyse_end (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                          _("The analysis was cancelled")));
  return G_SOURCE_REMOVE;
}

void verso_game_analyse_async (VersoGame *self, VersoGameAnalyseProgress progress,
                               gpointer progress_data, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data)
{
  VersoGameAnalysis *a;
  g_autoptr (GTask) task = NULL;
  guint length;

  g_return_if_fail (VERSO_IS_GAME (self));
  a = self->analysis;
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, verso_game_analyse_async);
  if (a->analyse_task) {
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                             _("The game is already being analysed"));
    return;
  }
  if (g_task_return_error_if_cancelled (task))
    return;

  /* A game made from a file has had no change yet: its entries start here. */
  sync_entries (self);
  length = verso_record_get_length (self->record);
  a->analyse_task = g_steal_pointer (&task);
  a->analyse_total = length;
  a->analyse_done = 0;
  a->analyse_progress = progress;
  a->analyse_progress_data = progress_data;
  for (guint ply = 1; ply <= length; ply++) {
    Job *job = job_new (self, JOB_MOVE, ply, TRUE);
    const VersoMoveScore *known = &entry_at (a, ply)->score;
    /* Scores the coach or an earlier analysis found at this depth or better are kept. */
    if (known->known && (known->exact || known->depth >= job->depth)) {
      a->analyse_done++;
      g_free (job);
    } else {
      g_queue_push_tail (&a->queue, job);
    }
  }
  if (progress)
    progress (a->analyse_done, a->analyse_total, progress_data);
  if (a->analyse_done == a->analyse_total) {
    analyse_end (self, NULL);
    return;
  }
  if (cancellable) {
    a->analyse_cancel_source = g_cancellable_source_new (cancellable);
    g_source_set_callback (a->analyse_cancel_source, G_SOURCE_FUNC (analyse_cancelled), self, NULL);
    g_source_attach (a->analyse_cancel_source, g_main_context_get_thread_default ());
  }
  request_schedule (self);
}

gboolean verso_game_analyse_finish (VersoGame *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

static VersoColor mover_of (VersoGame *self, guint ply)
{
  return position_at (self, ply - 1)->side_to_move == POSITION_WHITE ? VERSO_COLOR_WHITE
                                                                       : VERSO_COLOR_BLACK;
}

VersoCoachSummary verso_game_get_coach_summary (VersoGame *self, VersoColor color)
{
  VersoCoachSummary summary = { 0 };
  VersoGameAnalysis *a;

  g_return_val_if_fail (VERSO_IS_GAME (self), summary);
  a = self->analysis;
  sync_entries (self);
  for (guint ply = 1; ply <= a->entries->len; ply++) {
    const VersoMoveScore *score = &entry_at (a, ply)->score;
    if (!score->known || score->grade == VERSO_GRADE_NONE || mover_of (self, ply) != color)
      continue;
    summary.graded++;
    summary.discs_lost += score->loss;
    if (score->grade >= VERSO_GRADE_INACCURACY)
      summary.mistakes++;
    if (score->loss > summary.worst_loss) {
      summary.worst_loss = score->loss;
      summary.worst_ply = ply;
      summary.worst_square = entry_at (a, ply)->move;
    }
  }
  return summary;
}

char *verso_game_describe_coach_summary (VersoGame *self, VersoColor color)
{
  VersoCoachSummary summary;
  g_autofree char *lost = NULL;
  g_autofree char *worst = NULL;
  char square[3];

  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  summary = verso_game_get_coach_summary (self, color);
  if (summary.graded == 0)
    return NULL;
  if (summary.discs_lost == 0)
    return g_strdup (_("Every move was the best one"));
  notation_format_square (summary.worst_square, square);
  /* TRANSLATORS: the coach's worst move: its number as in the move list, its square and the
   * discs it lost (U+2212 minus sign), e.g. "31. e2, −9". */
  worst = g_strdup_printf (_("%u. %s, −%d"),
                           verso_move_number (verso_record_get_start (self->record), summary.worst_ply),
                           square, summary.worst_loss);
  lost = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d disc lost", "%d discs lost",
                                       (gulong) summary.discs_lost), summary.discs_lost);
  if (summary.mistakes == 0)
    /* TRANSLATORS: "3 discs lost, no mistakes; worst: 12. c4, −2". */
    return g_strdup_printf (_("%s, no mistakes; worst: %s"), lost, worst);
  /* TRANSLATORS: "18 discs lost in 4 mistakes; worst: 31. e2, −9"; a mistake here is any
   * move graded inaccuracy, mistake or blunder. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s in %d mistake; worst: %s",
                                       "%s in %d mistakes; worst: %s", (gulong) summary.mistakes),
                          lost, summary.mistakes, worst);
}
