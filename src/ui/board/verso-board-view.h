/* verso-board-view.h: the board, drawn with Cairo and played with the mouse and the keyboard. */
#pragma once

#include <gtk/gtk.h>

#include "verso-game.h"

G_BEGIN_DECLS

#define VERSO_TYPE_BOARD_VIEW (verso_board_view_get_type ())
G_DECLARE_FINAL_TYPE (VersoBoardView, verso_board_view, VERSO, BOARD_VIEW, GtkWidget)

/* Besides "game", what the board shows are properties the window binds to its settings:
 * "show-legal-moves", "show-last-move", "show-coordinates", "animate", "theme",
 * "show-move-numbers" (each disc placed by a move carries that move's ply), "show-flips" (the
 * discs a legal move under the pointer or the cursor would flip are marked) and "orientation"
 * (the board rotated or mirrored, a nick of verso-board-view-orientation.h; the squares' names
 * never change). */
GtkWidget *verso_board_view_new (void);
/* A board of a secondary window's task (Practise, Train Openings), whose texts name squares: with
 * its coordinates, at least 280 px square, filling the height; name is its accessible name. */
GtkWidget *verso_board_view_new_for_task (const char *name);

VersoGame *verso_board_view_get_game (VersoBoardView *view);
void verso_board_view_set_game (VersoBoardView *view, VersoGame *game);

/* Setting up a position: draws position (copied) instead of the game's, without legal moves or
 * marks, and every square clicked or chosen with the keys is "square-activated". NULL goes back
 * to the game. */
void verso_board_view_set_edit_position (VersoBoardView *view, const Position *position);

/* Marks the engine's suggestion until the position changes; -1 clears it. */
void verso_board_view_set_hint (VersoBoardView *view, int square);
/* Draws on each legal square the score analysis gives its move (the final disc difference for the
 * side to move), the best emphasised and exact ones marked; the accessible description of the
 * board lists them ("Scores: f5 +4 exact, d6 +2, ..."). NULL removes them. The view keeps a
 * copy; the caller drops it when the position changes. */
void verso_board_view_set_scores (VersoBoardView *view, const Analysis *analysis);
/* The line (principal variation) of the scored move under the pointer or the focused keyboard
 * cursor, as text ("depth 14: d3 c3 c4 …" or "exact: …"), or NULL when none is shown; its discs
 * are drawn numbered on the board. The "line" property, notified when it changes. */
char *verso_board_view_get_line (VersoBoardView *view);
/* A move's line as text, at most ten plies, how it was found first ("depth 14: d3 c3 pass c4 …",
 * "exact: d3 c3"); NULL when it has none. */
char *verso_format_line (const AnalysisMove *move);
/* The same without how it was found: "d3 c3 pass c4 …"; NULL when it has none. */
char *verso_format_line_moves (const AnalysisMove *move);
/* A short red glow on a square where a move was refused. */
void verso_board_view_flash_square (VersoBoardView *view, int square);
/* Draws the keyboard cursor, where the arrow keys and Return will act. */
void verso_board_view_show_cursor (VersoBoardView *view);

G_END_DECLS
