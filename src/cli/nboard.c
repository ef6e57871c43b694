/* nboard.c: the NBoard engine protocol (nboard.h), and `verso-engine nboard`, which speaks it on
 * stdin and stdout. Searches run in a worker thread so that `ping` can stop them; every reply
 * line is flushed at once. */
#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "eval_pattern.h"
#include "nboard.h"
#include "notation.h"
#include "search.h"

#define NBOARD_MAX_LINE 65536
#define NBOARD_DEFAULT_DEPTH 12

typedef enum Task { TASK_GO, TASK_HINT, TASK_ANALYZE } Task;

struct NboardEngine {
  Search *search;
  FILE *out;              /* replies */
  FILE *err;              /* complaints about the input */
  NotationGame game;      /* the game as the GUI set it, with the moves played since */
  int depth;
  int contempt;           /* centidiscs; kept for the protocol, the search plays for discs */
  pthread_mutex_t output; /* one reply line at a time */
  pthread_t worker;
  bool working;
  atomic_bool stop;
  Task task;
  int hints;
  Position position;      /* what the worker thinks about */
};

static void reply (NboardEngine *engine, const char *format, ...)
  __attribute__ ((format (printf, 2, 3)));

static void reply (NboardEngine *engine, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  pthread_mutex_lock (&engine->output);
  vfprintf (engine->out, format, args);
  fputc ('\n', engine->out);
  fflush (engine->out);
  pthread_mutex_unlock (&engine->output);
  va_end (args);
}

static void complain (NboardEngine *engine, const char *format, ...)
  __attribute__ ((format (printf, 2, 3)));

static void complain (NboardEngine *engine, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  fputs ("verso-engine: nboard: ", engine->err);
  vfprintf (engine->err, format, args);
  fputc ('\n', engine->err);
  fflush (engine->err);
  va_end (args);
}

static SearchLimits engine_limits (NboardEngine *engine, int depth)
{
  SearchLimits limits = search_limits_default ();
  limits.max_depth = depth < 1 ? 1 : depth;
  /* Deeper midgame searches afford earlier exact endgames. */
  limits.exact_empties = depth + 8 < 22 ? depth + 8 : 22;
  limits.stop = &engine->stop;
  return limits;
}

static void format_upper (int move, char out[3])
{
  if (move == BOARD_NO_MOVE) {
    strcpy (out, "PA");
    return;
  }
  notation_format_square (move, out);
  out[0] = (char) toupper ((unsigned char) out[0]);
}

static void think_go (NboardEngine *engine)
{
  SearchLimits limits = engine_limits (engine, engine->depth);
  SearchResult result = search_run (engine->search, &engine->position.board, &limits, NULL, NULL);
  char move[3];
  format_upper (result.move, move);
  reply (engine, "=== %s/%d/%.3f", move, result.score, result.seconds);
}

typedef struct Hint {
  int move;
  int score;
  int depth;
} Hint;

/* The best `hints` moves, each scored by a search of the position after it. */
static void think_hint (NboardEngine *engine)
{
  const Board *board = &engine->position.board;
  uint64_t moves = board_legal_moves (board);
  reply (engine, "status Verso is thinking");
  if (!moves) {
    reply (engine, "status");
    return;
  }
  Hint hints[64];
  int count = 0;
  for (; moves && !atomic_load (&engine->stop); moves &= moves - 1) {
    Board next = *board;
    board_play (&next, __builtin_ctzll (moves));
    SearchLimits limits = engine_limits (engine, engine->depth - 1);
    SearchResult result = search_run (engine->search, &next, &limits, NULL, NULL);
    if (result.stopped)
      break;
    Hint hint = { __builtin_ctzll (moves), -result.score, result.exact ? 60 : result.depth + 1 };
    int k = count++;
    while (k > 0 && hints[k - 1].score < hint.score) {
      hints[k] = hints[k - 1];
      k--;
    }
    hints[k] = hint;
  }
  for (int i = 0; i < count && i < engine->hints; i++) {
    char move[3];
    format_upper (hints[i].move, move);
    reply (engine, "search %s %d 0 %d", move, hints[i].score, hints[i].depth);
  }
  reply (engine, "status");
}

/* Every position of the game, from the last back to the first, with its score for the side
 * that is to move there. */
static void think_analyze (NboardEngine *engine)
{
  reply (engine, "status Verso is analyzing");
  for (int n = (int) engine->game.n_moves; n >= 0 && !atomic_load (&engine->stop); n--) {
    Position position = notation_game_position (&engine->game, (size_t) n);
    SearchLimits limits = engine_limits (engine, engine->depth);
    SearchResult result = search_run (engine->search, &position.board, &limits, NULL, NULL);
    if (result.stopped)
      break;
    reply (engine, "analysis %d %d", n, result.score);
  }
  reply (engine, "status");
}

static void *worker_main (void *data)
{
  NboardEngine *engine = data;
  switch (engine->task) {
  case TASK_GO:
    think_go (engine);
    break;
  case TASK_HINT:
    think_hint (engine);
    break;
  case TASK_ANALYZE:
    think_analyze (engine);
    break;
  }
  return NULL;
}

/* Waits for the running search; with `stop`, asks it to end first. */
static void engine_wait (NboardEngine *engine, bool stop)
{
  if (!engine->working)
    return;
  if (stop)
    atomic_store (&engine->stop, true);
  pthread_join (engine->worker, NULL);
  engine->working = false;
  atomic_store (&engine->stop, false);
}

static void engine_start (NboardEngine *engine, Task task)
{
  engine->task = task;
  engine->position = notation_game_position (&engine->game, engine->game.n_moves);
  atomic_store (&engine->stop, false);
  if (pthread_create (&engine->worker, NULL, worker_main, engine) != 0) {
    complain (engine, "cannot start a thread; thinking in the foreground");
    worker_main (engine);
    return;
  }
  engine->working = true;
}

static bool parse_number (const char *text, int low, int high, int *value)
{
  char *end;
  long n = strtol (text, &end, 10);
  while (isspace ((unsigned char) *end))
    end++;
  if (end == text || *end || n < low || n > high)
    return false;
  *value = (int) n;
  return true;
}

/* `move f5`, `move f5/1.23/0.5`, `move pa`. */
static void engine_move (NboardEngine *engine, const char *argument)
{
  size_t length = strcspn (argument, "/ \t");
  int move;
  if (length == 4 && strncasecmp (argument, "pass", 4) == 0)
    move = BOARD_PASS;
  else if (notation_parse_square (argument, length, &move).error != NOTATION_OK) {
    complain (engine, "move: '%s' is not a square", argument);
    return;
  }
  Position position = notation_game_position (&engine->game, engine->game.n_moves);
  /* A pass the GUI left out. */
  if (move != BOARD_PASS && position_must_pass (&position)
      && engine->game.n_moves < NOTATION_MAX_MOVES) {
    engine->game.moves[engine->game.n_moves++] = BOARD_PASS;
    position_play (&position, BOARD_PASS);
  }
  if (engine->game.n_moves >= NOTATION_MAX_MOVES || !position_play (&position, move)) {
    complain (engine, "move: '%.*s' is not legal here", (int) length, argument);
    return;
  }
  engine->game.moves[engine->game.n_moves++] = move;
}

bool nboard_engine_command (NboardEngine *engine, char *line)
{
  while (*line && isspace ((unsigned char) *line))
    line++;
  size_t length = strlen (line);
  while (length > 0 && isspace ((unsigned char) line[length - 1]))
    line[--length] = '\0';
  if (!*line)
    return true;
  char *argument = line + strcspn (line, " \t");
  if (*argument)
    *argument++ = '\0';
  while (isspace ((unsigned char) *argument))
    argument++;
  const char *command = line;

  if (strcmp (command, "ping") == 0) {
    engine_wait (engine, true);
    reply (engine, "pong %s", argument);
    return true;
  }
  if (strcmp (command, "quit") == 0) {
    engine_wait (engine, true);
    return false;
  }
  /* Everything else happens in order, after the running search. */
  engine_wait (engine, false);
  if (strcmp (command, "nboard") == 0) {
    int version;
    if (!parse_number (argument, 1, 1000, &version))
      complain (engine, "nboard: expected a protocol version, got '%s'", argument);
    reply (engine, "set myname Verso");
  } else if (strcmp (command, "set") == 0) {
    char *value = argument + strcspn (argument, " \t");
    if (*value)
      *value++ = '\0';
    while (isspace ((unsigned char) *value))
      value++;
    int number;
    if (strcmp (argument, "depth") == 0) {
      if (parse_number (value, 1, 60, &number))
        engine->depth = number;
      else
        complain (engine, "set depth: expected 1 to 60, got '%s'", value);
    } else if (strcmp (argument, "contempt") == 0) {
      if (parse_number (value, -6400, 6400, &number))
        engine->contempt = number;
      else
        complain (engine, "set contempt: expected a number, got '%s'", value);
    } else if (strcmp (argument, "game") == 0) {
      NotationGame game;
      NotationStatus status = notation_parse_ggf (value, strlen (value), &game, NULL);
      if (!status.error)
        engine->game = game;
      else
        complain (engine, "set game: %s, at offset %zu: '%.24s'",
                  notation_error_message (status.error), status.offset, value + status.offset);
    } else {
      complain (engine, "set: unknown setting '%s'", argument);
    }
  } else if (strcmp (command, "move") == 0) {
    engine_move (engine, argument);
  } else if (strcmp (command, "go") == 0) {
    engine_start (engine, TASK_GO);
  } else if (strcmp (command, "hint") == 0) {
    if (parse_number (argument, 1, 64, &engine->hints))
      engine_start (engine, TASK_HINT);
    else
      complain (engine, "hint: expected a number of moves, got '%s'", argument);
  } else if (strcmp (command, "analyze") == 0) {
    engine_start (engine, TASK_ANALYZE);
  } else if (strcmp (command, "learn") == 0) {
    reply (engine, "learned");
  } else {
    complain (engine, "unknown command '%s'", command);
  }
  return true;
}

const NotationGame *nboard_engine_game (const NboardEngine *engine)
{
  return &engine->game;
}

NboardEngine *nboard_engine_new (size_t hash_bytes, FILE *out, FILE *err)
{
  NboardEngine *engine = calloc (1, sizeof *engine);
  if (!engine)
    return NULL;
  if (!(engine->search = search_new (hash_bytes))) {
    free (engine);
    return NULL;
  }
  search_set_evaluation (engine->search, eval_pattern ());
  engine->out = out;
  engine->err = err;
  pthread_mutex_init (&engine->output, NULL);
  atomic_init (&engine->stop, false);
  engine->depth = NBOARD_DEFAULT_DEPTH;
  position_init (&engine->game.start);
  return engine;
}

void nboard_engine_free (NboardEngine *engine)
{
  if (!engine)
    return;
  engine_wait (engine, false);
  search_free (engine->search);
  pthread_mutex_destroy (&engine->output);
  free (engine);
}

int cli_nboard (int argc, char **argv)
{
  (void) argv;
  if (argc > 1) {
    cli_error ("nboard takes no arguments; it speaks the NBoard protocol on stdin and stdout");
    return 2;
  }
  NboardEngine *engine = nboard_engine_new (0, stdout, stderr);
  char *line = malloc (NBOARD_MAX_LINE);
  if (!engine || !line) {
    cli_error ("out of memory");
    nboard_engine_free (engine);
    free (line);
    return 1;
  }

  bool serving = true;
  while (serving && fgets (line, NBOARD_MAX_LINE, stdin)) {
    size_t length = strlen (line);
    if (length == NBOARD_MAX_LINE - 1 && line[length - 1] != '\n') {
      complain (engine, "line longer than %d bytes ignored", NBOARD_MAX_LINE - 1);
      int c;
      while ((c = getchar ()) != EOF && c != '\n')
        ;
      continue;
    }
    serving = nboard_engine_command (engine, line);
  }
  nboard_engine_free (engine);
  free (line);
  return 0;
}
