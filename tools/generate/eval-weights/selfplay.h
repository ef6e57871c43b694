/* selfplay.h: training positions from the engine's own games, each labelled by a search.
 *
 * Tournament games cover the positions people reach; a search meets many others (lopsided
 * edges, early corners, walls). Self-play games that start with random moves reach those, and
 * every position is labelled by a selective search of its own (exact near the end), not by how
 * the game happened to end. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "eval.h"

typedef struct SelfPlayOptions {
  int games;
  uint64_t seed;
  int depth;            /* the labelling search's selective depth */
  int exact_empties;    /* positions with this many empties or fewer are solved exactly */
  int random_plies_min; /* each game opens with a number of random moves drawn in this range */
  int random_plies_max;
  int threads;
} SelfPlayOptions;

typedef struct SelfPlayPosition {
  uint64_t player, opponent;
  int8_t label; /* the search's score in discs for the side to move */
} SelfPlayPosition;

/* Plays options->games games (60 positions a game at most, in positions[60 * g ...], the
 * count of game g in counts[g]) with `evaluation`. Deterministic: game g depends only on the
 * seed and g, whatever the thread count. False when memory is short. */
bool selfplay_generate (const SelfPlayOptions *options, const Evaluation *evaluation,
                        SelfPlayPosition *positions, uint8_t *counts);
