/* mixes.c: `verso-engine ratings --mixes FILE`, the measured curve of "Match my level" between
 * two neighbouring levels. A mix chooses each move by the upper level with its weight, else by
 * the lower one (level_mix.h), but it does not play at the straight line between the two
 * ratings: where the levels play differently, a mix is weaker than the line says. Each mix of
 * each gap (from the beginner up to --to, the expert by default: the master's moves take
 * seconds) plays both its levels from the match starts, each start twice with the colours
 * swapped (and again, with other seeds, beyond 2 x MATCH_STARTS games), and is rated from those
 * games against their ratings in FILE (one more draw against each, as in the levels' fit). The ratings are written into FILE as its "mix" lines
 * (level_ratings.h), replacing the gaps measured; FILE is left alone when a gap's ratings do not
 * increase from its lower level's to its upper level's (more games would tell them apart). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "level.h"
#include "level_mix.h"
#include "level_ratings.h"
#include "match.h"
#include "options.h"
#include "random.h"
#include "rating.h"
#include "search.h"
#include "workers.h"

#define MIXES_HASH_BYTES ((size_t) 16 << 20)
#define MIXES_MAX_GAMES (16 * MATCH_STARTS)  /* the starts played again, with other seeds */
#define MIXES_MAX_JOBS 64
#define MIXES_DEFAULT_WEIGHTS "0.5"

/* One mix against one of its two levels. */
typedef struct MixPairing {
  LevelMix mix, level;                /* the level as a mix of itself */
  int differences[MIXES_MAX_GAMES];   /* the mix's final disc differences */
} MixPairing;

typedef struct MixMeasure {
  MixPairing *pairings;
  int pairing_count, games;
  uint64_t seed;
} MixMeasure;

static int choose_at_mix (const MatchPlayer *player, Search *search, const Board *board, uint64_t seed,
                          const MatchTurn *turn)
{
  return level_mix_choose_move (search, board, player->user_data, seed, NULL, NULL);
}

/* Game `index` of every pairing's games, in order; the mix and the level think in their own
 * tables. */
static void play_mix_game (void *data, Search *mix_search, Search *level_search, size_t at)
{
  MixMeasure *measure = data;
  int index = (int) at;
  MixPairing *pairing = &measure->pairings[index / measure->games];
  int game = index % measure->games;
  MatchPlayer mix = { .name = "mix", .rules = RULES_STANDARD, .choose = choose_at_mix, .user_data = &pairing->mix };
  MatchPlayer level = { .name = "level", .rules = RULES_STANDARD, .choose = choose_at_mix,
                        .user_data = &pairing->level };
  Board start;
  bool black_to_move, mix_black = game % 2 == 0;
  match_start (game / 2 % MATCH_STARTS, &start, &black_to_move);
  uint64_t seed = random_mix (measure->seed ^ random_mix ((uint64_t) index));
  int black_score = mix_black
    ? match_play_game (&mix, mix_search, &level, level_search, &start, black_to_move, seed)
    : match_play_game (&level, level_search, &mix, mix_search, &start, black_to_move, seed);
  pairing->differences[game] = mix_black ? black_score : -black_score;
}

/* "0.25,0.5,0.75" into weights, increasing, each within (0, 1) with two decimals; how many, or 0
 * after saying what is wrong. */
static int read_weights (const char *text, double *weights)
{
  int count = 0;
  for (const char *p = text; *p;) {
    char *end;
    double weight = strtod (p, &end);
    if (end == p || (*end != ',' && *end != '\0') || !(weight > 0 && weight < 1) || count == LEVEL_RATINGS_MAX_MIXES
        || (count && round (weight * 100) <= round (weights[count - 1] * 100))) {
      cli_error ("ratings: --weights takes up to %d increasing weights between 0 and 1, two decimals "
                 "apart, separated by commas (for example %s)", LEVEL_RATINGS_MAX_MIXES, MIXES_DEFAULT_WEIGHTS);
      return 0;
    }
    weights[count++] = round (weight * 100) / 100;
    p = *end ? end + 1 : end;
  }
  if (!count)
    cli_error ("ratings: --weights is empty");
  return count;
}

/* The mix's rating from its two pairings (against its lower and its upper level), relative to
 * those levels' ratings; its deviation also holds theirs (interpolated by the weight). */
static Rating rate_mix (const LevelRatings *table, const MixPairing pairings[2], int games)
{
  RatingGame results[2];
  for (int i = 0; i < 2; i++) {
    MatchStatistics statistics = match_statistics (pairings[i].differences, games);
    double points = statistics.wins + 0.5 * statistics.draws;
    Rating level = table->levels[i == 0 ? pairings[i].mix.lower : pairings[i].mix.upper];
    results[i] = (RatingGame) { { level.value, 0 }, (points + 0.5) / (games + 1), games + 1.0 };
  }
  double w = pairings[0].mix.weight;
  Rating line = { (1 - w) * results[0].opponent.value + w * results[1].opponent.value, INFINITY };
  Rating fitted = rating_estimate (line, results, 2);  /* no prior: from the line, by the games alone */
  double levels_deviation = (1 - w) * table->levels[pairings[0].mix.lower].deviation
                            + w * table->levels[pairings[0].mix.upper].deviation;
  fitted.deviation = sqrt (fitted.deviation * fitted.deviation + levels_deviation * levels_deviation);
  return fitted;
}

int cli_ratings_mixes (int argc, char **argv)
{
  const char *path = NULL, *weights_text = MIXES_DEFAULT_WEIGHTS, *to_text = "expert";
  int games = 200, jobs = 1;
  uint64_t seed = 1;
  const Option table[] = {
    { "--mixes", OPTION_TEXT, &path, 0, 0 },
    { "--weights", OPTION_TEXT, &weights_text, 0, 0 },
    { "--games", OPTION_INT, &games, 2, MIXES_MAX_GAMES },
    { "--to", OPTION_TEXT, &to_text, 0, 0 },
    { "--jobs", OPTION_INT, &jobs, 1, MIXES_MAX_JOBS },
    { "--seed", OPTION_SEED, &seed, 0, 0 },
  };
  OptionParser parser = { .program = "verso-engine: ratings", .options = table, .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return 2;
  double weights[LEVEL_RATINGS_MAX_MIXES];
  int weight_count = read_weights (weights_text, weights);
  LevelId to = level_from_id (to_text);
  if (!path || !weight_count || games % 2 || to == LEVEL_NONE || to == LEVEL_BEGINNER) {
    if (weight_count)
      cli_error ("ratings: --mixes FILE needs an even --games and --to a level above the beginner");
    return 2;
  }
  size_t length;
  LevelRatings ratings;
  char *text = cli_ratings_read_table (path, &ratings, &length);
  if (!text)
    return 2;
  for (int level = 0; level <= to; level++)
    if (!ratings.known[level]) {
      cli_error ("ratings: %s has no rating for %s", path, level_get ((LevelId) level)->id);
      free (text);
      return 2;
    }
  /* Each mix against both its levels: to gaps (to > 0, checked above) of weight_count mixes. */
  size_t pairing_count = (size_t) (unsigned) to * (size_t) (unsigned) weight_count * 2;
  MixMeasure measure = { .pairing_count = (int) pairing_count, .games = games, .seed = seed };
  measure.pairings = calloc (pairing_count, sizeof *measure.pairings);
  if (!measure.pairings) {
    cli_error ("ratings: out of memory");
    free (text);
    return 1;
  }
  for (int gap = 0, p = 0; gap < to; gap++)
    for (int k = 0; k < weight_count; k++)
      for (int side = 0; side < 2; side++, p++) {
        LevelId level = (LevelId) (gap + side);
        measure.pairings[p].mix = (LevelMix) { (LevelId) gap, (LevelId) (gap + 1), weights[k] };
        measure.pairings[p].level = (LevelMix) { level, level, 0.0 };
      }
  bool ok = workers_search_pairs (jobs, (size_t) (measure.pairing_count * measure.games),
                                  MIXES_HASH_BYTES, play_mix_game, &measure);
  if (!ok)
    cli_error ("ratings: a search could not be created (out of memory)");
  printf ("%-26s %6s %6s %6s %9s %16s\n", "mix", "line", "score%", "score%", "rating", "");
  printf ("%-26s %6s %6s %6s %9s %16s\n", "", "", "lower", "upper", "(95%)", "");
  for (int gap = 0; ok && gap < to; gap++) {
    Rating low = ratings.levels[gap], high = ratings.levels[gap + 1];
    ratings.mix_count[gap] = weight_count;
    for (int k = 0; k < weight_count; k++) {
      const MixPairing *pairings = &measure.pairings[(gap * weight_count + k) * 2];
      Rating rating = rate_mix (&ratings, pairings, games);
      ratings.mix_weights[gap][k] = weights[k];
      ratings.mixes[gap][k] = rating;
      char name[48];
      snprintf (name, sizeof name, "%s/%s %.2f", level_get ((LevelId) gap)->id,
                level_get ((LevelId) (gap + 1))->id, weights[k]);
      printf ("%-26s %6.0f %6.1f %6.1f %5.0f ± %.0f\n", name, (1 - weights[k]) * low.value + weights[k] * high.value,
              100 * match_statistics (pairings[0].differences, games).score,
              100 * match_statistics (pairings[1].differences, games).score, rating.value, 1.96 * rating.deviation);
    }
  }
  if (ok) {
    char comment[200];
    snprintf (comment, sizeof comment, "verso-engine ratings --mixes FILE --weights %s --games %d --to %s --seed %llu",
              weights_text, games, level_get (to)->id, (unsigned long long) seed);
    ok = cli_ratings_rewrite_table (path, text, length, &ratings, "mix", comment);
    if (ok)
      printf ("written to %s\n", path);
  }
  free (measure.pairings);
  free (text);
  return ok ? 0 : 1;
}
