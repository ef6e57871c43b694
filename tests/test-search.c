/* test-search.c: the search returns legal moves, solves endgames exactly, honours its limits. */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "search.h"

#define CHECK(condition, ...)                                                    \
  do {                                                                           \
    if (!(condition)) {                                                          \
      fprintf (stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #condition); \
      fprintf (stderr, __VA_ARGS__);                                             \
      fputc ('\n', stderr);                                                      \
      exit (1);                                                                  \
    }                                                                            \
  } while (0)

static uint64_t random_next (uint64_t *state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* A position reached by random legal moves from the start, with `empties` empty squares left
 * (or fewer when the game ended first: then the caller's loop tries again). */
static bool random_position (uint64_t *state, int empties, Board *board)
{
  board_init (board);
  while (board_empties (board) > empties) {
    uint64_t moves = board_legal_moves (board);
    if (!moves) {
      board_pass (board);
      if (!board_legal_moves (board))
        return false;
      continue;
    }
    int n = (int) (random_next (state) % (uint64_t) board_count (moves));
    for (int i = 0; i < n; i++)
      moves &= moves - 1;
    board_play (board, __builtin_ctzll (moves));
  }
  return true;
}

static void test_search_returns_legal_move_or_pass (void)
{
  uint64_t state = 1;
  Search *search = search_new (1 << 20);
  CHECK (search, "search_new failed");
  for (int i = 0; i < 200; i++) {
    Board board;
    if (!random_position (&state, 4 + (int) (random_next (&state) % 56), &board))
      continue;
    SearchLimits limits = search_limits_default ();
    limits.max_depth = 1 + i % 4;
    limits.exact_empties = i % 3 ? 8 : -1;
    limits.max_nodes = i % 5 ? 0 : 500;
    SearchResult result = search_run (search, &board, &limits, NULL, NULL);
    uint64_t moves = board_legal_moves (&board);
    if (moves)
      CHECK (result.move >= 0 && result.move < 64 && (moves & board_bit (result.move)),
             "position %d: illegal move %d", i, result.move);
    else if (board_is_game_over (&board))
      CHECK (result.move == BOARD_NO_MOVE, "position %d: move %d after game end", i, result.move);
    else
      CHECK (result.move == BOARD_PASS, "position %d: %d instead of a pass", i, result.move);
  }
  search_free (search);
}

int main (void)
{
  test_search_returns_legal_move_or_pass ();
  return 0;
}
