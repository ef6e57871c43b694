/* verso-computer.c: runs the engine in a GTask worker thread; the task's GCancellable sets the
 * engine's stop flag, so a cancelled search ends within a few thousand nodes. */
#include "verso-computer.h"

#include <stdatomic.h>

/* Enough for the deepest level's search; allocated once, on the first move. */
#define COMPUTER_HASH_BYTES ((size_t) 32 << 20)

struct _VersoComputer {
  GObject parent_instance;

  GMutex search_lock; /* held by the one worker that uses search */
  Search *search;
};

G_DEFINE_FINAL_TYPE (VersoComputer, verso_computer, G_TYPE_OBJECT)

typedef struct {
  Board board;
  LevelId level;        /* LEVEL_COUNT: a best-move search for `seconds` */
  double seconds;
  guint64 seed;
  atomic_bool stop;
  GCancellable *cancellable;
  gulong cancelled_id;
} Request;

static void request_free (Request *request)
{
  if (request->cancellable) {
    g_cancellable_disconnect (request->cancellable, request->cancelled_id);
    g_object_unref (request->cancellable);
  }
  g_free (request);
}

/* May run in any thread: only touches the atomic flag. */
static void on_cancelled (GCancellable *cancellable, Request *request)
{
  atomic_store (&request->stop, true);
}

static void verso_computer_finalize (GObject *object)
{
  VersoComputer *self = VERSO_COMPUTER (object);

  g_clear_pointer (&self->search, search_free);
  g_mutex_clear (&self->search_lock);
  G_OBJECT_CLASS (verso_computer_parent_class)->finalize (object);
}

static void verso_computer_class_init (VersoComputerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = verso_computer_finalize;
}

static void verso_computer_init (VersoComputer *self)
{
  g_mutex_init (&self->search_lock);
}

VersoComputer *verso_computer_new (void)
{
  return g_object_new (VERSO_TYPE_COMPUTER, NULL);
}

static SearchResult computer_think (Search *search, Request *request)
{
  SearchResult result;

  if (request->level < LEVEL_COUNT) {
    level_choose_move (search, &request->board, request->level, request->seed, &request->stop, &result);
  } else {
    SearchLimits limits = search_limits_default ();
    limits.soft_time = request->seconds;
    limits.hard_time = request->seconds * 2.0;
    limits.exact_empties = 18;
    limits.stop = &request->stop;
    result = search_run (search, &request->board, &limits, NULL, NULL);
  }
  return result;
}

static void computer_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  VersoComputer *self = source;
  Request *request = task_data;
  SearchResult *result;

  if (board_legal_moves (&request->board) == 0) {
    result = g_new0 (SearchResult, 1);
    result->move = board_is_game_over (&request->board) ? BOARD_NO_MOVE : BOARD_PASS;
    g_task_return_pointer (task, result, g_free);
    return;
  }

  g_mutex_lock (&self->search_lock);
  if (g_task_return_error_if_cancelled (task)) {
    g_mutex_unlock (&self->search_lock);
    return;
  }
  if (!self->search)
    self->search = search_new (COMPUTER_HASH_BYTES);
  if (!self->search) {
    g_mutex_unlock (&self->search_lock);
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "Not enough memory for the engine");
    return;
  }
  /* Making the table takes a moment the first time; a stop in it needs no search. */
  if (g_task_return_error_if_cancelled (task)) {
    g_mutex_unlock (&self->search_lock);
    return;
  }
  result = g_new (SearchResult, 1);
  *result = computer_think (self->search, request);
  g_mutex_unlock (&self->search_lock);

  g_task_return_pointer (task, result, g_free);
}

static void computer_start (VersoComputer *self, Request *request, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data, gpointer source_tag)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  atomic_init (&request->stop, false);
  if (cancellable) {
    request->cancellable = g_object_ref (cancellable);
    /* Runs on_cancelled at once when the cancellable is already cancelled. */
    request->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), request, NULL);
  }
  g_task_set_task_data (task, request, (GDestroyNotify) request_free);
  g_task_run_in_thread (task, computer_thread);
}

void verso_computer_choose_move_async (VersoComputer *self, const Board *board, LevelId level,
                                       guint64 seed, GCancellable *cancellable,
                                       GAsyncReadyCallback callback, gpointer user_data)
{
  Request *request;

  g_return_if_fail (VERSO_IS_COMPUTER (self));
  g_return_if_fail (board != NULL);
  g_return_if_fail (level < LEVEL_COUNT);

  request = g_new0 (Request, 1);
  request->board = *board;
  request->level = level;
  request->seed = seed;
  computer_start (self, request, cancellable, callback, user_data, verso_computer_choose_move_async);
}

void verso_computer_best_move_async (VersoComputer *self, const Board *board, double seconds,
                                     GCancellable *cancellable, GAsyncReadyCallback callback,
                                     gpointer user_data)
{
  Request *request;

  g_return_if_fail (VERSO_IS_COMPUTER (self));
  g_return_if_fail (board != NULL);
  g_return_if_fail (seconds > 0);

  request = g_new0 (Request, 1);
  request->board = *board;
  request->level = LEVEL_COUNT;
  request->seconds = seconds;
  computer_start (self, request, cancellable, callback, user_data, verso_computer_best_move_async);
}

int verso_computer_move_finish (VersoComputer *self, GAsyncResult *result,
                                SearchResult *search_result, GError **error)
{
  g_autofree SearchResult *answer = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), -1);

  answer = g_task_propagate_pointer (G_TASK (result), error);
  if (!answer)
    return -1;
  if (search_result)
    *search_result = *answer;
  return answer->move;
}
