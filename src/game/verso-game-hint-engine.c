/* verso-game-hint-engine.c: hints asked of another engine over NBoard (verso-hosted-engine.h),
 * the one the person chose to give them, instead of Verso's analysis. The engine is asked for its
 * move (`go`) in the position shown, in a worker thread, started on the first hint and kept for
 * the next; a hint given up, or asked in a position no longer shown, kills it at once. An engine
 * that fails has its process stopped and leaves a message saying what it did, and Verso's own
 * hint (verso-game-computer.c) answers instead.
 *
 * Why `go` and not the protocol's `hint N`: every NBoard engine must answer `go`, with one line
 * (`=== MOVE[/SCORE]`) that ends the answer and that the client checks against the board; `hint`
 * is optional, its `search` and `book` lines come again and again as an engine looks deeper, and
 * only a `status` line, which engines also send while they think, says that they have ended. */
#include "verso-game-analysis-private.h"

#include <math.h>

/* A hint under way on the engine. Its task holds the game. */
typedef struct {
  GTask *task;                /* verso_game_hint_async's; its data is the VersoHintAnswer */
  Board board;                /* the position it was asked in */
  char *name;                 /* the engine's, as the game named it then */
  GCancellable *cancellable;  /* the engine's wait: cancelled with the task's, or by the game */
  GCancellable *caller;       /* the task's, or NULL */
  gulong caller_handler;
} EngineHint;

static void engine_hint_free (EngineHint *hint)
{
  if (hint->caller)
    g_cancellable_disconnect (hint->caller, hint->caller_handler);
  g_clear_object (&hint->caller);
  g_clear_object (&hint->cancellable);
  g_free (hint->name);
  g_free (hint);
}

void verso_game_set_hint_engine (VersoGame *self, const char *name, const char *command, int depth)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (command == NULL || *command);
  g_return_if_fail (depth >= 0 && depth <= 60);

  /* The same program at the same depth keeps its process. */
  if (!self->hint_engine || !command
      || g_strcmp0 (verso_hosted_engine_get_command (self->hint_engine), command) != 0
      || verso_hosted_engine_get_depth (self->hint_engine) != depth) {
    /* Hints asked of the engine before still come from it: each task holds it. */
    g_clear_object (&self->hint_engine);
    if (command)
      self->hint_engine = verso_hosted_engine_new (command, depth);
  }
  g_clear_pointer (&self->hint_engine_name, g_free);
  if (command)
    self->hint_engine_name = g_strdup (name && *name ? name : command);
}

gboolean verso_game_get_hint_engine (VersoGame *self, const char **name, const char **command,
                                     int *depth)
{
  VersoHostedEngine *engine;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);

  engine = self->hint_engine;
  if (name)
    *name = engine ? self->hint_engine_name : NULL;
  if (command)
    *command = engine ? verso_hosted_engine_get_command (engine) : NULL;
  if (depth)
    *depth = engine ? verso_hosted_engine_get_depth (engine) : 0;
  return engine != NULL;
}

void verso_game_engine_hints_cancel (VersoGame *self, gboolean all)
{
  const Board *shown = &verso_game_shown_position (self)->board;

  /* Each answer, when it comes, finds its wait cancelled and ends as cancelled. */
  for (GList *link = self->engine_hints; link; link = link->next) {
    EngineHint *hint = link->data;

    if (all || !board_equal (&hint->board, shown))
      g_cancellable_cancel (hint->cancellable);
  }
}

void verso_game_hint_engine_dispose (VersoGame *self)
{
  verso_game_engine_hints_cancel (self, TRUE);
  g_clear_object (&self->hint_engine);
  g_clear_pointer (&self->hint_engine_name, g_free);
}

static void engine_hint_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  EngineHint *hint = user_data;
  GTask *task = hint->task;
  VersoGame *self = g_task_get_source_object (task);
  VersoHintAnswer *answer = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  int move = verso_hosted_engine_choose_move_finish (VERSO_HOSTED_ENGINE (source), result, &error);
  double score;

  self->engine_hints = g_list_remove (self->engine_hints, hint);
  /* Given up, or the position changed, or the game went: whatever the engine said is stale. */
  if (g_cancellable_is_cancelled (hint->cancellable)) {
    engine_hint_free (hint);
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The hint was cancelled");
    g_object_unref (task);
    return;
  }
  if (move >= 0) {
    answer->move = move;
    answer->engine = g_steal_pointer (&hint->name);
    answer->has_score = verso_hosted_engine_choose_move_get_score (VERSO_HOSTED_ENGINE (source), result,
                                                                   &score);
    /* Discs, as the engine wrote them, to the nearest disc a board can have. */
    answer->disc_difference = answer->has_score ? (int) lround (CLAMP (score, -64, 64)) : 0;
    engine_hint_free (hint);
    g_task_return_int (task, move);
    g_object_unref (task);
    return;
  }
  /* The engine failed and has been stopped: what it did is said, and Verso's hint answers. */
  g_debug ("The hint engine failed: %s", error->message);
  answer->engine_failure = verso_game_engine_failure_message (self, hint->name, error, TRUE);
  answer->engine_detail = g_strdup (error->message);
  engine_hint_free (hint);
  verso_game_verso_hint (self, task);
}

/* The caller gave up: the engine's wait ends at once (its cancellable is polled beside its pipe). */
static void cancel_engine_wait (GCancellable *caller, gpointer engine_cancellable)
{
  (void) caller;
  g_cancellable_cancel (engine_cancellable);
}

void verso_game_engine_hint (VersoGame *self, GTask *task)
{
  g_autofree NotationGame *game = g_new (NotationGame, 1);
  EngineHint *hint = g_new0 (EngineHint, 1);
  GCancellable *caller = g_task_get_cancellable (task);

  hint->task = task;
  hint->board = verso_game_shown_position (self)->board;
  hint->name = g_strdup (self->hint_engine_name);
  hint->cancellable = g_cancellable_new ();
  if (caller) {
    hint->caller = g_object_ref (caller);
    hint->caller_handler = g_cancellable_connect (caller, G_CALLBACK (cancel_engine_wait),
                                                  g_object_ref (hint->cancellable), g_object_unref);
  }
  self->engine_hints = g_list_append (self->engine_hints, hint);
  /* Without the clock: the hint is the move the engine plays at its depth, not in the time the
   * person has left. */
  verso_game_engine_game_so_far (self, FALSE, game);
  verso_hosted_engine_choose_move_async (self->hint_engine, game, self->engine_start_seconds,
                                         self->engine_move_seconds, hint->cancellable,
                                         engine_hint_ready, hint);
}

const char *verso_game_hint_get_engine (VersoGame *self, GAsyncResult *result, gboolean *has_score)
{
  VersoHintAnswer *answer;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  answer = g_task_get_task_data (G_TASK (result));
  if (has_score)
    *has_score = answer->engine && answer->has_score;
  return answer->engine;
}

const char *verso_game_hint_get_engine_failure (VersoGame *self, GAsyncResult *result,
                                                const char **detail)
{
  VersoHintAnswer *answer;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  answer = g_task_get_task_data (G_TASK (result));
  if (detail)
    *detail = answer->engine_detail;
  return answer->engine_failure;
}
