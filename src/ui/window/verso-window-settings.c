/* verso-window-settings.c: the preferences applied to the game shown (players, levels or Match
 * my level, the computer's pause, who gives the hints), the board's options (move numbers, the
 * flips' preview, the orientation), and new games made from them, with their clock and the
 * computer's players (Verso or an engine for each colour), chosen in the New Game dialog. */
#include "verso-window-private.h"

#include "verso-dialog.h"
#include "verso-engine-settings.h"
#include "verso-new-game-dialog.h"

/* Who plays a colour according to the settings. */
VersoPlayer window_settings_player (GSettings *settings, VersoColor color)
{
  VersoMode mode = g_settings_get_enum (settings, "game-mode");
  VersoColor human = g_settings_get_enum (settings, "player-color");

  return mode == VERSO_MODE_TWO_PLAYERS || (mode == VERSO_MODE_VERSUS_COMPUTER && human == color)
         ? VERSO_PLAYER_HUMAN : VERSO_PLAYER_COMPUTER;
}

gboolean window_match_my_level (VersoWindow *self, LevelMix *mix)
{
  return g_settings_get_boolean (self->settings, "match-my-level")
         && verso_stats_get_match_mix (verso_profile_get_stats (self->profile), verso_profile_now (), mix);
}

/* Match my level, when the settings ask for it in a game against the computer. */
static gboolean match_mix (VersoWindow *self, VersoGame *game, LevelMix *mix)
{
  return verso_game_get_mode (game) == VERSO_MODE_VERSUS_COMPUTER && window_match_my_level (self, mix);
}

/* The levels the settings give the game's computer: one for both sides, or Match my level
 * against a person, or one for each side when it plays itself. */
void window_apply_level_settings (VersoWindow *self, VersoGame *game)
{
  LevelMix mix;

  if (verso_game_get_mode (game) == VERSO_MODE_COMPUTER_ONLY) {
    verso_game_set_level_for (game, VERSO_COLOR_BLACK, g_settings_get_enum (self->settings, "black-level"));
    verso_game_set_level_for (game, VERSO_COLOR_WHITE, g_settings_get_enum (self->settings, "white-level"));
  } else if (match_mix (self, game, &mix)) {
    verso_game_set_level_mix (game, &mix);
  } else {
    verso_game_set_level (game, g_settings_get_enum (self->settings, "level"));
  }
}

/* The pause between moves that lets a person follow the computer playing itself ("computer-pause");
 * otherwise the game model's own default. */
void window_update_move_delay (VersoWindow *self)
{
  double seconds = g_settings_get_double (self->settings, "computer-pause");

  verso_game_set_move_delay (self->game, verso_game_get_mode (self->game) == VERSO_MODE_COMPUTER_ONLY
                                         ? (guint) (seconds * 1000 + 0.5) : VERSO_GAME_DEFAULT_MOVE_DELAY_MS);
}

static void on_computer_pause_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  window_update_move_delay (self);
}

/* Who gives the game's hints: the engine Preferences chose ("hint-engine"), or Verso when it
 * chose none or the engine has since been removed. */
void window_update_hint_engine (VersoWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *command = NULL;
  int depth = 0;

  if (!self->game)
    return;
  if (verso_engine_settings_hint_engine (self->settings, &name, &command, &depth))
    verso_game_set_hint_engine (self->game, name, command, depth);
  else
    verso_game_set_hint_engine (self->game, NULL, NULL, 0);
}

static void on_hint_engine_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  window_update_hint_engine (self);
}

/* Changes in the preferences apply to the game in progress. */
static void on_players_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  if (self->saving_new_game_choices)
    return;
  verso_game_set_player (self->game, VERSO_COLOR_BLACK, window_settings_player (settings, VERSO_COLOR_BLACK));
  verso_game_set_player (self->game, VERSO_COLOR_WHITE, window_settings_player (settings, VERSO_COLOR_WHITE));
  window_apply_level_settings (self, self->game);
  window_update_move_delay (self);
  window_update_coach (self);
  window_update_status (self);
}

static void on_level_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  if (self->saving_new_game_choices)
    return;
  window_apply_level_settings (self, self->game);
  window_update_status (self);
}

void verso_window_start_new_game (VersoWindow *self)
{
  g_autoptr (VersoGame) game = NULL;
  VersoGameSetup setup = { 0 };
  TimeControl control;

  g_return_if_fail (VERSO_IS_WINDOW (self));

  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++)
    setup.players[color] = window_settings_player (self->settings, color);
  if (g_settings_get_enum (self->settings, "game-mode") == VERSO_MODE_COMPUTER_ONLY) {
    setup.levels[VERSO_COLOR_BLACK] = g_settings_get_enum (self->settings, "black-level");
    setup.levels[VERSO_COLOR_WHITE] = g_settings_get_enum (self->settings, "white-level");
  } else {
    setup.levels[VERSO_COLOR_BLACK] = setup.levels[VERSO_COLOR_WHITE] = g_settings_get_enum (self->settings, "level");
  }
  /* The schema's enums have the values of Rules and of "balanced" (1). */
  setup.rules = g_settings_get_enum (self->settings, "rules") == RULES_REVERSE ? RULES_REVERSE : RULES_STANDARD;
  setup.balanced_start = g_settings_get_enum (self->settings, "start") == 1;
  setup.seed = g_random_int ();
  game = verso_game_new_with_setup (&setup);
  window_apply_level_settings (self, game);
  /* A game against the computer is rated as the statistics count it (verso_finished_game_counts):
   * undo gives no time back there; between two people or the computer and itself it does. */
  if (verso_new_game_clock_from_settings (self->settings, &control))
    verso_game_set_time_control (game, &control, verso_game_get_mode (game) == VERSO_MODE_VERSUS_COMPUTER);
  /* Each colour the computer has is played by the engine chosen for it (the opponent against a
   * person, each colour's own when the computer plays itself), on the clock too, or else by
   * Verso at its level; an engine that fails gives its colour to the person (window_notices'
   * "engine-failed"). */
  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++) {
    g_autofree char *engine_name = NULL;
    g_autofree char *engine_command = NULL;
    int engine_depth;

    if (setup.players[color] == VERSO_PLAYER_COMPUTER
        && verso_engine_settings_for (self->settings, color, &engine_name, &engine_command, &engine_depth))
      verso_game_set_engine_for (game, color, engine_name, engine_command, engine_depth);
  }
  window_set_game (self, game);
}

/* The dialog's choices become the settings, and the new game is made from them. */
static void start_chosen_game (VersoWindow *self, gpointer data)
{
  self->saving_new_game_choices = TRUE;
  verso_new_game_choices_save (data, self->settings);
  self->saving_new_game_choices = FALSE;
  verso_window_start_new_game (self);
}

static void on_new_game_response (VersoNewGameDialog *dialog, const char *response, VersoWindow *self)
{
  if (g_strcmp0 (response, "start") != 0)
    return;
  /* The game shown is replaced: its unsaved changes are asked about first, as before Open. The
   * question keeps the choices, not the dialog, which goes as it hides. */
  window_files_confirm (self, start_chosen_game, verso_new_game_dialog_get_choices (dialog), g_free);
}

void verso_window_show_new_game_dialog (VersoWindow *self)
{
  GtkWidget *dialog;

  g_return_if_fail (VERSO_IS_WINDOW (self));
  /* One at a time: Ctrl+N works in the dialog too. */
  if (self->new_game_dialog && gtk_widget_get_visible (self->new_game_dialog)) {
    gtk_window_present (GTK_WINDOW (self->new_game_dialog));
    return;
  }
  dialog = verso_new_game_dialog_new (GTK_WINDOW (self), self->settings);
  verso_new_game_dialog_set_stats (VERSO_NEW_GAME_DIALOG (dialog), verso_profile_get_stats (self->profile));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_new_game_response), self, 0);
  g_set_weak_pointer (&self->new_game_dialog, dialog);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

/* The board's options: each setting bound to the board view's property of the same meaning;
 * move numbers have a menu toggle too, the setting's own action. */
static void bind_board_options (VersoWindow *self)
{
  g_autoptr (GAction) show_move_numbers = g_settings_create_action (self->settings, "show-move-numbers");

  g_settings_bind (self->settings, "show-move-numbers", self->board_view, "show-move-numbers", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-flips", self->board_view, "show-flips", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "board-orientation", self->board_view, "orientation", G_SETTINGS_BIND_GET);
  g_action_map_add_action (G_ACTION_MAP (self), show_move_numbers);
}

void window_settings_init (VersoWindow *self)
{
  bind_board_options (self);
  g_signal_connect (self->settings, "changed::game-mode", G_CALLBACK (on_players_setting_changed), self);
  g_signal_connect (self->settings, "changed::player-color", G_CALLBACK (on_players_setting_changed), self);
  g_signal_connect (self->settings, "changed::level", G_CALLBACK (on_level_setting_changed), self);
  g_signal_connect (self->settings, "changed::match-my-level", G_CALLBACK (on_level_setting_changed), self);
  g_signal_connect (self->settings, "changed::black-level", G_CALLBACK (on_level_setting_changed), self);
  g_signal_connect (self->settings, "changed::white-level", G_CALLBACK (on_level_setting_changed), self);
  g_signal_connect (self->settings, "changed::computer-pause", G_CALLBACK (on_computer_pause_setting_changed), self);
  g_signal_connect (self->settings, "changed::hint-engine", G_CALLBACK (on_hint_engine_setting_changed), self);
  g_signal_connect (self->settings, "changed::engines", G_CALLBACK (on_hint_engine_setting_changed), self);
}
