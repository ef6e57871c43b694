/* position.h: a board together with the colour to move, for everything that speaks of black and
 * white (notation, the game record, protocols). A Board alone is relative to the side to move. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

#define POSITION_BLACK 0
#define POSITION_WHITE 1

typedef struct Position {
  Board board;      /* board.player belongs to side_to_move */
  int side_to_move; /* POSITION_BLACK or POSITION_WHITE */
} Position;

/* The standard start, black to move. */
static inline void position_init (Position *position)
{
  board_init (&position->board);
  position->side_to_move = POSITION_BLACK;
}

static inline uint64_t position_black (const Position *position)
{
  return position->side_to_move == POSITION_BLACK ? position->board.player
                                                  : position->board.opponent;
}

static inline uint64_t position_white (const Position *position)
{
  return position->side_to_move == POSITION_BLACK ? position->board.opponent
                                                  : position->board.player;
}

/* black and white must not share a square. */
static inline Position position_from_discs (uint64_t black, uint64_t white, int side_to_move)
{
  Position position;
  position.side_to_move = side_to_move;
  position.board.player = side_to_move == POSITION_BLACK ? black : white;
  position.board.opponent = side_to_move == POSITION_BLACK ? white : black;
  return position;
}

/* True when the side to move has no legal move but the game goes on: it must pass. */
static inline bool position_must_pass (const Position *position)
{
  const Board *board = &position->board;
  return board_moves (board->player, board->opponent) == 0
      && board_moves (board->opponent, board->player) != 0;
}

/* Plays a move (0..63) or BOARD_PASS. A pass is legal only when the side to move has no move
 * and the game is not over. Returns false and changes nothing when the move is not legal. */
static inline bool position_play (Position *position, int move)
{
  if (move == BOARD_PASS) {
    if (!position_must_pass (position))
      return false;
    board_pass (&position->board);
  } else if (!board_play (&position->board, move)) {
    return false;
  }
  position->side_to_move ^= 1;
  return true;
}
