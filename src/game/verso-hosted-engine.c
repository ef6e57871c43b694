/* verso-hosted-engine.c: an NBoard engine (nboard-client.h) as a player, in GTask worker threads.
 * One worker at a time talks to the engine, under the object's lock; the task's GCancellable is
 * polled through its descriptor beside the engine's pipe (nboard_client_set_cancel), so that a
 * cancel ends the wait at once without a second thread touching the client. */
#include "verso-hosted-engine.h"

#include <stdatomic.h>
#include <string.h>

#include "nboard-client.h"

struct _VersoHostedEngine {
  GObject parent_instance;

  char *command;
  int depth;
  GMutex lock;          /* held by the one worker that talks to the engine */
  NboardClient *client; /* under lock */
  /* What the owner may read while a worker holds lock for a whole move. */
  GMutex name_lock;
  char *name;           /* `set myname`, under name_lock */
  atomic_bool running;
};

G_DEFINE_FINAL_TYPE (VersoHostedEngine, verso_hosted_engine, G_TYPE_OBJECT)
G_DEFINE_QUARK (verso-hosted-engine-error-quark, verso_hosted_engine_error)

/* Stops an engine that still runs and frees its client, in a thread of its own: an engine is
 * given a moment to quit (nboard_client_stop), which the main loop must not wait for. */
static gpointer stop_thread (gpointer client)
{
  nboard_client_free (client);
  return NULL;
}

static void verso_hosted_engine_finalize (GObject *object)
{
  VersoHostedEngine *self = VERSO_HOSTED_ENGINE (object);

  /* No worker holds the engine: each task holds a reference. */
  if (nboard_client_running (self->client))
    g_thread_unref (g_thread_new ("verso-engine-stop", stop_thread, g_steal_pointer (&self->client)));
  else
    nboard_client_free (self->client);
  g_free (self->command);
  g_free (self->name);
  g_mutex_clear (&self->lock);
  g_mutex_clear (&self->name_lock);
  G_OBJECT_CLASS (verso_hosted_engine_parent_class)->finalize (object);
}

static void verso_hosted_engine_class_init (VersoHostedEngineClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = verso_hosted_engine_finalize;
}

static void verso_hosted_engine_init (VersoHostedEngine *self)
{
  g_mutex_init (&self->lock);
  g_mutex_init (&self->name_lock);
  atomic_init (&self->running, false);
}

VersoHostedEngine *verso_hosted_engine_new (const char *command, int depth)
{
  VersoHostedEngine *self;

  g_return_val_if_fail (command != NULL && *command, NULL);
  g_return_val_if_fail (depth >= 0 && depth <= 60, NULL);

  self = g_object_new (VERSO_TYPE_HOSTED_ENGINE, NULL);
  self->command = g_strdup (command);
  self->depth = depth;
  self->client = nboard_client_new (command);
  if (!self->client)
    g_error ("Out of memory for an engine");
  return self;
}

const char *verso_hosted_engine_get_command (VersoHostedEngine *self)
{
  g_return_val_if_fail (VERSO_IS_HOSTED_ENGINE (self), NULL);
  return self->command;
}

int verso_hosted_engine_get_depth (VersoHostedEngine *self)
{
  g_return_val_if_fail (VERSO_IS_HOSTED_ENGINE (self), 0);
  return self->depth;
}

char *verso_hosted_engine_dup_name (VersoHostedEngine *self)
{
  char *name;

  g_return_val_if_fail (VERSO_IS_HOSTED_ENGINE (self), NULL);
  g_mutex_lock (&self->name_lock);
  name = g_strdup (self->name);
  g_mutex_unlock (&self->name_lock);
  return name;
}

gboolean verso_hosted_engine_is_running (VersoHostedEngine *self)
{
  g_return_val_if_fail (VERSO_IS_HOSTED_ENGINE (self), FALSE);
  return atomic_load (&self->running);
}

/* The error of a client's failure; at start, every failure but a timeout is one of starting. */
static GError *engine_error (NboardClient *client, NboardClientStatus status, gboolean at_start)
{
  VersoHostedEngineError code;

  if (status == NBOARD_CLIENT_CANCELLED)
    return g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, nboard_client_error (client));
  if (at_start)
    code = status == NBOARD_CLIENT_TIMEOUT ? VERSO_HOSTED_ENGINE_ERROR_START_TIMEOUT
                                           : VERSO_HOSTED_ENGINE_ERROR_NOT_STARTED;
  else if (status == NBOARD_CLIENT_EXITED)
    code = VERSO_HOSTED_ENGINE_ERROR_EXITED;
  else if (status == NBOARD_CLIENT_TIMEOUT)
    code = VERSO_HOSTED_ENGINE_ERROR_TIMEOUT;
  else if (status == NBOARD_CLIENT_GARBAGE)
    code = VERSO_HOSTED_ENGINE_ERROR_GARBAGE;
  else if (status == NBOARD_CLIENT_ILLEGAL_MOVE)
    code = VERSO_HOSTED_ENGINE_ERROR_ILLEGAL_MOVE;
  else
    code = VERSO_HOSTED_ENGINE_ERROR_NOT_STARTED;
  return g_error_new_literal (VERSO_HOSTED_ENGINE_ERROR, code, nboard_client_error (client));
}

/* Starts the client within seconds and tells it its depth. */
static NboardClientStatus start_client (NboardClient *client, double seconds, int depth)
{
  NboardClientStatus status = nboard_client_start (client, seconds);

  if (status == NBOARD_CLIENT_OK && depth > 0)
    status = nboard_client_set_depth (client, depth);
  return status;
}

/* The engine's `set myname`: the client names an engine without one by its command. */
static const char *client_own_name (NboardClient *client, const char *command)
{
  const char *name = nboard_client_name (client);

  return strcmp (name, command) != 0 ? name : NULL;
}

typedef struct {
  NotationGame game;
  double start_seconds;
  double seconds;
  NboardMove answer;  /* written by the worker before the task returns */
} MoveRequest;

static void move_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  VersoHostedEngine *self = source;
  MoveRequest *request = task_data;
  int cancel_fd = cancellable ? g_cancellable_get_fd (cancellable) : -1;
  NboardClientStatus status = NBOARD_CLIENT_OK;
  gboolean at_start = FALSE;
  GError *error = NULL;
  NboardMove move;

  g_mutex_lock (&self->lock);
  if (g_cancellable_is_cancelled (cancellable)) {
    g_mutex_unlock (&self->lock);
    if (cancel_fd >= 0)
      g_cancellable_release_fd (cancellable);
    g_task_return_error_if_cancelled (task);
    return;
  }
  nboard_client_set_cancel (self->client, cancel_fd);
  if (!nboard_client_running (self->client)) {
    at_start = TRUE;
    status = start_client (self->client, request->start_seconds, self->depth);
    if (status == NBOARD_CLIENT_OK) {
      g_mutex_lock (&self->name_lock);
      g_free (self->name);
      self->name = g_strdup (client_own_name (self->client, self->command));
      g_mutex_unlock (&self->name_lock);
    }
  }
  if (status == NBOARD_CLIENT_OK) {
    at_start = FALSE;
    status = nboard_client_go (self->client, &request->game, request->seconds, &move);
  }
  nboard_client_set_cancel (self->client, -1);
  if (status != NBOARD_CLIENT_OK)
    error = engine_error (self->client, status, at_start);
  atomic_store (&self->running, nboard_client_running (self->client));
  g_mutex_unlock (&self->lock);
  if (cancel_fd >= 0)
    g_cancellable_release_fd (cancellable);

  if (error) {
    g_task_return_error (task, error);
  } else {
    request->answer = move;
    g_task_return_int (task, move.move);
  }
}

void verso_hosted_engine_choose_move_async (VersoHostedEngine *self, const NotationGame *game,
                                            double start_seconds, double seconds,
                                            GCancellable *cancellable,
                                            GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  MoveRequest *request;

  g_return_if_fail (VERSO_IS_HOSTED_ENGINE (self));
  g_return_if_fail (game != NULL && start_seconds > 0 && seconds > 0);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, verso_hosted_engine_choose_move_async);
  request = g_new0 (MoveRequest, 1);
  request->game = *game;
  request->start_seconds = start_seconds;
  request->seconds = seconds;
  g_task_set_task_data (task, request, g_free);
  g_task_run_in_thread (task, move_thread);
}

int verso_hosted_engine_choose_move_finish (VersoHostedEngine *self, GAsyncResult *result,
                                            GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), -1);
  return (int) g_task_propagate_int (G_TASK (result), error);
}

gboolean verso_hosted_engine_choose_move_get_score (VersoHostedEngine *self, GAsyncResult *result,
                                                    double *score)
{
  const MoveRequest *request;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == verso_hosted_engine_choose_move_async,
                        FALSE);

  /* The worker wrote the answer before it returned the task, which the caller has now finished. */
  request = g_task_get_task_data (G_TASK (result));
  if (score)
    *score = request->answer.has_score ? request->answer.score : 0;
  return request->answer.has_score;
}

/* Checking a command: a client of its own, started, named and stopped in the worker. */
typedef struct {
  char *command;
  double seconds;
} CheckRequest;

static void check_request_free (CheckRequest *request)
{
  g_free (request->command);
  g_free (request);
}

static void check_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  CheckRequest *request = task_data;
  NboardClient *client = nboard_client_new (request->command);
  int cancel_fd = cancellable ? g_cancellable_get_fd (cancellable) : -1;
  NboardClientStatus status;

  (void) source;
  if (!client)
    g_error ("Out of memory for an engine");
  nboard_client_set_cancel (client, cancel_fd);
  status = nboard_client_start (client, request->seconds);
  nboard_client_set_cancel (client, -1);
  if (cancel_fd >= 0)
    g_cancellable_release_fd (cancellable);
  if (status == NBOARD_CLIENT_OK)
    g_task_return_pointer (task, g_strdup (nboard_client_name (client)), g_free);
  else
    g_task_return_error (task, engine_error (client, status, TRUE));
  nboard_client_free (client);
}

void verso_hosted_engine_check_async (const char *command, double seconds,
                                      GCancellable *cancellable, GAsyncReadyCallback callback,
                                      gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  CheckRequest *request;

  g_return_if_fail (command != NULL && *command);
  g_return_if_fail (seconds > 0);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, verso_hosted_engine_check_async);
  request = g_new (CheckRequest, 1);
  request->command = g_strdup (command);
  request->seconds = seconds;
  g_task_set_task_data (task, request, (GDestroyNotify) check_request_free);
  g_task_run_in_thread (task, check_thread);
}

char *verso_hosted_engine_check_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == verso_hosted_engine_check_async, NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
