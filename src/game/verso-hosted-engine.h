/* verso-hosted-engine.h: another program that plays Othello over NBoard (src/host) as a player of
 * the game, in a worker thread: its process started on the first move asked for and kept for the
 * next ones, every wait time-limited, and a cancelled move ending at once. */
#pragma once

#include <gio/gio.h>

#include "notation.h"

G_BEGIN_DECLS

/* What went wrong with the engine; the error's message is the client's, in English, naming the
 * engine and what it did (nboard_client_error), for a log or a detail shown under the game's
 * own translated words. */
#define VERSO_HOSTED_ENGINE_ERROR (verso_hosted_engine_error_quark ())
typedef enum {
  VERSO_HOSTED_ENGINE_ERROR_NOT_STARTED,   /* no process, or it exited or said nonsense at start */
  VERSO_HOSTED_ENGINE_ERROR_START_TIMEOUT, /* it did not answer within the start limit */
  VERSO_HOSTED_ENGINE_ERROR_EXITED,        /* it exited or closed its output during a move */
  VERSO_HOSTED_ENGINE_ERROR_TIMEOUT,       /* no move within the move's limit */
  VERSO_HOSTED_ENGINE_ERROR_GARBAGE,       /* a reply that is not a move */
  VERSO_HOSTED_ENGINE_ERROR_ILLEGAL_MOVE,  /* a move that is not legal */
} VersoHostedEngineError;
GQuark verso_hosted_engine_error_quark (void);

#define VERSO_TYPE_HOSTED_ENGINE (verso_hosted_engine_get_type ())
G_DECLARE_FINAL_TYPE (VersoHostedEngine, verso_hosted_engine, VERSO, HOSTED_ENGINE, GObject)

/* An engine run as `/bin/sh -c command`, told `set depth` after each start when depth is 1..60
 * (0: its own default). Nothing starts yet. When the last reference goes, a running engine is
 * stopped and reaped in a thread of its own. */
VersoHostedEngine *verso_hosted_engine_new (const char *command, int depth);
const char *verso_hosted_engine_get_command (VersoHostedEngine *engine);
int verso_hosted_engine_get_depth (VersoHostedEngine *engine);
/* Its `set myname` once a start has read it, else NULL. Free with g_free. */
char *verso_hosted_engine_dup_name (VersoHostedEngine *engine);
/* Whether its process runs now (it may change at any moment while a move is under way). */
gboolean verso_hosted_engine_is_running (VersoHostedEngine *engine);

/* Asks for the move after game's moves (its clock sent when known, for an engine that budgets
 * its time) within seconds, starting the engine first if it does not run, within start_seconds
 * more. Moves on one engine
 * run one at a time, in the order asked for. Cancelling kills the engine at once (the next move
 * starts it again); the task then fails with G_IO_ERROR_CANCELLED. After any other failure the
 * engine has been stopped too. */
void verso_hosted_engine_choose_move_async (VersoHostedEngine *engine, const NotationGame *game,
                                            double start_seconds, double seconds,
                                            GCancellable *cancellable,
                                            GAsyncReadyCallback callback, gpointer user_data);
/* The move, a square 0..63 or BOARD_PASS, legal in the game's last position; -1 with error set
 * (VERSO_HOSTED_ENGINE_ERROR, or G_IO_ERROR_CANCELLED). */
int verso_hosted_engine_choose_move_finish (VersoHostedEngine *engine, GAsyncResult *result,
                                            GError **error);
/* After a move came back: TRUE with *score (may be NULL) when the engine gave one with it (`===
 * MOVE/SCORE`), discs for the side to move as it wrote them; FALSE without one, or without a move. */
gboolean verso_hosted_engine_choose_move_get_score (VersoHostedEngine *engine, GAsyncResult *result,
                                                    double *score);

/* Checks a command before it plays (the New Game dialog's engine row): starts it, reads its
 * name and stops it, within seconds. */
void verso_hosted_engine_check_async (const char *command, double seconds,
                                      GCancellable *cancellable, GAsyncReadyCallback callback,
                                      gpointer user_data);
/* Its name (`set myname`, else the command); NULL with error set as for a move. Free with g_free. */
char *verso_hosted_engine_check_finish (GAsyncResult *result, GError **error);

G_END_DECLS
