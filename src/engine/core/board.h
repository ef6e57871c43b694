/* board.h: what a Reversi position is and what can be done with it.
 * Square index 0..63 is a1, b1 .. h1, a2 .. h8 (a1 = bit 0; rows 1-8 from the top). */
#pragma once

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#define BOARD_SQUARES 64
/* Move values beside the squares 0..63. */
#define BOARD_PASS 64
#define BOARD_NO_MOVE 65

/* A position as seen by the side to move: its discs and the opponent's. */
typedef struct Board {
  uint64_t player;
  uint64_t opponent;
} Board;

/* The 8 symmetries of the square; 0 is the identity. */
#define BOARD_SYMMETRIES 8

static inline int board_square (int column, int row) { return row * 8 + column; }
static inline int board_column (int square) { return square & 7; }
static inline int board_row (int square) { return square >> 3; }
static inline uint64_t board_bit (int square) { return 1ULL << square; }
static inline int board_count (uint64_t bits) { return __builtin_popcountll (bits); }

/* The standard start: d4 and e5 white, d5 and e4 black, black to move. */
void board_init (Board *board);

/* Moves in one pair of directions (shift left and right by `shift`): runs of opponent discs
 * (limited to `inner`, which leaves out squares a shift would wrap onto) grown from the player's
 * discs, then one step further. Three doubling steps cover the longest run, six discs. */
static inline uint64_t board_moves_direction (uint64_t player, uint64_t inner, int shift)
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

/* Two bit sets worked on at once (SSE2 on x86-64, NEON on ARM, plain code elsewhere). */
typedef uint64_t BoardPair __attribute__ ((vector_size (16)));

/* Runs of opponent discs grown from the player's discs by left shifts of `shift`, in both lanes;
 * the same three doubling steps as board_moves_direction. */
static inline BoardPair board_moves_pair (BoardPair player, BoardPair inner, int shift)
{
  BoardPair run = inner & (player << shift);
  BoardPair inner_run = inner & (inner << shift);
  run |= inner & (run << shift);
  run |= inner_run & (run << (2 * shift));
  run |= inner_run & (run << (2 * shift));
  return run << shift;
}

/* Legal moves of the side to move, as a bit set. Portable C, inlined where it is called; for
 * wider instruction sets chosen at run time see BoardKernel below. Lane 1 holds the board upside
 * down (byte-swapped), so left shifts by 8, 7 and 9 in both lanes cover the six vertical and
 * diagonal directions; the horizontal pair is done on its own. */
static inline uint64_t board_moves (uint64_t player, uint64_t opponent)
{
  const uint64_t not_edge = 0x7E7E7E7E7E7E7E7EULL; /* not on the a or h file */
  BoardPair p = { player, __builtin_bswap64 (player) };
  BoardPair o = { opponent, __builtin_bswap64 (opponent) };
  BoardPair inner = o & not_edge;
  BoardPair pair = board_moves_pair (p, o, 8) | board_moves_pair (p, inner, 7)
                 | board_moves_pair (p, inner, 9);
  uint64_t moves = pair[0] | __builtin_bswap64 (pair[1])
                 | board_moves_direction (player, opponent & not_edge, 1);
  return moves & ~(player | opponent);
}

static inline uint64_t board_legal_moves (const Board *board)
{
  return board_moves (board->player, board->opponent);
}

/* The four lines through each square (row, column, a1-h8 diagonal, h1-a8 diagonal), split
 * into the part above the square (higher square numbers) and the part below it. */
typedef struct BoardRays {
  _Alignas (32) uint64_t up[4];
  _Alignas (32) uint64_t down[4];
} BoardRays;
extern const BoardRays board_rays[BOARD_SQUARES];

/* Flips of a move on an empty square. On each ray going up, the nearest square that is not an
 * opponent disc (the lowest such bit) must be the player's, and the ray squares between it and
 * the move flip; going down the same with the highest bit. Branch-free: no outflanking disc
 * gives 0. */
static inline uint64_t board_flips_empty (uint64_t player, uint64_t opponent, int square)
{
  assert (square >= 0 && square < BOARD_SQUARES);
  assert (!(((player | opponent) >> square) & 1));
  const BoardRays *rays = &board_rays[square];
  uint64_t flips = 0;
  for (int k = 0; k < 4; k++) {
    uint64_t up = rays->up[k], stop = up & ~opponent;
    uint64_t outflank = stop & (0 - stop) & player;
    flips |= (outflank - (outflank != 0)) & up;
    uint64_t down = rays->down[k];
    stop = down & ~opponent;
    /* The highest bit of stop, or nothing when stop is 0 (stop | 1 only keeps clz defined). */
    outflank = (0x8000000000000000ULL >> __builtin_clzll (stop | 1)) & stop & player;
    flips |= (0 - (outflank << 1)) & down;
  }
  return flips;
}

/* board_last_flips[p][line]: the discs a move on position p of a line of 8 squares flips along
 * it, when the other squares of the line are all taken: `line` holds the mover's discs, every
 * other square is the opponent's. A line shorter than 8 squares reads as padded with opponent
 * discs, which close nothing, so the count stays right. */
extern const uint8_t board_last_flips[8][256];

/* The number of discs a move on `square` flips when it is the only empty square of the board, so
 * that the opponent holds every square the player does not: the four lines through the square
 * gathered into bytes by multiplication, each counted by board_last_flips, without the flips
 * themselves. 0 when the move is not legal. */
static inline int board_last_flip_count (uint64_t player, int square)
{
  assert (square >= 0 && square < BOARD_SQUARES);
  assert (!((player >> square) & 1));
  const uint64_t file_a = 0x0101010101010101ULL;
  int column = square & 7, row = square >> 3;
  const BoardRays *rays = &board_rays[square];
  unsigned horizontal = (unsigned) (player >> (8 * row)) & 0xFF;
  /* One bit per row: the multiplication moves row r's bit to bit 56 + r. */
  unsigned vertical = (unsigned) ((((player >> column) & file_a) * 0x0102040810204080ULL) >> 56);
  /* One bit per column: summing the rows into the top byte keeps each at its column. */
  unsigned diagonal = (unsigned) (((player & (rays->up[2] | rays->down[2])) * file_a) >> 56);
  unsigned anti = (unsigned) (((player & (rays->up[3] | rays->down[3])) * file_a) >> 56);
  return board_last_flips[column][horizontal] + board_last_flips[row][vertical]
       + board_last_flips[column][diagonal] + board_last_flips[column][anti];
}

/* Opponent discs that a move on square would flip (0 when the move is not legal). */
static inline uint64_t board_flips (uint64_t player, uint64_t opponent, int square)
{
  assert (square >= 0 && square < BOARD_SQUARES);
  assert ((player & opponent) == 0);
  if (((player | opponent) >> square) & 1)
    return 0;
  return board_flips_empty (player, opponent, square);
}

/* Plays a legal move of the side to move; the opponent is then to move. */
static inline void board_play_flips (Board *board, int square, uint64_t flips)
{
  uint64_t player = board->player ^ flips ^ board_bit (square);
  board->player = board->opponent ^ flips;
  board->opponent = player;
}
/* Returns false and changes nothing when the move is not legal. */
bool board_play (Board *board, int square);

/* The side to move passes. */
static inline void board_pass (Board *board)
{
  uint64_t player = board->player;
  board->player = board->opponent;
  board->opponent = player;
}

/* The board after `move`, a legal square or BOARD_PASS. */
static inline Board board_after_move (const Board *board, int move)
{
  Board next = *board;
  if (move == BOARD_PASS)
    board_pass (&next);
  else
    board_play (&next, move);
  return next;
}

static inline uint64_t board_empty_squares (const Board *board)
{
  return ~(board->player | board->opponent);
}
static inline int board_empties (const Board *board)
{
  return board_count (board_empty_squares (board));
}
/* The order of boards by (player, opponent) bits, for sorting and binary search: negative,
 * zero or positive as a sorts before, with or after b. */
static inline int board_compare (const Board *a, const Board *b)
{
  if (a->player != b->player)
    return a->player < b->player ? -1 : 1;
  if (a->opponent != b->opponent)
    return a->opponent < b->opponent ? -1 : 1;
  return 0;
}
/* The squares of `empty` next to the discs `discs`: the frontier, where the other side may soon
 * move. With the roles swapped, the discs next to an empty square. */
static inline uint64_t board_frontier (uint64_t discs, uint64_t empty)
{
  const uint64_t not_a = 0xFEFEFEFEFEFEFEFEULL, not_h = 0x7F7F7F7F7F7F7F7FULL;
  uint64_t n = ((discs << 1) & not_a) | ((discs >> 1) & not_h)
             | (discs << 8) | (discs >> 8)
             | ((discs << 9) & not_a) | ((discs >> 9) & not_h)
             | ((discs << 7) & not_h) | ((discs >> 7) & not_a);
  return n & empty;
}
/* True when neither side can move. */
bool board_is_game_over (const Board *board);
/* Disc difference for the side to move with the empty squares given to the winner
 * (tournament rule). Meaningful at game end; elsewhere it scores the discs as they stand. */
int board_final_score (const Board *board);

/* Squares whose discs can never be flipped again for either side (a subset, cheap). */
uint64_t board_stable_discs (uint64_t player, uint64_t opponent);
/* The same for the discs `mine` only (those of board_stable_discs in mine), at half the cost. */
uint64_t board_stable_discs_of (uint64_t mine, uint64_t theirs);

/* The three bit permutations the symmetries are made of (delta swaps): columns a-h reversed,
 * rows 1-8 reversed, and the transpose across the a1-h8 diagonal. */
static inline uint64_t board_mirror_columns (uint64_t x)
{
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  return ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
}

static inline uint64_t board_mirror_rows (uint64_t x)
{
  return __builtin_bswap64 (x);
}

static inline uint64_t board_transpose (uint64_t x)
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

/* Symmetries: identity, rotations by 90, 180 and 270 degrees, and the four mirrors. */
uint64_t board_bits_symmetry (uint64_t bits, int symmetry);
int board_square_symmetry (int square, int symmetry);
Board board_symmetry (const Board *board, int symmetry);
/* The symmetry-reduced form: the least (player, opponent) over the 8 symmetries. */
Board board_canonical (const Board *board);

/* A well mixed 64-bit hash of the position. */
static inline uint64_t board_hash (const Board *board)
{
  uint64_t h = board->player * 0x9E3779B97F4A7C15ULL;
  h ^= (board->opponent ^ (board->opponent >> 29)) * 0xBF58476D1CE4E5B9ULL;
  h ^= h >> 31;
  h *= 0x94D049BB133111EBULL;
  h ^= h >> 29;
  return h;
}

static inline bool board_equal (const Board *a, const Board *b)
{
  return a->player == b->player && a->opponent == b->opponent;
}

/* Implementations of board_moves and board_flips for wider instruction sets, for hot loops that
 * choose one at run time (perft does). Each gives exactly the portable results. */
typedef enum BoardKernel {
  BOARD_KERNEL_PORTABLE, /* plain C above: any CPU */
  BOARD_KERNEL_AVX2,     /* x86-64-v3: AVX2, BMI1, BMI2, POPCNT */
  BOARD_KERNEL_AVX512,   /* AVX2 and AVX-512 F, VL, CD */
  BOARD_KERNEL_COUNT
} BoardKernel;

/* Whether this CPU (and this build) can run a kernel. The portable one always can. */
bool board_kernel_available (BoardKernel kernel);
/* The fastest available kernel. */
BoardKernel board_kernel_best (void);
/* "portable", "avx2", "avx512". */
const char *board_kernel_name (BoardKernel kernel);
/* The kernel with that name, or BOARD_KERNEL_COUNT when there is none. */
BoardKernel board_kernel_from_name (const char *name);
/* board_moves and board_flips computed by an available kernel; a call each, so for tests and
 * checks rather than hot loops. */
uint64_t board_moves_kernel (BoardKernel kernel, uint64_t player, uint64_t opponent);
uint64_t board_flips_kernel (BoardKernel kernel, uint64_t player, uint64_t opponent, int square);
