/* verso-window-stall-probe.c: with VERSO_DEBUG_STALLS set, measures the longest gap between
 * main-loop turns while the computer thinks, the game is reviewed or scores are shown, and logs
 * it after; while scores are shown, it also logs each depth they reach and when. */
#include "verso-game-analysis.h"
#include "verso-window-private.h"

#include <time.h>

static gint64 thread_cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

/* The wall-clock gap shows what a person would see; the CPU time the main thread spent in the
 * gap shows what our code cost, apart from waiting for a busy machine's processors. */
static gboolean stall_probe_tick (gpointer user_data)
{
  VersoWindow *self = user_data;
  gint64 now = g_get_monotonic_time (), cpu = thread_cpu_time ();

  self->stall_longest = MAX (self->stall_longest, now - self->stall_last);
  self->stall_cpu_longest = MAX (self->stall_cpu_longest, cpu - self->stall_cpu_last);
  self->stall_last = now;
  self->stall_cpu_last = cpu;
  return G_SOURCE_CONTINUE;
}

void window_update_stall_probe (VersoWindow *self)
{
  /* While the computer thinks, the game is being analysed or the position's scores are shown. */
  gboolean thinking = self->game && (verso_game_get_thinking (self->game) || self->review_cancellable
                                     || verso_game_get_show_scores (self->game));

  if (!g_getenv ("VERSO_DEBUG_STALLS"))
    return;
  if (thinking && !self->stall_probe) {
    self->thinking_since = self->stall_last = self->scores_since = g_get_monotonic_time ();
    self->scores_logged_depth = 0;
    self->stall_cpu_last = thread_cpu_time ();
    self->stall_longest = self->stall_cpu_longest = 0;
    self->stall_probe = g_timeout_add (1, stall_probe_tick, self);
  } else if (!thinking && self->stall_probe) {
    g_clear_handle_id (&self->stall_probe, g_source_remove);
    g_message ("stall probe: thought %.3f s, longest main-loop gap %.2f ms, of which main-thread CPU %.2f ms",
               (g_get_monotonic_time () - self->thinking_since) / 1e6, self->stall_longest / 1e3,
               self->stall_cpu_longest / 1e3);
  }
}

/* The scores shown reached a new depth (or became exact): when, since they were first asked for
 * in this position, and the longest gap so far. */
void window_stall_probe_scores (VersoWindow *self, const Analysis *scores)
{
  if (!self->stall_probe)
    return;
  if (!scores) {
    self->scores_since = g_get_monotonic_time ();
    self->scores_logged_depth = 0;
    return;
  }
  if (scores->depth <= self->scores_logged_depth && !scores->exact)
    return;
  self->scores_logged_depth = scores->exact ? G_MAXINT : scores->depth;
  g_message ("stall probe: scores at depth %d%s after %.3f s, longest main-loop gap %.2f ms, of which main-thread CPU %.2f ms",
             scores->depth, scores->exact ? " (exact)" : "", (g_get_monotonic_time () - self->scores_since) / 1e6,
             self->stall_longest / 1e3, self->stall_cpu_longest / 1e3);
}
