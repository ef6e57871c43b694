/* test-nboard-client.c: the NBoard client (src/host) against verso-engine's own NBoard engine
 * and the fake engine of tests/cli, each misbehaving as told: start, ping, a move, every error
 * with its status and message, a wait cancelled from another thread, no process left behind and
 * no descriptor leaked.
 * Usage: test-nboard-client VERSO_ENGINE FAKE_ENGINE */
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "clock.h"
#include "nboard-client.h"

static const char *verso_engine, *fake_engine;

/* The open descriptors of this process. */
static int count_descriptors (void)
{
  DIR *dir = opendir ("/proc/self/fd");
  if (!dir)
    return -1;
  int count = 0;
  while (readdir (dir))
    count++;
  closedir (dir);
  return count;
}

/* A client for the fake engine in `mode`. */
static NboardClient *fake (const char *mode)
{
  char command[4096];
  snprintf (command, sizeof command, "exec python3 '%s' %s", fake_engine, mode);
  NboardClient *client = nboard_client_new (command);
  REQUIRE (client, "out of memory");
  return client;
}

/* The standard start, with f5 played. */
static NotationGame opening (void)
{
  NotationGame game;
  memset (&game, 0, sizeof game);
  position_init (&game.start);
  game.n_moves = 1;
  game.moves[0] = 37; /* f5 */
  return game;
}

static void test_verso_plays_a_move (void)
{
  char command[4096];
  snprintf (command, sizeof command, "'%s' nboard", verso_engine);
  NboardClient *client = nboard_client_new (command);
  REQUIRE (client);
  CHECK_CMP_INT (nboard_client_start (client, 30), ==, NBOARD_CLIENT_OK);
  CHECK_CMP_STR (nboard_client_name (client), ==, "Verso");
  CHECK_CMP_INT (nboard_client_set_depth (client, 2), ==, NBOARD_CLIENT_OK);
  NotationGame game = opening ();
  /* On a clock, as match sends it: TI and the move's seconds. */
  game.clock.known = true;
  game.clock.main[0] = game.clock.main[1] = 60;
  game.clock.move_seconds[0] = 0.5;
  NboardMove move;
  CHECK_CMP_INT (nboard_client_go (client, &game, 30, &move), ==, NBOARD_CLIENT_OK);
  Position after = notation_game_position (&game, 1);
  CHECK (move.move >= 0 && move.move < 64
         && (board_legal_moves (&after.board) & board_bit (move.move)), "move %d", move.move);
  CHECK (move.has_score && move.seconds >= 0);
  /* A second move in the same process. */
  game.moves[game.n_moves++] = move.move;
  CHECK_CMP_INT (nboard_client_go (client, &game, 30, &move), ==, NBOARD_CLIENT_OK);
  CHECK_CMP_STR (nboard_client_error (client), ==, "");
  nboard_client_stop (client);
  CHECK (!nboard_client_running (client));
  nboard_client_free (client);
}

static void test_noise_is_skipped (void)
{
  NboardClient *client = fake ("noisy");
  CHECK_CMP_INT (nboard_client_start (client, 10), ==, NBOARD_CLIENT_OK);
  CHECK_CMP_STR (nboard_client_name (client), ==, "Fake-noisy");
  NotationGame game = opening ();
  NboardMove move;
  CHECK_CMP_INT (nboard_client_go (client, &game, 10, &move), ==, NBOARD_CLIENT_OK);
  CHECK_CMP_INT (move.move, ==, 29); /* f4: of white's d6, f4 and f6, the first square */
  CHECK (move.has_score && move.score == 0 && move.seconds > 0);
  nboard_client_free (client);
}

/* One misbehaviour: the status and the message expected, the process gone after. The wait
 * that is to time out is 1 s; the others are long, for a loaded machine's Python. */
static void check_failure (const char *mode, bool at_start, NboardClientStatus expected,
                           const char *message)
{
  NboardClient *client = fake (mode);
  double started = clock_seconds ();
  bool timeout = expected == NBOARD_CLIENT_TIMEOUT;
  NboardClientStatus status = nboard_client_start (client, at_start && timeout ? 1 : 20);
  if (!at_start) {
    CHECK_CMP_INT (status, ==, NBOARD_CLIENT_OK);
    NotationGame game = opening ();
    NboardMove move;
    started = clock_seconds ();
    status = nboard_client_go (client, &game, timeout ? 1 : 20, &move);
  }
  CHECK (status == expected, "%s: status %d, expected %d", mode, status, expected);
  CHECK (strstr (nboard_client_error (client), message), "%s: '%s' lacks '%s'", mode,
         nboard_client_error (client), message);
  CHECK (!nboard_client_running (client), "%s: the engine still runs", mode);
  CHECK (clock_seconds () - started < (timeout ? 5 : 20), "%s: took %.1f s", mode,
         clock_seconds () - started);
  /* After a failure, nothing more is sent. */
  NotationGame game = opening ();
  NboardMove move;
  CHECK_CMP_INT (nboard_client_go (client, &game, 1, &move), ==, NBOARD_CLIENT_NOT_STARTED);
  nboard_client_free (client);
}

static void test_failures (void)
{
  check_failure ("exit-at-start", true, NBOARD_CLIENT_EXITED, "exited with status 3 at start");
  check_failure ("silent", true, NBOARD_CLIENT_TIMEOUT, "did not answer ping within 1 s at start");
  check_failure ("exit-mid-game 0", false, NBOARD_CLIENT_EXITED,
                 "'Fake-exit-mid-game' exited with status 4 during its move");
  check_failure ("garbage", false, NBOARD_CLIENT_GARBAGE, "answered '=== hello' during its move");
  check_failure ("illegal", false, NBOARD_CLIENT_ILLEGAL_MOVE,
                 "answered '=== D4' during its move: not a legal move for white");
  check_failure ("long-reply", false, NBOARD_CLIENT_GARBAGE, "longer than 4096 bytes");
  check_failure ("hang", false, NBOARD_CLIENT_TIMEOUT, "did not answer go within 1 s");
  /* exec: the engine is the process itself, killed by its own signal. */
  check_failure ("crash 0", false, NBOARD_CLIENT_EXITED, "was killed by signal 11");
}

static void test_missing_command (void)
{
  NboardClient *client = nboard_client_new ("/nonexistent/engine --nboard");
  REQUIRE (client);
  CHECK_CMP_INT (nboard_client_start (client, 5), ==, NBOARD_CLIENT_EXITED);
  CHECK (strstr (nboard_client_error (client),
                 "engine '/nonexistent/engine --nboard' exited with status 127 at start"),
         "%s", nboard_client_error (client));
  nboard_client_free (client);
}

/* A pipe written from another thread, as a GCancellable's descriptor is, ends a wait at once. */
static void *cancel_later (void *fd)
{
  nanosleep (&(struct timespec) { 0, 200000000 }, NULL);
  CHECK_CMP_INT (write (*(int *) fd, "x", 1), ==, 1);
  return NULL;
}

static void check_cancelled (const char *mode, bool at_start)
{
  int cancel[2];
  REQUIRE (pipe (cancel) == 0);
  NboardClient *client = fake (mode);
  REQUIRE (client);
  if (!at_start)
    CHECK_CMP_INT (nboard_client_start (client, 10), ==, NBOARD_CLIENT_OK);
  nboard_client_set_cancel (client, cancel[0]);
  pthread_t thread;
  REQUIRE (pthread_create (&thread, NULL, cancel_later, &cancel[1]) == 0);
  double started = clock_seconds ();
  NotationGame game = opening ();
  NboardMove move;
  NboardClientStatus status = at_start ? nboard_client_start (client, 30)
                                       : nboard_client_go (client, &game, 30, &move);
  CHECK_CMP_INT (status, ==, NBOARD_CLIENT_CANCELLED);
  CHECK (clock_seconds () - started < 5, "the wait took %g s", clock_seconds () - started);
  CHECK (strstr (nboard_client_error (client), "was stopped"), "%s", nboard_client_error (client));
  CHECK (!nboard_client_running (client));
  pthread_join (thread, NULL);
  /* Readable for good, as a cancelled GCancellable's is: a start is refused at once. */
  CHECK_CMP_INT (nboard_client_start (client, 30), ==, NBOARD_CLIENT_CANCELLED);
  nboard_client_set_cancel (client, -1);
  if (!at_start)
    CHECK_CMP_INT (nboard_client_start (client, 10), ==, NBOARD_CLIENT_OK);
  nboard_client_free (client);
  close (cancel[0]);
  close (cancel[1]);
  CHECK (waitpid (-1, NULL, WNOHANG) < 0, "a child is left");
}

static void test_cancel_ends_a_wait (void)
{
  check_cancelled ("hang", false);
  check_cancelled ("silent", true);
}

/* Started, stopped and failed twenty times: every pipe closed, every process reaped, and a
 * program that ignores SIGPIPE or not is not stopped by a write to an engine that has gone. */
static void test_nothing_leaks (void)
{
  int before = count_descriptors ();
  signal (SIGPIPE, SIG_DFL);
  for (int i = 0; i < 10; i++) {
    NboardClient *client = fake (i % 2 ? "good" : "exit-mid-game 0");
    CHECK_CMP_INT (nboard_client_start (client, 10), ==, NBOARD_CLIENT_OK);
    NotationGame game = opening ();
    NboardMove move;
    nboard_client_go (client, &game, 10, &move);
    nboard_client_free (client);
  }
  CHECK_CMP_INT (count_descriptors (), ==, before);
  CHECK (waitpid (-1, NULL, WNOHANG) < 0, "a child is left");
}

int main (int argc, char **argv)
{
  check_engine_arguments (argc, argv, &verso_engine, &fake_engine);
  check_run ("verso_plays_a_move", test_verso_plays_a_move);
  check_run ("noise_is_skipped", test_noise_is_skipped);
  check_run ("failures", test_failures);
  check_run ("missing_command", test_missing_command);
  check_run ("cancel_ends_a_wait", test_cancel_ends_a_wait);
  check_run ("nothing_leaks", test_nothing_leaks);
  return check_finish ();
}
