/* nboard-client.h: another engine hosted over the NBoard protocol: its process, started by
 * `/bin/sh -c COMMAND`, its pipes, and the protocol's lines, with a time limit on every wait.
 *
 * Everything the engine writes is untrusted: a line too long, binary bytes, a reply that is not
 * one, an illegal move, silence or an exit at any moment end the wait with a status and a
 * message naming the engine and what it did, never a hang or a crash. A client that failed has
 * already killed and reaped its process; nboard_client_start starts it afresh.
 *
 * Plain C17 and POSIX, no global state: the program may ignore SIGPIPE or not (a write to an
 * engine that has gone is an error, never a signal), and its other threads never see the
 * engine's pipes (they are close-on-exec). One client is used by one thread at a time; the
 * engine's stderr is the program's. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "notation.h"

typedef struct NboardClient NboardClient;

typedef enum NboardClientStatus {
  NBOARD_CLIENT_OK = 0,
  NBOARD_CLIENT_NOT_STARTED,   /* the process could not be made (pipes, fork), or none runs */
  NBOARD_CLIENT_EXITED,        /* the engine closed its output or exited */
  NBOARD_CLIENT_TIMEOUT,       /* no answer within the time given */
  NBOARD_CLIENT_GARBAGE,       /* a reply that is not one: `===` without a square, a reply
                                * line longer than NBOARD_CLIENT_MAX_LINE */
  NBOARD_CLIENT_ILLEGAL_MOVE,  /* a square or a pass that is not legal in the position */
  NBOARD_CLIENT_CANCELLED,     /* the cancel descriptor became readable (nboard_client_set_cancel) */
} NboardClientStatus;

/* The longest line read whole; longer informational lines are skipped. */
#define NBOARD_CLIENT_MAX_LINE 4096

/* The engine's answer to `go`. */
typedef struct NboardMove {
  int move;          /* 0..63, or BOARD_PASS */
  bool has_score;
  double score;      /* discs for the side to move, as the engine wrote it */
  double seconds;    /* the engine's own count of its time; negative when it gave none */
} NboardMove;

/* A client for `command`, not yet started; NULL when memory is short. */
NboardClient *nboard_client_new (const char *command);
/* Stops the engine (nboard_client_stop) and frees the client. NULL is allowed. */
void nboard_client_free (NboardClient *client);

/* Starts the engine (stopping any that runs), says `nboard 2` and waits up to timeout seconds
 * for the `pong` of a `ping`, collecting `set myname`. */
NboardClientStatus nboard_client_start (NboardClient *client, double timeout);
/* Says `quit`, gives the engine a moment to exit, then kills its process group; reaps it. */
void nboard_client_stop (NboardClient *client);
bool nboard_client_running (const NboardClient *client);

/* A descriptor that becomes readable when the caller gives up (another thread's eventfd or pipe,
 * a GCancellable's), -1 for none: every wait polls it beside the engine, and when it is readable
 * the call ends at once with NBOARD_CLIENT_CANCELLED, the engine killed and reaped (it may be in
 * the middle of a line, or of a search the caller no longer wants). The client only polls it,
 * never reads or closes it. */
void nboard_client_set_cancel (NboardClient *client, int fd);

/* `set depth N` (1..60). */
NboardClientStatus nboard_client_set_depth (NboardClient *client, int depth);
/* Sends the game (`set game` with its GGF record, clock included when game->clock.known), waits
 * for the `pong` of a `ping`, says `go` and waits for `=== MOVE[/score[/seconds]]`, all within
 * timeout seconds. The move is checked against the game's last position; the side to move there
 * must not be at the game's end. */
NboardClientStatus nboard_client_go (NboardClient *client, const NotationGame *game,
                                     double timeout, NboardMove *move);

/* The engine's name: its `set myname`, else the command. */
const char *nboard_client_name (const NboardClient *client);
/* What went wrong last, in English, naming the engine: "engine 'NTest' exited with status 1
 * during its move"; "" when nothing has. */
const char *nboard_client_error (const NboardClient *client);
