/* search_internal.h: the state one searching thread works on, shared by the search modules. */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "eval.h"
#include "hash.h"
#include "search.h"

/* Positions being searched by some thread right now (by hash key, 0 = free slot). */
#define SEARCH_BUSY_SLOTS 4096

/* What all threads of one search_run share. */
typedef struct SearchShared {
  const SearchLimits *limits;
  const Evaluation *evaluation;
  HashTable *hash;
  double start;                /* clock_seconds () */
  double hard_deadline;        /* 0 = none */
  atomic_bool abort;           /* a limit was reached, or the main thread finished */
  atomic_uint_fast64_t nodes;  /* nodes reported by the threads so far */
  _Atomic uint64_t busy[SEARCH_BUSY_SLOTS];
} SearchShared;

/* One thread's private state. */
typedef struct SearchThread {
  SearchShared *shared;
  const Evaluation *evaluation;
  HashTable *hash;
  Rules rules;                 /* scores are this game's (see search_set_rules) */
  int id;                      /* 0 is the main thread */
  uint64_t nodes;
  uint64_t reported_nodes;     /* part of `nodes` already added to shared->nodes */
  uint64_t next_poll;
  bool aborted;
  int probcut_percent;         /* ProbCut's margin in hundredths of sigma; 0: no cuts */
  int endgame_probcut_percent; /* the same in the endgame solver; 0: exact (the default) */
  _Atomic uint64_t *busy;      /* shared->busy when there are several threads, else NULL */
  /* The exact solver for this CPU and these rules (see endgame.h). */
  int (*endgame) (struct SearchThread *thread, const Board *board, int alpha, int beta);
} SearchThread;

/* How often (in nodes) a thread looks at the clock and the stop flag. */
#define SEARCH_POLL_NODES 1024

/* Looks at the stop flag, the clock and the node budget; true when the search must end. */
bool search_thread_poll (SearchThread *thread);

static inline bool search_thread_aborted (SearchThread *thread)
{
  if (thread->nodes >= thread->next_poll)
    return search_thread_poll (thread);
  return thread->aborted;
}

/* The busy table: a thread marks the position it enters, so others may put it off. */
static inline void search_busy_enter (SearchThread *thread, uint64_t key)
{
  uint64_t expected = 0;
  atomic_compare_exchange_strong_explicit (&thread->busy[key % SEARCH_BUSY_SLOTS], &expected,
                                           key, memory_order_relaxed, memory_order_relaxed);
}

static inline void search_busy_leave (SearchThread *thread, uint64_t key)
{
  uint64_t expected = key;
  atomic_compare_exchange_strong_explicit (&thread->busy[key % SEARCH_BUSY_SLOTS], &expected, 0,
                                           memory_order_relaxed, memory_order_relaxed);
}

static inline bool search_busy_elsewhere (SearchThread *thread, uint64_t key)
{
  return atomic_load_explicit (&thread->busy[key % SEARCH_BUSY_SLOTS], memory_order_relaxed)
         == key;
}

/* What the main thread's time management (search_time.c) remembers between iterations. */
typedef struct TimeKeeper {
  double iteration_start;
  double last_seconds, before_last_seconds; /* durations of the last two iterations */
  int previous_move, stable;
  int previous_score;
  int iterations;
} TimeKeeper;

/* After a midgame iteration: deepen, stop, or go on to the exact solve now. */
typedef enum TimeDecision { TIME_DEEPEN, TIME_STOP, TIME_SOLVE } TimeDecision;

TimeDecision search_time_after_iteration (TimeKeeper *keeper, SearchThread *thread, int n_moves,
                                          int empties, bool solve, int best_move, int score);

/* Takes a move's score into a fail-soft search's best so far (and its move, when best_move is not
 * NULL) and alpha: true when it reaches beta, a cutoff. */
static inline bool search_take_score (int score, int move, int *best, int *best_move, int *alpha,
                                      int beta)
{
  if (score <= *best)
    return false;
  *best = score;
  if (best_move)
    *best_move = move;
  if (score <= *alpha)
    return false;
  *alpha = score;
  return score >= beta;
}

/* Scores: midgame in EVAL_SCALE units, endgame in discs. */
#define SEARCH_SCORE_INF (EVAL_MAX + 1)
