/* verso-rating-history.c: the person's rating game by game (verso-rating-history.h), one key
 * file line a game: "3 = 1718000000 1180.4 140.2 casual 992.0 95.0 1". */
#include "verso-rating-history.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "level_ratings.h"

#define SECONDS_PER_DAY (24 * 60 * 60)
/* A rating far outside the levels' scale is not one: beyond the random mover and the master. */
#define RATING_MIN -1000.0
#define RATING_MAX 5000.0
#define ENTRY_FIELDS 7

void verso_rating_history_init (VersoRatingHistory *history)
{
  history->entries = g_array_new (FALSE, FALSE, sizeof (VersoRatingEntry));
}

void verso_rating_history_clear (VersoRatingHistory *history)
{
  g_clear_pointer (&history->entries, g_array_unref);
}

Rating verso_rating_history_current (const VersoRatingHistory *history, gint64 now)
{
  const VersoRatingEntry *last;

  if (history->entries->len == 0)
    return level_ratings_new_player ();
  last = &g_array_index (history->entries, VersoRatingEntry, history->entries->len - 1);
  return rating_after_idle (last->rating, MAX (now - last->time, 0) / (double) SECONDS_PER_DAY);
}

const VersoRatingEntry *verso_rating_history_add (VersoRatingHistory *history, const Rating *opponent,
                                                  LevelId level, double score, gint64 now)
{
  VersoRatingEntry entry = { now, { 0, 0 }, *opponent, level, score };
  g_autofree RatingGame *games = NULL;
  guint count;

  if (history->entries->len >= VERSO_RATING_HISTORY_MAX)
    g_array_remove_index (history->entries, 0);
  g_array_append_val (history->entries, entry);
  count = history->entries->len;
  games = g_new (RatingGame, count);
  for (guint i = 0; i < count; i++) {
    const VersoRatingEntry *game = &g_array_index (history->entries, VersoRatingEntry, i);
    games[i] = (RatingGame) { game->opponent, game->score,
                              rating_fading ((int) (count - 1 - i), MAX (now - game->time, 0) / (double) SECONDS_PER_DAY) };
  }
  g_array_index (history->entries, VersoRatingEntry, count - 1).rating
    = rating_estimate (level_ratings_new_player (), games, (int) count);
  return &g_array_index (history->entries, VersoRatingEntry, count - 1);
}

gboolean verso_rating_of_opponent (LevelId level, const LevelMix *mix, Rating *rating)
{
  if (!mix)
    return level_rating (level, rating);
  if (!level_rating (mix->lower, rating) || !level_rating (mix->upper, rating))
    return FALSE;
  *rating = level_mix_rating (mix);
  return TRUE;
}

/* A person scores within this of half against a level that is "about" their strength. */
#define ABOUT_EVEN 0.1

/* The share, in percent, of the games a person rated `rating` would win against level (draws
 * counting half). */
static int percent_against (double rating, LevelId level)
{
  Rating level_rating_now = { 0, 0 };

  level_rating (level, &level_rating_now);
  return (int) lround (100 * rating_expected (rating, level_rating_now.value));
}

char *verso_rating_describe (double rating)
{
  LevelId nearest = LEVEL_DEFAULT, below = LEVEL_NONE, above = LEVEL_NONE;
  double nearest_distance = INFINITY;

  for (int level = 0; level < LEVEL_COUNT; level++) {
    Rating at;

    if (!level_rating ((LevelId) level, &at))
      continue;
    if (fabs (at.value - rating) < nearest_distance) {
      nearest = (LevelId) level;
      nearest_distance = fabs (at.value - rating);
    }
    if (at.value <= rating)
      below = (LevelId) level;
    else if (above == LEVEL_NONE)
      above = (LevelId) level;
  }
  if (fabs (percent_against (rating, nearest) / 100.0 - 0.5) <= ABOUT_EVEN)
    /* Translators: what the rating means, e.g. "About the Casual level: you would win about half
     * your games against it" */
    return g_strdup_printf (_("About the %s level: you would win about half your games against it"),
                            _(level_get (nearest)->name));
  if (below != LEVEL_NONE && above != LEVEL_NONE)
    /* Translators: what the rating means, between two levels, e.g. "Between the Intermediate and
     * Advanced levels: you would win about 87% of your games against the first, 9% against the
     * second" */
    return g_strdup_printf (_("Between the %s and %s levels: you would win about %d%% of your games "
                              "against the first, %d%% against the second"),
                            _(level_get (below)->name), _(level_get (above)->name),
                            percent_against (rating, below), percent_against (rating, above));
  /* Translators: what the rating means, below the weakest level or above the strongest, e.g.
   * "Nearest is the Master level: you would win about 96% of your games against it" */
  return g_strdup_printf (_("Nearest is the %s level: you would win about %d%% of your games against it"),
                          _(level_get (nearest)->name), percent_against (rating, nearest));
}

/* Reading. */

static gboolean parse_number (const char *text, double min, double max, double *value)
{
  char *end;

  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && isfinite (*value) && *value >= min && *value <= max;
}

/* One line's fields into entry; NULL, or what is wrong with it. */
static const char *parse_entry (char **fields, VersoRatingEntry *entry)
{
  double time, score;

  if (g_strv_length (fields) != ENTRY_FIELDS)
    return "not 7 fields (time, rating, deviation, level, opponent's rating and deviation, score)";
  if (!parse_number (fields[0], 0, (double) G_MAXINT64 / 2, &time))
    return "the time is not seconds since 1970";
  if (!parse_number (fields[1], RATING_MIN, RATING_MAX, &entry->rating.value)
      || !parse_number (fields[2], 0, RATING_NEW_DEVIATION, &entry->rating.deviation))
    return "the rating or its deviation is out of range";
  if ((entry->level = level_from_id (fields[3])) == LEVEL_NONE)
    return "the level is unknown";
  if (!parse_number (fields[4], RATING_MIN, RATING_MAX, &entry->opponent.value)
      || !parse_number (fields[5], 0, RATING_MAX, &entry->opponent.deviation))
    return "the opponent's rating or its deviation is out of range";
  if (!parse_number (fields[6], 0, 1, &score) || (score != 0 && score != 0.5 && score != 1))
    return "the score is not 1, 0.5 or 0";
  entry->time = (gint64) time;
  entry->score = score;
  return NULL;
}

void verso_rating_history_read (VersoRatingHistory *history, VersoKeyFile *file, GKeyFile *keys,
                                const char *group)
{
  g_auto (GStrv) names = g_key_file_get_keys (keys, group, NULL, NULL);

  for (guint i = 0; names && names[i]; i++) {
    g_autofree char *line = g_key_file_get_value (keys, group, names[i], NULL);
    g_auto (GStrv) fields = g_strsplit_set (g_strstrip (line), " \t", -1);
    VersoRatingEntry entry;
    const char *problem = parse_entry (fields, &entry);
    guint count = history->entries->len;

    if (!problem && count && entry.time < g_array_index (history->entries, VersoRatingEntry, count - 1).time)
      problem = "earlier than the game before it";
    if (problem) {
      verso_key_file_mark_damaged (file, "[%s] %s: %s; the game is left out", group, names[i], problem);
      continue;
    }
    if (count >= VERSO_RATING_HISTORY_MAX)
      g_array_remove_index (history->entries, 0);
    g_array_append_val (history->entries, entry);
  }
}

/* Writing. */

void verso_rating_history_write (const VersoRatingHistory *history, GKeyFile *keys, const char *group)
{
  for (guint i = 0; i < history->entries->len; i++) {
    const VersoRatingEntry *entry = &g_array_index (history->entries, VersoRatingEntry, i);
    char numbers[5][G_ASCII_DTOSTR_BUF_SIZE];
    double values[5] = { entry->rating.value, entry->rating.deviation, entry->opponent.value,
                         entry->opponent.deviation, entry->score };
    g_autofree char *key = g_strdup_printf ("%u", i + 1);
    g_autofree char *line = NULL;

    for (guint n = 0; n < G_N_ELEMENTS (values); n++)
      g_ascii_formatd (numbers[n], sizeof numbers[n], "%.1f", values[n]);
    line = g_strdup_printf ("%" G_GINT64_FORMAT " %s %s %s %s %s %s", entry->time, numbers[0], numbers[1],
                            level_get (entry->level)->id, numbers[2], numbers[3], numbers[4]);
    g_key_file_set_value (keys, group, key, line);
  }
}
