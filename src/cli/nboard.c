/* nboard.c: the NBoard engine protocol (nboard.h), and `verso-engine nboard`, which speaks it on
 * stdin and stdout. Searches run in a worker thread so that `ping` can stop them; every reply
 * line is flushed at once. */
#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "cli.h"
#include "eval_pattern.h"
#include "nboard.h"
#include "notation.h"
#include "search.h"

#define NBOARD_MAX_LINE 65536
#define NBOARD_DEFAULT_DEPTH 12
/* --move-time bounds: below a hundredth the reply itself would not fit; a day is plenty. */
#define NBOARD_MIN_MOVE_TIME 0.01
#define NBOARD_MAX_MOVE_TIME 86400.0
/* Under --move-time the search solves at once from this many empties (a solve of 14 takes
 * milliseconds) and earlier when its iterations predict the solve fits the time. */
#define NBOARD_TIMED_EXACT_EMPTIES 14
/* An engine plays its best book move (ties drawn at random): the program driving it chooses the
 * openings it wants varied; the levels of the game vary theirs (level.c). */
#define NBOARD_BOOK_MAX_LOSS 0
/* Under --average-time a move's budget is this many times its share of the game's allowance
 * (the nominal time, 0.6 of the budget in search.c, then comes a little over the share, and a
 * critical move may take twice that), and never more than this many times the average. */
#define NBOARD_AVERAGE_STRETCH 2.0
#define NBOARD_AVERAGE_MAX_SHARE 4.0

typedef enum Task { TASK_GO, TASK_HINT, TASK_ANALYZE } Task;

/* The engine's own account of its thinking in the game it plays (for --average-time): the game
 * as it stood at the last reply, that reply included, and the seconds each of its replies took. */
typedef struct Ledger {
  Position start;
  size_t n_moves;
  int moves[NOTATION_MAX_MOVES];
  double seconds[NOTATION_MAX_MOVES]; /* the reply at that ply; negative: not this engine's */
  int side[NOTATION_MAX_MOVES];       /* who made the reply (POSITION_BLACK or POSITION_WHITE) */
} Ledger;

struct NboardEngine {
  Search *search;
  FILE *out;              /* replies */
  FILE *err;              /* complaints about the input */
  NotationGame game;      /* the game as the GUI set it, with the moves played since */
  int depth;
  double move_time;       /* seconds a move at most (--move-time); 0 = depth play */
  double average_time;    /* seconds a move on average over a game (--average-time); 0 = none */
  Ledger ledger;
  NotationClock clock;   /* the game's clock, with the `move` lines since */
  double go_time;         /* when the `go` line was read (clock_seconds) */
  int contempt;           /* centidiscs; kept for the protocol, the search plays for discs */
  bool book;              /* answer `go` from the opening book when the position is in it */
  uint64_t book_seed;     /* varies the book moves from game to game */
  LevelId level;          /* --level: every move chosen as that level does; LEVEL_NONE: searched */
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

double nboard_clock_budget (const NotationClock *clock, const Position *position, double move_time)
{
  double left = -1, increment = 0;
  if (clock->known) {
    int side = position->side_to_move == POSITION_WHITE ? 1 : 0;
    left = clock->main[side] + clock->increment[side] * clock->moves[side] - clock->used[side];
    if (left < 0)
      left = 0;
    increment = clock->increment[side];
  }
  return search_move_budget (left, increment, board_empties (&position->board), move_time);
}

/* How many of the ledger's moves the game still begins with. */
static size_t ledger_prefix (const Ledger *ledger, const NotationGame *game)
{
  if (ledger->start.side_to_move != game->start.side_to_move
      || ledger->start.board.player != game->start.board.player
      || ledger->start.board.opponent != game->start.board.opponent)
    return 0;
  size_t n = 0;
  while (n < ledger->n_moves && n < game->n_moves && ledger->moves[n] == game->moves[n])
    n++;
  return n;
}

double nboard_engine_spent (const NboardEngine *engine, int side, int *replies)
{
  size_t n = ledger_prefix (&engine->ledger, &engine->game);
  double spent = 0;
  int count = 0;
  for (size_t i = 0; i < n; i++)
    if (engine->ledger.seconds[i] >= 0 && engine->ledger.side[i] == side) {
      spent += engine->ledger.seconds[i];
      count++;
    }
  if (replies)
    *replies = count;
  return spent;
}

/* After a reply to `go`: the game as it stands, then that reply and its seconds. */
static void ledger_record (NboardEngine *engine, int move, double seconds)
{
  Ledger *ledger = &engine->ledger;
  const NotationGame *game = &engine->game;
  size_t kept = ledger_prefix (ledger, game);
  if (game->n_moves >= NOTATION_MAX_MOVES || move == BOARD_NO_MOVE)
    return;
  ledger->start = game->start;
  for (size_t i = kept; i < game->n_moves; i++) {
    ledger->moves[i] = game->moves[i];
    ledger->seconds[i] = -1;
  }
  ledger->moves[game->n_moves] = move;
  ledger->seconds[game->n_moves] = seconds;
  ledger->side[game->n_moves] = engine->position.side_to_move;
  ledger->n_moves = game->n_moves + 1;
}

double nboard_average_budget (double average, double spent, int replies, int empties)
{
  /* The game's allowance: the average for every reply made and every move still to make (every
   * other empty square), less what the replies took. */
  double allowance = average * (replies + (empties + 1) / 2) - spent;
  if (allowance < 0)
    allowance = 0;
  double budget = search_move_budget (allowance, 0, empties, 0) * NBOARD_AVERAGE_STRETCH;
  if (budget > average * NBOARD_AVERAGE_MAX_SHARE)
    budget = average * NBOARD_AVERAGE_MAX_SHARE;
  if (budget > allowance)
    budget = allowance;
  /* An allowance spent still leaves the least move search_move_budget plans. */
  double least = search_move_budget (0, 0, empties, 0);
  return budget > least ? budget : least;
}

/* The seconds this `go` may take: the clock's, --move-time's and --average-time's, the least;
 * 0 when untimed. */
static double go_budget (NboardEngine *engine)
{
  double budget = nboard_clock_budget (&engine->clock, &engine->position, engine->move_time);
  if (engine->average_time > 0) {
    int replies;
    double spent = nboard_engine_spent (engine, engine->position.side_to_move, &replies);
    double share = nboard_average_budget (engine->average_time, spent, replies,
                                          board_empties (&engine->position.board));
    if (budget == 0 || share < budget)
      budget = share;
  }
  return budget;
}

/* A move chosen as the level would in the game (its book, its errors, its limits). */
static void think_go_at_level (NboardEngine *engine)
{
  uint64_t seed = engine->book_seed ^ (engine->game.n_moves * 0x9E3779B97F4A7C15ULL);
  SearchResult result = { 0 };
  int chosen = level_choose_move (engine->search, &engine->position.board, engine->level, seed,
                                  NULL, &result);
  char move[3];
  format_upper (chosen, move);
  double seconds = clock_seconds () - engine->go_time;
  reply (engine, "=== %s/%d/%.3f", move, result.score, seconds);
  ledger_record (engine, chosen, seconds);
}

static void think_go (NboardEngine *engine)
{
  if (engine->level != LEVEL_NONE) {
    think_go_at_level (engine);
    return;
  }
  if (engine->book) {
    /* The seed mixes in the game's length so that each move of a game draws afresh. */
    BookMove chosen;
    uint64_t seed = engine->book_seed ^ (engine->game.n_moves * 0x9E3779B97F4A7C15ULL);
    if (book_choose (&engine->position.board, seed, NBOARD_BOOK_MAX_LOSS, &chosen)
        != BOARD_NO_MOVE) {
      char move[3];
      format_upper (chosen.move, move);
      double seconds = clock_seconds () - engine->go_time;
      reply (engine, "=== %s/%d/%.3f", move, chosen.score, seconds);
      ledger_record (engine, chosen.move, seconds);
      return;
    }
  }
  SearchLimits limits = engine_limits (engine, engine->depth);
  double budget = go_budget (engine);
  if (budget > 0) {
    /* Timed play: the depth is only a cap, and the time counts from the `go` line. */
    double left = budget - (clock_seconds () - engine->go_time);
    search_limits_set_budget (&limits, left > 0.001 ? left : 0.001);
    /* A fixed time a move (no clock to save for): all of it is the move's to use. */
    if (engine->move_time > 0 && budget >= engine->move_time)
      limits.soft_time = limits.hard_time;
    if (engine->move_time > 0 || engine->average_time > 0)
      limits.exact_empties = NBOARD_TIMED_EXACT_EMPTIES;
  }
  SearchResult result = search_run (engine->search, &engine->position.board, &limits, NULL, NULL);
  char move[3];
  format_upper (result.move, move);
  reply (engine, "=== %s/%d/%.3f", move, result.score, result.seconds);
  ledger_record (engine, result.move, clock_seconds () - engine->go_time);
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
  /* The book's moves first, as `book` lines (the protocol's: move, score, games, depth); the
   * book does not count games, so that field is 0. */
  BookMove book_moves[BOARD_SQUARES];
  int in_book = engine->book ? book_lookup (board, book_moves) : 0;
  for (int i = 0; i < in_book && i < engine->hints; i++) {
    char move[3];
    format_upper (book_moves[i].move, move);
    reply (engine, "book %s %d 0 %d", move, book_moves[i].score, book_depth (book_compiled ()));
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
  /* `move f5/eval/seconds`: the seconds count on the mover's clock. */
  int side = position.side_to_move == POSITION_WHITE ? 0 : 1; /* after the move: the other */
  engine->clock.moves[side]++;
  const char *eval = strchr (argument, '/');
  const char *time = eval ? strchr (eval + 1, '/') : NULL;
  if (time) {
    char *stop;
    double seconds = strtod (time + 1, &stop);
    if (stop != time + 1 && isfinite (seconds) && seconds > 0 && seconds < 1e7)
      engine->clock.used[side] += seconds;
  }
}

bool nboard_engine_command (NboardEngine *engine, char *line)
{
  double read_time = clock_seconds ();
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
      if (!status.error) {
        engine->game = game;
        engine->clock = game.clock;
      }
      else
        complain (engine, "set game: %s, at offset %zu: '%.24s'",
                  notation_error_message (status.error), status.offset, value + status.offset);
    } else {
      complain (engine, "set: unknown setting '%s'", argument);
    }
  } else if (strcmp (command, "move") == 0) {
    engine_move (engine, argument);
  } else if (strcmp (command, "go") == 0) {
    engine->go_time = read_time;
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
  engine->book = book_compiled () != NULL;
  engine->book_seed = (uint64_t) (clock_seconds () * 1e9);
  engine->level = LEVEL_NONE;
  position_init (&engine->game.start);
  return engine;
}

bool nboard_engine_set_book (NboardEngine *engine, bool enabled, uint64_t seed)
{
  engine->book = enabled && book_compiled () != NULL;
  engine->book_seed = seed;
  return engine->book == enabled;
}

void nboard_engine_set_level (NboardEngine *engine, LevelId level)
{
  engine->level = level;
}

void nboard_engine_set_move_time (NboardEngine *engine, double seconds)
{
  engine->move_time = seconds > 0 ? seconds : 0;
}

void nboard_engine_set_average_time (NboardEngine *engine, double seconds)
{
  engine->average_time = seconds > 0 ? seconds : 0;
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

/* Seconds written alone, from NBOARD_MIN_MOVE_TIME to NBOARD_MAX_MOVE_TIME. */
static bool parse_seconds (const char *text, double *seconds)
{
  char *end;
  double value = strtod (text, &end);
  if (end == text || *end || !isfinite (value) || value < NBOARD_MIN_MOVE_TIME
      || value > NBOARD_MAX_MOVE_TIME)
    return false;
  *seconds = value;
  return true;
}

int cli_nboard (int argc, char **argv)
{
  static const char *const options[] = { "--move-time", "--average-time" };
  double seconds[2] = { 0, 0 }; /* by option */
  bool book = true;
  LevelId level = LEVEL_NONE;
  for (int i = 1; i < argc; i++) {
    if (strcmp (argv[i], "--no-book") == 0) {
      book = false;
      continue;
    }
    if (strcmp (argv[i], "--level") == 0) {
      level = i + 1 < argc ? level_from_id (argv[++i]) : LEVEL_NONE;
      if (level == LEVEL_NONE) {
        cli_error ("nboard: --level takes a level: beginner, novice, casual, intermediate, "
                   "advanced, expert or master");
        return 2;
      }
      continue;
    }
    const char *value = NULL;
    int option = -1;
    for (int o = 0; o < 2 && option < 0; o++) {
      size_t length = strlen (options[o]);
      if (strcmp (argv[i], options[o]) == 0) {
        if (i + 1 >= argc) {
          cli_error ("nboard: %s needs a number of seconds", options[o]);
          return 2;
        }
        option = o;
        value = argv[++i];
      } else if (strncmp (argv[i], options[o], length) == 0 && argv[i][length] == '=') {
        option = o;
        value = argv[i] + length + 1;
      }
    }
    if (option < 0) {
      cli_error ("nboard: unknown argument '%s' (usage: verso-engine nboard [--move-time SECONDS] "
                 "[--average-time SECONDS] [--no-book] [--level LEVEL])", argv[i]);
      return 2;
    }
    if (!parse_seconds (value, &seconds[option])) {
      cli_error ("nboard: %s: expected seconds from %g to %g, got '%s'", options[option],
                 NBOARD_MIN_MOVE_TIME, NBOARD_MAX_MOVE_TIME, value);
      return 2;
    }
  }
  NboardEngine *engine = nboard_engine_new (0, stdout, stderr);
  char *line = malloc (NBOARD_MAX_LINE);
  if (!engine || !line) {
    cli_error ("out of memory");
    nboard_engine_free (engine);
    free (line);
    return 1;
  }

  nboard_engine_set_move_time (engine, seconds[0]);
  nboard_engine_set_average_time (engine, seconds[1]);
  nboard_engine_set_level (engine, level);
  if (book && !book_compiled ())
    cli_error ("nboard: playing without the opening book: %s", book_error ());
  if (!book)
    nboard_engine_set_book (engine, false, 0);
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
