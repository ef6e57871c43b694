/* level_ratings.h: the levels' ratings, as `verso-engine levels --write-ratings` measured them
 * from games between the levels and keeps them in data/level-ratings.txt, compiled in. The
 * scale's zero is the random mover (any legal move, all alike likely); 400 points is a 10 to 1
 * expected score (rating.h). The text, one player a line (blank lines and '#' comments skipped):
 *
 *   ID RATING DEVIATION
 *
 * ID "random", a level's id ("beginner" .. "master"), or an outside anchor's name (any other
 * word, e.g. "ntest-depth-2": kept and printed, not used); RATING and DEVIATION in rating
 * points (the deviation is the standard error, >= 0). Each id once; "random" at 0 0. Then,
 * optionally, the measured ratings of mixes between two neighbouring levels (level_mix.h):
 *
 *   mix LOWER WEIGHT RATING DEVIATION
 *
 * the mix of LOWER and the level above it with WEIGHT (0 .. 1, two decimals) of its moves from
 * the level above; a gap's lines in increasing weight, their ratings increasing strictly from
 * LOWER's to the upper level's. Where a gap has none, a mix's rating is the straight line. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "level.h"
#include "rating.h"

#define LEVEL_RATINGS_MAX_ANCHORS 4
#define LEVEL_RATINGS_NAME_SIZE 32
#define LEVEL_RATINGS_MAX_MIXES 9   /* measured mixes a gap */

typedef struct LevelRatings {
  bool known[LEVEL_COUNT];           /* a line for the level was read */
  Rating levels[LEVEL_COUNT];
  int anchor_count;                  /* outside anchors, in the order read */
  char anchor_names[LEVEL_RATINGS_MAX_ANCHORS][LEVEL_RATINGS_NAME_SIZE];
  Rating anchors[LEVEL_RATINGS_MAX_ANCHORS];
  int mix_count[LEVEL_COUNT];        /* measured mixes between level and level + 1 */
  double mix_weights[LEVEL_COUNT][LEVEL_RATINGS_MAX_MIXES];
  Rating mixes[LEVEL_COUNT][LEVEL_RATINGS_MAX_MIXES];
} LevelRatings;

/* Reads the text above. False with "line N: what" in error when it is malformed. */
bool level_ratings_parse (const char *text, size_t length, LevelRatings *ratings, char *error,
                          size_t error_size);
/* Writes the text above after `comment` (lines starting with '#'; may be NULL). False when the
 * stream fails. */
bool level_ratings_write (FILE *out, const LevelRatings *ratings, const char *comment);

/* The table compiled in from data/level-ratings.txt, read at the first call; NULL when it does
 * not read (the level test fails then). */
const LevelRatings *level_ratings_compiled (void);
/* The level's rating from the compiled table; false when the table has none for it. */
bool level_rating (LevelId level, Rating *rating);

/* A new person's rating before any game: the casual level's (the middle of the levels that play
 * like people), with RATING_NEW_DEVIATION, whose 95 % interval reaches from below the beginner to
 * the advanced level. */
#define LEVEL_RATINGS_NEW_PLAYER_LEVEL LEVEL_CASUAL
Rating level_ratings_new_player (void);
