/* test-nboard.c: drives the real `verso-engine nboard` through pipes, as an NBoard GUI does. */
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "board.h"
#include "clock.h"
#include "notation.h"
#include "check.h"

#define START_GGF "(;GM[Othello]PC[NBoard]PB[b]PW[w]RE[?]TI[5:00//02:00]TY[8]" \
                  "BO[8 ---------------------------O*------*O--------------------------- *]"

typedef struct Engine {
  pid_t pid;
  FILE *in;   /* the engine's stdin */
  int out;    /* the engine's stdout */
  int err;    /* the engine's stderr */
  char buffer[8192];
  size_t used;
} Engine;

static void engine_start (Engine *engine, const char *program)
{
  int in[2], out[2], err[2];
  REQUIRE (pipe (in) == 0 && pipe (out) == 0 && pipe (err) == 0, "pipe");
  engine->pid = fork ();
  REQUIRE (engine->pid >= 0, "fork");
  if (engine->pid == 0) {
    dup2 (in[0], 0);
    dup2 (out[1], 1);
    dup2 (err[1], 2);
    close (in[1]), close (out[0]), close (err[0]);
    execl (program, program, "nboard", (char *) NULL);
    _exit (127);
  }
  close (in[0]), close (out[1]), close (err[1]);
  engine->in = fdopen (in[1], "w");
  engine->out = out[0];
  engine->err = err[0];
  engine->used = 0;
}

static void send_line (Engine *engine, const char *format, ...)
  __attribute__ ((format (printf, 2, 3)));

static void send_line (Engine *engine, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  vfprintf (engine->in, format, args);
  va_end (args);
  fputc ('\n', engine->in);
  fflush (engine->in);
}

/* The next line from the engine, waiting at most `seconds`; false on timeout or end. */
static bool read_line (Engine *engine, char *line, size_t size, double seconds)
{
  double deadline = clock_seconds () + seconds;
  for (;;) {
    char *newline = memchr (engine->buffer, '\n', engine->used);
    if (newline) {
      size_t length = (size_t) (newline - engine->buffer);
      CHECK (length < size, "line too long");
      memcpy (line, engine->buffer, length);
      line[length] = '\0';
      engine->used -= length + 1;
      memmove (engine->buffer, newline + 1, engine->used);
      return true;
    }
    double left = deadline - clock_seconds ();
    if (left <= 0)
      return false;
    struct pollfd fd = { engine->out, POLLIN, 0 };
    if (poll (&fd, 1, (int) (left * 1000) + 1) <= 0)
      continue;
    ssize_t n = read (engine->out, engine->buffer + engine->used,
                      sizeof engine->buffer - engine->used);
    if (n <= 0)
      return false;
    engine->used += (size_t) n;
  }
}

static void expect_line (Engine *engine, const char *prefix, char *line, size_t size)
{
  REQUIRE (read_line (engine, line, size, 60), "no reply starting with '%s'", prefix);
  CHECK (strncmp (line, prefix, strlen (prefix)) == 0, "expected '%s...', got '%s'", prefix, line);
}

/* The move in "=== F5/1/0.2" or "search F5 ...", checked against the position's legal moves. */
static int legal_move_in (const char *text, const Board *board)
{
  int move;
  CHECK (notation_parse_square (text, 2, &move).error == NOTATION_OK, "bad move in '%s'", text);
  uint64_t moves = board_legal_moves (board);
  CHECK (moves ? move < 64 && (moves & board_bit (move)) : move == BOARD_PASS,
         "'%s' is not legal", text);
  return move;
}

int main (int argc, char **argv)
{
  REQUIRE (argc == 2, "usage: test-nboard VERSO_ENGINE");
  signal (SIGPIPE, SIG_IGN);
  Engine engine;
  engine_start (&engine, argv[1]);
  char line[4096];

  send_line (&engine, "nboard 2");
  expect_line (&engine, "set myname ", line, sizeof line);

  /* go: a legal move after f5 d6 (black to move). */
  Board board;
  board_init (&board);
  board_play (&board, board_square (5, 4));
  board_play (&board, board_square (3, 5));
  send_line (&engine, "set depth 4");
  send_line (&engine, "set contempt 0");
  send_line (&engine, "set game " START_GGF "B[F5//1.5]W[d6/-0.5/2.0];)");
  send_line (&engine, "go");
  expect_line (&engine, "=== ", line, sizeof line);
  int move = legal_move_in (line + 4, &board);
  CHECK (line[6] == '/' && strchr (line + 7, '/'), "'%s' is not MOVE/EVAL/TIME", line);

  /* move, then hint 3: a status, three legal search lines best first, and a final status. */
  char name[3];
  notation_format_square (move, name);
  send_line (&engine, "move %s/0.5/1.0", name);
  board_play (&board, move);
  send_line (&engine, "hint 3");
  expect_line (&engine, "status", line, sizeof line);
  /* The book's moves come first, best first, as "book MOVE SCORE 0 DEPTH" lines. */
  int previous = 100;
  REQUIRE (read_line (&engine, line, sizeof line, 60), "no hint line");
  while (strncmp (line, "book ", 5) == 0) {
    legal_move_in (line + 5, &board);
    int score, games, depth;
    CHECK (sscanf (line + 7, " %d %d %d", &score, &games, &depth) == 3, "'%s'", line);
    CHECK (score <= previous && depth >= 1, "'%s' out of order", line);
    previous = score;
    REQUIRE (read_line (&engine, line, sizeof line, 60), "no line after '%s'", line);
  }
  previous = 100;
  for (int i = 0; i < 3; i++) {
    if (i > 0)
      expect_line (&engine, "search ", line, sizeof line);
    CHECK (strncmp (line, "search ", 7) == 0, "expected a search line, got '%s'", line);
    legal_move_in (line + 7, &board);
    int score, zero, depth;
    CHECK (sscanf (line + 9, " %d %d %d", &score, &zero, &depth) == 3, "'%s'", line);
    CHECK (score <= previous && depth >= 1, "'%s' out of order", line);
    previous = score;
  }
  expect_line (&engine, "status", line, sizeof line);
  CHECK (strcmp (line, "status") == 0, "'%s' does not end the hints", line);

  /* Malformed input gets a message on stderr, and the engine keeps serving. */
  send_line (&engine, "set game (;GM[Othello]BO[8 -----X *];)");
  send_line (&engine, "move z9");
  send_line (&engine, "frobnicate");
  send_line (&engine, "ping 1");
  expect_line (&engine, "pong 1", line, sizeof line);
  char errors[4096];
  ssize_t n = read (engine.err, errors, sizeof errors - 1);
  CHECK (n > 0, "nothing on stderr");
  errors[n] = '\0';
  CHECK (strstr (errors, "BO") && strstr (errors, "z9") && strstr (errors, "frobnicate"),
         "stderr does not name the problems: %s", errors);

  /* The game still is the one set before: the next go answers for it. */
  send_line (&engine, "go");
  expect_line (&engine, "=== ", line, sizeof line);
  legal_move_in (line + 4, &board);

  /* ping stops a long search at once; anything before the pong is the stopped answer. */
  send_line (&engine, "set depth 60");
  send_line (&engine, "set game " START_GGF ";)");
  send_line (&engine, "go");
  send_line (&engine, "ping 2");
  double start = clock_seconds ();
  do
    REQUIRE (read_line (&engine, line, sizeof line, 10), "no pong after a ping");
  while (strncmp (line, "===", 3) == 0);
  CHECK (strcmp (line, "pong 2") == 0, "expected 'pong 2', got '%s'", line);
  printf ("pong after %.3f s\n", clock_seconds () - start);

  send_line (&engine, "learn");
  expect_line (&engine, "learned", line, sizeof line);
  send_line (&engine, "set depth 2");
  send_line (&engine, "set game " START_GGF "B[f5]W[f6]B[e6];)");
  send_line (&engine, "analyze");
  expect_line (&engine, "status", line, sizeof line);
  for (int i = 3; i >= 0; i--) {
    expect_line (&engine, "analysis ", line, sizeof line);
    CHECK (atoi (line + 9) == i, "'%s' is not position %d", line, i);
  }
  expect_line (&engine, "status", line, sizeof line);

  send_line (&engine, "quit");
  int status;
  CHECK (waitpid (engine.pid, &status, 0) == engine.pid, "waitpid");
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0, "exit status %d", status);
  fclose (engine.in);
  close (engine.out);
  close (engine.err);
  return check_finish ();
}
