/* verso-kept-game.c: a game of the window as the game library keeps it. */
#include "verso-kept-game.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "level.h"
#include "time_control.h"
#include "verso-game-analysis.h"
#include "verso-game-files.h"
#include "verso-game.h"

gboolean verso_kept_game_fill (LibraryGame *kept, VersoGame *game, char **record, char **clock)
{
  g_autofree char *ggf_text = NULL;
  g_autofree NotationGame *ggf = g_new (NotationGame, 1);
  NotationStatus status;
  TimeControl control;
  gboolean rated;
  size_t end;

  g_return_val_if_fail (kept != NULL && record != NULL && clock != NULL, FALSE);
  g_return_val_if_fail (VERSO_IS_GAME (game), FALSE);

  *record = *clock = NULL;
  memset (kept, 0, sizeof *kept);
  ggf_text = verso_game_to_text (game, VERSO_FORMAT_GGF);
  status = library_game_from_ggf (ggf_text, strlen (ggf_text), ggf, kept, &end);
  if (status.error != NOTATION_OK) {
    g_warning ("A game's own GGF does not read back (byte %zu): %s", status.offset + 1,
               notation_error_message (status.error));
    return FALSE;
  }
  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++)
    /* Another engine has no level: the record names it as its player. */
    if (verso_game_get_player (game, color) == VERSO_PLAYER_COMPUTER
        && !verso_game_get_engine_for (game, color, NULL, NULL, NULL))
      g_strlcpy (color == VERSO_COLOR_BLACK ? kept->black_level : kept->white_level,
                 level_get (verso_game_get_level_for (game, color))->id, LIBRARY_TEXT_SIZE);
  g_strlcpy (kept->source, "played", sizeof kept->source);
  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++) {
    VersoCoachSummary coach = verso_game_get_coach_summary (game, color);
    int colour = color == VERSO_COLOR_BLACK ? POSITION_BLACK : POSITION_WHITE;

    kept->graded[colour] = coach.graded;
    kept->lost[colour] = coach.discs_lost;
  }
  *record = verso_game_has_variations (game) ? verso_game_to_text (game, VERSO_FORMAT_SGF)
                                             : g_steal_pointer (&ggf_text);
  kept->record = *record;
  if (verso_game_get_time_control (game, &control, &rated)) {
    char text[32];

    time_control_format (&control, text, sizeof text);
    *clock = g_strdup (text);
    kept->clock = *clock;
  }
  return TRUE;
}

/* Says text through the import's message, if it has one. */
static void import_say (LibraryImport *import, const char *text)
{
  if (import->message)
    import->message (text, import->user_data);
}

gboolean verso_kept_games_import_sgf (Library *library, const char *path, LibraryImport *import)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  gsize length, offset = 0;
  guint number = 0;

  g_return_val_if_fail (library != NULL && path != NULL && import != NULL, FALSE);

  if (!g_file_get_contents (path, &text, &length, &error)) {
    import_say (import, error->message);
    return FALSE;
  }
  if (!library_begin (library)) {
    g_autofree char *message = g_strdup_printf ("%s: %s", path, library_error (library));
    import_say (import, message);
    return FALSE;
  }
  while (offset < length && !(import->cancel && atomic_load (import->cancel))) {
    g_autoptr (GError) bad = NULL;
    g_autoptr (VersoGame) game = verso_game_new_from_sgf_collection (text, length, &offset, &bad);
    g_autofree char *record = NULL, *clock = NULL;
    LibraryGame kept;
    int added;

    if (!game && !bad)
      break;  /* nothing but white space left */
    number++;
    if (!game || !verso_kept_game_fill (&kept, game, &record, &clock)) {
      g_autofree char *message = g_strdup_printf ("%s: game %u: %s", path, number,
                                                  bad ? bad->message : "its record does not read back");
      import_say (import, message);
      import->bad++;
      continue;
    }
    g_strlcpy (kept.source, path, sizeof kept.source);
    if ((added = library_add (library, &kept, NULL)) < 0) {
      g_autofree char *message = g_strdup_printf ("%s: %s", path, library_error (library));
      import_say (import, message);
      library_rollback (library);
      return FALSE;
    }
    if (added)
      import->added++;
    else
      import->duplicates++;
    if (import->progress)
      import->progress ((int64_t) offset, (int64_t) length, import->user_data);
  }
  if (!library_commit (library)) {
    g_autofree char *message = g_strdup_printf ("%s: %s", path, library_error (library));
    import_say (import, message);
    return FALSE;
  }
  return TRUE;
}

/* What the library says of how game ended, in SGF's words ("B+12", "W+R", "B+T", "0"); "" when
 * it was left unfinished. GGF's count of discs, as the SGF writer's own. */
static void sgf_result (const LibraryGame *game, char *out, size_t size)
{
  char winner = game->disc_difference > 0 ? 'B' : 'W';

  if (game->ending == LIBRARY_ENDING_UNFINISHED)
    g_strlcpy (out, "", size);
  else if (game->ending == LIBRARY_ENDING_RESIGN)
    g_snprintf (out, size, "%c+R", winner);
  else if (game->ending == LIBRARY_ENDING_TIME)
    g_snprintf (out, size, "%c+T", winner);
  else if (game->disc_difference == 0)
    g_strlcpy (out, "0", size);
  else
    g_snprintf (out, size, "%c+%d", winner, ABS (game->disc_difference));
}

char *verso_kept_game_to_sgf (Library *library, const LibraryGame *game, GError **error)
{
  g_autoptr (VersoGame) read = NULL;
  char *text;

  g_return_val_if_fail (library != NULL && game != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(text = library_game_text (library, game))) {
    g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM, g_strerror (ENOMEM));
    return NULL;
  }
  read = verso_game_new_from_text_with_rules (text, strlen (text), VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                              LEVEL_CASUAL, game->rules, NULL, error);
  free (text);
  if (!read)
    return NULL;
  if (!verso_game_is_record (read)) {
    /* Played here: its SGF would name the players as this build does and date it today. */
    char result[16];
    const char *details[VERSO_N_DETAILS] = { NULL };

    sgf_result (game, result, sizeof result);
    details[VERSO_DETAIL_BLACK_NAME] = game->black;
    details[VERSO_DETAIL_WHITE_NAME] = game->white;
    details[VERSO_DETAIL_PLACE] = "Verso";
    details[VERSO_DETAIL_DATE] = game->date;
    details[VERSO_DETAIL_RESULT] = result;
    verso_game_set_record (read, details);
  }
  return verso_game_to_text (read, VERSO_FORMAT_SGF);
}
