/* level_mix.c: a strength between two neighbouring levels (level_mix.h). */
#include "level_mix.h"

#include <assert.h>
#include <math.h>

#include "level_ratings.h"
#include "random.h"

/* A gap's curve: its points' weights and ratings, from the lower level's (weight 0) through the
 * measured mixes to the upper level's (weight 1); how many points. */
static int gap_curve (const LevelRatings *table, LevelId lower, double *weights, Rating *ratings)
{
  int count = 0;
  weights[count] = 0;
  ratings[count++] = table->levels[lower];
  for (int i = 0; i < table->mix_count[lower]; i++) {
    weights[count] = table->mix_weights[lower][i];
    ratings[count++] = table->mixes[lower][i];
  }
  weights[count] = 1;
  ratings[count++] = table->levels[lower + 1];
  return count;
}

/* The compiled table when it rates every level. */
static const LevelRatings *full_table (void)
{
  const LevelRatings *table = level_ratings_compiled ();
  for (int level = 0; table && level < LEVEL_COUNT; level++)
    if (!table->known[level])
      return NULL;
  return table;
}

bool level_mix_for_rating (double rating, LevelMix *mix)
{
  const LevelRatings *table = full_table ();
  if (!table)
    return false;
  if (!(rating > table->levels[0].value)) {
    *mix = (LevelMix) { 0, 0, 0.0 };
    return true;
  }
  for (int level = 0; level + 1 < LEVEL_COUNT; level++) {
    double weights[LEVEL_RATINGS_MAX_MIXES + 2];
    Rating ratings[LEVEL_RATINGS_MAX_MIXES + 2];
    int count = gap_curve (table, (LevelId) level, weights, ratings);
    if (rating > ratings[count - 1].value)
      continue;
    int i = 1;
    while (i < count - 1 && rating > ratings[i].value)
      i++;
    double low = ratings[i - 1].value, high = ratings[i].value;
    double share = high > low ? (rating - low) / (high - low) : 1.0;
    *mix = (LevelMix) { (LevelId) level, (LevelId) (level + 1), weights[i - 1] + share * (weights[i] - weights[i - 1]) };
    return true;
  }
  *mix = (LevelMix) { LEVEL_COUNT - 1, LEVEL_COUNT - 1, 0.0 };
  return true;
}

Rating level_mix_rating (const LevelMix *mix)
{
  const LevelRatings *table = level_ratings_compiled ();
  Rating rating = { 0, 0 };
  if (!table || !table->known[mix->lower] || !table->known[mix->upper])
    return rating;
  if (mix->upper == mix->lower)
    return table->levels[mix->lower];
  double weights[LEVEL_RATINGS_MAX_MIXES + 2];
  Rating ratings[LEVEL_RATINGS_MAX_MIXES + 2];
  int count = gap_curve (table, mix->lower, weights, ratings);
  int i = 1;
  while (i < count - 1 && mix->weight > weights[i])
    i++;
  double share = (mix->weight - weights[i - 1]) / (weights[i] - weights[i - 1]);
  rating.value = (1 - share) * ratings[i - 1].value + share * ratings[i].value;
  rating.deviation = (1 - share) * ratings[i - 1].deviation + share * ratings[i].deviation;
  return rating;
}

LevelId level_mix_nearest (const LevelMix *mix)
{
  return mix->weight > 0.5 ? mix->upper : mix->lower;
}

LevelId level_mix_draw (const LevelMix *mix, uint64_t seed)
{
  assert (mix->lower >= 0 && mix->upper < LEVEL_COUNT && mix->weight >= 0 && mix->weight <= 1);
  /* The draw uses a stream of its own, so the chosen level's move keeps the seed it would have. */
  uint64_t state = random_mix (seed ^ 0x6A09E667F3BCC909ULL);
  double u = (double) (random_next (&state) >> 11) / 9007199254740992.0;
  return u < mix->weight ? mix->upper : mix->lower;
}

int level_mix_choose_move (Search *search, const Board *board, const LevelMix *mix, uint64_t seed,
                           const atomic_bool *stop, SearchResult *result)
{
  return level_choose_move (search, board, level_mix_draw (mix, seed), seed, stop, result);
}
