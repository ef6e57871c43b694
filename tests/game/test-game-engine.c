/* test-game-engine.c: another engine over NBoard playing a colour of the game model: verso-engine's
 * own NBoard engine playing White to the end, one process for the whole game; the fake engine of
 * tests/cli misbehaving (exits, garbage, an illegal move, silence, no start), each failure leaving
 * the game at its last legal move with the colour to a person and a message naming the engine;
 * the computer stopped mid-think, at once and without a process left; the session; the check of
 * a command.
 * Usage: test-game-engine VERSO_ENGINE FAKE_ENGINE */
#include "engine-test.h"
#include "game-test.h"
#include "test-main-loop.h"
#include "verso-hosted-engine.h"

typedef struct {
  guint count;
  int color;
  char *message;
  char *detail;
} Failure;

static void on_engine_failed (VersoGame *game, int color, const char *message, const char *detail,
                              Failure *failure)
{
  (void) game;
  failure->count++;
  failure->color = color;
  g_free (failure->message);
  g_free (failure->detail);
  failure->message = g_strdup (message);
  failure->detail = g_strdup (detail);
}

static void failure_clear (Failure *failure)
{
  g_free (failure->message);
  g_free (failure->detail);
}

/* A game from the standard start, Black the test's, White the engine's. */
static VersoGame *engine_game (const char *name, const char *command, int depth, Failure *failure)
{
  VersoGame *game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);

  verso_game_set_move_delay (game, 0);
  verso_game_set_engine_limits (game, 10, 10);
  g_signal_connect (game, "engine-failed", G_CALLBACK (on_engine_failed), failure);
  verso_game_set_engine_for (game, VERSO_COLOR_WHITE, name, command, depth);
  return game;
}

static gboolean human_turn_or_over (gpointer game)
{
  return verso_game_is_over (game) || verso_game_is_human_turn (game);
}

/* Plays the first legal move of the side to move (a person's). */
static void play_first_move (VersoGame *game)
{
  guint64 legal = verso_game_get_legal_moves (game);

  REQUIRE (legal != 0);
  REQUIRE (verso_game_play (game, __builtin_ctzll (legal), NULL));
}

static void test_verso_plays_white_to_the_end (void)
{
  g_autofree char *command = verso_command ();
  Failure failure = { 0 };
  VersoGame *game = engine_game ("Verso's engine", command, 2, &failure);
  const char *name = NULL;
  g_autofree char *ggf = NULL;
  int engine_pid = 0, pid;

  while (!verso_game_is_over (game)) {
    if (verso_game_is_human_turn (game))
      play_first_move (game);
    REQUIRE (wait_for (human_turn_or_over, game, 30), "no move after %u plies",
             verso_game_get_length (game));
    /* One process for the whole game, started with its first move. */
    if (verso_game_get_length (game) > 1 && count_children (&pid) == 1) {
      if (!engine_pid)
        engine_pid = pid;
      CHECK_CMP_INT (pid, ==, engine_pid);
    }
  }
  CHECK_CMP_UINT (failure.count, ==, 0);
  CHECK (engine_pid != 0);
  CHECK (verso_game_get_length (game) >= 58, "%u plies", verso_game_get_length (game));
  CHECK (verso_game_get_engine_for (game, VERSO_COLOR_WHITE, &name, NULL, NULL));
  CHECK_CMP_STR (name, ==, "Verso");
  ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
  CHECK (strstr (ggf, "PW[Verso]"), "%s", ggf);
  {
    /* The record reads back as the game played. */
    g_autoptr (VersoGame) again = game_read (ggf, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER, NULL);
    g_autofree char *played = whole_transcript (game);
    g_autofree char *read = whole_transcript (again);
    CHECK_CMP_STR (read, ==, played);
  }
  CHECK_FINALIZE (game);
  CHECK (wait_for (no_children, NULL, 5), "the engine still runs after the game");
  failure_clear (&failure);
}

/* The engine of mode (failure_command) fails: the test's Black moves until it does; then the
 * game is at its last legal move after `plies` plies, White is a person's, and the message says
 * `said` and the detail `detail`. */
static void check_failure (const char *mode, double start_limit, double move_limit, guint plies,
                           const char *said, const char *detail)
{
  g_autofree char *command = failure_command (mode);
  Failure failure = { 0 };
  VersoGame *game = engine_game ("Fake", command, 0, &failure);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gint64 started = g_get_monotonic_time ();

  verso_game_set_engine_limits (game, start_limit, move_limit);
  while (failure.count == 0 && !verso_game_is_over (game)) {
    if (verso_game_is_human_turn (game))
      play_first_move (game);
    before = (g_free (before), whole_transcript (game));
    REQUIRE (wait_for (human_turn_or_over, game, 20), "%s: no answer", command);
  }
  CHECK ((g_get_monotonic_time () - started) / G_USEC_PER_SEC < 10, "%s: took too long", command);
  CHECK_CMP_UINT (failure.count, ==, 1);
  CHECK_CMP_INT (failure.color, ==, VERSO_COLOR_WHITE);
  CHECK (failure.message && strstr (failure.message, said), "%s: “%s”", command, failure.message);
  CHECK (failure.detail && strstr (failure.detail, detail), "%s: “%s”", command, failure.detail);
  /* Nothing of the record is lost, and the person plays on for White. */
  after = whole_transcript (game);
  CHECK_CMP_STR (after, ==, before);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, plies);
  CHECK_CMP_INT (verso_game_get_turn (game), ==, VERSO_COLOR_WHITE);
  CHECK_CMP_INT (verso_game_get_player (game, VERSO_COLOR_WHITE), ==, VERSO_PLAYER_HUMAN);
  CHECK (!verso_game_get_engine_for (game, VERSO_COLOR_WHITE, NULL, NULL, NULL));
  CHECK (!verso_game_get_thinking (game));
  CHECK (verso_game_is_human_turn (game));
  play_first_move (game);
  CHECK (wait_for (no_children, NULL, 5), "%s: the engine still runs", command);
  CHECK_FINALIZE (game);
  failure_clear (&failure);
}

static void test_failures_go_to_a_person (void)
{
  check_failure ("exit-mid-game 2", 10, 10, 5, "“Fake-exit-mid-game” stopped during its move",
                 "exited with status 4 during its move");
  check_failure ("garbage", 10, 10, 1, "“Fake-garbage” answered with something that is not a move",
                 "answered '=== hello'");
  check_failure ("illegal", 10, 10, 1, "“Fake-illegal” played an illegal move", "not a legal move");
  check_failure ("hang", 10, 1, 1, "“Fake-hang” did not move within 1 second.", "did not answer go within 1 s");
  check_failure ("exit-at-start", 10, 10, 1, "“Fake” could not be started", "exited with status 3 at start");
  check_failure ("silent", 1, 10, 1, "“Fake” did not start within 1 second.", "did not answer ping");
  check_failure ("/nonexistent/engine", 10, 10, 1, "“Fake” could not be started", "status 127");
}

static gboolean engine_thinking (gpointer game)
{
  int pid;

  return verso_game_get_thinking (game) && count_children (&pid) == 1;
}

/* Undo, then dropping the game, while the engine thinks: each ends its wait at once. */
static void test_stop_mid_think (void)
{
  g_autofree char *hang = fake_command ("hang");
  Failure failure = { 0 };
  VersoGame *game = engine_game ("Fake", hang, 0, &failure);
  gint64 started;

  verso_game_set_engine_limits (game, 10, 60);
  play_first_move (game);
  REQUIRE (wait_for (engine_thinking, game, 10));
  run_for (0.2);
  started = g_get_monotonic_time ();
  verso_game_undo (game);
  CHECK (!verso_game_get_thinking (game));
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 0);
  CHECK (wait_for (no_children, NULL, 2), "the engine still runs after undo");
  CHECK ((g_get_monotonic_time () - started) / 1000 < 2000, "undo took %" G_GINT64_FORMAT " ms",
         (g_get_monotonic_time () - started) / 1000);
  /* The engine is started again for the next move. */
  play_first_move (game);
  REQUIRE (wait_for (engine_thinking, game, 10));
  started = g_get_monotonic_time ();
  CHECK_FINALIZE (game);
  CHECK (wait_for (no_children, NULL, 2), "the engine still runs after the game");
  CHECK ((g_get_monotonic_time () - started) / 1000 < 2000, "dropping the game took %" G_GINT64_FORMAT " ms",
         (g_get_monotonic_time () - started) / 1000);
  CHECK_CMP_UINT (failure.count, ==, 0);
  failure_clear (&failure);
}

static void test_session_keeps_the_engine (void)
{
  g_autofree char *command = fake_command ("good");
  g_autofree char *path = check_temp_file ("engine.ini");
  g_autoptr (GError) error = NULL;
  Failure failure = { 0 };
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  const char *name = NULL, *loaded_command = NULL;
  int depth = 0;

  /* Black moves first: the engine is not asked before the game is saved. */
  verso_game_set_engine_for (game, VERSO_COLOR_WHITE, "My engine", command, 7);
  CHECK (verso_game_save (game, path, &error));
  CHECK_NO_ERROR (error);
  {
    g_autoptr (VersoGame) loaded = verso_game_load (path, &error);
    CHECK_NO_ERROR (error);
    REQUIRE (loaded != NULL);
    CHECK_CMP_INT (verso_game_get_player (loaded, VERSO_COLOR_WHITE), ==, VERSO_PLAYER_COMPUTER);
    CHECK (verso_game_get_engine_for (loaded, VERSO_COLOR_WHITE, &name, &loaded_command, &depth));
    CHECK_CMP_STR (name, ==, "My engine");
    CHECK_CMP_STR (loaded_command, ==, command);
    CHECK_CMP_INT (depth, ==, 7);
    CHECK (!verso_game_get_engine_for (loaded, VERSO_COLOR_BLACK, NULL, NULL, NULL));
  }
  /* Verso's own player for the colour ends the engine. */
  verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_COMPUTER);
  CHECK (!verso_game_get_engine_for (game, VERSO_COLOR_WHITE, NULL, NULL, NULL));
  failure_clear (&failure);
}

/* An engine whose player is a person does not read back. */
static void test_session_refuses_an_engine_for_a_person (void)
{
  g_autofree char *path = check_temp_file ("engine-person.ini");
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  g_autofree char *text = NULL;
  g_autofree char *damaged = NULL;
  g_auto (GStrv) parts = NULL;

  verso_game_set_engine_for (game, VERSO_COLOR_WHITE, "E", "engine --nboard", 3);
  CHECK (verso_game_save (game, path, &error));
  REQUIRE (g_file_get_contents (path, &text, NULL, NULL));
  parts = g_strsplit (text, "\nWhite=computer\n", -1);
  REQUIRE (g_strv_length (parts) == 2);
  damaged = g_strjoinv ("\nWhite=human\n", parts);
  REQUIRE (g_file_set_contents (path, damaged, -1, NULL));
  g_autoptr (VersoGame) loaded = verso_game_load (path, &error);
  CHECK (loaded == NULL);
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
}

typedef struct {
  gboolean done;
  char *name;
  GError *error;
} Check;

static void check_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Check *check = user_data;

  (void) source;
  check->name = verso_hosted_engine_check_finish (result, &check->error);
  check->done = TRUE;
}

static gboolean check_is_done (gpointer check)
{
  return ((Check *) check)->done;
}

static void test_check_names_the_engine (void)
{
  g_autofree char *command = verso_command ();
  g_autofree char *at_start = fake_command ("exit-at-start");
  Check good = { 0 }, bad = { 0 };

  verso_hosted_engine_check_async (command, 10, NULL, check_done, &good);
  verso_hosted_engine_check_async (at_start, 10, NULL, check_done, &bad);
  REQUIRE (wait_for (check_is_done, &good, 20) && wait_for (check_is_done, &bad, 20));
  CHECK_NO_ERROR (good.error);
  CHECK_CMP_STR (good.name, ==, "Verso");
  CHECK (bad.name == NULL);
  CHECK_ERROR (bad.error, VERSO_HOSTED_ENGINE_ERROR, VERSO_HOSTED_ENGINE_ERROR_NOT_STARTED);
  CHECK (strstr (bad.error->message, "exited with status 3"), "%s", bad.error->message);
  CHECK (wait_for (no_children, NULL, 5));
  g_free (good.name);
  g_clear_error (&good.error);
  g_clear_error (&bad.error);
}

int main (int argc, char *argv[])
{
  check_engine_arguments (argc, argv, &verso_engine, &fake_engine);
  check_glib_init ();
  check_run ("/engine/verso-plays-white-to-the-end", test_verso_plays_white_to_the_end);
  check_run ("/engine/failures-go-to-a-person", test_failures_go_to_a_person);
  check_run ("/engine/stop-mid-think", test_stop_mid_think);
  check_run ("/engine/session-keeps-the-engine", test_session_keeps_the_engine);
  check_run ("/engine/session-refuses-an-engine-for-a-person", test_session_refuses_an_engine_for_a_person);
  check_run ("/engine/check-names-the-engine", test_check_names_the_engine);
  return check_finish ();
}
