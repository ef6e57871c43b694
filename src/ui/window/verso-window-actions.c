/* verso-window-actions.c: the play actions (undo, redo, hint, moving through the record, pause
 * and resume, Play From Here in a record), which of them are enabled, and clicks on squares. */
#include "verso-window-private.h"

#include <glib/gi18n.h>

#include "notation.h"
#include "verso-dialog.h"
#include "verso-game-analysis.h"
#include "verso-position-editor.h"

void window_update_actions (VersoWindow *self)
{
  gboolean human = verso_game_is_human_turn (self->game);

  gboolean playing = !self->editing;  /* while a position is set up, the game waits */
  guint ply = verso_game_get_ply (self->game), length = verso_game_get_length (self->game);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", playing && verso_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", playing && verso_game_can_redo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", playing && human && !self->hint_cancellable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-start", playing && ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-back", playing && ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-forward", playing && ply < length);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-end", playing && ply < length);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.resume", playing && verso_game_get_paused (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pause",
                                 playing && verso_game_get_mode (self->game) == VERSO_MODE_COMPUTER_ONLY
                                 && !verso_game_is_over (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.set-up-position", playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-from-here",
                                 playing && verso_game_is_record (self->game) && !verso_game_is_over (self->game));
  /* Analyse Game: one analysis at a time, of a game with moves. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.analyse-game",
                                 playing && length > 0 && !self->review_cancellable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-analysis", self->review_cancellable != NULL);
}

static void on_square_activated (VersoBoardView *view, int square, VersoWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (self->editing) {
    verso_position_editor_cycle_square (VERSO_POSITION_EDITOR (self->position_editor), square);
    return;
  }
  if (verso_game_play (self->game, square, &error))
    return;
  verso_board_view_flash_square (view, square);
  if (g_error_matches (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE))
    window_show_notice (self, NOTICE_ILLEGAL, _("You cannot play there"), 2);
}

static void undo_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  verso_game_undo (VERSO_WINDOW (widget)->game);
}

static void redo_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  verso_game_redo (VERSO_WINDOW (widget)->game);
}

/* The hint button turns into a spinner while the engine looks for the best move. */
static void show_hint_searching (VersoWindow *self, gboolean searching)
{
  gtk_stack_set_visible_child_name (self->hint_stack, searching ? "searching" : "idle");
  gtk_spinner_set_spinning (self->hint_spinner, searching);
  gtk_widget_set_tooltip_text (self->hint_button, searching ? _("Looking for the best move…") : _("Hint"));
}

void window_cancel_hint (VersoWindow *self)
{
  if (self->hint_cancellable) {
    g_cancellable_cancel (self->hint_cancellable);
    g_clear_object (&self->hint_cancellable);
    show_hint_searching (self, FALSE);
  }
}

/* The hinted square, the final disc difference the engine expects after it and how it was found,
 * e.g. "Best move: d3, winning by about 4 discs (depth 16)" or "Best move: d3, winning by 4 discs
 * (exact)". The hint is the best of the scores the board shows in that position. */
static char *hint_text (int square, int disc_difference, gboolean exact, int depth)
{
  char name[3];
  int margin = ABS (disc_difference);

  notation_format_square (square, name);

  if (exact && disc_difference > 0)
    /* Translators: a hint: the best move's square (e.g. "d3") and by how much it wins with the
     * best play of both sides, which the engine has solved exactly. */
    return g_strdup_printf (ngettext ("Best move: %s, winning by %d disc (exact)",
                                      "Best move: %s, winning by %d discs (exact)", margin), name, margin);
  if (exact && disc_difference < 0)
    /* Translators: a hint: the best move's square and by how much it loses, solved exactly. */
    return g_strdup_printf (ngettext ("Best move: %s, losing by %d disc (exact)",
                                      "Best move: %s, losing by %d discs (exact)", margin), name, margin);
  if (exact)
    /* Translators: a hint: the best move's square, which draws with the best play, solved exactly. */
    return g_strdup_printf (_("Best move: %s, a draw (exact)"), name);
  if (disc_difference > 0)
    /* Translators: a hint: the best move's square, by how much the engine estimates it wins, and
     * how many moves ahead it looked, e.g. "Best move: d3, winning by about 4 discs (depth 16)". */
    return g_strdup_printf (ngettext ("Best move: %s, winning by about %d disc (depth %d)",
                                      "Best move: %s, winning by about %d discs (depth %d)", margin),
                            name, margin, depth);
  if (disc_difference < 0)
    /* Translators: a hint: the best move's square, by how much the engine estimates it loses, and
     * how many moves ahead it looked, e.g. "Best move: d3, losing by about 4 discs (depth 16)". */
    return g_strdup_printf (ngettext ("Best move: %s, losing by about %d disc (depth %d)",
                                      "Best move: %s, losing by about %d discs (depth %d)", margin),
                            name, margin, depth);
  /* Translators: a hint: the best move's square, after which the engine sees neither side ahead,
   * and how many moves ahead it looked, e.g. "Best move: d3, about even (depth 16)". */
  return g_strdup_printf (_("Best move: %s, about even (depth %d)"), name, depth);
}

/* A hint of the engine chosen in Preferences to give them, named: its move and the score it gave
 * with it, if any, e.g. "Best move by Edax: d3, winning by about 4 discs". */
static char *engine_hint_text (const char *engine, int square, gboolean has_score, int disc_difference)
{
  char name[3];
  int margin = ABS (disc_difference);

  notation_format_square (square, name);
  if (!has_score)
    /* Translators: a hint of another engine chosen in Preferences, which gave no score: its name
     * and the move's square, e.g. "Best move by Edax: d3" */
    return g_strdup_printf (_("Best move by %s: %s"), engine, name);
  if (disc_difference > 0)
    /* Translators: a hint of another engine: its name, the move's square and by how much the
     * engine estimates it wins, e.g. "Best move by Edax: d3, winning by about 4 discs" */
    return g_strdup_printf (ngettext ("Best move by %s: %s, winning by about %d disc",
                                      "Best move by %s: %s, winning by about %d discs", margin),
                            engine, name, margin);
  if (disc_difference < 0)
    /* Translators: a hint of another engine: its name, the move's square and by how much the
     * engine estimates it loses, e.g. "Best move by Edax: d3, losing by about 4 discs" */
    return g_strdup_printf (ngettext ("Best move by %s: %s, losing by about %d disc",
                                      "Best move by %s: %s, losing by about %d discs", margin),
                            engine, name, margin);
  /* Translators: a hint of another engine: its name and the move's square, after which it sees
   * neither side ahead, e.g. "Best move by Edax: d3, about even" */
  return g_strdup_printf (_("Best move by %s: %s, about even"), engine, name);
}

/* Verso's hint: the square, its score and the line the analysis expects after it. */
static char *verso_hint_text (VersoWindow *self, GAsyncResult *result, int square, int disc_difference,
                              gboolean exact)
{
  g_autofree char *text = hint_text (square, disc_difference, exact,
                                     verso_game_hint_get_depth (self->game, result));
  const Analysis *analysis = verso_game_get_analysis (self->game, verso_game_get_ply (self->game));
  const AnalysisMove *move = analysis ? analysis_find (analysis, square) : NULL;
  g_autofree char *line = move && move->pv_length > 1 ? verso_format_line_moves (move) : NULL;

  if (!line)
    return g_steal_pointer (&text);
  /* Translators: a hint, then the line the engine expects after it, e.g. "Best move: d3,
   * winning by about 4 discs (depth 16): d3 c3 c4 …" */
  return g_strdup_printf (_("%s: %s"), text, line);
}

static void hint_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VersoWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  int disc_difference = 0;
  gboolean exact = FALSE, has_score = FALSE;
  int square = verso_game_hint_finish (VERSO_GAME (source), result, &disc_difference, &exact,
                                        &error);
  const char *engine = verso_game_hint_get_engine (VERSO_GAME (source), result, &has_score);
  const char *detail = NULL;
  const char *failure = verso_game_hint_get_engine_failure (VERSO_GAME (source), result, &detail);
  g_autofree char *text = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->hint_cancellable);
  show_hint_searching (self, FALSE);
  /* The engine's own English for a log, as when an engine that plays fails. */
  if (failure)
    g_message ("%s", detail);
  if (VERSO_GAME (source) != self->game) {
    window_update_actions (self);
    return;
  }
  if (!error && square >= 0 && square < BOARD_SQUARES) {
    text = engine ? engine_hint_text (engine, square, has_score, disc_difference)
                  : verso_hint_text (self, result, square, disc_difference, exact);
    verso_board_view_set_hint (self->board_view, square);
  }
  if (failure && text) {
    /* Translators: over the board when the engine chosen to give hints failed: what it did,
     * then Verso's own hint, e.g. "The engine “Edax” did not start within 20 seconds. Verso
     * gives this hint instead:\nBest move: d3, winning by about 4 discs (depth 16)" */
    char *instead = g_strdup_printf (_("%s Verso gives this hint instead:\n%s"), failure, text);
    g_free (text);
    text = instead;
  } else if (failure) {
    text = g_strdup (failure);
  }
  if (text)
    /* It stays until the position changes: a player reads a line at their own pace. */
    window_show_notice (self, NOTICE_HINT, text, 0);
  else if (error)
    verso_window_show_toast (self, _("No hint is available"));
  window_update_actions (self);
}

static void hint_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  if (self->hint_cancellable || !verso_game_is_human_turn (self->game))
    return;
  self->hint_cancellable = g_cancellable_new ();
  show_hint_searching (self, TRUE);
  verso_game_hint_async (self->game, self->hint_cancellable, hint_ready, g_object_ref (self));
  window_update_actions (self);
}

static void go_start_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  verso_game_go_to (VERSO_WINDOW (widget)->game, 0);
}

static void go_end_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoGame *game = VERSO_WINDOW (widget)->game;

  verso_game_go_to (game, verso_game_get_length (game));
}

static void go_back_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  verso_game_go_back (VERSO_WINDOW (widget)->game);
}

static void go_forward_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  verso_game_go_forward (VERSO_WINDOW (widget)->game);
}

static void resume_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  verso_game_resume (VERSO_WINDOW (widget)->game);
}

static void pause_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoGame *game = VERSO_WINDOW (widget)->game;

  if (verso_game_get_mode (game) != VERSO_MODE_COMPUTER_ONLY || verso_game_is_over (game))
    return;
  if (verso_game_get_paused (game))
    verso_game_resume (game);
  else
    verso_game_pause (game);
}

/* Play From Here: the answer says how the game goes on from the position shown. */
static void on_play_from_here_response (AdwMessageDialog *dialog, const char *response, VersoWindow *self)
{
  LevelId level = g_settings_get_enum (self->settings, "level");
  LevelMix mix;

  if (!verso_game_is_record (self->game) || verso_game_is_over (self->game))
    return;
  if (g_strcmp0 (response, "black") == 0 || g_strcmp0 (response, "white") == 0)
    verso_game_play_from_here (self->game, VERSO_MODE_VERSUS_COMPUTER,
                               g_strcmp0 (response, "white") == 0 ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK,
                               level, window_match_my_level (self, &mix) ? &mix : NULL);
  else if (g_strcmp0 (response, "two") == 0)
    verso_game_play_from_here (self->game, VERSO_MODE_TWO_PLAYERS, VERSO_COLOR_BLACK, level, NULL);
  else
    return;
  /* From here on it is a game played here: counted and kept when it ends. */
  window_game_over_watch_game (self);
  window_update_move_delay (self);
  window_update_coach (self);
  window_update_status (self);
}

static void play_from_here_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  LevelMix mix;
  const char *level = window_match_my_level (self, &mix)
                      ? _("Match my level") : _(level_get (g_settings_get_enum (self->settings, "level"))->name);
  g_autofree char *body = NULL;
  AdwMessageDialog *dialog;

  if (!verso_game_is_record (self->game) || verso_game_is_over (self->game))
    return;
  /* Translators: the question of Play From Here; %s is the computer's level, e.g. "Intermediate",
   * or "Match my level" */
  body = g_strdup_printf (_("The game goes on from the position shown, against the computer (%s) or "
                            "between two people at this computer. The moves recorded after it stay "
                            "in the list."), level);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Play From Here"), body));
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"),
                                    /* Translators: Play From Here: the person plays Black against the computer */
                                    "black", _("Play _Black"),
                                    /* Translators: Play From Here: the person plays White against the computer */
                                    "white", _("Play _White"),
                                    /* Translators: Play From Here: two people play on at this computer */
                                    "two", _("_Two Players"), NULL);
  adw_message_dialog_set_response_appearance (dialog, verso_game_get_turn (self->game) == VERSO_COLOR_WHITE
                                                      ? "white" : "black", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, verso_game_get_turn (self->game) == VERSO_COLOR_WHITE
                                                   ? "white" : "black");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_play_from_here_response), self, 0);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

static const VersoWindowAction actions[] = {
  { "win.go-start", go_start_activated },
  { "win.go-end", go_end_activated },
  { "win.go-back", go_back_activated },
  { "win.go-forward", go_forward_activated },
  { "win.resume", resume_activated },
  { "win.pause", pause_activated },
  { "win.undo", undo_activated },
  { "win.redo", redo_activated },
  { "win.hint", hint_activated },
  { "win.play-from-here", play_from_here_activated },
};

void window_actions_class_init (GtkWidgetClass *widget_class)
{
  window_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
  gtk_widget_class_bind_template_callback (widget_class, on_square_activated);
}
