/* test-record.c: the game record: moves and positions from a start, navigation, branches,
 * forced passes, set-up starts, and the record as notation. */
#include <glib.h>
#include <string.h>

#include "check-glib.h"
#include "verso-record.h"

static int square (const char *name)
{
  return board_square (name[0] - 'a', name[1] - '1');
}

static Position parse_board (const char *text)
{
  Position position;
  NotationStatus status = notation_parse_board (text, strlen (text), &position);

  CHECK_CMP_INT (status.error, ==, NOTATION_OK);
  return position;
}

/* Black a1 and h8, white b1 and g8. Black to move has c1 (after which white must pass) and f8;
 * white to move has no move and must pass. */
#define PASS_BOARD "XO------" "--------" "--------" "--------" \
                   "--------" "--------" "--------" "------OX"

static VersoRecord *standard_record (void)
{
  Position start;

  position_init (&start);
  return verso_record_new (&start);
}

static void play_all (VersoRecord *record, const char *transcript)
{
  for (size_t i = 0; transcript[i]; i += 2)
    CHECK (verso_record_play (record, square (transcript + i), NULL));
}

/* Going to ply shows current: ply itself, or the move after a pass that cannot rest there. */
static void check_go_to (VersoRecord *record, guint ply, guint current)
{
  verso_record_go_to (record, ply);
  CHECK_CMP_UINT (verso_record_get_current (record), ==, current);
}

static void test_new_record_is_the_standard_start (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autofree char *transcript = verso_record_get_transcript (record, 0);

  CHECK (verso_record_starts_standard (record));
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 0);
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 0);
  CHECK_CMP_INT (verso_record_get_move (record, 0), ==, BOARD_NO_MOVE);
  CHECK (verso_record_is_resting (record, 0));
  CHECK_CMP_STR (transcript, ==, "");
}

static void test_play_records_moves_and_flips (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autofree char *transcript = NULL;
  const Position *after;

  play_all (record, "f5d6c3");
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 3);
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 3);
  CHECK_CMP_INT (verso_record_get_move (record, 1), ==, square ("f5"));
  CHECK_CMP_INT (verso_record_get_move (record, 3), ==, square ("c3"));
  CHECK_CMP_HEX (verso_record_get_flips (record, 1), ==, board_bit (square ("e5")));
  after = verso_record_get_position (record, 1);
  CHECK_CMP_INT (after->side_to_move, ==, POSITION_WHITE);
  CHECK_CMP_INT (board_count (position_black (after)), ==, 4);
  transcript = verso_record_get_transcript (record, 3);
  CHECK_CMP_STR (transcript, ==, "f5d6c3");
  g_free (transcript);
  transcript = verso_record_get_transcript (record, 1);
  CHECK_CMP_STR (transcript, ==, "f5");
}

static void test_illegal_move_changes_nothing (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  gboolean passed = TRUE;

  play_all (record, "f5");
  CHECK (!verso_record_play (record, square ("a1"), &passed));
  CHECK (!passed);
  CHECK (!verso_record_play (record, square ("e5"), NULL)); /* occupied */
  CHECK (!verso_record_play (record, -1, NULL));
  CHECK (!verso_record_play (record, BOARD_PASS, NULL));
  CHECK (!verso_record_play (record, 64, NULL));
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 1);
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 1);
}

static void test_play_same_move_keeps_line (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autofree char *transcript = NULL;

  play_all (record, "f5d6c3d3");
  check_go_to (record, 1, 1);
  CHECK (verso_record_play (record, square ("d6"), NULL));
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 2);
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 4);
  transcript = verso_record_get_transcript (record, verso_record_get_length (record));
  CHECK_CMP_STR (transcript, ==, "f5d6c3d3");
}

static void test_other_move_replaces_line (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autofree char *transcript = NULL;

  play_all (record, "f5d6c3d3");
  verso_record_go_to (record, 1);
  CHECK (verso_record_play (record, square ("f4"), NULL));
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 2);
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 2);
  transcript = verso_record_get_transcript (record, 2);
  CHECK_CMP_STR (transcript, ==, "f5f4");
  /* The position is the one the new move leads to, not the old line's. */
  CHECK_CMP_HEX (verso_record_get_flips (record, 2), ==, board_bit (square ("e4")));
}

static void test_go_to_start_and_end (void)
{
  g_autoptr (VersoRecord) record = standard_record ();

  play_all (record, "f5d6c3");
  check_go_to (record, 0, 0);
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 3);
  check_go_to (record, 3, 3);
}

static void test_forced_pass_recorded (void)
{
  Position start = parse_board (PASS_BOARD " X");
  g_autoptr (VersoRecord) record = verso_record_new (&start);
  g_autofree char *transcript = NULL;
  gboolean passed = FALSE;

  CHECK_CMP_UINT (verso_record_get_length (record), ==, 0);
  CHECK (verso_record_play (record, square ("c1"), &passed));
  CHECK (passed);
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 2);
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 2);
  CHECK_CMP_INT (verso_record_get_move (record, 2), ==, BOARD_PASS);
  CHECK_CMP_HEX (verso_record_get_flips (record, 2), ==, 0);
  CHECK (!verso_record_is_resting (record, 1));
  CHECK_CMP_INT (verso_record_get_position (record, 2)->side_to_move, ==, POSITION_BLACK);
  transcript = verso_record_get_transcript (record, 2);
  CHECK_CMP_STR (transcript, ==, "c1PA");

  /* Playing the same move again keeps the pass and says so. */
  verso_record_go_to (record, 0);
  passed = FALSE;
  CHECK (verso_record_play (record, square ("c1"), &passed));
  CHECK (passed);
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 2);
}

static void test_go_to_before_pass_shows_after (void)
{
  Position start = parse_board (PASS_BOARD " X");
  g_autoptr (VersoRecord) record = verso_record_new (&start);

  play_all (record, "c1f8");
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 3);
  check_go_to (record, 1, 2);
  check_go_to (record, 0, 0);
}

static void test_setup_start_must_pass (void)
{
  Position start = parse_board (PASS_BOARD " O");
  g_autoptr (VersoRecord) record = verso_record_new (&start);
  g_autofree char *transcript = NULL;

  CHECK (!verso_record_starts_standard (record));
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 1);
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 1);
  CHECK_CMP_INT (verso_record_get_move (record, 1), ==, BOARD_PASS);
  CHECK_CMP_INT (verso_record_get_position (record, 1)->side_to_move, ==, POSITION_BLACK);
  CHECK_CMP_INT (verso_record_get_start (record)->side_to_move, ==, POSITION_WHITE);
  check_go_to (record, 0, 1);
  transcript = verso_record_get_transcript (record, 1);
  CHECK_CMP_STR (transcript, ==, "PA");
}

static void test_finished_start (void)
{
  Position start = parse_board ("XXXX----" "--------" "--------" "--------"
                                "--------" "--------" "--------" "-------- O");
  g_autoptr (VersoRecord) record = verso_record_new (&start);

  CHECK_CMP_UINT (verso_record_get_length (record), ==, 0);
  CHECK (verso_record_is_resting (record, 0));
  CHECK (board_is_game_over (&verso_record_get_position (record, 0)->board));
  for (int move = 0; move < BOARD_SQUARES; move++)
    CHECK (!verso_record_play (record, move, NULL));
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 0);
}

static void test_notation_round_trip (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autoptr (VersoRecord) again = NULL;
  NotationGame game;

  play_all (record, "f5d6c3d3c4f4");
  verso_record_go_to (record, 2);
  verso_record_to_notation (record, &game);
  CHECK_CMP_UINT (game.n_moves, ==, 6);
  CHECK_CMP_STR (game.black, ==, "");
  again = verso_record_new_from_notation (&game);
  /* A parsed game is shown at its end. */
  CHECK_CMP_UINT (verso_record_get_current (again), ==, 6);
  CHECK_CMP_UINT (verso_record_get_length (again), ==, 6);
  for (guint ply = 0; ply <= 6; ply++) {
    CHECK (board_equal (&verso_record_get_position (again, ply)->board,
                        &verso_record_get_position (record, ply)->board));
    CHECK_CMP_INT (verso_record_get_move (again, ply), ==, verso_record_get_move (record, ply));
  }
}

static void test_notation_without_passes_gets_them (void)
{
  NotationGame game = { .start = parse_board (PASS_BOARD " X"), .n_moves = 2,
                        .moves = { square ("c1"), square ("f8") } };
  g_autoptr (VersoRecord) record = verso_record_new_from_notation (&game);
  g_autofree char *transcript = verso_record_get_transcript (record, verso_record_get_length (record));

  CHECK_CMP_STR (transcript, ==, "c1PAf8");
  CHECK (!verso_record_starts_standard (record));
}

static void test_copy_is_independent (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autoptr (VersoRecord) copy = NULL;

  play_all (record, "f5d6");
  copy = verso_record_copy (record);
  verso_record_go_to (record, 1);
  CHECK (verso_record_play (record, square ("f4"), NULL));
  CHECK_CMP_UINT (verso_record_get_current (copy), ==, 2);
  CHECK_CMP_INT (verso_record_get_move (copy, 2), ==, square ("d6"));
  CHECK_CMP_INT (verso_record_get_move (record, 2), ==, square ("f4"));
}

int main (int argc, char *argv[])
{
  check_glib_init ();

  check_run ("/record/new-record-is-the-standard-start", test_new_record_is_the_standard_start);
  check_run ("/record/play-records-moves-and-flips", test_play_records_moves_and_flips);
  check_run ("/record/illegal-move-changes-nothing", test_illegal_move_changes_nothing);
  check_run ("/record/play-same-move-keeps-line", test_play_same_move_keeps_line);
  check_run ("/record/other-move-replaces-line", test_other_move_replaces_line);
  check_run ("/record/go-to-start-and-end", test_go_to_start_and_end);
  check_run ("/record/forced-pass-recorded", test_forced_pass_recorded);
  check_run ("/record/go-to-before-pass-shows-after", test_go_to_before_pass_shows_after);
  check_run ("/record/setup-start-must-pass", test_setup_start_must_pass);
  check_run ("/record/finished-start", test_finished_start);
  check_run ("/record/notation-round-trip", test_notation_round_trip);
  check_run ("/record/notation-without-passes-gets-them", test_notation_without_passes_gets_them);
  check_run ("/record/copy-is-independent", test_copy_is_independent);
  return check_finish ();
}
