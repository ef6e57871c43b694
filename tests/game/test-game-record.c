/* test-game-record.c: records of games between players on the game model: a GGF of other
 * players (or a whole game's transcript) opens as a record with its players' details, the
 * computer never moves in it, its result names the winner, Play From Here turns it into a game
 * in each mode keeping the moves after the position shown, and the saved session keeps it. */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "check-glib.h"
#include "game-test.h"
#include "notation.h"
#include "test-main-loop.h"
#include "verso-game-files.h"
#include "verso-game.h"

#define START_BO "BO[8 ---------------------------O*------*O--------------------------- *]"
/* A record of two people, four moves into the game. */
#define ALICE_AND_BOB "(;GM[Othello]PC[Paris Open]DT[2003.12.15_13:24:03.MET]PB[Alice Martin]" \
                      "PW[Bob Chen]BR[2105]WR[1987]RE[?]TY[8]" START_BO "B[f5]W[d6]B[c3]W[d3];)"

static VersoGame *game_from_text (const char *text, VersoPlayer black, VersoPlayer white)
{
  VersoGame *game = game_read (text, black, white, LEVEL_BEGINNER, NULL);

  verso_game_set_move_delay (game, 0);
  return game;
}

static gboolean thinking (gpointer game)
{
  return verso_game_get_thinking (game);
}

/* A whole game between two people, the same every run: its GGF, written by the engine's writer
 * with the players' details, and the count it ends with. */
static char *whole_game_ggf (const char *place, const char *black_name, int counts[2])
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (33);
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  NotationGame notation;
  char *text;
  gsize size;

  while (!verso_game_is_over (game)) {
    guint64 moves = verso_game_get_legal_moves (game);
    int pick = g_rand_int_range (rand, 0, __builtin_popcountll (moves));

    while (pick-- > 0)
      moves &= moves - 1;
    CHECK (verso_game_play (game, __builtin_ctzll (moves), NULL));
  }
  counts[VERSO_COLOR_BLACK] = verso_game_get_final_count (game, VERSO_COLOR_BLACK);
  counts[VERSO_COLOR_WHITE] = verso_game_get_final_count (game, VERSO_COLOR_WHITE);
  verso_record_to_notation (verso_game_get_record (game), &notation);
  g_strlcpy (notation.place, place, sizeof notation.place);
  g_strlcpy (notation.black, black_name, sizeof notation.black);
  size = notation_format_ggf (&notation, NULL, NULL, 0) + 1;
  text = g_malloc (size);
  notation_format_ggf (&notation, NULL, text, size);
  return text;
}

/* A record between two players, so that no computer is to move, with these details in
 * VersoDetail's order, NULL where it has none. */
static void check_record (VersoGame *game, const char *const details[VERSO_N_DETAILS])
{
  CHECK (verso_game_is_record (game));
  CHECK_CMP_INT (verso_game_get_mode (game), ==, VERSO_MODE_TWO_PLAYERS);
  for (int detail = 0; detail < VERSO_N_DETAILS; detail++)
    CHECK_CMP_STR (verso_game_get_detail (game, detail), ==, details[detail]);
}

static void test_ggf_of_players_opens_as_a_record (void)
{
  /* The window's mode was a game against the computer, which is to move: it must not. */
  g_autoptr (VersoGame) game = game_from_text (ALICE_AND_BOB, VERSO_PLAYER_COMPUTER, VERSO_PLAYER_HUMAN);
  g_autofree char *players = NULL;
  g_autofree char *event = NULL;
  g_autofree char *black = NULL;

  check_record (game, (const char *const[VERSO_N_DETAILS]) {
    "Alice Martin", "Bob Chen", "2105", "1987", "Paris Open", "2003.12.15_13:24:03.MET" });
  players = verso_game_describe_players (game);
  CHECK_CMP_STR (players, ==, "Alice Martin (2105) against Bob Chen (1987)");
  event = verso_game_describe_event (game);
  CHECK_CMP_STR (event, ==, "Paris Open · 2003.12.15");
  black = verso_game_describe_player (game, VERSO_COLOR_BLACK);
  CHECK_CMP_STR (black, ==, "Alice Martin");

  /* No computer move is asked for, at the end or after going back. */
  verso_game_start_computer (game);
  CHECK (!wait_for (thinking, game, 0.3));
  verso_game_go_to (game, 1);
  verso_game_start_computer (game);
  CHECK (!wait_for (thinking, game, 0.3));
  CHECK_CMP_INT (verso_game_get_length (game), ==, 4);
  CHECK (verso_game_is_human_turn (game));
}

static void test_verso_own_ggf_keeps_the_window_mode (void)
{
  const char *own = "(;GM[Othello]PC[Verso]PB[Someone]PW[Verso (Beginner)]TY[8]" START_BO "B[f5];)";
  g_autoptr (VersoGame) game = game_from_text (own, VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER);

  CHECK (!verso_game_is_record (game));
  CHECK_CMP_INT (verso_game_get_mode (game), ==, VERSO_MODE_VERSUS_COMPUTER);
  CHECK (verso_game_get_detail (game, VERSO_DETAIL_BLACK_NAME) == NULL);
}

static void test_result_names_the_winner (void)
{
  int counts[2];
  g_autofree char *named_ggf = whole_game_ggf ("GGS/os", "Alice Martin", counts);
  g_autofree char *unnamed_ggf = whole_game_ggf ("", "", counts);
  g_autoptr (VersoGame) named = game_from_text (named_ggf, VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER);
  g_autoptr (VersoGame) unnamed = NULL;
  g_autofree char *result = NULL;
  g_autofree char *expected = NULL;
  int winner = verso_game_get_winner (named);
  int won = counts[winner == VERSO_COLOR_WHITE], lost = counts[winner != VERSO_COLOR_WHITE];

  /* The seed gives a game with a winner; the pattern follows it. */
  REQUIRE (winner >= 0);
  REQUIRE (verso_game_is_record (named) && verso_game_is_over (named));
  result = verso_game_describe_result (named);
  expected = winner == VERSO_COLOR_BLACK ? g_strdup_printf ("Alice Martin wins %d–%d", won, lost)
                                         : g_strdup_printf ("White wins %d–%d", won, lost);
  CHECK_CMP_STR (result, ==, expected);
  CHECK_CMP_INT (won, >, lost);
  CHECK_CMP_INT (won + lost, ==, 64);

  /* A GGF of Verso's own writing (empty place: PC[Verso]) is not a record. */
  unnamed = game_from_text (unnamed_ggf, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);
  CHECK (!verso_game_is_record (unnamed));

  /* The whole game's transcript is a record too, of Black and White. */
  {
    g_autofree char *transcript = NULL;
    g_autoptr (VersoGame) pasted = NULL;
    g_autofree char *pasted_result = NULL;
    g_autofree char *unnamed_expected = NULL;

    transcript = verso_game_to_text (named, VERSO_FORMAT_TRANSCRIPT);
    pasted = game_from_text (transcript, VERSO_PLAYER_COMPUTER, VERSO_PLAYER_HUMAN);
    CHECK (verso_game_is_record (pasted));
    pasted_result = verso_game_describe_result (pasted);
    unnamed_expected = g_strdup_printf (winner == VERSO_COLOR_BLACK ? "Black wins %d–%d" : "White wins %d–%d",
                                        won, lost);
    CHECK_CMP_STR (pasted_result, ==, unnamed_expected);
  }
}

static void test_a_line_of_moves_is_not_a_record (void)
{
  g_autoptr (VersoGame) game = game_from_text ("f5d6c3", VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER);

  CHECK (!verso_game_is_record (game));
  CHECK_CMP_INT (verso_game_get_mode (game), ==, VERSO_MODE_VERSUS_COMPUTER);
}

static void test_play_from_here_in_each_mode (void)
{
  static const struct {
    VersoMode mode;
    VersoColor human;
    VersoPlayer black, white;
  } cases[] = {
    { VERSO_MODE_VERSUS_COMPUTER, VERSO_COLOR_BLACK, VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER },
    { VERSO_MODE_VERSUS_COMPUTER, VERSO_COLOR_WHITE, VERSO_PLAYER_COMPUTER, VERSO_PLAYER_HUMAN },
    { VERSO_MODE_TWO_PLAYERS, VERSO_COLOR_BLACK, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autoptr (VersoGame) game = game_from_text (ALICE_AND_BOB, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);
    g_autofree char *line = NULL;
    g_autofree char *kept = NULL;

    /* Two moves in, Black to move: f5 d6 shown, c3 d3 recorded after it. */
    verso_game_go_to (game, 2);
    line = verso_game_get_transcript (game);
    verso_game_play_from_here (game, cases[i].mode, cases[i].human, LEVEL_BEGINNER, NULL);
    CHECK (!verso_game_is_record (game));
    CHECK (verso_game_get_detail (game, VERSO_DETAIL_BLACK_NAME) == NULL);
    CHECK_CMP_INT (verso_game_get_mode (game), ==, cases[i].mode);
    CHECK_CMP_INT (verso_game_get_player (game, VERSO_COLOR_BLACK), ==, cases[i].black);
    CHECK_CMP_INT (verso_game_get_player (game, VERSO_COLOR_WHITE), ==, cases[i].white);
    CHECK_CMP_INT (verso_game_get_level (game), ==, LEVEL_BEGINNER);
    /* The moves recorded after the position shown are kept to redo. */
    CHECK_CMP_INT (verso_game_get_ply (game), ==, 2);
    CHECK_CMP_INT (verso_game_get_length (game), ==, 4);
    CHECK (verso_game_can_redo (game));
    kept = verso_game_get_transcript (game);
    CHECK_CMP_STR (kept, ==, line);
    /* The computer plays at once when it is its turn (Black is to move), and only then. */
    CHECK_CMP_INT (verso_game_get_thinking (game), ==, cases[i].black == VERSO_PLAYER_COMPUTER);
    verso_game_stop_computer (game);
  }
}

static void test_session_keeps_the_record (void)
{
  /* Names with what a key file escapes: a backslash, a leading space is trimmed, UTF-8 kept. */
  const char *text = "(;GM[Othello]PC[GGS/os]PB[Zoë \\\\ Lee]PW[Bob Chen]WR[1987]" START_BO "B[f5]W[d6];)";
  g_autofree char *path = check_temp_file ("game.ini");
  g_autoptr (VersoGame) game = game_from_text (text, VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER);
  g_autoptr (VersoGame) loaded = NULL;
  g_autoptr (GError) error = NULL;

  verso_game_go_to (game, 1);
  CHECK (verso_game_save (game, path, &error));
  CHECK_NO_ERROR (error);
  loaded = verso_game_load (path, &error);
  CHECK_NO_ERROR (error);
  REQUIRE (loaded != NULL);
  check_record (loaded, (const char *const[VERSO_N_DETAILS]) {
    "Zoë \\ Lee", "Bob Chen", NULL, "1987", "GGS/os", NULL });
  CHECK_CMP_INT (verso_game_get_ply (loaded), ==, 1);
  CHECK_CMP_INT (verso_game_get_length (loaded), ==, 2);

  /* Played from here at Match my level, the saved game is one against the computer again, at
   * that strength. */
  LevelMix mix = { LEVEL_CASUAL, LEVEL_INTERMEDIATE, 0.75 }, kept;
  verso_game_play_from_here (loaded, VERSO_MODE_VERSUS_COMPUTER, VERSO_COLOR_WHITE, LEVEL_BEGINNER, &mix);
  verso_game_stop_computer (loaded);
  CHECK (verso_game_get_level_mix (loaded, &kept));
  CHECK_CMP_INT (verso_game_get_level_for (loaded, VERSO_COLOR_BLACK), ==, LEVEL_INTERMEDIATE);
  CHECK (verso_game_save (loaded, path, &error));
  g_clear_object (&game);
  game = verso_game_load (path, &error);
  CHECK_NO_ERROR (error);
  REQUIRE (game != NULL);
  CHECK (!verso_game_is_record (game));
  CHECK_CMP_INT (verso_game_get_player (game, VERSO_COLOR_BLACK), ==, VERSO_PLAYER_COMPUTER);
  CHECK (verso_game_get_detail (game, VERSO_DETAIL_BLACK_NAME) == NULL);
  CHECK (verso_game_get_level_mix (game, &kept));
  CHECK_CMP_INT (kept.lower, ==, LEVEL_CASUAL);
  CHECK_CMP_INT (kept.upper, ==, LEVEL_INTERMEDIATE);
  CHECK_CMP_FLOAT (fabs (kept.weight - 0.75), <, 1e-6);
  check_temp_remove (path);
}

static void load_text (const char *path, const char *contents, VersoGame **game, GError **error)
{
  g_autoptr (GError) write_error = NULL;

  g_file_set_contents (path, contents, -1, &write_error);
  CHECK_NO_ERROR (write_error);
  *game = verso_game_load (path, error);
}

#define OLD_SESSION "[Verso Game]\nVersion=1\nBlack=human\nWhite=computer\nLevel=casual\nMoves=f5d6\nShown=2\n"

static void test_old_and_damaged_sessions (void)
{
  g_autofree char *path = check_temp_file ("game.ini");
  VersoGame *game = NULL;
  GError *error = NULL;

  /* A session written before records: a game played here. */
  load_text (path, OLD_SESSION, &game, &error);
  CHECK_NO_ERROR (error);
  REQUIRE (game != NULL);
  CHECK (!verso_game_is_record (game));
  CHECK_CMP_INT (verso_game_get_mode (game), ==, VERSO_MODE_VERSUS_COMPUTER);
  g_clear_object (&game);

  /* A record where the computer plays, a bad flag, a bad escape: refused, saying what. */
  load_text (path, OLD_SESSION "Record=true\n", &game, &error);
  CHECK (game == NULL);
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
  CHECK (error && strstr (error->message, "computer plays"));
  g_clear_error (&error);
  load_text (path, OLD_SESSION "Record=maybe\n", &game, &error);
  CHECK (game == NULL);
  CHECK (error && strstr (error->message, "Record"));
  g_clear_error (&error);
  load_text (path, "[Verso Game]\nVersion=1\nBlack=human\nWhite=human\nLevel=casual\nMoves=f5\nShown=1\n"
                   "Record=true\nBlackName=Ann\\x\\\n", &game, &error);
  CHECK (game == NULL);
  CHECK (error && strstr (error->message, "BlackName"));
  g_clear_error (&error);
  check_temp_remove (path);
}

static void test_saved_ggf_keeps_the_details (void)
{
  g_autoptr (VersoGame) game = game_from_text (ALICE_AND_BOB, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);
  g_autofree char *text = verso_game_to_text (game, VERSO_FORMAT_GGF);
  g_autoptr (VersoGame) again = NULL;
  const char *no_place = "(;GM[Othello]PB[Ann]PW[Bob]" START_BO "B[f5];)";
  g_autoptr (VersoGame) placeless = NULL;
  g_autofree char *placeless_text = NULL;
  g_autoptr (VersoGame) placeless_again = NULL;

  CHECK (strstr (text, "PC[Paris Open]DT[2003.12.15_13:24:03.MET]PB[Alice Martin]PW[Bob Chen]BR[2105]WR[1987]"));
  again = game_from_text (text, VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER);
  CHECK (verso_game_is_record (again));
  CHECK_CMP_STR (verso_game_get_detail (again, VERSO_DETAIL_DATE), ==, "2003.12.15_13:24:03.MET");

  /* A record without a place is saved with PC[?], and stays a record. */
  placeless = game_from_text (no_place, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);
  placeless_text = verso_game_to_text (placeless, VERSO_FORMAT_GGF);
  CHECK (strstr (placeless_text, "PC[?]") && !strstr (placeless_text, "DT["));
  placeless_again = game_from_text (placeless_text, VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER);
  CHECK (verso_game_is_record (placeless_again));
  CHECK (verso_game_get_detail (placeless_again, VERSO_DETAIL_PLACE) == NULL);
}

int main (int argc, char *argv[])
{
  check_glib_init ();

  check_run ("/record/ggf-of-players-opens-as-a-record", test_ggf_of_players_opens_as_a_record);
  check_run ("/record/verso-own-ggf-keeps-the-window-mode", test_verso_own_ggf_keeps_the_window_mode);
  check_run ("/record/result-names-the-winner", test_result_names_the_winner);
  check_run ("/record/a-line-of-moves-is-not-a-record", test_a_line_of_moves_is_not_a_record);
  check_run ("/record/play-from-here-in-each-mode", test_play_from_here_in_each_mode);
  check_run ("/record/session-keeps-the-record", test_session_keeps_the_record);
  check_run ("/record/old-and-damaged-sessions", test_old_and_damaged_sessions);
  check_run ("/record/saved-ggf-keeps-the-details", test_saved_ggf_keeps_the_details);
  return check_finish ();
}
