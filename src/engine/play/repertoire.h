/* repertoire.h: a person's repertoire as the opening trainer uses it: from the games they played
 * as one colour, each position where their opponent was to move and the moves the opponents
 * played there, with how often, found under the 8 symmetries. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "board.h"

typedef struct Repertoire Repertoire;

/* Makes the repertoire of colour (POSITION_BLACK or POSITION_WHITE) from n_games games of the
 * standard start, the moves of game i being moves[i][0 .. lengths[i] - 1] (BOARD_PASS allowed);
 * a game stops being read at its first illegal move. NULL when memory is short. */
Repertoire *repertoire_new (const int *const *moves, const size_t *lengths, size_t n_games,
                            int colour);
void repertoire_free (Repertoire *repertoire);
/* The games read. */
size_t repertoire_games (const Repertoire *repertoire);
/* The opponents' moves at board (the opponent to move), each once with the number of times it
 * was played there or at one of its symmetries (turned back to board), most played first;
 * returns how many. */
int repertoire_moves (const Repertoire *repertoire, const Board *board, int moves[BOARD_SQUARES],
                      uint64_t counts[BOARD_SQUARES]);
