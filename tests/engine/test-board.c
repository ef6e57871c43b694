/* test-board.c: the bitboard core checked against a deliberately simple 8x8 array version of the
 * rules, on positions from seeded random games and random disc patterns. */
#include <stdbool.h>
#include <string.h>

#include "board.h"
#include "check.h"
#include "random-game.h"

/* --- The rules on an array: 0 empty, 1 the side to move, 2 the opponent. --- */

typedef struct Grid {
  int cell[8][8]; /* [row][column] */
} Grid;

static Grid grid_from_board (const Board *board)
{
  Grid grid;
  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++) {
      uint64_t bit = 1ULL << (row * 8 + column);
      grid.cell[row][column] = (board->player & bit) ? 1 : (board->opponent & bit) ? 2 : 0;
    }
  return grid;
}

/* The discs a move flips: in each of the 8 directions, a run of opponent discs closed by one of
 * the mover's. */
static uint64_t grid_flips (const Grid *grid, int row, int column)
{
  if (grid->cell[row][column] != 0)
    return 0;
  uint64_t flips = 0;
  for (int dr = -1; dr <= 1; dr++)
    for (int dc = -1; dc <= 1; dc++) {
      if (dr == 0 && dc == 0)
        continue;
      uint64_t run = 0;
      int r = row + dr, c = column + dc;
      while (r >= 0 && r < 8 && c >= 0 && c < 8 && grid->cell[r][c] == 2) {
        run |= 1ULL << (r * 8 + c);
        r += dr;
        c += dc;
      }
      if (run && r >= 0 && r < 8 && c >= 0 && c < 8 && grid->cell[r][c] == 1)
        flips |= run;
    }
  return flips;
}

static uint64_t grid_moves (const Grid *grid)
{
  uint64_t moves = 0;
  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++)
      if (grid_flips (grid, row, column))
        moves |= 1ULL << (row * 8 + column);
  return moves;
}

static Grid grid_swap_sides (const Grid *grid)
{
  Grid swapped;
  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++) {
      int cell = grid->cell[row][column];
      swapped.cell[row][column] = cell == 0 ? 0 : 3 - cell;
    }
  return swapped;
}

/* --- Positions to check --- */

static long positions_checked;

/* Moves, flips of every square, playing, game end, against the array version. */
static void check_position (const Board *board)
{
  Grid grid = grid_from_board (board);
  uint64_t moves = grid_moves (&grid);
  CHECK_EQ_U64 (board_moves (board->player, board->opponent), moves);
  CHECK_EQ_U64 (board_legal_moves (board), moves);
  for (int square = 0; square < 64; square++) {
    uint64_t expected = grid_flips (&grid, board_row (square), board_column (square));
    uint64_t flips = board_flips (board->player, board->opponent, square);
    if (flips != expected) {
      fprintf (stderr, "position %016llx %016llx square %d\n",
               (unsigned long long) board->player, (unsigned long long) board->opponent, square);
      CHECK_EQ_U64 (flips, expected);
    }
    Board played = *board;
    bool legal = board_play (&played, square);
    CHECK (legal == (expected != 0));
    if (legal) {
      CHECK_EQ_U64 (played.opponent, board->player | expected | board_bit (square));
      CHECK_EQ_U64 (played.player, board->opponent & ~expected);
    } else {
      CHECK (board_equal (&played, board));
    }
  }
  /* Every kernel this CPU runs gives the same moves and flips. */
  for (int kernel = 0; kernel < BOARD_KERNEL_COUNT; kernel++) {
    if (!board_kernel_available ((BoardKernel) kernel))
      continue;
    CHECK_EQ_U64 (board_moves_kernel ((BoardKernel) kernel, board->player, board->opponent),
                  moves);
    for (int square = 0; square < 64; square++)
      CHECK_EQ_U64 (board_flips_kernel ((BoardKernel) kernel, board->player, board->opponent,
                                        square),
                    board_flips (board->player, board->opponent, square));
  }
  Grid swapped = grid_swap_sides (&grid);
  bool over = moves == 0 && grid_moves (&swapped) == 0;
  CHECK (board_is_game_over (board) == over);
  positions_checked++;
}

static void test_moves_and_flips_agree_with_array_rules_in_random_games (void)
{
  CheckRandom random = { 0x5EED0001ULL };
  positions_checked = 0;
  int games = 0;
  while (positions_checked < 100000) {
    Board board;
    board_init (&board);
    for (;;) {
      check_position (&board);
      uint64_t moves = board_legal_moves (&board);
      if (!moves) {
        if (board_is_game_over (&board))
          break;
        board_pass (&board);
        continue;
      }
      int n = board_count (moves);
      int pick = (int) check_random_below (&random, (unsigned) n);
      while (pick--)
        moves &= moves - 1;
      CHECK (board_play (&board, __builtin_ctzll (moves)));
    }
    games++;
  }
  CHECK (games > 1000);
  printf ("# %ld positions from %d random games\n", positions_checked, games);
}

/* Random patterns reach what games rarely do: full lines, lone discs at every edge. */
static Board random_pattern (CheckRandom *random)
{
  Board board = { 0, 0 };
  unsigned density = 1 + check_random_below (random, 9); /* tenths of the board empty */
  for (int square = 0; square < 64; square++) {
    if (check_random_below (random, 10) < density)
      continue;
    if (check_random_next (random) & 1)
      board.player |= board_bit (square);
    else
      board.opponent |= board_bit (square);
  }
  return board;
}

static void test_moves_and_flips_agree_with_array_rules_on_random_patterns (void)
{
  CheckRandom random = { 0x5EED0002ULL };
  positions_checked = 0;
  for (int k = 0; k < 100000; k++) {
    Board board = random_pattern (&random);
    check_position (&board);
  }
  printf ("# %ld random patterns\n", positions_checked);
}

static void test_kernels (void)
{
  CHECK (board_kernel_available (BOARD_KERNEL_PORTABLE));
  CHECK (board_kernel_available (board_kernel_best ()));
  printf ("# kernels run here:");
  for (int kernel = 0; kernel < BOARD_KERNEL_COUNT; kernel++) {
    const char *name = board_kernel_name ((BoardKernel) kernel);
    CHECK (board_kernel_from_name (name) == (BoardKernel) kernel);
    if (board_kernel_available ((BoardKernel) kernel))
      printf (" %s", name);
    /* The best kernel is the last available one. */
    if (board_kernel_available ((BoardKernel) kernel))
      CHECK (kernel <= (int) board_kernel_best ());
  }
  printf ("\n");
  CHECK (board_kernel_from_name ("sse9") == BOARD_KERNEL_COUNT);
}

static void test_start_position (void)
{
  Board board;
  board_init (&board);
  /* Black (to move) on d5 and e4, white on d4 and e5. */
  CHECK_EQ_U64 (board.player, board_bit (board_square (3, 4)) | board_bit (board_square (4, 3)));
  CHECK_EQ_U64 (board.opponent, board_bit (board_square (3, 3)) | board_bit (board_square (4, 4)));
  /* Black's moves: d3, c4, f5, e6. */
  uint64_t expected = board_bit (board_square (3, 2)) | board_bit (board_square (2, 3))
                    | board_bit (board_square (5, 4)) | board_bit (board_square (4, 5));
  CHECK_EQ_U64 (board_legal_moves (&board), expected);
  CHECK_EQ_U64 (board_flips (board.player, board.opponent, board_square (5, 4)),
                board_bit (board_square (4, 4)));
  CHECK (!board_is_game_over (&board));
  CHECK (board_empties (&board) == 60);
}

static void test_pass_swaps_sides_only (void)
{
  Board board = { 0x00000000000000FFULL, 0x000000000000FF00ULL };
  Board passed = board;
  board_pass (&passed);
  CHECK_EQ_U64 (passed.player, board.opponent);
  CHECK_EQ_U64 (passed.opponent, board.player);
}

static void test_final_score_gives_empties_to_winner (void)
{
  Board board = { 0, 0 };
  for (int k = 0; k < 30; k++)
    board.player |= board_bit (k);
  for (int k = 30; k < 50; k++)
    board.opponent |= board_bit (k);
  CHECK (board_final_score (&board) == 30 - 20 + 14);
  board_pass (&board);
  CHECK (board_final_score (&board) == -(30 - 20 + 14));
  Board draw = { 0x0F, 0xF0 }; /* 4 each, 56 empty: a draw stays 0 */
  CHECK (board_final_score (&draw) == 0);
  Board full = { 0xFFFFFFFF00000000ULL, 0x00000000FFFFFFFFULL };
  CHECK (board_final_score (&full) == 0);
  CHECK (board_is_game_over (&full));
  Board wipe_out = { 0x1, 0 }; /* a lone disc: game over, 64-0 */
  CHECK (board_is_game_over (&wipe_out));
  CHECK (board_final_score (&wipe_out) == 64);
}

static void test_symmetries_map_moves_and_flips (void)
{
  CheckRandom random = { 0x5EED0003ULL };
  for (int k = 0; k < 2000; k++) {
    Board board = check_random_plies (&random, (int) check_random_below (&random, 61));
    uint64_t moves = board_legal_moves (&board);
    Board canonical = board_canonical (&board);
    for (int s = 0; s < BOARD_SYMMETRIES; s++) {
      Board image = board_symmetry (&board, s);
      CHECK_EQ_U64 (board_legal_moves (&image), board_bits_symmetry (moves, s));
      for (int square = 0; square < 64; square++) {
        int mapped = board_square_symmetry (square, s);
        CHECK_EQ_U64 (board_bits_symmetry (board_bit (square), s), board_bit (mapped));
        CHECK_EQ_U64 (board_flips (image.player, image.opponent, mapped),
                      board_bits_symmetry (board_flips (board.player, board.opponent, square), s));
      }
      Board image_canonical = board_canonical (&image);
      CHECK (board_equal (&image_canonical, &canonical));
      CHECK (board_hash (&image_canonical) == board_hash (&canonical));
    }
  }
}

static void test_symmetries_are_eight_distinct_maps (void)
{
  /* a1, b1 and a2..a3: an asymmetric shape, so its 8 images differ. */
  uint64_t shape = board_bit (0) | board_bit (1) | board_bit (8) | board_bit (16);
  for (int s = 0; s < BOARD_SYMMETRIES; s++) {
    uint64_t image = board_bits_symmetry (shape, s);
    CHECK (board_count (image) == 4);
    for (int t = 0; t < s; t++)
      CHECK (image != board_bits_symmetry (shape, t));
    /* Every symmetry has an inverse among the eight. */
    bool inverted = false;
    for (int t = 0; t < BOARD_SYMMETRIES; t++)
      inverted |= board_bits_symmetry (image, t) == shape;
    CHECK (inverted);
  }
  CHECK_EQ_U64 (board_bits_symmetry (shape, 0), shape);
}

static void test_hash_tells_positions_apart (void)
{
  CheckRandom random = { 0x5EED0004ULL };
  enum { N = 4096 };
  static uint64_t hashes[N];
  static Board boards[N];
  for (int k = 0; k < N; k++) {
    boards[k] = random_pattern (&random);
    hashes[k] = board_hash (&boards[k]);
    Board copy = boards[k];
    CHECK (board_hash (&copy) == hashes[k]);
  }
  for (int k = 0; k < N; k++)
    for (int j = 0; j < k; j++)
      if (hashes[j] == hashes[k])
        CHECK (board_equal (&boards[j], &boards[k]));
}

/* Stable discs must keep their colour whatever is played: in random continuations, no legal
 * move at any point flips one. */
static void test_stable_discs_never_flip (void)
{
  CheckRandom random = { 0x5EED0005ULL };
  long stable_total = 0;
  for (int k = 0; k < 3000; k++) {
    Board board = check_random_plies (&random, 20 + (int) check_random_below (&random, 41));
    uint64_t stable = board_stable_discs (board.player, board.opponent);
    CHECK ((stable & ~(board.player | board.opponent)) == 0);
    /* An occupied corner is always stable. */
    const uint64_t corners = 0x8100000000000081ULL;
    CHECK_EQ_U64 (stable & corners, (board.player | board.opponent) & corners);
    CHECK_EQ_U64 (board_stable_discs (board.opponent, board.player), stable);
    stable_total += board_count (stable);
    uint64_t stable_mover = stable & board.player, stable_other = stable & board.opponent;
    for (int game = 0; game < 8; game++) {
      Board b = board;
      bool mover_to_move = true;
      for (;;) {
        uint64_t moves = board_legal_moves (&b);
        for (uint64_t m = moves; m; m &= m - 1)
          CHECK ((board_flips (b.player, b.opponent, __builtin_ctzll (m)) & stable) == 0);
        if (!moves) {
          if (board_is_game_over (&b))
            break;
          board_pass (&b);
        } else {
          int pick = (int) check_random_below (&random, (unsigned) board_count (moves));
          while (pick--)
            moves &= moves - 1;
          board_play (&b, __builtin_ctzll (moves));
        }
        mover_to_move = !mover_to_move;
        uint64_t mover = mover_to_move ? b.player : b.opponent;
        uint64_t other = mover_to_move ? b.opponent : b.player;
        CHECK_EQ_U64 (mover & stable_mover, stable_mover);
        CHECK_EQ_U64 (other & stable_other, stable_other);
      }
    }
  }
  CHECK (stable_total > 3000); /* the check has discs to look at */
  printf ("# %ld stable discs followed\n", stable_total);
}

/* The stable discs by their definition, square by square: a disc is stable when on each of
 * the four axes its line is full, or a neighbour on the axis is off the board or a stable disc
 * of its colour; repeated until nothing changes. */
static bool reference_on_board (int column, int row)
{
  return column >= 0 && column < 8 && row >= 0 && row < 8;
}

static uint64_t reference_stable_discs (uint64_t player, uint64_t opponent)
{
  static const int axes[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
  uint64_t filled = player | opponent, stable = 0;
  for (bool changed = true; changed; ) {
    changed = false;
    for (int square = 0; square < 64; square++) {
      uint64_t bit = board_bit (square);
      if (!(filled & bit) || (stable & bit))
        continue;
      uint64_t mine = (player & bit) ? player : opponent;
      bool ok = true;
      for (int a = 0; a < 4 && ok; a++) {
        int dc = axes[a][0], dr = axes[a][1];
        int column = board_column (square), row = board_row (square);
        bool full = true, anchored = false;
        for (int side = -1; side <= 1; side += 2) {
          int c = column + side * dc, r = row + side * dr;
          if (!reference_on_board (c, r) || (stable & mine & board_bit (board_square (c, r))))
            anchored = true;
          for (; reference_on_board (c, r); c += side * dc, r += side * dr)
            if (!(filled & board_bit (board_square (c, r))))
              full = false;
        }
        ok = full || anchored;
      }
      if (ok) {
        stable |= bit;
        changed = true;
      }
    }
  }
  return stable;
}

/* The bit-parallel stable discs (full lines found by shifts) equal the definition's, on random
 * disc patterns and on positions of random games; board_stable_discs_of gives one colour's. */
static void test_stable_discs_match_reference (void)
{
  CheckRandom random = { 0x5EED0006ULL };
  long stable_total = 0;
  for (int k = 0; k < 20000; k++) {
    Board board = k & 1 ? random_pattern (&random)
                        : check_random_plies (&random, (int) check_random_below (&random, 61));
    uint64_t expected = reference_stable_discs (board.player, board.opponent);
    CHECK_EQ_U64 (board_stable_discs (board.player, board.opponent), expected);
    CHECK_EQ_U64 (board_stable_discs_of (board.player, board.opponent), expected & board.player);
    CHECK_EQ_U64 (board_stable_discs_of (board.opponent, board.player),
                  expected & board.opponent);
    stable_total += board_count (expected);
  }
  /* Full boards: every disc is stable. */
  CHECK_EQ_U64 (board_stable_discs (0x00FF00FF00FF00FFULL, 0xFF00FF00FF00FF00ULL), ~0ULL);
  CHECK (stable_total > 20000); /* the comparison has discs to look at */
  printf ("# %ld stable discs compared\n", stable_total);
}

/* The flips of the last empty square, counted without making them, match the flips' count on
 * random full boards for both sides. */
static void test_last_flip_count_matches_flips (void)
{
  CheckRandom random = { 0x5EED0041ULL };
  for (int i = 0; i < 200000; i++) {
    int square = (int) check_random_below (&random, 64);
    uint64_t player = check_random_next (&random) & ~board_bit (square);
    if (i % 4 == 0)
      player &= check_random_next (&random); /* fewer of the player's discs */
    uint64_t opponent = ~player & ~board_bit (square);
    CHECK_CMP_INT (board_last_flip_count (player, square),
              ==, board_count (board_flips (player, opponent, square)));
    CHECK_CMP_INT (board_last_flip_count (opponent, square),
              ==, board_count (board_flips (opponent, player, square)));
  }
}

int main (void)
{
  check_run ("kernels", test_kernels);
  check_run ("start_position", test_start_position);
  check_run ("pass_swaps_sides_only", test_pass_swaps_sides_only);
  check_run ("final_score_gives_empties_to_winner", test_final_score_gives_empties_to_winner);
  check_run ("moves_and_flips_agree_with_array_rules_in_random_games",
             test_moves_and_flips_agree_with_array_rules_in_random_games);
  check_run ("moves_and_flips_agree_with_array_rules_on_random_patterns",
             test_moves_and_flips_agree_with_array_rules_on_random_patterns);
  check_run ("symmetries_map_moves_and_flips", test_symmetries_map_moves_and_flips);
  check_run ("symmetries_are_eight_distinct_maps", test_symmetries_are_eight_distinct_maps);
  check_run ("hash_tells_positions_apart", test_hash_tells_positions_apart);
  check_run ("stable_discs_never_flip", test_stable_discs_never_flip);
  check_run ("stable_discs_match_reference", test_stable_discs_match_reference);
  check_run ("last_flip_count_matches_flips", test_last_flip_count_matches_flips);
  return check_finish ();
}
