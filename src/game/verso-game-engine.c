/* verso-game-engine.c: colours played by another engine over NBoard (verso-hosted-engine.h)
 * instead of Verso's levels: which engine plays a colour, the game so far sent to it with the
 * clock, and an engine that fails handed over to a person with a message saying what it did (the
 * messages of the hint engine's failures too, verso-game-hint-engine.c).
 * The computer's turn itself (when to ask, the delay, stale answers) is verso-game-computer.c's. */
#include "verso-game-private.h"
#include "verso-game-text.h"

#include <glib/gi18n-lib.h>

/* Past its flag an engine on a clock has lost on time; the margin only keeps a move that came
 * in time from being cut off. */
#define ENGINE_FLAG_MARGIN 0.05

void verso_game_engine_init (VersoGame *self)
{
  self->engine_start_seconds = VERSO_GAME_ENGINE_START_SECONDS;
  self->engine_move_seconds = VERSO_GAME_ENGINE_MOVE_SECONDS;
}

void verso_game_engine_clear (VersoGame *self, VersoColor color)
{
  g_clear_object (&self->engines[color]);
  g_clear_pointer (&self->engine_names[color], g_free);
}

void verso_game_set_engine_for (VersoGame *self, VersoColor color, const char *name,
                                const char *command, int depth)
{
  gboolean paused_was;

  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (color == VERSO_COLOR_BLACK || color == VERSO_COLOR_WHITE);
  g_return_if_fail (command == NULL || *command);
  g_return_if_fail (depth >= 0 && depth <= 60);

  verso_game_stop_computer (self);
  paused_was = verso_game_get_paused (self);
  verso_game_engine_clear (self, color);
  if (command) {
    self->engines[color] = verso_hosted_engine_new (command, depth);
    self->engine_names[color] = g_strdup (name && *name ? name : command);
    self->players[color] = VERSO_PLAYER_COMPUTER;
  }
  verso_game_end_record (self);
  verso_game_changed_state (self, paused_was);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_CHANGED], 0);
  verso_game_start_computer (self);
}

gboolean verso_game_get_engine_for (VersoGame *self, VersoColor color, const char **name,
                                    const char **command, int *depth)
{
  VersoHostedEngine *engine;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  g_return_val_if_fail (color == VERSO_COLOR_BLACK || color == VERSO_COLOR_WHITE, FALSE);

  engine = self->engines[color];
  if (name)
    *name = engine ? self->engine_names[color] : NULL;
  if (command)
    *command = engine ? verso_hosted_engine_get_command (engine) : NULL;
  if (depth)
    *depth = engine ? verso_hosted_engine_get_depth (engine) : 0;
  return engine != NULL;
}

void verso_game_set_engine_limits (VersoGame *self, double start_seconds, double move_seconds)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (start_seconds > 0 && move_seconds > 0);

  self->engine_start_seconds = start_seconds;
  self->engine_move_seconds = move_seconds;
}

void verso_game_engine_game_so_far (VersoGame *self, gboolean with_clock, NotationGame *game)
{
  guint ply = verso_record_get_current (self->record);

  memset (game, 0, sizeof *game);
  game->start = *verso_record_get_start (self->record);
  game->rules = self->rules;
  game->given_moves = MIN (self->given_moves, ply);
  for (guint k = 1; k <= ply && k <= NOTATION_MAX_MOVES; k++)
    game->moves[game->n_moves++] = verso_record_get_move (self->record, k);
  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++) {
    g_autofree char *name = verso_text_player_name (self, color);
    verso_text_copy_name (color == VERSO_COLOR_BLACK ? game->black : game->white, name);
  }
  if (with_clock && self->has_clock)
    verso_game_clock_to_notation (self, game, TRUE);
}

void verso_game_engine_choose_move (VersoGame *self, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data)
{
  VersoColor turn = verso_game_get_turn (self);
  g_autofree NotationGame *game = g_new (NotationGame, 1);
  double seconds = self->engine_move_seconds;

  g_return_if_fail (self->engines[turn] != NULL);
  verso_game_engine_game_so_far (self, TRUE, game);
  /* On a clock the engine has the time it has left, which the record it is sent tells it. */
  if (self->has_clock)
    seconds = MAX (verso_game_get_time_left (self, turn), 0) + ENGINE_FLAG_MARGIN;
  verso_hosted_engine_choose_move_async (self->engines[turn], game, self->engine_start_seconds,
                                         seconds, cancellable, callback, user_data);
}

void verso_game_engine_take_name (VersoGame *self, VersoHostedEngine *engine)
{
  VersoColor color = self->engines[VERSO_COLOR_WHITE] == engine ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
  g_autofree char *name = NULL;

  /* The record names the engine as it names itself once it has said so (a failed move too may
   * have started it). */
  if (self->engines[color] == engine && (name = verso_hosted_engine_dup_name (engine))) {
    g_free (self->engine_names[color]);
    self->engine_names[color] = g_steal_pointer (&name);
  }
}

char *verso_game_engine_failure_message (VersoGame *self, const char *name, const GError *error,
                                         gboolean hint)
{
  int seconds = (int) (self->engine_start_seconds + 0.5);

  switch ((VersoHostedEngineError) error->code) {
  case VERSO_HOSTED_ENGINE_ERROR_START_TIMEOUT:
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         /* Translators: an engine is another Othello program
                                          * playing a colour; %s is its name */
                                         "The engine “%s” did not start within %d second.",
                                         "The engine “%s” did not start within %d seconds.",
                                         (gulong) seconds), name, seconds);
  case VERSO_HOSTED_ENGINE_ERROR_EXITED:
    if (hint)
      /* Translators: the engine chosen in Preferences to give hints; %s is its name */
      return g_strdup_printf (_("The engine “%s” stopped before it gave a hint."), name);
    return g_strdup_printf (_("The engine “%s” stopped during its move."), name);
  case VERSO_HOSTED_ENGINE_ERROR_TIMEOUT:
    /* A hint is asked without the clock: the engine has the move's limit. */
    if (hint) {
      seconds = (int) (self->engine_move_seconds + 0.5);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "The engine “%s” gave no hint within %d second.",
                                           "The engine “%s” gave no hint within %d seconds.",
                                           (gulong) seconds), name, seconds);
    }
    if (self->has_clock)
      return g_strdup_printf (_("The engine “%s” did not move in the time it had left."), name);
    seconds = (int) (self->engine_move_seconds + 0.5);
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "The engine “%s” did not move within %d second.",
                                         "The engine “%s” did not move within %d seconds.",
                                         (gulong) seconds), name, seconds);
  case VERSO_HOSTED_ENGINE_ERROR_GARBAGE:
    return g_strdup_printf (_("The engine “%s” answered with something that is not a move."), name);
  case VERSO_HOSTED_ENGINE_ERROR_ILLEGAL_MOVE:
    if (hint)
      return g_strdup_printf (_("The engine “%s” suggested an illegal move."), name);
    return g_strdup_printf (_("The engine “%s” played an illegal move."), name);
  case VERSO_HOSTED_ENGINE_ERROR_NOT_STARTED:
  default:
    return g_strdup_printf (_("The engine “%s” could not be started."), name);
  }
}

void verso_game_engine_failed (VersoGame *self, VersoHostedEngine *engine, const GError *error)
{
  VersoColor color = self->engines[VERSO_COLOR_WHITE] == engine ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;
  gboolean paused_was;

  g_return_if_fail (self->engines[color] == engine);
  g_return_if_fail (error->domain == VERSO_HOSTED_ENGINE_ERROR);

  /* An engine past its flag lost on time, as a person would: the game is over, not the engine. */
  if (error->code == VERSO_HOSTED_ENGINE_ERROR_TIMEOUT && self->has_clock && verso_game_check_time (self))
    return;
  g_debug ("%s", error->message);
  verso_game_engine_take_name (self, engine);
  name = g_strdup (self->engine_names[color]);
  message = verso_game_engine_failure_message (self, name, error, FALSE);
  /* The game stays where the engine left it, and a person plays on for it. */
  paused_was = verso_game_get_paused (self);
  verso_game_engine_clear (self, color);
  self->players[color] = VERSO_PLAYER_HUMAN;
  verso_game_changed_state (self, paused_was);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_CHANGED], 0);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_ENGINE_FAILED], 0, (int) color,
                 message, error->message);
}
