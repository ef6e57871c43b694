/* verso-move-list-private.h: the move list's state and the helpers its files share:
 * verso-move-list.c (the moves, grades and notes) and verso-move-list-branches.c (the other moves
 * recorded where the line branches, and the bar inside a variation). */
#pragma once

#include "verso-move-list.h"

G_BEGIN_DECLS

struct _VersoMoveList {
  GtkWidget parent_instance;

  VersoGame *game;
  GSignalGroup *game_signals;  /* "changed" and "move-scored" of game */

  GtkWidget *opening_label;
  GtkWidget *scrolled;
  GtkWidget *grid;
  GtkWidget *empty_label;
  GPtrArray *buttons;  /* the button of move ply is buttons[ply - 1] */
  GPtrArray *numbers;  /* the number label of row r (0-based) is numbers[r] */
  GPtrArray *grades;   /* the grade label inside buttons[ply - 1] is grades[ply - 1] */
  GPtrArray *times;    /* the label of the time move ply took, inside its button, is times[ply - 1] */
  GPtrArray *branch_rows; /* the rows of other moves under the move rows that branch */
  gboolean grade_computer; /* the computer's moves show their grades too */
  /* Under the moves: the coach's summary, a line a colour in an expander that holds the whole
   * of it and the grades' thresholds; the analysis' progress. */
  GtkWidget *summary_expander;
  GtkWidget *summary_label;
  GtkWidget *details_label;
  GtkWidget *legend_label;
  GtkWidget *analysis_bar;
  GtkWidget *progress_bar;
  /* Inside a variation: where it starts, Promote and Delete. */
  GtkWidget *variation_bar;
  GtkWidget *variation_label;
  /* What the buttons show: the start (its side to move places the first move) and the moves. */
  Position start;
  GArray *moves;
  guint current;
  guint scroll_id;     /* tick callback that scrolls the current move into view */
  guint scroll_tries;
};

/* The row of move ply (its number less one), and its column: 1 for black, 2 for white. */
static inline guint move_row (VersoMoveList *self, guint ply)
{
  return verso_move_number (&self->start, ply) - 1;
}

/* The grid's rows: the column titles, then for each move row its moves and, under them, the
 * other moves recorded where they branch (empty while there are none). */
static inline int grid_row (guint row)
{
  return 1 + 2 * (int) row;
}

static inline int branch_grid_row (guint row)
{
  return 2 + 2 * (int) row;
}

static inline int move_side (VersoMoveList *self, guint ply)
{
  return (int) ((ply - 1 + (guint) self->start.side_to_move) % 2);
}

/* A move as the list writes it: its square, or "pass". */
char *verso_move_list_move_name (int move);

/* verso-move-list-branches.c */
/* Builds the rows of other moves again, under each move row whose moves branch. */
void verso_move_list_update_branches (VersoMoveList *self);
/* Whether the focus is on one of the branch rows (which update builds again). */
gboolean verso_move_list_branch_has_focus (VersoMoveList *self);
/* The bar under the moves while the line shown is a variation. */
void verso_move_list_update_variation_bar (VersoMoveList *self);
/* The bar itself, hidden, for init: where the variation starts, Promote and Delete. */
GtkWidget *verso_move_list_variation_bar_new (VersoMoveList *self);

G_END_DECLS
