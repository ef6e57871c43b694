/* verso-move-list.h: the game's record as numbered rows of moves ("12. e3 f4"), with the opening's
 * name; a click on a move shows the position after it. */
#pragma once

#include <gtk/gtk.h>

#include "verso-game.h"

G_BEGIN_DECLS

#define VERSO_TYPE_MOVE_LIST (verso_move_list_get_type ())
G_DECLARE_FINAL_TYPE (VersoMoveList, verso_move_list, VERSO, MOVE_LIST, GtkWidget)

GtkWidget *verso_move_list_new (void);

/* The list follows the game's "changed" signal; NULL empties it. */
void verso_move_list_set_game (VersoMoveList *list, VersoGame *game);

G_END_DECLS
