/* verso-library-window.h: Library: the games kept in the game library (library.h), the newest
 * first, found by a player's or an opening's name and by the position the main window shows;
 * a game opened for review ("game-chosen") or deleted; game files imported with progress. */
#pragma once

#include <adwaita.h>

#include "position.h"
#include "verso-profile.h"

G_BEGIN_DECLS

#define VERSO_TYPE_LIBRARY_WINDOW (verso_library_window_get_type ())
G_DECLARE_FINAL_TYPE (VersoLibraryWindow, verso_library_window, VERSO, LIBRARY_WINDOW, AdwWindow)

/* The games of profile's library; shown (the main window's position shown) is what "This
 * Position" finds. "game-chosen" (const char *text) gives the chosen game as text (its GGF or SGF
 * record, library_game_text), after which the window closes. Show it with verso_dialog_present. */
GtkWidget *verso_library_window_new (GtkWindow *parent, VersoProfile *profile, const Position *shown);

/* A game's result in words: "Black won by 12", "White won on time", "Draw", "Unfinished". */
char *verso_library_describe_result (const LibraryGame *game);

G_END_DECLS
