/* verso-game-types.h: the names the game's headers share (the colours, the players, the modes,
 * the game's errors and the VersoGame type itself), so that verso-game.h,
 * verso-game-analysis.h and verso-game-files.h each include this one and never each other. */
#pragma once

#include <glib-object.h>

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

/* The game (verso-game.h declares its class). */
typedef struct _VersoGame VersoGame;

G_END_DECLS
