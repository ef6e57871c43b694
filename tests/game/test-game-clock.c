/* test-game-clock.c: the game's clock on injected time: both sides' time across moves with the
 * increment and each move's time, pause, undo in rated and unrated games, the loss on time and
 * its result, GGF written and read back with its times (and GGS's own form), and the saved
 * session keeping the clock with the time that was left; the computer moving on its clock; times
 * as the clocks and the move list write them and a screen reader says them. */
#include <math.h>

#include "game-test.h"
#include "test-main-loop.h"

static double test_now;

static double injected_time (gpointer user_data)
{
  return *(double *) user_data;
}

static gboolean near (double a, double b)
{
  return fabs (a - b) < 1e-6;
}

/* Two people at 1+2, the clock on the test's time, at 1000 s. */
static VersoGame *clocked_game (gboolean rated)
{
  VersoGame *game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  TimeControl control = { .main_seconds = 60, .increment = 2 };

  test_now = 1000;
  verso_game_set_time_source (game, injected_time, &test_now);
  verso_game_set_time_control (game, &control, rated);
  return game;
}

static void play_after (VersoGame *game, double seconds, const char *move)
{
  test_now += seconds;
  play_transcript (game, move);
}

static void test_clock_counts_moves (void)
{
  g_autoptr (VersoGame) game = clocked_game (TRUE);
  TimeControl control;
  gboolean rated = FALSE;

  CHECK (verso_game_get_time_control (game, &control, &rated) && rated
         && near (control.main_seconds, 60) && near (control.increment, 2));
  CHECK (verso_game_get_clock_running (game, VERSO_COLOR_BLACK)
         && !verso_game_get_clock_running (game, VERSO_COLOR_WHITE));
  test_now += 4;
  CHECK (near (verso_game_get_time_left (game, VERSO_COLOR_BLACK), 56));
  play_after (game, 1, "f5");
  CHECK (near (verso_game_get_time_left (game, VERSO_COLOR_BLACK), 57), "black has %g s",
         verso_game_get_time_left (game, VERSO_COLOR_BLACK));
  CHECK (near (verso_game_get_move_seconds (game, 1), 5));
  CHECK (verso_game_get_clock_running (game, VERSO_COLOR_WHITE)
         && !verso_game_get_clock_running (game, VERSO_COLOR_BLACK));
  play_after (game, 3, "d6");
  CHECK (near (verso_game_get_time_left (game, VERSO_COLOR_WHITE), 59));
  CHECK (near (verso_game_get_move_seconds (game, 2), 3));
  CHECK (verso_game_get_move_seconds (game, 3) == -1 && verso_game_get_move_seconds (game, 0) == -1);
  CHECK (!verso_game_check_time (game) && !verso_game_lost_on_time (game, NULL));

  /* A clock set after some moves: those have no time. */
  {
    g_autoptr (VersoGame) later = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
    TimeControl blitz = { .main_seconds = 30, .increment = 0 };

    verso_game_set_time_source (later, injected_time, &test_now);
    play_transcript (later, "f5d6c3");
    verso_game_set_time_control (later, &blitz, FALSE);
    play_after (later, 2, "d3");
    CHECK (verso_game_get_move_seconds (later, 1) == -1 && verso_game_get_move_seconds (later, 3) == -1);
    CHECK (near (verso_game_get_move_seconds (later, 4), 2));
    CHECK (near (verso_game_get_time_left (later, VERSO_COLOR_WHITE), 28));
  }

  /* No time control: no clock at all. */
  g_autoptr (VersoGame) plain = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  CHECK (!verso_game_get_time_control (plain, NULL, NULL));
  CHECK (verso_game_get_time_left (plain, VERSO_COLOR_BLACK) == -1);
  CHECK (!verso_game_get_clock_running (plain, VERSO_COLOR_BLACK) && !verso_game_check_time (plain));
}

static void test_pause_stops_both_clocks (void)
{
  g_autoptr (VersoGame) game = clocked_game (TRUE);

  play_after (game, 10, "f5");
  verso_game_pause (game);
  CHECK (!verso_game_get_clock_running (game, VERSO_COLOR_BLACK)
         && !verso_game_get_clock_running (game, VERSO_COLOR_WHITE));
  test_now += 500;
  CHECK (near (verso_game_get_time_left (game, VERSO_COLOR_WHITE), 60)
         && near (verso_game_get_time_left (game, VERSO_COLOR_BLACK), 52));
  CHECK (!verso_game_check_time (game));
  verso_game_resume (game);
  CHECK (verso_game_get_clock_running (game, VERSO_COLOR_WHITE));
  play_after (game, 7, "d6");
  CHECK (near (verso_game_get_time_left (game, VERSO_COLOR_WHITE), 55));
  CHECK (near (verso_game_get_move_seconds (game, 2), 7));
}

static void test_undo_gives_time_back_only_unrated (void)
{
  for (int rated = 0; rated < 2; rated++) {
    g_autoptr (VersoGame) game = clocked_game (rated);

    play_after (game, 5, "f5");
    play_after (game, 3, "d6");
    verso_game_undo (game);
    CHECK_CMP_UINT (verso_game_get_ply (game), ==, 1);
    CHECK (verso_game_get_clock_running (game, VERSO_COLOR_WHITE));
    /* White's 3 s come back less the 2 s increment it earned, in an unrated game only. */
    CHECK (near (verso_game_get_time_left (game, VERSO_COLOR_WHITE), rated ? 59 : 60),
           "%s: white has %g s", rated ? "rated" : "unrated",
           verso_game_get_time_left (game, VERSO_COLOR_WHITE));
    CHECK (near (verso_game_get_time_left (game, VERSO_COLOR_BLACK), 57));
    /* Another move there: its own time replaces the one taken back, and the line's later ones
     * are gone. */
    play_after (game, 4, "f6");
    CHECK (near (verso_game_get_move_seconds (game, 2), 4));
    CHECK (verso_game_get_move_seconds (game, 3) == -1);
  }
}

static guint game_overs;

static void count_game_over (VersoGame *game, gpointer user_data)
{
  (void) game;
  (void) user_data;
  game_overs++;
}

static void test_loss_on_time (void)
{
  g_autoptr (VersoGame) game = clocked_game (TRUE);
  g_autoptr (GError) error = NULL;
  g_autofree char *result = NULL;
  g_autofree char *ggf = NULL;
  VersoColor loser = VERSO_COLOR_BLACK;

  g_signal_connect (game, "game-over", G_CALLBACK (count_game_over), NULL);
  game_overs = 0;
  play_after (game, 1, "f5");
  test_now += 61.5;
  CHECK (verso_game_get_time_left (game, VERSO_COLOR_WHITE) == 0);
  CHECK (verso_game_check_time (game));
  CHECK (verso_game_lost_on_time (game, &loser) && loser == VERSO_COLOR_WHITE);
  CHECK_CMP_UINT (game_overs, ==, 1);
  CHECK (verso_game_is_over (game) && verso_game_get_winner (game) == VERSO_COLOR_BLACK);
  CHECK (!verso_game_get_clock_running (game, VERSO_COLOR_WHITE)
         && !verso_game_get_clock_running (game, VERSO_COLOR_BLACK));
  result = verso_game_describe_result (game);
  CHECK (g_strcmp0 (result, "Black wins on time") == 0, "result: %s", result);
  CHECK (!verso_game_play (game, square ("d6"), &error));
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_GAME_OVER);
  CHECK (verso_game_check_time (game));
  CHECK_CMP_UINT (game_overs, ==, 1);
  /* The positions before can be looked at, and no move is accepted there either. */
  verso_game_go_to (game, 0);
  CHECK (!verso_game_is_over (game));
  CHECK_CMP_UINT (game_overs, ==, 1);
  g_clear_error (&error);
  CHECK (!verso_game_play (game, square ("f5"), &error));
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_GAME_OVER);
  CHECK (!verso_game_get_clock_running (game, VERSO_COLOR_BLACK));
  verso_game_go_to (game, 1);
  CHECK (verso_game_is_over (game));

  /* The record says so (GGS's RE[+64:t]), and reads back as a loss on time. */
  ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
  CHECK (strstr (ggf, "RE[+64:t]") != NULL, "%s", ggf);
  {
    g_autoptr (VersoGame) again = game_read (ggf, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                             LEVEL_BEGINNER, NULL);
    CHECK (verso_game_lost_on_time (again, &loser) && loser == VERSO_COLOR_WHITE);
    CHECK (verso_game_is_over (again) && !verso_game_get_clock_running (again, VERSO_COLOR_WHITE));
  }

  /* A move that comes after the flag fell, before anyone asked: too late, refused, and the game
   * is lost on time. */
  g_autoptr (VersoGame) slow = clocked_game (TRUE);
  g_clear_error (&error);
  test_now += 75;
  CHECK (!verso_game_play (slow, square ("f5"), &error));
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_GAME_OVER);
  CHECK (verso_game_lost_on_time (slow, &loser) && loser == VERSO_COLOR_BLACK);
  CHECK (verso_game_get_time_left (slow, VERSO_COLOR_BLACK) == 0);
  CHECK_CMP_UINT (verso_game_get_length (slow), ==, 0);
}

static void test_ggf_keeps_the_times (void)
{
  g_autoptr (VersoGame) game = clocked_game (FALSE);
  g_autoptr (VersoGame) again = NULL;
  g_autofree char *ggf = NULL;
  TimeControl control;

  play_after (game, 1.25, "f5");
  play_after (game, 2.5, "d6");
  play_after (game, 0.75, "c3");
  ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
  /* Each move's seconds after its evaluation (here the book's value, known at once). */
  CHECK (strstr (ggf, "TI[01:00/2]") && g_regex_match_simple ("B\\[f5/[-0-9.]*/1.25\\]W\\[d6/[-0-9.]*/2.50\\]"
                                                              "B\\[c3/[-0-9.]*/0.75\\]", ggf, 0, 0), "%s", ggf);
  again = game_read (ggf, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER, NULL);
  verso_game_set_time_source (again, injected_time, &test_now);
  /* Verso's own game goes on: the clock of the side to move runs. */
  CHECK (!verso_game_is_record (again) && verso_game_get_clock_running (again, VERSO_COLOR_WHITE));
  CHECK (verso_game_get_time_control (again, &control, NULL) && near (control.main_seconds, 60)
         && near (control.increment, 2));
  CHECK (near (verso_game_get_move_seconds (again, 1), 1.25)
         && near (verso_game_get_move_seconds (again, 2), 2.5)
         && near (verso_game_get_move_seconds (again, 3), 0.75));
  /* The time left follows from the control and the moves' times. */
  CHECK (near (verso_game_get_time_left (again, VERSO_COLOR_BLACK), 60 + 4 - 2));
  CHECK (near (verso_game_get_time_left (again, VERSO_COLOR_WHITE), 60 + 2 - 2.5));

  /* GGS's form: five minutes, no increment, an extension Verso does not keep. */
  {
    const char *ggs = "(;GM[Othello]PC[GGS/os]PB[a]PW[b]TI[05:00//02:00]TY[8]"
                      "BO[8 ---------------------------O*------*O--------------------------- *]"
                      "B[f5//3.1]W[d6/-1.5/12];)";
    g_autoptr (VersoGame) read = game_read (ggs, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                            LEVEL_BEGINNER, NULL);
    CHECK (verso_game_get_time_control (read, &control, NULL) && near (control.main_seconds, 300)
           && control.increment == 0);
    /* A record of other players' game: its clock is kept, stopped. */
    CHECK (verso_game_is_record (read) && !verso_game_get_clock_running (read, VERSO_COLOR_BLACK));
    CHECK (near (verso_game_get_move_seconds (read, 2), 12));
    CHECK (near (verso_game_get_time_left (read, VERSO_COLOR_WHITE), 288)
           || verso_game_get_time_left (read, VERSO_COLOR_WHITE) < 288, "white's time left");
  }
  /* A record without a clock has none. */
  {
    g_autoptr (VersoGame) read = game_read ("f5d6c3", VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                            LEVEL_BEGINNER, NULL);
    CHECK (!verso_game_get_time_control (read, NULL, NULL));
  }
}

static void test_session_keeps_the_clock (void)
{
  g_autoptr (VersoGame) game = clocked_game (TRUE);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = check_temp_file ("clock.ini");
  g_autofree char *text = NULL;
  TimeControl control;
  gboolean rated = FALSE;
  VersoColor loser;

  play_after (game, 5, "f5");
  play_after (game, 3, "d6");
  test_now += 10; /* black has thought 10 s on its move when the program closes */
  CHECK (verso_game_save (game, path, &error));
  CHECK_NO_ERROR (error);
  {
    g_autoptr (VersoGame) loaded = verso_game_load (path, &error);
    CHECK_NO_ERROR (error);
    REQUIRE (loaded != NULL);
    test_now += 1000; /* the time the program was closed does not count */
    verso_game_set_time_source (loaded, injected_time, &test_now);
    CHECK (verso_game_get_time_control (loaded, &control, &rated) && rated
           && near (control.main_seconds, 60) && near (control.increment, 2));
    /* The clock restarted on the machine's own time: the time left is what was saved, give
     * or take the moments of the test. */
    CHECK (fabs (verso_game_get_time_left (loaded, VERSO_COLOR_BLACK) - 47) < 5, "black %g s",
           verso_game_get_time_left (loaded, VERSO_COLOR_BLACK));
    CHECK (near (verso_game_get_time_left (loaded, VERSO_COLOR_WHITE), 59));
    CHECK (near (verso_game_get_move_seconds (loaded, 1), 5) && near (verso_game_get_move_seconds (loaded, 2), 3));
  }
  /* Lost on time, and damage that costs the clock only. */
  test_now += 100;
  CHECK (verso_game_check_time (game));
  CHECK (verso_game_save (game, path, &error));
  {
    g_autoptr (VersoGame) loaded = verso_game_load (path, &error);
    CHECK_NO_ERROR (error);
    REQUIRE (loaded != NULL);
    CHECK (verso_game_lost_on_time (loaded, &loser) && loser == VERSO_COLOR_BLACK);
    CHECK (verso_game_get_time_left (loaded, VERSO_COLOR_BLACK) == 0);
  }
  CHECK (g_file_get_contents (path, &text, NULL, NULL));
  CHECK (strstr (text, "TimeControl=1+2\n") && strstr (text, "TimeRated=true\n")
         && strstr (text, "LostOnTime=black\n"), "%s", text);
  for (int k = 0; k < 3; k++) {
    const char *damage[][2] = { { "TimeControl=1+2\n", "TimeControl=1+x\n" },
                                { "TimeRated=true\n", "TimeRated=maybe\n" },
                                { "LostOnTime=black\n", "LostOnTime=grey\n" } };
    g_autoptr (GString) damaged = g_string_new (text);
    g_autoptr (VersoGame) loaded = NULL;

    g_string_replace (damaged, damage[k][0], damage[k][1], 1);
    CHECK (g_file_set_contents (path, damaged->str, -1, NULL));
    loaded = verso_game_load (path, &error);
    CHECK_NO_ERROR (error);
    REQUIRE (loaded != NULL);
    CHECK (!verso_game_get_time_control (loaded, NULL, NULL), "%s kept a clock", damage[k][1]);
    CHECK_CMP_UINT (verso_game_get_length (loaded), ==, 2);
  }
  check_temp_remove (path);
}

static gboolean computer_moved (gpointer data)
{
  return verso_game_get_ply (data) >= 2;
}

/* The computer moves on its clock: its move is timed and it gets the increment. The test's time
 * stands still while it thinks, so the move takes 0 s of it. */
static void test_computer_moves_on_its_clock (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER, LEVEL_BEGINNER);
  TimeControl control = { .main_seconds = 60, .increment = 2 };

  test_now = 1000;
  verso_game_set_move_delay (game, 0);
  verso_game_set_time_source (game, injected_time, &test_now);
  verso_game_set_time_control (game, &control, TRUE);
  play_after (game, 3, "f5");
  CHECK (verso_game_get_clock_running (game, VERSO_COLOR_WHITE));
  REQUIRE (wait_for (computer_moved, game, 20), "the computer did not move");
  CHECK (near (verso_game_get_move_seconds (game, 2), 0));
  CHECK (near (verso_game_get_time_left (game, VERSO_COLOR_WHITE), 62));
  CHECK (verso_game_get_clock_running (game, VERSO_COLOR_BLACK));
}

static void check_text (char *text, const char *expected)
{
  CHECK_CMP_STR (text, ==, expected);
  g_free (text);
}

/* Cut, never rounded: a clock shows 0:00 only once its flag fell, and a move of 59.9 s took
 * less than a minute. Tenths only under the clock's threshold; a move's time never has them. */
static void test_time_formats (void)
{
  check_text (verso_format_clock (299.99, 10), "4:59");
  check_text (verso_format_clock (9.37, 10), "0:09.3");
  check_text (verso_format_clock (0, 10), "0:00.0");
  check_text (verso_format_clock (3723.5, 10), "1:02:03");
  check_text (verso_format_clock (9.37, 0), "0:09");
  check_text (verso_format_clock (0.4, 0), "0:00");
  check_text (verso_format_clock (59.9, 0), "0:59");
  check_text (verso_format_clock (65.2, 0), "1:05");
  check_text (verso_format_clock (600, 0), "10:00");
  check_text (verso_format_clock (-1, 0), "0:00");
  check_text (verso_format_duration (12.5), "12 seconds");
  check_text (verso_format_duration (1), "1 second");
  check_text (verso_format_duration (0), "0 seconds");
  check_text (verso_format_duration (0.4), "less than a second");
  check_text (verso_format_duration (65.2), "1 minute 5 seconds");
  check_text (verso_format_duration (120), "2 minutes 0 seconds");
  check_text (verso_format_duration (3723), "1 hour 2 minutes");
}

int main (int argc, char *argv[])
{
  (void) argc;
  (void) argv;
  check_glib_init ();
  check_run ("/clock/counts-moves", test_clock_counts_moves);
  check_run ("/clock/pause-stops-both-clocks", test_pause_stops_both_clocks);
  check_run ("/clock/undo-gives-time-back-only-unrated", test_undo_gives_time_back_only_unrated);
  check_run ("/clock/loss-on-time", test_loss_on_time);
  check_run ("/clock/ggf-keeps-the-times", test_ggf_keeps_the_times);
  check_run ("/clock/session-keeps-the-clock", test_session_keeps_the_clock);
  check_run ("/clock/computer-moves-on-its-clock", test_computer_moves_on_its_clock);
  check_run ("/clock/time-formats", test_time_formats);
  return check_finish ();
}
