/* verso-keyfile.c: the user's small key files (statistics, the practice deck), read forgivingly
 * line by line with each problem named, and written atomically with a damaged original kept. */
#include "verso-keyfile.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

void verso_key_file_clear (VersoKeyFile *file)
{
  g_clear_pointer (&file->path, g_free);
  g_clear_pointer (&file->original, g_bytes_unref);
}

/* Reading. Every problem is a warning naming the file and where; what could be read stays. */

void verso_key_file_mark_damaged (VersoKeyFile *file, const char *format, ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_warning ("%s %s: %s; it will be kept as %s.damaged", file->kind, file->path, what, file->path);
  file->damaged = TRUE;
}

/* GKeyFile says no line on a syntax error: the text is read again a line at a time and each
 * line that does not read is named and left out. The file is small, so this costs little. */
static GKeyFile *load_line_by_line (VersoKeyFile *file, const char *text, gsize length)
{
  g_autoptr (GString) good = g_string_new (NULL);
  g_auto (GStrv) lines = NULL;
  g_autofree char *copy = g_strndup (text, length);
  GKeyFile *keys = g_key_file_new ();

  lines = g_strsplit (copy, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    g_autoptr (GKeyFile) trial = g_key_file_new ();
    g_autoptr (GError) error = NULL;
    gsize mark = good->len;

    g_string_append (good, lines[i]);
    g_string_append_c (good, '\n');
    if (!g_key_file_load_from_data (trial, good->str, good->len, G_KEY_FILE_NONE, &error)) {
      verso_key_file_mark_damaged (file, "line %u: %s", i + 1, error->message);
      g_string_truncate (good, mark);
    }
  }
  if (!g_key_file_load_from_data (keys, good->str, good->len, G_KEY_FILE_NONE, NULL))
    g_return_val_if_reached (keys);
  return keys;
}

/* The file's keys (verso_key_file_load says how it reads them); never NULL. */
static GKeyFile *load (VersoKeyFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  GKeyFile *keys = g_key_file_new ();
  gsize length = 0;

  if (!g_file_get_contents (file->path, &text, &length, &error)) {
    /* No file (nor folder) is nothing yet; a file that is there but cannot be read is kept. */
    if (g_file_test (file->path, G_FILE_TEST_EXISTS))
      verso_key_file_mark_damaged (file, "%s", error->message);
    return keys;
  }
  g_clear_pointer (&file->original, g_bytes_unref);
  file->original = g_bytes_new (text, length);
  if (length > file->max_size) {
    verso_key_file_mark_damaged (file, "%zu bytes is too large", (size_t) length);
    return keys;
  }
  if (!g_utf8_validate_len (text, length, NULL) || memchr (text, '\0', length)) {
    verso_key_file_mark_damaged (file, "not a text file");
    return keys;
  }
  if (!g_key_file_load_from_data (keys, text, length, G_KEY_FILE_NONE, NULL)) {
    g_key_file_free (keys);
    keys = load_line_by_line (file, text, length);
  }
  return keys;
}

void verso_key_file_load (VersoKeyFile *file, const char *path, const char *name, const char *kind,
                          gsize max_size, VersoKeyFileReadGroup read_group, gpointer user_data)
{
  g_autoptr (GKeyFile) keys = NULL;
  g_auto (GStrv) groups = NULL;

  memset (file, 0, sizeof *file);
  file->path = path ? g_strdup (path) : g_build_filename (g_get_user_data_dir (), "verso", name, NULL);
  file->kind = kind;
  file->max_size = max_size;
  keys = load (file);
  groups = g_key_file_get_groups (keys, NULL);
  for (guint i = 0; groups[i]; i++)
    read_group (file, keys, groups[i], user_data);
}

gboolean verso_key_file_read_int (VersoKeyFile *file, GKeyFile *keys, const char *group,
                                  const char *key, gint64 min, gint64 max, gint64 *value)
{
  g_autofree char *text = g_key_file_get_value (keys, group, key, NULL);
  gint64 number = 0;

  *value = 0;
  if (!text)
    return TRUE;
  g_strstrip (text);
  if (!g_ascii_string_to_signed (text, 10, min, max, &number, NULL)) {
    verso_key_file_mark_damaged (file, "[%s] %s: “%s” is not a count from %" G_GINT64_FORMAT
                                 " to %" G_GINT64_FORMAT, group, key, text, min, max);
    return FALSE;
  }
  *value = number;
  return TRUE;
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
static gboolean keep_damaged (VersoKeyFile *file, GError **error)
{
  g_autofree char *aside = g_strconcat (file->path, ".damaged", NULL);

  if (!file->damaged)
    return TRUE;
  if (file->original) {
    gsize size;
    const char *bytes = g_bytes_get_data (file->original, &size);
    if (!g_file_set_contents_full (aside, bytes ? bytes : "", (gssize) size,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error))
      return FALSE;
  } else if (g_rename (file->path, aside) != 0 && errno != ENOENT) {
    int saved_errno = errno;
    g_autofree char *display = g_filename_display_name (file->path);
    g_autofree char *what = g_strdup_printf (_("Cannot keep the damaged file %s aside"), display);
    return set_error_from_errno (error, saved_errno, what);
  }
  file->damaged = FALSE;
  g_clear_pointer (&file->original, g_bytes_unref);
  return TRUE;
}

gboolean verso_key_file_save (VersoKeyFile *file, GKeyFile *keys, GError **error)
{
  g_autofree char *dir = g_path_get_dirname (file->path);
  g_autofree char *contents = NULL;
  gsize length;

  if (g_mkdir_with_parents (dir, 0700) != 0) {
    int saved_errno = errno;
    g_autofree char *display = g_filename_display_name (dir);
    g_autofree char *what = g_strdup_printf (_("Cannot create the folder %s"), display);
    return set_error_from_errno (error, saved_errno, what);
  }
  if (!keep_damaged (file, error))
    return FALSE;
  contents = g_key_file_to_data (keys, &length, NULL);
  /* Written beside and renamed over the old file: a reader sees the old contents or the new. */
  return g_file_set_contents_full (file->path, contents, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}
