/* search.c: limits, time and iterative deepening around an alpha-beta search. */
#include "search.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct Search {
  const Evaluation *evaluation;
  size_t hash_bytes;
};

typedef struct Thinker {
  const Evaluation *evaluation;
  const SearchLimits *limits;
  double start;
  uint64_t nodes;
  uint64_t next_check;
  bool aborted;
  int pv[SEARCH_MAX_PLY][SEARCH_MAX_PLY];
  int pv_length[SEARCH_MAX_PLY];
} Thinker;

#define CHECK_INTERVAL 2048

static double now_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + ts.tv_nsec * 1e-9;
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
  search->evaluation = eval_simple ();
  search->hash_bytes = hash_bytes ? hash_bytes : SEARCH_DEFAULT_HASH_BYTES;
  return search;
}

void search_free (Search *search)
{
  free (search);
}

void search_set_evaluation (Search *search, const Evaluation *evaluation)
{
  assert (search);
  search->evaluation = evaluation ? evaluation : eval_simple ();
}

void search_clear (Search *search)
{
  assert (search);
}

static bool thinker_should_stop (Thinker *thinker)
{
  if (thinker->aborted)
    return true;
  if (thinker->nodes < thinker->next_check)
    return false;
  thinker->next_check = thinker->nodes + CHECK_INTERVAL;
  const SearchLimits *limits = thinker->limits;
  if ((limits->stop && atomic_load_explicit (limits->stop, memory_order_relaxed))
      || (limits->max_nodes && thinker->nodes >= limits->max_nodes)
      || (limits->hard_time > 0 && now_seconds () - thinker->start >= limits->hard_time))
    thinker->aborted = true;
  return thinker->aborted;
}

/* Plain negamax alpha-beta to `depth` plies, or to the end when exact. Scores in EVAL_SCALE. */
static int alphabeta (Thinker *thinker, const Board *board, int alpha, int beta, int depth,
                      bool exact, int ply, bool passed)
{
  thinker->nodes++;
  thinker->pv_length[ply] = 0;
  if (thinker_should_stop (thinker))
    return 0;
  if ((!exact && depth <= 0) || ply >= SEARCH_MAX_PLY - 2)
    return eval_board (thinker->evaluation, board);
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    if (passed)
      return board_final_score (board) * EVAL_SCALE;
    Board next = *board;
    board_pass (&next);
    int score = -alphabeta (thinker, &next, -beta, -alpha, depth, exact, ply + 1, true);
    thinker->pv[ply][0] = BOARD_PASS;
    memcpy (thinker->pv[ply] + 1, thinker->pv[ply + 1], sizeof (int) * thinker->pv_length[ply + 1]);
    thinker->pv_length[ply] = thinker->pv_length[ply + 1] + 1;
    return score;
  }
  int best = -EVAL_MAX - 1;
  while (moves) {
    int square = __builtin_ctzll (moves);
    moves &= moves - 1;
    Board next = *board;
    board_play_flips (&next, square, board_flips (board->player, board->opponent, square));
    int score = -alphabeta (thinker, &next, -beta, -alpha, depth - 1, exact, ply + 1, false);
    if (thinker->aborted)
      return 0;
    if (score > best) {
      best = score;
      thinker->pv[ply][0] = square;
      memcpy (thinker->pv[ply] + 1, thinker->pv[ply + 1],
              sizeof (int) * thinker->pv_length[ply + 1]);
      thinker->pv_length[ply] = thinker->pv_length[ply + 1] + 1;
      if (score > alpha)
        alpha = score;
      if (alpha >= beta)
        break;
    }
  }
  return best;
}

static int round_score (int score)
{
  return score >= 0 ? (score + EVAL_SCALE / 2) / EVAL_SCALE : -((-score + EVAL_SCALE / 2) / EVAL_SCALE);
}

SearchResult search_run (Search *search, const Board *board, const SearchLimits *limits,
                         SearchProgress progress, void *user_data)
{
  assert (search && board && limits);
  SearchResult result = { .move = BOARD_NO_MOVE };
  Thinker *thinker = calloc (1, sizeof *thinker);
  double start = now_seconds ();
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    Board passed = *board;
    board_pass (&passed);
    if (board_legal_moves (&passed)) {
      result.move = BOARD_PASS;
      result.pv[0] = BOARD_PASS;
      result.pv_length = 1;
    } else {
      result.score = board_final_score (board);
      result.exact = true;
    }
    free (thinker);
    return result;
  }
  /* Any legal move is better than none, should the first iteration be cut short. */
  result.move = __builtin_ctzll (moves);
  result.pv[0] = result.move;
  result.pv_length = 1;
  if (!thinker) {
    result.stopped = true;
    return result;
  }
  thinker->evaluation = search->evaluation;
  thinker->limits = limits;
  thinker->start = start;

  int empties = board_empties (board);
  int max_depth = limits->max_depth > 0 ? limits->max_depth : SEARCH_MAX_PLY;
  for (int depth = 1; depth <= max_depth; depth++) {
    bool exact = depth >= empties || (limits->exact_empties >= 0 && empties <= limits->exact_empties);
    int score = alphabeta (thinker, board, -EVAL_MAX - 1, EVAL_MAX + 1, depth, exact, 0, false);
    if (thinker->aborted) {
      result.stopped = true;
      break;
    }
    result.move = thinker->pv[0][0];
    result.score = exact ? score / EVAL_SCALE : round_score (score);
    result.exact = exact;
    result.depth = exact ? empties : depth;
    result.pv_length = thinker->pv_length[0];
    memcpy (result.pv, thinker->pv[0], sizeof (int) * result.pv_length);
    result.nodes = thinker->nodes;
    result.seconds = now_seconds () - start;
    if (progress)
      progress (&result, user_data);
    if (exact || depth >= empties)
      break;
    if (limits->soft_time > 0 && now_seconds () - start >= limits->soft_time)
      break;
  }
  result.nodes = thinker->nodes;
  result.seconds = now_seconds () - start;
  free (thinker);
  return result;
}
