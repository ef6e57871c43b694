/* rating.c: the Elo scale (400 points: a player expected to score 10 to 1), the levels' ratings
 * fitted from their games, and a person's estimate from theirs. */
#include "rating.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The natural logarithm of 10 over 400: the slope of the expectation in rating points. */
#define RATING_Q (M_LN10 / 400.0)
#define RATING_FIT_ITERATIONS 200

double rating_expected (double a, double b)
{
  return 1.0 / (1.0 + pow (10.0, (b - a) / 400.0));
}

double rating_difference_of_score (double score)
{
  if (score <= 0)
    return -INFINITY;
  if (score >= 1)
    return INFINITY;
  return -400.0 * log10 (1.0 / score - 1.0);
}

/* How much an opponent's uncertainty flattens the expectation (Glicko's g). */
static double attenuation (double deviation)
{
  return 1.0 / sqrt (1.0 + 3.0 * RATING_Q * RATING_Q * deviation * deviation / (M_PI * M_PI));
}

double rating_fading (int later_games, double days)
{
  return pow (0.5, later_games / RATING_MEMORY_GAMES + fmax (days, 0.0) / RATING_MEMORY_DAYS);
}

Rating rating_estimate (Rating prior, const RatingGame *games, int count)
{
  double prior_precision = isinf (prior.deviation) ? 0.0 : 1.0 / (prior.deviation * prior.deviation);
  double value = prior.value, precision = prior_precision;

  /* Newton's method on a concave log-likelihood; a step is held within 200 points, so that the
   * first steps from a far prior do not overshoot. */
  for (int iteration = 0; iteration < RATING_FIT_ITERATIONS; iteration++) {
    double slope = (prior.value - value) * prior_precision;
    precision = prior_precision;
    for (int i = 0; i < count; i++) {
      double g = attenuation (games[i].opponent.deviation), weight = games[i].weight;
      double expected = 1.0 / (1.0 + pow (10.0, -g * (value - games[i].opponent.value) / 400.0));
      slope += weight * RATING_Q * g * (games[i].score - expected);
      precision += weight * RATING_Q * RATING_Q * g * g * expected * (1.0 - expected);
    }
    if (precision <= 0)
      return prior;  /* no prior and no game: nothing is known */
    double step = fmax (-200.0, fmin (200.0, slope / precision));
    value += step;
    if (fabs (step) < 1e-9)
      break;
  }
  Rating estimate = { value, fmin (sqrt (1.0 / precision), prior.deviation) };
  return estimate;
}

Rating rating_after_idle (Rating player, double days)
{
  if (days <= 0)
    return player;
  double variance = player.deviation * player.deviation + RATING_DAILY_GROWTH * RATING_DAILY_GROWTH * days;
  player.deviation = fmin (sqrt (variance), RATING_NEW_DEVIATION);
  return player;
}

/* Every player reached from the anchor through pairings that played games. */
static bool all_joined (int players, const RatingResults *results, int count, int anchor)
{
  bool *joined = calloc ((size_t) players, sizeof *joined);
  if (!joined)
    return false;
  joined[anchor] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (int i = 0; i < count; i++)
      if (results[i].games > 0 && joined[results[i].a] != joined[results[i].b]) {
        joined[results[i].a] = joined[results[i].b] = true;
        grew = true;
      }
  }
  bool all = true;
  for (int p = 0; p < players; p++)
    all = all && joined[p];
  free (joined);
  return all;
}

/* Inverts the n x n symmetric positive definite matrix m in place (Gauss-Jordan with the
 * largest pivot); false when it is singular. */
static bool invert (double *m, int n)
{
  double *inverse = calloc ((size_t) n * (size_t) n, sizeof *inverse);
  if (!inverse)
    return false;
  for (int i = 0; i < n; i++)
    inverse[i * n + i] = 1.0;
  bool ok = true;
  for (int column = 0; column < n && ok; column++) {
    int pivot = column;
    for (int row = column + 1; row < n; row++)
      if (fabs (m[row * n + column]) > fabs (m[pivot * n + column]))
        pivot = row;
    if (fabs (m[pivot * n + column]) < 1e-300) {
      ok = false;
      break;
    }
    for (int k = 0; k < n; k++) {
      double t = m[column * n + k]; m[column * n + k] = m[pivot * n + k]; m[pivot * n + k] = t;
      t = inverse[column * n + k]; inverse[column * n + k] = inverse[pivot * n + k]; inverse[pivot * n + k] = t;
    }
    double scale = 1.0 / m[column * n + column];
    for (int k = 0; k < n; k++) {
      m[column * n + k] *= scale;
      inverse[column * n + k] *= scale;
    }
    for (int row = 0; row < n; row++) {
      double factor = m[row * n + column];
      if (row == column || factor == 0)
        continue;
      for (int k = 0; k < n; k++) {
        m[row * n + k] -= factor * m[column * n + k];
        inverse[row * n + k] -= factor * inverse[column * n + k];
      }
    }
  }
  if (ok)
    memcpy (m, inverse, (size_t) n * (size_t) n * sizeof *m);
  free (inverse);
  return ok;
}

/* The log-likelihood's gradient and its negated Hessian (the information) at values, over the
 * players other than the anchor (index p maps to slot[p], -1 for the anchor). */
static void gradient_and_information (const RatingResults *results, int count, const double *values,
                                      const int *slot, int free_count, double *gradient,
                                      double *information)
{
  memset (gradient, 0, (size_t) free_count * sizeof *gradient);
  memset (information, 0, (size_t) free_count * (size_t) free_count * sizeof *information);
  for (int i = 0; i < count; i++) {
    const RatingResults *r = &results[i];
    double games = r->games + 1.0, points = r->points + 0.5;
    double expected = rating_expected (values[r->a], values[r->b]);
    double slope = RATING_Q * (points - games * expected);
    double weight = RATING_Q * RATING_Q * games * expected * (1.0 - expected);
    int a = slot[r->a], b = slot[r->b];
    if (a >= 0) {
      gradient[a] += slope;
      information[a * free_count + a] += weight;
    }
    if (b >= 0) {
      gradient[b] -= slope;
      information[b * free_count + b] += weight;
    }
    if (a >= 0 && b >= 0) {
      information[a * free_count + b] -= weight;
      information[b * free_count + a] -= weight;
    }
  }
}

bool rating_fit (int players, const RatingResults *results, int count, int anchor, Rating *ratings)
{
  if (players < 1 || anchor < 0 || anchor >= players || count < 0 || !ratings)
    return false;
  for (int i = 0; i < count; i++)
    if (results[i].a < 0 || results[i].a >= players || results[i].b < 0 || results[i].b >= players
        || results[i].a == results[i].b || results[i].games < 0 || results[i].points < 0
        || results[i].points > results[i].games)
      return false;
  if (!all_joined (players, results, count, anchor))
    return false;
  int free_count = players - 1;
  double *values = calloc ((size_t) players, sizeof *values);
  int *slot = malloc ((size_t) players * sizeof *slot);
  double *gradient = malloc ((size_t) (free_count + 1) * sizeof *gradient);
  double *information = malloc ((size_t) (free_count + 1) * (size_t) (free_count + 1) * sizeof *information);
  bool ok = values && slot && gradient && information;
  for (int p = 0, next = 0; ok && p < players; p++)
    slot[p] = p == anchor ? -1 : next++;
  /* Newton's method on a concave likelihood: a few steps from all zero. */
  for (int iteration = 0; ok && iteration < RATING_FIT_ITERATIONS; iteration++) {
    gradient_and_information (results, count, values, slot, free_count, gradient, information);
    ok = invert (information, free_count);
    double largest = 0;
    for (int p = 0; ok && p < players; p++) {
      if (slot[p] < 0)
        continue;
      double step = 0;
      for (int k = 0; k < free_count; k++)
        step += information[slot[p] * free_count + k] * gradient[k];
      values[p] += step;
      largest = fmax (largest, fabs (step));
    }
    if (largest < 1e-9)
      break;
  }
  if (ok) {
    gradient_and_information (results, count, values, slot, free_count, gradient, information);
    ok = invert (information, free_count);
  }
  for (int p = 0; ok && p < players; p++) {
    ratings[p].value = values[p];
    ratings[p].deviation = slot[p] < 0 ? 0.0 : sqrt (information[slot[p] * free_count + slot[p]]);
  }
  free (values);
  free (slot);
  free (gradient);
  free (information);
  return ok;
}
