/* level_mix.c: a strength between two neighbouring levels (level_mix.h). */
#include "level_mix.h"

#include <assert.h>
#include <math.h>

#include "level_ratings.h"
#include "random.h"

bool level_mix_for_rating (double rating, LevelMix *mix)
{
  Rating ratings[LEVEL_COUNT];
  for (int level = 0; level < LEVEL_COUNT; level++)
    if (!level_rating ((LevelId) level, &ratings[level]))
      return false;
  if (!(rating > ratings[0].value)) {
    *mix = (LevelMix) { 0, 0, 0.0 };
    return true;
  }
  for (int level = 0; level + 1 < LEVEL_COUNT; level++) {
    double low = ratings[level].value, high = ratings[level + 1].value;
    if (rating <= high) {
      double weight = high > low ? (rating - low) / (high - low) : 1.0;
      *mix = (LevelMix) { (LevelId) level, (LevelId) (level + 1), weight };
      return true;
    }
  }
  *mix = (LevelMix) { LEVEL_COUNT - 1, LEVEL_COUNT - 1, 0.0 };
  return true;
}

Rating level_mix_rating (const LevelMix *mix)
{
  Rating lower = { 0, 0 }, upper = { 0, 0 };
  level_rating (mix->lower, &lower);
  level_rating (mix->upper, &upper);
  double w = mix->weight;
  Rating rating = {
    (1 - w) * lower.value + w * upper.value,
    (1 - w) * lower.deviation + w * upper.deviation,
  };
  return rating;
}

LevelId level_mix_nearest (const LevelMix *mix)
{
  return mix->weight > 0.5 ? mix->upper : mix->lower;
}

int level_mix_choose_move (Search *search, const Board *board, const LevelMix *mix, uint64_t seed,
                           const atomic_bool *stop, SearchResult *result)
{
  assert (mix->lower >= 0 && mix->upper < LEVEL_COUNT && mix->weight >= 0 && mix->weight <= 1);
  /* The draw uses a stream of its own, so the chosen level's move keeps the seed it would have. */
  uint64_t state = random_mix (seed ^ 0x6A09E667F3BCC909ULL);
  double u = (double) (random_next (&state) >> 11) / 9007199254740992.0;
  LevelId level = u < mix->weight ? mix->upper : mix->lower;
  return level_choose_move (search, board, level, seed, stop, result);
}
