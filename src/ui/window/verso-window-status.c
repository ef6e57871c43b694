/* verso-window-status.c: the status line (the disc counts, whose turn, the result), the window's
 * subtitle, a record's players above the move list, Pause and Resume, and the depth of the
 * scores shown on the board. */
#include "verso-window-private.h"

#include <glib/gi18n.h>

#include "verso-game-analysis.h"
#include "verso-level-row.h"

char *window_result_text (VersoWindow *self)
{
  /* The count whose difference the statistics keep (verso_game_get_final_score). */
  int black = verso_game_get_final_count (self->game, VERSO_COLOR_BLACK);
  int white = verso_game_get_final_count (self->game, VERSO_COLOR_WHITE);
  int winner = verso_game_get_winner (self->game);
  int won, lost;

  if (verso_game_lost_on_time (self->game, NULL))
    /* The disc count says nothing then: the side whose time ran out lost. */
    return g_strdup (window_player_words (self, winner,
                                          /* Translators: the result of a game the computer lost because its time ran out */
                                          _("You win on time"),
                                          /* Translators: the result of a game the person lost because their time ran out */
                                          _("The computer wins on time"),
                                          _("Black wins on time"), _("White wins on time")));
  if (winner < 0)
    /* Translators: the final score of a drawn game, e.g. "Draw, 32 to 32" */
    return g_strdup_printf (_("Draw, %d to %d"), black, white);
  /* The winner's discs first: under Reverse they are the fewer, and the message says why. */
  won = winner == VERSO_COLOR_BLACK ? black : white;
  lost = winner == VERSO_COLOR_BLACK ? white : black;
  if (verso_game_get_rules (self->game) == RULES_REVERSE)
    return g_strdup_printf (window_player_words (self, winner,
                                                 /* Translators: the result of a Reverse game, where the fewest discs win, e.g. "You win with fewer discs, 24 to 40" */
                                                 _("You win with fewer discs, %d to %d"),
                                                 _("The computer wins with fewer discs, %d to %d"),
                                                 _("Black wins with fewer discs, %d to %d"),
                                                 _("White wins with fewer discs, %d to %d")),
                            won, lost);
  return g_strdup_printf (window_player_words (self, winner, _("You win, %d to %d"), _("The computer wins, %d to %d"),
                                               _("Black wins, %d to %d"), _("White wins, %d to %d")),
                          won, lost);
}

/* A record's status line: its result at the end, else whose move it is, by name where known. */
static char *record_status_text (VersoWindow *self)
{
  VersoColor turn = verso_game_get_turn (self->game);
  const char *name;

  if (verso_game_is_over (self->game))
    return verso_game_describe_result (self->game);
  name = verso_game_get_detail (self->game, turn == VERSO_COLOR_BLACK ? VERSO_DETAIL_BLACK_NAME
                                                                     : VERSO_DETAIL_WHITE_NAME);
  if (name)
    /* Translators: the status line of a recorded game: the name of the player to move, e.g.
     * "Alice Martin to move" */
    return g_strdup_printf (_("%s to move"), name);
  return g_strdup (turn == VERSO_COLOR_BLACK ? _("Black to move") : _("White to move"));
}

/* Above the move list, while a record is reviewed: its players, and where and when they played. */
static void update_record_details (VersoWindow *self)
{
  gboolean record = verso_game_is_record (self->game);
  g_autofree char *players = record ? verso_game_describe_players (self->game) : NULL;
  g_autofree char *event = record ? verso_game_describe_event (self->game) : NULL;

  gtk_widget_set_visible (self->record_box, record);
  gtk_label_set_text (self->record_players_label, players ? players : "");
  gtk_label_set_text (self->record_event_label, event ? event : "");
  gtk_widget_set_visible (GTK_WIDGET (self->record_event_label), event != NULL);
  gtk_widget_set_visible (self->play_from_here_button, record && !verso_game_is_over (self->game));
}

/* The computer's player of a colour: an engine by its name, else Verso's level. */
static const char *computer_name (VersoGame *game, VersoColor color, LevelId level)
{
  const char *name;

  if (verso_game_get_engine_for (game, color, &name, NULL, NULL))
    return name;
  return _(level_get (level)->name);
}

/* Who plays, for the subtitle: a record's players by name ("Alice Martin (2105) against Bob
 * Chen"), else the mode and levels. */
static char *players_text (VersoWindow *self)
{
  VersoGame *game = self->game;
  VersoColor computer = verso_game_get_player (game, VERSO_COLOR_BLACK) == VERSO_PLAYER_HUMAN
                        ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
  const char *level = computer_name (game, computer, verso_game_get_level (game));
  LevelMix mix;

  if (verso_game_is_record (game))
    return verso_game_describe_players (game);
  switch (verso_game_get_mode (game)) {
  case VERSO_MODE_TWO_PLAYERS:
    return g_strdup (_("Two players"));
  case VERSO_MODE_COMPUTER_ONLY:
    /* Translators: the window subtitle: Black's level against White's, e.g.
     * "Computer against itself · Casual against Expert" */
    return g_strdup_printf (_("Computer against itself · %s against %s"),
                            computer_name (game, VERSO_COLOR_BLACK, verso_game_get_level_for (game, VERSO_COLOR_BLACK)),
                            computer_name (game, VERSO_COLOR_WHITE, verso_game_get_level_for (game, VERSO_COLOR_WHITE)));
  case VERSO_MODE_VERSUS_COMPUTER:
  default:
    if (!verso_game_get_engine_for (game, computer, NULL, NULL, NULL) && verso_game_get_level_mix (game, &mix)) {
      g_autofree char *strength = verso_level_row_describe_mix (&mix);
      /* Translators: the window subtitle, e.g. "You play white · Match my level: about Casual (1,050)" */
      return g_strdup_printf (verso_game_get_player (game, VERSO_COLOR_BLACK) == VERSO_PLAYER_HUMAN
                              ? _("You play black · Match my level: %s") : _("You play white · Match my level: %s"),
                              strength);
    }
    /* Translators: the window subtitle, e.g. "You play white · Expert" */
    return g_strdup_printf (verso_game_get_player (game, VERSO_COLOR_BLACK) == VERSO_PLAYER_HUMAN
                            ? _("You play black · %s") : _("You play white · %s"), level);
  }
}

void window_update_status (VersoWindow *self)
{
  VersoGame *game = self->game;
  VersoColor turn = verso_game_get_turn (game);
  gboolean over = verso_game_is_over (game);
  gboolean thinking = verso_game_get_thinking (game);
  g_autofree char *black = g_strdup_printf ("%d", verso_game_count (game, VERSO_COLOR_BLACK));
  g_autofree char *white = g_strdup_printf ("%d", verso_game_count (game, VERSO_COLOR_WHITE));
  g_autofree char *text = NULL;
  g_autofree char *players = NULL;
  g_autofree char *subtitle = NULL;
  gboolean computer_only = verso_game_get_mode (game) == VERSO_MODE_COMPUTER_ONLY;
  gboolean paused = verso_game_get_paused (game);

  gtk_label_set_text (self->black_label, black);
  gtk_label_set_text (self->white_label, white);
  /* Translators: accessible names of the disc counts, e.g. "Black: 12 discs" */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->black_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Black discs"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->white_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("White discs"), -1);
  if (!over && turn == VERSO_COLOR_BLACK)
    gtk_widget_add_css_class (self->black_box, "to-move");
  else
    gtk_widget_remove_css_class (self->black_box, "to-move");
  if (!over && turn == VERSO_COLOR_WHITE)
    gtk_widget_add_css_class (self->white_box, "to-move");
  else
    gtk_widget_remove_css_class (self->white_box, "to-move");

  if (verso_game_is_record (game))
    text = record_status_text (self);
  else if (over)
    text = window_result_text (self);
  else if (paused && computer_only)
    /* Translators: the status line while the computer's game against itself is paused */
    text = g_strdup (_("Paused"));
  else if (paused)
    /* Translators: the status line when the computer waits in a position reached by going back
     * through the moves; the button under it lets the computer play. */
    text = g_strdup (_("The computer waits"));
  else if (verso_game_get_player (game, turn) == VERSO_PLAYER_HUMAN)
    text = g_strdup (window_versus_computer (self) ? _("Your turn")
                     : turn == VERSO_COLOR_BLACK ? _("Black to move") : _("White to move"));
  else
    text = g_strdup (window_versus_computer (self) ? _("The computer is thinking…")
                     : turn == VERSO_COLOR_BLACK ? _("Black is thinking…") : _("White is thinking…"));
  gtk_label_set_text (self->turn_label, text);
  /* The header's Resume does it when the computer plays itself. */
  gtk_widget_set_visible (self->resume_button, !over && paused && !computer_only);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), thinking);
  gtk_spinner_set_spinning (self->spinner, thinking);

  update_record_details (self);
  players = players_text (self);
  if (verso_game_get_rules (game) == RULES_REVERSE)
    /* Translators: the window subtitle of a game under the Reverse rules (fewest discs win),
     * e.g. "Reverse · You play black · Expert" */
    subtitle = g_strdup_printf (_("Reverse · %s"), players);
  window_set_subtitle (self, subtitle ? subtitle : players);

  /* Pause and Resume, while the computer plays itself. */
  {
    const char *label = paused ? _("Resume") : _("Pause");

    /* The bar's twin follows its icon, tooltip and visibility (verso-window.ui). */
    gtk_widget_set_visible (self->pause_button, computer_only);
    gtk_button_set_icon_name (GTK_BUTTON (self->pause_button),
                              paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic");
    gtk_widget_set_tooltip_text (self->pause_button, label);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->pause_button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->bar_pause_button),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  }
  window_update_clocks (self);
  window_update_actions (self);
}

/* The board shows the game's latest scores, and the status line how deep they go. */
void window_update_scores (VersoWindow *self)
{
  const Analysis *scores = self->game && g_settings_get_boolean (self->settings, "show-scores")
                         ? verso_game_get_scores (self->game) : NULL;

  verso_board_view_set_scores (self->board_view, scores);
  window_stall_probe_scores (self, scores);
  g_autofree char *line = verso_board_view_get_line (self->board_view);

  if (line) {
    /* The line under the pointer or the cursor says how it was found. */
    gtk_label_set_text (self->scores_label, line);
  } else if (scores && scores->exact) {
    /* Translators: in the status line, while scores are shown on the board: they are exact */
    gtk_label_set_text (self->scores_label, C_("scores", "exact"));
  } else if (scores && scores->depth > 0) {
    /* Translators: in the status line, while scores are shown on the board: how many moves ahead
     * the engine has looked, e.g. "depth 14" */
    g_autofree char *text = g_strdup_printf (_("depth %d"), scores->depth);
    gtk_label_set_text (self->scores_label, text);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->scores_label),
                          line || (scores && (scores->exact || scores->depth > 0)));
}

static void on_line_changed (VersoBoardView *view, GParamSpec *pspec, VersoWindow *self)
{
  window_update_scores (self);
}

static void on_scores_changed (VersoGame *game, VersoWindow *self)
{
  window_update_scores (self);
}

static void on_show_scores_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  if (self->game)
    verso_game_set_show_scores (self->game, g_settings_get_boolean (settings, "show-scores"));
  window_update_stall_probe (self);
  window_update_scores (self);
}

static void on_analysis_threads_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  if (self->game)
    verso_game_set_analysis_threads (self->game, (guint) g_settings_get_int (settings, "analysis-threads"));
}

/* Called whenever the window shows another game. */
void window_status_watch_game (VersoWindow *self)
{
  verso_game_set_analysis_threads (self->game, (guint) g_settings_get_int (self->settings, "analysis-threads"));
  verso_game_set_show_scores (self->game, g_settings_get_boolean (self->settings, "show-scores"));
  window_update_scores (self);
}

void window_status_init (VersoWindow *self)
{
  /* Scores on the board (F7): the action is the setting's, so the menu's check follows it. */
  g_autoptr (GAction) show_scores = g_settings_create_action (self->settings, "show-scores");

  g_action_map_add_action (G_ACTION_MAP (self), show_scores);
  g_signal_group_connect (self->game_signals, "scores-changed", G_CALLBACK (on_scores_changed), self);
  g_signal_connect (self->settings, "changed::show-scores", G_CALLBACK (on_show_scores_setting_changed), self);
  g_signal_connect (self->settings, "changed::analysis-threads", G_CALLBACK (on_analysis_threads_changed), self);
  g_signal_connect (self->board_view, "notify::line", G_CALLBACK (on_line_changed), self);
}
