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

/* Plays transcript from ply: a variation where the record already goes on from there. */
static void play_from (VersoRecord *record, guint ply, const char *transcript)
{
  verso_record_go_to (record, ply);
  play_all (record, transcript);
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

/* The transcript of the whole current line. */
static char *line_of (const VersoRecord *record)
{
  return verso_record_get_transcript (record, verso_record_get_length (record));
}

static void check_line (const VersoRecord *record, const char *expected)
{
  g_autofree char *transcript = line_of (record);

  CHECK_CMP_STR (transcript, ==, expected);
}

static void check_main_line (const VersoRecord *record, const char *expected)
{
  NotationGame game;
  char transcript[2 * NOTATION_MAX_MOVES + 1];

  verso_record_to_notation (record, &game);
  notation_format_transcript (game.moves, game.n_moves, true, transcript, sizeof transcript);
  CHECK_CMP_STR (transcript, ==, expected);
}

static void test_other_move_starts_variation (void)
{
  g_autoptr (VersoRecord) record = standard_record ();

  play_all (record, "f5d6c3d3");
  CHECK (!verso_record_has_variations (record));
  verso_record_go_to (record, 1);
  CHECK (verso_record_play (record, square ("f4"), NULL));
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 2);
  CHECK_CMP_UINT (verso_record_get_length (record), ==, 2);
  check_line (record, "f5f4");
  /* The position is the one the new move leads to, not the old line's. */
  CHECK_CMP_HEX (verso_record_get_flips (record, 2), ==, board_bit (square ("e4")));
  /* The old line stays, as the main continuation of f5. */
  CHECK (verso_record_has_variations (record));
  CHECK (!verso_record_is_main_line (record));
  check_main_line (record, "f5d6c3d3");
  CHECK_CMP_UINT (verso_record_count_branches (record, 2), ==, 2);
  CHECK_CMP_UINT (verso_record_get_branch (record, 2), ==, 1);
  CHECK_CMP_INT (verso_record_get_branch_move (record, 2, 0), ==, square ("d6"));
  CHECK_CMP_INT (verso_record_get_branch_move (record, 2, 1), ==, square ("f4"));
  CHECK_CMP_UINT (verso_record_count_branches (record, 1), ==, 1);
}

static void test_play_recorded_variation_follows_it (void)
{
  g_autoptr (VersoRecord) record = standard_record ();

  play_all (record, "f5d6c3d3");
  play_from (record, 1, "f4e3");
  verso_record_go_to (record, 1);
  /* d6 is the main line again, to its end; f4 again is the variation with its e3. */
  CHECK (verso_record_play (record, square ("d6"), NULL));
  check_line (record, "f5d6c3d3");
  verso_record_go_to (record, 1);
  CHECK (verso_record_play (record, square ("f4"), NULL));
  check_line (record, "f5f4e3");
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 2);
  CHECK_CMP_UINT (verso_record_count_branches (record, 2), ==, 2);
}

static void test_enter_branch_shows_its_line (void)
{
  g_autoptr (VersoRecord) record = standard_record ();

  play_all (record, "f5d6c3d3c4");
  play_from (record, 2, "c5f6");
  play_from (record, 2, "c7");
  check_line (record, "f5d6c7");
  CHECK_CMP_UINT (verso_record_count_branches (record, 3), ==, 3);
  verso_record_enter_branch (record, 3, 1);
  check_line (record, "f5d6c5f6");
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 3);
  CHECK_CMP_UINT (verso_record_get_branch (record, 3), ==, 1);
  verso_record_enter_branch (record, 3, 0);
  check_line (record, "f5d6c3d3c4");
  CHECK (verso_record_is_main_line (record));
  CHECK_CMP_INT (verso_record_get_move (record, 5), ==, square ("c4"));
}

static void test_promote_makes_line_main (void)
{
  g_autoptr (VersoRecord) record = standard_record ();

  play_all (record, "f5d6c3d3c4");
  play_from (record, 2, "c5f6");
  play_from (record, 3, "f4");  /* a variation inside the variation c5 */
  check_line (record, "f5d6c5f4");
  verso_record_promote_line (record);
  CHECK (verso_record_is_main_line (record));
  check_main_line (record, "f5d6c5f4");
  /* The old main line is now the first variation at ply 3, f6 the first at ply 4. */
  CHECK_CMP_UINT (verso_record_get_branch (record, 3), ==, 0);
  CHECK_CMP_INT (verso_record_get_branch_move (record, 3, 1), ==, square ("c3"));
  CHECK_CMP_INT (verso_record_get_branch_move (record, 4, 1), ==, square ("f6"));
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 4);
  verso_record_enter_branch (record, 3, 1);
  check_line (record, "f5d6c3d3c4");
}

static void test_delete_branch_keeps_the_others (void)
{
  g_autoptr (VersoRecord) record = standard_record ();

  play_all (record, "f5d6c3d3c4");
  play_from (record, 2, "c5f6");
  play_from (record, 4, "e6");
  /* The only move from its position is not a variation: nothing to delete. */
  CHECK (!verso_record_delete_branch (record, 2));
  check_line (record, "f5d6c5f6e6");
  CHECK (verso_record_delete_branch (record, 3));
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 2);
  check_line (record, "f5d6c3d3c4");
  CHECK (!verso_record_has_variations (record));
  CHECK_CMP_UINT (verso_record_count_branches (record, 3), ==, 1);
  /* Deleting the main continuation leaves the variation as the main line. */
  play_from (record, 2, "c7f6");
  verso_record_enter_branch (record, 3, 0);
  CHECK (verso_record_delete_branch (record, 3));
  check_line (record, "f5d6c7f6");
  CHECK (verso_record_is_main_line (record));
  check_main_line (record, "f5d6c7f6");
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
  CHECK (!verso_record_has_variations (copy));
  /* A copy keeps the variations. */
  g_clear_pointer (&copy, verso_record_free);
  copy = verso_record_copy (record);
  CHECK (verso_record_has_variations (copy));
  verso_record_enter_branch (copy, 2, 0);
  check_line (copy, "f5d6");
  check_line (record, "f5f4");
}

static void count_position (const Position *position, gpointer user_data)
{
  g_ptr_array_add (user_data, (gpointer) position);
}

/* Following given moves: a line of the tree to its end is followed and its last position shown;
 * moves not recorded, or stopping before the line's end, change nothing. Every position of the
 * tree is visited once, whichever line is shown. */
/* Each disc's placing ply: the moves' plies up to the position asked for, passes counted, the
 * start's discs (and those flipped since) none, the squares of later moves none. */
static void test_placing_plies (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  Position start = parse_board (PASS_BOARD " X");
  g_autoptr (VersoRecord) passing = verso_record_new (&start);
  guint plies[BOARD_SQUARES];
  int placed = 0;

  play_all (record, "f5d6c3d3");
  verso_record_get_placing_plies (record, 4, plies);
  CHECK_CMP_UINT (plies[square ("f5")], ==, 1);
  CHECK_CMP_UINT (plies[square ("d6")], ==, 2);
  CHECK_CMP_UINT (plies[square ("c3")], ==, 3);
  CHECK_CMP_UINT (plies[square ("d3")], ==, 4);
  CHECK_CMP_UINT (plies[square ("e5")], ==, 0);  /* a start disc, flipped by f5 */
  CHECK_CMP_UINT (plies[square ("d4")], ==, 0);  /* flipped by c3 and d3: still a start disc */
  CHECK_CMP_UINT (plies[square ("a1")], ==, 0);
  verso_record_get_placing_plies (record, 2, plies);
  CHECK_CMP_UINT (plies[square ("d6")], ==, 2);
  CHECK_CMP_UINT (plies[square ("c3")], ==, 0);
  for (int i = 0; i < BOARD_SQUARES; i++)
    placed += plies[i] != 0;
  CHECK_CMP_INT (placed, ==, 2);

  play_all (passing, "c1f8");
  verso_record_get_placing_plies (passing, 3, plies);
  CHECK_CMP_UINT (plies[square ("c1")], ==, 1);
  CHECK_CMP_UINT (plies[square ("f8")], ==, 3);  /* after white's pass, ply 2 */
  CHECK_CMP_UINT (plies[square ("a1")], ==, 0);
  CHECK_CMP_UINT (plies[square ("b1")], ==, 0);
}

static void test_follow_moves_and_visit_positions (void)
{
  g_autoptr (VersoRecord) record = standard_record ();
  g_autoptr (GPtrArray) positions = g_ptr_array_new ();
  const int variation[] = { square ("f5"), square ("d6"), square ("c5"), square ("f6") };
  const int not_recorded[] = { square ("f5"), square ("f4") };

  play_all (record, "f5d6c3d3c4");
  play_from (record, 2, "c5f6");
  verso_record_enter_branch (record, 3, 0);
  verso_record_go_to (record, 1);
  CHECK (verso_record_follow_moves (record, variation, G_N_ELEMENTS (variation)));
  check_line (record, "f5d6c5f6");
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 4);
  CHECK_CMP_UINT (verso_record_get_branch (record, 3), ==, 1);
  CHECK (!verso_record_follow_moves (record, not_recorded, G_N_ELEMENTS (not_recorded)));
  CHECK (!verso_record_follow_moves (record, variation, 3));
  CHECK (!verso_record_follow_moves (record, variation, 0));
  check_line (record, "f5d6c5f6");
  CHECK_CMP_UINT (verso_record_get_current (record), ==, 4);
  /* The start, f5 d6 c3 d3 c4, then c5 f6. */
  verso_record_foreach_position (record, count_position, positions);
  CHECK_CMP_UINT (positions->len, ==, 8);
  CHECK (positions->pdata[0] == (gpointer) verso_record_get_start (record));
  for (guint ply = 0; ply <= 4; ply++)
    CHECK (g_ptr_array_find (positions, verso_record_get_position (record, ply), NULL), "ply %u", ply);
}

int main (int argc, char *argv[])
{
  check_glib_init ();

  check_run ("/record/new-record-is-the-standard-start", test_new_record_is_the_standard_start);
  check_run ("/record/play-records-moves-and-flips", test_play_records_moves_and_flips);
  check_run ("/record/illegal-move-changes-nothing", test_illegal_move_changes_nothing);
  check_run ("/record/play-same-move-keeps-line", test_play_same_move_keeps_line);
  check_run ("/record/other-move-starts-variation", test_other_move_starts_variation);
  check_run ("/record/play-recorded-variation-follows-it", test_play_recorded_variation_follows_it);
  check_run ("/record/enter-branch-shows-its-line", test_enter_branch_shows_its_line);
  check_run ("/record/promote-makes-line-main", test_promote_makes_line_main);
  check_run ("/record/delete-branch-keeps-the-others", test_delete_branch_keeps_the_others);
  check_run ("/record/go-to-start-and-end", test_go_to_start_and_end);
  check_run ("/record/forced-pass-recorded", test_forced_pass_recorded);
  check_run ("/record/go-to-before-pass-shows-after", test_go_to_before_pass_shows_after);
  check_run ("/record/setup-start-must-pass", test_setup_start_must_pass);
  check_run ("/record/finished-start", test_finished_start);
  check_run ("/record/notation-round-trip", test_notation_round_trip);
  check_run ("/record/notation-without-passes-gets-them", test_notation_without_passes_gets_them);
  check_run ("/record/copy-is-independent", test_copy_is_independent);
  check_run ("/record/follow-moves-and-visit-positions", test_follow_moves_and_visit_positions);
  check_run ("/record/placing-plies", test_placing_plies);
  return check_finish ();
}
