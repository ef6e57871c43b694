/* test-game-hint-engine.c: hints from another engine over NBoard (verso-game-hint-engine.c):
 * verso-engine's own NBoard engine answering with its move and score, one process kept from hint
 * to hint; the fake engine's score read to the nearest disc, or none; every failure (no start,
 * silence, an exit, garbage, an illegal move, no answer in time) said in a message naming the
 * engine, its process stopped, and Verso's own hint given instead; a hint cancelled, or asked in
 * a position that changed, ending at once with the engine killed; no hint engine, Verso's hints.
 * Usage: test-game-hint-engine VERSO_ENGINE FAKE_ENGINE */
#include "engine-test.h"
#include "game-test.h"
#include "test-main-loop.h"
#include "verso-game-private.h"

/* What one hint answered. */
typedef struct {
  gboolean done;
  int move;
  int disc_difference;
  gboolean exact;
  int depth;
  char *engine;         /* who answered: NULL for Verso */
  gboolean has_score;
  char *failure;
  char *detail;
  GError *error;
} Hint;

static void hint_clear (Hint *hint)
{
  g_free (hint->engine);
  g_free (hint->failure);
  g_free (hint->detail);
  g_clear_error (&hint->error);
  memset (hint, 0, sizeof *hint);
}

static void hint_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Hint *hint = user_data;
  VersoGame *game = VERSO_GAME (source);
  const char *detail = NULL;

  hint->move = verso_game_hint_finish (game, result, &hint->disc_difference, &hint->exact, &hint->error);
  hint->depth = verso_game_hint_get_depth (game, result);
  hint->engine = g_strdup (verso_game_hint_get_engine (game, result, &hint->has_score));
  hint->failure = g_strdup (verso_game_hint_get_engine_failure (game, result, &detail));
  hint->detail = g_strdup (detail);
  hint->done = TRUE;
}

static gboolean hint_done (gpointer hint)
{
  return ((Hint *) hint)->done;
}

/* A game between two people whose hints come from command (named name), with quick analyses of
 * Verso's own for the hints it gives instead. */
static VersoGame *hint_game (const char *name, const char *command, int depth)
{
  VersoGame *game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);

  verso_game_set_analysis_limits (game, 4, 10, 0);
  verso_game_set_engine_limits (game, 10, 10);
  verso_game_set_hint_engine (game, name, command, depth);
  return game;
}

/* Asks a hint and waits for it (seconds at most). */
static void ask_hint (VersoGame *game, GCancellable *cancellable, Hint *hint, double seconds)
{
  hint_clear (hint);
  verso_game_hint_async (game, cancellable, hint_ready, hint);
  REQUIRE (wait_for (hint_done, hint, seconds), "no hint within %g s", seconds);
}

static gboolean legal (VersoGame *game, int move)
{
  return move >= 0 && move < 64 && (verso_game_get_legal_moves (game) & board_bit (move));
}

static void test_verso_engine_gives_hints (void)
{
  g_autofree char *command = verso_command ();
  VersoGame *game = hint_game ("Verso NBoard", command, 2);
  Hint hint = { 0 };
  const char *name = NULL, *hint_command = NULL;
  int depth = 0, pid = 0, again = 0;

  CHECK (verso_game_get_hint_engine (game, &name, &hint_command, &depth));
  CHECK_CMP_STR (name, ==, "Verso NBoard");
  CHECK_CMP_STR (hint_command, ==, command);
  CHECK_CMP_INT (depth, ==, 2);
  CHECK (verso_game_play (game, square ("f5"), NULL));
  ask_hint (game, NULL, &hint, 30);
  CHECK_NO_ERROR (hint.error);
  CHECK (legal (game, hint.move), "hint %d", hint.move);
  CHECK_CMP_STR (hint.engine, ==, "Verso NBoard");
  CHECK (hint.has_score);
  CHECK (!hint.exact);
  CHECK (hint.failure == NULL, "%s", hint.failure);
  /* The engine is kept for the next hint, in the next position. */
  CHECK_CMP_INT (count_children (&pid), ==, 1);
  CHECK (verso_game_play (game, hint.move, NULL));
  ask_hint (game, NULL, &hint, 30);
  CHECK_NO_ERROR (hint.error);
  CHECK (legal (game, hint.move), "hint %d", hint.move);
  CHECK_CMP_INT (count_children (&again), ==, 1);
  CHECK_CMP_INT (again, ==, pid);
  /* A new name for the same program at the same depth keeps its process too. */
  verso_game_set_hint_engine (game, "Renamed", command, 2);
  ask_hint (game, NULL, &hint, 30);
  CHECK_CMP_STR (hint.engine, ==, "Renamed");
  CHECK_CMP_INT (count_children (&again), ==, 1);
  CHECK_CMP_INT (again, ==, pid);
  /* No hint engine: Verso's own analysis answers, and the engine is stopped. */
  verso_game_set_hint_engine (game, NULL, NULL, 0);
  CHECK (!verso_game_get_hint_engine (game, &name, NULL, NULL));
  CHECK (name == NULL);
  CHECK (wait_for (no_children, NULL, 5), "the engine still runs without hints to give");
  ask_hint (game, NULL, &hint, 30);
  CHECK_NO_ERROR (hint.error);
  CHECK (legal (game, hint.move), "hint %d", hint.move);
  CHECK (hint.engine == NULL);
  CHECK_CMP_INT (hint.depth, >, 0);
  CHECK_FINALIZE (game);
  CHECK (wait_for (no_children, NULL, 5), "an engine still runs after the game");
  hint_clear (&hint);
}

/* The score that comes with the move, to the nearest disc, or none. */
static void test_scores (void)
{
  static const struct {
    const char *mode;
    gboolean has_score;
    int disc_difference;
  } cases[] = {
    { "scored 4.6", TRUE, 5 },
    { "scored -3.4", TRUE, -3 },
    { "scored 0.4", TRUE, 0 },
    { "bare", FALSE, 0 },
    { "scored 1e5", TRUE, 64 },
  };
  Hint hint = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *command = fake_command (cases[i].mode);
    VersoGame *game = hint_game ("Fake", command, 0);

    ask_hint (game, NULL, &hint, 20);
    CHECK_NO_ERROR (hint.error);
    /* The fake engine plays the first legal move: d3 at the start. */
    CHECK_CMP_INT (hint.move, ==, square ("d3"));
    CHECK_CMP_STR (hint.engine, ==, "Fake");
    CHECK (hint.has_score == cases[i].has_score, "%s", cases[i].mode);
    CHECK_CMP_INT (hint.disc_difference, ==, cases[i].disc_difference);
    CHECK (!hint.exact);
    CHECK_CMP_INT (hint.depth, ==, 0);
    CHECK_FINALIZE (game);
    CHECK (wait_for (no_children, NULL, 5), "%s: the engine still runs after the game", cases[i].mode);
  }
  hint_clear (&hint);
}

/* The hint engine of mode (failure_command) fails: Verso's own hint answers, with a message that
 * says `said` and a detail that says `detail`, and the engine no longer runs. */
static void check_failure (const char *mode, double start_limit, double move_limit, const char *said,
                           const char *detail)
{
  g_autofree char *command = failure_command (mode);
  VersoGame *game = hint_game ("Fake", command, 0);
  Hint hint = { 0 };
  gint64 started = g_get_monotonic_time ();

  verso_game_set_engine_limits (game, start_limit, move_limit);
  CHECK (verso_game_play (game, square ("f5"), NULL));
  ask_hint (game, NULL, &hint, 20);
  CHECK ((g_get_monotonic_time () - started) / G_USEC_PER_SEC < 10, "%s: took too long", command);
  CHECK_NO_ERROR (hint.error);
  CHECK (legal (game, hint.move), "%s: hint %d", command, hint.move);
  CHECK (hint.engine == NULL, "%s: answered by %s", command, hint.engine);
  CHECK_CMP_INT (hint.depth, >, 0);
  CHECK (hint.failure && strstr (hint.failure, said), "%s: “%s”", command, hint.failure);
  CHECK (hint.detail && strstr (hint.detail, detail), "%s: “%s”", command, hint.detail);
  CHECK (wait_for (no_children, NULL, 5), "%s: the engine still runs", command);
  /* The game goes on; the engine is still the one asked. */
  CHECK (verso_game_get_hint_engine (game, NULL, NULL, NULL));
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 1);
  CHECK_FINALIZE (game);
  hint_clear (&hint);
}

static void test_failures_give_verso_hint (void)
{
  check_failure ("exit-mid-game 0", 10, 10, "The engine “Fake” stopped before it gave a hint.",
                 "exited with status 4 during its move");
  check_failure ("garbage", 10, 10, "The engine “Fake” answered with something that is not a move.",
                 "answered '=== hello'");
  check_failure ("illegal", 10, 10, "The engine “Fake” suggested an illegal move.", "not a legal move");
  check_failure ("hang", 10, 1, "The engine “Fake” gave no hint within 1 second.",
                 "did not answer go within 1 s");
  check_failure ("exit-at-start", 10, 10, "The engine “Fake” could not be started.", "exited with status 3 at start");
  check_failure ("silent", 1, 10, "The engine “Fake” did not start within 1 second.", "did not answer ping");
  check_failure ("/nonexistent/engine", 10, 10, "The engine “Fake” could not be started.", "status 127");
}

static gboolean engine_runs (gpointer unused)
{
  int pid;

  (void) unused;
  return count_children (&pid) == 1;
}

/* A hint the engine takes long over: given up, or the position changed, it ends at once as
 * cancelled, its engine killed; the next hint starts the engine again. */
static void test_cancel_and_stale (void)
{
  g_autofree char *hang = fake_command ("hang");
  VersoGame *game = hint_game ("Fake", hang, 0);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  Hint hint = { 0 };
  gint64 started;

  verso_game_set_engine_limits (game, 10, 60);
  verso_game_hint_async (game, cancellable, hint_ready, &hint);
  REQUIRE (wait_for (engine_runs, NULL, 10));
  run_for (0.2);
  CHECK (!hint.done);
  started = g_get_monotonic_time ();
  g_cancellable_cancel (cancellable);
  CHECK (wait_for (hint_done, &hint, 2), "the cancelled hint did not end");
  CHECK_ERROR (hint.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  CHECK_CMP_INT (hint.move, ==, -1);
  CHECK (wait_for (no_children, NULL, 2), "the engine still runs after the cancel");
  CHECK ((g_get_monotonic_time () - started) / 1000 < 2000, "the cancel took %" G_GINT64_FORMAT
         " ms", (g_get_monotonic_time () - started) / 1000);

  /* Asked again, then a move: the hint was for a position no longer shown. */
  hint_clear (&hint);
  verso_game_hint_async (game, NULL, hint_ready, &hint);
  REQUIRE (wait_for (engine_runs, NULL, 10));
  run_for (0.2);
  CHECK (!hint.done);
  started = g_get_monotonic_time ();
  CHECK (verso_game_play (game, square ("f5"), NULL));
  CHECK (wait_for (hint_done, &hint, 2), "the stale hint did not end");
  CHECK_ERROR (hint.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  CHECK (hint.failure == NULL, "%s", hint.failure);
  CHECK (wait_for (no_children, NULL, 2), "the engine still runs after the move");
  CHECK ((g_get_monotonic_time () - started) / 1000 < 2000, "the move's cancel took %" G_GINT64_FORMAT
         " ms", (g_get_monotonic_time () - started) / 1000);
  CHECK_FINALIZE (game);
  hint_clear (&hint);
}

int main (int argc, char *argv[])
{
  check_engine_arguments (argc, argv, &verso_engine, &fake_engine);
  check_glib_init ();
  check_run ("/hint-engine/verso-engine-gives-hints", test_verso_engine_gives_hints);
  check_run ("/hint-engine/scores", test_scores);
  check_run ("/hint-engine/failures-give-verso-hint", test_failures_give_verso_hint);
  check_run ("/hint-engine/cancel-and-stale", test_cancel_and_stale);
  return check_finish ();
}
