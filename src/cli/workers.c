/* workers.c: the same job on several threads (workers.h). */
#include "workers.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define WORKERS_MAX 64

int workers_run (int threads, void *(*worker) (void *), void *data)
{
  assert (threads >= 1 && threads <= WORKERS_MAX && worker);
  pthread_t started[WORKERS_MAX];
  int count = 0;
  for (; count < threads; count++)
    if (pthread_create (&started[count], NULL, worker, data) != 0)
      break;
  if (count == 0)
    worker (data);
  for (int k = 0; k < count; k++)
    pthread_join (started[k], NULL);
  return count;
}

/* The jobs of workers_search_each (job) or workers_search_pairs (pair_job), one of them set. */
typedef struct SearchEach {
  size_t count, hash_bytes;
  void (*job) (void *data, Search *search, size_t index);
  void (*pair_job) (void *data, Search *first, Search *second, size_t index);
  void *data;
  atomic_size_t next;
  atomic_bool failed;
} SearchEach;

static void *search_each_worker (void *data)
{
  SearchEach *each = data;
  Search *first = search_new (each->hash_bytes);
  Search *second = each->pair_job ? search_new (each->hash_bytes) : NULL;
  if (first && (second || !each->pair_job)) {
    for (size_t index; (index = atomic_fetch_add (&each->next, 1)) < each->count;) {
      if (each->pair_job)
        each->pair_job (each->data, first, second, index);
      else
        each->job (each->data, first, index);
    }
  } else {
    atomic_store (&each->failed, true);
  }
  search_free (first);
  search_free (second);
  return NULL;
}

static bool run_each (int threads, SearchEach *each)
{
  atomic_init (&each->next, 0);
  atomic_init (&each->failed, false);
  workers_run (threads, search_each_worker, each);
  return !atomic_load (&each->failed);
}

bool workers_search_each (int threads, size_t count, size_t hash_bytes,
                          void (*job) (void *data, Search *search, size_t index), void *data)
{
  assert (job);
  SearchEach each = { .count = count, .hash_bytes = hash_bytes, .job = job, .data = data };
  return run_each (threads, &each);
}

bool workers_search_pairs (int threads, size_t count, size_t hash_bytes,
                           void (*job) (void *data, Search *first, Search *second, size_t index),
                           void *data)
{
  assert (job);
  SearchEach each = { .count = count, .hash_bytes = hash_bytes, .pair_job = job, .data = data };
  return run_each (threads, &each);
}
