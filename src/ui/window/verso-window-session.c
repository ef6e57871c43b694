/* verso-window-session.c: the game in progress kept across sessions: saved after every change
 * of the game and, at most once a second, of its scores; restored at start with its scores, and
 * what to do when the saved file cannot be read. */
#include "verso-window-private.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "verso-dialog.h"
#include "verso-game-analysis.h"
#include "verso-game-files.h"
#include "verso-move-list.h"

#define SAVE_FILE_NAME "game.ini"
/* Scores come in bursts (live scores refine several times a second, a review scores a move after
 * another): the session is saved at most this often for them. */
#define SCORES_SAVE_INTERVAL_MS 1000

static char *save_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "verso", SAVE_FILE_NAME, NULL);
}

/* The details of an unreadable saved game: where the file is now, in full and selectable. */
static void on_unreadable_save_details (AdwToast *toast, VersoWindow *self)
{
  const char *kept_as = g_object_get_data (G_OBJECT (toast), "kept-as");
  const char *path = g_object_get_data (G_OBJECT (toast), "path");
  GtkWidget *dialog, *label;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The Saved Game Could Not Be Read"),
                                   kept_as ? _("A new game has started. The unreadable file was kept as:")
                                           : _("A new game has started. The unreadable file is still at:"));
  label = gtk_label_new (kept_as ? kept_as : path);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), label);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

gboolean window_restore_game (VersoWindow *self)
{
  g_autofree char *path = save_path ();
  g_autofree char *set_aside = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) game = verso_game_restore (path, &set_aside, &error);
  AdwToast *toast;

  /* A finished game played here is over with; a record is reviewed, at its end too. */
  if (game && (!verso_game_is_over (game) || verso_game_is_record (game))) {
    window_set_game (self, game);
    /* As after Analyse Game (verso-window-review.c), the computer's moves show their grades. */
    if (verso_game_get_reviewed (game))
      verso_move_list_set_grade_computer (VERSO_MOVE_LIST (self->move_list), TRUE);
    return TRUE;
  }
  if (!error)
    return FALSE;
  g_message ("Cannot restore the saved game %s: %s", path, error->message);
  /* Translators: a toast, kept short: its Details button shows where the file is. */
  toast = adw_toast_new (_("The saved game could not be read"));
  /* Longer than other toasts: it comes at the start, before the person looks at the board. */
  adw_toast_set_timeout (toast, 10);
  adw_toast_set_button_label (toast, _("_Details"));
  g_object_set_data_full (G_OBJECT (toast), "kept-as", g_steal_pointer (&set_aside), g_free);
  g_object_set_data_full (G_OBJECT (toast), "path", g_steal_pointer (&path), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_unreadable_save_details), self, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  return FALSE;
}

void window_save_game (VersoWindow *self)
{
  g_autofree char *path = save_path ();
  g_autoptr (GError) error = NULL;

  /* What a save for the scores would write is written now. */
  g_clear_handle_id (&self->scores_save_source, g_source_remove);

  if (verso_game_is_over (self->game) && !verso_game_is_record (self->game)) {
    g_unlink (path);
    return;
  }
  if (!verso_game_save (self->game, path, &error))
    g_warning ("Cannot save the game to %s: %s", path, error->message);
}

static gboolean save_scores (gpointer user_data)
{
  VersoWindow *self = user_data;

  self->scores_save_source = 0;
  window_save_game (self);
  return G_SOURCE_REMOVE;
}

/* The game's analysis changed (scores found by the coach, Analyse Game, live scores or a hint):
 * saved within a second, with whatever else comes meanwhile. */
static void on_scores_found (VersoWindow *self)
{
  if (!self->scores_save_source)
    self->scores_save_source = g_timeout_add (SCORES_SAVE_INTERVAL_MS, save_scores, self);
}

void window_session_init (VersoWindow *self)
{
  g_signal_group_connect_swapped (self->game_signals, "move-scored", G_CALLBACK (on_scores_found), self);
  g_signal_group_connect_swapped (self->game_signals, "scores-changed", G_CALLBACK (on_scores_found), self);
}

void window_session_dispose (VersoWindow *self)
{
  g_clear_handle_id (&self->scores_save_source, g_source_remove);
}
