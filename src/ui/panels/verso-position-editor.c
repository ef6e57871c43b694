/* verso-position-editor.c: the bar that sets up a position. It holds the position being built;
 * the window turns board clicks into verso_position_editor_cycle_square() and shows the result. */
#include "verso-position-editor.h"

#include <glib/gi18n.h>

struct _VersoPositionEditor {
  GtkWidget parent_instance;

  GtkLabel *message_label;
  GtkToggleButton *black_button;
  GtkToggleButton *white_button;

  guint64 black, white;
  int side_to_move;
  Position position;   /* black, white and side_to_move as one Position */
  gboolean updating;   /* the toggles are being set from the position */
};

G_DEFINE_FINAL_TYPE (VersoPositionEditor, verso_position_editor, GTK_TYPE_WIDGET)

enum { SIGNAL_CHANGED, SIGNAL_PLAY, SIGNAL_CANCEL, N_SIGNALS };
static guint signals[N_SIGNALS];

static void show_message (VersoPositionEditor *self, const char *text, gboolean error)
{
  gtk_label_set_text (self->message_label, text);
  if (error) {
    gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "dim-label");
    gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "error");
  } else {
    gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "error");
    gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "dim-label");
  }
}

static void changed (VersoPositionEditor *self)
{
  self->position = position_from_discs (self->black, self->white, self->side_to_move);
  self->updating = TRUE;
  gtk_toggle_button_set_active (self->side_to_move == POSITION_BLACK ? self->black_button : self->white_button, TRUE);
  self->updating = FALSE;
  show_message (self, _("Click a square to change it: empty, black, white"), FALSE);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

void verso_position_editor_set_position (VersoPositionEditor *self, const Position *position)
{
  g_return_if_fail (VERSO_IS_POSITION_EDITOR (self));
  g_return_if_fail (position != NULL);

  self->black = position_black (position);
  self->white = position_white (position) & ~self->black;
  self->side_to_move = position->side_to_move == POSITION_WHITE ? POSITION_WHITE : POSITION_BLACK;
  changed (self);
}

const Position *verso_position_editor_get_position (VersoPositionEditor *self)
{
  g_return_val_if_fail (VERSO_IS_POSITION_EDITOR (self), NULL);
  return &self->position;
}

void verso_position_editor_cycle_square (VersoPositionEditor *self, int square)
{
  guint64 bit;

  g_return_if_fail (VERSO_IS_POSITION_EDITOR (self));
  g_return_if_fail (square >= 0 && square < BOARD_SQUARES);

  bit = board_bit (square);
  if (self->black & bit) {
    self->black &= ~bit;
    self->white |= bit;
  } else if (self->white & bit) {
    self->white &= ~bit;
  } else {
    self->black |= bit;
  }
  changed (self);
}

static void on_start_clicked (VersoPositionEditor *self)
{
  Position start;

  position_init (&start);
  verso_position_editor_set_position (self, &start);
}

static void on_empty_clicked (VersoPositionEditor *self)
{
  self->black = self->white = 0;
  changed (self);
}

static void on_side_toggled (VersoPositionEditor *self, GtkToggleButton *button)
{
  if (self->updating || !gtk_toggle_button_get_active (button))
    return;
  self->side_to_move = button == self->white_button ? POSITION_WHITE : POSITION_BLACK;
  changed (self);
}

static void on_cancel_clicked (VersoPositionEditor *self)
{
  g_signal_emit (self, signals[SIGNAL_CANCEL], 0);
}

/* A game can start from any position where a side can move: a pass the side to move must make
 * is played by the game. One where neither can would be over before it began. */
static void on_play_clicked (VersoPositionEditor *self)
{
  const char *why = NULL;

  if ((self->black | self->white) == 0)
    why = _("Place at least one disc to play");
  else if (board_is_game_over (&self->position.board))
    why = _("Neither side can move in this position");
  if (why) {
    show_message (self, why, TRUE);
    gtk_widget_error_bell (GTK_WIDGET (self));
    return;
  }
  g_signal_emit (self, signals[SIGNAL_PLAY], 0);
}

GtkWidget *verso_position_editor_new (void)
{
  return g_object_new (VERSO_TYPE_POSITION_EDITOR, NULL);
}

static void verso_position_editor_dispose (GObject *object)
{
  GtkWidget *child;

  gtk_widget_dispose_template (GTK_WIDGET (object), VERSO_TYPE_POSITION_EDITOR);
  /* The template's unnamed rows are children too; a GtkWidget lets go of none by itself. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (verso_position_editor_parent_class)->dispose (object);
}

static void verso_position_editor_class_init (VersoPositionEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = verso_position_editor_dispose;

  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_PLAY] = g_signal_new ("play", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                       NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_CANCEL] = g_signal_new ("cancel", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                         NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "positioneditor");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/verso/Verso/verso-position-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, VersoPositionEditor, message_label);
  gtk_widget_class_bind_template_child (widget_class, VersoPositionEditor, black_button);
  gtk_widget_class_bind_template_child (widget_class, VersoPositionEditor, white_button);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_empty_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_side_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_play_clicked);
}

static void verso_position_editor_init (VersoPositionEditor *self)
{
  GtkBoxLayout *layout;

  gtk_widget_init_template (GTK_WIDGET (self));
  layout = GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self)));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (layout, 6);
  on_start_clicked (self);
}
