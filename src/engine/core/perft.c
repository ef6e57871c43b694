/* perft.c: leaf counting, single-threaded and split over threads. */
#include "perft.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "array.h"
#include "board-x86.h"

/* One counting function per kernel, from one definition. At depth 2 the last ply is counted
 * from each child's moves without playing them; a finished game is one leaf at any depth. */
#define DEFINE_COUNT(NAME, TARGET, MOVES, FLIPS)                                         \
  static TARGET uint64_t NAME (uint64_t player, uint64_t opponent, int depth)           \
  {                                                                                      \
    uint64_t moves = MOVES (player, opponent);                                           \
    if (depth == 1)                                                                      \
      return moves ? (uint64_t) __builtin_popcountll (moves) : 1;                       \
    if (!moves) {                                                                        \
      if (!MOVES (opponent, player))                                                     \
        return 1;                                                                        \
      return NAME (opponent, player, depth - 1);                                         \
    }                                                                                    \
    uint64_t leaves = 0;                                                                 \
    if (depth == 2) {                                                                    \
      do {                                                                               \
        int square = __builtin_ctzll (moves);                                            \
        uint64_t flips = FLIPS (player, opponent, square);                              \
        uint64_t replies = MOVES (opponent ^ flips, player ^ flips ^ (1ULL << square)); \
        leaves += replies ? (uint64_t) __builtin_popcountll (replies) : 1;              \
        moves &= moves - 1;                                                              \
      } while (moves);                                                                   \
      return leaves;                                                                     \
    }                                                                                    \
    do {                                                                                 \
      int square = __builtin_ctzll (moves);                                              \
      uint64_t flips = FLIPS (player, opponent, square);                                \
      leaves += NAME (opponent ^ flips, player ^ flips ^ (1ULL << square), depth - 1);  \
      moves &= moves - 1;                                                                \
    } while (moves);                                                                     \
    return leaves;                                                                       \
  }

DEFINE_COUNT (count_portable, , board_moves, board_flips_empty)
#ifdef BOARD_X86
DEFINE_COUNT (count_avx2, BOARD_TARGET_AVX2, board_moves_avx2, board_flips_empty_avx2)
DEFINE_COUNT (count_avx512, BOARD_TARGET_AVX512, board_moves_avx512, board_flips_empty_avx512)
#endif

static uint64_t count (const Board *board, int depth, BoardKernel kernel)
{
  if (depth == 0)
    return 1;
  switch (kernel) {
#ifdef BOARD_X86
  case BOARD_KERNEL_AVX2:
    return count_avx2 (board->player, board->opponent, depth);
  case BOARD_KERNEL_AVX512:
    return count_avx512 (board->player, board->opponent, depth);
#endif
  default:
    return count_portable (board->player, board->opponent, depth);
  }
}

uint64_t perft_count (const Board *board, int depth)
{
  return perft_count_kernel (board, depth, 1, board_kernel_best ());
}

uint64_t perft_count_threads (const Board *board, int depth, int threads)
{
  return perft_count_kernel (board, depth, threads, board_kernel_best ());
}

/* The threaded count: the tree is cut at a shallow ply into subtrees (positions with the depth
 * left), which the threads take one at a time from a shared index. */
typedef struct Subtree {
  Board board;
  int depth;
} Subtree;

typedef struct Split {
  BoardKernel kernel;
  Subtree *subtrees;
  size_t n_subtrees, capacity;
  atomic_size_t next;
  atomic_uint_fast64_t leaves;
} Split;

static bool split_add (Split *split, const Board *board, int depth)
{
  Subtree *subtrees = array_grow (split->subtrees, &split->capacity, split->n_subtrees + 1,
                                  sizeof *subtrees, 256);
  if (!subtrees)
    return false;
  split->subtrees = subtrees;
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
    leaves += count (&split->subtrees[k].board, split->subtrees[k].depth, split->kernel);
  }
  atomic_fetch_add (&split->leaves, leaves);
  return NULL;
}

uint64_t perft_count_kernel (const Board *board, int depth, int threads, BoardKernel kernel)
{
  assert (board);
  assert (depth >= 0 && depth <= PERFT_MAX_DEPTH);
  assert (board_kernel_available (kernel));
  if (!board_kernel_available (kernel))
    kernel = BOARD_KERNEL_PORTABLE;
  if (threads <= 1 || depth < 6)
    return count (board, depth, kernel);

  /* Cut deep enough for many more subtrees than threads (so they finish together), but leave
   * each subtree a few plies of its own. */
  Split split = { .kernel = kernel, .subtrees = NULL };
  atomic_init (&split.next, 0);
  atomic_init (&split.leaves, 0);
  int plies = 1;
  for (;; plies++) {
    split.n_subtrees = 0;
    if (!split_expand (&split, board, plies, depth)) {
      free (split.subtrees);
      return count (board, depth, kernel);
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
