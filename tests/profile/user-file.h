/* user-file.h: the fixture of the tests of a file the game keeps for the person (statistics.ini,
 * practice.ini): a new temporary folder, the file's path in a "verso" folder below it that does
 * not exist yet (the first write makes it), and where a damaged file is kept aside. */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>
#include <stdarg.h>

#include "check-glib.h"

typedef struct {
  char *dir;
  char *path;
  char *damaged;  /* path + ".damaged" */
} UserFile;

static inline void user_file_set_up (UserFile *file, const char *name)
{
  g_autofree char *pattern = g_strdup_printf ("verso-%s-XXXXXX", name);
  file->dir = g_dir_make_tmp (pattern, NULL);
  REQUIRE (file->dir != NULL);
  file->path = g_build_filename (file->dir, "verso", name, NULL);
  file->damaged = g_strconcat (file->path, ".damaged", NULL);
}

/* Removes the files a test may leave, then the folders (which must then be empty). */
static inline void user_file_tear_down (UserFile *file)
{
  g_autofree char *sub = g_path_get_dirname (file->path);

  g_remove (file->path);
  g_remove (file->damaged);
  g_rmdir (sub);
  CHECK_CMP_INT (g_rmdir (file->dir), ==, 0);
  g_free (file->damaged);
  g_free (file->path);
  g_free (file->dir);
}

/* Writes length bytes of contents (a string when length is -1) as the file, its folder made first. */
static inline void user_file_write (UserFile *file, const char *contents, gssize length)
{
  g_autofree char *folder = g_path_get_dirname (file->path);

  CHECK_CMP_INT (g_mkdir_with_parents (folder, 0700), ==, 0);
  CHECK (g_file_set_contents (file->path, contents, length, NULL));
}

/* Writes the file as user_file_write does, then expects of the read that follows a warning naming
 * the file for each problem given (patterns after "NAME: ", such as "line 6: *"), in order, the
 * list ended by NULL. */
G_GNUC_NULL_TERMINATED
static inline void user_file_write_damaged (UserFile *file, const char *contents, gssize length, ...)
{
  g_autofree char *name = g_path_get_basename (file->path);
  const char *problem;
  va_list problems;

  user_file_write (file, contents, length);
  va_start (problems, length);
  while ((problem = va_arg (problems, const char *))) {
    g_autofree char *pattern = g_strdup_printf ("*%s: %s", name, problem);
    check_expect_message ("Verso", G_LOG_LEVEL_WARNING, pattern);
  }
  va_end (problems);
}
