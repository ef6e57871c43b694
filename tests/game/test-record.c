/* test-record.c: the game record: moves and positions from a start, navigation, branches,
 * forced passes, set-up starts, and the record as notation. */
#include <glib.h>
#include <string.h>

#include "verso-record.h"

static int square (const char *name)
{
  return board_square (name[0] - 'a', name[1] - '1');
}

static Position parse_board (const char *text)
{
  Position position;
  NotationStatus status = notation_parse_board (text, strlen (text), &position);

  g_assert_cmpint (status.error, ==, NOTATION_OK);
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
    g_assert_true (verso_record_play (record, square (transcript + i), NULL));
}

static void test_new_record_is_the_standard_start (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autofree char *transcript = verso_record_get_transcript (record, 0);

  g_assert_true (verso_record_starts_standard (record));
  g_assert_cmpuint (verso_record_get_length (record), ==, 0);
  g_assert_cmpuint (verso_record_get_current (record), ==, 0);
  g_assert_cmpint (verso_record_get_move (record, 0), ==, BOARD_NO_MOVE);
  g_assert_true (verso_record_is_resting (record, 0));
  g_assert_cmpstr (transcript, ==, "");
}

static void test_play_records_moves_and_flips (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autofree char *transcript = NULL;
  const Position *after;

  play_all (record, "f5d6c3");
  g_assert_cmpuint (verso_record_get_length (record), ==, 3);
  g_assert_cmpuint (verso_record_get_current (record), ==, 3);
  g_assert_cmpint (verso_record_get_move (record, 1), ==, square ("f5"));
  g_assert_cmpint (verso_record_get_move (record, 3), ==, square ("c3"));
  g_assert_cmphex (verso_record_get_flips (record, 1), ==, board_bit (square ("e5")));
  after = verso_record_get_position (record, 1);
  g_assert_cmpint (after->side_to_move, ==, POSITION_WHITE);
  g_assert_cmpint (board_count (position_black (after)), ==, 4);
  transcript = verso_record_get_transcript (record, 3);
  g_assert_cmpstr (transcript, ==, "f5d6c3");
  g_free (transcript);
  transcript = verso_record_get_transcript (record, 1);
  g_assert_cmpstr (transcript, ==, "f5");
}

static void test_illegal_move_changes_nothing (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  gboolean passed = TRUE;

  play_all (record, "f5");
  g_assert_false (verso_record_play (record, square ("a1"), &passed));
  g_assert_false (passed);
  g_assert_false (verso_record_play (record, square ("e5"), NULL)); /* occupied */
  g_assert_false (verso_record_play (record, -1, NULL));
  g_assert_false (verso_record_play (record, BOARD_PASS, NULL));
  g_assert_false (verso_record_play (record, 64, NULL));
  g_assert_cmpuint (verso_record_get_length (record), ==, 1);
  g_assert_cmpuint (verso_record_get_current (record), ==, 1);
}

static void test_play_same_move_keeps_line (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autofree char *transcript = NULL;

  play_all (record, "f5d6c3d3");
  verso_record_go_to (record, 1);
  g_assert_cmpuint (verso_record_get_current (record), ==, 1);
  g_assert_true (verso_record_play (record, square ("d6"), NULL));
  g_assert_cmpuint (verso_record_get_current (record), ==, 2);
  g_assert_cmpuint (verso_record_get_length (record), ==, 4);
  transcript = verso_record_get_transcript (record, verso_record_get_length (record));
  g_assert_cmpstr (transcript, ==, "f5d6c3d3");
}

static void test_other_move_replaces_line (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autofree char *transcript = NULL;

  play_all (record, "f5d6c3d3");
  verso_record_go_to (record, 1);
  g_assert_true (verso_record_play (record, square ("f4"), NULL));
  g_assert_cmpuint (verso_record_get_current (record), ==, 2);
  g_assert_cmpuint (verso_record_get_length (record), ==, 2);
  transcript = verso_record_get_transcript (record, 2);
  g_assert_cmpstr (transcript, ==, "f5f4");
  /* The position is the one the new move leads to, not the old line's. */
  g_assert_cmphex (verso_record_get_flips (record, 2), ==, board_bit (square ("e4")));
}

static void test_go_to_start_and_end (void)
{
  g_autoptr (VersoRecord) record = standard_record ();

  play_all (record, "f5d6c3");
  verso_record_go_to (record, 0);
  g_assert_cmpuint (verso_record_get_current (record), ==, 0);
  g_assert_cmpuint (verso_record_get_length (record), ==, 3);
  verso_record_go_to (record, 3);
  g_assert_cmpuint (verso_record_get_current (record), ==, 3);
}

static void test_forced_pass_recorded (void)
{
  Position start = parse_board (PASS_BOARD " X");
  g_autoptr (VersoRecord) record = verso_record_new (&start);
  g_autofree char *transcript = NULL;
  gboolean passed = FALSE;

  g_assert_cmpuint (verso_record_get_length (record), ==, 0);
  g_assert_true (verso_record_play (record, square ("c1"), &passed));
  g_assert_true (passed);
  g_assert_cmpuint (verso_record_get_length (record), ==, 2);
  g_assert_cmpuint (verso_record_get_current (record), ==, 2);
  g_assert_cmpint (verso_record_get_move (record, 2), ==, BOARD_PASS);
  g_assert_cmphex (verso_record_get_flips (record, 2), ==, 0);
  g_assert_false (verso_record_is_resting (record, 1));
  g_assert_cmpint (verso_record_get_position (record, 2)->side_to_move, ==, POSITION_BLACK);
  transcript = verso_record_get_transcript (record, 2);
  g_assert_cmpstr (transcript, ==, "c1PA");

  /* Playing the same move again keeps the pass and says so. */
  verso_record_go_to (record, 0);
  passed = FALSE;
  g_assert_true (verso_record_play (record, square ("c1"), &passed));
  g_assert_true (passed);
  g_assert_cmpuint (verso_record_get_current (record), ==, 2);
}

static void test_go_to_before_pass_shows_after (void)
{
  Position start = parse_board (PASS_BOARD " X");
  g_autoptr (VersoRecord) record = verso_record_new (&start);

  play_all (record, "c1f8");
  g_assert_cmpuint (verso_record_get_length (record), ==, 3);
  verso_record_go_to (record, 1);
  g_assert_cmpuint (verso_record_get_current (record), ==, 2);
  verso_record_go_to (record, 0);
  g_assert_cmpuint (verso_record_get_current (record), ==, 0);
}

static void test_setup_start_must_pass (void)
{
  Position start = parse_board (PASS_BOARD " O");
  g_autoptr (VersoRecord) record = verso_record_new (&start);
  g_autofree char *transcript = NULL;

  g_assert_false (verso_record_starts_standard (record));
  g_assert_cmpuint (verso_record_get_length (record), ==, 1);
  g_assert_cmpuint (verso_record_get_current (record), ==, 1);
  g_assert_cmpint (verso_record_get_move (record, 1), ==, BOARD_PASS);
  g_assert_cmpint (verso_record_get_position (record, 1)->side_to_move, ==, POSITION_BLACK);
  g_assert_cmpint (verso_record_get_start (record)->side_to_move, ==, POSITION_WHITE);
  verso_record_go_to (record, 0);
  g_assert_cmpuint (verso_record_get_current (record), ==, 1);
  transcript = verso_record_get_transcript (record, 1);
  g_assert_cmpstr (transcript, ==, "PA");
}

static void test_finished_start (void)
{
  Position start = parse_board ("XXXX----" "--------" "--------" "--------"
                                "--------" "--------" "--------" "-------- O");
  g_autoptr (VersoRecord) record = verso_record_new (&start);

  g_assert_cmpuint (verso_record_get_length (record), ==, 0);
  g_assert_true (verso_record_is_resting (record, 0));
  g_assert_true (board_is_game_over (&verso_record_get_position (record, 0)->board));
  for (int move = 0; move < BOARD_SQUARES; move++)
    g_assert_false (verso_record_play (record, move, NULL));
  g_assert_cmpuint (verso_record_get_length (record), ==, 0);
}

static void test_notation_round_trip (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autoptr (VersoRecord) again = NULL;
  NotationGame game;

  play_all (record, "f5d6c3d3c4f4");
  verso_record_go_to (record, 2);
  verso_record_to_notation (record, &game);
  g_assert_cmpuint (game.n_moves, ==, 6);
  g_assert_cmpstr (game.black, ==, "");
  again = verso_record_new_from_notation (&game);
  /* A parsed game is shown at its end. */
  g_assert_cmpuint (verso_record_get_current (again), ==, 6);
  g_assert_cmpuint (verso_record_get_length (again), ==, 6);
  for (guint ply = 0; ply <= 6; ply++) {
    g_assert_true (board_equal (&verso_record_get_position (again, ply)->board,
                                &verso_record_get_position (record, ply)->board));
    g_assert_cmpint (verso_record_get_move (again, ply), ==, verso_record_get_move (record, ply));
  }
}

static void test_notation_without_passes_gets_them (void)
{
  NotationGame game = { .start = parse_board (PASS_BOARD " X"), .n_moves = 2,
                        .moves = { square ("c1"), square ("f8") } };
  g_autoptr (VersoRecord) record = verso_record_new_from_notation (&game);
  g_autofree char *transcript = verso_record_get_transcript (record, verso_record_get_length (record));

  g_assert_cmpstr (transcript, ==, "c1PAf8");
  g_assert_false (verso_record_starts_standard (record));
}

static void test_copy_is_independent (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autoptr (VersoRecord) copy = NULL;

  play_all (record, "f5d6");
  copy = verso_record_copy (record);
  verso_record_go_to (record, 1);
  g_assert_true (verso_record_play (record, square ("f4"), NULL));
  g_assert_cmpuint (verso_record_get_current (copy), ==, 2);
  g_assert_cmpint (verso_record_get_move (copy, 2), ==, square ("d6"));
  g_assert_cmpint (verso_record_get_move (record, 2), ==, square ("f4"));
}

int main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/record/new-record-is-the-standard-start", test_new_record_is_the_standard_start);
  g_test_add_func ("/record/play-records-moves-and-flips", test_play_records_moves_and_flips);
  g_test_add_func ("/record/illegal-move-changes-nothing", test_illegal_move_changes_nothing);
  g_test_add_func ("/record/play-same-move-keeps-line", test_play_same_move_keeps_line);
  g_test_add_func ("/record/other-move-replaces-line", test_other_move_replaces_line);
  g_test_add_func ("/record/go-to-start-and-end", test_go_to_start_and_end);
  g_test_add_func ("/record/forced-pass-recorded", test_forced_pass_recorded);
  g_test_add_func ("/record/go-to-before-pass-shows-after", test_go_to_before_pass_shows_after);
  g_test_add_func ("/record/setup-start-must-pass", test_setup_start_must_pass);
  g_test_add_func ("/record/finished-start", test_finished_start);
  g_test_add_func ("/record/notation-round-trip", test_notation_round_trip);
  g_test_add_func ("/record/notation-without-passes-gets-them", test_notation_without_passes_gets_them);
  g_test_add_func ("/record/copy-is-independent", test_copy_is_independent);
  return g_test_run ();
}
