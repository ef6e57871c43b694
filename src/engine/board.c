/* board.c: move generation, flips, game end, symmetries. */
#include "board.h"

#include <assert.h>

/* Masks that stop a shift from wrapping round the board's sides. */
#define NOT_A_FILE 0xFEFEFEFEFEFEFEFEULL
#define NOT_H_FILE 0x7F7F7F7F7F7F7F7FULL

void board_init (Board *board)
{
  assert (board);
  board->player = board_bit (board_square (3, 4)) | board_bit (board_square (4, 3));   /* d5 e4 */
  board->opponent = board_bit (board_square (3, 3)) | board_bit (board_square (4, 4)); /* d4 e5 */
}

/* Moves in one direction pair (shift left and right by `shift`): runs of opponent discs
 * (limited to `inner`, which excludes wrapping squares) grown from the player's discs, then
 * one step further. Six steps cover the longest possible run. */
static inline uint64_t moves_direction (uint64_t player, uint64_t inner, int shift)
{
  uint64_t left = inner & (player << shift);
  uint64_t right = inner & (player >> shift);
  uint64_t inner_left = inner & (inner << shift);
  uint64_t inner_right = inner & (inner >> shift);
  left |= inner & (left << shift);
  right |= inner & (right >> shift);
  left |= inner_left & (left << (2 * shift));
  right |= inner_right & (right >> (2 * shift));
  left |= inner_left & (left << (2 * shift));
  right |= inner_right & (right >> (2 * shift));
  return (left << shift) | (right >> shift);
}

uint64_t board_moves (uint64_t player, uint64_t opponent)
{
  uint64_t inner = opponent & 0x7E7E7E7E7E7E7E7EULL;
  uint64_t moves = moves_direction (player, inner, 1)
                 | moves_direction (player, opponent, 8)
                 | moves_direction (player, inner, 7)
                 | moves_direction (player, inner, 9);
  return moves & ~(player | opponent);
}

/* The diagonal where column - row == d, and the anti-diagonal where column + row == 7 + a. */
static uint64_t line_mask_diagonal (int d)
{
  const uint64_t main_diagonal = 0x8040201008040201ULL; /* column - row == 0 */
  return d >= 0 ? main_diagonal >> (8 * d) : main_diagonal << (-8 * d);
}

static uint64_t line_mask_anti (int a)
{
  const uint64_t main_anti = 0x0102040810204080ULL; /* column + row == 7 */
  return a >= 0 ? main_anti << (8 * a) : main_anti >> (-8 * a);
}

/* Flips along one ray going towards higher squares: the nearest square on the ray that is not
 * an opponent disc must be the player's; everything before it on the ray flips. */
static inline uint64_t flips_up (uint64_t player, uint64_t opponent, uint64_t ray)
{
  uint64_t stop = ray & ~opponent;
  uint64_t nearest = stop & (0 - stop);
  return (nearest & player) ? ray & (nearest - 1) : 0;
}

/* The same towards lower squares, where the nearest stop is the highest set bit. */
static inline uint64_t flips_down (uint64_t player, uint64_t opponent, uint64_t ray)
{
  uint64_t stop = ray & ~opponent;
  if (!stop)
    return 0;
  uint64_t nearest = 1ULL << (63 - __builtin_clzll (stop));
  return (nearest & player) ? ray & ~((nearest << 1) - 1) : 0;
}

uint64_t board_flips (uint64_t player, uint64_t opponent, int square)
{
  assert (square >= 0 && square < 64);
  assert ((player & opponent) == 0);
  if ((player | opponent) & board_bit (square))
    return 0;
  /* Rays as whole lines through the square, split above and below it. */
  int c = board_column (square), r = board_row (square);
  uint64_t above = ~0ULL << square << 1, below = board_bit (square) - 1;
  uint64_t row = 0xFFULL << (8 * r);
  uint64_t column = 0x0101010101010101ULL << c;
  int d = c - r; /* diagonal a1-h8 through the square: c - r constant */
  uint64_t diagonal = line_mask_diagonal (d);
  int a = c + r - 7; /* anti-diagonal a8-h1: c + r constant */
  uint64_t anti = line_mask_anti (a);
  uint64_t flips = flips_up (player, opponent, row & above)
                 | flips_up (player, opponent, column & above)
                 | flips_up (player, opponent, diagonal & above)
                 | flips_up (player, opponent, anti & above)
                 | flips_down (player, opponent, row & below)
                 | flips_down (player, opponent, column & below)
                 | flips_down (player, opponent, diagonal & below)
                 | flips_down (player, opponent, anti & below);
  return flips;
}

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

/* A disc is stable when, along each of the four axes, its line is full or a neighbour on the
 * axis is the wall or a stable disc of its own colour: then no bracket can ever form across it.
 * Grown from the walls until nothing changes; a safe subset of the truly stable discs. */
uint64_t board_stable_discs (uint64_t player, uint64_t opponent)
{
  const uint64_t file_a = 0x0101010101010101ULL, file_h = 0x8080808080808080ULL;
  const uint64_t rank_1 = 0x00000000000000FFULL, rank_8 = 0xFF00000000000000ULL;
  const uint64_t border = file_a | file_h | rank_1 | rank_8;
  uint64_t filled = player | opponent;
  uint64_t full_h = 0, full_v = 0, full_d = 0, full_a = 0;
  for (int i = 0; i < 8; i++) {
    uint64_t row = 0xFFULL << (8 * i), column = file_a << i;
    if ((filled & row) == row)
      full_h |= row;
    if ((filled & column) == column)
      full_v |= column;
  }
  for (int i = -7; i <= 7; i++) {
    uint64_t diagonal = line_mask_diagonal (i), anti = line_mask_anti (i);
    if ((filled & diagonal) == diagonal)
      full_d |= diagonal;
    if ((filled & anti) == anti)
      full_a |= anti;
  }

  /* Squares with a wall on an axis, or whose line on that axis is full. */
  uint64_t fixed_h = full_h | file_a | file_h, fixed_v = full_v | rank_1 | rank_8;
  uint64_t fixed_d = full_d | border, fixed_a = full_a | border;
  uint64_t colours[2] = { player, opponent }, stable = 0;
  for (int i = 0; i < 2; i++) {
    uint64_t mine = colours[i], own = 0;
    for (;;) {
      uint64_t grown = mine
        & (fixed_h | ((own << 1) & ~file_a) | ((own >> 1) & ~file_h))
        & (fixed_v | (own << 8) | (own >> 8))
        & (fixed_d | ((own << 9) & ~file_a) | ((own >> 9) & ~file_h))
        & (fixed_a | ((own << 7) & ~file_h) | ((own >> 7) & ~file_a));
      if (grown == own)
        break;
      own = grown;
    }
    stable |= own;
  }
  return stable;
}

/* Bit-permutation symmetries, each a few delta swaps (see Knuth, TAOCP 7.1.3). */
static uint64_t flip_vertical (uint64_t x)
{
  return __builtin_bswap64 (x);
}

static uint64_t mirror_horizontal (uint64_t x)
{
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return x;
}

/* Transpose across the a1-h8 diagonal. */
static uint64_t flip_diagonal (uint64_t x)
{
  uint64_t t;
  t = 0x0F0F0F0F00000000ULL & (x ^ (x << 28));
  x ^= t ^ (t >> 28);
  t = 0x3333000033330000ULL & (x ^ (x << 14));
  x ^= t ^ (t >> 14);
  t = 0x5500550055005500ULL & (x ^ (x << 7));
  x ^= t ^ (t >> 7);
  return x;
}

uint64_t board_bits_symmetry (uint64_t bits, int symmetry)
{
  assert (symmetry >= 0 && symmetry < BOARD_SYMMETRIES);
  /* Bit 0: mirror columns; bit 1: mirror rows; bit 2: transpose first. */
  if (symmetry & 4)
    bits = flip_diagonal (bits);
  if (symmetry & 1)
    bits = mirror_horizontal (bits);
  if (symmetry & 2)
    bits = flip_vertical (bits);
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
