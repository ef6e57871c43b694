/* fuzz-nboard.c: NBoard protocol command lines, one engine per input. After every line a `ping`
 * stops whatever search it started, as a GUI's ping does, so that no input thinks for long; the
 * game the engine holds is always one of legal moves. Inputs of an odd size play under
 * --average-time, whose account of the engine's own time must stay within the game. Replies and
 * complaints go to /dev/null. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fuzz.h"
#include "nboard.h"

/* Small: the engine's default table would cost more than the commands themselves. */
#define HASH_BYTES (64 << 10)

static FILE *sink;

/* The engine links cli_nboard, which reports through verso-engine.c's cli_error. */
void cli_error (const char *format, ...)
{
  (void) format;
}

static void check_game (const NotationGame *game)
{
  REQUIRE (game->n_moves <= NOTATION_MAX_MOVES, "%zu moves", game->n_moves);
  Position position = game->start;
  REQUIRE ((position.board.player & position.board.opponent) == 0, "a square of both colours");
  for (size_t k = 0; k < game->n_moves; k++)
    REQUIRE (position_play (&position, game->moves[k]), "move %zu (%d) is not legal", k + 1,
             game->moves[k]);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (!sink)
    sink = fopen ("/dev/null", "w");
  REQUIRE (sink, "cannot open /dev/null");
  NboardEngine *engine = nboard_engine_new (HASH_BYTES, sink, sink);
  REQUIRE (engine, "out of memory");
  if (size % 2)
    nboard_engine_set_average_time (engine, 0.01);
  const char *text = (const char *) data, *end = text + size;
  bool serving = true;
  while (serving && text < end) {
    const char *newline = memchr (text, '\n', (size_t) (end - text));
    size_t length = (size_t) ((newline ? newline : end) - text);
    /* A line of its exact size, so that reading past its NUL is caught. */
    char *line = malloc (length + 1);
    REQUIRE (line, "out of memory");
    memcpy (line, text, length);
    line[length] = '\0';
    serving = nboard_engine_command (engine, line);
    free (line);
    char ping[] = "ping";
    if (serving)
      nboard_engine_command (engine, ping);
    const NotationGame *game = nboard_engine_game (engine);
    check_game (game);
    for (int side = POSITION_BLACK; side <= POSITION_WHITE; side++) {
      int replies;
      double spent = nboard_engine_spent (engine, side, &replies);
      REQUIRE (spent >= 0 && replies >= 0 && (size_t) replies <= game->n_moves,
               "%d replies taking %g s in a game of %zu moves", replies, spent, game->n_moves);
    }
    text += length + (newline != NULL);
  }
  nboard_engine_free (engine);
  return 0;
}
