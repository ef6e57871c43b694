/* test-database-index.c: Add Games' index (verso-database-index.c), without a display: a folder
 * indexed in the worker with progress and kept in the cache, read back from the cache without
 * indexing while its files are the same, indexed again when a file's time changes, a Cancel, and
 * a folder that cannot be read. */
#include <glib/gstdio.h>
#include <stdlib.h>
#include <utime.h>

#include "check-glib.h"
#include "verso-database-index.h"

typedef struct Load {
  Database *database;
  GError *error;
  gboolean done;
} Load;

static int progress_calls;
static double last_fraction;

static void on_progress (GObject *owner, double fraction)
{
  progress_calls++;
  CHECK_CMP_FLOAT (fraction, >=, last_fraction);
  last_fraction = fraction;
}

static void on_loaded (GObject *source, GAsyncResult *result, gpointer data)
{
  Load *load = data;
  load->database = verso_database_index_load_finish (result, &load->error);
  load->done = TRUE;
}

/* One load to its end; the progress calls it made. */
static Database *load_folder (const char *folder, GCancellable *cancellable, GError **error)
{
  g_autoptr (GObject) owner = g_object_new (G_TYPE_OBJECT, NULL);
  Load load = { 0 };
  progress_calls = 0;
  last_fraction = 0;
  verso_database_index_load_async (owner, folder, cancellable, on_progress, on_loaded, &load);
  while (!load.done)
    g_main_context_iteration (NULL, TRUE);
  /* The progress told before the end arrives before it or just after. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  *error = load.error;
  return load.database;
}

static char *root;

static void test_index_and_cache (void)
{
  g_autofree char *folder = g_build_filename (root, "games", NULL);
  g_autofree char *file = g_build_filename (folder, "WTH_2020.wtb", NULL);
  const char *data = g_getenv ("VERSO_TEST_DATA");
  g_autofree char *source = g_build_filename (data ? data : "tests/data", "WTH_2020.wtb", NULL);
  g_autofree char *bytes = NULL;
  gsize size;
  REQUIRE (g_mkdir_with_parents (folder, 0700) == 0);
  REQUIRE (g_file_get_contents (source, &bytes, &size, NULL));
  REQUIRE (g_file_set_contents (file, bytes, (gssize) size, NULL));

  CHECK (verso_database_index_folder () == NULL);
  GError *error = NULL;
  Database *database = load_folder (folder, NULL, &error);
  CHECK_NO_ERROR (error);
  REQUIRE (database);
  CHECK_CMP_UINT (database_games (database), ==, 268);
  CHECK_CMP_INT (progress_calls, ==, 2);
  CHECK_CMP_FLOAT (last_fraction, ==, 1.0);
  size_t count = database_count (database);
  database_free (database);
  g_autofree char *remembered = verso_database_index_folder ();
  CHECK_CMP_STR (remembered, ==, folder);

  /* The same files: the cache, without indexing. */
  database = load_folder (folder, NULL, &error);
  CHECK_NO_ERROR (error);
  CHECK (database && database_count (database) == count);
  CHECK_CMP_INT (progress_calls, ==, 0);
  database_free (database);

  /* A file's time changed: indexed again. */
  struct utimbuf times = { 1000000000, 1000000000 };
  REQUIRE (utime (file, &times) == 0);
  database = load_folder (folder, NULL, &error);
  CHECK_NO_ERROR (error);
  CHECK (database && database_count (database) == count);
  CHECK_CMP_INT (progress_calls, ==, 2);
  database_free (database);

  /* Cancelled before it starts. */
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_cancellable_cancel (cancellable);
  database = load_folder (folder, cancellable, &error);
  CHECK (!database);
  CHECK_ERROR (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&error);

  g_autofree char *missing = g_build_filename (root, "none", NULL);
  database = load_folder (missing, NULL, &error);
  CHECK (!database);
  CHECK_ERROR (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);
  g_autofree char *empty = g_build_filename (root, "empty", NULL);
  REQUIRE (g_mkdir_with_parents (empty, 0700) == 0);
  database = load_folder (empty, NULL, &error);
  CHECK (!database && error && strstr (error->message, "no .wtb files"));
  g_clear_error (&error);
}

static void remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;
  while (dir && (name = g_dir_read_name (dir))) {
    g_autofree char *child = g_build_filename (path, name, NULL);
    if (g_file_test (child, G_FILE_TEST_IS_DIR))
      remove_tree (child);
    else
      g_unlink (child);
  }
  g_rmdir (path);
}

int main (void)
{
  check_glib_init ();
  root = g_dir_make_tmp ("verso-database-index-XXXXXX", NULL);
  REQUIRE (root);
  g_autofree char *cache = g_build_filename (root, "cache", NULL);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  check_run ("index and cache", test_index_and_cache);
  remove_tree (root);
  g_free (root);
  return check_finish ();
}
