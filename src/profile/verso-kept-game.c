/* verso-kept-game.c: a game of the window as the game library keeps it. */
#include "verso-kept-game.h"

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
