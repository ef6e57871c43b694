/* verso-game-computer.c: the computer's turn in the game: its move searched on the game's
 * VersoComputer when it is to move (not while paused), shown after a short delay, and hints for
 * a person. An answer is checked against the generation it was asked for, so one that arrives
 * after an undo, a new game or a change of player is dropped. */
#include "verso-game-private.h"

#define HINT_SECONDS 1.0

/* A search under way. It holds the game weakly: a game dropped while the computer thinks is
 * finalized at once (its dispose stops the search), and the answer then finds no game. */
typedef struct {
  GWeakRef game;
  guint generation;
  gint64 started;
} ComputerMove;

static void computer_move_free (ComputerMove *request)
{
  g_weak_ref_clear (&request->game);
  g_free (request);
}

static void hold_application (gboolean hold)
{
  GApplication *application = g_application_get_default ();

  /* Keeps the application alive until a search that was running at quit has ended. */
  if (application && hold)
    g_application_hold (application);
  else if (application)
    g_application_release (application);
}

static void set_thinking (VersoGame *self, gboolean thinking_was)
{
  if (thinking_was != verso_game_get_thinking (self)) {
    verso_game_analysis_thinking_changed (self);
    verso_game_notify (self, VERSO_GAME_PROP_THINKING);
  }
}

static gboolean play_pending_move (gpointer user_data)
{
  VersoGame *self = user_data;
  int move = self->pending_move;

  self->pending_move_source = 0;
  verso_game_notify (self, VERSO_GAME_PROP_THINKING);
  if (!verso_game_play_checked (self, move, NULL))
    g_warning ("The engine chose an illegal move: %d", move);
  return G_SOURCE_REMOVE;
}

static void computer_move_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ComputerMove *request = user_data;
  g_autoptr (VersoGame) self = g_weak_ref_get (&request->game);
  g_autoptr (GError) error = NULL;
  int move;
  gint64 elapsed_ms;

  move = verso_computer_move_finish (VERSO_COMPUTER (source), result, NULL, &error);
  /* The search has ended: the application need not wait for it any longer. */
  hold_application (FALSE);
  if (!self) {
    computer_move_free (request);
    return;
  }
  if (request->generation != self->generation || move < 0) {
    /* Stale or cancelled: the game moved on without this answer. */
    if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
      g_warning ("The computer could not move: %s", error->message);
    if (request->generation == self->generation) {
      g_clear_object (&self->computer_cancellable);
      verso_game_analysis_thinking_changed (self);
      verso_game_notify (self, VERSO_GAME_PROP_THINKING);
    }
    computer_move_free (request);
    return;
  }

  g_clear_object (&self->computer_cancellable);
  self->pending_move = move;
  elapsed_ms = (g_get_monotonic_time () - request->started) / 1000;
  if (elapsed_ms < self->move_delay)
    self->pending_move_source = g_timeout_add ((guint) (self->move_delay - elapsed_ms), play_pending_move, self);
  else
    play_pending_move (self);
  computer_move_free (request);
}

void verso_game_start_computer (VersoGame *self)
{
  ComputerMove *request;
  gboolean thinking_was;

  g_return_if_fail (VERSO_IS_GAME (self));

  if (verso_game_is_over (self) || verso_game_get_thinking (self) || verso_game_get_paused (self)
      || verso_game_get_player (self, verso_game_get_turn (self)) != VERSO_PLAYER_COMPUTER)
    return;
  /* Inside a balanced start its next move is given: the computer has no choice to make. */
  if (verso_record_get_current (self->record) < self->given_moves)
    return;

  thinking_was = verso_game_get_thinking (self);
  request = g_new0 (ComputerMove, 1);
  g_weak_ref_init (&request->game, self);
  request->generation = self->generation;
  request->started = g_get_monotonic_time ();
  self->computer_cancellable = g_cancellable_new ();
  hold_application (TRUE);
  verso_computer_set_rules (self->computer, self->rules);
  verso_computer_choose_move_async (self->computer, &verso_game_shown_position (self)->board,
                                    self->levels[verso_game_get_turn (self)],
                                    g_random_int () | (guint64) g_random_int () << 32,
                                    self->computer_cancellable, computer_move_ready, request);
  set_thinking (self, thinking_was);
}

void verso_game_stop_computer (VersoGame *self)
{
  gboolean thinking_was;

  g_return_if_fail (VERSO_IS_GAME (self));

  thinking_was = verso_game_get_thinking (self);
  if (self->computer_cancellable) {
    g_cancellable_cancel (self->computer_cancellable);
    g_clear_object (&self->computer_cancellable);
  }
  g_clear_handle_id (&self->pending_move_source, g_source_remove);
  /* Whatever the search answers now is for an older game. */
  self->generation++;
  set_thinking (self, thinking_was);
}

typedef struct {
  guint generation;
  int disc_difference;  /* the search's score of the hinted move, for the side to move */
  gboolean exact;
} HintRequest;

static void hint_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  VersoGame *self = g_task_get_source_object (task);
  HintRequest *request = g_task_get_task_data (task);
  GError *error = NULL;
  SearchResult answer = { 0 };
  int move;

  move = verso_computer_move_finish (VERSO_COMPUTER (source), result, &answer, &error);
  request->disc_difference = answer.score;
  request->exact = answer.exact;
  hold_application (FALSE);
  if (move < 0)
    g_task_return_error (task, error);
  else if (request->generation != self->generation)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The position changed");
  else
    g_task_return_int (task, move);
}

void verso_game_hint_async (VersoGame *self, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;
  HintRequest *request;

  g_return_if_fail (VERSO_IS_GAME (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, verso_game_hint_async);
  request = g_new0 (HintRequest, 1);
  request->generation = self->generation;
  g_task_set_task_data (task, request, g_free);
  hold_application (TRUE);
  verso_computer_set_rules (self->computer, self->rules);
  verso_computer_best_move_async (self->computer, &verso_game_shown_position (self)->board, HINT_SECONDS,
                                  cancellable, hint_ready, task);
}

int verso_game_hint_finish (VersoGame *self, GAsyncResult *result, int *disc_difference,
                            gboolean *exact, GError **error)
{
  HintRequest *request;
  int move;

  g_return_val_if_fail (g_task_is_valid (result, self), -1);
  request = g_task_get_task_data (G_TASK (result));
  move = (int) g_task_propagate_int (G_TASK (result), error);
  if (disc_difference)
    *disc_difference = move >= 0 ? request->disc_difference : 0;
  if (exact)
    *exact = move >= 0 && request->exact;
  return move;
}
