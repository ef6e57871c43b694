/* verso-game-review.c: the review of a whole game (Analyse Game in the menu): every move of the
 * record scored and graded at the review's depth, as jobs on the analyst queued after the
 * coach's, with progress, cancellation, and an end when the record changes under it. */
#include "verso-game-analysis-private.h"

#include <glib/gi18n-lib.h>

static gboolean is_review_job (VersoGame *self, const Job *job)
{
  (void) self;
  return job->for_review;
}

void verso_game_review_end (VersoGame *self, GError *error)
{
  VersoGameAnalysis *a = self->analysis;
  GTask *task = g_steal_pointer (&a->review_task);

  if (!task) {
    g_clear_error (&error);
    return;
  }
  verso_analysis_drop_jobs (self, is_review_job);
  if (a->running && a->running->for_review)
    verso_analysis_cancel_running (a);
  if (a->review_cancel_source) {
    g_source_destroy (a->review_cancel_source);
    g_clear_pointer (&a->review_cancel_source, g_source_unref);
  }
  a->review_progress = NULL;
  if (error)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

void verso_game_review_step_done (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;
  gboolean more = a->running && a->running->for_review;

  a->review_done++;
  if (a->review_progress)
    a->review_progress (a->review_done, a->review_total, a->review_progress_data);
  for (GList *link = a->queue.head; link && !more; link = link->next)
    more = ((Job *) link->data)->for_review;
  if (!more && a->review_task)
    verso_game_review_end (self, NULL);
}

static gboolean review_cancelled (GCancellable *cancellable, gpointer user_data)
{
  VersoGame *self = user_data;

  (void) cancellable;
  verso_game_review_end (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                    _("The analysis was cancelled")));
  return G_SOURCE_REMOVE;
}

/* Queues a job for every move whose position before it the game has not analysed as deep as the
 * review would (by the coach, live scores, a hint or an earlier review), a book move excepted
 * (scored from the book); returns how many. */
static guint queue_review_jobs (VersoGame *self)
{
  VersoGameAnalysis *a = self->analysis;
  guint length = verso_record_get_length (self->record), queued = 0;
  const JobLimits *limits = verso_analysis_limits (self, JOB_MOVE, TRUE);

  for (guint ply = 1; ply <= length; ply++) {
    if (verso_analysis_meets (verso_analysis_at (self, ply - 1), limits)
        || verso_game_is_book_move (self, ply))
      continue;
    g_queue_push_tail (&a->queue, verso_analysis_job_new (self, JOB_MOVE, ply, TRUE));
    queued++;
  }
  return queued;
}

void verso_game_review_async (VersoGame *self, VersoGameReviewProgress progress,
                              gpointer progress_data, GCancellable *cancellable,
                              GAsyncReadyCallback callback, gpointer user_data)
{
  VersoGameAnalysis *a;
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (VERSO_IS_GAME (self));
  a = self->analysis;
  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, verso_game_review_async);
  if (a->review_task) {
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_PENDING,
                             _("The game is already being analysed"));
    return;
  }
  if (g_task_return_error_if_cancelled (task))
    return;

  a->review_task = g_steal_pointer (&task);
  a->reviewed = TRUE;
  a->review_total = verso_record_get_length (self->record);
  a->review_done = a->review_total - queue_review_jobs (self);
  a->review_progress = progress;
  a->review_progress_data = progress_data;
  if (progress)
    progress (a->review_done, a->review_total, progress_data);
  if (a->review_done == a->review_total) {
    verso_game_review_end (self, NULL);
    return;
  }
  if (cancellable) {
    a->review_cancel_source = g_cancellable_source_new (cancellable);
    g_source_set_callback (a->review_cancel_source, G_SOURCE_FUNC (review_cancelled), self, NULL);
    g_source_attach (a->review_cancel_source, g_main_context_get_thread_default ());
  }
  verso_analysis_request_schedule (self);
}

gboolean verso_game_review_finish (VersoGame *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean verso_game_get_reviewed (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return self->analysis->reviewed;
}
