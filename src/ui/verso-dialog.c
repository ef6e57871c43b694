/* verso-dialog.c: secondary windows that never leave the game unreachable.
 *
 * Two things go wrong on a bare X server (no window manager) when a modal dialog is simply
 * destroyed on close, as GTK does by default:
 * - Closing destroys the dialog's surface while the X server may still be routing input to it.
 *   A click that lands there just after (50 ms after Return closed the New Game dialog is
 *   enough) reaches the destroyed dialog, and from then on GTK 4.8 drops every pointer and key
 *   event for the main window, although the X server still delivers them: the window looks
 *   frozen. Hiding the dialog first ends its modal grab and unmaps it while it is still whole;
 *   the destruction follows from an idle callback, when no event for it is being handled.
 * - Nobody gives the keyboard focus back: X returns it to the root window. The parent is
 *   presented again when the dialog hides, so keys go to the game. */
#include "verso-dialog.h"

/* The parent's own actions whose shortcuts also work in its dialogs. */
static const char *const forwarded_actions[] = { "win.undo", "win.redo", "win.hint" };

static gboolean forward_action (GtkWidget *widget, GVariant *arguments, gpointer user_data)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (widget));
  const char *action = user_data;

  return parent && gtk_widget_activate_action (GTK_WIDGET (parent), action, NULL);
}

/* The accelerators come from the application, where they are set once for every window. */
static void forward_parent_shortcuts (GtkWindow *window, GtkApplication *application)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  for (guint i = 0; i < G_N_ELEMENTS (forwarded_actions); i++) {
    g_auto (GStrv) accels = gtk_application_get_accels_for_action (application, forwarded_actions[i]);

    for (guint j = 0; accels[j]; j++) {
      GtkShortcutTrigger *trigger = gtk_shortcut_trigger_parse_string (accels[j]);
      GtkShortcutAction *action = gtk_callback_action_new (forward_action, (gpointer) forwarded_actions[i], NULL);

      if (trigger)
        gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                              gtk_shortcut_new (trigger, action));
      else
        g_object_unref (action);
    }
  }
  gtk_widget_add_controller (GTK_WIDGET (window), controller);
}

/* A hidden dialog waiting to be destroyed, and its parent, kept alive until then: the dialog
 * being destroyed disconnects from its parent, which may have closed meanwhile (Save, then quit). */
typedef struct {
  GtkWindow *window;
  GtkWindow *parent;
} DestroyLater;

static void destroy_later_free (DestroyLater *later)
{
  g_object_unref (later->window);
  g_clear_object (&later->parent);
  g_free (later);
}

static gboolean destroy_later (gpointer user_data)
{
  DestroyLater *later = user_data;

  gtk_window_destroy (later->window);
  return G_SOURCE_REMOVE;
}

static void on_visible_changed (GtkWindow *window)
{
  GtkWindow *parent = gtk_window_get_transient_for (window);
  DestroyLater *later;

  if (gtk_widget_get_visible (GTK_WIDGET (window)))
    return;
  g_signal_handlers_disconnect_by_func (window, on_visible_changed, NULL);
  if (parent && gtk_widget_get_visible (GTK_WIDGET (parent)))
    gtk_window_present (parent);
  later = g_new (DestroyLater, 1);
  later->window = g_object_ref (window);
  later->parent = parent ? g_object_ref (parent) : NULL;
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, destroy_later, later, (GDestroyNotify) destroy_later_free);
}

void verso_dialog_present (GtkWindow *window, GtkWindow *parent)
{
  GtkApplication *application = parent ? gtk_window_get_application (parent) : NULL;
  GtkWidget *default_widget;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));

  gtk_window_set_transient_for (window, parent);
  if (application) {
    gtk_window_set_application (window, application);
    forward_parent_shortcuts (window, application);
  }
  gtk_window_set_hide_on_close (window, TRUE);
  g_signal_connect (window, "notify::visible", G_CALLBACK (on_visible_changed), NULL);
  gtk_window_present (window);
  /* Return answers a message dialog at once, rather than opening its first row's choices. */
  default_widget = gtk_window_get_default_widget (window);
  if (default_widget)
    gtk_widget_grab_focus (default_widget);
}
