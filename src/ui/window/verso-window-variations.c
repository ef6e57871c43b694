/* verso-window-variations.c: the variations of the record as window actions, so that the move
 * list's buttons, the menu and the keyboard do the same: the next and previous variation where
 * the line shown branches, promoting the variation shown to the main line, deleting it. */
#include "verso-window-private.h"

#include <glib/gi18n.h>

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

static void on_undo_delete_clicked (AdwToast *toast, VersoWindow *self)
{
  VersoGame *game = g_object_get_data (G_OBJECT (toast), "game");

  if (game != self->game || !verso_game_undo_delete_variation (game))
    verso_window_show_toast (self, _("The variation can no longer be restored"));
}

/* Deleting a variation is done at once, and a toast offers to undo it for a while. */
static void delete_variation_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  AdwToast *toast;

  if (!can_change_line (self) || !verso_game_delete_variation (self->game))
    return;
  /* Translators: a toast after Delete Variation; its button takes the deletion back */
  toast = adw_toast_new (_("Variation deleted"));
  g_debug ("Toast: %s", adw_toast_get_title (toast));  /* what the window tests wait for */
  adw_toast_set_timeout (toast, 10);
  adw_toast_set_button_label (toast, _("_Undo"));
  g_object_set_data_full (G_OBJECT (toast), "game", g_object_ref (self->game), g_object_unref);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_undo_delete_clicked), self, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
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
