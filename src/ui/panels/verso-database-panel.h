/* verso-database-panel.h: the Database panel: for the position shown, the moves strong players
 * chose in WTHOR games (database.h): games, Black's average final disc difference, Black's
 * win/draw/loss shares, the opening each leads to and the book's value; a row clicked, or Return
 * on it, plays its move. */
#pragma once

#include <gtk/gtk.h>

#include "verso-game.h"

G_BEGIN_DECLS

#define VERSO_TYPE_DATABASE_PANEL (verso_database_panel_get_type ())
G_DECLARE_FINAL_TYPE (VersoDatabasePanel, verso_database_panel, VERSO, DATABASE_PANEL, GtkWidget)

/* The panel follows the game's "changed" signal while it is visible; NULL empties it. A row
 * activated emits "move-activated" with its square (the window plays it). */
void verso_database_panel_set_game (VersoDatabasePanel *panel, VersoGame *game);

G_END_DECLS
