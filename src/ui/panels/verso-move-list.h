/* verso-move-list.h: the game's record as numbered rows of moves ("12. e3 f4"), with the opening's
 * name and the coach's grades; a click on a move shows the position after it. */
#pragma once

#include <gtk/gtk.h>

#include "verso-game.h"

G_BEGIN_DECLS

#define VERSO_TYPE_MOVE_LIST (verso_move_list_get_type ())
G_DECLARE_FINAL_TYPE (VersoMoveList, verso_move_list, VERSO, MOVE_LIST, GtkWidget)

/* The list follows the game's "changed" and "move-scored" signals; NULL empties it. A move shows
 * the time it took when the game's clock knows it (verso_game_get_move_seconds), and its grade
 * (verso_game_get_move_score) when a person played it, under the coach's summary of each graded
 * colour. Another game grades people's moves only and hides the progress. */
void verso_move_list_set_game (VersoMoveList *list, VersoGame *game);
/* The computer's moves show their grades too (after Analyse Game). */
void verso_move_list_set_grade_computer (VersoMoveList *list, gboolean grade);
/* Shows Analyse Game's progress under the moves, done of total positions, with a Cancel button
 * (action win.cancel-analysis); total 0 hides it. */
void verso_move_list_set_analysis_progress (VersoMoveList *list, guint done, guint total);

G_END_DECLS
