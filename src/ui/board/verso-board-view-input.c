/* verso-board-view-input.c: clicks, the pointer and the keyboard cursor, turned into
 * "square-activated" through the board's orientation, and the square whose flips are previewed. */
#include "verso-board-view-private.h"

#include <math.h>

/* The board square drawn at (x, y), through the orientation; -1 off the squares. */
static int square_at (VersoBoardView *self, double x, double y)
{
  Geometry geometry = verso_board_view_geometry (self);
  int column = (int) floor ((x - geometry.x) / geometry.cell);
  int row = (int) floor ((y - geometry.y) / geometry.cell);

  if (column < 0 || column > 7 || row < 0 || row > 7)
    return -1;
  return verso_orientation_to_board (self->orientation, board_square (column, row));
}

int verso_board_view_preview_square (VersoBoardView *self)
{
  guint64 legal;

  if (!self->show_flips || self->editing || !self->game || self->anim_start
      || !verso_game_is_human_turn (self->game))
    return -1;
  legal = verso_game_get_legal_moves (self->game);
  if (self->hover >= 0 && (legal & board_bit (self->hover)))
    return self->hover;
  if (self->cursor_shown && gtk_widget_has_focus (GTK_WIDGET (self)) && (legal & board_bit (self->cursor)))
    return self->cursor;
  return -1;
}

void verso_board_view_show_cursor (VersoBoardView *self)
{
  g_return_if_fail (VERSO_IS_BOARD_VIEW (self));

  self->cursor_shown = TRUE;
  verso_board_view_update_line (self);
  verso_board_view_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void activate_square (VersoBoardView *self, int square)
{
  self->cursor = square;
  verso_board_view_update_description (self);
  g_signal_emit_by_name (self, "square-activated", square);
}

static void on_click_released (GtkGestureClick *gesture, int n_press, double x, double y, VersoBoardView *self)
{
  int square = square_at (self, x, y);

  if (square < 0)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->cursor_shown = FALSE;
  activate_square (self, square);
}

static void set_hover (VersoBoardView *self, int square)
{
  if (self->hover == square)
    return;
  self->hover = square;
  verso_board_view_update_line (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void on_motion (GtkEventControllerMotion *controller, double x, double y, VersoBoardView *self)
{
  set_hover (self, square_at (self, x, y));
}

static void on_leave (GtkEventControllerMotion *controller, VersoBoardView *self)
{
  set_hover (self, -1);
}

static gboolean on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                                GdkModifierType state, VersoBoardView *self)
{
  /* The arrows move the cursor as the board is drawn, whatever its orientation. */
  int cell = verso_orientation_to_view (self->orientation, self->cursor);
  int column = board_column (cell), row = board_row (cell);

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return GDK_EVENT_PROPAGATE;

  switch (keyval) {
  case GDK_KEY_Left: case GDK_KEY_KP_Left: column--; break;
  case GDK_KEY_Right: case GDK_KEY_KP_Right: column++; break;
  case GDK_KEY_Up: case GDK_KEY_KP_Up: row--; break;
  case GDK_KEY_Down: case GDK_KEY_KP_Down: row++; break;
  case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space: case GDK_KEY_KP_Space:
    self->cursor_shown = TRUE;
    activate_square (self, self->cursor);
    gtk_widget_queue_draw (GTK_WIDGET (self));
    return GDK_EVENT_STOP;
  default:
    return GDK_EVENT_PROPAGATE;
  }
  self->cursor = verso_orientation_to_board (self->orientation, board_square (CLAMP (column, 0, 7), CLAMP (row, 0, 7)));
  self->cursor_shown = TRUE;
  verso_board_view_update_line (self);
  verso_board_view_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return GDK_EVENT_STOP;
}

static void on_focus_changed (VersoBoardView *self)
{
  verso_board_view_update_line (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void verso_board_view_input_init (VersoBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (on_focus_changed), NULL);
}
