/* verso-opening-progress.c: the opening trainer's progress in a key file, a group per opening
 * ("[Tiger]" black-tried= black-clean= black-last= and the same for white), read and written
 * through verso-keyfile.h. */
#include "verso-opening-progress.h"

#include <stdlib.h>
#include <string.h>

#include "position.h"
#include "verso-keyfile.h"

/* A group of a hundred bytes for each of the hundred openings: anything far larger is not one. */
#define PROGRESS_MAX_FILE_SIZE (256 * 1024)

static const char *const colour_names[2] = { "black", "white" };

struct _VersoOpeningProgress {
  GObject parent_instance;

  VersoKeyFile file;
  GHashTable *openings;  /* name -> VersoOpeningRecord[2], by colour */
};

G_DEFINE_FINAL_TYPE (VersoOpeningProgress, verso_opening_progress, G_TYPE_OBJECT)

static void verso_opening_progress_finalize (GObject *object)
{
  VersoOpeningProgress *self = VERSO_OPENING_PROGRESS (object);

  verso_key_file_clear (&self->file);
  g_clear_pointer (&self->openings, g_hash_table_unref);
  G_OBJECT_CLASS (verso_opening_progress_parent_class)->finalize (object);
}

static void verso_opening_progress_class_init (VersoOpeningProgressClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = verso_opening_progress_finalize;
}

static void verso_opening_progress_init (VersoOpeningProgress *self)
{
  self->openings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static VersoOpeningRecord *records_of (VersoOpeningProgress *self, const char *opening)
{
  VersoOpeningRecord *records = g_hash_table_lookup (self->openings, opening);

  if (!records) {
    records = g_new0 (VersoOpeningRecord, 2);
    g_hash_table_insert (self->openings, g_strdup (opening), records);
  }
  return records;
}

static gboolean is_known_key (const char *key)
{
  static const char *const suffixes[] = { "-tried", "-clean", "-last" };

  for (guint c = 0; c < 2; c++)
    for (guint s = 0; s < G_N_ELEMENTS (suffixes); s++)
      if (g_str_has_prefix (key, colour_names[c]) && strcmp (key + strlen (colour_names[c]), suffixes[s]) == 0)
        return TRUE;
  return FALSE;
}

static void read_group (VersoKeyFile *file, GKeyFile *keys, const char *group, gpointer user_data)
{
  VersoOpeningProgress *self = user_data;
  VersoOpeningRecord *records = records_of (self, group);
  g_auto (GStrv) names = g_key_file_get_keys (keys, group, NULL, NULL);

  for (guint i = 0; names && names[i]; i++)
    if (!is_known_key (names[i]))
      verso_key_file_mark_damaged (file, "[%s] %s: unknown key", group, names[i]);
  for (guint c = 0; c < 2; c++) {
    g_autofree char *tried_key = g_strconcat (colour_names[c], "-tried", NULL);
    g_autofree char *clean_key = g_strconcat (colour_names[c], "-clean", NULL);
    g_autofree char *last_key = g_strconcat (colour_names[c], "-last", NULL);
    gint64 tried, clean, last;

    verso_key_file_read_int (file, keys, group, tried_key, 0, G_MAXINT32, &tried);
    verso_key_file_read_int (file, keys, group, clean_key, 0, G_MAXINT32, &clean);
    verso_key_file_read_int (file, keys, group, last_key, 0, G_MAXINT64, &last);
    if (clean > tried) {
      verso_key_file_mark_damaged (file, "[%s] %s: more clean lines than lines tried", group, clean_key);
      clean = tried;
    }
    records[c] = (VersoOpeningRecord) { (guint) tried, (guint) clean, last };
  }
}

VersoOpeningProgress *verso_opening_progress_new (const char *path)
{
  VersoOpeningProgress *self = g_object_new (VERSO_TYPE_OPENING_PROGRESS, NULL);

  verso_key_file_load (&self->file, path, "openings.ini", "Openings file", PROGRESS_MAX_FILE_SIZE,
                       read_group, self);
  return self;
}

VersoOpeningRecord verso_opening_progress_get (VersoOpeningProgress *self, const char *opening,
                                               int colour)
{
  VersoOpeningRecord none = { 0 };
  const VersoOpeningRecord *records;

  g_return_val_if_fail (VERSO_IS_OPENING_PROGRESS (self), none);
  g_return_val_if_fail (opening && (colour == POSITION_BLACK || colour == POSITION_WHITE), none);
  records = g_hash_table_lookup (self->openings, opening);
  return records ? records[colour] : none;
}

static int compare_names (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static gboolean save (VersoOpeningProgress *self, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autofree const char **names = (const char **) g_hash_table_get_keys_as_array (self->openings, NULL);
  guint n_names = g_hash_table_size (self->openings);

  /* In name order, so that the same progress is the same file. */
  qsort (names, n_names, sizeof *names, compare_names);
  for (guint i = 0; i < n_names; i++) {
    const VersoOpeningRecord *records = g_hash_table_lookup (self->openings, names[i]);
    for (guint c = 0; c < 2; c++) {
      g_autofree char *tried_key = g_strconcat (colour_names[c], "-tried", NULL);
      g_autofree char *clean_key = g_strconcat (colour_names[c], "-clean", NULL);
      g_autofree char *last_key = g_strconcat (colour_names[c], "-last", NULL);
      if (records[c].tried == 0)
        continue;
      g_key_file_set_uint64 (file, names[i], tried_key, records[c].tried);
      g_key_file_set_uint64 (file, names[i], clean_key, records[c].clean);
      g_key_file_set_int64 (file, names[i], last_key, records[c].last);
    }
  }
  return verso_key_file_save (&self->file, file, error);
}

gboolean verso_opening_progress_add (VersoOpeningProgress *self, const char *opening, int colour,
                                     gboolean clean, gint64 now, GError **error)
{
  VersoOpeningRecord *record;

  g_return_val_if_fail (VERSO_IS_OPENING_PROGRESS (self), FALSE);
  g_return_val_if_fail (opening && *opening && !strpbrk (opening, "[]\n"), FALSE);
  g_return_val_if_fail (colour == POSITION_BLACK || colour == POSITION_WHITE, FALSE);

  record = &records_of (self, opening)[colour];
  record->tried++;
  record->clean += clean != FALSE;
  record->last = now;
  return save (self, error);
}
