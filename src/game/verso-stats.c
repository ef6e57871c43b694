/* verso-stats.c: the player's results against the computer, per rules and level, in a key file
 * ("[standard.master]" won= lost= drawn= discs=) read with GKeyFile and written atomically. */
#include "verso-stats.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

/* A statistics file is a few hundred bytes; anything far larger is not one. */
#define STATS_MAX_FILE_SIZE (64 * 1024)
#define RULES_COUNT (RULES_REVERSE + 1)

/* The names of the groups, as the settings schema's nicks. */
static const char *const rules_names[RULES_COUNT] = { "standard", "reverse" };

struct _VersoStats {
  GObject parent_instance;

  char *path;
  VersoStatsEntry entries[RULES_COUNT][LEVEL_COUNT];
  /* The file read was damaged: before it is first written again it is kept as "<path>.damaged";
   * original holds its bytes (NULL when it could not be read at all: it is renamed then). */
  gboolean damaged;
  GBytes *original;
};

G_DEFINE_FINAL_TYPE (VersoStats, verso_stats, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void verso_stats_finalize (GObject *object)
{
  VersoStats *self = VERSO_STATS (object);

  g_free (self->path);
  g_clear_pointer (&self->original, g_bytes_unref);
  G_OBJECT_CLASS (verso_stats_parent_class)->finalize (object);
}

static void verso_stats_class_init (VersoStatsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = verso_stats_finalize;

  /* The counts changed (a game added, or a reset). */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void verso_stats_init (VersoStats *self)
{
}

/* Reading. Every problem is a warning naming the file and where; what could be read stays. */

static void mark_damaged (VersoStats *self, const char *format, ...) G_GNUC_PRINTF (2, 3);

static void mark_damaged (VersoStats *self, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_warning ("Statistics file %s: %s; it will be kept as %s.damaged", self->path, what, self->path);
  self->damaged = TRUE;
}

/* GKeyFile says no line on a syntax error: the text is read again a line at a time and each
 * line that does not read is named and left out. The file is small, so this costs nothing. */
static GKeyFile *load_line_by_line (VersoStats *self, const char *text, gsize length)
{
  g_autoptr (GString) good = g_string_new (NULL);
  g_auto (GStrv) lines = NULL;
  g_autofree char *copy = g_strndup (text, length);
  GKeyFile *file = g_key_file_new ();

  lines = g_strsplit (copy, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    g_autoptr (GKeyFile) trial = g_key_file_new ();
    g_autoptr (GError) error = NULL;
    gsize mark = good->len;

    g_string_append (good, lines[i]);
    g_string_append_c (good, '\n');
    if (!g_key_file_load_from_data (trial, good->str, good->len, G_KEY_FILE_NONE, &error)) {
      mark_damaged (self, "line %u: %s", i + 1, error->message);
      g_string_truncate (good, mark);
    }
  }
  if (!g_key_file_load_from_data (file, good->str, good->len, G_KEY_FILE_NONE, NULL))
    g_return_val_if_reached (file);
  return file;
}

/* A count of the group's key: absent is 0; a bad value is named and read as 0. */
static gboolean read_count (VersoStats *self, GKeyFile *file, const char *group, const char *key,
                           gint64 min, gint64 max, gint64 *value)
{
  g_autofree char *text = g_key_file_get_value (file, group, key, NULL);
  gint64 number = 0;

  *value = 0;
  if (!text)
    return TRUE;
  g_strstrip (text);
  if (!g_ascii_string_to_signed (text, 10, min, max, &number, NULL)) {
    mark_damaged (self, "[%s] %s: “%s” is not a count from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT,
                  group, key, text, min, max);
    return FALSE;
  }
  *value = number;
  return TRUE;
}

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
      return *level < LEVEL_COUNT;
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
    mark_damaged (self, "[%s] is not rules and a level such as [standard.master]", group);
    return;
  }
  for (guint i = 0; keys && keys[i]; i++)
    if (!g_strv_contains (known, keys[i]))
      mark_damaged (self, "[%s] %s: unknown key", group, keys[i]);
  /* A game count beyond any lifetime of play, so that the sums below cannot overflow. */
  read_count (self, file, group, "won", 0, G_MAXINT32, &won);
  read_count (self, file, group, "lost", 0, G_MAXINT32, &lost);
  read_count (self, file, group, "drawn", 0, G_MAXINT32, &drawn);
  entry.won = (guint) won;
  entry.lost = (guint) lost;
  entry.drawn = (guint) drawn;
  /* No game ends more than 64 discs apart. */
  if (read_count (self, file, group, "discs", G_MININT64, G_MAXINT64, &discs)) {
    gint64 bound = 64 * (gint64) verso_stats_entry_games (&entry);
    if (discs < -bound || discs > bound)
      mark_damaged (self, "[%s] discs: %" G_GINT64_FORMAT " is more than 64 a game for %u games",
                    group, discs, verso_stats_entry_games (&entry));
    else
      entry.disc_sum = discs;
  }
  self->entries[rules][level] = entry;
}

static void load (VersoStats *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GKeyFile) file = NULL;
  g_auto (GStrv) groups = NULL;
  g_autofree char *text = NULL;
  gsize length = 0;

  if (!g_file_get_contents (self->path, &text, &length, &error)) {
    /* No file (nor folder) is no games yet; a file that is there but cannot be read is kept. */
    if (g_file_test (self->path, G_FILE_TEST_EXISTS))
      mark_damaged (self, "%s", error->message);
    return;
  }
  self->original = g_bytes_new (text, length);
  if (length > STATS_MAX_FILE_SIZE) {
    mark_damaged (self, "%zu bytes is too large for statistics", (size_t) length);
    return;
  }
  if (!g_utf8_validate_len (text, length, NULL) || memchr (text, '\0', length)) {
    mark_damaged (self, "not a text file");
    return;
  }
  file = g_key_file_new ();
  if (!g_key_file_load_from_data (file, text, length, G_KEY_FILE_NONE, NULL)) {
    g_key_file_free (file);
    file = load_line_by_line (self, text, length);
  }
  groups = g_key_file_get_groups (file, NULL);
  for (guint i = 0; groups[i]; i++)
    read_group (self, file, groups[i]);
}

VersoStats *verso_stats_new (const char *path)
{
  VersoStats *self = g_object_new (VERSO_TYPE_STATS, NULL);

  self->path = path ? g_strdup (path)
                    : g_build_filename (g_get_user_data_dir (), "verso", "statistics.ini", NULL);
  load (self);
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

/* errno as a G_FILE_ERROR saying what failed. */
static gboolean set_error_from_errno (GError **error, int saved_errno, const char *what)
{
  /* TRANSLATORS: what failed (a sentence naming a file), then why. */
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), _("%s: %s"), what,
               g_strerror (saved_errno));
  return FALSE;
}

/* Keeps the damaged file beside the new one before it is replaced, once. */
static gboolean keep_damaged (VersoStats *self, GError **error)
{
  g_autofree char *aside = g_strconcat (self->path, ".damaged", NULL);

  if (!self->damaged)
    return TRUE;
  if (self->original) {
    gsize size;
    const char *bytes = g_bytes_get_data (self->original, &size);
    if (!g_file_set_contents_full (aside, bytes ? bytes : "", (gssize) size,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error))
      return FALSE;
  } else if (g_rename (self->path, aside) != 0 && errno != ENOENT) {
    int saved_errno = errno;
    g_autofree char *display = g_filename_display_name (self->path);
    g_autofree char *what = g_strdup_printf (_("Cannot keep the damaged statistics file %s aside"),
                                             display);
    return set_error_from_errno (error, saved_errno, what);
  }
  self->damaged = FALSE;
  g_clear_pointer (&self->original, g_bytes_unref);
  return TRUE;
}

static gboolean save (VersoStats *self, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autofree char *dir = g_path_get_dirname (self->path);
  g_autofree char *contents = NULL;
  gsize length;

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
  if (g_mkdir_with_parents (dir, 0700) != 0) {
    int saved_errno = errno;
    g_autofree char *display = g_filename_display_name (dir);
    g_autofree char *what = g_strdup_printf (_("Cannot create the folder %s"), display);
    return set_error_from_errno (error, saved_errno, what);
  }
  if (!keep_damaged (self, error))
    return FALSE;
  contents = g_key_file_to_data (file, &length, NULL);
  /* Written beside and renamed over the old file: a reader sees the old counts or the new. */
  return g_file_set_contents_full (self->path, contents, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

gboolean verso_stats_add (VersoStats *self, Rules rules, LevelId level, int disc_difference,
                          GError **error)
{
  VersoStatsEntry *entry;
  gboolean saved;

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
  saved = save (self, error);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return saved;
}

gboolean verso_stats_add_game (VersoStats *self, VersoGame *game, GError **error)
{
  const VersoRecord *record = verso_game_get_record (game);
  const Position *end = verso_record_get_position (record, verso_record_get_current (record));
  VersoColor person = verso_game_get_player (game, VERSO_COLOR_BLACK) == VERSO_PLAYER_HUMAN
                    ? VERSO_COLOR_BLACK : VERSO_COLOR_WHITE;
  int score = board_final_score (&end->board);

  g_return_val_if_fail (VERSO_IS_GAME (game), FALSE);

  if (verso_game_get_mode (game) != VERSO_MODE_VERSUS_COMPUTER)
    return TRUE;
  if ((end->side_to_move == POSITION_BLACK) != (person == VERSO_COLOR_BLACK))
    score = -score;
  score = rules_final_score (verso_game_get_rules (game), score);
  return verso_stats_add (self, verso_game_get_rules (game),
                          verso_game_get_level_for (game, verso_color_other (person)), score, error);
}

gboolean verso_stats_reset (VersoStats *self, GError **error)
{
  gboolean saved;

  g_return_val_if_fail (VERSO_IS_STATS (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (self->entries, 0, sizeof self->entries);
  saved = save (self, error);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return saved;
}
