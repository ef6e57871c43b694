/* verso-database-index.c: Add Games' index (verso-database-index.h): the files' fingerprint, the
 * cache's key file and index, and the worker that reads or makes them. */
#include "verso-database-index.h"

#include <errno.h>
#include <string.h>

/* The plies of each added game indexed, and the games a position needs to be kept: every game. */
#define INDEX_DEPTH 24
#define INDEX_MIN_GAMES 1
#define KEY_GROUP "database"

typedef struct IndexJob {
  char *folder;
  GObject *owner;
  VersoDatabaseIndexProgress progress;
  GCancellable *cancellable;
} IndexJob;

static void index_job_free (IndexJob *job)
{
  g_free (job->folder);
  g_free (job);
}

static char *cache_path (const char *name)
{
  return g_build_filename (g_get_user_cache_dir (), "verso", name, NULL);
}

char *verso_database_index_folder (void)
{
  g_autofree char *path = cache_path ("database.key");
  g_autoptr (GKeyFile) key = g_key_file_new ();
  if (!g_key_file_load_from_file (key, path, G_KEY_FILE_NONE, NULL))
    return NULL;
  return g_key_file_get_string (key, KEY_GROUP, "folder", NULL);
}

static int compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The names, sizes and times of folder's .wtb files, in name order, as a checksum; NULL and the
 * error when the folder cannot be read. */
static char *files_fingerprint (const char *folder, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFile) directory = g_file_new_for_path (folder);
  g_autoptr (GFileEnumerator) files = g_file_enumerate_children (
    directory, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_SIZE ","
    G_FILE_ATTRIBUTE_TIME_MODIFIED, G_FILE_QUERY_INFO_NONE, cancellable, error);
  if (!files)
    return NULL;
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  GFileInfo *info;
  while ((info = g_file_enumerator_next_file (files, cancellable, error))) {
    const char *name = g_file_info_get_name (info);
    if (g_str_has_suffix (name, ".wtb"))
      g_ptr_array_add (lines, g_strdup_printf ("%s\t%" G_GINT64_FORMAT "\t%" G_GUINT64_FORMAT, name,
                                               (gint64) g_file_info_get_size (info),
                                               g_file_info_get_attribute_uint64 (info,
                                                 G_FILE_ATTRIBUTE_TIME_MODIFIED)));
    g_object_unref (info);
  }
  if (error && *error)
    return NULL;
  g_ptr_array_sort (lines, compare_names);
  g_ptr_array_add (lines, NULL);
  g_autofree char *all = g_strjoinv ("\n", (char **) lines->pdata);
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, all, -1);
}

/* The cached index when it was made from folder's files as they are now; NULL otherwise. */
static Database *cache_read (const char *folder, const char *fingerprint)
{
  g_autofree char *key_path = cache_path ("database.key");
  g_autofree char *index_path = cache_path ("database.bin");
  g_autoptr (GKeyFile) key = g_key_file_new ();
  if (!g_key_file_load_from_file (key, key_path, G_KEY_FILE_NONE, NULL))
    return NULL;
  g_autofree char *cached_folder = g_key_file_get_string (key, KEY_GROUP, "folder", NULL);
  g_autofree char *cached_files = g_key_file_get_string (key, KEY_GROUP, "files", NULL);
  g_autofree char *bytes = NULL;
  gsize size;
  if (g_strcmp0 (cached_folder, folder) != 0 || g_strcmp0 (cached_files, fingerprint) != 0
      || !g_file_get_contents (index_path, &bytes, &size, NULL))
    return NULL;
  char error[200];
  Database *database = database_decode ((const uint8_t *) bytes, size, error, sizeof error);
  if (!database)
    g_warning ("The cached index %s is damaged (%s): it will be made again", index_path, error);
  return database;
}

/* The index and its key written to the cache; a failure is only said (the index still serves). */
static void cache_write (const char *folder, const char *fingerprint, const uint8_t *bytes,
                         size_t size)
{
  g_autofree char *directory = g_build_filename (g_get_user_cache_dir (), "verso", NULL);
  g_autofree char *key_path = cache_path ("database.key");
  g_autofree char *index_path = cache_path ("database.bin");
  g_autoptr (GKeyFile) key = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_key_file_set_string (key, KEY_GROUP, "folder", folder);
  g_key_file_set_string (key, KEY_GROUP, "files", fingerprint);
  if (g_mkdir_with_parents (directory, 0700) != 0
      || !g_file_set_contents (index_path, (const char *) bytes, (gssize) size, &error)
      || !g_key_file_save_to_file (key, key_path, &error))
    g_warning ("The index of %s could not be kept in %s: %s", folder, directory,
               error ? error->message : g_strerror (errno));
}

typedef struct ProgressTold {
  GObject *owner;
  VersoDatabaseIndexProgress progress;
  double fraction;
} ProgressTold;

static gboolean tell_progress (gpointer data)
{
  ProgressTold *told = data;
  told->progress (told->owner, told->fraction);
  g_object_unref (told->owner);
  g_free (told);
  return G_SOURCE_REMOVE;
}

/* database_index_directory's progress, from the worker: passed to the main thread. */
static bool on_files_read (size_t done, size_t total, void *user_data)
{
  IndexJob *job = user_data;
  if (g_cancellable_is_cancelled (job->cancellable))
    return false;
  ProgressTold *told = g_new (ProgressTold, 1);
  *told = (ProgressTold) { g_object_ref (job->owner), job->progress, total ? (double) done / total : 1 };
  g_idle_add (tell_progress, told);
  return true;
}

static Database *index_made (IndexJob *job, const char *fingerprint, GError **error)
{
  char message[512];
  size_t size;
  uint8_t *bytes = database_index_directory (job->folder, INDEX_DEPTH, INDEX_MIN_GAMES,
                                             on_files_read, job, &size, message, sizeof message);
  if (!bytes) {
    if (g_cancellable_set_error_if_cancelled (job->cancellable, error))
      return NULL;
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", message);
    return NULL;
  }
  /* A Cancel while the index was sorted: nothing is kept. */
  if (g_cancellable_set_error_if_cancelled (job->cancellable, error)) {
    g_free (bytes);
    return NULL;
  }
  Database *database = database_decode (bytes, size, message, sizeof message);
  if (database)
    cache_write (job->folder, fingerprint, bytes, size);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s", message);
  g_free (bytes);
  return database;
}

static void index_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  IndexJob *job = task_data;
  GError *error = NULL;
  job->cancellable = cancellable;
  g_autofree char *fingerprint = files_fingerprint (job->folder, cancellable, &error);
  Database *database = fingerprint ? cache_read (job->folder, fingerprint) : NULL;
  if (fingerprint && !database)
    database = index_made (job, fingerprint, &error);
  if (database)
    g_task_return_pointer (task, database, (GDestroyNotify) database_free);
  else
    g_task_return_error (task, error);
}

void verso_database_index_load_async (GObject *owner, const char *folder, GCancellable *cancellable,
                                      VersoDatabaseIndexProgress progress,
                                      GAsyncReadyCallback callback, gpointer user_data)
{
  g_autoptr (GTask) task = g_task_new (owner, cancellable, callback, user_data);
  IndexJob *job = g_new0 (IndexJob, 1);
  job->folder = g_strdup (folder);
  job->owner = owner;
  job->progress = progress;
  g_task_set_task_data (task, job, (GDestroyNotify) index_job_free);
  g_task_run_in_thread (task, index_thread);
}

Database *verso_database_index_load_finish (GAsyncResult *result, GError **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}
