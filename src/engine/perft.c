/* perft.c: leaf counting, single-threaded and split over threads. */
#include "perft.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

/* Leaves one ply below: one per move, or one for a pass or a finished game. */
static inline uint64_t count_last_ply (uint64_t moves)
{
  return moves ? (uint64_t) board_count (moves) : 1;
}

static uint64_t count (uint64_t player, uint64_t opponent, int depth)
{
  uint64_t moves = board_moves (player, opponent);
  if (depth == 1)
    return count_last_ply (moves);
  if (!moves) {
    if (!board_moves (opponent, player))
      return 1; /* the game is over: one leaf at every depth */
    return count (opponent, player, depth - 1);
  }
  uint64_t leaves = 0;
  if (depth == 2) {
    /* The last ply counted from each child's moves, without playing them. */
    do {
      int square = __builtin_ctzll (moves);
      uint64_t flips = board_flips (player, opponent, square);
      uint64_t child_moves = board_moves (opponent ^ flips, player ^ flips ^ board_bit (square));
      if (child_moves)
        leaves += (uint64_t) board_count (child_moves);
      else
        leaves += 1;
      moves &= moves - 1;
    } while (moves);
    return leaves;
  }
  do {
    int square = __builtin_ctzll (moves);
    uint64_t flips = board_flips (player, opponent, square);
    leaves += count (opponent ^ flips, player ^ flips ^ board_bit (square), depth - 1);
    moves &= moves - 1;
  } while (moves);
  return leaves;
}

uint64_t perft_count (const Board *board, int depth)
{
  assert (board);
  assert (depth >= 0 && depth <= PERFT_MAX_DEPTH);
  if (depth == 0)
    return 1;
  return count (board->player, board->opponent, depth);
}

/* The threaded count: the tree is cut at a shallow ply into subtrees (positions with the depth
 * left), which the threads take one at a time from a shared index. */
typedef struct Subtree {
  Board board;
  int depth;
} Subtree;

typedef struct Split {
  Subtree *subtrees;
  size_t n_subtrees, capacity;
  atomic_size_t next;
  atomic_uint_fast64_t leaves;
} Split;

static bool split_add (Split *split, const Board *board, int depth)
{
  if (split->n_subtrees == split->capacity) {
    size_t capacity = split->capacity ? 2 * split->capacity : 256;
    Subtree *subtrees = realloc (split->subtrees, capacity * sizeof *subtrees);
    if (!subtrees)
      return false;
    split->subtrees = subtrees;
    split->capacity = capacity;
  }
  split->subtrees[split->n_subtrees].board = *board;
  split->subtrees[split->n_subtrees].depth = depth;
  split->n_subtrees++;
  return true;
}

/* Collects the positions `plies` below board (passes and finished games included, as the
 * count sees them). */
static bool split_expand (Split *split, const Board *board, int plies, int depth)
{
  if (plies == 0 || board_is_game_over (board))
    return split_add (split, board, depth);
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    Board passed = *board;
    board_pass (&passed);
    return split_expand (split, &passed, plies - 1, depth - 1);
  }
  for (; moves; moves &= moves - 1) {
    Board child = *board;
    board_play (&child, __builtin_ctzll (moves));
    if (!split_expand (split, &child, plies - 1, depth - 1))
      return false;
  }
  return true;
}

static void *split_work (void *data)
{
  Split *split = data;
  uint64_t leaves = 0;
  for (;;) {
    size_t k = atomic_fetch_add (&split->next, 1);
    if (k >= split->n_subtrees)
      break;
    leaves += perft_count (&split->subtrees[k].board, split->subtrees[k].depth);
  }
  atomic_fetch_add (&split->leaves, leaves);
  return NULL;
}

uint64_t perft_count_threads (const Board *board, int depth, int threads)
{
  assert (board);
  assert (depth >= 0 && depth <= PERFT_MAX_DEPTH);
  if (threads <= 1 || depth < 6)
    return perft_count (board, depth);

  /* Cut deep enough for many more subtrees than threads (so they finish together), but leave
   * each subtree a few plies of its own. */
  Split split = { .subtrees = NULL };
  atomic_init (&split.next, 0);
  atomic_init (&split.leaves, 0);
  int plies = 1;
  for (;; plies++) {
    split.n_subtrees = 0;
    if (!split_expand (&split, board, plies, depth)) {
      free (split.subtrees);
      return perft_count (board, depth);
    }
    if (split.n_subtrees >= (size_t) threads * 64 || plies >= depth - 4)
      break;
  }

  pthread_t *workers = calloc ((size_t) threads, sizeof *workers);
  int started = 0;
  if (workers)
    for (; started < threads - 1; started++)
      if (pthread_create (&workers[started], NULL, split_work, &split) != 0)
        break;
  split_work (&split); /* the calling thread works too, and alone when no thread started */
  for (int k = 0; k < started; k++)
    pthread_join (workers[k], NULL);
  free (workers);
  free (split.subtrees);
  return atomic_load (&split.leaves);
}
