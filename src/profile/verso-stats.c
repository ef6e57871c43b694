/* verso-stats.c: the player's results against the computer, per rules and level, in a key file
 * ("[standard.master]" won= lost= drawn= discs=) read with GKeyFile and written atomically, and
 * the person's rating game by game in its [rating] group (verso-rating-history.c). */
#include "verso-stats.h"

#include <string.h>

#include "verso-keyfile.h"
#include "level_ratings.h"
#include "verso-rating-history.h"

/* A statistics file is a few hundred bytes and up to VERSO_RATING_HISTORY_MAX lines of about 50
 * for the rating; anything far larger is not one. */
#define STATS_MAX_FILE_SIZE (256 * 1024)
#define RATING_GROUP "rating"
#define RULES_COUNT (RULES_REVERSE + 1)

/* The names of the groups, as the settings schema's nicks. */
static const char *const rules_names[RULES_COUNT] = { "standard", "reverse" };

struct _VersoStats {
  GObject parent_instance;

  VersoKeyFile file;  /* read forgivingly, written atomically, a damaged one kept aside */
  VersoStatsEntry entries[RULES_COUNT][LEVEL_COUNT];
  VersoRatingHistory rating;
  /* The rating before the last game added, when that game was rated (FALSE after any other). */
  gboolean last_rated;
  Rating before_last;
};

G_DEFINE_FINAL_TYPE (VersoStats, verso_stats, G_TYPE_OBJECT)

static void verso_stats_finalize (GObject *object)
{
  VersoStats *self = VERSO_STATS (object);

  verso_key_file_clear (&self->file);
  verso_rating_history_clear (&self->rating);
  G_OBJECT_CLASS (verso_stats_parent_class)->finalize (object);
}

static void verso_stats_class_init (VersoStatsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = verso_stats_finalize;
}

static void verso_stats_init (VersoStats *self)
{
  verso_rating_history_init (&self->rating);
}

/* Reading. Every problem is a warning naming the file and where (verso-keyfile.h); what could be
 * read stays. */

static gboolean parse_group_name (const char *group, Rules *rules, LevelId *level)
{
  const char *dot = strchr (group, '.');

  if (!dot)
    return FALSE;
  for (guint r = 0; r < RULES_COUNT; r++)
    if (strlen (rules_names[r]) == (gsize) (dot - group)
        && strncmp (group, rules_names[r], (gsize) (dot - group)) == 0) {
      *rules = r;
      *level = level_from_id (dot + 1);
      return *level != LEVEL_NONE;
    }
  return FALSE;
}

static void read_group (VersoStats *self, GKeyFile *file, const char *group)
{
  static const char *const known[] = { "won", "lost", "drawn", "discs" };
  g_auto (GStrv) keys = g_key_file_get_keys (file, group, NULL, NULL);
  VersoStatsEntry entry = { 0 };
  gint64 won, lost, drawn, discs;
  Rules rules;
  LevelId level;

  if (!parse_group_name (group, &rules, &level)) {
    verso_key_file_mark_damaged (&self->file, "[%s] is not rules and a level such as [standard.master]", group);
    return;
  }
  for (guint i = 0; keys && keys[i]; i++)
    if (!g_strv_contains (known, keys[i]))
      verso_key_file_mark_damaged (&self->file, "[%s] %s: unknown key", group, keys[i]);
  /* A game count beyond any lifetime of play, so that the sums below cannot overflow. */
  verso_key_file_read_int (&self->file, file, group, "won", 0, G_MAXINT32, &won);
  verso_key_file_read_int (&self->file, file, group, "lost", 0, G_MAXINT32, &lost);
  verso_key_file_read_int (&self->file, file, group, "drawn", 0, G_MAXINT32, &drawn);
  entry.won = (guint) won;
  entry.lost = (guint) lost;
  entry.drawn = (guint) drawn;
  /* No game ends more than 64 discs apart. */
  if (verso_key_file_read_int (&self->file, file, group, "discs", G_MININT64, G_MAXINT64, &discs)) {
    gint64 bound = 64 * (gint64) verso_stats_entry_games (&entry);
    if (discs < -bound || discs > bound)
      verso_key_file_mark_damaged (&self->file, "[%s] discs: %" G_GINT64_FORMAT " is more than 64 a game for %u games",
                    group, discs, verso_stats_entry_games (&entry));
    else
      entry.disc_sum = discs;
  }
  self->entries[rules][level] = entry;
}

static void read_any_group (VersoKeyFile *file, GKeyFile *keys, const char *group, gpointer user_data)
{
  VersoStats *self = user_data;

  if (strcmp (group, RATING_GROUP) == 0)
    verso_rating_history_read (&self->rating, file, keys, group);
  else
    read_group (self, keys, group);
}

VersoStats *verso_stats_new (const char *path)
{
  VersoStats *self = g_object_new (VERSO_TYPE_STATS, NULL);

  verso_key_file_load (&self->file, path, "statistics.ini", "Statistics file", STATS_MAX_FILE_SIZE,
                       read_any_group, self);
  return self;
}

VersoStatsEntry verso_stats_get (VersoStats *self, Rules rules, LevelId level)
{
  VersoStatsEntry none = { 0 };

  g_return_val_if_fail (VERSO_IS_STATS (self), none);
  g_return_val_if_fail (rules < RULES_COUNT && level < LEVEL_COUNT, none);
  return self->entries[rules][level];
}

/* Writing. */

static gboolean save (VersoStats *self, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();

  for (guint r = 0; r < RULES_COUNT; r++)
    for (guint l = 0; l < LEVEL_COUNT; l++) {
      const VersoStatsEntry *entry = &self->entries[r][l];
      g_autofree char *group = NULL;
      if (verso_stats_entry_games (entry) == 0)
        continue;
      group = g_strdup_printf ("%s.%s", rules_names[r], level_get (l)->id);
      g_key_file_set_uint64 (file, group, "won", entry->won);
      g_key_file_set_uint64 (file, group, "lost", entry->lost);
      g_key_file_set_uint64 (file, group, "drawn", entry->drawn);
      g_key_file_set_int64 (file, group, "discs", entry->disc_sum);
    }
  verso_rating_history_write (&self->rating, file, RATING_GROUP);
  return verso_key_file_save (&self->file, file, error);
}

gboolean verso_stats_add (VersoStats *self, Rules rules, LevelId level, int disc_difference,
                          GError **error)
{
  return verso_stats_add_rated (self, rules, level, NULL, disc_difference, g_get_real_time () / G_USEC_PER_SEC,
                                error);
}

/* The person's rating moves with a game under the standard rules, the rules the levels were
 * rated under; the opponent is the level, or the mix it played as. */
static void rate_game (VersoStats *self, Rules rules, LevelId level, const LevelMix *mix, int disc_difference,
                       gint64 now)
{
  Rating opponent;
  double score = disc_difference > 0 ? 1.0 : disc_difference < 0 ? 0.0 : 0.5;

  self->last_rated = FALSE;
  if (rules != RULES_STANDARD || !verso_rating_of_opponent (level, mix, &opponent))
    return;
  self->before_last = verso_rating_history_current (&self->rating, now);
  verso_rating_history_add (&self->rating, &opponent, level, score, now);
  self->last_rated = TRUE;
}

gboolean verso_stats_add_rated (VersoStats *self, Rules rules, LevelId level, const LevelMix *mix,
                                int disc_difference, gint64 now, GError **error)
{
  VersoStatsEntry *entry;

  g_return_val_if_fail (VERSO_IS_STATS (self), FALSE);
  g_return_val_if_fail (rules < RULES_COUNT && level < LEVEL_COUNT, FALSE);
  g_return_val_if_fail (disc_difference >= -64 && disc_difference <= 64, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  entry = &self->entries[rules][level];
  if (disc_difference > 0)
    entry->won++;
  else if (disc_difference < 0)
    entry->lost++;
  else
    entry->drawn++;
  entry->disc_sum += disc_difference;
  rate_game (self, rules, level, mix, disc_difference, now);
  return save (self, error);
}

gboolean verso_stats_reset (VersoStats *self, GError **error)
{
  g_return_val_if_fail (VERSO_IS_STATS (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (self->entries, 0, sizeof self->entries);
  g_array_set_size (self->rating.entries, 0);
  self->last_rated = FALSE;
  return save (self, error);
}

/* The rating. */

Rating verso_stats_get_rating (VersoStats *self, gint64 now)
{
  g_return_val_if_fail (VERSO_IS_STATS (self), level_ratings_new_player ());
  return verso_rating_history_current (&self->rating, now);
}

gboolean verso_stats_get_match_mix (VersoStats *self, gint64 now, LevelMix *mix)
{
  g_return_val_if_fail (VERSO_IS_STATS (self), FALSE);
  g_return_val_if_fail (mix != NULL, FALSE);

  return level_mix_for_rating (verso_rating_history_current (&self->rating, now).value, mix);
}

const VersoRatingEntry *verso_stats_get_rating_history (VersoStats *self, guint *count)
{
  g_return_val_if_fail (VERSO_IS_STATS (self), NULL);
  g_return_val_if_fail (count != NULL, NULL);

  *count = self->rating.entries->len;
  return (const VersoRatingEntry *) (gpointer) self->rating.entries->data;
}

gboolean verso_stats_get_last_rating_change (VersoStats *self, Rating *after, double *change)
{
  const VersoRatingEntry *last;

  g_return_val_if_fail (VERSO_IS_STATS (self), FALSE);

  if (!self->last_rated || self->rating.entries->len == 0)
    return FALSE;
  last = &g_array_index (self->rating.entries, VersoRatingEntry, self->rating.entries->len - 1);
  if (after)
    *after = last->rating;
  if (change)
    *change = last->rating.value - self->before_last.value;
  return TRUE;
}
