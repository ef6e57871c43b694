/* match.h: games between two engine configurations from a fixed list of starts (start.h),
 * each start played with both colours, and the statistics of the result. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "eval.h"
#include "position.h"
#include "search.h"
#include "time_control.h"

/* The match starts, data/match-starts.txt compiled in: 8-ply positions that tournament players
 * chose most often (at least 12 times in the WTHOR games of 1977-2020) and that scored roughly
 * even there (black's mean theoretical score within 4 discs of a draw), most played first. */
#define MATCH_STARTS 128
extern const char match_start_text[];
extern const size_t match_start_text_length;

/* The position after start `index` (0 .. MATCH_STARTS - 1); black_to_move tells whose turn it
 * is. Returns false for an index out of range. */
bool match_start (int index, Board *board, bool *black_to_move);
/* The transcript of start `index`, e.g. "f5d6c3d3c4f4c5b3"; NULL when out of range. */
const char *match_start_moves (int index);

typedef struct MatchPlayer MatchPlayer;

/* The most moves a game from a start can have, passes included. */
#define MATCH_MAX_MOVES 128

/* The game so far, for a player that is told more than the board (an engine hosted over NBoard
 * is sent the whole game and its clock). */
typedef struct MatchTurn {
  Board start;                     /* the game's start, relative to the side to move there */
  bool start_black_to_move;
  int n_moves;
  int moves[MATCH_MAX_MOVES];      /* since the start: 0..63, or BOARD_PASS */
  double seconds[MATCH_MAX_MOVES]; /* each move's time on the clock; negative for a pass, and
                                      every one without a clock */
  int colour;                      /* the side to move, POSITION_BLACK or POSITION_WHITE */
  const TimeClock *clock;          /* running for colour since the turn began; NULL: no clock */
} MatchTurn;

/* Chooses a move (0..63, legal) for the side to move; board has at least one legal move.
 * seed differs from move to move and game to game, and is the same in every run. A move that
 * is not legal (-1, say, for a player that failed) loses the game. */
typedef int (*MatchChoose) (const MatchPlayer *player, Search *search, const Board *board,
                            uint64_t seed, const MatchTurn *turn);

struct MatchPlayer {
  const char *name;
  Rules rules;                  /* both players of a game play by the same rules */
  const Evaluation *evaluation; /* NULL: the default of the rules (under RULES_REVERSE this is
                                   the Reverse evaluation, see search_set_reverse_evaluation) */
  SearchLimits limits;          /* used by the plain search when choose is NULL */
  bool on_clock;                /* in a game on a clock, the plain search's time comes from the
                                   clock (time_control_think_seconds) instead of limits' times */
  MatchChoose choose;           /* NULL: search_run with evaluation and limits */
  void *user_data;              /* for choose */
};

/* Plays one game from board (black_to_move says whose turn) to its end; each player has its
 * own search, cleared first. Returns black's final score under the players' rules (the disc
 * difference with empties to the winner, negated under Reverse).
 * A player that returns an illegal move loses the game by 64 discs. */
int match_play_game (const MatchPlayer *black, Search *black_search, const MatchPlayer *white,
                     Search *white_search, const Board *board, bool black_to_move,
                     uint64_t seed);

/* How a game on a clock went. Indexed by POSITION_BLACK and POSITION_WHITE. */
typedef struct MatchGame {
  int black_score;     /* as match_play_game's; a side that loses on time loses by 64 discs */
  int lost_on_time;    /* the side whose time ran out, or -1 */
  double seconds[2];   /* the time each side's moves took */
  double longest[2];   /* each side's longest move, in seconds */
  int moves[2];        /* moves each side chose (passes are not counted) */
} MatchGame;

/* match_play_game with each side on a clock of `control` (NULL: no clock, and no time is
 * measured), counted on the monotonic clock_seconds () from when a side is to move to when its
 * move comes back. A side whose time runs out during its move loses the game on time. */
MatchGame match_play_game_on_clock (const MatchPlayer *black, Search *black_search,
                                    const MatchPlayer *white, Search *white_search,
                                    const Board *board, bool black_to_move, uint64_t seed,
                                    const TimeControl *control);

typedef struct MatchStatistics {
  int games, wins, draws, losses;  /* from the first player's side */
  double score;                    /* (wins + draws / 2) / games */
  double mean_difference;          /* mean final disc difference */
  double elo, elo_low, elo_high;   /* Elo difference and its 95 % interval (may be infinite) */
} MatchStatistics;

/* Statistics of the first player's disc differences, one per game. */
MatchStatistics match_statistics (const int *differences, int games);

/* Progress: called after each game with the game's number (from 0), its start and colour,
 * and the first player's disc difference. Returns false to end the match there. */
typedef bool (*MatchProgress) (int game, int start, bool first_black, int difference,
                               void *user_data);

/* Plays starts 0 .. starts - 1, each first with the first player as black, then as white.
 * Fills differences (2 * starts entries, the first player's view) and returns false when
 * memory is short. */
bool match_run (const MatchPlayer *first, const MatchPlayer *second, int starts,
                size_t hash_bytes, int *differences, MatchProgress progress, void *user_data);

/* The time of a match on a clock, per player: [0] the first, [1] the second. */
typedef struct MatchTimes {
  int lost_on_time[2];  /* games lost on time */
  double seconds[2];    /* the time all their moves took */
  double longest[2];    /* their longest move */
  int moves[2];
} MatchTimes;

/* match_run with every game on a clock of `control` (match_play_game_on_clock); *times (may be
 * NULL) receives the time the players used. A NULL control is match_run. Returns the games
 * played, 2 * starts unless progress ended the match sooner, or -1 when memory is short. */
int match_run_on_clock (const MatchPlayer *first, const MatchPlayer *second, int starts,
                        size_t hash_bytes, const TimeControl *control, int *differences,
                        MatchTimes *times, MatchProgress progress, void *user_data);
