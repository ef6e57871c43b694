/* verso-game-analysis.c: the analyst, a VersoComputer of the game's own (so the computer's moves
 * never wait for it), its queue of jobs and the game's analysis store. The jobs analyse the
 * positions before the record's moves (asked for by the coach, verso-game-coach.c, and the review,
 * verso-game-review.c), the position shown for a hint (verso-game-computer.c), and the position
 * shown for live scores whenever nothing else runs. Every answer goes into the store, and the
 * scores shown, the moves' scores and grades and the hints are read from it. */
#include "verso-game-analysis-private.h"

#include <glib/gi18n-lib.h>

#include "book.h"

/* The review, by VersoReviewDepth. Measured by tools/bench/bench-review.c on ten WTHOR games
 * (issue 45; one thread, the 2-core machine shared and loaded, so the times vary by half): the
 * grades of the moves out of the book agree with a search four plies deeper on 78.6 % of them at
 * depth 10 (2 to 3 s a game), 81.2 % at 12 (4 to 6 s), 81.6 % at 14 (9 to 13 s) and 82.0 % at 16
 * (20 to 28 s); depth 18 takes about 64 s. 90 % is out of reach of depth alone: a disc or two of
 * noise crosses a grade's bound, and 98 % are at most one grade apart at any of these depths.
 * Normal is 14: past it two plies add under half a point for twice the time, and at 14, 73 of
 * its 81 mistakes and blunders are confirmed at 18 (75 of 90 at depth 10). A position may take
 * many times the average: the seconds only stop a search gone astray. */
static const JobLimits review_limits[] = {
  [VERSO_REVIEW_QUICK] = { .depth = 10, .exact_empties = 18, .seconds = 10.0 },
  [VERSO_REVIEW_NORMAL] = { .depth = 14, .exact_empties = 18, .seconds = 20.0 },
  [VERSO_REVIEW_DEEP] = { .depth = 18, .exact_empties = 18, .seconds = 60.0 },
};
/* The coach: quick enough that its grade follows the move within a couple of seconds. */
static const JobLimits coach_limits = { .depth = 10, .exact_empties = 18, .seconds = 2.0 };
/* Live scores: refined while the position stays shown. */
static const JobLimits live_limits = { .depth = 24, .exact_empties = 20, .seconds = 20.0 };
/* A hint: at least as deep as the one-second search hints were before they read the store (depth
 * 14 to 18 in a middle game on two loaded cores); an analysis already this deep answers at once. */
static const JobLimits hint_limits = { .depth = 16, .exact_empties = 18, .seconds = 3.0 };

/* The job on the analyst. It holds the game weakly: a game finalized meanwhile is not touched. */
typedef struct {
  GWeakRef game;
  Job *job;
} Running;

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

char *verso_format_average (double average)
{
  /* Rounded as it is shown, so that -0.04 reads "0.0", not "−0.0". */
  double shown = ABS (average) < 0.05 ? 0.0 : average;
  if (shown > 0)
    return g_strdup_printf ("+%.1f", shown);
  if (shown < 0)
    return g_strdup_printf ("\u2212%.1f", -shown);
  return g_strdup_printf ("%.1f", 0.0);
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

void verso_game_analysis_init (VersoGame *self)
{
  VersoGameAnalysis *a = g_new0 (VersoGameAnalysis, 1);

  a->analyst = verso_computer_new ();
  a->store = verso_analysis_store_new ();
  a->review_depth = VERSO_REVIEW_NORMAL;
  g_queue_init (&a->queue);
  self->analysis = a;
}

void verso_analysis_cancel_running (VersoGameAnalysis *a)
{
  if (a->running_cancellable)
    g_cancellable_cancel (a->running_cancellable);
}

void verso_game_analysis_dispose (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;

  if (!a)
    return;
  g_clear_handle_id (&a->schedule_source, g_source_remove);
  verso_game_review_end (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                    "The game was closed"));
  verso_game_hints_fail (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                    "The game was closed"));
  g_queue_clear_full (&a->queue, g_free);
  verso_analysis_cancel_running (a);
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
  verso_analysis_store_free (a->store);
  g_free (a);
}

const Analysis *verso_analysis_at (VersoGame *self, guint ply)
{
  return verso_analysis_store_lookup (self->analysis->store, &position_at (self, ply)->board);
}

void verso_analysis_to_notation (VersoGame *self, NotationGame *game)
{
  guint length = verso_game_get_length (self);

  /* The scores are those of the line played, which a record holds only when it is the main line. */
  if (!verso_record_is_main_line (self->record))
    return;
  for (guint ply = 1; ply <= length && ply <= game->n_moves; ply++) {
    VersoMoveScore scored = verso_game_get_move_score (self, ply);

    if (scored.known && game->moves[ply - 1] != BOARD_PASS)
      game->evals[ply - 1] = (NotationEval) {
        .known = TRUE,
        .discs = position_at (self, ply - 1)->side_to_move == POSITION_BLACK ? scored.score : -scored.score,
      };
  }
}

static const Analysis *shown_analysis (VersoGame *self)
{
  return verso_analysis_store_lookup (self->analysis->store, &verso_game_shown_position (self)->board);
}

gboolean verso_analysis_meets (const Analysis *analysis, const JobLimits *limits)
{
  return analysis && (analysis->exact || (limits->depth > 0 && analysis->depth >= limits->depth));
}

const JobLimits *verso_analysis_limits (VersoGame *self, JobKind kind, gboolean for_review)
{
  VersoGameAnalysis *a = self->analysis;

  if (a->test)
    return &a->test_limits;
  if (kind == JOB_LIVE)
    return &live_limits;
  if (kind == JOB_HINT)
    return &hint_limits;
  return for_review ? &review_limits[a->review_depth] : &coach_limits;
}

int verso_review_depth_plies (VersoReviewDepth depth)
{
  g_return_val_if_fail (depth <= VERSO_REVIEW_DEEP, 0);
  return review_limits[depth].depth;
}

void verso_game_set_review_depth (VersoGame *self, VersoReviewDepth depth)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (depth <= VERSO_REVIEW_DEEP);
  self->analysis->review_depth = depth;
}

VersoReviewDepth verso_game_get_review_depth (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), VERSO_REVIEW_NORMAL);
  return self->analysis->review_depth;
}

/* Whether the scores of the position shown are to be searched now: they are shown, the store
 * has none as deep as live scores go, and the live job has not ended there already. */
static gboolean live_wanted (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;

  return a->show_scores && !a->live_done && !verso_game_get_thinking (self)
      && !board_is_game_over (&verso_game_shown_position (self)->board)
      && !verso_analysis_meets (shown_analysis (self), verso_analysis_limits (self, JOB_LIVE, FALSE));
}

/* Whether the record still has job's move at its ply, after the position it analysed. */
static gboolean move_job_current (VersoGame *self, const Job *job)
{
  return job->ply >= 1 && job->ply <= verso_record_get_length (self->record)
      && verso_record_get_move (self->record, job->ply) == job->move
      && board_equal (&position_at (self, job->ply - 1)->board, &job->board);
}

/* The position shown changed (or its scores were hidden): its live job starts over, and those
 * who show the scores look again when the scores shown change (had: some were shown before). */
static void drop_live (VersoGame *self, gboolean had)
{
  VersoGameAnalysis *a = self->analysis;

  a->live_done = FALSE;
  if (a->running && a->running->kind == JOB_LIVE)
    verso_analysis_cancel_running (a);
  if (had || verso_game_get_scores (self))
    g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_SCORES_CHANGED], 0);
}

gboolean verso_analysis_drop_jobs (VersoGame *self, gboolean (*drop) (VersoGame *, const Job *))
{
  VersoGameAnalysis *a = self->analysis;
  gboolean review = FALSE;

  for (GList *link = a->queue.head; link;) {
    GList *next = link->next;
    Job *job = link->data;
    if (drop (self, job)) {
      review |= job->for_review;
      g_free (job);
      g_queue_delete_link (&a->queue, link);
    }
    link = next;
  }
  return review;
}

/* A move job whose move the record no longer has after the position it analysed, or a hint job
 * of a position no longer shown. */
static gboolean job_stale (VersoGame *self, const Job *job)
{
  if (job->kind == JOB_HINT)
    return !board_equal (&job->board, &verso_game_shown_position (self)->board);
  return job->kind == JOB_MOVE && !move_job_current (self, job);
}

void verso_game_analysis_changed (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;
  gboolean review_stale;

  if (!a)
    return;
  verso_game_hints_drop_stale (self);
  review_stale = verso_analysis_drop_jobs (self, job_stale);
  if (a->running && job_stale (self, a->running)) {
    review_stale |= a->running->for_review;
    verso_analysis_cancel_running (a);
  }
  if (review_stale)
    verso_game_review_end (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                      _("The game changed during its analysis")));
  if (!board_equal (&a->live_board, &verso_game_shown_position (self)->board)) {
    gboolean had = a->show_scores && verso_analysis_store_lookup (a->store, &a->live_board);

    a->live_board = verso_game_shown_position (self)->board;
    drop_live (self, had);
  }
  verso_analysis_request_schedule (self);
}

Job *verso_analysis_job_new (VersoGame *self, JobKind kind, guint ply, gboolean for_review)
{
  Job *job = g_new0 (Job, 1);
  const Position *position = kind == JOB_MOVE ? position_at (self, ply - 1) : verso_game_shown_position (self);

  job->kind = kind;
  job->ply = ply;
  job->move = kind == JOB_MOVE ? verso_record_get_move (self->record, ply) : BOARD_NO_MOVE;
  job->board = position->board;
  job->white = position->side_to_move == POSITION_WHITE;
  job->for_review = for_review;
  job->given = kind == JOB_MOVE && ply <= self->given_moves;
  job->limits = *verso_analysis_limits (self, kind, for_review);
  return job;
}

static gboolean is_hint_job_of (const Job *job, const Board *board)
{
  return job && job->kind == JOB_HINT && board_equal (&job->board, board);
}

void verso_analysis_queue_hint (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;
  const Board *shown = &verso_game_shown_position (self)->board;

  if (is_hint_job_of (a->running, shown) && !g_cancellable_is_cancelled (a->running_cancellable))
    return;
  for (GList *link = a->queue.head; link; link = link->next)
    if (is_hint_job_of (link->data, shown))
      return;
  /* A person waits for it: before the coach's and the review's jobs. */
  g_queue_push_head (&a->queue, verso_analysis_job_new (self, JOB_HINT, 0, FALSE));
  verso_analysis_request_schedule (self);
}

/* The book's entry of the move at ply when it is a book move (book.h: the position after it is
 * in the book) of a standard game, with the book's best move of the position before it in best;
 * FALSE otherwise. */
static gboolean book_move_at (VersoGame *self, guint ply, BookMove *played, BookMove *best)
{
  BookMove moves[BOARD_SQUARES];
  int move = verso_record_get_move (self->record, ply);
  int count;

  if (self->rules != RULES_STANDARD || move == BOARD_PASS)
    return FALSE;
  count = book_lookup (&position_at (self, ply - 1)->board, moves);
  for (int i = 0; i < count; i++)
    if (moves[i].move == move && !moves[i].leaves_book) {
      *played = moves[i];
      *best = moves[0];
      return TRUE;
    }
  return FALSE;
}

gboolean verso_game_is_book_move (VersoGame *self, guint ply)
{
  BookMove played, best;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return ply >= 1 && ply <= verso_record_get_length (self->record)
      && book_move_at (self, ply, &played, &best);
}

/* The score of the move at ply: a book move's from the book's values (what the Database shows of
 * the position, so the review never contradicts the book), any other's from the store's analysis
 * of the position before it: the played move's score and the best move's, each at the depth the
 * store has (the depths shown). */
static VersoMoveScore move_score (VersoGame *self, guint ply)
{
  VersoMoveScore score = { 0 };
  const Analysis *analysis;
  int move = verso_record_get_move (self->record, ply);
  const AnalysisMove *played, *best;
  BookMove book_played, book_best;

  if (book_move_at (self, ply, &book_played, &book_best)) {
    score.known = TRUE;
    score.book = TRUE;
    score.score = position_at (self, ply - 1)->side_to_move == POSITION_WHITE ? -book_played.score
                                                                               : book_played.score;
    score.best_move = book_best.move;
    score.loss = book_best.score - book_played.score;
    score.grade = ply <= self->given_moves ? VERSO_GRADE_NONE : verso_grade_for_loss (score.loss);
    score.depth = score.best_depth = book_depth (book_compiled ());
    return score;
  }
  analysis = verso_analysis_at (self, ply - 1);
  played = analysis ? analysis_find (analysis, move) : NULL;
  best = analysis ? verso_analysis_best_move (analysis) : NULL;
  if (!played || played->depth == 0)
    return score;
  score.known = TRUE;
  score.score = position_at (self, ply - 1)->side_to_move == POSITION_WHITE ? -played->score : played->score;
  score.best_move = best->move;
  score.loss = best->score - played->score;
  /* A pass or a given move was no one's choice: it has no grade. */
  score.grade = move == BOARD_PASS || ply <= self->given_moves ? VERSO_GRADE_NONE
                                                                : verso_grade_for_loss (score.loss);
  score.exact = played->exact && best->exact;
  score.depth = played->depth;
  score.best_depth = best->depth;
  return score;
}

static gboolean move_score_equal (const VersoMoveScore *a, const VersoMoveScore *b)
{
  return a->known == b->known && a->score == b->score && a->best_move == b->best_move
      && a->loss == b->loss && a->grade == b->grade && a->exact == b->exact
      && a->depth == b->depth && a->best_depth == b->best_depth && a->book == b->book;
}

/* The ply of the record's move played from board, or 0 when none is (a position appears once in
 * a game: discs only come, and a pass hands the board to the other side). */
static guint ply_from (VersoGame *self, const Board *board)
{
  guint length = verso_record_get_length (self->record);

  for (guint ply = 1; ply <= length; ply++)
    if (board_equal (&position_at (self, ply - 1)->board, board))
      return ply;
  return 0;
}

/* Puts an analysis of board in the store and tells who shows what changed: the scores of the
 * position shown, the score of the move played from board. */
static void merge_analysis (VersoGame *self, const Board *board, const Analysis *analysis)
{
  VersoGameAnalysis *a = self->analysis;
  guint ply = ply_from (self, board);
  VersoMoveScore before = ply ? move_score (self, ply) : (VersoMoveScore) { 0 };
  VersoMoveScore after;

  if (!verso_analysis_store_merge (a->store, board, analysis))
    return;
  if (a->show_scores && board_equal (board, &verso_game_shown_position (self)->board))
    g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_SCORES_CHANGED], 0);
  if (!ply)
    return;
  after = move_score (self, ply);
  if (!move_score_equal (&before, &after))
    g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_MOVE_SCORED], 0, ply);
}

static gboolean live_job_current (VersoGame *self, const Job *job)
{
  return board_equal (&job->board, &verso_game_shown_position (self)->board)
      && board_equal (&job->board, &self->analysis->live_board);
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
    merge_analysis (self, &running->job->board, analysis);
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
  /* Whatever the job was for, what it found of its position is true: the store keeps it. */
  if (ok)
    merge_analysis (self, &job->board, analysis);
  /* Ended by its limits (not stopped by the computer or another job): nothing to add. */
  if (ok && job->kind == JOB_LIVE && live_job_current (self, job))
    a->live_done = TRUE;
  /* A hint job is cancelled only when its position is no longer shown: its hints failed then,
   * and those asked since for the same position wait for a job of their own. */
  if (job->kind == JOB_HINT && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    verso_game_hints_answer (self, &job->board);
  /* A job of the review that failed counts as done (its move stays unscored): asking again
   * would fail again. A cancelled one ended the review already. */
  if (job->for_review && a->review_task)
    verso_game_review_step_done (self);
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
  verso_computer_analyse_async (a->analyst, &job->board, job->limits.depth, job->limits.seconds,
                                job->limits.exact_empties, job->kind == JOB_LIVE ? live_progress : NULL,
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
      verso_analysis_cancel_running (a);
    return;
  }
  job = g_queue_pop_head (&a->queue);
  if (!job && live_wanted (self)) {
    a->live_board = verso_game_shown_position (self)->board;
    job = verso_analysis_job_new (self, JOB_LIVE, 0, FALSE);
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
void verso_analysis_request_schedule (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;

  if (a->running && a->running->kind == JOB_LIVE && !live_wanted (self))
    verso_analysis_cancel_running (a);
  if (!a->schedule_source)
    a->schedule_source = g_idle_add (schedule_idle, self);
}

void verso_game_analysis_thinking_changed (VersoGame *self)
{
  if (self->analysis)
    verso_analysis_request_schedule (self);
}

VersoMoveScore verso_game_get_move_score (VersoGame *self, guint ply)
{
  VersoMoveScore none = { 0 };

  g_return_val_if_fail (VERSO_IS_GAME (self), none);
  if (ply < 1 || ply > verso_record_get_length (self->record))
    return none;
  return move_score (self, ply);
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
  if (!verso_game_change_flag (&a->show_scores, show))
    return;
  drop_live (self, !show && shown_analysis (self));
  a->live_board = verso_game_shown_position (self)->board;
  verso_analysis_request_schedule (self);
  verso_game_notify (self, VERSO_GAME_PROP_SCORES);
}

const Analysis *verso_game_get_scores (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  return self->analysis->show_scores ? shown_analysis (self) : NULL;
}

const Analysis *verso_game_get_analysis (VersoGame *self, guint ply)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  return ply <= verso_game_get_length (self) ? verso_analysis_at (self, ply) : NULL;
}

void verso_game_set_analysis_threads (VersoGame *self, guint threads)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  verso_computer_set_analysis_threads (self->analysis->analyst, threads);
}

void verso_game_set_analysis_limits (VersoGame *self, int depth, int exact_empties, double seconds)
{
  VersoGameAnalysis *a;

  g_return_if_fail (VERSO_IS_GAME (self));
  a = self->analysis;
  a->test = TRUE;
  a->test_limits = (JobLimits) { .depth = depth, .exact_empties = exact_empties, .seconds = seconds };
}
