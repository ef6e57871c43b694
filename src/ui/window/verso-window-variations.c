/* verso-window-variations.c: the variations of the record as window actions, so that the move
 * list's buttons, the menu and the keyboard do the same: the next and previous variation where
 * the line shown branches, promoting the variation shown to the main line, deleting it. */
#include "verso-window-private.h"

/* While a position is set up, the record stays as it is. */
static gboolean can_change_line (VersoWindow *self)
{
  return !self->editing;
}

static void next_variation_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  if (can_change_line (self))
    verso_game_switch_variation (self->game, 1);
}

static void previous_variation_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  if (can_change_line (self))
    verso_game_switch_variation (self->game, -1);
}

static void promote_variation_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  if (can_change_line (self))
    verso_game_promote_variation (self->game);
}

static void delete_variation_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  if (can_change_line (self))
    verso_game_delete_variation (self->game);
}

static const VersoWindowAction actions[] = {
  { "win.next-variation", next_variation_activated },
  { "win.previous-variation", previous_variation_activated },
  { "win.promote-variation", promote_variation_activated },
  { "win.delete-variation", delete_variation_activated },
};

void window_variations_class_init (GtkWidgetClass *widget_class)
{
  window_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
}
