/* search.c: the Search object, iterative deepening with aspiration windows at the root, and the
 * threads of a search (lazy SMP: every thread searches the root, sharing the table); the time
 * management is search_time.c's. */
#include "search.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "endgame.h"
#include "eval_pattern.h"
#include "midgame.h"
#include "move_order.h"
#include "search_internal.h"

#define SEARCH_MAX_THREADS 64
/* Before solving n empties, a midgame search of n - SEARCH_PRESOLVE_MARGIN plies (at most
 * SEARCH_PRESOLVE_MAX_DEPTH) fills the table with good moves to try first. With ProbCut a
 * 12-ply one pays on fforum-20-39 (5 % fewer nodes, 3 % less time than 10; 14 cost more). */
#define SEARCH_PRESOLVE_MARGIN 6
#define SEARCH_PRESOLVE_MAX_DEPTH 12
/* From this many empties a selective solve (ProbCut at SEARCH_PROBCUT_PERCENT hundredths of
 * sigma, endgame.h) comes between the pre-search and the exact solve: its moves, left in the
 * table, order the exact solve's. fforum-20-39: 110.6 M -> 81.3 M nodes, 2.87 -> 2.32 s; with
 * 75, 125 hundredths 86.5 M, 84.1 M; from 14 empties fforum-1-19 took 14 % more nodes, from
 * 16 3 %, so from 20. */
#define SEARCH_SELECTIVE_SOLVE_EMPTIES 20
/* ProbCut's margin: a deep search is skipped when the shallow one predicts it beyond the window
 * by this many hundredths of the prediction's standard deviation. */
#ifndef SEARCH_PROBCUT_PERCENT
#define SEARCH_PROBCUT_PERCENT 100
#endif

struct Search {
  const Evaluation *evaluation;         /* under RULES_STANDARD */
  const Evaluation *reverse_evaluation; /* under RULES_REVERSE */
  Rules rules;
  HashTable hash;
  bool exhaustive; /* the table holds full-width results only (see SearchLimits.exhaustive) */
};

/* A thread's view of the root: its moves in the order it will search them. */
typedef struct Root {
  SearchThread thread;
  const Board *board;
  MoveList moves;
  SearchResult result; /* filled by the main thread only */
  /* A move of the iteration under way proven better than its first one (the best of the
   * iteration before): what to play when the time runs out before the iteration ends. */
  int improved_move;
  SearchProgress progress;
  void *user_data;
} Root;

bool search_thread_poll (SearchThread *thread)
{
  SearchShared *shared = thread->shared;
  const SearchLimits *limits = shared->limits;
  thread->next_poll = thread->nodes + SEARCH_POLL_NODES;
  uint64_t total = atomic_fetch_add_explicit (&shared->nodes, thread->nodes - thread->reported_nodes,
                                              memory_order_relaxed)
                 + (thread->nodes - thread->reported_nodes);
  thread->reported_nodes = thread->nodes;
  if (atomic_load_explicit (&shared->abort, memory_order_relaxed)
      || (limits->stop && atomic_load_explicit (limits->stop, memory_order_relaxed))
      || (limits->max_nodes && total >= limits->max_nodes)
      || (shared->hard_deadline > 0 && clock_seconds () >= shared->hard_deadline)) {
    atomic_store_explicit (&shared->abort, true, memory_order_relaxed);
    thread->aborted = true;
  }
  return thread->aborted;
}

SearchLimits search_limits_default (void)
{
  SearchLimits limits = {
    .max_depth = 60,
    .exact_empties = 20,
    .threads = 1,
  };
  return limits;
}

Search *search_new (size_t hash_bytes)
{
  Search *search = calloc (1, sizeof *search);
  if (!search)
    return NULL;
  if (!hash_init (&search->hash, hash_bytes ? hash_bytes : SEARCH_DEFAULT_HASH_BYTES)) {
    free (search);
    return NULL;
  }
  search->evaluation = eval_pattern (); /* the trained evaluation, or the simple one without weights */
  search->reverse_evaluation = eval_reverse ();
  search->rules = RULES_STANDARD;
  return search;
}

void search_free (Search *search)
{
  if (!search)
    return;
  hash_destroy (&search->hash);
  free (search);
}

void search_set_evaluation (Search *search, const Evaluation *evaluation)
{
  assert (search);
  if (!evaluation)
    evaluation = eval_pattern ();
  if (evaluation != search->evaluation)
    hash_clear (&search->hash); /* scores of another evaluation would mislead */
  search->evaluation = evaluation;
}

void search_set_reverse_evaluation (Search *search, const Evaluation *evaluation)
{
  assert (search);
  if (!evaluation)
    evaluation = eval_reverse ();
  if (evaluation != search->reverse_evaluation)
    hash_clear (&search->hash);
  search->reverse_evaluation = evaluation;
}

void search_set_rules (Search *search, Rules rules)
{
  assert (search);
  assert (rules == RULES_STANDARD || rules == RULES_REVERSE);
  if (rules != search->rules)
    hash_clear (&search->hash); /* the other game's scores would mislead */
  search->rules = rules;
}

Rules search_get_rules (const Search *search)
{
  assert (search);
  return search->rules;
}

/* The evaluation the rules call for. */
static const Evaluation *search_evaluation (const Search *search)
{
  return search->rules == RULES_REVERSE ? search->reverse_evaluation : search->evaluation;
}

void search_clear (Search *search)
{
  assert (search);
  hash_clear (&search->hash);
}

/* Discs from EVAL_SCALE units, rounded to the nearest. */
static int score_to_discs (int score)
{
  return score >= 0 ? (score + EVAL_SCALE / 2) / EVAL_SCALE
                    : -((-score + EVAL_SCALE / 2) / EVAL_SCALE);
}

int search_evaluate (const Search *search, const Board *board)
{
  assert (search && board);
  return score_to_discs (eval_board (search_evaluation (search), board));
}

/* One child of the root, in the root's units: discs when exact, else EVAL_SCALE units. */
static int root_child (SearchThread *thread, const Board *next, int alpha, int beta, int depth,
                       bool exact)
{
  if (exact)
    return -endgame_solve (thread, next, -beta, -alpha);
  return -midgame_search (thread, next, -beta, -alpha, depth - 1, false);
}

/* Principal variation search over the root moves; the moves come back ordered for the next
 * iteration (best first). Returns the score, and the best move in *best_move. */
static int root_search (Root *root, int alpha, int beta, int depth, bool exact, int *best_move)
{
  SearchThread *thread = &root->thread;
  MoveList *list = &root->moves;
  int best = -SEARCH_SCORE_INF, best_index = 0;
  int deferred[MOVE_LIST_MAX], n_deferred = 0;
  for (int i = 0, k = 0; i < list->count || k < n_deferred; ) {
    bool from_list = i < list->count;
    int index = from_list ? i++ : deferred[k++];
    const Move *move = &list->moves[index];
    Board next = *root->board;
    board_play_flips (&next, move->square, move->flips);
    int score;
    if (best == -SEARCH_SCORE_INF) {
      score = root_child (thread, &next, alpha, beta, depth, exact);
    } else {
      /* Another thread is on this move: take the others first. */
      if (from_list && thread->busy && search_busy_elsewhere (thread, board_hash (&next))) {
        deferred[n_deferred++] = index;
        continue;
      }
      score = root_child (thread, &next, alpha, alpha + 1, depth, exact);
      /* Beating the null window proves the move better than the first one. */
      if (!thread->aborted && score > alpha && score > best)
        root->improved_move = move->square;
      if (score > alpha && score < beta)
        score = root_child (thread, &next, score, beta, depth, exact);
    }
    if (thread->aborted)
      return 0;
    if (search_take_score (score, index, &best, &best_index, &alpha, beta))
      break;
  }
  /* Best first, the others keep their order: their bounds say little. */
  Move best_entry = list->moves[best_index];
  memmove (&list->moves[1], &list->moves[0], sizeof (Move) * (size_t) best_index);
  list->moves[0] = best_entry;
  *best_move = best_entry.square;
  return best;
}

/* Searches with a window around `guess`, widening it until the score falls inside. */
static int root_aspiration (Root *root, int guess, int delta, int bound, int depth, bool exact,
                            int *best_move)
{
  int alpha = guess - delta, beta = guess + delta;
  if (alpha < -bound)
    alpha = -bound;
  if (beta > bound)
    beta = bound;
  for (;;) {
    int score = root_search (root, alpha, beta, depth, exact, best_move);
    if (root->thread.aborted)
      return 0;
    if (score <= alpha && alpha > -bound) {
      delta *= 2;
      alpha = score - delta < -bound ? -bound : score - delta;
    } else if (score >= beta && beta < bound) {
      delta *= 2;
      beta = score + delta > bound ? bound : score + delta;
    } else {
      return score;
    }
  }
}

/* Whether `move` keeps the exact score `expected` of the board (for its side to move). */
static bool move_keeps_score (SearchThread *thread, const Board *board, int move, int expected)
{
  Board next = *board;
  board_play (&next, move);
  return -endgame_solve (thread, &next, -expected - 1, -expected + 1) == expected;
}

/* The moves the table remembers after the root move, checked for legality. An exact variation
 * is checked move by move to keep the score, and completed near the end by solving. */
static void root_extract_pv (Root *root, int first_move, int score, bool exact,
                             SearchResult *result)
{
  SearchThread *thread = &root->thread;
  Board board = *root->board;
  int length = 0;
  result->pv[length++] = first_move;
  board_play (&board, first_move);
  int expected = -score; /* exact score of `board` for its side to move */
  while (length < SEARCH_MAX_PLY) {
    uint64_t moves = board_legal_moves (&board);
    if (!moves) {
      Board passed = { board.opponent, board.player };
      if (!board_legal_moves (&passed))
        break;
      result->pv[length++] = BOARD_PASS;
      board = passed;
      expected = -expected;
      continue;
    }
    int move = BOARD_NO_MOVE;
    HashHit hit;
    if (hash_probe (thread->hash, board_hash (&board), &hit) && hit.move < 64
        && (moves & board_bit (hit.move)))
      move = hit.move;
    if (exact) {
      if (move != BOARD_NO_MOVE && !move_keeps_score (thread, &board, move, expected))
        move = BOARD_NO_MOVE;
      if (move == BOARD_NO_MOVE && board_empties (&board) <= 14) {
        for (uint64_t m = moves; m; m &= m - 1)
          if (move_keeps_score (thread, &board, __builtin_ctzll (m), expected)) {
            move = __builtin_ctzll (m);
            break;
          }
      }
    }
    if (move == BOARD_NO_MOVE || thread->aborted)
      break;
    result->pv[length++] = move;
    board_play (&board, move);
    expected = -expected;
  }
  result->pv_length = length;
}

static void root_report (Root *root, int move, int score, int depth, bool exact, bool wld)
{
  SearchResult *result = &root->result;
  result->move = move;
  result->exact = exact && !wld;
  result->score = exact ? (wld ? (score > 0) - (score < 0) : score) : score_to_discs (score);
  result->depth = depth;
  root_extract_pv (root, move, score, exact && !wld, result);
  result->nodes = atomic_load_explicit (&root->thread.shared->nodes, memory_order_relaxed)
                + root->thread.nodes - root->thread.reported_nodes;
  result->seconds = clock_seconds () - root->thread.shared->start;
  if (root->progress)
    root->progress (result, root->user_data);
}

/* Out of time within an iteration: a move it proved better than the last best is played. */
static void root_play_improved (Root *root)
{
  if (root->improved_move != BOARD_NO_MOVE && root->improved_move != root->result.move
      && root->result.depth > 0) {
    root->result.move = root->improved_move;
    root->result.pv[0] = root->improved_move;
    root->result.pv_length = 1;
  }
}

/* Under managed time (search_time.c) the main thread still solves a forced move this close to
 * the end, and solves at once from at most SEARCH_TIMED_SURE_SOLVE_EMPTIES under any limit. */
#define SEARCH_FORCED_SOLVE_EMPTIES 12
#define SEARCH_TIMED_SURE_SOLVE_EMPTIES 14
/* Further from the end a solve starts at once when predicted, at a modest midgame node rate, to
 * take at most this share of the hard limit (the master's 5 s: up to 23 empties). */
#define SEARCH_NOMINAL_NODES_PER_SECOND 5.0e6
#define SEARCH_SURE_SOLVE_SHARE 0.25

/* Iterative deepening, then (when the position is close enough to the end) the exact solve.
 * Helper threads (id > 0) search one ply deeper on odd ids and start from another root move,
 * unless the position is to be solved. */
static void root_think (Root *root)
{
  SearchThread *thread = &root->thread;
  const SearchLimits *limits = thread->shared->limits;
  const Board *board = root->board;
  bool main_thread = thread->id == 0;
  int empties = board_empties (board);
  bool timed = main_thread && limits->manage_time && (limits->soft_time > 0 || limits->hard_time > 0);
  /* Under managed time a solve that may not end in time waits for the iterations' prediction
   * (TIME_SOLVE): an aborted solve would leave only the shallow pre-search's move. */
  bool solve = limits->exact_empties >= 0 && empties <= limits->exact_empties
            && !(timed && empties > SEARCH_TIMED_SURE_SOLVE_EMPTIES
                 && search_predict_solve_seconds (empties, SEARCH_NOMINAL_NODES_PER_SECOND)
                    > SEARCH_SURE_SOLVE_SHARE * limits->hard_time);
  int max_depth = limits->max_depth > 0 ? limits->max_depth : SEARCH_MAX_PLY;
  int midgame_depth = solve ? (empties > SEARCH_PRESOLVE_MARGIN ? empties - SEARCH_PRESOLVE_MARGIN : 0)
                            : max_depth;
  if (solve && midgame_depth > SEARCH_PRESOLVE_MAX_DEPTH)
    midgame_depth = SEARCH_PRESOLVE_MAX_DEPTH;
  if (midgame_depth > max_depth)
    midgame_depth = max_depth;

  /* Resuming (see SearchLimits): only a midgame search deeper than where it resumes. */
  bool resume = !solve && limits->resume_depth > 1 && limits->resume_depth <= midgame_depth
             && limits->resume_depth < empties;
  MoveList *list = &root->moves;
  move_list_score_midgame (thread, board, list, 3, resume ? limits->resume_move : BOARD_NO_MOVE);
  for (int i = 0; i < list->count; i++)
    move_list_next (list, i);
  /* Helpers start from another root move and search odd depths one ply deeper, so that the
   * threads part ways in a midgame search. Not before a solve: the helpers then follow the main
   * thread's order and depths, and part ways in the solve, where a position another thread is
   * solving waits (search_busy_elsewhere). A helper that solved another root move first, with
   * the whole window, did much of it in vain. Two threads, four runs each (the counts vary from
   * run to run): FFO #40-49 769-848 M nodes, 811 M on average, and 697-823 M, 743 M on average,
   * without (one thread: 635.6 M); fforum-20-39 85-86 M and 90-91 M (one thread 79.3 M). */
  if (thread->id > 0 && list->count > 1 && !solve) {
    int shift = thread->id % list->count;
    Move first = list->moves[shift];
    list->moves[shift] = list->moves[0];
    list->moves[0] = first;
  }

  int resumed = limits->resume_score < -64 ? -64
              : limits->resume_score > 64 ? 64 : limits->resume_score;
  int score = resume ? resumed * EVAL_SCALE : 0, best_move = list->moves[0].square;
  TimeKeeper keeper = { .iteration_start = thread->shared->start, .previous_move = BOARD_NO_MOVE };
  bool early_solve = false;
  for (int depth = resume ? limits->resume_depth : 1; depth <= midgame_depth && depth < empties;
       depth++) {
    root->improved_move = BOARD_NO_MOVE;
    int searched_depth = depth + (solve ? 0 : thread->id & 1);
    if (searched_depth >= empties)
      searched_depth = depth;
    score = depth < 3 ? root_search (root, -SEARCH_SCORE_INF, SEARCH_SCORE_INF,
                                     searched_depth, false, &best_move)
                      : root_aspiration (root, score, 2 * EVAL_SCALE, SEARCH_SCORE_INF,
                                         searched_depth, false, &best_move);
    if (thread->aborted) {
      if (main_thread)
        root_play_improved (root);
      return;
    }
    if (main_thread)
      root_report (root, best_move, score, depth, false, false);
    /* Plain limits: the soft time only stops the deepening. */
    if (main_thread && !timed && limits->soft_time > 0
        && clock_seconds () - thread->shared->start >= limits->soft_time)
      return;
    if (timed) {
      TimeDecision decision = search_time_after_iteration (&keeper, thread, list->count,
                                                           empties, solve, best_move, score);
      if (decision == TIME_SOLVE) {
        early_solve = true;
        break;
      }
      /* Out of time: no solve, except the cheap one of a forced move near the end. */
      if (decision == TIME_STOP) {
        if (list->count == 1 && solve && empties <= SEARCH_FORCED_SOLVE_EMPTIES)
          break;
        return;
      }
    }
  }
  if (!solve && !early_solve && midgame_depth < empties)
    return;

  root->improved_move = BOARD_NO_MOVE;
  int guess = score_to_discs (score);
  if (limits->win_loss_draw) {
    score = root_search (root, -1, 1, empties, true, &best_move);
  } else {
    bool selective = thread->probcut_percent && empties >= SEARCH_SELECTIVE_SOLVE_EMPTIES;
    for (;;) {
      if (guess % 2)
        guess += guess > 0 ? 1 : -1;
      thread->endgame_probcut_percent = selective ? thread->probcut_percent : 0;
      score = root_aspiration (root, guess, 2, 64, empties, true, &best_move);
      if (!selective || thread->aborted)
        break;
      /* Not exact, but deeper than any iteration: the move to play if the solve is cut short. */
      if (main_thread)
        root_report (root, best_move, score * EVAL_SCALE, empties, false, false);
      guess = score;
      selective = false;
    }
    thread->endgame_probcut_percent = 0;
  }
  if (thread->aborted && main_thread)
    root_play_improved (root);
  if (thread->aborted || !main_thread)
    return;
  root_report (root, best_move, score, empties, true, limits->win_loss_draw);
}

static void *helper_main (void *data)
{
  root_think (data);
  return NULL;
}

SearchResult search_run (Search *search, const Board *board, const SearchLimits *limits,
                         SearchProgress progress, void *user_data)
{
  assert (search && board && limits);
  assert ((board->player & board->opponent) == 0);
  double start = clock_seconds ();
  SearchResult result = { .move = BOARD_NO_MOVE };
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    Board passed = { board->opponent, board->player };
    if (board_legal_moves (&passed)) {
      /* The answer is the pass; the score and the rest of the line come from the opponent's
       * point of view, one ply on. */
      result = search_run (search, &passed, limits, NULL, NULL);
      result.score = -result.score;
      int length = result.pv_length < SEARCH_MAX_PLY ? result.pv_length : SEARCH_MAX_PLY - 1;
      memmove (result.pv + 1, result.pv, sizeof (int) * (size_t) length);
      result.pv[0] = BOARD_PASS;
      result.pv_length = length + 1;
      result.move = BOARD_PASS;
      if (progress)
        progress (&result, user_data);
    } else {
      result.score = rules_final_score (search->rules, board_final_score (board));
      result.exact = true;
    }
    result.seconds = clock_seconds () - start;
    return result;
  }

  /* Bounds found with selective cuts would cut a full-width search short: it starts afresh. */
  if (limits->exhaustive && !search->exhaustive)
    hash_clear (&search->hash);
  search->exhaustive = limits->exhaustive;

  SearchShared shared = {
    .limits = limits,
    .evaluation = search_evaluation (search),
    .hash = &search->hash,
    .start = start,
    .hard_deadline = limits->hard_time > 0 ? start + limits->hard_time : 0,
  };
  atomic_init (&shared.abort, false);
  atomic_init (&shared.nodes, 0);
  for (int i = 0; i < SEARCH_BUSY_SLOTS; i++)
    atomic_init (&shared.busy[i], 0);
  hash_new_date (&search->hash);

  int (*endgame) (SearchThread *, const Board *, int, int) = endgame_solve_portable;
#ifdef ENDGAME_HAVE_X86_64_V3
  if (board_kernel_available (BOARD_KERNEL_AVX2))
    endgame = endgame_solve_x86_64_v3;
#endif
#ifdef ENDGAME_HAVE_AVX512
  if (board_kernel_available (BOARD_KERNEL_AVX512))
    endgame = endgame_solve_avx512;
#endif
  if (search->rules == RULES_REVERSE)
    endgame = endgame_solve_reverse;
  int threads = limits->threads < 1 ? 1 : limits->threads;
  if (threads > SEARCH_MAX_THREADS)
    threads = SEARCH_MAX_THREADS;
  Root *roots = calloc ((size_t) threads, sizeof *roots);
  if (!roots) {
    result.move = __builtin_ctzll (moves);
    result.pv[0] = result.move;
    result.pv_length = 1;
    result.stopped = true;
    return result;
  }
  for (int i = 0; i < threads; i++) {
    Root *root = &roots[i];
    root->thread.shared = &shared;
    root->thread.evaluation = shared.evaluation;
    root->thread.rules = search->rules;
    root->thread.hash = &search->hash;
    root->thread.id = i;
    root->thread.busy = threads > 1 ? shared.busy : NULL;
    root->thread.endgame = endgame;
    /* The cuts are calibrated on the standard game's evaluation; Reverse searches full width. */
    root->thread.probcut_percent = limits->exhaustive || search->rules != RULES_STANDARD
                                 ? 0 : SEARCH_PROBCUT_PERCENT;
    root->thread.next_poll = 0; /* look at the limits before the first node */
    root->board = board;
    move_list_generate (&root->moves, board, moves);
  }
  /* Until an iteration ends, the best guess is the first move in a static order. */
  roots[0].progress = progress;
  roots[0].user_data = user_data;
  move_list_score_midgame (&roots[0].thread, board, &roots[0].moves, 3, BOARD_NO_MOVE);
  roots[0].result.move = move_list_next (&roots[0].moves, 0)->square;
  roots[0].result.pv[0] = roots[0].result.move;
  roots[0].result.pv_length = 1;

  pthread_t helpers[SEARCH_MAX_THREADS];
  int started = 0;
  for (int i = 1; i < threads; i++) {
    if (pthread_create (&helpers[i], NULL, helper_main, &roots[i]) != 0)
      break;
    started = i;
  }
  root_think (&roots[0]);
  bool stopped = roots[0].thread.aborted;
  atomic_store_explicit (&shared.abort, true, memory_order_relaxed);
  uint64_t nodes = 0;
  for (int i = 1; i <= started; i++)
    pthread_join (helpers[i], NULL);
  for (int i = 0; i < threads; i++)
    nodes += roots[i].thread.nodes;

  result = roots[0].result;
  free (roots);
  result.stopped = stopped;
  result.nodes = nodes;
  result.seconds = clock_seconds () - start;
  return result;
}
