/* verso-computer.c: runs the engine in a GTask worker thread; the task's GCancellable sets the
 * engine's stop flag, so a cancelled search ends within a few thousand nodes. Moves and analyses
 * (analysis.h) share the computer's one search, one at a time. */
#include "verso-computer.h"

#include <stdatomic.h>

/* Enough for the deepest level's search; allocated once, on the first move. */
#define COMPUTER_HASH_BYTES ((size_t) 32 << 20)

struct _VersoComputer {
  GObject parent_instance;

  GMutex search_lock; /* held by the one worker that uses search */
  Search *search;
  Rules rules;        /* of the next request; read and written in the owner's thread only */
  guint analysis_threads; /* of the next analysis, the same way; 0: one a processor core */
  double move_seconds;    /* of the next move, the same way; 0: the level's own time */
};

G_DEFINE_FINAL_TYPE (VersoComputer, verso_computer, G_TYPE_OBJECT)

typedef struct {
  Board board;
  Rules rules;
  LevelMix mix;        /* a level is a mix of it with itself */
  double move_seconds; /* at most this long, when above 0 (a clock's share) */
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

void verso_computer_set_analysis_threads (VersoComputer *self, guint threads)
{
  g_return_if_fail (VERSO_IS_COMPUTER (self));
  self->analysis_threads = threads;
}

void verso_computer_set_move_seconds (VersoComputer *self, double seconds)
{
  g_return_if_fail (VERSO_IS_COMPUTER (self));
  self->move_seconds = seconds > 0 ? seconds : 0;
}

void verso_computer_set_rules (VersoComputer *self, Rules rules)
{
  g_return_if_fail (VERSO_IS_COMPUTER (self));
  g_return_if_fail (rules == RULES_STANDARD || rules == RULES_REVERSE);
  self->rules = rules;
}

static SearchResult computer_think (Search *search, Request *request)
{
  SearchResult result;

  Level level = *level_get (level_mix_draw (&request->mix, request->seed));

  /* On a clock the level thinks no longer than the clock allows (its hard limit). */
  if (request->move_seconds > 0 && (level.seconds <= 0 || level.seconds > request->move_seconds))
    level.seconds = request->move_seconds;
  level_choose_move_with (search, &request->board, &level, request->seed, &request->stop, &result);
  return result;
}

/* Waits for the computer's one search and takes it, making it the first time and setting it to
 * the request's rules. FALSE, with the task returned (cancelled, or out of memory) and nothing
 * held, when the task is not to run. */
static gboolean lock_search (VersoComputer *self, GTask *task, Rules rules)
{
  g_mutex_lock (&self->search_lock);
  if (g_task_return_error_if_cancelled (task)) {
    g_mutex_unlock (&self->search_lock);
    return FALSE;
  }
  if (!self->search)
    self->search = search_new (COMPUTER_HASH_BYTES);
  if (!self->search) {
    g_mutex_unlock (&self->search_lock);
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "Not enough memory for the engine");
    return FALSE;
  }
  /* Changing the rules forgets the table (search.h): only a change sets them. */
  if (search_get_rules (self->search) != rules)
    search_set_rules (self->search, rules);
  /* Making the table takes a moment the first time; a stop in it needs no search. */
  if (g_task_return_error_if_cancelled (task)) {
    g_mutex_unlock (&self->search_lock);
    return FALSE;
  }
  return TRUE;
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

  if (!lock_search (self, task, request->rules))
    return;
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
  request->rules = self->rules;
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
  g_return_if_fail (VERSO_IS_COMPUTER (self));
  g_return_if_fail (board != NULL);
  g_return_if_fail (level >= 0 && level < LEVEL_COUNT);

  verso_computer_choose_mix_move_async (self, board, &(LevelMix) { level, level, 0.0 }, seed, cancellable,
                                        callback, user_data);
}

void verso_computer_choose_mix_move_async (VersoComputer *self, const Board *board,
                                           const LevelMix *mix, guint64 seed,
                                           GCancellable *cancellable, GAsyncReadyCallback callback,
                                           gpointer user_data)
{
  Request *request;

  g_return_if_fail (VERSO_IS_COMPUTER (self));
  g_return_if_fail (board != NULL && mix != NULL);
  g_return_if_fail (mix->lower >= 0 && mix->upper < LEVEL_COUNT && mix->weight >= 0 && mix->weight <= 1);

  request = g_new0 (Request, 1);
  request->board = *board;
  request->mix = *mix;
  request->move_seconds = self->move_seconds;
  request->seed = seed;
  computer_start (self, request, cancellable, callback, user_data, verso_computer_choose_move_async);
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

/* Analyses. The worker's progress reaches the caller's main context through one pending copy:
 * the latest refinement replaces an undelivered one, and deliveries are at least
 * PROGRESS_INTERVAL_US apart. The worker marks the channel finished before the task returns, so
 * a delivery dispatched after that (or after a cancel) is dropped on the main side. */
#define PROGRESS_INTERVAL_US (50 * 1000)

typedef struct {
  GMutex lock;
  Analysis pending;         /* the latest refinement not yet delivered */
  gboolean scheduled;       /* a delivery source is attached for it */
  gboolean finished;        /* the task has returned (or is about to) */
  gint64 last_delivery;     /* monotonic time of the last delivery */
  GMainContext *context;
  GCancellable *cancellable; /* may be NULL */
  VersoAnalysisProgress progress;
  gpointer progress_data;
} ProgressChannel;

static void progress_channel_clear (ProgressChannel *channel)
{
  g_mutex_clear (&channel->lock);
  g_main_context_unref (channel->context);
  g_clear_object (&channel->cancellable);
}

static void progress_channel_unref (ProgressChannel *channel)
{
  g_atomic_rc_box_release_full (channel, (GDestroyNotify) progress_channel_clear);
}

typedef struct {
  Board board;
  Rules rules;
  int depth;
  double seconds;
  int exact_empties;
  int threads;
  atomic_bool stop;
  GCancellable *cancellable;
  gulong cancelled_id;
  ProgressChannel *channel; /* NULL without a progress callback */
} AnalysisRequest;

static void analysis_request_free (AnalysisRequest *request)
{
  if (request->cancellable) {
    g_cancellable_disconnect (request->cancellable, request->cancelled_id);
    g_object_unref (request->cancellable);
  }
  if (request->channel)
    progress_channel_unref (request->channel);
  g_free (request);
}

static void on_analysis_cancelled (GCancellable *cancellable, AnalysisRequest *request)
{
  atomic_store (&request->stop, true);
}

/* In the caller's main context. */
static gboolean deliver_progress (gpointer user_data)
{
  ProgressChannel *channel = user_data;
  g_autofree Analysis *analysis = NULL;

  g_mutex_lock (&channel->lock);
  channel->scheduled = FALSE;
  channel->last_delivery = g_get_monotonic_time ();
  if (!channel->finished && !g_cancellable_is_cancelled (channel->cancellable))
    analysis = g_memdup2 (&channel->pending, sizeof channel->pending);
  g_mutex_unlock (&channel->lock);
  /* Called without the lock: the worker goes on while the main side reads its copy. */
  if (analysis)
    channel->progress (analysis, channel->progress_data);
  return G_SOURCE_REMOVE;
}

/* In the worker, from analysis_run. */
static void post_progress (const Analysis *analysis, void *user_data)
{
  ProgressChannel *channel = user_data;
  gint64 wait;
  GSource *source;

  g_mutex_lock (&channel->lock);
  channel->pending = *analysis;
  if (channel->scheduled || channel->finished) {
    g_mutex_unlock (&channel->lock);
    return;
  }
  channel->scheduled = TRUE;
  wait = channel->last_delivery + PROGRESS_INTERVAL_US - g_get_monotonic_time ();
  g_mutex_unlock (&channel->lock);

  source = g_timeout_source_new (wait > 0 ? (guint) (wait / 1000) + 1 : 0);
  g_source_set_callback (source, deliver_progress, g_atomic_rc_box_acquire (channel),
                         (GDestroyNotify) progress_channel_unref);
  g_source_set_static_name (source, "[verso] analysis progress");
  g_source_attach (source, channel->context);
  g_source_unref (source);
}

static void analysis_thread (GTask *task, gpointer source, gpointer task_data,
                             GCancellable *cancellable)
{
  VersoComputer *self = source;
  AnalysisRequest *request = task_data;
  SearchLimits limits = search_limits_default ();
  Analysis *analysis;

  if (!lock_search (self, task, request->rules))
    return;
  limits.max_depth = request->depth;
  /* An iteration over every move may take long: the hard limit keeps the promised time. */
  limits.soft_time = request->seconds * 0.5;
  limits.hard_time = request->seconds;
  limits.exact_empties = request->exact_empties;
  limits.threads = request->threads;
  limits.stop = &request->stop;
  analysis = g_new0 (Analysis, 1);
  analysis_run (self->search, &request->board, &limits,
                request->channel ? post_progress : NULL, request->channel, analysis);
  g_mutex_unlock (&self->search_lock);

  if (request->channel) {
    g_mutex_lock (&request->channel->lock);
    request->channel->finished = TRUE;
    g_mutex_unlock (&request->channel->lock);
  }
  g_task_return_pointer (task, analysis, g_free);
}

void verso_computer_analyse_async (VersoComputer *self, const Board *board, int depth,
                                   double seconds, int exact_empties,
                                   VersoAnalysisProgress progress, gpointer progress_data,
                                   GCancellable *cancellable, GAsyncReadyCallback callback,
                                   gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  AnalysisRequest *request;

  g_return_if_fail (VERSO_IS_COMPUTER (self));
  g_return_if_fail (board != NULL);
  g_return_if_fail (depth >= 0 && seconds >= 0);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, verso_computer_analyse_async);
  request = g_new0 (AnalysisRequest, 1);
  request->board = *board;
  request->rules = self->rules;
  request->depth = depth;
  request->seconds = seconds;
  request->exact_empties = exact_empties;
  request->threads = self->analysis_threads > 0 ? (int) self->analysis_threads
                                                : MAX (1, (int) g_get_num_processors ());
  atomic_init (&request->stop, false);
  if (progress) {
    request->channel = g_atomic_rc_box_new0 (ProgressChannel);
    g_mutex_init (&request->channel->lock);
    request->channel->context = g_main_context_ref_thread_default ();
    request->channel->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
    request->channel->progress = progress;
    request->channel->progress_data = progress_data;
  }
  if (cancellable) {
    request->cancellable = g_object_ref (cancellable);
    request->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (on_analysis_cancelled),
                                                   request, NULL);
  }
  g_task_set_task_data (task, request, (GDestroyNotify) analysis_request_free);
  g_task_run_in_thread (task, analysis_thread);
}

gboolean verso_computer_analyse_finish (VersoComputer *self, GAsyncResult *result,
                                        Analysis *analysis, GError **error)
{
  g_autofree Analysis *answer = NULL;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == verso_computer_analyse_async, FALSE);

  answer = g_task_propagate_pointer (G_TASK (result), error);
  if (!answer)
    return FALSE;
  if (analysis)
    *analysis = *answer;
  return TRUE;
}
