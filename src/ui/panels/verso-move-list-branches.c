/* verso-move-list-branches.c: where the line branches, a row under the move lists the other
 * moves recorded there ("↳ 3. c5"), each a button that enters its variation; inside a variation a
 * bar under the moves promotes or deletes it. */
#include "verso-move-list-private.h"

#include <glib/gi18n.h>

#include "verso-game.h"

/* Other moves on one line of a branch row: as wide as the two columns of moves. */
#define BRANCHES_PER_LINE 3

static void on_branch_clicked (GtkButton *button, VersoMoveList *self)
{
  guint ply = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ply"));
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "index"));

  if (self->game && ply >= 1 && ply <= verso_game_get_length (self->game)
      && index < verso_game_count_variations (self->game, ply))
    verso_game_enter_variation (self->game, ply, index);
}

/* A button entering branch index at ply: "3. c5" for black, "3… f4" for white. */
static GtkWidget *branch_button (VersoMoveList *self, guint ply, guint index)
{
  int move = verso_game_get_variation_move (self->game, ply, index);
  guint number = move_row (self, ply) + 1;
  gboolean black = move_side (self, ply) == POSITION_BLACK;
  g_autofree char *name = verso_move_list_move_name (move);
  g_autofree char *label = g_strdup_printf (black ? "%u. %s" : "%u… %s", number, name);
  g_autofree char *accessible = NULL;
  GtkWidget *button = gtk_button_new_with_label (label);

  if (index == 0)
    /* Translators: the accessible name of a button in the move list that shows the main line
     * where the line shown left it, e.g. "Main line: 3. Black c3" */
    accessible = g_strdup_printf (black ? _("Main line: %u. Black %s") : _("Main line: %u. White %s"), number, name);
  else
    /* Translators: the accessible name of a button in the move list that shows another move
     * recorded at a move of the game, and what follows it, e.g. "Variation: 3. Black c5" */
    accessible = g_strdup_printf (black ? _("Variation: %u. Black %s") : _("Variation: %u. White %s"), number, name);
  gtk_widget_set_tooltip_text (button, index == 0 ? _("Show the main line") : _("Show this variation"));
  /* GTK 4.18 names a button after its label through a relation that comes before the label
   * given here; without it the screen reader says only "2. c3". */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "branch");
  if (index == 0)
    gtk_widget_add_css_class (button, "main-line");
  g_object_set_data (G_OBJECT (button), "ply", GUINT_TO_POINTER (ply));
  g_object_set_data (G_OBJECT (button), "index", GUINT_TO_POINTER (index));
  g_signal_connect (button, "clicked", G_CALLBACK (on_branch_clicked), self);
  return button;
}

/* The line of the other moves recorded at ply, or NULL where there are none. */
static GtkWidget *branch_line (VersoMoveList *self, guint ply)
{
  guint count = verso_game_count_variations (self->game, ply);
  guint followed = verso_game_get_variation (self->game, ply);
  GtkWidget *line, *arrow, *moves, *row = NULL;

  if (count < 2)
    return NULL;
  line = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  /* The buttons name themselves: the arrow is not read out. */
  arrow = g_object_new (GTK_TYPE_LABEL, "label", "↳", "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION, NULL);
  gtk_widget_add_css_class (arrow, "dim-label");
  gtk_widget_set_valign (arrow, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (line), arrow);
  /* Many moves go on more lines rather than widen the list (and shrink the board). */
  moves = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  for (guint index = 0, shown = 0; index < count; index++) {
    if (index == followed)
      continue;
    if (shown++ % BRANCHES_PER_LINE == 0) {
      row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
      gtk_box_append (GTK_BOX (moves), row);
    }
    gtk_box_append (GTK_BOX (row), branch_button (self, ply, index));
  }
  gtk_box_append (GTK_BOX (line), moves);
  return line;
}

gboolean verso_move_list_branch_has_focus (VersoMoveList *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;

  for (guint i = 0; focus && i < self->branch_rows->len; i++)
    if (gtk_widget_is_ancestor (focus, g_ptr_array_index (self->branch_rows, i)))
      return TRUE;
  return FALSE;
}

void verso_move_list_update_branches (VersoMoveList *self)
{
  GtkWidget *rows = NULL;
  guint rows_row = 0;

  while (self->branch_rows->len > 0)
    gtk_grid_remove (GTK_GRID (self->grid), g_ptr_array_steal_index (self->branch_rows, self->branch_rows->len - 1));
  if (!self->game)
    return;
  for (guint ply = 1; ply <= self->buttons->len; ply++) {
    GtkWidget *line = branch_line (self, ply);

    if (!line)
      continue;
    if (!rows || rows_row != move_row (self, ply)) {
      rows = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      gtk_widget_add_css_class (rows, "branches");
      rows_row = move_row (self, ply);
      gtk_grid_attach (GTK_GRID (self->grid), rows, 1, branch_grid_row (rows_row), 2, 1);
      g_ptr_array_add (self->branch_rows, rows);
    }
    gtk_box_append (GTK_BOX (rows), line);
  }
}

void verso_move_list_update_variation_bar (VersoMoveList *self)
{
  guint ply = self->game ? verso_game_get_variation_ply (self->game) : 0;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (self->variation_bar, ply > 0);
  if (ply == 0)
    return;
  /* Translators: under the move list while the moves shown are a variation, e.g.
   * "Variation from move 3" */
  text = g_strdup_printf (_("Variation from move %u"), move_row (self, ply) + 1);
  gtk_label_set_text (GTK_LABEL (self->variation_label), text);
}

/* A button of the variation bar: label with a mnemonic, the window's action, a tooltip that is
 * also its accessible description. */
static GtkWidget *variation_button (const char *label, const char *action, const char *tooltip)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  return button;
}

/* Where the variation starts; make it the main line, or delete it. The buttons go under the
 * words so that the pane keeps its width. */
GtkWidget *verso_move_list_variation_bar_new (VersoMoveList *self)
{
  GtkWidget *buttons;

  self->variation_bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (self->variation_bar, "variation");
  self->variation_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->variation_label), 0);
  gtk_label_set_wrap (GTK_LABEL (self->variation_label), TRUE);
  /* Wrapped to the list's width rather than widening it. */
  gtk_label_set_max_width_chars (GTK_LABEL (self->variation_label), 12);
  gtk_widget_add_css_class (self->variation_label, "heading");
  gtk_box_append (GTK_BOX (self->variation_bar), self->variation_label);
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_set_homogeneous (GTK_BOX (buttons), TRUE);
  gtk_box_append (GTK_BOX (buttons),
                  variation_button (_("_Promote"), "win.promote-variation", _("Make this variation the main line")));
  gtk_box_append (GTK_BOX (buttons),
                  variation_button (_("_Delete"), "win.delete-variation", _("Delete this variation and its moves")));
  gtk_box_append (GTK_BOX (self->variation_bar), buttons);
  gtk_widget_set_visible (self->variation_bar, FALSE);
  return self->variation_bar;
}
