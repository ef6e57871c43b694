/* test-main-loop.h: what the game model's tests share: running the default main context while
 * workers answer, until a condition holds or for a while. */
#pragma once

#include <glib.h>

/* Runs the main context until condition (data) holds or seconds pass; returns the condition. */
static inline gboolean wait_for (gboolean (*condition) (gpointer), gpointer data, double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (!condition (data) && g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  return condition (data);
}

/* Runs the main context for seconds. */
static inline void run_for (double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}
