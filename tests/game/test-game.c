/* test-game.c: the game model: moves, passes, the end, undo and redo, the computer's answers,
 * and saved games. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "book.h"
#include "check-glib.h"
#include "game-test.h"
#include "notation.h"
#include "test-main-loop.h"
#include "verso-game.h"
#include "verso-game-analysis.h"
#include "verso-game-files.h"

typedef gboolean (*Condition) (VersoGame *game);

/* Runs the main loop until condition holds or seconds pass; returns whether it held. */
static gboolean run_until (VersoGame *game, Condition condition, double seconds)
{
  gint64 end = g_get_monotonic_time () + (gint64) (seconds * G_USEC_PER_SEC);

  while (!condition (game) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  return condition (game);
}

/* Lets pending callbacks (late engine answers included) run for a while. */
static gboolean human_to_move (VersoGame *game)
{
  return verso_game_is_human_turn (game) && !verso_game_get_thinking (game);
}

static gboolean game_over (VersoGame *game)
{
  return verso_game_is_over (game);
}

static void test_start_position (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);

  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_BLACK), ==, 2);
  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_WHITE), ==, 2);
  CHECK_CMP_INT (verso_game_get_turn (game), ==, VERSO_COLOR_BLACK);
  CHECK (verso_game_get_discs (game, VERSO_COLOR_BLACK) & board_bit (square ("d5")));
  CHECK (verso_game_get_discs (game, VERSO_COLOR_WHITE) & board_bit (square ("d4")));
  CHECK_CMP_HEX (verso_game_get_legal_moves (game), ==,
                 board_bit (square ("d3")) | board_bit (square ("c4")) | board_bit (square ("f5")) | board_bit (square ("e6")));
  CHECK_CMP_INT (verso_game_get_last_move (game), ==, BOARD_NO_MOVE);
  CHECK (!verso_game_can_undo (game));
  CHECK (!verso_game_can_redo (game));
  CHECK (!verso_game_is_over (game));
}

static void count_signal (gpointer instance, gpointer user_data)
{
  (*(int *) user_data)++;
}

static void test_move_flips_and_changes_turn (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  g_autoptr (GError) error = NULL;
  g_autofree char *transcript = NULL;
  int changed = 0;

  g_signal_connect (game, "changed", G_CALLBACK (count_signal), &changed);
  CHECK (verso_game_play (game, square ("f5"), &error));
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (changed, ==, 1);
  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_BLACK), ==, 4);
  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_WHITE), ==, 1);
  CHECK (verso_game_get_discs (game, VERSO_COLOR_BLACK) & board_bit (square ("e5")));
  CHECK_CMP_INT (verso_game_get_turn (game), ==, VERSO_COLOR_WHITE);
  CHECK_CMP_INT (verso_game_get_last_move (game), ==, square ("f5"));
  transcript = verso_game_get_transcript (game);
  CHECK_CMP_STR (transcript, ==, "f5");
}

static void test_illegal_move_changes_nothing (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  g_autoptr (GError) error = NULL;
  int changed = 0;

  g_signal_connect (game, "changed", G_CALLBACK (count_signal), &changed);
  CHECK (!verso_game_play (game, square ("a1"), &error));
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE);
  /* The message reaches the window: it names the square as the board does. */
  CHECK_CMP_STR (error->message, ==, "a1 is not a legal move here");
  g_clear_error (&error);
  CHECK (!verso_game_play (game, square ("d4"), &error)); /* occupied */
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE);
  CHECK_CMP_STR (error->message, ==, "d4 is not a legal move here");
  g_clear_error (&error);
  CHECK (!verso_game_play (game, 99, &error));
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE);
  CHECK_CMP_STR (error->message, ==, "Not a legal move");
  CHECK_CMP_INT (changed, ==, 0);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 0);
  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_BLACK), ==, 2);
}

static void test_human_cannot_move_for_the_computer (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_COMPUTER, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  g_autoptr (GError) error = NULL;

  CHECK (!verso_game_play (game, square ("f5"), &error));
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_NOT_YOUR_TURN);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 0);
}

typedef struct {
  int passes;
  int game_overs;
  VersoColor last_passer;
} Events;

static void on_pass (VersoGame *game, int color, Events *events)
{
  events->passes++;
  events->last_passer = color;
  /* The passer is not to move: the turn went straight back to the other side. */
  CHECK_CMP_INT (verso_game_get_turn (game), ==, verso_color_other (color));
}

static void on_game_over (VersoGame *game, Events *events)
{
  events->game_overs++;
}

/* Plays random legal moves (reproducibly) until the end or max_moves. */
static void play_random (VersoGame *game, GRand *rand, int max_moves)
{
  for (int n = 0; n < max_moves && !verso_game_is_over (game); n++) {
    guint64 legal = verso_game_get_legal_moves (game);
    int count = board_count (legal), pick = g_rand_int_range (rand, 0, count);
    g_autoptr (GError) error = NULL;

    CHECK_CMP_INT (count, >, 0);
    while (pick-- > 0)
      legal &= legal - 1;
    CHECK (verso_game_play (game, __builtin_ctzll (legal), &error));
    CHECK_NO_ERROR (error);
  }
}

static void test_passes_and_game_end (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  int games_with_pass = 0;

  /* Random games pass now and then; every game must end, with one "game-over". */
  for (int n = 0; n < 40; n++) {
    g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
    Events events = { 0 };
    g_autoptr (GError) error = NULL;
    int black, white;

    g_signal_connect (game, "pass", G_CALLBACK (on_pass), &events);
    g_signal_connect (game, "game-over", G_CALLBACK (on_game_over), &events);
    play_random (game, rand, 64);
    CHECK (verso_game_is_over (game));
    CHECK_CMP_INT (events.game_overs, ==, 1);
    CHECK_CMP_HEX (verso_game_get_legal_moves (game), ==, 0);
    black = verso_game_count (game, VERSO_COLOR_BLACK);
    white = verso_game_count (game, VERSO_COLOR_WHITE);
    CHECK_CMP_INT (black + white, <=, 64);
    CHECK_CMP_INT (verso_game_get_winner (game), ==, black == white ? -1 : black > white ? VERSO_COLOR_BLACK : VERSO_COLOR_WHITE);
    CHECK (!verso_game_play (game, square ("a1"), &error));
    CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_GAME_OVER);
    if (events.passes > 0) {
      g_autofree char *transcript = verso_game_get_transcript (game);
      games_with_pass++;
      REQUIRE (strstr (transcript, "PA") != NULL);
    }
  }
  CHECK_CMP_INT (games_with_pass, >, 0);
}

static void test_undo_and_redo (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  g_autofree char *after = NULL;
  g_autofree char *redone = NULL;
  g_autofree char *replaced = NULL;

  CHECK (verso_game_play (game, square ("f5"), NULL));
  CHECK (verso_game_play (game, square ("d6"), NULL));
  CHECK (verso_game_play (game, square ("c3"), NULL));
  after = verso_game_get_transcript (game);

  verso_game_undo (game);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 2);
  CHECK_CMP_INT (verso_game_get_turn (game), ==, VERSO_COLOR_BLACK);
  CHECK (verso_game_can_redo (game));
  verso_game_undo (game);
  verso_game_undo (game);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 0);
  CHECK (!verso_game_can_undo (game));
  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_WHITE), ==, 2);

  verso_game_redo (game);
  verso_game_redo (game);
  verso_game_redo (game);
  redone = verso_game_get_transcript (game);
  CHECK_CMP_STR (redone, ==, after);
  CHECK (!verso_game_can_redo (game));

  /* A new move after undo replaces the moves that could be redone. */
  verso_game_undo (game);
  CHECK (verso_game_play (game, square ("c5"), NULL));
  CHECK (!verso_game_can_redo (game));
  replaced = verso_game_get_transcript (game);
  CHECK_CMP_STR (replaced, ==, "f5d6c5");
}

static void test_undo_against_computer_returns_to_human_turn (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER, LEVEL_BEGINNER);

  verso_game_set_move_delay (game, 0);
  CHECK (verso_game_play (game, square ("f5"), NULL));
  CHECK (verso_game_get_thinking (game));
  CHECK (run_until (game, human_to_move, 30));
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 2);
  CHECK (verso_game_play (game, __builtin_ctzll (verso_game_get_legal_moves (game)), NULL));
  CHECK (run_until (game, human_to_move, 30));
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 4);

  /* One undo takes back the computer's answer and the person's move. */
  verso_game_undo (game);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 2);
  CHECK_CMP_INT (verso_game_get_turn (game), ==, VERSO_COLOR_BLACK);
  CHECK (!verso_game_get_thinking (game));
  verso_game_undo (game);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 0);
  CHECK (!verso_game_can_undo (game));
  run_for (0.2);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 0);

  /* Redo goes to the person's next turn, without asking the computer again. */
  verso_game_redo (game);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 2);
  CHECK (!verso_game_get_thinking (game));
  verso_game_redo (game);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 4);
}

static void test_undo_while_computer_thinks_drops_its_answer (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER, LEVEL_MASTER);

  CHECK (verso_game_play (game, square ("f5"), NULL));
  CHECK (verso_game_get_thinking (game));
  run_for (0.05);
  verso_game_undo (game);
  CHECK (!verso_game_get_thinking (game));
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 0);
  /* Long enough for the stopped search to answer; the answer must not be played. */
  run_for (0.6);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 0);
  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_BLACK), ==, 2);
  CHECK (!verso_game_get_thinking (game));
}

static void test_answer_waiting_for_its_delay_is_dropped (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER, LEVEL_BEGINNER);

  /* The engine answers at once; the move waits for the delay, and a change of players in
   * between makes it stale. */
  verso_game_set_move_delay (game, 1500);
  CHECK (verso_game_play (game, square ("f5"), NULL));
  run_for (0.5);
  CHECK (verso_game_get_thinking (game));
  verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_HUMAN);
  CHECK (!verso_game_get_thinking (game));
  run_for (1.5);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 1);
  CHECK_CMP_INT (verso_game_get_turn (game), ==, VERSO_COLOR_WHITE);
  CHECK (verso_game_is_human_turn (game));
}

static void count_move (VersoGame *game, int square, guint64 flips, int *count)
{
  (*count)++;
}

/* A legal move for the side to move after which the position is not in the opening book and
 * the computer has a choice, so that it has to search its answer (it plays book moves and
 * forced moves at once). */
static int move_out_of_book (VersoGame *game)
{
  VersoColor turn = verso_game_get_turn (game);
  VersoColor other = turn == VERSO_COLOR_BLACK ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
  Board board = { verso_game_get_discs (game, turn), verso_game_get_discs (game, other) };
  for (guint64 moves = verso_game_get_legal_moves (game); moves; moves &= moves - 1) {
    Board next = board;
    board_play (&next, __builtin_ctzll (moves));
    BookMove book_moves[BOARD_SQUARES];
    if (book_lookup (&next, book_moves) == 0 && board_count (board_legal_moves (&next)) >= 2)
      return __builtin_ctzll (moves);
  }
  return BOARD_NO_MOVE;
}

static void test_new_level_restarts_the_search (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER, LEVEL_MASTER);
  int played = 0;

  verso_game_set_move_delay (game, 0);
  /* Through the book, where the master answers at once, to a move that leaves it. */
  int move;
  while ((move = move_out_of_book (game)) == BOARD_NO_MOVE) {
    CHECK_CMP_UINT (verso_game_get_ply (game), <, 30);
    CHECK (verso_game_play (game, __builtin_ctzll (verso_game_get_legal_moves (game)), NULL));
    CHECK (run_until (game, human_to_move, 30));
  }
  guint ply = verso_game_get_ply (game);
  CHECK (verso_game_play (game, move, NULL));
  g_signal_connect (game, "move-played", G_CALLBACK (count_move), &played);
  run_for (0.05);
  verso_game_set_level (game, LEVEL_BEGINNER);
  CHECK_CMP_INT (verso_game_get_level (game), ==, LEVEL_BEGINNER);
  CHECK (verso_game_get_thinking (game));
  CHECK (run_until (game, human_to_move, 30));
  /* One answer: the master's stopped search played nothing. */
  run_for (0.3);
  CHECK_CMP_INT (played, ==, 1);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, ply + 2);
}

static void test_move_appears_after_delay (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER, LEVEL_BEGINNER);
  gint64 start;

  /* The pause counts from the person's move, which also starts the computer thinking. */
  start = g_get_monotonic_time ();
  CHECK (verso_game_play (game, square ("f5"), NULL));
  CHECK (run_until (game, human_to_move, 30));
  CHECK_CMP_INT (g_get_monotonic_time () - start, >=, 380 * 1000);
  CHECK_CMP_INT (verso_game_get_ply (game), ==, 2);
}

static void test_computer_plays_itself_to_the_end (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_COMPUTER, VERSO_PLAYER_COMPUTER, LEVEL_BEGINNER);
  Events events = { 0 };

  g_signal_connect (game, "game-over", G_CALLBACK (on_game_over), &events);
  verso_game_set_move_delay (game, 0);
  verso_game_start_computer (game);
  CHECK (run_until (game, game_over, 120));
  CHECK_CMP_INT (events.game_overs, ==, 1);
  CHECK (!verso_game_get_thinking (game));
  CHECK_CMP_INT (verso_game_get_ply (game), >=, 9);
}

/* A game dropped while the computer thinks goes at once: the search holds it only weakly, and
 * the game's end stops the search. The application is held while the search runs and let go
 * when the stopped search has answered, so run() returns. */
static void drop_game_while_thinking (GApplication *application, gpointer user_data)
{
  gint64 *dropped = user_data;
  VersoGame *game = verso_game_new (VERSO_PLAYER_COMPUTER, VERSO_PLAYER_HUMAN, LEVEL_MASTER);
  gpointer weak = game;

  g_object_add_weak_pointer (G_OBJECT (game), &weak);
  verso_game_start_computer (game);
  CHECK (verso_game_get_thinking (game));
  run_for (0.05);
  g_object_unref (game);
  CHECK (weak == NULL);
  *dropped = g_get_monotonic_time ();
}

static void test_game_dropped_while_thinking_is_finalized (void)
{
  g_autoptr (GApplication) application = g_application_new ("io.github.verso.GameTest",
                                                            G_APPLICATION_NON_UNIQUE);
  gint64 dropped = 0;

  CHECK (g_application_get_default () == application);
  g_signal_connect (application, "activate", G_CALLBACK (drop_game_while_thinking), &dropped);
  CHECK_CMP_INT (g_application_run (application, 0, NULL), ==, 0);
  CHECK_CMP_INT (dropped, >, 0);
  check_note ("the application was let go %.1f ms after the game was dropped",
                  (g_get_monotonic_time () - dropped) / 1e3);
}

static void hint_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  int *move = user_data;
  g_autoptr (GError) error = NULL;

  *move = verso_game_hint_finish (VERSO_GAME (source), result, NULL, NULL, &error);
  CHECK_NO_ERROR (error);
}

static void test_hint_is_a_legal_move (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  int move = -1;

  CHECK (verso_game_play (game, square ("f5"), NULL));
  verso_game_hint_async (game, NULL, hint_ready, &move);
  while (move < 0)
    g_main_context_iteration (NULL, TRUE);
  CHECK (verso_game_get_legal_moves (game) & board_bit (move));
}

static void test_save_and_load_round_trip (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_autofree char *path = check_temp_file ("nested/game.ini");

  for (int n = 0; n < 12; n++) {
    g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, n % 2 ? VERSO_PLAYER_HUMAN : VERSO_PLAYER_COMPUTER,
                                                 n % LEVEL_COUNT);
    g_autoptr (VersoGame) loaded = NULL;
    g_autoptr (GError) error = NULL;
    g_autofree char *moves = NULL;
    g_autofree char *loaded_moves = NULL;

    /* Two people play; then the players are set for the saved game. */
    verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_HUMAN);
    play_random (game, rand, g_rand_int_range (rand, 1, 64));
    verso_game_undo (game);
    verso_game_set_player (game, VERSO_COLOR_WHITE, n % 2 ? VERSO_PLAYER_HUMAN : VERSO_PLAYER_COMPUTER);
    verso_game_stop_computer (game);
    CHECK (verso_game_save (game, path, &error));
    CHECK_NO_ERROR (error);

    loaded = verso_game_load (path, &error);
    CHECK_NO_ERROR (error);
    REQUIRE (loaded != NULL);
    moves = verso_game_get_transcript (game);
    loaded_moves = verso_game_get_transcript (loaded);
    CHECK_CMP_STR (loaded_moves, ==, moves);
    CHECK_CMP_INT (verso_game_get_ply (loaded), ==, verso_game_get_ply (game));
    CHECK_CMP_INT (verso_game_get_level (loaded), ==, verso_game_get_level (game));
    CHECK_CMP_INT (verso_game_get_player (loaded, VERSO_COLOR_WHITE), ==, verso_game_get_player (game, VERSO_COLOR_WHITE));
    CHECK_CMP_INT (verso_game_can_redo (loaded), ==, verso_game_can_redo (game));
    CHECK_CMP_HEX (verso_game_get_discs (loaded, VERSO_COLOR_BLACK), ==, verso_game_get_discs (game, VERSO_COLOR_BLACK));
    CHECK_CMP_HEX (verso_game_get_discs (loaded, VERSO_COLOR_WHITE), ==, verso_game_get_discs (game, VERSO_COLOR_WHITE));
    if (verso_game_can_redo (game)) {
      g_autofree char *redone = NULL;
      g_autofree char *loaded_redone = NULL;
      verso_game_redo (game);
      verso_game_redo (loaded);
      verso_game_stop_computer (game);
      verso_game_stop_computer (loaded);
      redone = verso_game_get_transcript (game);
      loaded_redone = verso_game_get_transcript (loaded);
      CHECK_CMP_STR (loaded_redone, ==, redone);
    }
  }
  check_temp_remove (path);
}

static void write_file (const char *path, const char *contents)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  CHECK_CMP_INT (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  CHECK_NO_ERROR (error);
}

static void assert_bad_file (const char *path, const char *contents, const char *message_part)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) game = NULL;

  write_file (path, contents);
  game = verso_game_load (path, &error);
  CHECK (game == NULL);
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
  REQUIRE (g_utf8_validate (error->message, -1, NULL), "a message that is not UTF-8");
  if (!strstr (error->message, message_part))
    g_error ("“%s” does not mention “%s”", error->message, message_part);
}

#define GOOD_HEADER "[Verso Game]\nVersion=1\nBlack=human\nWhite=computer\nLevel=casual\n"

static void test_bad_saved_games_are_refused (void)
{
  g_autofree char *path = check_temp_file ("nested/game.ini");
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) good = NULL;

  assert_bad_file (path, "\x89PNG\r\n\x1a\n garbage", "Not a saved game");
  assert_bad_file (path, "[Desktop Entry]\nName=Other\n", "Not a saved game");
  assert_bad_file (path, "[Verso Game]\nVersion=7\n", "version");
  assert_bad_file (path, GOOD_HEADER "Shown=0\n", "incomplete");
  assert_bad_file (path, GOOD_HEADER "Moves=f5d6c3\n", "incomplete");
  assert_bad_file (path, "[Verso Game]\nVersion=1\nBlack=robot\nWhite=computer\nLevel=casual\nMoves=\nShown=0\n", "robot");
  assert_bad_file (path, "[Verso Game]\nVersion=1\nBlack=human\nWhite=computer\nLevel=godlike\nMoves=\nShown=0\n", "godlike");
  assert_bad_file (path, GOOD_HEADER "Moves=f5d6a1\nShown=3\n", "move 3 (a1) is not legal");
  assert_bad_file (path, GOOD_HEADER "Moves=f5z9\nShown=2\n", "move 2: “z9” is not a square");
  assert_bad_file (path, GOOD_HEADER "Moves=f5d\nShown=1\n", "move 2: “d” is not a square");
  assert_bad_file (path, GOOD_HEADER "Moves=f5PA\nShown=1\n", "not forced");
  assert_bad_file (path, GOOD_HEADER "Moves=f5d6\nShown=9\n", "position shown");
  /* Escape sequences, one bad and two bad: GLib's own unescaping would warn about the second. */
  assert_bad_file (path, "[Verso Game]\nVersion=1\nBlack=human\nWhite=computer\nLevel=ca\\asual\nMoves=\nShown=0\n",
                   "escape sequence");
  assert_bad_file (path, GOOD_HEADER "Moves=f5\\ed6\\\nShown=0\n", "escape sequence");
  /* Text that is not UTF-8 (found by fuzz-saved-game: the messages quoted it as it was). */
  assert_bad_file (path, "[Verso Ga\xed[Verse]\nVersion=1\n", "Not a saved game");
  assert_bad_file (path, "[Verso Game]\nVersion=1\nBlack=human\nWhite=\xedomputer\nLevel=casual\n"
                   "Moves=\nShown=0\n", "The value of White is not UTF-8 text");

  write_file (path, GOOD_HEADER "Moves=f5d6c3\nShown=2\n");
  good = verso_game_load (path, &error);
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (verso_game_get_ply (good), ==, 2);
  CHECK (verso_game_can_redo (good));
  CHECK_CMP_INT (verso_game_get_level (good), ==, LEVEL_CASUAL);
  check_temp_remove (path);
}

static void test_restore_sets_a_bad_file_aside (void)
{
  g_autofree char *path = check_temp_file ("nested/game.ini");
  g_autofree char *set_aside = NULL;
  g_autofree char *kept = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) game = NULL;
  g_autoptr (VersoGame) none = NULL;

  /* No file: no game and no error. */
  none = verso_game_restore (path, &set_aside, &error);
  CHECK (none == NULL);
  CHECK_NO_ERROR (error);
  CHECK (set_aside == NULL);

  write_file (path, "not a game at all\n\x01\x02");
  game = verso_game_restore (path, &set_aside, &error);
  CHECK (game == NULL);
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
  REQUIRE (set_aside != NULL);
  CHECK (!g_file_test (path, G_FILE_TEST_EXISTS));
  CHECK (g_file_get_contents (set_aside, &kept, NULL, NULL));
  CHECK_CMP_STR (kept, ==, "not a game at all\n\x01\x02");
  check_temp_remove (path);
}

/* Set-up positions, navigation against the computer, the document's flags, text and files. */

/* Black a1 and h8, white b1 and g8. Black to move has c1 (after which white must pass) and f8;
 * white to move has no move and must pass. */
#define PASS_BOARD "XO------" "--------" "--------" "--------" \
                   "--------" "--------" "--------" "------OX"
#define STANDARD_BO "BO[8 ---------------------------OX------XO--------------------------- *]"

static Position board_position (const char *text)
{
  Position position;
  NotationStatus status = notation_parse_board (text, strlen (text), &position);

  CHECK_CMP_INT (status.error, ==, NOTATION_OK);
  return position;
}

static void count_notify (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (*(int *) user_data)++;
}

static void test_new_from_position_plays_the_forced_pass (void)
{
  Position start = board_position (PASS_BOARD " O");
  g_autoptr (VersoGame) game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                                             LEVEL_BEGINNER, &start);
  g_autofree char *transcript = verso_game_get_transcript (game);

  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 1);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 1);
  CHECK_CMP_STR (transcript, ==, "PA");
  CHECK_CMP_INT (verso_game_get_turn (game), ==, VERSO_COLOR_BLACK);
  CHECK_CMP_HEX (verso_game_get_legal_moves (game), ==, board_bit (square ("c1")) | board_bit (square ("f8")));
  CHECK (!verso_game_can_undo (game));
  CHECK (!verso_game_get_modified (game));
  CHECK (verso_game_get_opening (game) == NULL);
}

/* Back and Forward step over a forced pass: the position before it shows the one after it, so a
 * step that would land there goes one move further. */
static void test_back_and_forward_step_over_a_forced_pass (void)
{
  Position start = board_position (PASS_BOARD " X");
  g_autoptr (VersoGame) game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                                             LEVEL_BEGINNER, &start);
  g_autofree char *transcript = NULL;

  play_transcript (game, "c1");
  transcript = whole_transcript (game);
  CHECK_CMP_STR (transcript, ==, "c1PA");
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 2);
  verso_game_go_back (game);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 0);
  verso_game_go_back (game);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 0);
  verso_game_go_forward (game);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 2);
  verso_game_go_forward (game);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 2);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 2);
}

static void test_new_from_position_finished (void)
{
  Position start = board_position ("XXXX----" "--------" "--------" "--------"
                                   "--------" "--------" "--------" "-------- O");
  g_autoptr (VersoGame) game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER,
                                                             LEVEL_BEGINNER, &start);
  g_autoptr (GError) error = NULL;

  CHECK (verso_game_is_over (game));
  CHECK_CMP_INT (verso_game_get_winner (game), ==, VERSO_COLOR_BLACK);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 0);
  CHECK (!verso_game_play (game, square ("e5"), &error));
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_GAME_OVER);
  verso_game_start_computer (game);
  CHECK (!verso_game_get_thinking (game));
}

/* A game ended with a square empty: the result counts it for the winner, as the statistics do. */
static void test_final_count_gives_the_empty_squares_to_the_winner (void)
{
  Position start = board_position ("OXXXXXXX" "XXXXXXXX" "XXXXXXXX" "XXXXXXXX"
                                   "XXXXXXXX" "XXXXXXXX" "XXXXXXXX" "X-XXXXXX O");
  g_autoptr (VersoGame) game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                                             LEVEL_BEGINNER, &start);
  int black, white;

  CHECK (verso_game_is_over (game));
  CHECK_CMP_INT (verso_game_count (game, VERSO_COLOR_BLACK), ==, 62);
  black = verso_game_get_final_count (game, VERSO_COLOR_BLACK);
  white = verso_game_get_final_count (game, VERSO_COLOR_WHITE);
  CHECK_CMP_INT (black, ==, 63);
  CHECK_CMP_INT (white, ==, 1);
  CHECK_CMP_INT (black - white, ==, verso_game_get_final_score (game, VERSO_COLOR_BLACK));
  CHECK_CMP_INT (white - black, ==, verso_game_get_final_score (game, VERSO_COLOR_WHITE));
}

static void test_go_to_pauses_the_computer (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  int paused_notes = 0, changed = 0;

  verso_game_set_move_delay (game, 0);
  play_transcript (game, "f5d6c3d3");
  verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_COMPUTER);
  CHECK (!verso_game_get_thinking (game));
  g_signal_connect (game, "notify::paused", G_CALLBACK (count_notify), &paused_notes);
  g_signal_connect (game, "changed", G_CALLBACK (count_signal), &changed);

  /* White, the computer, is to move and moves follow: it waits. */
  verso_game_go_to (game, 1);
  CHECK_CMP_INT (changed, ==, 1);
  CHECK (verso_game_get_paused (game));
  CHECK_CMP_INT (paused_notes, ==, 1);
  CHECK (!verso_game_get_thinking (game));
  run_for (0.3);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 1);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 4);

  /* Resumed, it plays. */
  verso_game_resume (game);
  CHECK (!verso_game_get_paused (game));
  CHECK_CMP_INT (paused_notes, ==, 2);
  CHECK (verso_game_get_thinking (game));
  CHECK (run_until (game, human_to_move, 30));
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 2);

  /* At the person's turn nothing waits; the person's move, the one recorded, keeps the line
   * and lets the computer answer although moves follow. */
  verso_game_go_to (game, 0);
  CHECK (!verso_game_get_paused (game));
  CHECK (verso_game_play (game, square ("f5"), NULL));
  CHECK_CMP_UINT (verso_game_get_length (game), >=, 2);
  CHECK (!verso_game_get_paused (game));
  CHECK (verso_game_get_thinking (game));
  CHECK (run_until (game, human_to_move, 30));
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 2);
}

static void test_computers_wait_where_navigation_left_them (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);

  verso_game_set_move_delay (game, 0);
  play_transcript (game, "f5d6c3d3");
  verso_game_go_to (game, 2);
  CHECK (!verso_game_get_paused (game));
  verso_game_set_player (game, VERSO_COLOR_BLACK, VERSO_PLAYER_COMPUTER);
  verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_COMPUTER);
  CHECK (verso_game_get_paused (game));
  CHECK (!verso_game_get_thinking (game));
  /* Undo among computers steps back one move, and they still wait. */
  verso_game_undo (game);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 1);
  CHECK (verso_game_get_paused (game));
  run_for (0.2);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 1);
  /* At the end of the record the computer always moves. */
  verso_game_go_to (game, 4);
  CHECK (!verso_game_get_paused (game));
  CHECK (verso_game_get_thinking (game));
  verso_game_stop_computer (game);
}

static void test_modified_and_file (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  g_autofree char *path = check_temp_file ("nested/game.ggf");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  int modified_notes = 0, file_notes = 0;

  CHECK (!verso_game_get_modified (game));
  CHECK (verso_game_get_file (game) == NULL);
  g_signal_connect (game, "notify::modified", G_CALLBACK (count_notify), &modified_notes);
  g_signal_connect (game, "notify::file", G_CALLBACK (count_notify), &file_notes);
  play_transcript (game, "f5d6");
  CHECK (verso_game_get_modified (game));
  CHECK_CMP_INT (modified_notes, ==, 1);
  write_file (path, "old contents");
  CHECK (verso_game_write (game, file, &error));
  CHECK_NO_ERROR (error);
  CHECK (!verso_game_get_modified (game));
  CHECK_CMP_INT (modified_notes, ==, 2);
  CHECK (g_file_equal (verso_game_get_file (game), file));
  CHECK_CMP_INT (file_notes, ==, 1);
  /* Navigation is not a change of the record. */
  verso_game_undo (game);
  verso_game_go_to (game, 2);
  CHECK (!verso_game_get_modified (game));
  play_transcript (game, "c3");
  CHECK (verso_game_get_modified (game));
  check_temp_remove (path);
}

static void test_opening_follows_the_position_shown (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  int opening_notes = 0;

  g_signal_connect (game, "notify::opening", G_CALLBACK (count_notify), &opening_notes);
  CHECK (verso_game_get_opening (game) == NULL);
  play_transcript (game, "f5d6c3d3c4");
  CHECK_CMP_STR (verso_game_get_opening (game), ==, "Tiger");
  verso_game_go_to (game, 2);
  CHECK_CMP_STR (verso_game_get_opening (game), ==, "Perpendicular");
  verso_game_go_to (game, 0);
  CHECK (verso_game_get_opening (game) == NULL);
  CHECK_CMP_INT (opening_notes, >=, 3);
}

typedef struct {
  const char *text;
  const char *message;
} BadText;

static void test_bad_texts_say_what_and_where (void)
{
  static const BadText cases[] = {
    { "", "there is no game in this text" },
    { "  \n\t  ", "there is no game in this text" },
    { "1. 2. ", "there is no game in this text" },
    { "f5d6a1", "move 3 (a1) is not legal" },
    { "1. f5 d6 2. c3 a1", "move 4 (a1) is not legal" },
    { "f5d6c3d3z9", "move 5: “z9” is not a square" },
    { "f5 d6 c", "move 3: “c” is not a square" },
    { "f5PA", "move 2 is a pass that was not forced" },
    { "hello", "move 1: “he” is not a square" },
    /* 63 squares, then the side. */
    { "---------------------------OX------XO-------------------------- X",
      "line 1, column 64: the board has fewer than 64 squares" },
    { "---------------------------OX------XO--?------------------------ X",
      "line 1, column 40: expected X, O or -" },
    { "\n  ---------------------------OX------XO--------------------------- Z",
      "line 2, column 68: expected the side to move, X or O" },
    { "---------------------------OX------XO--------------------------- X f5",
      "line 1, column 68: unexpected text after the side to move" },
    { "GM[Othello]B[f5]", "not a GGF record" },
    { "(GM[Othello])", "not a GGF record" },
    { "(;GM[Othello]" STANDARD_BO "B[f5]", "the record is not closed" },
    { "(;GM[Othello]" STANDARD_BO "B[f5]W[a1];)", "move 2 (a1) is not legal" },
    { "(;GM[Othello]" STANDARD_BO "B[f5]W[z9];)", "move 2: “z9” is not a square" },
    { "(;GM[Go]" STANDARD_BO ";)", "not a game of Othello" },
    { "(;GM[Othello]B[f5];)", "comes before the board" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *message = game_read_refused (cases[i].text);
    CHECK (strstr (message, cases[i].message), "“%s”: “%s” does not say “%s”", cases[i].text,
           message, cases[i].message);
  }
}

static VersoGame *from_text (const char *text, char **notice)
{
  return game_read (text, VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER, LEVEL_CASUAL, notice);
}

static void assert_same_record (VersoGame *a, VersoGame *b)
{
  const VersoRecord *record_a = verso_game_get_record (a);
  const VersoRecord *record_b = verso_game_get_record (b);
  g_autofree char *transcript_a = whole_transcript (a);
  g_autofree char *transcript_b = whole_transcript (b);

  CHECK_CMP_STR (transcript_a, ==, transcript_b);
  CHECK (board_equal (&verso_record_get_start (record_a)->board, &verso_record_get_start (record_b)->board));
  CHECK_CMP_INT (verso_record_get_start (record_a)->side_to_move, ==, verso_record_get_start (record_b)->side_to_move);
}

/* The first position of tests/data/fforum-20-39.obf, a standard OBF line: a board string, then
 * the scores of its moves. */
#define FFORUM_20_BOARD "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X"
#define FFORUM_20 FFORUM_20_BOARD "; H5:+6; G6:-2; F6:-4; H6:-10;\n"

static void test_obf_line_opens_as_its_position (void)
{
  g_autoptr (VersoGame) game = from_text (FFORUM_20, NULL);
  g_autofree char *board = verso_game_to_text (game, VERSO_FORMAT_BOARD);

  /* The position to play from; the scores are a solver's, not moves of the game. */
  CHECK_CMP_STR (board, ==, FFORUM_20_BOARD);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 0);
  CHECK_CMP_INT (verso_game_get_turn (game), ==, VERSO_COLOR_BLACK);
  CHECK (verso_game_get_legal_moves (game) & board_bit (39));  /* H5 */
}

static void test_bad_obf_lines_say_what_and_where (void)
{
  static const BadText cases[] = {
    { FFORUM_20_BOARD "; H5 +6;", "line 1, column 72: expected ':' and a score after the move" },
    { FFORUM_20_BOARD "; A1:+6;", "line 1, column 69: not a legal move in this position" },
    { FFORUM_20_BOARD "; H5:+99;", "line 1, column 72: expected a score in discs, -64..64" },
    { FFORUM_20_BOARD "; H5:+6; H5:+6;", "line 1, column 76: the same move is listed twice" },
    { FFORUM_20_BOARD "; Z9:+6;", "line 1, column 69: expected a square (column letter a-h) or PA" },
    { FFORUM_20_BOARD "; H5:+6 G6:-2", "line 1, column 75: unexpected text after the end" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *message = game_read_refused (cases[i].text);
    CHECK_CMP_STR (message, ==, cases[i].message);
  }
}

/* tests/data/fforum-20-39.obf, opened as the window opens it: a game of its first position that
 * keeps the 20 positions, each with its line and listed scores. */
static void test_obf_file_gives_its_positions (void)
{
  gsize length = 0, n_listed = 0;
  g_autofree char *text = check_data_contents ("fforum-20-39.obf", &length);
  g_autofree char *board = NULL;
  g_autofree char *third_board = NULL;
  g_autoptr (VersoGame) game = NULL;
  g_autoptr (VersoGame) third = NULL;
  const NotationObfEntry *entry;
  const NotationScoredMove *listed;
  g_auto (GStrv) lines = NULL;

  lines = g_strsplit (text, "\n", -1);
  game = from_text (text, NULL);
  CHECK_CMP_UINT (verso_game_get_n_file_positions (game), ==, 20);
  board = verso_game_to_text (game, VERSO_FORMAT_BOARD);
  CHECK_CMP_STR (board, ==, FFORUM_20_BOARD);
  entry = verso_game_get_file_position (game, 2);
  CHECK_CMP_UINT (entry->line, ==, 3);
  CHECK_CMP_UINT (entry->obf.n_moves, ==, 9);  /* G8 A6 F8 A7 H2 B2 D8 B7 G7 */

  /* The third position as a game of its own: its board, its listed scores, no file. */
  third = verso_game_new_from_file_position (game, 2);
  third_board = verso_game_to_text (third, VERSO_FORMAT_BOARD);
  CHECK (g_str_has_prefix (lines[2], third_board));
  CHECK_CMP_UINT (verso_game_get_n_file_positions (third), ==, 1);
  CHECK (verso_game_get_file (third) == NULL);
  CHECK (!verso_game_get_modified (third));
  CHECK_CMP_INT (verso_game_get_player (third, VERSO_COLOR_WHITE), ==, VERSO_PLAYER_COMPUTER);
  listed = verso_game_get_listed_scores (third, &n_listed);
  REQUIRE (listed != NULL);
  CHECK_CMP_UINT (n_listed, ==, 9);
  CHECK_CMP_INT (listed[0].move, ==, board_square (6, 7));  /* G8:+2 */
  CHECK_CMP_INT (listed[0].score, ==, 2);

  /* Named as the file numbers them: by its name's range when it counts them, else from 1. */
  {
    g_autofree char *counted = verso_game_describe_file_position (game, 2);
    g_autoptr (GFile) numbered = g_file_new_for_path ("problems/fforum-20-39.obf");
    g_autoptr (GFile) other = g_file_new_for_path ("problems/fforum-20-30.obf");
    g_autofree char *by_name = NULL;
    g_autofree char *not_by_name = NULL;
    g_autoptr (VersoGame) chosen = NULL;

    CHECK_CMP_STR (counted, ==, "Position 3");
    CHECK (verso_game_get_file_position_name (third) == NULL);
    verso_game_set_file (game, numbered);
    by_name = verso_game_describe_file_position (game, 2);
    CHECK_CMP_STR (by_name, ==, "#22");
    chosen = verso_game_new_from_file_position (game, 2);
    CHECK_CMP_STR (verso_game_get_file_position_name (chosen), ==, "fforum-20-39.obf · #22");
    verso_game_set_file (game, other);
    not_by_name = verso_game_describe_file_position (game, 2);
    CHECK_CMP_STR (not_by_name, ==, "Position 3");
  }
}

/* The listed scores belong to the position read: another position shown has none. */
static void test_obf_listed_scores_follow_the_position (void)
{
  g_autoptr (VersoGame) game = from_text ("% a comment first\n" FFORUM_20, NULL);
  g_autoptr (GError) error = NULL;
  gsize n_listed = 0;

  CHECK_CMP_UINT (verso_game_get_n_file_positions (game), ==, 1);
  CHECK (verso_game_get_listed_scores (game, &n_listed) != NULL);
  CHECK_CMP_UINT (n_listed, ==, 4);
  verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_HUMAN);
  CHECK (verso_game_play (game, board_square (7, 4), &error));  /* H5 */
  CHECK_NO_ERROR (error);
  CHECK (verso_game_get_listed_scores (game, &n_listed) == NULL);
  CHECK_CMP_UINT (n_listed, ==, 0);
  verso_game_undo (game);
  CHECK (verso_game_get_listed_scores (game, &n_listed) != NULL);
}

/* A bad line among many: the message names its line and column. */
static void test_obf_file_bad_line_says_where (void)
{
  const char *text = "% two good lines, then a bad one\n" FFORUM_20 FFORUM_20
                     FFORUM_20_BOARD "; H5:+6; Q1:+2;\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) game = verso_game_new_from_text (text, strlen (text), VERSO_PLAYER_HUMAN,
                                                         VERSO_PLAYER_HUMAN, LEVEL_BEGINNER, NULL, &error);

  CHECK (game == NULL);
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
  CHECK_CMP_STR (error->message, ==, "line 4, column 76: expected a square (column letter a-h) or PA");
}

static void test_text_round_trips (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);

  for (int n = 0; n < 8; n++) {
    g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
    g_autofree char *ggf = NULL;
    g_autofree char *transcript = NULL;
    g_autofree char *board = NULL;
    g_autoptr (VersoGame) from_ggf = NULL;
    g_autoptr (VersoGame) from_transcript = NULL;
    g_autoptr (VersoGame) from_board = NULL;

    play_random (game, rand, n == 0 ? 64 : g_rand_int_range (rand, 1, 64));
    verso_game_undo (game);
    ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
    transcript = verso_game_to_text (game, VERSO_FORMAT_TRANSCRIPT);
    board = verso_game_to_text (game, VERSO_FORMAT_BOARD);
    CHECK (g_str_has_prefix (ggf, "(;GM[Othello]"));
    REQUIRE (strstr (ggf, "DT[") != NULL);

    /* GGF and transcripts keep the whole record and show its end; a board string, the position
     * shown. */
    from_ggf = from_text (ggf, NULL);
    assert_same_record (from_ggf, game);
    CHECK_CMP_UINT (verso_game_get_ply (from_ggf), ==, verso_game_get_length (game));
    CHECK (!verso_game_get_modified (from_ggf));
    CHECK_CMP_INT (verso_game_get_player (from_ggf, VERSO_COLOR_WHITE), ==, VERSO_PLAYER_COMPUTER);
    CHECK_CMP_INT (verso_game_get_level (from_ggf), ==, LEVEL_CASUAL);
    from_transcript = from_text (transcript, NULL);
    assert_same_record (from_transcript, game);
    from_board = from_text (board, NULL);
    CHECK_CMP_HEX (verso_game_get_discs (from_board, VERSO_COLOR_BLACK), ==, verso_game_get_discs (game, VERSO_COLOR_BLACK));
    CHECK_CMP_HEX (verso_game_get_discs (from_board, VERSO_COLOR_WHITE), ==, verso_game_get_discs (game, VERSO_COLOR_WHITE));
    CHECK_CMP_INT (verso_game_get_turn (from_board), ==, verso_game_get_turn (game));
    CHECK_CMP_UINT (verso_game_get_length (from_board), ==, 0);
  }
}

static void test_players_are_named_in_ggf (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_COMPUTER, VERSO_PLAYER_HUMAN, LEVEL_EXPERT);
  g_autofree char *ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
  g_autofree char *computer = g_strdup_printf ("PB[Verso (%s)]", level_get (LEVEL_EXPERT)->name);

  REQUIRE (strstr (ggf, computer) != NULL);
  CHECK (strstr (ggf, "PW[]") == NULL);
}

static void test_ggf_with_more_records_gives_a_notice (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  g_autofree char *ggf = NULL;
  g_autofree char *three = NULL;
  g_autofree char *notice = NULL;
  g_autoptr (VersoGame) first = NULL;
  g_autoptr (VersoGame) alone = NULL;

  play_transcript (game, "f5d6c3");
  ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
  three = g_strdup_printf ("%s\n%s\n(;GM[Othello]" STANDARD_BO "B[c4];)\n", ggf, ggf);
  first = from_text (three, &notice);
  CHECK_CMP_STR (notice, ==, "The file holds 3 games; the first one is shown.");
  assert_same_record (first, game);
  g_clear_pointer (&notice, g_free);
  alone = from_text (ggf, &notice);
  CHECK (notice == NULL);
}

static void test_setup_game_saves_its_board_in_ggf (void)
{
  Position start = board_position (PASS_BOARD " X");
  g_autoptr (VersoGame) game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                                             LEVEL_BEGINNER, &start);
  g_autofree char *ggf = NULL;
  g_autofree char *transcript = NULL;
  g_autoptr (VersoGame) again = NULL;

  play_transcript (game, "c1");
  ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
  REQUIRE (strstr (ggf, "BO[8 *O----") != NULL);
  again = from_text (ggf, NULL);
  assert_same_record (again, game);
  transcript = whole_transcript (again);
  CHECK_CMP_STR (transcript, ==, "c1PA");
  CHECK (!verso_record_starts_standard (verso_game_get_record (again)));
}

static void on_opened (GObject *source, GAsyncResult *result, gpointer user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static VersoGame *open_file (GFile *file, char **notice, GError **error)
{
  GAsyncResult *result = NULL;
  VersoGame *game;

  verso_game_open_async (file, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER, NULL,
                         on_opened, &result);
  while (!result)
    g_main_context_iteration (NULL, TRUE);
  game = verso_game_open_finish (result, notice, error);
  g_object_unref (result);
  return game;
}

static void test_open_refuses_large_and_binary_files (void)
{
  g_autofree char *path = check_temp_file ("nested/big.txt");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *big = g_strnfill (VERSO_GAME_MAX_FILE_SIZE + 1, ' ');
  static const char binary[] = "\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
  g_autofree char *missing_path = check_temp_file ("nested/missing.ggf");
  g_autoptr (GFile) missing = g_file_new_for_path (missing_path);
  gint64 start;

  /* Spaces only: a file that size would otherwise read as "no game", not as too large. */
  write_file (path, big);
  start = g_get_monotonic_time ();
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (VersoGame) game = open_file (file, NULL, &error);
    CHECK (game == NULL);
    CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
    REQUIRE (strstr (error->message, "too large") != NULL);
  }
  CHECK_CMP_INT (g_get_monotonic_time () - start, <, G_USEC_PER_SEC);

  CHECK (g_file_set_contents (path, binary, sizeof binary - 1, NULL));
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (VersoGame) game = open_file (file, NULL, &error);
    CHECK (game == NULL);
    CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
    REQUIRE (strstr (error->message, "not a text file") != NULL);
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (VersoGame) game = open_file (missing, NULL, &error);
    CHECK (game == NULL);
    CHECK_ERROR (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  }
  check_temp_remove (path);
  check_temp_remove (missing_path);
}

static void test_write_then_open_gives_the_same_record (void)
{
  static const char *const names[] = { "game.ggf", "game.txt", "game.obf" };
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);

  play_transcript (game, "f5d6c3d3c4f4");
  verso_game_undo (game);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    g_autofree char *path = check_temp_file (names[i]);
    g_autoptr (GFile) file = g_file_new_for_path (path);
    g_autoptr (GError) error = NULL;
    g_autoptr (VersoGame) opened = NULL;
    g_autofree char *contents = NULL;

    write_file (path, "old contents");
    CHECK (verso_game_write (game, file, &error));
    CHECK_NO_ERROR (error);
    opened = open_file (file, NULL, &error);
    CHECK_NO_ERROR (error);
    CHECK (g_file_equal (verso_game_get_file (opened), file));
    CHECK (!verso_game_get_modified (opened));
    CHECK (g_file_get_contents (path, &contents, NULL, NULL));
    if (i == 2) {
      /* A board string keeps the position shown. */
      CHECK_CMP_HEX (verso_game_get_discs (opened, VERSO_COLOR_BLACK), ==, verso_game_get_discs (game, VERSO_COLOR_BLACK));
      CHECK_CMP_UINT (verso_game_get_length (opened), ==, 0);
    } else {
      assert_same_record (opened, game);
      CHECK_CMP_UINT (verso_game_get_ply (opened), ==, 6);
    }
    if (i == 1)
      CHECK_CMP_STR (contents, ==, "f5d6c3d3c4f4\n");
    check_temp_remove (path);
  }
}

static void test_saved_session_keeps_start_file_and_flags (void)
{
  Position start = board_position (PASS_BOARD " X");
  g_autoptr (VersoGame) game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER,
                                                             LEVEL_BEGINNER, &start);
  g_autofree char *path = check_temp_file ("nested/game.ini");
  g_autoptr (GFile) file = g_file_new_for_path ("/tmp/some game.ggf");
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) loaded = NULL;

  verso_game_set_move_delay (game, 0);
  play_transcript (game, "c1");
  CHECK (verso_game_play (game, square ("f8"), NULL));
  /* Two computers, shown where black moves with a move recorded after: they wait. */
  verso_game_set_player (game, VERSO_COLOR_BLACK, VERSO_PLAYER_COMPUTER);
  verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_COMPUTER);
  verso_game_go_to (game, 2);
  CHECK (verso_game_get_paused (game));
  verso_game_set_file (game, file);
  CHECK (verso_game_save (game, path, &error));
  CHECK_NO_ERROR (error);

  loaded = verso_game_load (path, &error);
  CHECK_NO_ERROR (error);
  assert_same_record (loaded, game);
  CHECK_CMP_UINT (verso_game_get_ply (loaded), ==, 2);
  CHECK (verso_game_get_paused (loaded));
  CHECK (verso_game_get_modified (loaded));
  CHECK (g_file_equal (verso_game_get_file (loaded), file));

  write_file (path, GOOD_HEADER "Start=" PASS_BOARD " Q\nMoves=\nShown=0\n");
  g_clear_object (&loaded);
  g_clear_error (&error);
  loaded = verso_game_load (path, &error);
  CHECK (loaded == NULL);
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
  REQUIRE (strstr (error->message, "column 66") != NULL);
  assert_bad_file (path, GOOD_HEADER "Moves=\nShown=0\nPaused=maybe\n", "maybe");
  assert_bad_file (path, GOOD_HEADER "Moves=\nShown=0\nFile=not a uri\n", "not a URI");
  check_temp_remove (path);
}

int main (int argc, char *argv[])
{
  check_glib_init ();

  check_run ("/game/start-position", test_start_position);
  check_run ("/game/move-flips-and-changes-turn", test_move_flips_and_changes_turn);
  check_run ("/game/illegal-move-changes-nothing", test_illegal_move_changes_nothing);
  check_run ("/game/human-cannot-move-for-the-computer", test_human_cannot_move_for_the_computer);
  check_run ("/game/passes-and-game-end", test_passes_and_game_end);
  check_run ("/game/undo-and-redo", test_undo_and_redo);
  check_run ("/game/undo-against-computer-returns-to-human-turn", test_undo_against_computer_returns_to_human_turn);
  check_run ("/game/undo-while-computer-thinks-drops-its-answer", test_undo_while_computer_thinks_drops_its_answer);
  check_run ("/game/answer-waiting-for-its-delay-is-dropped", test_answer_waiting_for_its_delay_is_dropped);
  check_run ("/game/new-level-restarts-the-search", test_new_level_restarts_the_search);
  check_run ("/game/move-appears-after-delay", test_move_appears_after_delay);
  check_run ("/game/computer-plays-itself-to-the-end", test_computer_plays_itself_to_the_end);
  check_run ("/game/game-dropped-while-thinking-is-finalized", test_game_dropped_while_thinking_is_finalized);
  check_run ("/game/hint-is-a-legal-move", test_hint_is_a_legal_move);
  check_run ("/game/save-and-load-round-trip", test_save_and_load_round_trip);
  check_run ("/game/bad-saved-games-are-refused", test_bad_saved_games_are_refused);
  check_run ("/game/restore-sets-a-bad-file-aside", test_restore_sets_a_bad_file_aside);
  check_run ("/game/new-from-position-plays-the-forced-pass", test_new_from_position_plays_the_forced_pass);
  check_run ("/game/back-and-forward-step-over-a-forced-pass", test_back_and_forward_step_over_a_forced_pass);
  check_run ("/game/new-from-position-finished", test_new_from_position_finished);
  check_run ("/game/final-count-gives-the-empty-squares-to-the-winner",
             test_final_count_gives_the_empty_squares_to_the_winner);
  check_run ("/game/go-to-pauses-the-computer", test_go_to_pauses_the_computer);
  check_run ("/game/computers-wait-where-navigation-left-them", test_computers_wait_where_navigation_left_them);
  check_run ("/game/modified-and-file", test_modified_and_file);
  check_run ("/game/opening-follows-the-position-shown", test_opening_follows_the_position_shown);
  check_run ("/game/bad-texts-say-what-and-where", test_bad_texts_say_what_and_where);
  check_run ("/game/obf-line-opens-as-its-position", test_obf_line_opens_as_its_position);
  check_run ("/game/bad-obf-lines-say-what-and-where", test_bad_obf_lines_say_what_and_where);
  check_run ("/game/obf-file-gives-its-positions", test_obf_file_gives_its_positions);
  check_run ("/game/obf-listed-scores-follow-the-position", test_obf_listed_scores_follow_the_position);
  check_run ("/game/obf-file-bad-line-says-where", test_obf_file_bad_line_says_where);
  check_run ("/game/text-round-trips", test_text_round_trips);
  check_run ("/game/players-are-named-in-ggf", test_players_are_named_in_ggf);
  check_run ("/game/ggf-with-more-records-gives-a-notice", test_ggf_with_more_records_gives_a_notice);
  check_run ("/game/setup-game-saves-its-board-in-ggf", test_setup_game_saves_its_board_in_ggf);
  check_run ("/game/open-refuses-large-and-binary-files", test_open_refuses_large_and_binary_files);
  check_run ("/game/write-then-open-gives-the-same-record", test_write_then_open_gives_the_same_record);
  check_run ("/game/saved-session-keeps-start-file-and-flags", test_saved_session_keeps_start_file_and_flags);
  return check_finish ();
}
