/* verso-window-practice.c: the practice deck in the window: the moves the coach grades a mistake
 * or a blunder join it, Practise… (win.practise) opens its window, and a damaged deck file set
 * aside is said once; and Train Openings… (win.train-openings), the practice of openings. */
#include "verso-window-private.h"

#include <glib/gi18n.h>

#include "verso-dialog.h"
#include "verso-practice-window.h"
#include "verso-trainer-window.h"

static void on_move_scored (VersoGame *game, guint ply, VersoWindow *self)
{
  g_autoptr (GError) error = NULL;

  verso_profile_add_mistake (self->profile, game, ply, verso_profile_now (), &error);
  if (error) {
    /* Translators: the practice deck's file could not be written; the reason follows */
    g_autofree char *text = g_strdup_printf (_("The practice deck could not be saved: %s"), error->message);

    g_message ("%s", text);
    verso_window_show_toast (self, text);
  }
}

static void practise_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  verso_dialog_present (GTK_WINDOW (verso_practice_window_new (GTK_WINDOW (self), self->profile)), GTK_WINDOW (self));
}

static void train_openings_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  verso_dialog_present (GTK_WINDOW (verso_trainer_window_new (GTK_WINDOW (self), self->profile)), GTK_WINDOW (self));
}

/* Once the window shows: a damaged deck file is kept aside at the next write, and the person hears
 * of it. */
static gboolean say_damaged (gpointer data)
{
  VersoWindow *self = data;
  g_autofree char *name = g_path_get_basename (verso_deck_get_path (verso_profile_get_deck (self->profile)));
  /* Translators: a message when the practice deck's file was damaged: the positions that could
   * be read are kept; %s is the name of the damaged file kept aside ("practice.ini.damaged") */
  g_autofree char *text = g_strdup_printf (_("Practice deck damaged: the rest kept, the file as %s.damaged"),
                                           name);
  AdwToast *toast = adw_toast_new (text);

  g_message ("%s", text);
  adw_toast_set_timeout (toast, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  return G_SOURCE_REMOVE;
}

void window_practice_init (VersoWindow *self)
{
  g_signal_group_connect (self->game_signals, "move-scored", G_CALLBACK (on_move_scored), self);
}

void window_practice_watch_profile (VersoWindow *self)
{
  if (verso_deck_was_damaged (verso_profile_get_deck (self->profile)))
    g_idle_add_full (G_PRIORITY_LOW, say_damaged, g_object_ref (self), g_object_unref);
}

void window_practice_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.practise", NULL, practise_activated);
  gtk_widget_class_install_action (widget_class, "win.train-openings", NULL, train_openings_activated);
}
