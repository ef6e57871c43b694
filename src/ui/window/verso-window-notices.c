/* verso-window-notices.c: the window's messages: toasts, and the short notices over the bottom
 * of the board (a refused move, a hint, a pass, a remark on a file), withdrawn when no longer true. */
#include "verso-window-private.h"

#include <glib/gi18n.h>

void verso_window_show_toast (VersoWindow *self, const char *title)
{
  AdwToast *toast = adw_toast_new (title);

  g_debug ("Toast: %s", title);  /* what the window tests wait for (G_MESSAGES_DEBUG=Verso) */
  adw_toast_set_timeout (toast, 3);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The notices are the window's own, not toasts: libadwaita 1.2 frees a toast twice when it is
 * dismissed at the wrong moment of its animation (a storm of clicks found it), and these must be
 * withdrawn as soon as they are no longer true. */
void window_withdraw_notice (VersoWindow *self, NoticeKind kind)
{
  if (self->notice_kind != kind || kind == NOTICE_NONE)
    return;
  self->notice_kind = NOTICE_NONE;
  g_clear_handle_id (&self->notice_timeout, g_source_remove);
  gtk_revealer_set_reveal_child (self->notice_revealer, FALSE);
}

static gboolean notice_timed_out (gpointer user_data)
{
  VersoWindow *self = user_data;

  self->notice_timeout = 0;
  window_withdraw_notice (self, self->notice_kind);
  return G_SOURCE_REMOVE;
}

void window_show_notice (VersoWindow *self, NoticeKind kind, const char *text, guint seconds)
{
  g_debug ("Notice: %s", text);  /* what the window tests wait for (G_MESSAGES_DEBUG=Verso) */
  window_withdraw_notice (self, self->notice_kind);
  self->notice_kind = kind;
  gtk_label_set_text (self->notice_label, text);
  gtk_revealer_set_reveal_child (self->notice_revealer, TRUE);
  if (seconds > 0)
    self->notice_timeout = g_timeout_add_seconds (seconds, notice_timed_out, self);
}

static void on_pass (VersoGame *game, int color, VersoWindow *self)
{
  const char *text = window_player_words (self, color, _("You have no legal move and pass"),
                                          _("The computer has no legal move and passes"),
                                          _("Black has no legal move and passes"),
                                          _("White has no legal move and passes"));

  self->pass_ply = verso_game_get_ply (game);
  window_show_notice (self, NOTICE_PASS, text, 3);
}

/* An engine that failed has left the game at its last legal move and its colour to the person:
 * the notice says so in the person's words until the position changes, so that it is read
 * whenever the person looks; its own English goes to the log, where a report can quote it (a
 * message, not a warning: nothing in Verso went wrong). */
static void on_engine_failed (VersoGame *game, int color, const char *message, const char *detail,
                              VersoWindow *self)
{
  /* Translators: over the board after an engine failed, e.g. "The engine “Edax” played an
   * illegal move. You play White from here." */
  g_autofree char *text = g_strdup_printf (color == VERSO_COLOR_BLACK ? _("%s You play Black from here.")
                                                                      : _("%s You play White from here."),
                                           message);

  g_message ("%s", detail);
  self->engine_failed_ply = verso_game_get_ply (game);
  window_show_notice (self, NOTICE_ENGINE, text, 0);
  window_update_status (self);
}

/* A notice withdrawn leaves no text behind once it has faded: a screen reader, which still finds
 * the hidden label, reads nothing stale. */
static void on_notice_revealed (VersoWindow *self)
{
  if (!gtk_revealer_get_child_revealed (self->notice_revealer) && self->notice_kind == NOTICE_NONE)
    gtk_label_set_text (self->notice_label, "");
}

void window_notices_init (VersoWindow *self)
{
  g_signal_connect_object (self->notice_revealer, "notify::child-revealed", G_CALLBACK (on_notice_revealed),
                           self, G_CONNECT_SWAPPED);
  g_signal_group_connect (self->game_signals, "pass", G_CALLBACK (on_pass), self);
  g_signal_group_connect (self->game_signals, "engine-failed", G_CALLBACK (on_engine_failed), self);
}
