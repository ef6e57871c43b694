/* verso-window.h: the main window: header bar, board, status line and the game it shows. */
#pragma once

#include <adwaita.h>

#include "verso-game.h"
#include "verso-profile.h"

G_BEGIN_DECLS

#define VERSO_TYPE_WINDOW (verso_window_get_type ())
G_DECLARE_FINAL_TYPE (VersoWindow, verso_window, VERSO, WINDOW, AdwApplicationWindow)

/* A window of application showing and changing profile, the application's. */
VersoWindow *verso_window_new (GtkApplication *application, VersoProfile *profile);

VersoGame *verso_window_get_game (VersoWindow *window);
/* Asks for mode, colour and level, then starts the new game. */
void verso_window_show_new_game_dialog (VersoWindow *window);
/* Starts a new game with the mode, colour and level in the settings. */
void verso_window_start_new_game (VersoWindow *window);
/* Reads a game file (GGF, transcript or board string) in a worker thread; once read, it replaces
 * the game shown (after asking about unsaved changes) at its last position. Errors are shown. */
void verso_window_open_file (VersoWindow *window, GFile *file);
/* A toast over the window: for messages never withdrawn (why the help could not be opened). */
void verso_window_show_toast (VersoWindow *window, const char *title);

G_END_DECLS
