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

#include <adwaita.h>
#include <glib/gi18n.h>
#include <stdio.h>

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
 * lets go of its parent, which may have closed meanwhile (Save, then quit). */
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

  /* GTK 4.8 disconnects a window from its transient parent only when the window is finalized:
   * whoever still holds the destroyed dialog then would have it touch a parent freed meanwhile
   * (the criticals of issue 40 at Ctrl+Q). Unset now, while the parent is whole. */
  gtk_window_set_transient_for (later->window, NULL);
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

/* libadwaita 1.6 and later set a message dialog's heading in two labels, a large one on one line
 * and a smaller one that wraps, and show the large one where it fits. To choose, they measure it
 * for widths narrower than its text, which GTK 4.18 reports as a warning ("Trying to measure
 * GtkLabel 0x… for width of 252, but it needs at least 288"); the dialog is drawn right. Those
 * labels are kept here (not owned), and the log writer passes that one warning about them to the
 * debug log; every other message, about them or anything else, goes on as it came. */
static GHashTable *heading_labels;
static GThread *main_thread;

static void forget_heading_label (gpointer data, GObject *where_the_label_was)
{
  g_hash_table_remove (heading_labels, where_the_label_was);
}

static void remember_heading_labels (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child)) {
    if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (widget, "heading-bin")
        && !g_hash_table_contains (heading_labels, child)) {
      g_hash_table_add (heading_labels, child);
      g_object_weak_ref (G_OBJECT (child), forget_heading_label, NULL);
    }
    remember_heading_labels (child);
  }
}

static gboolean is_heading_measure_warning (GLogLevelFlags level, const GLogField *fields, gsize n_fields)
{
  const char *domain = NULL, *message = NULL;
  void *label = NULL;
  int width, needed;

  /* The labels are the main thread's: a message from another thread is none of these. */
  if (!(level & G_LOG_LEVEL_WARNING) || !heading_labels || g_thread_self () != main_thread)
    return FALSE;
  for (gsize i = 0; i < n_fields; i++) {
    if (g_strcmp0 (fields[i].key, "GLIB_DOMAIN") == 0 && fields[i].length < 0)
      domain = fields[i].value;
    else if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0)
      message = fields[i].value;
  }
  return g_strcmp0 (domain, "Gtk") == 0 && message
      && sscanf (message, "Trying to measure GtkLabel %p for width of %d, but it needs at least %d",
                 &label, &width, &needed) == 3
      && g_hash_table_contains (heading_labels, label);
}

static GLogWriterOutput write_log (GLogLevelFlags level, const GLogField *fields, gsize n_fields,
                                   gpointer user_data)
{
  if (is_heading_measure_warning (level, fields, n_fields))
    level = G_LOG_LEVEL_DEBUG;
  return g_log_writer_default (level, fields, n_fields, user_data);
}

void verso_dialog_set_up_log (void)
{
  heading_labels = g_hash_table_new (NULL, NULL);
  main_thread = g_thread_self ();
  g_log_set_writer_func (write_log, NULL, NULL);
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
  if (heading_labels && ADW_IS_MESSAGE_DIALOG (window))
    remember_heading_labels (GTK_WIDGET (window));
  gtk_window_present (window);
  /* Return answers a message dialog at once, rather than opening its first row's choices. */
  default_widget = gtk_window_get_default_widget (window);
  if (default_widget)
    gtk_widget_grab_focus (default_widget);
}

GtkWidget *verso_dialog_new_question (GtkWindow *parent, const char *heading, const char *body,
                                      const char *cancel_id, const char *cancel_label,
                                      const char *action_id, const char *action_label,
                                      AdwResponseAppearance appearance)
{
  GtkWidget *dialog = adw_message_dialog_new (parent, heading, body);

  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), cancel_id, cancel_label, action_id, action_label,
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), action_id, appearance);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog),
                                           appearance == ADW_RESPONSE_SUGGESTED ? action_id : cancel_id);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), cancel_id);
  return dialog;
}

GtkFileChooserNative *verso_dialog_new_file_chooser (GtkNativeDialog **kept, GtkWindow *parent,
                                                     const char *title, GtkFileChooserAction action,
                                                     const char *accept_label)
{
  GtkFileChooserNative *chooser = gtk_file_chooser_native_new (title, parent, action, accept_label,
                                                               _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  verso_dialog_clear_chooser (kept);
  *kept = GTK_NATIVE_DIALOG (chooser);
  return chooser;
}

void verso_dialog_clear_chooser (GtkNativeDialog **kept)
{
  if (*kept)
    gtk_native_dialog_destroy (*kept);
  g_clear_object (kept);
}

GtkWidget *verso_dialog_label_new (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

GtkWidget *verso_dialog_task_page_new (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 12);
  gtk_widget_set_margin_bottom (box, 18);
  return box;
}
