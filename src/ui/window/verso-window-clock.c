/* verso-window-clock.c: each side's time left beside its disc count while the game has a clock
 * ("4:59", tenths under ten seconds), the running one marked, and the timer that asks the game
 * whether a flag fell (the game never ticks by itself: verso_game_check_time). */
#include "verso-window-private.h"

#include <glib/gi18n.h>
#include <math.h>

/* Often enough for the tenths under ten seconds; the timer runs only while a clock does. */
#define CLOCK_TICK_MS 100
#define CLOCK_TENTHS_BELOW 10.0  /* seconds */

/* What a screen reader says: "Black: 4 minutes 59 seconds left", whole seconds, "0 seconds"
 * under one: it changes only with the label's text, which shows 0:00.0 just before the flag
 * falls as after. */
static char *clock_accessible_text (VersoColor color, double seconds)
{
  g_autofree char *duration = verso_format_duration (floor (seconds));

  return g_strdup_printf (color == VERSO_COLOR_BLACK
                          /* Translators: what a screen reader says of Black's clock, e.g.
                           * "Black: 4 minutes 59 seconds left" */
                          ? _("Black: %s left")
                          /* Translators: what a screen reader says of White's clock, e.g.
                           * "White: 4 minutes 59 seconds left" */
                          : _("White: %s left"), duration);
}

static void update_clock_label (VersoWindow *self, VersoColor color)
{
  GtkLabel *label = color == VERSO_COLOR_BLACK ? self->black_clock_label : self->white_clock_label;
  double seconds = verso_game_get_time_left (self->game, color);
  g_autofree char *text = NULL;
  g_autofree char *accessible = NULL;

  gtk_widget_set_visible (GTK_WIDGET (label), seconds >= 0);
  if (seconds < 0)
    return;
  /* "1:02:03", "4:59", "0:09.3": cut, not rounded, so that 0:00 shows only once the flag falls. */
  text = verso_format_clock (seconds, CLOCK_TENTHS_BELOW);
  if (g_strcmp0 (gtk_label_get_text (label), text) == 0)
    return;
  /* After the text: a label's text replaces its accessible name. */
  gtk_label_set_text (label, text);
  accessible = clock_accessible_text (color, seconds);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
}

static void update_labels (VersoWindow *self)
{
  update_clock_label (self, VERSO_COLOR_BLACK);
  update_clock_label (self, VERSO_COLOR_WHITE);
}

static gboolean any_clock_running (VersoWindow *self)
{
  return verso_game_get_clock_running (self->game, VERSO_COLOR_BLACK)
         || verso_game_get_clock_running (self->game, VERSO_COLOR_WHITE);
}

static gboolean on_clock_tick (gpointer user_data)
{
  VersoWindow *self = user_data;

  /* A fallen flag ends the game: "changed" and "game-over" update the status line and the
   * clocks (window_update_clocks), which stop this timer. */
  verso_game_check_time (self->game);
  if (self->clock_timeout == 0)
    return G_SOURCE_REMOVE;
  update_labels (self);
  return G_SOURCE_CONTINUE;
}

void window_update_clocks (VersoWindow *self)
{
  gboolean running;

  if (!self->game)
    return;
  update_labels (self);
  /* The running side's clock is marked (style.css). */
  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++) {
    GtkWidget *label = GTK_WIDGET (color == VERSO_COLOR_BLACK ? self->black_clock_label : self->white_clock_label);

    if (verso_game_get_clock_running (self->game, color))
      gtk_widget_add_css_class (label, "running");
    else
      gtk_widget_remove_css_class (label, "running");
  }
  running = any_clock_running (self);
  if (running && self->clock_timeout == 0)
    self->clock_timeout = g_timeout_add (CLOCK_TICK_MS, on_clock_tick, self);
  else if (!running)
    g_clear_handle_id (&self->clock_timeout, g_source_remove);
}

void window_clock_dispose (VersoWindow *self)
{
  g_clear_handle_id (&self->clock_timeout, g_source_remove);
}
