/* fuzz-sgf.c: SGF records of Othello with their variations (verso_sgf_read, verso-game-sgf.c).
 * Text that does not read fails as a bad file with a message in valid UTF-8; a record that reads
 * is shown at the end of its main line, and written back as SGF it reads again as the same tree:
 * written once more, the text is the same. GLib's warnings and criticals abort, so they are
 * findings too. */
#include <string.h>

#include "fuzz-glib.h"
#include "fuzz.h"
#include "verso-game-text.h"

static VersoGame *game_of (VersoRecord *record)
{
  VersoTextExtras extras = { .has_rules = FALSE, .rules = RULES_STANDARD, .given_moves = 0 };

  return verso_text_game (VERSO_PLAYER_COMPUTER, VERSO_PLAYER_COMPUTER, LEVEL_BEGINNER, record,
                          &extras, RULES_STANDARD);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL;
  VersoTextExtras extras = { 0 };
  VersoRecord *record = verso_sgf_read ((const char *) data, size, &notice, &extras, &error);

  if (!fuzz_game_read (record != NULL, error, notice))
    return 0;
  REQUIRE (verso_record_is_main_line (record), "not shown on its main line");
  REQUIRE (verso_record_get_current (record) == verso_record_get_length (record), "not shown at its end");

  g_autoptr (VersoGame) game = game_of (record);
  g_autofree char *sgf = verso_game_to_text (game, VERSO_FORMAT_SGF);
  g_autoptr (GError) again_error = NULL;
  VersoTextExtras extras_again = { 0 };
  VersoRecord *again = verso_sgf_read (sgf, strlen (sgf), NULL, &extras_again, &again_error);
  REQUIRE (again, "SGF written does not read: %s: %s", again_error->message, sgf);
  REQUIRE (verso_record_get_length (again) == verso_record_get_length (record),
           "%u moves, then %u: %s", verso_record_get_length (record), verso_record_get_length (again), sgf);

  g_autoptr (VersoGame) game_again = game_of (again);
  g_autofree char *sgf_again = verso_game_to_text (game_again, VERSO_FORMAT_SGF);
  REQUIRE (strcmp (sgf, sgf_again) == 0, "another tree: %s, then %s", sgf, sgf_again);
  return 0;
}
