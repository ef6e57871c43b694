/* test-rating.c: the Elo scale's expectation and its inverse; the fit of ratings from pairings
 * (closed form for two players, a chain adding up, known ratings found again from simulated
 * games, refusals); a person's estimate moving towards the truth game by game, and growing
 * uncertain while idle. */
#include <math.h>

#include "random.h"
#include "rating.h"
#include "check.h"

/* A simulated game's points for a player expected to score `expected`: a win with that
 * chance, else a loss. */
static double simulated_points (uint64_t *state, double expected)
{
  double u = (double) (random_next (state) >> 11) / 9007199254740992.0;
  return u < expected ? 1.0 : 0.0;
}

static void test_scale (void)
{
  CHECK_CMP_FLOAT (rating_expected (1500, 1500), ==, 0.5);
  CHECK_CMP_FLOAT (fabs (rating_expected (400, 0) - 10.0 / 11.0), <, 1e-12);
  CHECK_CMP_FLOAT (fabs (rating_expected (0, 400) + rating_expected (400, 0) - 1.0), <, 1e-12);
  CHECK_CMP_FLOAT (fabs (rating_difference_of_score (10.0 / 11.0) - 400.0), <, 1e-9);
  CHECK_CMP_FLOAT (fabs (rating_difference_of_score (0.25) + rating_difference_of_score (0.75)), <, 1e-9);
  CHECK (isinf (rating_difference_of_score (1.0)) && rating_difference_of_score (0.0) < 0);
}

/* Two players: the fit is the difference of the score with its one added draw. */
static void test_two_players (void)
{
  RatingResults results[] = { { 1, 0, 75.0, 100 } };
  Rating ratings[2];
  REQUIRE (rating_fit (2, results, 1, 0, ratings));
  double score = 75.5 / 101.0;
  CHECK_CMP_FLOAT (ratings[0].value, ==, 0.0);
  CHECK_CMP_FLOAT (ratings[0].deviation, ==, 0.0);
  CHECK_CMP_FLOAT (fabs (ratings[1].value - rating_difference_of_score (score)), <, 1e-6);
  double q = M_LN10 / 400.0;
  CHECK_CMP_FLOAT (fabs (ratings[1].deviation - 1.0 / (q * sqrt (101.0 * score * (1 - score)))), <, 1e-6);
  /* A clean sweep is finite. */
  RatingResults sweep[] = { { 0, 1, 0.0, 40 } };
  REQUIRE (rating_fit (2, sweep, 1, 0, ratings));
  CHECK (isfinite (ratings[1].value) && ratings[1].value > 500, "%f", ratings[1].value);
}

/* A chain: each link the same result, so the ratings climb in equal steps and the far end is
 * the least certain. */
static void test_chain (void)
{
  RatingResults results[] = { { 1, 0, 60.0, 80 }, { 2, 1, 60.0, 80 }, { 3, 2, 60.0, 80 } };
  Rating ratings[4];
  REQUIRE (rating_fit (4, results, 3, 0, ratings));
  double step = ratings[1].value;
  CHECK_CMP_FLOAT (step, >, 150);
  CHECK_CMP_FLOAT (fabs (ratings[2].value - 2 * step), <, 1e-6);
  CHECK_CMP_FLOAT (fabs (ratings[3].value - 3 * step), <, 1e-6);
  CHECK_CMP_FLOAT (ratings[3].deviation, >, ratings[2].deviation);
  CHECK_CMP_FLOAT (ratings[2].deviation, >, ratings[1].deviation);
  CHECK_CMP_FLOAT (fabs (ratings[3].deviation - sqrt (3.0) * ratings[1].deviation), <, 1e-6);
  /* Anchored elsewhere, the same differences. */
  Rating shifted[4];
  REQUIRE (rating_fit (4, results, 3, 2, shifted));
  for (int p = 0; p < 4; p++)
    CHECK_CMP_FLOAT (fabs (shifted[p].value - (ratings[p].value - ratings[2].value)), <, 1e-6);
}

/* Known ratings found again from simulated games between neighbours and one longer pairing. */
static void test_simulated_ladder (void)
{
  const double truth[] = { 0, 350, 600, 1000, 1150 };
  RatingResults results[5];
  uint64_t state = 12345;
  int count = 0;
  for (int p = 1; p < 5; p++) {
    results[count] = (RatingResults) { p, p - 1, 0.0, 400 };
    for (int g = 0; g < 400; g++)
      results[count].points += simulated_points (&state, rating_expected (truth[p], truth[p - 1]));
    count++;
  }
  results[count] = (RatingResults) { 4, 2, 0.0, 400 };
  for (int g = 0; g < 400; g++)
    results[count].points += simulated_points (&state, rating_expected (truth[4], truth[2]));
  count++;
  Rating ratings[5];
  REQUIRE (rating_fit (5, results, count, 0, ratings));
  for (int p = 1; p < 5; p++) {
    check_note ("player %d: %.0f ± %.0f (truth %.0f)", p, ratings[p].value, 1.96 * ratings[p].deviation, truth[p]);
    CHECK_CMP_FLOAT (fabs (ratings[p].value - truth[p]), <, 3 * ratings[p].deviation);
    CHECK_CMP_FLOAT (ratings[p].deviation, <, 50);
  }
}

static void test_refusals (void)
{
  Rating ratings[3];
  RatingResults apart[] = { { 1, 0, 5.0, 10 } };
  CHECK (!rating_fit (3, apart, 1, 0, ratings), "player 2 has no games but was rated");
  RatingResults self[] = { { 1, 1, 5.0, 10 } };
  CHECK (!rating_fit (2, self, 1, 0, ratings));
  RatingResults too_many[] = { { 1, 0, 11.0, 10 } };
  CHECK (!rating_fit (2, too_many, 1, 0, ratings));
  RatingResults outside[] = { { 1, 3, 5.0, 10 } };
  CHECK (!rating_fit (2, outside, 1, 0, ratings));
  CHECK (!rating_fit (2, apart, 1, 2, ratings));
}

/* One game against an equal from a prior at the equal's rating: a win raises, a loss lowers by as
 * much, a draw keeps the value; a game narrows the uncertainty; a vaguely rated opponent moves
 * less; beating a much weaker one is worth little. */
static double after_one (Rating opponent, double score)
{
  RatingGame game = { opponent, score, 1.0 };
  return rating_estimate ((Rating) { 1000, 200 }, &game, 1).value;
}

static void test_one_game (void)
{
  Rating equal = { 1000, 50 };
  double won = after_one (equal, 1.0), lost = after_one (equal, 0.0);
  CHECK_CMP_FLOAT (won, >, 1050);
  CHECK_CMP_FLOAT (fabs ((won - 1000) - (1000 - lost)), <, 1e-6);
  CHECK_CMP_FLOAT (fabs (after_one (equal, 0.5) - 1000), <, 1e-6);
  RatingGame game = { equal, 1.0, 1.0 };
  CHECK_CMP_FLOAT (rating_estimate ((Rating) { 1000, 200 }, &game, 1).deviation, <, 200);
  CHECK_CMP_FLOAT (after_one ((Rating) { 1000, 300 }, 1.0), <, won);
  CHECK_CMP_FLOAT (after_one ((Rating) { 300, 50 }, 1.0) - 1000, <, 5);
  /* Without games the estimate is the prior. */
  Rating prior = rating_estimate ((Rating) { 992, 350 }, NULL, 0);
  CHECK_CMP_FLOAT (prior.value, ==, 992);
  CHECK_CMP_FLOAT (prior.deviation, ==, 350);
}

/* The past fades: the later of a win and a loss counts more; a game 180 days old, or 100 games
 * old, counts half; two half games count as one. Games of the same result against one opponent
 * weigh as their number. Without a prior, a share of points against one opponent gives back
 * the difference of the scale. */
static void test_weights (void)
{
  CHECK_CMP_FLOAT (rating_fading (0, 0), ==, 1);
  CHECK_CMP_FLOAT (fabs (rating_fading (0, RATING_MEMORY_DAYS) - 0.5), <, 1e-12);
  CHECK_CMP_FLOAT (fabs (rating_fading ((int) RATING_MEMORY_GAMES, RATING_MEMORY_DAYS) - 0.25), <, 1e-12);
  CHECK_CMP_FLOAT (rating_fading (0, -5), ==, 1);
  Rating prior = { 1000, 200 }, equal = { 1000, 50 };
  RatingGame won_last[] = { { equal, 0.0, rating_fading (1, 0) }, { equal, 1.0, 1.0 } };
  RatingGame lost_last[] = { { equal, 1.0, rating_fading (1, 0) }, { equal, 0.0, 1.0 } };
  CHECK_CMP_FLOAT (rating_estimate (prior, won_last, 2).value, >, 1000);
  CHECK_CMP_FLOAT (rating_estimate (prior, lost_last, 2).value, <, 1000);
  RatingGame halves[] = { { equal, 1.0, 0.5 }, { equal, 1.0, 0.5 } }, one = { equal, 1.0, 1.0 };
  CHECK_CMP_FLOAT (fabs (rating_estimate (prior, halves, 2).value - rating_estimate (prior, &one, 1).value), <, 1e-6);
  RatingGame three = { equal, 1.0, 3.0 }, each[] = { one, one, one };
  CHECK_CMP_FLOAT (fabs (rating_estimate (prior, &three, 1).value - rating_estimate (prior, each, 3).value), <, 1e-6);
  Rating none = { 0, INFINITY };
  RatingGame share = { { 1000, 0 }, 0.75, 40.0 };
  Rating fitted = rating_estimate (none, &share, 1);
  check_note ("75 %% against 1000 without a prior: %.2f ± %.2f", fitted.value, fitted.deviation);
  CHECK_CMP_FLOAT (fabs (fitted.value - (1000 + rating_difference_of_score (0.75))), <, 1e-6);
  CHECK (isfinite (fitted.deviation));
  Rating nothing = rating_estimate (none, NULL, 0);
  CHECK_CMP_FLOAT (nothing.value, ==, 0);
}

/* A person of true strength meets opponents near their estimate (the estimate made again after
 * each game from all of them): within 100 after 50 games, and the uncertainty says so. The
 * strong newcomer starts more than a thousand points too low, as an advanced player does from a
 * new person's rating. */
static void converge (double truth, double start, uint64_t seed)
{
  uint64_t state = seed;
  RatingGame games[50];
  Rating prior = { start, RATING_NEW_DEVIATION }, player = prior;
  for (int game = 0; game < 50; game++) {
    Rating opponent = { round (player.value / 100.0) * 100.0, 30 };
    games[game] = (RatingGame) { opponent, simulated_points (&state, rating_expected (truth, opponent.value)), 1.0 };
    for (int i = 0; i < game; i++)
      games[i].weight = rating_fading (game - i, 0.0);
    player = rating_estimate (prior, games, game + 1);
  }
  check_note ("from %.0f, after 50 games: %.0f ± %.0f (truth %.0f)", start, player.value, 1.96 * player.deviation, truth);
  CHECK_CMP_FLOAT (fabs (player.value - truth), <, 100);
  CHECK_CMP_FLOAT (player.deviation, <, 80);
}

static void test_estimate_converges (void)
{
  converge (1230, 800, 99);
  converge (2063, 992, 7);
  converge (640, 992, 3);
}

static void test_idle (void)
{
  Rating player = { 1000, 60 };
  CHECK_CMP_FLOAT (rating_after_idle (player, 0).deviation, ==, 60);
  Rating later = rating_after_idle (player, 16);
  CHECK_CMP_FLOAT (fabs (later.deviation - sqrt (60.0 * 60.0 + 16 * RATING_DAILY_GROWTH * RATING_DAILY_GROWTH)), <, 1e-9);
  CHECK_CMP_FLOAT (later.value, ==, 1000);
  CHECK_CMP_FLOAT (rating_after_idle (player, 100000).deviation, ==, RATING_NEW_DEVIATION);
}

int main (void)
{
  check_run ("scale", test_scale);
  check_run ("two players", test_two_players);
  check_run ("chain", test_chain);
  check_run ("simulated ladder", test_simulated_ladder);
  check_run ("refusals", test_refusals);
  check_run ("one game", test_one_game);
  check_run ("weights", test_weights);
  check_run ("estimate converges", test_estimate_converges);
  check_run ("idle", test_idle);
  return check_finish ();
}
