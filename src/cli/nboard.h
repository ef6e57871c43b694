/* nboard.h: the NBoard protocol engine, one command line at a time: `verso-engine nboard` feeds
 * it the lines of stdin, tests and the fuzzer feed it lines of their own. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "level.h"
#include "notation.h"

typedef struct NboardEngine NboardEngine;

/* Seconds for the move of the side to move in `position`: search_move_budget of the time left on
 * its clock (a GGF record's, notation.h: main + increments - seconds used), capped by move_time
 * (0 = none); 0 = untimed. */
double nboard_clock_budget (const NotationClock *clock, const Position *position, double move_time);
/* The opening book (book.h), on by default when the program has one: `go` in a book position
 * answers a book move at once (drawn with the seed, different from game to game), `hint` lists
 * the book moves as `book` lines before its `search` lines. False when it is asked for and the
 * program has none. */
bool nboard_engine_set_book (NboardEngine *engine, bool enabled, uint64_t seed);
/* Timed play: every `go` answers within `seconds` (0 = depth play, the default). */
void nboard_engine_set_move_time (NboardEngine *engine, double seconds);
/* Every `go` answered as the level chooses its move in the game (its book, its errors, its
 * limits; the depth and times set are not used); LEVEL_NONE: searched as set. */
void nboard_engine_set_level (NboardEngine *engine, LevelId level);
/* Timed play by the game: the engine's moves of a game take `seconds` each on average (0 = not
 * so limited, the default), by its own account of the time its replies took (see
 * nboard_average_budget); with a clock or --move-time too, the least of their budgets. */
void nboard_engine_set_average_time (NboardEngine *engine, double seconds);
/* Seconds a move of the side to move may take under --average-time `average`, after its replies
 * took `spent` seconds in this game, with `empties` empty squares: the average for every move
 * made and still to make (every other empty square) less the time spent is the allowance
 * search_move_budget shares out, and no move takes more than four times the average. */
double nboard_average_budget (double average, double spent, int replies, int empties);
/* The seconds the engine's replies to `go` for `side` (POSITION_BLACK or POSITION_WHITE) took in
 * the game as it now stands (a reply in a variation since taken back no longer counts), and
 * (replies, may be NULL) how many they were. */
double nboard_engine_spent (const NboardEngine *engine, int side, int *replies);

/* An engine with a transposition table of hash_bytes (0 = the search's default) that writes its
 * replies to `out` and its complaints about bad input to `err`. NULL when memory is short. */
NboardEngine *nboard_engine_new (size_t hash_bytes, FILE *out, FILE *err);
/* Waits for the running search to finish, then frees the engine. */
void nboard_engine_free (NboardEngine *engine);

/* Runs one command line (changed in place; a final newline is allowed). Searches run in a worker
 * thread: `ping` and `quit` stop them, every other command waits for them. False on `quit`. */
bool nboard_engine_command (NboardEngine *engine, char *line);

/* The game as the GUI set it, with the moves played since. */
const NotationGame *nboard_engine_game (const NboardEngine *engine);
