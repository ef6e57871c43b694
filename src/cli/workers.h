/* workers.h: the same job on several threads, for the commands and generators that share their
 * work out (a ladder of games, a list of positions to search or games to play). */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "search.h"

/* Runs worker (data) on `threads` threads and waits for them all; on the caller's thread alone
 * when none starts. Returns how many threads ran it (0: only the caller). */
int workers_run (int threads, void *(*worker) (void *), void *data);

/* Calls job (data, search, index) for every index from 0 to count - 1, once each and in no fixed
 * order, shared out among `threads` threads that each search with a Search of their own of
 * hash_bytes. False when a Search could not be made: some indices were then left out. */
bool workers_search_each (int threads, size_t count, size_t hash_bytes,
                          void (*job) (void *data, Search *search, size_t index), void *data);

/* workers_search_each for jobs that play two engines against each other, each thinking in a table
 * of its own: every thread has two Searches of hash_bytes. */
bool workers_search_pairs (int threads, size_t count, size_t hash_bytes,
                           void (*job) (void *data, Search *first, Search *second, size_t index),
                           void *data);
