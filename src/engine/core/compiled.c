/* compiled.c: compiled-in data decoded once (compiled.h). After the first call each one is a
 * single atomic load: the search asks for the book and the weights at every move. */
#include "compiled.h"

#include <stdio.h>

static void decode (Compiled *compiled)
{
  pthread_mutex_lock (&compiled->lock);
  if (!atomic_load_explicit (&compiled->done, memory_order_relaxed)) {
    if (*compiled->size == 0 && compiled->missing)
      snprintf (compiled->error, sizeof compiled->error, "%s", compiled->missing);
    else
      compiled->value = compiled->decode (compiled->bytes, *compiled->size, compiled->error,
                                          sizeof compiled->error);
    atomic_store_explicit (&compiled->done, true, memory_order_release);
  }
  pthread_mutex_unlock (&compiled->lock);
}

void *compiled_get (Compiled *compiled)
{
  if (!atomic_load_explicit (&compiled->done, memory_order_acquire))
    decode (compiled);
  return compiled->value;
}

const char *compiled_error (Compiled *compiled)
{
  return compiled_get (compiled) ? NULL : compiled->error;
}
