/* verso-board-view-animation.c: the last move's flips and the refused-move glow, timed on the
 * frame clock. */
#include "verso-board-view-private.h"

#include <math.h>

gint64 verso_board_view_frame_time (VersoBoardView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  return clock ? gdk_frame_clock_get_frame_time (clock) : g_get_monotonic_time ();
}

static gboolean animations_enabled (VersoBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && self->animate;
}

/* Progress 0..1 of the flip at square, or 1 when no animation runs. */
double verso_board_view_flip_progress (VersoBoardView *self, int square, gint64 now)
{
  int distance;
  double t;

  if (!self->anim_start || !(self->anim_flips & board_bit (square)))
    return 1;
  distance = MAX (ABS (board_column (square) - board_column (self->anim_square)),
                  ABS (board_row (square) - board_row (self->anim_square)));
  if (self->anim_waiting)
    return 0;
  t = (double) (now - self->anim_start - (distance - 1) * STEP_USEC) / FLIP_USEC;
  return CLAMP (t, 0, 1);
}

void verso_board_view_stop_animation (VersoBoardView *self)
{
  self->anim_start = 0;
  self->anim_waiting = FALSE;
  self->flash_start = 0;
  self->flash_waiting = FALSE;
  if (self->tick_id) {
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
    self->tick_id = 0;
  }
}

static gint64 animation_end (VersoBoardView *self)
{
  gint64 end = 0;

  if (self->anim_start) {
    int farthest = 1;
    for (int square = 0; square < BOARD_SQUARES; square++)
      if (self->anim_flips & board_bit (square))
        farthest = MAX (farthest, MAX (ABS (board_column (square) - board_column (self->anim_square)),
                                       ABS (board_row (square) - board_row (self->anim_square))));
    end = self->anim_start + (farthest - 1) * STEP_USEC + FLIP_USEC;
  }
  if (self->flash_start)
    end = MAX (end, self->flash_start + FLASH_USEC);
  return end;
}

static gboolean animation_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  VersoBoardView *self = VERSO_BOARD_VIEW (widget);

  /* The clock's time is stale after an idle spell: the animation starts with the next frame. */
  if (self->anim_waiting) {
    self->anim_start = gdk_frame_clock_get_frame_time (clock);
    self->anim_waiting = FALSE;
  }
  if (self->flash_waiting) {
    self->flash_start = gdk_frame_clock_get_frame_time (clock);
    self->flash_waiting = FALSE;
  }
  gtk_widget_queue_draw (widget);
  if (gdk_frame_clock_get_frame_time (clock) >= animation_end (self)) {
    self->anim_start = 0;
    self->flash_start = 0;
    self->tick_id = 0;
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

static void ensure_ticking (VersoBoardView *self)
{
  if (!self->tick_id)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
}

void verso_board_view_animate_move (VersoGame *game, int square, guint64 flips, VersoBoardView *self)
{
  verso_board_view_stop_animation (self);
  if (self->editing || !animations_enabled (self) || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  self->anim_start = verso_board_view_frame_time (self);
  self->anim_waiting = TRUE;
  self->anim_square = square;
  self->anim_flips = flips;
  self->anim_ply = verso_game_get_ply (game);
  ensure_ticking (self);
}

void verso_board_view_flash_square (VersoBoardView *self, int square)
{
  g_return_if_fail (VERSO_IS_BOARD_VIEW (self));
  g_return_if_fail (square >= 0 && square < BOARD_SQUARES);

  self->flash_square = square;
  self->flash_start = verso_board_view_frame_time (self);
  self->flash_waiting = TRUE;
  ensure_ticking (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
