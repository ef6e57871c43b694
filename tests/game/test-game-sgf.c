/* test-game-sgf.c: variations on the game model (a different move from a past position keeps the
 * old line; entering, switching, promoting and deleting one) and SGF of Othello: written and read
 * back as the same tree, a real game read, set-up starts, malformed records named by line and
 * column, and GGF and transcripts writing the main line. */
#include <glib.h>
#include <string.h>

#include "check-glib.h"
#include "game-test.h"
#include "verso-game-files.h"
#include "verso-game-text.h"
#include "verso-game.h"

static VersoGame *two_players (void)
{
  return verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
}

static void check_line (VersoGame *game, const char *expected)
{
  g_autofree char *line = whole_transcript (game);
  CHECK_CMP_STR (line, ==, expected);
}

static void count_changes (VersoGame *game, guint *changes)
{
  (*changes)++;
}

static VersoGame *from_text (const char *text, char **notice)
{
  return game_read (text, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER, notice);
}

/* f5 d6 c3 d3 c4 with the variations c5 f4 (at move 3) and, inside it, f6 (at move 4). */
static VersoGame *game_with_variations (void)
{
  VersoGame *game = two_players ();

  play_transcript (game, "f5d6c3d3c4");
  verso_game_go_to (game, 2);
  play_transcript (game, "c5f4");
  verso_game_go_to (game, 3);
  play_transcript (game, "f6");
  return game;
}

static void test_other_move_keeps_old_line (void)
{
  g_autoptr (VersoGame) game = two_players ();
  guint changes = 0;

  play_transcript (game, "f5d6c3d3c4");
  verso_game_set_modified (game, FALSE);
  /* Three moves back, another move. */
  verso_game_go_to (game, 2);
  CHECK (!verso_game_has_variations (game));
  g_signal_connect (game, "changed", G_CALLBACK (count_changes), &changes);
  play_transcript (game, "c5");
  CHECK_CMP_UINT (changes, ==, 1);
  CHECK (verso_game_get_modified (game));
  CHECK (verso_game_has_variations (game));
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 3);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 3);
  CHECK_CMP_UINT (verso_game_count_variations (game, 3), ==, 2);
  CHECK_CMP_UINT (verso_game_get_variation (game, 3), ==, 1);
  CHECK_CMP_INT (verso_game_get_variation_move (game, 3, 0), ==, square ("c3"));
  CHECK_CMP_UINT (verso_game_get_variation_ply (game), ==, 3);
  /* The old line is there to enter, shown at its first move. */
  verso_game_enter_variation (game, 3, 0);
  CHECK_CMP_UINT (changes, ==, 2);
  check_line (game, "f5d6c3d3c4");
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 3);
  CHECK_CMP_UINT (verso_game_get_variation_ply (game), ==, 0);
  /* Deleting does nothing on the main line. */
  verso_game_delete_variation (game);
  CHECK (verso_game_has_variations (game));
}

static void test_switch_promote_delete (void)
{
  g_autoptr (VersoGame) game = game_with_variations ();
  guint changes = 0;

  check_line (game, "f5d6c5f6");
  g_signal_connect (game, "changed", G_CALLBACK (count_changes), &changes);
  /* Switching at the last branching up to the position shown: f6 and f4 at move 4. */
  CHECK (verso_game_switch_variation (game, 1));
  check_line (game, "f5d6c5f4");
  CHECK (verso_game_switch_variation (game, -1));
  check_line (game, "f5d6c5f6");
  verso_game_go_to (game, 3);
  CHECK (verso_game_switch_variation (game, 1));
  check_line (game, "f5d6c3d3c4");
  /* Back in c5, its main continuation f4. */
  CHECK (verso_game_switch_variation (game, -1));
  check_line (game, "f5d6c5f4");
  CHECK_CMP_UINT (changes, ==, 5);

  verso_game_set_modified (game, FALSE);
  verso_game_promote_variation (game);
  CHECK (verso_game_get_modified (game));
  CHECK_CMP_UINT (verso_game_get_variation_ply (game), ==, 0);
  CHECK_CMP_INT (verso_game_get_variation_move (game, 3, 1), ==, square ("c3"));
  CHECK_CMP_INT (verso_game_get_variation_move (game, 4, 1), ==, square ("f6"));

  /* The old main line, entered and deleted: the position it left from is shown. */
  verso_game_enter_variation (game, 3, 1);
  CHECK_CMP_UINT (verso_game_get_variation_ply (game), ==, 3);
  verso_game_delete_variation (game);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 2);
  CHECK_CMP_UINT (verso_game_count_variations (game, 3), ==, 1);
  check_line (game, "f5d6c5f4");
  CHECK (verso_game_has_variations (game));
  verso_game_go_to (game, 4);
  CHECK (verso_game_switch_variation (game, 1));
  CHECK (verso_game_delete_variation (game));
  CHECK (!verso_game_has_variations (game));
  CHECK (!verso_game_switch_variation (game, 1));
  /* Nothing to delete on the main line. */
  CHECK (!verso_game_delete_variation (game));
}


/* Every line of a game, main line first, each "moves" on its own line: the tree as text. */
static void append_lines (GString *out, VersoRecord *record, guint ply)
{
  for (; ply <= verso_record_get_length (record); ply++)
    if (verso_record_count_branches (record, ply) > 1) {
      for (guint index = 0; index < verso_record_count_branches (record, ply); index++) {
        verso_record_enter_branch (record, ply, index);
        append_lines (out, record, ply + 1);
      }
      return;
    }
  {
    g_autofree char *line = verso_record_get_transcript (record, verso_record_get_length (record));
    g_string_append_printf (out, "%s\n", line);
  }
}

static char *tree_of (VersoGame *game)
{
  g_autoptr (VersoRecord) record = verso_record_copy (verso_game_get_record (game));
  GString *out = g_string_new (NULL);

  verso_record_show_main_line (record);
  append_lines (out, record, 1);
  return g_string_free (out, FALSE);
}

/* A deleted variation comes back with its undo, the position shown with it, after moving through
 * the record; a change of the record since (a move) makes the undo impossible. */
static void test_delete_variation_undone (void)
{
  g_autoptr (VersoGame) game = game_with_variations ();
  g_autofree char *before = tree_of (game);
  g_autofree char *after = NULL;
  g_autofree char *restored = NULL;
  guint ply = verso_game_get_ply (game);

  CHECK (!verso_game_can_undo_delete_variation (game));
  CHECK (verso_game_delete_variation (game));
  after = tree_of (game);
  CHECK_CMP_STR (after, !=, before);
  verso_game_go_to (game, 0);
  verso_game_go_to (game, 1);
  CHECK (verso_game_can_undo_delete_variation (game));
  CHECK (verso_game_undo_delete_variation (game));
  restored = tree_of (game);
  CHECK_CMP_STR (restored, ==, before);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, ply);
  check_line (game, "f5d6c5f6");
  /* Once undone, there is nothing more to undo. */
  CHECK (!verso_game_undo_delete_variation (game));

  CHECK (verso_game_delete_variation (game));
  play_transcript (game, "f6");
  CHECK (!verso_game_can_undo_delete_variation (game));
  CHECK (!verso_game_undo_delete_variation (game));
}

static void test_sgf_round_trip (void)
{
  g_autoptr (VersoGame) game = game_with_variations ();
  g_autoptr (VersoGame) again = NULL;
  g_autofree char *text = verso_game_to_text (game, VERSO_FORMAT_SGF);
  g_autofree char *text_again = NULL;
  g_autofree char *tree = tree_of (game);
  g_autofree char *tree_again = NULL;

  CHECK (g_str_has_prefix (text, "(;GM[2]FF[4]"));
  CHECK (strstr (text, "SZ[8]") != NULL);
  CHECK (strstr (text, ";B[f5];W[d6](;B[c3];W[d3];B[c4])(;B[c5](;W[f4])(;W[f6])))") != NULL);
  again = from_text (text, NULL);
  tree_again = tree_of (again);
  CHECK_CMP_STR (tree, ==, "f5d6c3d3c4\nf5d6c5f4\nf5d6c5f6\n");
  CHECK_CMP_STR (tree_again, ==, tree);
  /* Read back, the game shows the end of its main line, unmodified. */
  check_line (again, "f5d6c3d3c4");
  CHECK_CMP_UINT (verso_game_get_ply (again), ==, 5);
  CHECK (!verso_game_get_modified (again));
  text_again = verso_game_to_text (again, VERSO_FORMAT_SGF);
  CHECK_CMP_STR (text_again, ==, text);
}

static void test_sgf_reads_real_game (void)
{
  g_autofree char *text = check_data_contents ("wthor-2020-game-1.sgf", NULL);
  g_autofree char *tree = NULL;
  g_autofree char *written = NULL;
  g_autoptr (VersoGame) game = NULL;
  g_autoptr (VersoGame) again = NULL;

  game = from_text (text, NULL);
  /* 60 moves and the 8 passes the file writes, which the record plays where they are forced. */
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 68);
  CHECK (verso_game_is_over (game));
  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_BLACK), ==, 7);
  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_WHITE), ==, 57);
  CHECK_CMP_UINT (verso_game_count_variations (game, 3), ==, 2);
  CHECK_CMP_INT (verso_game_get_variation_move (game, 3, 1), ==, square ("c5"));
  written = verso_game_to_text (game, VERSO_FORMAT_SGF);
  CHECK (strstr (written, "RE[W+50]") != NULL);
  again = from_text (written, NULL);
  tree = tree_of (game);
  {
    g_autofree char *tree_again = tree_of (again);
    CHECK_CMP_STR (tree_again, ==, tree);
  }
}

/* An SGF from elsewhere is a record of its players, with their details, and saved again it stays
 * one (PC[?] where it had no place); one Verso wrote of a game played here (PC[Verso]) is not. */
static void test_sgf_records_and_details (void)
{
  static const char text[] = "(;GM[2]SZ[8]PB[Alice Martin]PW[Bob Chen]BR[2105]DT[2020-05-16];B[f5];W[d6])";
  g_autoptr (VersoGame) record = from_text (text, NULL);
  g_autoptr (VersoGame) again = NULL;
  g_autoptr (VersoGame) own = two_players ();
  g_autoptr (VersoGame) own_again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *own_text = NULL;

  CHECK (verso_game_is_record (record));
  CHECK_CMP_STR (verso_game_get_detail (record, VERSO_DETAIL_BLACK_NAME), ==, "Alice Martin");
  CHECK_CMP_STR (verso_game_get_detail (record, VERSO_DETAIL_WHITE_NAME), ==, "Bob Chen");
  CHECK_CMP_STR (verso_game_get_detail (record, VERSO_DETAIL_BLACK_RATING), ==, "2105");
  CHECK_CMP_STR (verso_game_get_detail (record, VERSO_DETAIL_DATE), ==, "2020-05-16");
  written = verso_game_to_text (record, VERSO_FORMAT_SGF);
  CHECK (strstr (written, "PB[Alice Martin]PW[Bob Chen]BR[2105]PC[?]DT[2020-05-16]") != NULL);
  again = from_text (written, NULL);
  CHECK (verso_game_is_record (again));
  CHECK_CMP_STR (verso_game_get_detail (again, VERSO_DETAIL_WHITE_NAME), ==, "Bob Chen");

  play_transcript (own, "f5d6");
  own_text = verso_game_to_text (own, VERSO_FORMAT_SGF);
  CHECK (strstr (own_text, "PC[Verso]") != NULL);
  own_again = from_text (own_text, NULL);
  CHECK (!verso_game_is_record (own_again));
}

/* A result the moves do not give (a resignation, a loss on time) goes from GGF to SGF and back in
 * each one's words, and stays with the saved session; one the moves give is their count. */
static void test_result_kept_between_formats (void)
{
  static const char ggf[] = "(;GM[Othello]PC[GGS/os]PB[Alice]PW[Bob]RE[-64.000:r]TY[8]"
                            "BO[8 ---------------------------O*------*O--------------------------- *]"
                            "B[f5]W[d6];)";
  static const struct {
    const char *ggf, *sgf;
  } words[] = {
    { "+12.000", "B+12" }, { "-4", "W+4" }, { "0.000", "0" }, { "+64:r", "B+R" },
    { "-64.000:t", "W+T" }, { "+12.5", "B+12.5" }, { "?", "?" }, { "", "" },
  };
  g_autoptr (VersoGame) record = from_text (ggf, NULL);
  g_autoptr (VersoGame) from_sgf = NULL;
  g_autoptr (VersoGame) from_ggf = NULL;
  g_autofree char *sgf = NULL;
  g_autofree char *ggf_again = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (words); i++) {
    char sgf_words[NOTATION_NAME_SIZE], ggf_words[NOTATION_NAME_SIZE];

    verso_text_result_from_ggf (words[i].ggf, sgf_words);
    CHECK_CMP_STR (sgf_words, ==, words[i].sgf);
    verso_text_result_to_ggf (sgf_words, ggf_words);
    verso_text_result_from_ggf (ggf_words, sgf_words);
    CHECK_CMP_STR (sgf_words, ==, words[i].sgf);
  }

  CHECK_CMP_STR (verso_game_get_detail (record, VERSO_DETAIL_RESULT), ==, "W+R");
  sgf = verso_game_to_text (record, VERSO_FORMAT_SGF);
  CHECK (strstr (sgf, "RE[W+R]") != NULL);
  from_sgf = from_text (sgf, NULL);
  CHECK_CMP_STR (verso_game_get_detail (from_sgf, VERSO_DETAIL_RESULT), ==, "W+R");
  ggf_again = verso_game_to_text (from_sgf, VERSO_FORMAT_GGF);
  CHECK (strstr (ggf_again, "RE[-64:r]") != NULL);
  from_ggf = from_text (ggf_again, NULL);
  CHECK_CMP_STR (verso_game_get_detail (from_ggf, VERSO_DETAIL_RESULT), ==, "W+R");

  /* Played on to the end, the moves' count is the result. */
  {
    g_autoptr (VersoGame) ended = from_text ("(;GM[2]SZ[8]RE[W+R];B[d3];W[c3];B[b3];W[d2];B[e1];W[d6];"
                                             "B[d7];W[e3];B[f4])", NULL);
    g_autofree char *ended_sgf = verso_game_to_text (ended, VERSO_FORMAT_SGF);

    CHECK (verso_game_is_over (ended));
    CHECK (strstr (ended_sgf, "RE[W+R]") == NULL);
    CHECK (strstr (ended_sgf, "RE[B+") != NULL);
  }
}

static void test_sgf_notations_read (void)
{
  static const struct {
    const char *text;
    const char *line;
  } cases[] = {
    /* Two letters as Go writes squares, and upper case. */
    { "(;GM[2]SZ[8];B[fe];W[DF])", "f5d6" },
    { "(;FF[4]\n  GM[2]\n;B[f5]C[a comment \\] with a bracket];W[d6])", "f5d6" },
    /* Unknown properties, several values, and lower-case letters in old names. */
    { "(;FF[3]GaMe[2]TR[a1][b2];B[f5]LB[d6:x];W[d6])", "f5d6" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autoptr (VersoGame) game = from_text (cases[i].text, NULL);
    check_line (game, cases[i].line);
  }
}

static void test_sgf_collection_notice (void)
{
  g_autofree char *notice = NULL;
  g_autoptr (VersoGame) game = from_text ("(;GM[2];B[f5])\n(;GM[2];B[d3])(;GM[2](;B[c4]))\n", &notice);

  check_line (game, "f5");
  CHECK_CMP_STR (notice, ==, "The file holds 3 games; the first one is shown.");
}

static void test_sgf_setup_start (void)
{
  /* Black a1 and h8, white b1 and g8, white to move: white must pass at once. */
  static const char *const board = "XO------" "--------" "--------" "--------"
                                   "--------" "--------" "--------" "------OX" " O";
  Position start;
  g_autoptr (VersoGame) game = NULL;
  g_autoptr (VersoGame) again = NULL;
  g_autoptr (VersoGame) read = NULL;
  g_autofree char *text = NULL;

  CHECK_CMP_INT (notation_parse_board (board, strlen (board), &start).error, ==, NOTATION_OK);
  game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER, &start);
  text = verso_game_to_text (game, VERSO_FORMAT_SGF);
  CHECK (strstr (text, "AB[a1][h8]AW[b1][g8]PL[W];W[])") != NULL);
  again = from_text (text, NULL);
  CHECK (board_equal (&verso_record_get_start (verso_game_get_record (again))->board, &start.board));
  CHECK_CMP_INT (verso_record_get_start (verso_game_get_record (again))->side_to_move, ==, POSITION_WHITE);
  CHECK_CMP_UINT (verso_game_get_length (again), ==, 1);
  /* PL alone keeps the standard discs. */
  read = from_text ("(;GM[2]PL[B];B[f5])", NULL);
  check_line (read, "f5");
}

static void test_sgf_malformed_messages (void)
{
  static const struct {
    const char *text;
    const char *message;
  } cases[] = {
    { "(;GM[2];B[f5];W[a1])", "line 1, column 15: move 2 (a1) is not legal" },
    { "(;GM[2];B[f5]\n;W[z9])", "line 2, column 2: move 2: “z9” is not a square" },
    { "(;GM[2];B[f5];B[d6])", "line 1, column 15: move 2 (d6) is played by the side not to move" },
    { "(;GM[2];B[f5];W[])", "line 1, column 15: move 2 is a pass that was not forced" },
    { "(;GM[2];B[f5]", "the record is not closed" },
    { "(;GM[2];B[f5", "the record is not closed" },
    { "(;GM[2]SZ[19];B[dd])", "line 1, column 8: the board (SZ[19]) is not 8×8" },
    { "(;FF[4]GM[1];B[dd])", "line 1, column 8: the record is not a game of Othello (GM[1])" },
    { "(;GM[2];B[f5]%)", "line 1, column 14: expected a property such as B[f5]" },
    { "(;GM[2] x)", "line 1, column 9: expected a property such as B[f5]" },
    { "(GM[2];B[f5])", "line 1, column 2: expected a node (;)" },
    { "(;GM[2];B[f5])x", "line 1, column 15: unexpected text after the record" },
    { "(;GM[2];B[f5];W[d6]AB[a1])", "line 1, column 20: the set-up (AB, AW, AE, PL) comes after the first move" },
    { "(;GM[2]AB[z1])", "line 1, column 8: “z1” is not a square" },
    { "(;GM[2]PL[X])", "line 1, column 8: the side to move (PL) is not B or W" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *message = game_read_refused (cases[i].text);
    CHECK (strcmp (message, cases[i].message) == 0, "“%s”: “%s” is not “%s”", cases[i].text,
           message, cases[i].message);
  }
}

static void test_sgf_nested_too_deep (void)
{
  g_autoptr (GString) text = g_string_new ("(;GM[2]");
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) game = NULL;

  for (int i = 0; i < 10000; i++)
    g_string_append (text, "(;");
  game = verso_game_new_from_text (text->str, text->len, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                   LEVEL_BEGINNER, NULL, &error);
  CHECK (game == NULL);
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
  CHECK (strstr (error->message, "nested too deeply") != NULL);
}

static void test_other_formats_write_main_line (void)
{
  g_autoptr (VersoGame) game = game_with_variations ();
  g_autofree char *transcript = verso_game_to_text (game, VERSO_FORMAT_TRANSCRIPT);
  g_autofree char *ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
  g_autoptr (VersoGame) from_ggf = NULL;

  check_line (game, "f5d6c5f6");
  CHECK_CMP_STR (transcript, ==, "f5d6c3d3c4");
  from_ggf = from_text (ggf, NULL);
  check_line (from_ggf, "f5d6c3d3c4");
  CHECK (!verso_game_has_variations (from_ggf));
  CHECK_CMP_INT (verso_format_for_name ("game.SGF"), ==, VERSO_FORMAT_SGF);
  CHECK_CMP_INT (verso_format_for_name ("game.ggf"), ==, VERSO_FORMAT_GGF);
}

int main (int argc, char *argv[])
{
  check_glib_init ();

  check_run ("/game-sgf/other-move-keeps-old-line", test_other_move_keeps_old_line);
  check_run ("/game-sgf/switch-promote-delete", test_switch_promote_delete);
  check_run ("/game-sgf/delete-variation-undone", test_delete_variation_undone);
  check_run ("/game-sgf/round-trip", test_sgf_round_trip);
  check_run ("/game-sgf/reads-real-game", test_sgf_reads_real_game);
  check_run ("/game-sgf/records-and-details", test_sgf_records_and_details);
  check_run ("/game-sgf/result-kept-between-formats", test_result_kept_between_formats);
  check_run ("/game-sgf/notations-read", test_sgf_notations_read);
  check_run ("/game-sgf/collection-notice", test_sgf_collection_notice);
  check_run ("/game-sgf/setup-start", test_sgf_setup_start);
  check_run ("/game-sgf/malformed-messages", test_sgf_malformed_messages);
  check_run ("/game-sgf/nested-too-deep", test_sgf_nested_too_deep);
  check_run ("/game-sgf/other-formats-write-main-line", test_other_formats_write_main_line);
  return check_finish ();
}
