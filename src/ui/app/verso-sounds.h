/* verso-sounds.h: the game's sounds (a disc placed, a pass, the end of a game), played through
 * GSound when the "sounds" setting is on; silent where there is no sound server. */
#pragma once

#include <gtk/gtk.h>

#include "verso-game.h"

G_BEGIN_DECLS

#define VERSO_TYPE_SOUNDS (verso_sounds_get_type ())
G_DECLARE_FINAL_TYPE (VersoSounds, verso_sounds, VERSO, SOUNDS, GObject)

/* Follows settings' "sounds" key. Never fails: without a sound server or device it stays
 * silent, and quiet (the first sound that fails to play ends the session's sounds, logged
 * once with g_debug; alsa-lib's messages go to the debug log, not the terminal).
 * "played" (const char *name: "disc", "pass", "win", "loss" or "draw") is emitted for each
 * sound played while the key is on, whether or not a sound server heard it (for tests). */
VersoSounds *verso_sounds_new (GSettings *settings);
/* Watches game (NULL: none): a move played (not one reached by undo, redo or navigation) makes
 * the disc sound, a pass the pass sound, the end of the game the win, loss or draw sound from
 * the point of view of the one person playing the computer (the win sound when two people or
 * the computer play each other and there is a winner). */
void verso_sounds_set_game (VersoSounds *sounds, VersoGame *game);

G_END_DECLS
