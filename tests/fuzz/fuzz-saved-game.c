/* fuzz-saved-game.c: saved game files, read by verso_game_load from a scratch file. A file that
 * does not load fails as a bad file (so that the game sets it aside); a game that loads shows
 * the position its transcript leads to, and saved and loaded again it saves the same bytes.
 * GLib's warnings and criticals abort, so they are findings too. */
#include <glib/gstdio.h>
#include <string.h>

#include "fuzz-glib.h"
#include "fuzz.h"
#include "notation.h"
#include "verso-game-files.h"
#include "verso-game.h"

/* The position the game shows is the one its transcript leads to from its start. */
static void check_transcript (VersoGame *game)
{
  g_autofree char *transcript = verso_game_get_transcript (game);
  Position position = *verso_record_get_start (verso_game_get_record (game));
  int moves[128];
  size_t n_moves;
  NotationStatus status = notation_parse_transcript (transcript, strlen (transcript), &position,
                                                     moves, G_N_ELEMENTS (moves), &n_moves);
  REQUIRE (!status.error, "transcript '%s': %s at %zu", transcript,
           notation_error_message (status.error), status.offset);
  REQUIRE (n_moves == verso_game_get_ply (game), "transcript '%s' of %zu moves, ply %u", transcript,
           n_moves, verso_game_get_ply (game));
  REQUIRE (position_black (&position) == verso_game_get_discs (game, VERSO_COLOR_BLACK)
           && position_white (&position) == verso_game_get_discs (game, VERSO_COLOR_WHITE),
           "transcript '%s' leads elsewhere", transcript);
}

/* Saves the game next to the scratch file and returns the bytes saved. */
static char *save (VersoGame *game, const char *path, gsize *length)
{
  g_autoptr (GError) error = NULL;
  char *contents = NULL;
  REQUIRE (verso_game_save (game, path, &error), "cannot save: %s", error->message);
  REQUIRE (g_file_get_contents (path, &contents, length, &error), "cannot read back: %s",
           error->message);
  return contents;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *path = fuzz_scratch_write (data, size);
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) game = verso_game_load (path, &error);
  if (!fuzz_game_read (game != NULL, error, NULL))
    return 0;
  check_transcript (game);

  g_autofree char *saved_path = g_strconcat (path, ".saved", NULL);
  gsize length, length_again;
  g_autofree char *saved = save (game, saved_path, &length);
  g_autoptr (VersoGame) again = verso_game_load (saved_path, &error);
  REQUIRE (again, "the saved game does not load: %s\n%s", error->message, saved);
  REQUIRE (verso_game_get_ply (again) == verso_game_get_ply (game)
           && verso_game_get_level (again) == verso_game_get_level (game)
           && verso_game_get_mode (again) == verso_game_get_mode (game)
           && verso_game_can_redo (again) == verso_game_can_redo (game), "another game loads");
  g_autofree char *saved_again = save (again, saved_path, &length_again);
  REQUIRE (length == length_again && memcmp (saved, saved_again, length) == 0,
           "saved twice, two files:\n%s\n%s", saved, saved_again);
  g_unlink (saved_path);
  return 0;
}
