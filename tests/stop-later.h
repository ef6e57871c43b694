/* stop-later.h: a thread that sets a search's stop flag after a delay and notes when, for the
 * tests and benchmarks that measure how soon a search ends once told to stop. */
#pragma once

#include <stdatomic.h>
#include <time.h>

#include "clock.h"

typedef struct Stopper {
  atomic_bool *stop;
  double delay;      /* seconds */
  double stopped_at; /* clock_seconds () when the flag was set; read after the join */
} Stopper;

/* The thread's function (pthread_create (&thread, NULL, stop_later, &stopper)). */
static inline void *stop_later (void *data)
{
  Stopper *stopper = data;
  struct timespec pause = { (time_t) stopper->delay,
                            (long) ((stopper->delay - (double) (time_t) stopper->delay) * 1e9) };
  nanosleep (&pause, NULL);
  stopper->stopped_at = clock_seconds ();
  atomic_store (stopper->stop, true);
  return NULL;
}
