/* board.c: the ray table behind flips, playing, game end, stability, symmetries, and the choice
 * of move generation kernels. */
#include "board.h"

#include <assert.h>
#include <string.h>

#include "board-x86.h"

void board_init (Board *board)
{
  assert (board);
  board->player = board_bit (board_square (3, 4)) | board_bit (board_square (4, 3));   /* d5 e4 */
  board->opponent = board_bit (board_square (3, 3)) | board_bit (board_square (4, 4)); /* d4 e5 */
}

/* board_rays as constant expressions, so the table is built by the compiler. Shift counts are
 * masked to 0..63 only to keep the branch not taken free of negative shifts. */
#define RAY_COLUMN(s) ((s) & 7)
#define RAY_ROW(s) ((s) >> 3)
#define RAY_LINE_ROW(s) (0xFFULL << ((s) & 56))
#define RAY_LINE_COLUMN(s) (0x0101010101010101ULL << RAY_COLUMN (s))
#define RAY_LINE_DIAGONAL(s)                                                             \
  (RAY_COLUMN (s) >= RAY_ROW (s)                                                         \
   ? 0x8040201008040201ULL >> ((8 * (RAY_COLUMN (s) - RAY_ROW (s))) & 63)               \
   : 0x8040201008040201ULL << ((8 * (RAY_ROW (s) - RAY_COLUMN (s))) & 63))
#define RAY_LINE_ANTI(s)                                                                 \
  (RAY_COLUMN (s) + RAY_ROW (s) >= 7                                                     \
   ? 0x0102040810204080ULL << ((8 * (RAY_COLUMN (s) + RAY_ROW (s) - 7)) & 63)           \
   : 0x0102040810204080ULL >> ((8 * (7 - RAY_COLUMN (s) - RAY_ROW (s))) & 63))
#define RAY_ABOVE(s) (~1ULL << (s))
#define RAY_BELOW(s) ((1ULL << (s)) - 1)
#define RAYS(s)                                                                          \
  { { RAY_LINE_ROW (s) & RAY_ABOVE (s), RAY_LINE_COLUMN (s) & RAY_ABOVE (s),             \
      RAY_LINE_DIAGONAL (s) & RAY_ABOVE (s), RAY_LINE_ANTI (s) & RAY_ABOVE (s) },        \
    { RAY_LINE_ROW (s) & RAY_BELOW (s), RAY_LINE_COLUMN (s) & RAY_BELOW (s),             \
      RAY_LINE_DIAGONAL (s) & RAY_BELOW (s), RAY_LINE_ANTI (s) & RAY_BELOW (s) } }
#define RAYS_ROW(r)                                                                      \
  RAYS (8 * (r)), RAYS (8 * (r) + 1), RAYS (8 * (r) + 2), RAYS (8 * (r) + 3),            \
  RAYS (8 * (r) + 4), RAYS (8 * (r) + 5), RAYS (8 * (r) + 6), RAYS (8 * (r) + 7)

const BoardRays board_rays[BOARD_SQUARES] = {
  RAYS_ROW (0), RAYS_ROW (1), RAYS_ROW (2), RAYS_ROW (3),
  RAYS_ROW (4), RAYS_ROW (5), RAYS_ROW (6), RAYS_ROW (7),
};

/* Made by counting: for each position, the runs of opponent discs on each side that a disc of
 * the mover's closes. */
const uint8_t board_last_flips[8][256] = {
  {
    0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,
    4, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,
    5, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,
    4, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,
    6, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,
    4, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,
    5, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,
    4, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,
  },
  {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0,
    3, 3, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0,
    4, 4, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0,
    3, 3, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0,
    5, 5, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0,
    3, 3, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0,
    4, 4, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0,
    3, 3, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0,
  },
  {
    0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    2, 3, 2, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    3, 4, 3, 3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    2, 3, 2, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    4, 5, 4, 4, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    2, 3, 2, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    3, 4, 3, 3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
    2, 3, 2, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 2, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
  },
  {
    0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 4, 3, 3, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    3, 5, 4, 4, 3, 3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 4, 3, 3, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  },
  {
    0, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    2, 5, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 3, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  },
  {
    0, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 5, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 4, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  },
  {
    0, 5, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 5, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  },
  {
    0, 6, 5, 5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
  },
};

bool board_play (Board *board, int square)
{
  assert (board);
  if (square < 0 || square >= 64)
    return false;
  uint64_t flips = board_flips (board->player, board->opponent, square);
  if (!flips)
    return false;
  board_play_flips (board, square, flips);
  return true;
}

bool board_is_game_over (const Board *board)
{
  assert (board);
  return board_moves (board->player, board->opponent) == 0
      && board_moves (board->opponent, board->player) == 0;
}

int board_final_score (const Board *board)
{
  assert (board);
  int player = board_count (board->player), opponent = board_count (board->opponent);
  int empties = 64 - player - opponent;
  int difference = player - opponent;
  if (difference > 0)
    difference += empties;
  else if (difference < 0)
    difference -= empties;
  return difference;
}

/* Squares s such that s and every square from s in steps of `shift` (a left shift for a
 * positive one) to the wall are filled, by doubling: each round doubles the length checked.
 * wall_n holds the squares n steps or fewer from the wall, whose rays the last round covered
 * (the shift of a square there would wrap around the board, which the or with wall_n hides). */
static inline uint64_t full_ray (uint64_t filled, int shift, uint64_t wall_1, uint64_t wall_2,
                                 uint64_t wall_4)
{
  uint64_t full = filled;
  if (shift > 0) {
    full &= (full >> shift) | wall_1;
    full &= (full >> (2 * shift)) | wall_2;
    full &= (full >> (4 * shift)) | wall_4;
  } else {
    full &= (full << -shift) | wall_1;
    full &= (full << (-2 * shift)) | wall_2;
    full &= (full << (-4 * shift)) | wall_4;
  }
  return full;
}

/* The squares of full rows, columns, diagonals (a1-h8 direction) and anti-diagonals. */
static inline void full_lines (uint64_t filled, uint64_t *full_h, uint64_t *full_v,
                               uint64_t *full_d, uint64_t *full_a)
{
  const uint64_t file_a = 0x0101010101010101ULL;
  /* A row's first square ands in the others; then its bit spreads back over the row. */
  uint64_t row = filled & (filled >> 4);
  row &= row >> 2;
  row &= row >> 1;
  *full_h = (row & file_a) * 0xFF;
  uint64_t column = filled & (filled >> 32);
  column &= column >> 16;
  column &= column >> 8;
  *full_v = (column & 0xFF) * file_a;
  /* Diagonals: full towards h8 and towards a1; anti-diagonals towards a8 and towards h1. */
  *full_d = full_ray (filled, 9, 0xFF80808080808080ULL, 0xFFFFC0C0C0C0C0C0ULL,
                      0xFFFFFFFFF0F0F0F0ULL)
          & full_ray (filled, -9, 0x01010101010101FFULL, 0x030303030303FFFFULL,
                      0x0F0F0F0FFFFFFFFFULL);
  *full_a = full_ray (filled, 7, 0xFF01010101010101ULL, 0xFFFF030303030303ULL,
                      0xFFFFFFFF0F0F0F0FULL)
          & full_ray (filled, -7, 0x80808080808080FFULL, 0xC0C0C0C0C0C0FFFFULL,
                      0xF0F0F0F0FFFFFFFFULL);
}

/* A disc is stable when, along each of the four axes, its line is full or a neighbour on the
 * axis is the wall or a stable disc of its own colour: then no bracket can ever form across it.
 * Grown from the walls until nothing changes; a safe subset of the truly stable discs. */
static inline uint64_t stable_of (uint64_t mine, uint64_t full_h, uint64_t full_v,
                                  uint64_t full_d, uint64_t full_a)
{
  const uint64_t file_a = 0x0101010101010101ULL, file_h = 0x8080808080808080ULL;
  const uint64_t rank_1 = 0x00000000000000FFULL, rank_8 = 0xFF00000000000000ULL;
  const uint64_t border = file_a | file_h | rank_1 | rank_8;
  /* Squares with a wall on an axis, or whose line on that axis is full. */
  uint64_t fixed_h = full_h | file_a | file_h, fixed_v = full_v | rank_1 | rank_8;
  uint64_t fixed_d = full_d | border, fixed_a = full_a | border;
  /* Discs fixed on all four axes are stable at once: the growth starts from them. */
  uint64_t own = mine & fixed_h & fixed_v & fixed_d & fixed_a;
  for (;;) {
    uint64_t grown = mine
      & (fixed_h | ((own << 1) & ~file_a) | ((own >> 1) & ~file_h))
      & (fixed_v | (own << 8) | (own >> 8))
      & (fixed_d | ((own << 9) & ~file_a) | ((own >> 9) & ~file_h))
      & (fixed_a | ((own << 7) & ~file_h) | ((own >> 7) & ~file_a));
    if (grown == own)
      return own;
    own = grown;
  }
}

uint64_t board_stable_discs (uint64_t player, uint64_t opponent)
{
  uint64_t full_h, full_v, full_d, full_a;
  full_lines (player | opponent, &full_h, &full_v, &full_d, &full_a);
  return stable_of (player, full_h, full_v, full_d, full_a)
       | stable_of (opponent, full_h, full_v, full_d, full_a);
}

uint64_t board_stable_discs_of (uint64_t mine, uint64_t theirs)
{
  uint64_t full_h, full_v, full_d, full_a;
  full_lines (mine | theirs, &full_h, &full_v, &full_d, &full_a);
  return stable_of (mine, full_h, full_v, full_d, full_a);
}

uint64_t board_bits_symmetry (uint64_t bits, int symmetry)
{
  assert (symmetry >= 0 && symmetry < BOARD_SYMMETRIES);
  /* Bit 0: mirror columns; bit 1: mirror rows; bit 2: transpose first. */
  if (symmetry & 4)
    bits = board_transpose (bits);
  if (symmetry & 1)
    bits = board_mirror_columns (bits);
  if (symmetry & 2)
    bits = board_mirror_rows (bits);
  return bits;
}

int board_square_symmetry (int square, int symmetry)
{
  assert (square >= 0 && square < 64);
  assert (symmetry >= 0 && symmetry < BOARD_SYMMETRIES);
  int c = board_column (square), r = board_row (square);
  if (symmetry & 4) {
    int t = c;
    c = r;
    r = t;
  }
  if (symmetry & 1)
    c = 7 - c;
  if (symmetry & 2)
    r = 7 - r;
  return board_square (c, r);
}

Board board_symmetry (const Board *board, int symmetry)
{
  assert (board);
  Board result = {
    board_bits_symmetry (board->player, symmetry),
    board_bits_symmetry (board->opponent, symmetry),
  };
  return result;
}

Board board_canonical (const Board *board)
{
  assert (board);
  Board best = *board;
  for (int s = 1; s < BOARD_SYMMETRIES; s++) {
    Board b = board_symmetry (board, s);
    if (b.player < best.player || (b.player == best.player && b.opponent < best.opponent))
      best = b;
  }
  return best;
}

static const char *const kernel_names[BOARD_KERNEL_COUNT] = {
  [BOARD_KERNEL_PORTABLE] = "portable",
  [BOARD_KERNEL_AVX2] = "avx2",
  [BOARD_KERNEL_AVX512] = "avx512",
};

bool board_kernel_available (BoardKernel kernel)
{
  switch (kernel) {
  case BOARD_KERNEL_PORTABLE:
    return true;
#ifdef BOARD_X86
  case BOARD_KERNEL_AVX2:
    return __builtin_cpu_supports ("avx2") && __builtin_cpu_supports ("bmi")
        && __builtin_cpu_supports ("bmi2") && __builtin_cpu_supports ("popcnt");
  case BOARD_KERNEL_AVX512:
    return board_kernel_available (BOARD_KERNEL_AVX2) && __builtin_cpu_supports ("avx512f")
        && __builtin_cpu_supports ("avx512vl") && __builtin_cpu_supports ("avx512cd");
#endif
  default:
    return false;
  }
}

BoardKernel board_kernel_best (void)
{
  for (int kernel = BOARD_KERNEL_COUNT - 1; kernel > BOARD_KERNEL_PORTABLE; kernel--)
    if (board_kernel_available ((BoardKernel) kernel))
      return (BoardKernel) kernel;
  return BOARD_KERNEL_PORTABLE;
}

const char *board_kernel_name (BoardKernel kernel)
{
  assert (kernel >= 0 && kernel < BOARD_KERNEL_COUNT);
  return kernel_names[kernel];
}

BoardKernel board_kernel_from_name (const char *name)
{
  assert (name);
  for (int kernel = 0; kernel < BOARD_KERNEL_COUNT; kernel++)
    if (strcmp (name, kernel_names[kernel]) == 0)
      return (BoardKernel) kernel;
  return BOARD_KERNEL_COUNT;
}

#ifdef BOARD_X86
static BOARD_TARGET_AVX2 uint64_t moves_avx2 (uint64_t player, uint64_t opponent)
{
  return board_moves_avx2 (player, opponent);
}

static BOARD_TARGET_AVX2 uint64_t flips_avx2 (uint64_t player, uint64_t opponent, int square)
{
  return board_flips_empty_avx2 (player, opponent, square);
}

static BOARD_TARGET_AVX512 uint64_t moves_avx512 (uint64_t player, uint64_t opponent)
{
  return board_moves_avx512 (player, opponent);
}

static BOARD_TARGET_AVX512 uint64_t flips_avx512 (uint64_t player, uint64_t opponent, int square)
{
  return board_flips_empty_avx512 (player, opponent, square);
}
#endif

uint64_t board_moves_kernel (BoardKernel kernel, uint64_t player, uint64_t opponent)
{
  assert (board_kernel_available (kernel));
  assert ((player & opponent) == 0);
  switch (kernel) {
#ifdef BOARD_X86
  case BOARD_KERNEL_AVX2:
    return moves_avx2 (player, opponent);
  case BOARD_KERNEL_AVX512:
    return moves_avx512 (player, opponent);
#endif
  default:
    return board_moves (player, opponent);
  }
}

uint64_t board_flips_kernel (BoardKernel kernel, uint64_t player, uint64_t opponent, int square)
{
  assert (board_kernel_available (kernel));
  assert ((player & opponent) == 0);
  assert (square >= 0 && square < BOARD_SQUARES);
  if (((player | opponent) >> square) & 1)
    return 0;
  switch (kernel) {
#ifdef BOARD_X86
  case BOARD_KERNEL_AVX2:
    return flips_avx2 (player, opponent, square);
  case BOARD_KERNEL_AVX512:
    return flips_avx512 (player, opponent, square);
#endif
  default:
    return board_flips_empty (player, opponent, square);
  }
}
