/* verso-game.h: one game of Reversi: positions, history with undo and redo, who plays each
 * colour, the computer's moves, and saving to a file. Knows nothing of widgets. */
#pragma once

#include <glib-object.h>
#include <gio/gio.h>

#include "board.h"
#include "level.h"

G_BEGIN_DECLS

typedef enum {
  VERSO_COLOR_BLACK,
  VERSO_COLOR_WHITE,
} VersoColor;

typedef enum {
  VERSO_PLAYER_HUMAN,
  VERSO_PLAYER_COMPUTER,
} VersoPlayer;

/* The same values as the settings schema's game-mode enum. */
typedef enum {
  VERSO_MODE_VERSUS_COMPUTER,
  VERSO_MODE_TWO_PLAYERS,
  VERSO_MODE_COMPUTER_ONLY,
} VersoMode;

#define VERSO_GAME_ERROR (verso_game_error_quark ())
typedef enum {
  VERSO_GAME_ERROR_ILLEGAL_MOVE,
  VERSO_GAME_ERROR_NOT_YOUR_TURN,
  VERSO_GAME_ERROR_GAME_OVER,
  VERSO_GAME_ERROR_BAD_FILE,
} VersoGameError;
GQuark verso_game_error_quark (void);

static inline VersoColor verso_color_other (VersoColor color) { return color == VERSO_COLOR_BLACK ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK; }

#define VERSO_TYPE_GAME (verso_game_get_type ())
G_DECLARE_FINAL_TYPE (VersoGame, verso_game, VERSO, GAME, GObject)

/* A new game from the standard start; black moves first. */
VersoGame *verso_game_new (VersoPlayer black, VersoPlayer white, LevelId level);
VersoGame *verso_game_new_for_mode (VersoMode mode, VersoColor human_color, LevelId level);

VersoPlayer verso_game_get_player (VersoGame *game, VersoColor color);
void verso_game_set_player (VersoGame *game, VersoColor color, VersoPlayer player);
VersoMode verso_game_get_mode (VersoGame *game);
LevelId verso_game_get_level (VersoGame *game);
void verso_game_set_level (VersoGame *game, LevelId level);
/* Milliseconds the computer waits at least before its move appears (default 400). */
void verso_game_set_move_delay (VersoGame *game, guint milliseconds);

/* The position now shown. */
VersoColor verso_game_get_turn (VersoGame *game);
guint64 verso_game_get_discs (VersoGame *game, VersoColor color);
int verso_game_count (VersoGame *game, VersoColor color);
guint64 verso_game_get_legal_moves (VersoGame *game);
/* The square of the move that led to this position, or BOARD_NO_MOVE at the start. */
int verso_game_get_last_move (VersoGame *game);
gboolean verso_game_is_over (VersoGame *game);
/* At game end: the winner, or -1 for a draw. */
int verso_game_get_winner (VersoGame *game);
gboolean verso_game_is_human_turn (VersoGame *game);
gboolean verso_game_get_thinking (VersoGame *game);
/* Number of moves played (passes included) up to the position shown. */
guint verso_game_get_ply (VersoGame *game);

/* Plays a move of a human player. Fails with VERSO_GAME_ERROR and changes nothing when the move
 * is not legal, it is the computer's turn, or the game is over. */
gboolean verso_game_play (VersoGame *game, int square, GError **error);

gboolean verso_game_can_undo (VersoGame *game);
gboolean verso_game_can_redo (VersoGame *game);
/* Against the computer, undo and redo step to the human's previous or next turn. */
void verso_game_undo (VersoGame *game);
void verso_game_redo (VersoGame *game);

/* Starts the computer's move if it is the computer's turn and none is under way. Called by the
 * game itself after every change; the window calls it once at the start. */
void verso_game_start_computer (VersoGame *game);
/* Stops any computer search now; its late answer is dropped. */
void verso_game_stop_computer (VersoGame *game);

/* The engine's best move for the side to move, searched in a worker thread. */
void verso_game_hint_async (VersoGame *game, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data);
/* The move, and (each may be NULL) the final disc difference the engine predicts after it for
 * the side to move (positive when it wins) and whether that is exact (the endgame was solved). */
int verso_game_hint_finish (VersoGame *game, GAsyncResult *result, int *disc_difference,
                            gboolean *exact, GError **error);

/* The moves from the start to the position shown, e.g. "f5d6c3"; passes are "PA". */
char *verso_game_get_transcript (VersoGame *game);

/* Saves the whole game (moves to redo included) atomically as a key file. */
gboolean verso_game_save (VersoGame *game, const char *path, GError **error);
/* Reads a saved game; fails with VERSO_GAME_ERROR_BAD_FILE naming what was wrong, or a
 * G_FILE_ERROR when the file cannot be read. */
VersoGame *verso_game_load (const char *path, GError **error);

/* Restores the game saved at path. Returns NULL without error when there is no file. A file that
 * cannot be understood is renamed aside (its new path in *set_aside, which may be NULL when the
 * rename failed) and the error says what was wrong; it is never read again. */
VersoGame *verso_game_restore (const char *path, char **set_aside, GError **error);

G_END_DECLS
