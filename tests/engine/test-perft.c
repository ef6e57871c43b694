/* test-perft.c: leaf counts against the published table, a plain recursive count, and the
 * threaded count. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "random-game.h"
#include "perft.h"

/* The reference count: play every move (or the pass) on a Board, one leaf per position at the
 * last ply; a finished game stays one leaf however deep. */
static uint64_t plain_perft (const Board *board, int depth)
{
  if (depth == 0)
    return 1;
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    if (board_is_game_over (board))
      return 1;
    Board passed = *board;
    board_pass (&passed);
    return plain_perft (&passed, depth - 1);
  }
  uint64_t leaves = 0;
  for (int square = 0; square < 64; square++) {
    Board child = *board;
    if (board_play (&child, square))
      leaves += plain_perft (&child, depth - 1);
  }
  return leaves;
}

static void test_perft_matches_reference_table (void)
{
  FILE *file = check_data_open ("perft.txt", "r");
  Board start;
  board_init (&start);
  int checked = 0;
  char line[256];
  while (fgets (line, sizeof line, file)) {
    int depth;
    unsigned long long expected;
    if (line[0] == '#' || sscanf (line, "%d %llu", &depth, &expected) != 2)
      continue;
    if (depth > 11)
      continue;
    uint64_t leaves = perft_count (&start, depth);
    if (leaves != expected)
      fprintf (stderr, "perft %d\n", depth);
    CHECK_EQ_U64 (leaves, expected);
    checked++;
  }
  fclose (file);
  CHECK (checked == 11);
  CHECK (perft_count (&start, 0) == 1);
}

/* Positions late in seeded random games, where passes and finished games are common. */
static void test_perft_matches_plain_count_near_game_end (void)
{
  CheckRandom random = { 0x5EED2001ULL };
  int games_over = 0, passes = 0;
  for (int k = 0; k < 400; k++) {
    Board board;
    board_init (&board);
    int plies = 44 + (int) check_random_below (&random, 20);
    for (int ply = 0; ply < plies && !board_is_game_over (&board); ply++) {
      uint64_t moves = board_legal_moves (&board);
      if (!moves) {
        board_pass (&board);
        continue;
      }
      int pick = (int) check_random_below (&random, (unsigned) board_count (moves));
      while (pick--)
        moves &= moves - 1;
      board_play (&board, __builtin_ctzll (moves));
    }
    games_over += board_is_game_over (&board);
    passes += !board_is_game_over (&board) && !board_legal_moves (&board);
    for (int depth = 0; depth <= 5; depth++)
      CHECK_EQ_U64 (perft_count (&board, depth), plain_perft (&board, depth));
  }
  printf ("# %d finished games, %d passes at the root\n", games_over, passes);
}

static void test_threaded_count_equals_single (void)
{
  Board start;
  board_init (&start);
  for (int threads = 1; threads <= 4; threads++)
    for (int depth = 0; depth <= 8; depth++)
      CHECK_EQ_U64 (perft_count_threads (&start, depth, threads), perft_count (&start, depth));
  /* A position where the side to move must pass, and a finished game. */
  Board must_pass = { 0x4000000000000000ULL, 0x3FFFFFFFFFFFFFFFULL };
  CHECK (board_legal_moves (&must_pass) == 0 && !board_is_game_over (&must_pass));
  Board over = { 0xFFFFFFFFFFFFFFFFULL, 0 };
  for (int depth = 0; depth <= 8; depth++) {
    CHECK_EQ_U64 (perft_count_threads (&must_pass, depth, 2), plain_perft (&must_pass, depth));
    CHECK_EQ_U64 (perft_count_threads (&over, depth, 3), 1);
  }
  CheckRandom random = { 0x5EED2002ULL };
  for (int k = 0; k < 20; k++) {
    Board board = check_random_plies (&random, (int) check_random_below (&random, 50));
    CHECK_EQ_U64 (perft_count_threads (&board, 6, 2), perft_count (&board, 6));
  }
}

/* Every kernel this CPU runs counts the same, alone and with threads. */
static void test_every_kernel_counts_the_same (void)
{
  CheckRandom random = { 0x5EED2003ULL };
  for (int k = 0; k < 30; k++) {
    Board board = check_random_plies (&random, (int) check_random_below (&random, 56));
    uint64_t portable = perft_count_kernel (&board, 5, 1, BOARD_KERNEL_PORTABLE);
    if (k % 3 == 0)
      CHECK_EQ_U64 (portable, plain_perft (&board, 5));
    for (int kernel = 0; kernel < BOARD_KERNEL_COUNT; kernel++) {
      if (!board_kernel_available ((BoardKernel) kernel))
        continue;
      CHECK_EQ_U64 (perft_count_kernel (&board, 5, 1, (BoardKernel) kernel), portable);
      CHECK_EQ_U64 (perft_count_kernel (&board, 5, 2, (BoardKernel) kernel), portable);
    }
  }
  Board start;
  board_init (&start);
  for (int kernel = 0; kernel < BOARD_KERNEL_COUNT; kernel++)
    if (board_kernel_available ((BoardKernel) kernel))
      CHECK_EQ_U64 (perft_count_kernel (&start, 8, 1, (BoardKernel) kernel), 390216);
}

int main (void)
{
  check_run ("perft_matches_reference_table", test_perft_matches_reference_table);
  check_run ("perft_matches_plain_count_near_game_end", test_perft_matches_plain_count_near_game_end);
  check_run ("threaded_count_equals_single", test_threaded_count_equals_single);
  check_run ("every_kernel_counts_the_same", test_every_kernel_counts_the_same);
  return check_finish ();
}
