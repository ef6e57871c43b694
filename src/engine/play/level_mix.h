/* level_mix.h: a strength between two neighbouring levels, for an opponent that plays at a
 * person's rating ("Match my level"): each move is chosen by the stronger level with a
 * probability, else by the weaker one, and the mix is rated between the two levels' ratings
 * (level_ratings.h) along the curve measured for that gap. */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "level.h"
#include "rating.h"
#include "search.h"

typedef struct LevelMix {
  LevelId lower, upper;  /* neighbours (upper = lower + 1), or the same level twice */
  double weight;         /* 0 .. 1: the share of moves the upper level chooses */
} LevelMix;

/* The mix whose rating is `rating`, clamped to the weakest and the strongest level (the inverse
 * of level_mix_rating). False when the compiled table lacks a level's rating. */
bool level_mix_for_rating (double rating, LevelMix *mix);
/* The mix's rating, interpolated along its gap's curve: the lower level's rating, the measured
 * mixes' (level_ratings.h), the upper level's; the straight line between the two levels where
 * none was measured. Deviations likewise. */
Rating level_mix_rating (const LevelMix *mix);
/* The level that chooses most of the mix's moves (the lower one at an even split). */
LevelId level_mix_nearest (const LevelMix *mix);
/* The level the seed draws for a move: the upper with the mix's weight, else the lower. */
LevelId level_mix_draw (const LevelMix *mix, uint64_t seed);
/* Chooses a move as level_choose_move does, by the level the seed draws for this move. */
int level_mix_choose_move (Search *search, const Board *board, const LevelMix *mix, uint64_t seed,
                           const atomic_bool *stop, SearchResult *result);
