/* verso-keyfile.h: a small key file of the user's (statistics, the practice deck) read forgivingly
 * and written atomically: a damaged file is read line by line with each problem named (file, line,
 * what), what reads is kept, and before the file is first written again the damaged original is
 * kept beside it as "<path>.damaged". */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  char *path;
  const char *kind;   /* what the file is, in warnings: "Statistics file" (not translated) */
  gsize max_size;     /* a file larger than this is not one */
  /* The file read was damaged: before it is first written again it is kept as "<path>.damaged";
   * original holds its bytes (NULL when it could not be read at all: it is renamed then). */
  gboolean damaged;
  GBytes *original;
} VersoKeyFile;

/* Called by verso_key_file_load for each group of the file, in the file's order. */
typedef void (*VersoKeyFileReadGroup) (VersoKeyFile *file, GKeyFile *keys, const char *group,
                                       gpointer user_data);

/* Sets file up for path (copied), or, when path is NULL, for name in the user's data folder
 * (~/.local/share/verso/NAME), kind naming it in warnings, and reads it, handing each of its
 * groups to read_group: a missing file (or folder) has no groups; a file larger than max_size,
 * not text, or unreadable is marked damaged and has none; lines that do not read are each named
 * and left out. The one way the statistics and the deck are read. */
void verso_key_file_load (VersoKeyFile *file, const char *path, const char *name, const char *kind,
                          gsize max_size, VersoKeyFileReadGroup read_group, gpointer user_data);
void verso_key_file_clear (VersoKeyFile *file);

/* Names a problem of the file read (g_warning with the file's kind and path) and marks it
 * damaged, so that it is kept aside before the next write. */
void verso_key_file_mark_damaged (VersoKeyFile *file, const char *format, ...) G_GNUC_PRINTF (2, 3);

/* A whole number of group's key in min..max: absent is 0 (TRUE); a bad value is named with
 * verso_key_file_mark_damaged and read as 0 (FALSE). */
gboolean verso_key_file_read_int (VersoKeyFile *file, GKeyFile *keys, const char *group,
                                  const char *key, gint64 min, gint64 max, gint64 *value);

/* Writes keys to the file atomically (beside it, then renamed over it), creating its folder,
 * after keeping a damaged original aside once. FALSE with a G_FILE_ERROR saying what failed. */
gboolean verso_key_file_save (VersoKeyFile *file, GKeyFile *keys, GError **error);

G_END_DECLS
