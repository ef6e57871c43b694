/* verso-position-chooser.h: the dialog that lists the positions of an OBF file of several and
 * lets the user choose the one to play from. */
#pragma once

#include <adwaita.h>

#include "verso-game.h"

G_BEGIN_DECLS

#define VERSO_TYPE_POSITION_CHOOSER (verso_position_chooser_get_type ())
G_DECLARE_FINAL_TYPE (VersoPositionChooser, verso_position_chooser, VERSO, POSITION_CHOOSER, AdwWindow)

/* A chooser over parent listing the positions game keeps of its OBF file
 * (verso_game_get_file_position): number, line, a small board, the side to move and the disc
 * counts, and the best listed score. Return or a click opens the selected one: "position-chosen"
 * is emitted with its index, then the chooser closes; Escape and Cancel close it, nothing
 * chosen. The caller presents it (verso_dialog_present). */
GtkWidget *verso_position_chooser_new (GtkWindow *parent, VersoGame *game);
/* The game whose file's positions it lists. */
VersoGame *verso_position_chooser_get_game (VersoPositionChooser *chooser);

/* The listed scores as a line, best first, at most max of them and "…" after: "g8 +18, h1 +12, …". */
char *verso_position_chooser_scores_text (const NotationScoredMove *moves, gsize n_moves, gsize max);

G_END_DECLS
