/* verso-game-file.c: games in files: a file read in a worker thread, bounded and refused when it
 * is not text before its text is read (verso-game-text.c), and a game written atomically in the
 * format its name asks for. */
#include "verso-game-text.h"

#include <glib/gi18n-lib.h>
#include <string.h>

typedef struct {
  GFile *file;
  VersoPlayer black;
  VersoPlayer white;
  LevelId level;
} OpenRequest;

typedef struct {
  VersoRecord *record;
  VersoTextExtras extras;
  char *notice;
} OpenResult;

static void open_request_free (OpenRequest *request)
{
  g_object_unref (request->file);
  g_free (request);
}

static void open_result_free (OpenResult *result)
{
  verso_record_free (result->record);
  verso_board_forget_positions (&result->extras);
  g_free (result->notice);
  g_free (result);
}

static void set_too_large (GError **error, guint64 size)
{
  g_autofree char *shown = g_format_size (size);
  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
               _("the file is too large (%s) to be a game"), shown);
}

/* Reads the file's text: its size is checked before reading and the read is bounded, so a huge
 * or endless file costs nothing; a file with bytes that are not text is refused before parsing. */
static char *read_text (GFile *file, gsize *length, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GFileInputStream) stream = NULL;
  g_autofree char *text = NULL;
  gsize read = 0;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            cancellable, error);
  if (!info)
    return NULL;
  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE)
      && g_file_info_get_size (info) > VERSO_GAME_MAX_FILE_SIZE) {
    set_too_large (error, (guint64) g_file_info_get_size (info));
    return NULL;
  }
  stream = g_file_read (file, cancellable, error);
  if (!stream)
    return NULL;
  /* One byte more than allowed tells a file that grew since from one that fits. */
  text = g_malloc (VERSO_GAME_MAX_FILE_SIZE + 2);
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), text, VERSO_GAME_MAX_FILE_SIZE + 1, &read,
                                cancellable, error))
    return NULL;
  if (read > VERSO_GAME_MAX_FILE_SIZE) {
    set_too_large (error, read);
    return NULL;
  }
  if (memchr (text, '\0', read) || !g_utf8_validate_len (text, read, NULL)) {
    verso_text_set_bad_file (error, _("this is not a text file"));
    return NULL;
  }
  text[read] = '\0';
  *length = read;
  return g_steal_pointer (&text);
}

static void open_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  OpenRequest *request = task_data;
  g_autofree char *text = NULL;
  GError *error = NULL;
  OpenResult *result;
  gsize length = 0;

  (void) source;
  text = read_text (request->file, &length, cancellable, &error);
  if (!text) {
    g_task_return_error (task, error);
    return;
  }
  result = g_new0 (OpenResult, 1);
  result->record = verso_text_read (text, length, &result->notice, &result->extras, &error);
  if (!result->record) {
    open_result_free (result);
    g_task_return_error (task, error);
    return;
  }
  g_task_return_pointer (task, result, (GDestroyNotify) open_result_free);
}

void verso_game_open_async (GFile *file, VersoPlayer black, VersoPlayer white, LevelId level,
                            GCancellable *cancellable, GAsyncReadyCallback callback,
                            gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  OpenRequest *request;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (level < LEVEL_COUNT);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, verso_game_open_async);
  request = g_new0 (OpenRequest, 1);
  request->file = g_object_ref (file);
  request->black = black;
  request->white = white;
  request->level = level;
  g_task_set_task_data (task, request, (GDestroyNotify) open_request_free);
  g_task_run_in_thread (task, open_in_thread);
}

VersoGame *verso_game_open_finish (GAsyncResult *result, char **notice, GError **error)
{
  OpenRequest *request;
  OpenResult *opened;
  VersoGame *game;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == verso_game_open_async, NULL);

  if (notice)
    *notice = NULL;
  request = g_task_get_task_data (G_TASK (result));
  opened = g_task_propagate_pointer (G_TASK (result), error);
  if (!opened)
    return NULL;
  /* The game is made here, on the caller's thread, where its computer will run. */
  game = verso_text_game (request->black, request->white, request->level,
                         g_steal_pointer (&opened->record), &opened->extras, RULES_STANDARD);
  game->file = g_object_ref (request->file);
  if (notice)
    *notice = g_steal_pointer (&opened->notice);
  open_result_free (opened);
  return game;
}

gboolean verso_game_write (VersoGame *self, GFile *file, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  g_autofree char *contents = NULL;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  name = g_file_get_basename (file);
  text = verso_game_to_text (self, verso_format_for_name (name));
  contents = g_strconcat (text, "\n", NULL);
  /* Written beside the old file and renamed over it: a reader never sees half a game. */
  if (!g_file_replace_contents (file, contents, strlen (contents), NULL, FALSE, G_FILE_CREATE_NONE,
                                NULL, NULL, error))
    return FALSE;
  verso_game_set_file (self, file);
  verso_game_set_modified (self, FALSE);
  return TRUE;
}
