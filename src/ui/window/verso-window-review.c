/* verso-window-review.c: the coach, which grades a person's moves as they are played, and the
 * review of a whole game (Analyse Game), which grades every move in the background. */
#include "verso-window-private.h"

#include <glib/gi18n.h>

#include "verso-game-analysis.h"
#include "verso-move-list.h"

/* The coach grades a person's moves against the computer while the preference is on. */
void window_update_coach (VersoWindow *self)
{
  verso_game_set_coach (self->game, g_settings_get_boolean (self->settings, "coach") && window_versus_computer (self));
}

static void on_coach_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  window_update_coach (self);
}

/* One review (Analyse Game). Its answers count while its cancellable is the window's: another
 * game, Cancel or closing the window drop it. */
typedef struct {
  VersoWindow *window;
  GCancellable *cancellable;
} ReviewJob;

static void review_job_free (ReviewJob *job)
{
  g_object_unref (job->window);
  g_object_unref (job->cancellable);
  g_free (job);
}

/* The scores the review found stay with the moves. */
void window_stop_review (VersoWindow *self)
{
  if (!self->review_cancellable)
    return;
  g_cancellable_cancel (self->review_cancellable);
  g_clear_object (&self->review_cancellable);
  if (self->move_list)
    verso_move_list_set_analysis_progress (VERSO_MOVE_LIST (self->move_list), 0, 0);
  window_update_stall_probe (self);
}

static void on_review_progress (guint done, guint total, gpointer user_data)
{
  ReviewJob *job = user_data;

  if (job->cancellable == job->window->review_cancellable)
    verso_move_list_set_analysis_progress (VERSO_MOVE_LIST (job->window->move_list), done, total);
}

static void review_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ReviewJob *job = user_data;
  VersoWindow *self = job->window;
  g_autoptr (GError) error = NULL;
  gboolean done = verso_game_review_finish (VERSO_GAME (source), result, &error);

  if (job->cancellable == self->review_cancellable) {
    g_clear_object (&self->review_cancellable);
    verso_move_list_set_analysis_progress (VERSO_MOVE_LIST (self->move_list), 0, 0);
    window_update_stall_probe (self);
    /* What the review found is kept at once, not a second later. */
    window_save_game (self);
    if (done) {
      adw_flap_set_reveal_flap (self->flap, TRUE);
    } else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
      /* Not our Cancel: the game stops its analysis when its moves change. */
      verso_window_show_toast (self, _("The analysis stopped: the moves changed"));
    } else {
      g_message ("Cannot analyse the game: %s", error ? error->message : "no reason given");
      verso_window_show_toast (self, _("The game could not be analysed"));
    }
    window_update_actions (self);
  }
  review_job_free (job);
}

/* Every position of the record is analysed in the background; the grades and the graph fill as
 * it goes, and the computer's moves are graded too. */
static void review_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  ReviewJob *job;

  if (self->review_cancellable || self->editing || verso_game_get_length (self->game) == 0)
    return;
  job = g_new0 (ReviewJob, 1);
  job->window = g_object_ref (self);
  job->cancellable = g_cancellable_new ();
  self->review_cancellable = g_object_ref (job->cancellable);
  verso_move_list_set_grade_computer (VERSO_MOVE_LIST (self->move_list), TRUE);
  verso_move_list_set_analysis_progress (VERSO_MOVE_LIST (self->move_list), 0, verso_game_get_length (self->game));
  adw_flap_set_reveal_flap (self->flap, TRUE);
  /* The Preferences' Review Depth, as it is when the review starts. */
  verso_game_set_review_depth (self->game, (VersoReviewDepth) g_settings_get_enum (self->settings, "review-depth"));
  verso_game_review_async (self->game, on_review_progress, job, job->cancellable, review_ready, job);
  window_update_stall_probe (self);
  window_update_actions (self);
}

static void cancel_review_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  window_stop_review (self);
  window_update_actions (self);
}

static const VersoWindowAction actions[] = {
  { "win.analyse-game", review_activated },
  { "win.cancel-analysis", cancel_review_activated },
};

void window_review_class_init (GtkWidgetClass *widget_class)
{
  window_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
}

void window_review_init (VersoWindow *self)
{
  g_signal_connect (self->settings, "changed::coach", G_CALLBACK (on_coach_setting_changed), self);
}
