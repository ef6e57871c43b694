/* level_ratings.c: the levels' ratings table (level_ratings.h): reading and writing its text and
 * the table compiled in. */
#include "level_ratings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "c_locale.h"
#include "compiled.h"

extern const char level_ratings_text[];
extern const size_t level_ratings_text_length;

/* A mix line's fields (after "mix") into the table; false with why. */
static bool read_mix_line (const char *line, LevelRatings *ratings, char *why, size_t why_size)
{
  char name[LEVEL_RATINGS_NAME_SIZE + 1], rest[2];
  double weight, value, deviation;
  int fields = sscanf (line, "%*s %32s %lf %lf %lf %1s", name, &weight, &value, &deviation, rest);
  if (fields != 4) {
    snprintf (why, why_size, "expected: mix LOWER WEIGHT RATING DEVIATION");
    return false;
  }
  LevelId lower = level_from_id (name);
  if (lower == LEVEL_NONE || lower + 1 >= LEVEL_COUNT) {
    snprintf (why, why_size, "mix: '%s' is not a level below the strongest", name);
    return false;
  }
  weight = round (weight * 100) / 100;  /* held as written, to two decimals */
  if (!(weight > 0 && weight < 1) || !isfinite (value) || !isfinite (deviation) || deviation < 0
      || fabs (value) > 10000 || deviation > 10000) {
    snprintf (why, why_size, "mix %s: the weight must be between 0.01 and 0.99, the rating and its deviation within ±10000, the deviation >= 0", name);
    return false;
  }
  int count = ratings->mix_count[lower];
  if (count == LEVEL_RATINGS_MAX_MIXES) {
    snprintf (why, why_size, "mix %s: more than %d mixes", name, LEVEL_RATINGS_MAX_MIXES);
    return false;
  }
  if (count && weight <= ratings->mix_weights[lower][count - 1]) {
    snprintf (why, why_size, "mix %s: the weights must increase (two decimals)", name);
    return false;
  }
  ratings->mix_weights[lower][count] = weight;
  ratings->mixes[lower][count] = (Rating) { round (value * 10) / 10, round (deviation * 10) / 10 };
  ratings->mix_count[lower] = count + 1;
  return true;
}

/* Every gap's mixes between its two levels' ratings, increasing; false with why. */
static bool check_mixes (const LevelRatings *ratings, char *why, size_t why_size)
{
  for (int lower = 0; lower + 1 < LEVEL_COUNT; lower++) {
    if (!ratings->mix_count[lower])
      continue;
    if (!ratings->known[lower] || !ratings->known[lower + 1]) {
      snprintf (why, why_size, "mix %s: the two levels' ratings are needed", level_get ((LevelId) lower)->id);
      return false;
    }
    double previous = ratings->levels[lower].value;
    for (int i = 0; i <= ratings->mix_count[lower]; i++) {
      double next = i < ratings->mix_count[lower] ? ratings->mixes[lower][i].value : ratings->levels[lower + 1].value;
      if (!(next > previous)) {
        snprintf (why, why_size, "mix %s: the ratings must increase from %s's to %s's",
                  level_get ((LevelId) lower)->id, level_get ((LevelId) lower)->id,
                  level_get ((LevelId) (lower + 1))->id);
        return false;
      }
      previous = next;
    }
  }
  return true;
}

/* One line's three fields into the table; false with why. */
static bool read_line (const char *line, LevelRatings *ratings, bool *random_seen, char *why,
                       size_t why_size)
{
  char name[LEVEL_RATINGS_NAME_SIZE + 1], rest[2];
  double value, deviation;
  int fields = sscanf (line, "%32s %lf %lf %1s", name, &value, &deviation, rest);
  if (fields != 3) {
    snprintf (why, why_size, fields == 4 ? "more than three fields" : "expected: ID RATING DEVIATION");
    return false;
  }
  if (strlen (name) >= LEVEL_RATINGS_NAME_SIZE) {
    snprintf (why, why_size, "the name is longer than %d characters", LEVEL_RATINGS_NAME_SIZE - 1);
    return false;
  }
  if (!isfinite (value) || !isfinite (deviation) || deviation < 0 || fabs (value) > 10000
      || deviation > 10000) {
    snprintf (why, why_size, "%s: the rating and its deviation must be numbers within ±10000, the deviation >= 0", name);
    return false;
  }
  /* Held as the text writes it, to a tenth of a point: written and read again, the same table. */
  Rating rating = { round (value * 10) / 10, round (deviation * 10) / 10 };
  LevelId level = level_from_id (name);
  if (strcmp (name, "random") == 0) {
    if (*random_seen || value != 0 || deviation != 0) {
      snprintf (why, why_size, *random_seen ? "random twice" : "random is the scale's zero: 0 0");
      return false;
    }
    *random_seen = true;
  } else if (level != LEVEL_NONE) {
    if (ratings->known[level]) {
      snprintf (why, why_size, "%s twice", name);
      return false;
    }
    ratings->known[level] = true;
    ratings->levels[level] = rating;
  } else {
    for (int i = 0; i < ratings->anchor_count; i++)
      if (strcmp (ratings->anchor_names[i], name) == 0) {
        snprintf (why, why_size, "%s twice", name);
        return false;
      }
    if (ratings->anchor_count == LEVEL_RATINGS_MAX_ANCHORS) {
      snprintf (why, why_size, "more than %d outside anchors", LEVEL_RATINGS_MAX_ANCHORS);
      return false;
    }
    /* Shorter than the field, as checked above (gcc -O0 cannot see it and warned of snprintf). */
    memcpy (ratings->anchor_names[ratings->anchor_count], name, strlen (name) + 1);
    ratings->anchors[ratings->anchor_count++] = rating;
  }
  return true;
}

static bool parse_table (const char *text, size_t length, LevelRatings *ratings, char *error,
                         size_t error_size)
{
  *ratings = (LevelRatings) { 0 };
  bool random_seen = false;
  char line[256], why[160];
  int number = 1;
  for (size_t begin = 0; begin < length; number++) {
    const char *newline = memchr (text + begin, '\n', length - begin);
    size_t end = newline ? (size_t) (newline - text) : length;
    size_t size = end - begin;
    if (size >= sizeof line || memchr (text + begin, '\0', size)) {
      snprintf (error, error_size, "line %d: %s", number, size >= sizeof line ? "too long" : "a NUL byte");
      return false;
    }
    memcpy (line, text + begin, size);
    line[size] = '\0';
    size_t skip = strspn (line, " \t\r");
    char first[8];
    bool mix = sscanf (line, "%7s", first) == 1 && strcmp (first, "mix") == 0;
    if (line[skip] != '\0' && line[skip] != '#'
        && !(mix ? read_mix_line (line, ratings, why, sizeof why)
                 : read_line (line, ratings, &random_seen, why, sizeof why))) {
      snprintf (error, error_size, "line %d: %s", number, why);
      return false;
    }
    begin = end + 1;
  }
  if (!random_seen) {
    snprintf (error, error_size, "no line for random, the scale's zero");
    return false;
  }
  if (!check_mixes (ratings, why, sizeof why)) {
    snprintf (error, error_size, "%s", why);
    return false;
  }
  return true;
}

/* The table read with a decimal point, whatever the locale. */
bool level_ratings_parse (const char *text, size_t length, LevelRatings *ratings, char *error,
                          size_t error_size)
{
  locale_t previous = c_locale_enter ();
  bool read = parse_table (text, length, ratings, error, error_size);
  c_locale_leave (previous);
  return read;
}

static bool write_table (FILE *out, const LevelRatings *ratings, const char *comment)
{
  if (comment)
    fputs (comment, out);
  fprintf (out, "%-14s %7.1f %6.1f\n", "random", 0.0, 0.0);
  for (int level = 0; level < LEVEL_COUNT; level++)
    if (ratings->known[level])
      fprintf (out, "%-14s %7.1f %6.1f\n", level_get ((LevelId) level)->id,
               ratings->levels[level].value, ratings->levels[level].deviation);
  for (int i = 0; i < ratings->anchor_count; i++)
    fprintf (out, "%-14s %7.1f %6.1f\n", ratings->anchor_names[i], ratings->anchors[i].value,
             ratings->anchors[i].deviation);
  for (int lower = 0; lower < LEVEL_COUNT; lower++)
    for (int i = 0; i < ratings->mix_count[lower]; i++)
      fprintf (out, "mix %-12s %4.2f %7.1f %6.1f\n", level_get ((LevelId) lower)->id,
               ratings->mix_weights[lower][i], ratings->mixes[lower][i].value, ratings->mixes[lower][i].deviation);
  return !ferror (out);
}

bool level_ratings_write (FILE *out, const LevelRatings *ratings, const char *comment)
{
  locale_t previous = c_locale_enter ();
  bool written = write_table (out, ratings, comment);
  c_locale_leave (previous);
  return written;
}

static LevelRatings compiled_table;

static void *parse_compiled (const void *text, size_t length, char *error, size_t error_size)
{
  return level_ratings_parse (text, length, &compiled_table, error, error_size) ? &compiled_table : NULL;
}

static Compiled compiled = COMPILED_INIT (level_ratings_text, &level_ratings_text_length, parse_compiled, NULL);

const LevelRatings *level_ratings_compiled (void)
{
  return compiled_get (&compiled);
}

bool level_rating (LevelId level, Rating *rating)
{
  const LevelRatings *ratings = level_ratings_compiled ();
  if (!ratings || level < 0 || level >= LEVEL_COUNT || !ratings->known[level])
    return false;
  *rating = ratings->levels[level];
  return true;
}

Rating level_ratings_new_player (void)
{
  Rating rating = { 0, RATING_NEW_DEVIATION };
  level_rating (LEVEL_RATINGS_NEW_PLAYER_LEVEL, &rating);
  rating.deviation = RATING_NEW_DEVIATION;
  return rating;
}
