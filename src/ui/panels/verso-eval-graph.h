/* verso-eval-graph.h: the evaluation graph, drawn with Cairo: the score after each move from
 * Black's side (verso_game_get_move_score), the zero line, the exact part marked and the move
 * shown; a click or a drag shows the position after that move, and so do the arrow keys. */
#pragma once

#include <gtk/gtk.h>

#include "verso-game.h"

G_BEGIN_DECLS

#define VERSO_TYPE_EVAL_GRAPH (verso_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (VersoEvalGraph, verso_eval_graph, VERSO, EVAL_GRAPH, GtkWidget)

/* The graph follows the game's "changed" and "move-scored" signals; NULL empties it. */
void verso_eval_graph_set_game (VersoEvalGraph *graph, VersoGame *game);

G_END_DECLS
