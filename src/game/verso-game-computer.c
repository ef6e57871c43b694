/* verso-game-computer.c: the computer's turn in the game: its move searched on the game's
 * VersoComputer, or asked of the engine that plays the colour (verso-game-engine.c), when it is
 * to move (not while paused), shown after a short delay, and hints for a person, read from the
 * game's analysis (verso-game-analysis.c) or asked of the hint engine (verso-game-hint-engine.c).
 * An answer of the computer is checked against the generation it was asked for, so one that
 * arrives after an undo, a new game or a change of player is dropped. */
#include "verso-game-analysis-private.h"

/* A search under way. It holds the game weakly: a game dropped while the computer thinks is
 * finalized at once (its dispose stops the search), and the answer then finds no game. */
typedef struct {
  GWeakRef game;
  guint generation;
  gint64 started;
  gint64 delay_ms;    /* the move appears no sooner than this after started */
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

  if (VERSO_IS_HOSTED_ENGINE (source))
    move = verso_hosted_engine_choose_move_finish (VERSO_HOSTED_ENGINE (source), result, &error);
  else
    move = verso_computer_move_finish (VERSO_COMPUTER (source), result, NULL, &error);
  /* The search has ended: the application need not wait for it any longer. */
  hold_application (FALSE);
  if (!self) {
    computer_move_free (request);
    return;
  }
  if (request->generation != self->generation || move < 0) {
    /* Stale or cancelled: the game moved on without this answer. */
    gboolean failed = error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

    if (failed && error->domain != VERSO_HOSTED_ENGINE_ERROR)
      g_warning ("The computer could not move: %s", error->message);
    if (request->generation == self->generation) {
      g_clear_object (&self->computer_cancellable);
      verso_game_analysis_thinking_changed (self);
      verso_game_notify (self, VERSO_GAME_PROP_THINKING);
      /* An engine that failed for the position shown gives its colour to a person. */
      if (failed && error->domain == VERSO_HOSTED_ENGINE_ERROR)
        verso_game_engine_failed (self, VERSO_HOSTED_ENGINE (source), error);
    }
    computer_move_free (request);
    return;
  }

  if (VERSO_IS_HOSTED_ENGINE (source))
    verso_game_engine_take_name (self, VERSO_HOSTED_ENGINE (source));
  g_clear_object (&self->computer_cancellable);
  self->pending_move = move;
  elapsed_ms = (g_get_monotonic_time () - request->started) / 1000;
  if (elapsed_ms < request->delay_ms)
    self->pending_move_source = g_timeout_add ((guint) (request->delay_ms - elapsed_ms), play_pending_move, self);
  else
    play_pending_move (self);
  computer_move_free (request);
}

void verso_game_start_computer (VersoGame *self)
{
  ComputerMove *request;
  gboolean thinking_was;
  LevelMix mix;
  double think_seconds;

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
  think_seconds = verso_game_clock_think_seconds (self);
  verso_computer_set_move_seconds (self->computer, think_seconds);
  /* On a clock the delay runs on the computer's time: never longer than it may think. */
  request->delay_ms = self->move_delay;
  if (think_seconds > 0)
    request->delay_ms = MIN (request->delay_ms, (gint64) (think_seconds * 1000));
  /* A level is a mix of it with itself, which plays as the level does. */
  mix = self->has_mix ? self->mix : (LevelMix) { self->levels[verso_game_get_turn (self)],
                                                 self->levels[verso_game_get_turn (self)], 0.0 };
  if (self->engines[verso_game_get_turn (self)])
    verso_game_engine_choose_move (self, self->computer_cancellable, computer_move_ready, request);
  else
    verso_computer_choose_mix_move_async (self->computer, &verso_game_shown_position (self)->board, &mix,
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

/* Hints. A hint is the best move of the game's analysis of the position shown (the store of
 * verso-game-analysis.c, the scores shown on the board): answered at once when that analysis is as
 * deep as a hint's, after a hint job on the analyst otherwise. */

static void hint_wait_free (HintWait *wait)
{
  if (wait->cancel_source) {
    g_source_destroy (wait->cancel_source);
    g_source_unref (wait->cancel_source);
  }
  g_free (wait);
}

/* Ends a wait taken out of the game's list with error, or with the best move of analysis. The
 * task's callback may run at once and change the game. */
static void hint_wait_end (HintWait *wait, const Analysis *analysis, GError *error)
{
  GTask *task = wait->task;
  VersoHintAnswer *answer = g_task_get_task_data (task);
  const AnalysisMove *best = analysis && !error ? verso_analysis_best_move (analysis) : NULL;

  hint_wait_free (wait);
  if (best) {
    answer->move = best->move;
    answer->disc_difference = best->score;
    answer->exact = best->exact;
    answer->depth = best->depth;
    g_task_return_int (task, best->move);
  } else {
    g_task_return_error (task, error ? error : g_error_new_literal (G_IO_ERROR, G_IO_ERROR_FAILED,
                                                                    "No move to hint"));
  }
  g_object_unref (task);
}

/* Takes the waits for board (those for another one when other is set) out of the game's list,
 * before any of them ends: their callbacks may ask for hints again. */
static GList *take_waits (VersoGame *self, const Board *board, gboolean other)
{
  GList *taken = NULL;

  for (GList *link = self->analysis->hints; link;) {
    GList *next = link->next;
    if (!board || board_equal (&((HintWait *) link->data)->board, board) != other) {
      self->analysis->hints = g_list_remove_link (self->analysis->hints, link);
      taken = g_list_concat (taken, link);
    }
    link = next;
  }
  return taken;
}

void verso_game_hints_answer (VersoGame *self, const Board *board)
{
  g_autoptr (GList) taken = take_waits (self, board, FALSE);
  const Analysis *analysis = verso_analysis_store_lookup (self->analysis->store, board);

  for (GList *link = taken; link; link = link->next)
    hint_wait_end (link->data, analysis, NULL);
}

void verso_game_hints_drop_stale (VersoGame *self)
{
  g_autoptr (GList) taken = take_waits (self, &verso_game_shown_position (self)->board, TRUE);

  verso_game_engine_hints_cancel (self, FALSE);
  for (GList *link = taken; link; link = link->next)
    hint_wait_end (link->data, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                          "The position changed"));
}

void verso_game_hints_fail (VersoGame *self, GError *error)
{
  g_autoptr (GList) taken = take_waits (self, NULL, FALSE);

  for (GList *link = taken; link; link = link->next)
    hint_wait_end (link->data, NULL, g_error_copy (error));
  g_error_free (error);
}

typedef struct {
  GWeakRef game;
  HintWait *wait;
} HintCancel;

static void hint_cancel_free (HintCancel *cancel)
{
  g_weak_ref_clear (&cancel->game);
  g_free (cancel);
}

/* The caller gave up: its callback comes at once; the hint job, if any, still fills the store. */
static gboolean hint_cancelled (GCancellable *cancellable, gpointer user_data)
{
  HintCancel *cancel = user_data;
  g_autoptr (VersoGame) self = g_weak_ref_get (&cancel->game);
  GList *link = self && self->analysis ? g_list_find (self->analysis->hints, cancel->wait) : NULL;

  (void) cancellable;
  if (link) {
    self->analysis->hints = g_list_delete_link (self->analysis->hints, link);
    hint_wait_end (cancel->wait, NULL, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                            "The hint was cancelled"));
  }
  return G_SOURCE_REMOVE;
}

static void watch_hint_cancellable (VersoGame *self, HintWait *wait, GCancellable *cancellable)
{
  HintCancel *cancel = g_new0 (HintCancel, 1);

  g_weak_ref_init (&cancel->game, self);
  cancel->wait = wait;
  wait->cancel_source = g_cancellable_source_new (cancellable);
  g_source_set_callback (wait->cancel_source, G_SOURCE_FUNC (hint_cancelled), cancel,
                         (GDestroyNotify) hint_cancel_free);
  g_source_attach (wait->cancel_source, g_main_context_get_thread_default ());
}

void verso_hint_answer_free (VersoHintAnswer *answer)
{
  g_free (answer->engine);
  g_free (answer->engine_failure);
  g_free (answer->engine_detail);
  g_free (answer);
}

void verso_game_hint_async (VersoGame *self, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;

  g_return_if_fail (VERSO_IS_GAME (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, verso_game_hint_async);
  g_task_set_task_data (task, g_new0 (VersoHintAnswer, 1), (GDestroyNotify) verso_hint_answer_free);
  if (g_task_return_error_if_cancelled (task)) {
    g_object_unref (task);
    return;
  }
  /* At the game's end there is nothing to ask an engine: the analysis says so at once. */
  if (self->hint_engine && !board_is_game_over (&verso_game_shown_position (self)->board))
    verso_game_engine_hint (self, task);
  else
    verso_game_verso_hint (self, task);
}

void verso_game_verso_hint (VersoGame *self, GTask *task)
{
  GCancellable *cancellable = g_task_get_cancellable (task);
  HintWait *wait;
  const Position *shown;
  const Analysis *known;

  if (g_task_return_error_if_cancelled (task)) {
    g_object_unref (task);
    return;
  }
  shown = verso_game_shown_position (self);
  wait = g_new0 (HintWait, 1);
  wait->task = task;
  wait->board = shown->board;
  known = verso_analysis_store_lookup (self->analysis->store, &shown->board);
  if (board_is_game_over (&shown->board)
      || verso_analysis_meets (known, verso_analysis_limits (self, JOB_HINT, FALSE))) {
    hint_wait_end (wait, known, NULL);
    return;
  }
  self->analysis->hints = g_list_append (self->analysis->hints, wait);
  if (cancellable)
    watch_hint_cancellable (self, wait, cancellable);
  verso_analysis_queue_hint (self);
}

int verso_game_hint_finish (VersoGame *self, GAsyncResult *result, int *disc_difference,
                            gboolean *exact, GError **error)
{
  VersoHintAnswer *answer;
  int move;

  g_return_val_if_fail (g_task_is_valid (result, self), -1);
  answer = g_task_get_task_data (G_TASK (result));
  move = (int) g_task_propagate_int (G_TASK (result), error);
  if (disc_difference)
    *disc_difference = move >= 0 ? answer->disc_difference : 0;
  if (exact)
    *exact = move >= 0 && answer->exact;
  return move;
}

int verso_game_hint_get_depth (VersoGame *self, GAsyncResult *result)
{
  g_return_val_if_fail (g_task_is_valid (result, self), 0);
  return ((VersoHintAnswer *) g_task_get_task_data (G_TASK (result)))->depth;
}
