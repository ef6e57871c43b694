/* board.h: what a Reversi position is and what can be done with it.
 * Square index 0..63 is a1, b1 .. h1, a2 .. h8 (a1 = bit 0; rows 1-8 from the top). */
#pragma once

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

/* Legal moves of the side to move, as a bit set. */
uint64_t board_moves (uint64_t player, uint64_t opponent);
static inline uint64_t board_legal_moves (const Board *board)
{
  return board_moves (board->player, board->opponent);
}

/* Opponent discs that a move on square would flip (0 when the move is not legal). */
uint64_t board_flips (uint64_t player, uint64_t opponent, int square);

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

static inline uint64_t board_empty_squares (const Board *board)
{
  return ~(board->player | board->opponent);
}
static inline int board_empties (const Board *board)
{
  return board_count (board_empty_squares (board));
}
/* True when neither side can move. */
bool board_is_game_over (const Board *board);
/* Disc difference for the side to move with the empty squares given to the winner
 * (tournament rule). Meaningful at game end; elsewhere it scores the discs as they stand. */
int board_final_score (const Board *board);

/* Squares whose discs can never be flipped again for either side (a subset, cheap). */
uint64_t board_stable_discs (uint64_t player, uint64_t opponent);

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
