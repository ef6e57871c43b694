/* fuzz-game-text.c: text pasted or opened as a game, read by verso_game_new_from_text (GGF, a
 * board string or a transcript). Text that is not a game fails as a bad file with a message in
 * valid UTF-8; a game written back as GGF, as a transcript and as a board string reads again as
 * the same record (or, from a board string, the same position). GLib's warnings and criticals
 * abort, so they are findings too. */
#include <string.h>

#include "fuzz-glib.h"
#include "fuzz.h"
#include "verso-game-files.h"
#include "verso-game.h"

static VersoGame *read_game (const char *text, size_t length, char **notice, GError **error)
{
  return verso_game_new_from_text (text, length, VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER,
                                   LEVEL_BEGINNER, notice, error);
}

static bool same_position (const Position *a, const Position *b)
{
  return a->side_to_move == b->side_to_move && board_equal (&a->board, &b->board);
}

static void check_same_record (VersoGame *game, VersoGame *again, const char *how, const char *text)
{
  const VersoRecord *record = verso_game_get_record (game);
  const VersoRecord *record_again = verso_game_get_record (again);
  guint length = verso_record_get_length (record);

  REQUIRE (verso_record_get_length (record_again) == length, "%s: %u moves, then %u: %s", how,
           length, verso_record_get_length (record_again), text);
  REQUIRE (same_position (verso_record_get_start (record), verso_record_get_start (record_again)),
           "%s: another start: %s", how, text);
  for (guint ply = 1; ply <= length; ply++)
    REQUIRE (verso_record_get_move (record, ply) == verso_record_get_move (record_again, ply),
             "%s: move %u differs: %s", how, ply, text);
}

/* Reads text written by the game; it must read. */
static VersoGame *read_written (const char *text, const char *how)
{
  g_autoptr (GError) error = NULL;
  VersoGame *again = read_game (text, strlen (text), NULL, &error);
  REQUIRE (again, "%s written does not read: %s: %s", how, error->message, text);
  return again;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL;
  g_autoptr (VersoGame) game = read_game ((const char *) data, size, &notice, &error);

  if (!fuzz_game_read (game != NULL, error, notice))
    return 0;
  REQUIRE (!verso_game_get_modified (game), "a game just read is modified");
  REQUIRE (verso_game_get_ply (game) == verso_game_get_length (game), "not shown at its end");

  g_autofree char *ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
  g_autoptr (VersoGame) from_ggf = read_written (ggf, "GGF");
  check_same_record (game, from_ggf, "GGF", ggf);

  g_autofree char *transcript = verso_game_to_text (game, VERSO_FORMAT_TRANSCRIPT);
  g_autoptr (VersoGame) from_transcript = read_written (transcript, "transcript");
  if (verso_record_starts_standard (verso_game_get_record (game)))
    check_same_record (game, from_transcript, "transcript", transcript);

  g_autofree char *board = verso_game_to_text (game, VERSO_FORMAT_BOARD);
  g_autoptr (VersoGame) from_board = read_written (board, "board");
  const VersoRecord *record = verso_game_get_record (game);
  const VersoRecord *board_record = verso_game_get_record (from_board);
  REQUIRE (same_position (verso_record_get_start (board_record),
                          verso_record_get_position (record, verso_record_get_current (record))),
           "the board string leads elsewhere: %s", board);
  return 0;
}
