/* test-sound.c: which sounds VersoSounds plays for a game: a disc for each move played, none for
 * undo, redo or navigation, a pass, the end once (win, loss or draw from the person's side),
 * nothing with the setting off; and it lets go of the game when freed. The sound files built
 * (VERSO_SOUNDDIR) are played through GSound into ALSA's null device, so no server is needed. */
#include <glib/gstdio.h>
#include <gsound.h>
#include <gtk/gtk.h>

#include "check-glib.h"
#include "notation.h"
#include "verso-sounds.h"

typedef struct {
  GSettings *settings;
  VersoSounds *sounds;
  GString *heard;  /* the names played, each followed by a space */
} Fixture;

static void on_played (VersoSounds *sounds, const char *name, Fixture *fixture)
{
  g_string_append_printf (fixture->heard, "%s ", name);
}

static void fixture_set_up (Fixture *fixture, gconstpointer user_data)
{
  fixture->settings = g_settings_new ("io.github.verso.Verso");
  g_settings_set_boolean (fixture->settings, "sounds", TRUE);
  fixture->sounds = verso_sounds_new (fixture->settings);
  fixture->heard = g_string_new (NULL);
  g_signal_connect (fixture->sounds, "played", G_CALLBACK (on_played), fixture);
}

static void fixture_tear_down (Fixture *fixture, gconstpointer user_data)
{
  CHECK_FINALIZE (fixture->sounds);
  g_settings_reset (fixture->settings, "sounds");
  g_object_unref (fixture->settings);
  g_string_free (fixture->heard, TRUE);
}

/* Runs the main loop for milliseconds: the pass and end sounds follow the disc after a delay. */
static void run_for (guint milliseconds)
{
  gint64 end = g_get_monotonic_time () + milliseconds * G_TIME_SPAN_MILLISECOND;

  while (g_get_monotonic_time () < end)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
}

static int square (const char *name)
{
  return (name[0] - 'a') + 8 * (name[1] - '1');
}

static void play (VersoGame *game, const char *name)
{
  g_autoptr (GError) error = NULL;

  CHECK (verso_game_play (game, square (name), &error));
  CHECK_NO_ERROR (error);
}

/* A game from board (64 squares, X O -), Black to move. */
static VersoGame *game_from (const char *board, VersoPlayer black, VersoPlayer white)
{
  g_autofree char *text = g_strconcat (board, " X", NULL);
  Position start;

  CHECK_CMP_INT (notation_parse_board (text, strlen (text), &start).error, ==, NOTATION_OK);
  return verso_game_new_from_position (black, white, LEVEL_CASUAL, &start);
}

/* Black to move, a1 the one empty square: a1 turns b1 over (a2 and b2 are black, so nothing
 * else) and fills the board, Black ending with black_after discs. */
static char *end_board (int black_after)
{
  char *board = g_strnfill (64, 'X');

  board[0] = '-';
  board[1] = 'O';
  for (int n = 64 - black_after, at = 63; n > 0; n--, at--)
    board[at] = 'O';
  return board;
}

static void test_moves_sound_but_navigation_does_not (Fixture *fixture, gconstpointer user_data)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_CASUAL);

  verso_sounds_set_game (fixture->sounds, game);
  play (game, "f5");
  play (game, "d6");
  CHECK_CMP_STR (fixture->heard->str, ==, "disc disc ");
  verso_game_undo (game);
  verso_game_redo (game);
  verso_game_go_to (game, 0);
  verso_game_go_to (game, 2);
  run_for (300);
  CHECK_CMP_STR (fixture->heard->str, ==, "disc disc ");
  /* A move played in a position reached by navigating is a move: it sounds. */
  verso_game_go_to (game, 1);
  play (game, "f6");
  CHECK_CMP_STR (fixture->heard->str, ==, "disc disc disc ");
}

static void test_pass_follows_the_disc (Fixture *fixture, gconstpointer user_data)
{
  /* After b8 White has discs but no move, and Black has one. */
  g_autoptr (VersoGame) game = game_from ("-X-----------------------------------------O----------O---OX---X",
                                          VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);

  verso_sounds_set_game (fixture->sounds, game);
  play (game, "b8");
  CHECK (!verso_game_is_over (game));
  CHECK_CMP_INT (verso_game_get_turn (game), ==, VERSO_COLOR_BLACK);
  CHECK_CMP_STR (fixture->heard->str, ==, "disc ");
  run_for (400);
  CHECK_CMP_STR (fixture->heard->str, ==, "disc pass ");
}

typedef struct {
  int black_after;
  VersoPlayer white;
  const char *expected;
} EndCase;

static void test_end_sounds_once (Fixture *fixture, gconstpointer user_data)
{
  const EndCase *end = user_data;
  g_autofree char *board = end_board (end->black_after);
  g_autoptr (VersoGame) game = game_from (board, VERSO_PLAYER_HUMAN, end->white);
  g_autofree char *expected = g_strdup_printf ("disc %s ", end->expected);

  verso_sounds_set_game (fixture->sounds, game);
  play (game, "a1");
  CHECK (verso_game_is_over (game));
  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_BLACK), ==, end->black_after);
  run_for (400);
  CHECK_CMP_STR (fixture->heard->str, ==, expected);
  /* Back to the end by redo: "game-over" again, but no move played, so no sound. */
  verso_game_undo (game);
  verso_game_redo (game);
  CHECK (verso_game_is_over (game));
  run_for (400);
  CHECK_CMP_STR (fixture->heard->str, ==, expected);
}

static void test_setting_off_is_silent (Fixture *fixture, gconstpointer user_data)
{
  g_autofree char *board = end_board (40);
  g_autoptr (VersoGame) game = game_from (board, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);

  g_settings_set_boolean (fixture->settings, "sounds", FALSE);
  verso_sounds_set_game (fixture->sounds, game);
  play (game, "a1");
  run_for (400);
  CHECK_CMP_STR (fixture->heard->str, ==, "");
}

static void test_lets_go_of_the_game (Fixture *fixture, gconstpointer user_data)
{
  g_autofree char *board = end_board (40);
  VersoGame *game = game_from (board, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);
  VersoGame *other = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_CASUAL);

  /* A game no longer watched makes no sound, and is not kept alive. */
  verso_sounds_set_game (fixture->sounds, game);
  verso_sounds_set_game (fixture->sounds, other);
  play (game, "a1");
  CHECK_CMP_STR (fixture->heard->str, ==, "");
  CHECK_FINALIZE (game);

  /* Freed while the end sound waits: the wait goes with it (ASan and valgrind would see a
   * late call), and the game outlives it untouched. */
  game = game_from (board, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);
  verso_sounds_set_game (fixture->sounds, game);
  play (game, "a1");
  CHECK_CMP_STR (fixture->heard->str, ==, "disc ");
  CHECK_FINALIZE (g_steal_pointer (&fixture->sounds));
  run_for (400);
  CHECK_CMP_STR (fixture->heard->str, ==, "disc ");
  verso_game_undo (game);
  verso_game_redo (game);
  CHECK_FINALIZE (game);
  CHECK_FINALIZE (other);
  fixture->sounds = verso_sounds_new (fixture->settings);
}

/* GSound (libcanberra) accepts every sound file: played into the null device, none fails. */
static void test_files_play (void)
{
  g_autoptr (GError) error = NULL;
  /* Kept for the whole process, as verso-sounds.c keeps its own: destroying a context while its
   * sounds still play unloads the driver they play in. */
  static GSoundContext *context;
  const char *directory = g_getenv ("VERSO_SOUNDDIR");
  static const char *const names[] = { "disc", "pass", "win", "loss", "draw" };

  context = gsound_context_new (NULL, &error);
  CHECK_NO_ERROR (error);
  REQUIRE (directory != NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    g_autofree char *file_name = g_strconcat (names[i], ".wav", NULL);
    g_autofree char *path = g_build_filename (directory, file_name, NULL);

    gsound_context_play_simple (context, NULL, &error, GSOUND_ATTR_MEDIA_FILENAME, path, NULL);
    CHECK_NO_ERROR (error);
  }
  /* And a file that is not there is an error, not silence: the check above can fail. */
  gsound_context_play_simple (context, NULL, &error, GSOUND_ATTR_MEDIA_FILENAME,
                              "/nonexistent/verso.wav", NULL);
  REQUIRE (error != NULL);
}

/* A home of our own whose ALSA configuration sends sound to the null device; set before
 * anything reads HOME. Returns the directory, removed by the caller. */
static char *null_audio_home (void)
{
  g_autoptr (GError) error = NULL;
  char *home = g_dir_make_tmp ("verso-test-sound-XXXXXX", &error);
  g_autofree char *asoundrc = NULL;

  CHECK_NO_ERROR (error);
  asoundrc = g_build_filename (home, ".asoundrc", NULL);
  g_file_set_contents (asoundrc, "pcm.!default { type null }\n", -1, &error);
  CHECK_NO_ERROR (error);
  g_setenv ("HOME", home, TRUE);
  return home;
}

int main (int argc, char *argv[])
{
  g_autofree char *home = null_audio_home ();
  g_autofree char *asoundrc = g_build_filename (home, ".asoundrc", NULL);
  int status;
  static const EndCase win = { 40, VERSO_PLAYER_COMPUTER, "win" };
  static const EndCase loss = { 20, VERSO_PLAYER_COMPUTER, "loss" };
  static const EndCase draw = { 32, VERSO_PLAYER_COMPUTER, "draw" };
  /* Two people: someone won, whoever it was. */
  static const EndCase white_wins_two_people = { 20, VERSO_PLAYER_HUMAN, "win" };

  check_glib_init ();
  CHECK_RUN_FIXTURE ("/sounds/moves-sound-but-navigation-does-not", Fixture, NULL, fixture_set_up,
                     test_moves_sound_but_navigation_does_not, fixture_tear_down);
  CHECK_RUN_FIXTURE ("/sounds/pass-follows-the-disc", Fixture, NULL, fixture_set_up,
                     test_pass_follows_the_disc, fixture_tear_down);
  CHECK_RUN_FIXTURE ("/sounds/end/win", Fixture, &win, fixture_set_up, test_end_sounds_once, fixture_tear_down);
  CHECK_RUN_FIXTURE ("/sounds/end/loss", Fixture, &loss, fixture_set_up, test_end_sounds_once, fixture_tear_down);
  CHECK_RUN_FIXTURE ("/sounds/end/draw", Fixture, &draw, fixture_set_up, test_end_sounds_once, fixture_tear_down);
  CHECK_RUN_FIXTURE ("/sounds/end/two-people", Fixture, &white_wins_two_people, fixture_set_up,
                     test_end_sounds_once, fixture_tear_down);
  CHECK_RUN_FIXTURE ("/sounds/setting-off-is-silent", Fixture, NULL, fixture_set_up,
                     test_setting_off_is_silent, fixture_tear_down);
  CHECK_RUN_FIXTURE ("/sounds/lets-go-of-the-game", Fixture, NULL, fixture_set_up,
                     test_lets_go_of_the_game, fixture_tear_down);
  check_run ("/sounds/files-play", test_files_play);
  status = check_finish ();
  g_remove (asoundrc);
  g_rmdir (home);
  return status;
}
