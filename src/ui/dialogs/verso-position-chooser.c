/* verso-position-chooser.c: the dialog that lists the positions of an OBF file of several (a
 * small board, the side to move, the discs and the best listed score of each) and opens the one
 * chosen, by keyboard or mouse. */
#include "verso-position-chooser.h"

#include <glib/gi18n.h>

#include "verso-game-files.h"
#include "verso-game-analysis.h"

struct _VersoPositionChooser {
  AdwWindow parent_instance;

  VersoGame *game;        /* holds the file's positions */
  GtkListBox *list;
};

G_DEFINE_FINAL_TYPE (VersoPositionChooser, verso_position_chooser, ADW_TYPE_WINDOW)

enum { SIGNAL_POSITION_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

/* Pixels of the small board drawn in each row. */
#define BOARD_PIXELS 56

static int compare_scores (gconstpointer a, gconstpointer b, gpointer unused)
{
  const NotationScoredMove *first = a, *second = b;

  return second->score - first->score;
}

char *verso_position_chooser_scores_text (const NotationScoredMove *moves, gsize n_moves, gsize max)
{
  g_autofree NotationScoredMove *sorted = g_memdup2 (moves, n_moves * sizeof *moves);
  GString *text = g_string_new (NULL);

  g_qsort_with_data (sorted, (gint) n_moves, sizeof *sorted, compare_scores, NULL);
  for (gsize i = 0; i < n_moves && i < max; i++) {
    char square[3];
    g_autofree char *score = verso_format_score (sorted[i].score);

    notation_format_square (sorted[i].move, square);
    /* Translators: a move and the score an OBF file lists for it, e.g. "g8 +18" */
    g_string_append_printf (text, i == 0 ? _("%s %s") : _(", %s %s"), square, score);
  }
  if (n_moves > max)
    g_string_append (text, _(", …"));
  return g_string_free (text, FALSE);
}

/* The small board: green squares, black and white discs. */
static void draw_board (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const Position *position = data;
  uint64_t black = position_black (position), white = position_white (position);
  double cell = MIN (width, height) / 8.0;

  cairo_set_source_rgb (cr, 0.16, 0.47, 0.27);
  cairo_rectangle (cr, 0, 0, cell * 8, cell * 8);
  cairo_fill (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_set_line_width (cr, 1);
  for (int i = 0; i <= 8; i++) {
    cairo_move_to (cr, i * cell, 0);
    cairo_line_to (cr, i * cell, cell * 8);
    cairo_move_to (cr, 0, i * cell);
    cairo_line_to (cr, cell * 8, i * cell);
  }
  cairo_stroke (cr);
  for (int square = 0; square < BOARD_SQUARES; square++) {
    uint64_t bit = board_bit (square);

    if (!((black | white) & bit))
      continue;
    if (black & bit)
      cairo_set_source_rgb (cr, 0.08, 0.08, 0.08);
    else
      cairo_set_source_rgb (cr, 0.96, 0.96, 0.94);
    cairo_arc (cr, (square % 8 + 0.5) * cell, (square / 8 + 0.5) * cell, cell * 0.4, 0, 2 * G_PI);
    cairo_fill (cr);
  }
}

static GtkWidget *board_picture (const Position *position)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), BOARD_PIXELS);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), BOARD_PIXELS);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_top (area, 6);
  gtk_widget_set_margin_bottom (area, 6);
  /* The row's title and subtitle say what it shows. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_board, (gpointer) position, NULL);
  return area;
}

/* The move with the best score listed and its score: "g8 +18". */
static char *best_listed (const NotationObf *obf)
{
  const NotationScoredMove *best = &obf->moves[0];
  g_autofree char *score = NULL;
  char square[3];

  for (gsize i = 1; i < obf->n_moves; i++)
    if (obf->moves[i].score > best->score)
      best = &obf->moves[i];
  notation_format_square (best->move, square);
  score = verso_format_score (best->score);
  return g_strdup_printf (_("%s %s"), square, score);
}

/* "White to move · 24 black, 17 white · best: g8 +18" */
static char *position_summary (const NotationObf *obf)
{
  const Position *position = &obf->position;
  int black = __builtin_popcountll (position_black (position));
  int white = __builtin_popcountll (position_white (position));
  g_autofree char *best = NULL;
  g_autofree char *discs = NULL;
  const char *side = position->side_to_move == POSITION_BLACK ? _("Black to move") : _("White to move");

  /* Translators: the discs of a position in a list of positions, e.g. "24 black, 17 white" */
  discs = g_strdup_printf (_("%d black, %d white"), black, white);
  if (obf->n_moves == 0)
    /* Translators: a position in the list of an OBF file's positions: who moves · the discs */
    return g_strdup_printf (_("%s · %s"), side, discs);
  best = best_listed (obf);
  /* Translators: a position in the list of an OBF file's positions: who moves · the discs · the
   * best move and score the file lists, e.g. "White to move · 24 black, 17 white · best: g8 +18" */
  return g_strdup_printf (_("%s · %s · best: %s"), side, discs, best);
}

static GtkWidget *position_row (VersoGame *game, guint index)
{
  const NotationObfEntry *entry = verso_game_get_file_position (game, index);
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title = NULL;
  g_autofree char *subtitle = position_summary (&entry->obf);

  title = verso_game_describe_file_position (game, index);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), board_picture (&entry->obf.position));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  return row;
}

static void choose (VersoPositionChooser *self, GtkListBoxRow *row)
{
  if (!row)
    return;
  g_signal_emit (self, signals[SIGNAL_POSITION_CHOSEN], 0, (guint) gtk_list_box_row_get_index (row));
  gtk_window_close (GTK_WINDOW (self));
}

static void on_row_activated (GtkListBox *list, GtkListBoxRow *row, VersoPositionChooser *self)
{
  choose (self, row);
}

static void on_open_clicked (GtkButton *button, VersoPositionChooser *self)
{
  choose (self, gtk_list_box_get_selected_row (self->list));
}

static void verso_position_chooser_dispose (GObject *object)
{
  VersoPositionChooser *self = VERSO_POSITION_CHOOSER (object);

  g_clear_object (&self->game);
  G_OBJECT_CLASS (verso_position_chooser_parent_class)->dispose (object);
}

static void verso_position_chooser_class_init (VersoPositionChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = verso_position_chooser_dispose;
  /* Emitted with the index of the position chosen, before the chooser closes. */
  signals[SIGNAL_POSITION_CHOSEN] = g_signal_new ("position-chosen", G_TYPE_FROM_CLASS (klass),
                                                  G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                                  G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkWidget *header_bar (VersoPositionChooser *self)
{
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *open = gtk_button_new_with_mnemonic (_("_Open"));

  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_set_show_start_title_buttons (ADW_HEADER_BAR (header), FALSE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "window.close");
  gtk_widget_add_css_class (open, "suggested-action");
  g_signal_connect (open, "clicked", G_CALLBACK (on_open_clicked), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), open);
  return header;
}

static void verso_position_chooser_init (VersoPositionChooser *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();

  /* Translators: the title of the dialog listing the positions of an OBF file */
  gtk_window_set_title (GTK_WINDOW (self), _("Choose a Position"));
  gtk_window_set_default_size (GTK_WINDOW (self), 440, 560);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_BROWSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_widget_set_margin_top (GTK_WIDGET (self->list), 12);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->list), 12);
  gtk_widget_set_margin_start (GTK_WIDGET (self->list), 12);
  gtk_widget_set_margin_end (GTK_WIDGET (self->list), 12);
  gtk_widget_set_valign (GTK_WIDGET (self->list), GTK_ALIGN_START);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  adw_clamp_set_child (ADW_CLAMP (clamp), GTK_WIDGET (self->list));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), header_bar (self));
  gtk_box_append (GTK_BOX (box), scrolled);
  adw_window_set_content (ADW_WINDOW (self), box);
}

GtkWidget *verso_position_chooser_new (GtkWindow *parent, VersoGame *game)
{
  VersoPositionChooser *self;
  guint n_positions;
  GtkListBoxRow *first;

  g_return_val_if_fail (VERSO_IS_GAME (game), NULL);

  self = g_object_new (VERSO_TYPE_POSITION_CHOOSER, "transient-for", parent, "modal", TRUE, NULL);
  self->game = g_object_ref (game);
  n_positions = verso_game_get_n_file_positions (game);
  for (guint i = 0; i < n_positions; i++)
    gtk_list_box_append (self->list, position_row (game, i));
  first = gtk_list_box_get_row_at_index (self->list, 0);
  if (first) {
    gtk_list_box_select_row (self->list, first);
    gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (first));
  }
  return GTK_WIDGET (self);
}

VersoGame *verso_position_chooser_get_game (VersoPositionChooser *self)
{
  g_return_val_if_fail (VERSO_IS_POSITION_CHOOSER (self), NULL);

  return self->game;
}
