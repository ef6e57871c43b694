/* verso-window-editor.c: setting up a position: the editor takes the status line's place and
 * the board shows the position set up, until Play makes it a new game or Cancel goes back. */
#include "verso-window-private.h"

#include "verso-position-editor.h"

static void on_editor_changed (VersoPositionEditor *editor, VersoWindow *self)
{
  if (self->editing)
    verso_board_view_set_edit_position (self->board_view, verso_position_editor_get_position (editor));
}

/* Setting up a position stops the computer; the game is kept as it was until Play replaces it. */
static void set_up_position_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  const VersoRecord *record = verso_game_get_record (self->game);

  if (self->editing)
    return;
  window_cancel_hint (self);
  window_withdraw_notice (self, self->notice_kind);
  verso_game_stop_computer (self->game);
  self->editing = TRUE;
  verso_position_editor_set_position (VERSO_POSITION_EDITOR (self->position_editor),
                                      verso_record_get_position (record, verso_record_get_current (record)));
  gtk_stack_set_visible_child_name (self->status_stack, "edit");
  gtk_widget_set_sensitive (self->move_list, FALSE);
  window_update_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  verso_board_view_show_cursor (self->board_view);
}

void window_stop_editing (VersoWindow *self)
{
  if (!self->editing)
    return;
  self->editing = FALSE;
  verso_board_view_set_edit_position (self->board_view, NULL);
  gtk_stack_set_visible_child_name (self->status_stack, "play");
  gtk_widget_set_sensitive (self->move_list, TRUE);
  if (self->game)
    window_update_actions (self);
}

static void on_editor_cancel (VersoPositionEditor *editor, VersoWindow *self)
{
  window_stop_editing (self);
  verso_game_start_computer (self->game);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void play_set_up_position (VersoWindow *self, gpointer data)
{
  const Position *start = data;
  VersoPlayer black = window_settings_player (self->settings, VERSO_COLOR_BLACK);
  VersoPlayer white = window_settings_player (self->settings, VERSO_COLOR_WHITE);
  g_autoptr (VersoGame) game = verso_game_new_from_position (black, white, g_settings_get_enum (self->settings, "level"),
                                                             start);

  window_apply_level_settings (self, game);
  window_set_game (self, game);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* The new game replaces the old one as a new game or an opened file would: unsaved changes to
 * its file are dealt with first, and the editor stays open when the person cancels. */
static void on_editor_play (VersoPositionEditor *editor, VersoWindow *self)
{
  Position *start = g_new (Position, 1);

  *start = *verso_position_editor_get_position (editor);
  window_files_confirm (self, play_set_up_position, start, g_free);
}

void window_editor_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.set-up-position", NULL, set_up_position_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_play);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_cancel);
}
