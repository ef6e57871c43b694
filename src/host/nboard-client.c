/* nboard-client.c: an engine hosted over NBoard (nboard-client.h). The process is spawned in a
 * process group of its own, so that killing the group also ends what `/bin/sh -c` started; its
 * pipes are close-on-exec and non-blocking, and every wait is a poll with a deadline. */
#define _GNU_SOURCE /* pipe2 */
#include "nboard-client.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "c_locale.h"
#include "clock.h"

extern char **environ;

/* How long a `quit` may take before the engine is killed, and how long an engine that closed
 * its output may take to exit before it is: neither is a wait the caller asked for. */
#define NBOARD_CLIENT_QUIT_SECONDS 0.5
#define NBOARD_CLIENT_EXIT_SECONDS 1.0
/* How much of what an engine wrote a message quotes. */
#define NBOARD_CLIENT_QUOTE 64
#define NBOARD_CLIENT_NAME_QUOTE 200

struct NboardClient {
  char *command;
  pid_t pid;                      /* 0: no process */
  int to_engine, from_engine;     /* -1 when closed */
  char name[NOTATION_NAME_SIZE];  /* `set myname`, printable, or "" */
  char error[768];
  char buffer[NBOARD_CLIENT_MAX_LINE];
  size_t used;
  bool skipping;                  /* dropping the rest of a line too long to read */
  char warning[NBOARD_CLIENT_QUOTE + 4]; /* its last `warning` line in this exchange, quoted */
  unsigned ping;
  int cancel;                     /* nboard_client_set_cancel's descriptor, or -1 */
};

NboardClient *nboard_client_new (const char *command)
{
  NboardClient *client = calloc (1, sizeof *client);
  if (!client || !(client->command = strdup (command))) {
    free (client);
    return NULL;
  }
  client->to_engine = client->from_engine = -1;
  client->cancel = -1;
  return client;
}

void nboard_client_free (NboardClient *client)
{
  if (!client)
    return;
  nboard_client_stop (client);
  free (client->command);
  free (client);
}

const char *nboard_client_name (const NboardClient *client)
{
  return client->name[0] ? client->name : client->command;
}

const char *nboard_client_error (const NboardClient *client)
{
  return client->error;
}

bool nboard_client_running (const NboardClient *client)
{
  return client->pid > 0;
}

void nboard_client_set_cancel (NboardClient *client, int fd)
{
  client->cancel = fd;
}

/* What an engine wrote, fit to quote: printable ASCII, cut to `most` bytes and "...", in out
 * (most + 4 bytes). */
static void quote_at_most (const char *text, size_t length, size_t most, char *out)
{
  size_t n = 0;
  for (size_t i = 0; i < length && n < most; i++)
    out[n++] = isprint ((unsigned char) text[i]) ? text[i] : '?';
  if (length > most) {
    memcpy (out + n, "...", 3);
    n += 3;
  }
  out[n] = '\0';
}

static void quote (const char *text, size_t length, char out[NBOARD_CLIENT_QUOTE + 4])
{
  quote_at_most (text, length, NBOARD_CLIENT_QUOTE, out);
}

static void fail (NboardClient *client, const char *format, ...)
  __attribute__ ((format (printf, 2, 3)));

/* Records what went wrong, "engine 'NAME' " and the message. */
static void fail (NboardClient *client, const char *format, ...)
{
  /* A command names the engine in full up to a long line. */
  char name[NBOARD_CLIENT_NAME_QUOTE + 4];
  const char *full = nboard_client_name (client);
  quote_at_most (full, strlen (full), NBOARD_CLIENT_NAME_QUOTE, name);
  int n = snprintf (client->error, sizeof client->error, "engine '%s' ", name);
  va_list args;
  va_start (args, format);
  if (n > 0 && (size_t) n < sizeof client->error)
    vsnprintf (client->error + n, sizeof client->error - (size_t) n, format, args);
  va_end (args);
}

/* Whether the process has exited, without reaping it (a zombie keeps its process group's id
 * taken, so killing the group stays safe); *status receives how. */
static bool process_exited (pid_t pid, siginfo_t *status)
{
  memset (status, 0, sizeof *status);
  return waitid (P_PID, (id_t) pid, status, WEXITED | WNOHANG | WNOWAIT) == 0
      && status->si_pid == pid;
}

/* Waits up to `seconds` for the process to exit. */
static bool wait_exit (pid_t pid, double seconds, siginfo_t *status)
{
  double deadline = clock_seconds () + seconds;
  while (!process_exited (pid, status)) {
    if (clock_seconds () >= deadline)
      return false;
    nanosleep (&(struct timespec) { 0, 5000000 }, NULL);
  }
  return true;
}

/* How the process ended, for a message: "exited with status 1", "was killed by signal 11". */
static void describe_exit (const siginfo_t *status, char *out, size_t size)
{
  if (status->si_code == CLD_EXITED && status->si_status > 128 && status->si_status < 160)
    /* The shell's own way of saying that the command it ran died of a signal. */
    snprintf (out, size, "exited with status %d (signal %d under /bin/sh)", status->si_status,
              status->si_status - 128);
  else if (status->si_code == CLD_EXITED)
    snprintf (out, size, "exited with status %d", status->si_status);
  else
    snprintf (out, size, "was killed by signal %d", status->si_status);
}

static void close_pipes (NboardClient *client)
{
  if (client->to_engine >= 0)
    close (client->to_engine);
  if (client->from_engine >= 0)
    close (client->from_engine);
  client->to_engine = client->from_engine = -1;
  client->used = 0;
  client->skipping = false;
}

/* Kills whatever is left of the process group, then reaps the process. */
static void reap (NboardClient *client)
{
  kill (-client->pid, SIGKILL);
  while (waitpid (client->pid, NULL, 0) < 0 && errno == EINTR)
    ;
  client->pid = 0;
  close_pipes (client);
}

/* SIGPIPE blocked in this thread while it writes to the engine, so that a write to an engine
 * that has gone fails with EPIPE instead of killing the program, which need not ignore it. */
static void pipe_signal_block (sigset_t *previous)
{
  sigset_t pipe_signal;
  sigemptyset (&pipe_signal);
  sigaddset (&pipe_signal, SIGPIPE);
  pthread_sigmask (SIG_BLOCK, &pipe_signal, previous);
}

/* The mask as it was; a SIGPIPE the write raised is taken back first (unless the thread had it
 * blocked already, when it may be someone else's). */
static void pipe_signal_restore (const sigset_t *previous, bool raised)
{
  if (raised && !sigismember (previous, SIGPIPE)) {
    sigset_t pipe_signal;
    sigemptyset (&pipe_signal);
    sigaddset (&pipe_signal, SIGPIPE);
    sigtimedwait (&pipe_signal, NULL, &(struct timespec) { 0, 0 });
  }
  pthread_sigmask (SIG_SETMASK, previous, NULL);
}

void nboard_client_stop (NboardClient *client)
{
  if (client->pid <= 0) {
    close_pipes (client);
    return;
  }
  siginfo_t status;
  if (client->to_engine >= 0 && !process_exited (client->pid, &status)) {
    /* One short write to a non-blocking pipe: the engine may be gone or not reading. */
    sigset_t previous;
    pipe_signal_block (&previous);
    ssize_t written = write (client->to_engine, "quit\n", 5);
    pipe_signal_restore (&previous, written < 0 && errno == EPIPE);
    close (client->to_engine);
    client->to_engine = -1;
    wait_exit (client->pid, NBOARD_CLIENT_QUIT_SECONDS, &status);
  }
  reap (client);
}

/* The engine has gone (its output closed, or a write found no reader): how, within a moment,
 * then the process reaped. */
static NboardClientStatus fail_exited (NboardClient *client, const char *when)
{
  siginfo_t status;
  char how[64] = "closed its output";
  if (wait_exit (client->pid, NBOARD_CLIENT_EXIT_SECONDS, &status))
    describe_exit (&status, how, sizeof how);
  fail (client, "%s %s", how, when);
  reap (client);
  return NBOARD_CLIENT_EXITED;
}

/* One exchange's time limit: when it ends, the seconds it was given, and what the engine was
 * doing, for the messages ("at start", "during its move"). */
typedef struct Wait {
  double deadline;
  double seconds;
  const char *when;
} Wait;

static Wait wait_for (NboardClient *client, double seconds, const char *when)
{
  client->warning[0] = '\0';
  return (Wait) { clock_seconds () + seconds, seconds, when };
}

/* Polls the engine's descriptor for events until the deadline, and the cancel descriptor beside
 * it: > 0 when the engine's is ready, 0 at the deadline, -1 with errno set on an error, and
 * POLL_CANCELLED when the caller gave up (which wins over a ready engine). */
#define POLL_CANCELLED (-2)
static int poll_engine (NboardClient *client, int fd, short events, const Wait *wait)
{
  double left = wait->deadline - clock_seconds ();
  if (left <= 0)
    return 0;
  struct pollfd ready[2] = { { .fd = fd, .events = events },
                             { .fd = client->cancel, .events = POLLIN } };
  int polled = poll (ready, client->cancel >= 0 ? 2 : 1, (int) (left * 1000) + 1);
  if (polled > 0 && client->cancel >= 0 && ready[1].revents)
    return POLL_CANCELLED;
  return polled;
}

/* The caller gave up (nboard_client_set_cancel): the engine, which may be half way through a line
 * or a search, is killed at once rather than asked to quit. */
static NboardClientStatus cancelled (NboardClient *client, const Wait *wait)
{
  fail (client, "was stopped %s", wait->when);
  reap (client);
  return NBOARD_CLIENT_CANCELLED;
}

/* Writes the whole line (text and a newline) before the deadline. A write to an engine that
 * has gone raises SIGPIPE, which is blocked in this thread meanwhile and then taken back, so
 * that a program need not ignore it. */
static NboardClientStatus send_line (NboardClient *client, const char *text, const Wait *wait)
{
  size_t length = strlen (text);
  char *line = malloc (length + 1);
  if (!line) {
    fail (client, "could not be sent a line: out of memory");
    nboard_client_stop (client);
    return NBOARD_CLIENT_NOT_STARTED;
  }
  memcpy (line, text, length);
  line[length++] = '\n';
  sigset_t previous;
  pipe_signal_block (&previous);
  NboardClientStatus result = NBOARD_CLIENT_OK;
  size_t done = 0;
  while (done < length) {
    ssize_t n = write (client->to_engine, line + done, length - done);
    if (n > 0) {
      done += (size_t) n;
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno == EAGAIN) {
      int polled = poll_engine (client, client->to_engine, POLLOUT, wait);
      if (polled == POLL_CANCELLED) {
        result = NBOARD_CLIENT_CANCELLED;
        break;
      }
      if (polled > 0 || (polled < 0 && errno == EINTR))
        continue;
      result = NBOARD_CLIENT_TIMEOUT;
      break;
    }
    result = NBOARD_CLIENT_EXITED;
    break;
  }
  pipe_signal_restore (&previous, result == NBOARD_CLIENT_EXITED && errno == EPIPE);
  free (line);
  if (result == NBOARD_CLIENT_CANCELLED)
    return cancelled (client, wait);
  if (result == NBOARD_CLIENT_EXITED)
    return fail_exited (client, wait->when);
  if (result == NBOARD_CLIENT_TIMEOUT) {
    fail (client, "did not read its input within %g s %s", wait->seconds, wait->when);
    nboard_client_stop (client);
  }
  return result;
}

static NboardClientStatus send_format (NboardClient *client, const Wait *wait,
                                       const char *format, ...)
  __attribute__ ((format (printf, 3, 4)));

static NboardClientStatus send_format (NboardClient *client, const Wait *wait,
                                       const char *format, ...)
{
  char text[64];
  va_list args;
  va_start (args, format);
  vsnprintf (text, sizeof text, format, args);
  va_end (args);
  return send_line (client, text, wait);
}

/* The next line the engine writes, without its end of line, into line (NUL bytes read as '?'),
 * before the deadline. A line longer than the buffer is skipped, unless it is a reply (`===`),
 * which is garbage. */
static NboardClientStatus read_line (NboardClient *client, const Wait *wait,
                                     const char *waiting_for, char line[NBOARD_CLIENT_MAX_LINE])
{
  for (;;) {
    char *end = memchr (client->buffer, '\n', client->used);
    if (end) {
      size_t length = (size_t) (end - client->buffer);
      bool skipped = client->skipping;
      memcpy (line, client->buffer, length);
      memmove (client->buffer, end + 1, client->used - length - 1);
      client->used -= length + 1;
      client->skipping = false;
      if (skipped)
        continue;
      while (length > 0 && isspace ((unsigned char) line[length - 1]))
        length--;
      line[length] = '\0';
      /* An engine's warning often says why it will not answer ("set depth first"). */
      if (strncmp (line, "warning ", 8) == 0)
        quote (line + 8, length - 8, client->warning);
      return NBOARD_CLIENT_OK;
    }
    if (client->used == sizeof client->buffer) {
      if (!client->skipping && strncmp (client->buffer, "===", 3) == 0) {
        fail (client, "wrote a reply line longer than %d bytes %s", NBOARD_CLIENT_MAX_LINE,
              wait->when);
        nboard_client_stop (client);
        return NBOARD_CLIENT_GARBAGE;
      }
      client->skipping = true;
      client->used = 0;
    }
    double left = wait->deadline - clock_seconds ();
    if (left <= 0) {
      fail (client, "did not %s within %g s %s%s%s%s", waiting_for, wait->seconds, wait->when,
            client->warning[0] ? " (it warned: '" : "", client->warning,
            client->warning[0] ? "')" : "");
      nboard_client_stop (client);
      return NBOARD_CLIENT_TIMEOUT;
    }
    int polled = poll_engine (client, client->from_engine, POLLIN, wait);
    if (polled == POLL_CANCELLED)
      return cancelled (client, wait);
    if (polled < 0 && errno != EINTR) {
      fail (client, "could not be read: %s", strerror (errno));
      nboard_client_stop (client);
      return NBOARD_CLIENT_EXITED;
    }
    if (polled <= 0)
      continue;
    ssize_t n = read (client->from_engine, client->buffer + client->used,
                      sizeof client->buffer - client->used);
    if (n == 0)
      return fail_exited (client, wait->when);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN)
        continue;
      return fail_exited (client, wait->when);
    }
    for (size_t i = client->used; i < client->used + (size_t) n; i++)
      if (client->buffer[i] == '\0')
        client->buffer[i] = '?';
    client->used += (size_t) n;
  }
}

/* The process with its stdin and stdout on two fresh pipes, in a process group of its own, no
 * signal blocked and SIGPIPE at its default, whatever this program blocks or ignores (ignored
 * signals outlive exec). */
static bool spawn (NboardClient *client)
{
  int input[2], output[2];
  if (pipe2 (input, O_CLOEXEC) != 0)
    return false;
  if (pipe2 (output, O_CLOEXEC) != 0) {
    close (input[0]);
    close (input[1]);
    return false;
  }
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  posix_spawn_file_actions_init (&actions);
  posix_spawnattr_init (&attributes);
  posix_spawn_file_actions_adddup2 (&actions, input[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2 (&actions, output[1], STDOUT_FILENO);
  sigset_t none, pipe_signal;
  sigemptyset (&none);
  sigemptyset (&pipe_signal);
  sigaddset (&pipe_signal, SIGPIPE);
  posix_spawnattr_setsigmask (&attributes, &none);
  posix_spawnattr_setsigdefault (&attributes, &pipe_signal);
  posix_spawnattr_setpgroup (&attributes, 0);
  posix_spawnattr_setflags (&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK
                                         | POSIX_SPAWN_SETSIGDEF);
  char *argv[] = { "sh", "-c", client->command, NULL };
  pid_t pid;
  int error = posix_spawn (&pid, "/bin/sh", &actions, &attributes, argv, environ);
  posix_spawn_file_actions_destroy (&actions);
  posix_spawnattr_destroy (&attributes);
  close (input[0]);
  close (output[1]);
  if (error != 0) {
    close (input[1]);
    close (output[0]);
    errno = error;
    return false;
  }
  client->pid = pid;
  client->to_engine = input[1];
  client->from_engine = output[0];
  fcntl (client->to_engine, F_SETFL, fcntl (client->to_engine, F_GETFL) | O_NONBLOCK);
  fcntl (client->from_engine, F_SETFL, fcntl (client->from_engine, F_GETFL) | O_NONBLOCK);
  return true;
}

/* `set myname NAME`: the name kept printable and cut to fit. */
static void read_name (NboardClient *client, const char *name)
{
  while (isspace ((unsigned char) *name))
    name++;
  size_t n = 0;
  for (; name[n] && n + 1 < sizeof client->name; n++)
    client->name[n] = isprint ((unsigned char) name[n]) ? name[n] : '?';
  client->name[n] = '\0';
}

/* Sends `ping N` and reads until `pong N`, taking `set myname` on the way; every other line
 * (status, nodestats, search, a reply to an earlier `go`) is information and skipped. */
static NboardClientStatus synchronise (NboardClient *client, const Wait *wait)
{
  unsigned ping = ++client->ping;
  NboardClientStatus status = send_format (client, wait, "ping %u", ping);
  char line[NBOARD_CLIENT_MAX_LINE], expected[32];
  snprintf (expected, sizeof expected, "pong %u", ping);
  while (status == NBOARD_CLIENT_OK) {
    status = read_line (client, wait, "answer ping", line);
    if (status != NBOARD_CLIENT_OK)
      break;
    if (strcmp (line, expected) == 0)
      return NBOARD_CLIENT_OK;
    if (strncmp (line, "set myname ", 11) == 0)
      read_name (client, line + 11);
  }
  return status;
}

NboardClientStatus nboard_client_start (NboardClient *client, double timeout)
{
  nboard_client_stop (client);
  client->error[0] = '\0';
  client->name[0] = '\0';
  if (!spawn (client)) {
    fail (client, "could not be started: %s", strerror (errno));
    return NBOARD_CLIENT_NOT_STARTED;
  }
  Wait wait = wait_for (client, timeout, "at start");
  NboardClientStatus status = send_line (client, "nboard 2", &wait);
  return status ? status : synchronise (client, &wait);
}

static NboardClientStatus not_running (NboardClient *client)
{
  if (!client->error[0])
    fail (client, "is not running");
  return NBOARD_CLIENT_NOT_STARTED;
}

NboardClientStatus nboard_client_set_depth (NboardClient *client, int depth)
{
  if (!nboard_client_running (client))
    return not_running (client);
  /* A line into an empty pipe: the deadline is only for an engine that stopped reading. */
  Wait wait = wait_for (client, NBOARD_CLIENT_EXIT_SECONDS, "when told its depth");
  return send_format (client, &wait, "set depth %d", depth);
}

/* `=== MOVE[/score[/seconds]]`: the move, checked against position. */
static NboardClientStatus read_move (NboardClient *client, const char *line,
                                     const Position *position, const Wait *wait,
                                     NboardMove *move)
{
  char shown[NBOARD_CLIENT_QUOTE + 4];
  quote (line, strlen (line), shown);
  const char *text = line + 3;
  while (*text == ' ' || *text == '\t')
    text++;
  size_t length = strcspn (text, "/ \t");
  *move = (NboardMove) { .move = BOARD_NO_MOVE, .seconds = -1 };
  if (length == 4 && strncasecmp (text, "pass", 4) == 0)
    move->move = BOARD_PASS;
  else if (length == 0 || notation_parse_square (text, length, &move->move).error) {
    fail (client, "answered '%s' %s, which is not a move", shown, wait->when);
    nboard_client_stop (client);
    return NBOARD_CLIENT_GARBAGE;
  }
  const char *score = text[length] == '/' ? text + length + 1 : NULL;
  if (score) {
    char *end;
    double value = c_locale_strtod (score, &end);
    move->has_score = end != score && value > -1e6 && value < 1e6;
    move->score = move->has_score ? value : 0;
    const char *seconds = strchr (score, '/');
    value = seconds ? c_locale_strtod (seconds + 1, &end) : -1;
    if (seconds && end != seconds + 1 && value >= 0 && value < 1e7)
      move->seconds = value;
  }
  bool legal = move->move == BOARD_PASS
             ? position_must_pass (position)
             : (board_legal_moves (&position->board) & board_bit (move->move)) != 0;
  if (!legal) {
    fail (client, "answered '%s' %s: not a legal move for %s", shown, wait->when,
          position->side_to_move == POSITION_BLACK ? "black" : "white");
    nboard_client_stop (client);
    return NBOARD_CLIENT_ILLEGAL_MOVE;
  }
  return NBOARD_CLIENT_OK;
}

NboardClientStatus nboard_client_go (NboardClient *client, const NotationGame *game,
                                     double timeout, NboardMove *move)
{
  if (!nboard_client_running (client))
    return not_running (client);
  Wait wait = wait_for (client, timeout, "during its move");
  size_t size = notation_format_ggf (game, NULL, NULL, 0) + sizeof "set game ";
  char *record = malloc (size);
  if (!record) {
    fail (client, "could not be sent the game: out of memory");
    nboard_client_stop (client);
    return NBOARD_CLIENT_NOT_STARTED;
  }
  memcpy (record, "set game ", 9);
  notation_format_ggf (game, NULL, record + 9, size - 9);
  NboardClientStatus status = send_line (client, record, &wait);
  free (record);
  if (status == NBOARD_CLIENT_OK)
    status = synchronise (client, &wait);
  if (status == NBOARD_CLIENT_OK)
    status = send_line (client, "go", &wait);
  char line[NBOARD_CLIENT_MAX_LINE];
  while (status == NBOARD_CLIENT_OK) {
    status = read_line (client, &wait, "answer go", line);
    if (status == NBOARD_CLIENT_OK && strncmp (line, "===", 3) == 0) {
      Position position = notation_game_position (game, game->n_moves);
      return read_move (client, line, &position, &wait, move);
    }
  }
  return status;
}
