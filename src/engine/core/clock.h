/* clock.h: the one monotonic clock of the engine and its tools, in seconds. It never jumps
 * with the wall clock, so it is what time limits, timings and benchmarks measure with. */
#pragma once

#include <time.h>

static inline double clock_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}
