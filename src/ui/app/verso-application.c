/* verso-application.c: starts or presents the main window, holds the app-wide actions and the
 * person's profile, which it hands to the window and the dialogs. */
#include "config.h"

#include "verso-application.h"

#include <glib/gi18n.h>

#include "verso-about-window.h"
#include "verso-dialog.h"
#include "verso-label-probe.h"
#include "verso-preferences-window.h"
#include "verso-profile.h"
#include "verso-window.h"

struct _VersoApplication {
  AdwApplication parent_instance;

  gint64 start_time;
  VersoProfile *profile;  /* from startup */
};

G_DEFINE_FINAL_TYPE (VersoApplication, verso_application, ADW_TYPE_APPLICATION)

static VersoWindow *main_window (VersoApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  /* The active window may be a dialog; the main window is its parent. */
  while (window && !VERSO_IS_WINDOW (window))
    window = gtk_window_get_transient_for (window);
  return window ? VERSO_WINDOW (window) : NULL;
}

static void new_game_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  VersoWindow *window = main_window (user_data);

  if (window)
    verso_window_show_new_game_dialog (window);
}

/* The window's own GSettings: all those of one schema share a backend, so the game window's
 * listeners see every change at once. */
static void show_preferences (VersoApplication *self, GtkWindow *parent)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.verso.Verso");

  verso_dialog_present (GTK_WINDOW (verso_preferences_window_new (parent, settings, self->profile)), parent);
}

static void preferences_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  VersoWindow *window = main_window (user_data);

  show_preferences (user_data, window ? GTK_WINDOW (window) : NULL);
}

static void shortcuts_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  g_autoptr (GtkBuilder) builder = gtk_builder_new_from_resource ("/io/github/verso/Verso/verso-shortcuts-window.ui");
  GtkWindow *shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts_window"));
  VersoWindow *window = main_window (user_data);
  g_autoptr (GSList) objects = gtk_builder_get_objects (builder);

  /* GTK 4.8 finds no keys for an entry named by its action alone: they are written in from the
   * application, where each action's accelerators are set once. */
  for (GSList *link = objects; link; link = link->next) {
    g_autofree char *action_name = NULL;
    g_auto (GStrv) accels = NULL;
    g_autofree char *keys = NULL;

    if (!GTK_IS_SHORTCUTS_SHORTCUT (link->data))
      continue;
    g_object_get (link->data, "action-name", &action_name, NULL);
    if (!action_name)
      continue;
    accels = gtk_application_get_accels_for_action (GTK_APPLICATION (user_data), action_name);
    keys = g_strjoinv (" ", accels);
    g_object_set (link->data, "action-name", NULL, "accelerator", keys, NULL);
  }

  /* As a window of the application, its entries find their keys from the actions' names. */
  verso_dialog_present (shortcuts, window ? GTK_WINDOW (window) : NULL);
}

/* The manual (help/): the desktop's help browser (Yelp) reads its Mallard pages as help:verso;
 * without one, the same pages built as HTML open in the web browser. Each step holds the window
 * until its answer comes; a window closed meanwhile is told nothing and shown nothing more. */

static void free_index (gpointer index, GClosure *closure)
{
  g_free (index);
}

static void on_help_failed_response (AdwMessageDialog *dialog, const char *response, gpointer index)
{
  if (g_strcmp0 (response, "copy") == 0)
    gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (dialog)), index);
}

/* A dialog, not a toast, so that nothing is cut: what to install (GIO answers "not supported"
 * when no application opens the URI), else what went wrong, and where the manual's HTML pages
 * are (index, or NULL when they are not installed), with a button that copies the path. */
static void help_failed (GtkWindow *parent, const GError *error, const char *index)
{
  g_autofree char *body = NULL;
  const char *why;
  GtkWidget *dialog;

  g_message ("The help could not be opened: %s", error->message);
  if (!parent || !VERSO_IS_WINDOW (parent) || !gtk_widget_get_mapped (GTK_WIDGET (parent)))
    return;
  why = !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED) ? error->message
      : index ? _("No help browser or web browser is installed. Install Yelp (the package yelp) "
                  "or a web browser to read the help.")
      : _("No help browser is installed. Install Yelp (the package yelp) to read the help.");
  body = index
    /* Translators: the help could not be opened: why or what to install (%s), then the path of
     * the manual's first HTML page on this computer */
    ? g_strdup_printf (_("%s\n\nThe manual is also on this computer as web pages:\n%s"), why, index)
    : g_strdup (why);
  dialog = adw_message_dialog_new (parent, _("The Help Could Not Be Opened"), body);
  adw_message_dialog_set_body_use_markup (ADW_MESSAGE_DIALOG (dialog), FALSE);
  if (index) {
    adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "copy", _("_Copy Path"));
    g_signal_connect_data (dialog, "response", G_CALLBACK (on_help_failed_response),
                           g_strdup (index), free_index, 0);
  }
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "close");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  verso_dialog_present (GTK_WINDOW (dialog), parent);
}

/* The HTML manual's index.html in the first of the user's languages it is translated into (C,
 * the English original, ends the list); NULL when it is not installed. VERSO_HELPDIR names the
 * build tree's when the game runs uninstalled (tests). */
static char *help_html_index (void)
{
  const char *variable = g_getenv ("VERSO_HELPDIR");
  /* Absolute, to be made a file: URI. */
  g_autofree char *directory = g_canonicalize_filename (variable && *variable ? variable : HELPDIR, NULL);
  const char * const *languages = g_get_language_names ();

  for (guint i = 0; languages[i]; i++) {
    g_autofree char *index = g_build_filename (directory, languages[i], "index.html", NULL);

    if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
      return g_steal_pointer (&index);
  }
  return NULL;
}

static void help_html_shown (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GtkWindow *parent = source ? GTK_WINDOW (source) : NULL;
  g_autofree char *index = user_data;
  g_autoptr (GError) error = NULL;

  if (gtk_show_uri_full_finish (parent, result, &error))
    return;
  help_failed (parent, error, index);
}

static void help_shown (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GtkWindow *parent = source ? GTK_WINDOW (source) : NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *index = NULL;
  g_autofree char *uri = NULL;

  if (gtk_show_uri_full_finish (parent, result, &error))
    return;
  /* Dismissed by the user (a portal's application chooser): nothing more to do. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (parent && !gtk_widget_get_mapped (GTK_WIDGET (parent)))
    return;
  index = help_html_index ();
  if (index == NULL) {
    help_failed (parent, error, NULL);
    return;
  }
  g_debug ("No help browser for help:verso (%s): opening %s", error->message, index);
  uri = g_filename_to_uri (index, NULL, NULL);
  gtk_show_uri_full (parent, uri, GDK_CURRENT_TIME, NULL, help_html_shown, g_steal_pointer (&index));
}

static void help_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  VersoWindow *window = main_window (user_data);

  gtk_show_uri_full (window ? GTK_WINDOW (window) : NULL, "help:verso", GDK_CURRENT_TIME, NULL,
                     help_shown, NULL);
}

static void about_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  VersoWindow *window = main_window (user_data);

  verso_dialog_present (GTK_WINDOW (verso_about_window_new (window ? GTK_WINDOW (window) : NULL)),
                        window ? GTK_WINDOW (window) : NULL);
}

static void quit_activated (GSimpleAction *action, GVariant *parameter, gpointer user_data)
{
  /* Held, so that each is still there when its turn comes. */
  GList *windows = g_list_copy_deep (gtk_application_get_windows (GTK_APPLICATION (user_data)),
                                     (GCopyFunc) (void (*) (void)) g_object_ref, NULL);

  /* Dialogs first, let go of by the window they belong to: GTK 4.8 would otherwise look for
   * that window again when a dialog is finalized after it. Closing the main window saves the
   * game; the application ends with its last window. */
  for (GList *link = windows; link; link = link->next)
    if (!VERSO_IS_WINDOW (link->data)) {
      gtk_window_set_transient_for (link->data, NULL);
      gtk_window_destroy (link->data);
    }
  for (GList *link = windows; link; link = link->next)
    if (VERSO_IS_WINDOW (link->data))
      gtk_window_close (link->data);
  g_list_free_full (windows, g_object_unref);
}

static const GActionEntry app_actions[] = {
  { "new-game", new_game_activated, NULL, NULL, NULL, { 0 } },
  { "preferences", preferences_activated, NULL, NULL, NULL, { 0 } },
  { "shortcuts", shortcuts_activated, NULL, NULL, NULL, { 0 } },
  { "help", help_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
};

static void verso_application_startup (GApplication *application)
{
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new-game", { "<Control>n", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.shortcuts", { "<Control>question", NULL } },
    { "app.help", { "F1", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    /* The record (the board's cursor keys leave Home and End to these). */
    { "win.go-start", { "Home", NULL } },
    { "win.go-end", { "End", NULL } },
    { "win.go-back", { "<Alt>Left", NULL } },
    { "win.go-forward", { "<Alt>Right", NULL } },
    /* Variations: the next and previous where the line branches, promote, delete. */
    { "win.next-variation", { "<Alt>Down", NULL } },
    { "win.previous-variation", { "<Alt>Up", NULL } },
    { "win.promote-variation", { "<Control><Shift>Up", NULL } },
    { "win.delete-variation", { "<Control>Delete", NULL } },
    { "win.show-moves", { "F9", NULL } },
    { "win.show-scores", { "F7", NULL } },
    { "win.show-database", { "F8", NULL } },
    { "win.set-up-position", { "<Control>e", NULL } },
    /* Pause and Resume while the computer plays itself. */
    { "win.pause", { "p", NULL } },
    { "win.analyse-game", { "<Control><Shift>a", NULL } },
    /* Practise the positions of the person's mistakes. */
    { "win.practise", { "<Control><Shift>p", NULL } },
    /* Learn openings against the trainer. */
    { "win.train-openings", { "<Control><Shift>t", NULL } },
    /* The games kept: played here and imported. Not Ctrl+L, which a file chooser's location takes
     * (GTK 4.18 gives the application's shortcut first, and the chooser lost it). */
    { "win.library", { "<Control><Shift>l", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.copy", { "<Control>c", NULL } },
    { "win.copy-position", { "<Control><Shift>c", NULL } },
    { "win.copy-image", { "<Control><Alt>c", NULL } },
    { "win.export-position", { "<Control><Shift>e", NULL } },
    { "win.paste", { "<Control>v", NULL } },
  };

  G_APPLICATION_CLASS (verso_application_parent_class)->startup (application);

  /* In the primary instance only: a second `verso` hands its files to it and reads nothing. */
  VERSO_APPLICATION (application)->profile = verso_profile_new (NULL);

  g_action_map_add_action_entries (G_ACTION_MAP (application), app_actions, G_N_ELEMENTS (app_actions), application);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application), accels[i].action, accels[i].accels);
  verso_label_probe_start ();
}

static void verso_application_activate (GApplication *application)
{
  VersoWindow *window = main_window (VERSO_APPLICATION (application));

  if (!window)
    window = verso_window_new (GTK_APPLICATION (application), VERSO_APPLICATION (application)->profile);
  gtk_window_present (GTK_WINDOW (window));
}

/* `verso FILE`: the game in the file replaces the one shown, in the window there is or a new
 * one. One window shows one game: of several files, the first is opened. */
static void verso_application_open (GApplication *application, GFile **files, int n_files, const char *hint)
{
  VersoWindow *window = main_window (VERSO_APPLICATION (application));

  if (!window)
    window = verso_window_new (GTK_APPLICATION (application), VERSO_APPLICATION (application)->profile);
  gtk_window_present (GTK_WINDOW (window));
  if (n_files > 1)
    g_message ("One game at a time: opening %s only", g_file_peek_path (files[0]) ? g_file_peek_path (files[0]) : "the first file");
  if (n_files > 0)
    verso_window_open_file (window, files[0]);
}

static void verso_application_dispose (GObject *object)
{
  g_clear_object (&VERSO_APPLICATION (object)->profile);
  G_OBJECT_CLASS (verso_application_parent_class)->dispose (object);
}

static void verso_application_class_init (VersoApplicationClass *klass)
{
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = verso_application_dispose;

  application_class->startup = verso_application_startup;
  application_class->activate = verso_application_activate;
  application_class->open = verso_application_open;
}

static void verso_application_init (VersoApplication *self)
{
  self->start_time = g_get_monotonic_time ();
}

gint64 verso_application_get_start_time (VersoApplication *self)
{
  g_return_val_if_fail (VERSO_IS_APPLICATION (self), 0);
  return self->start_time;
}

VersoApplication *verso_application_new (void)
{
  return g_object_new (VERSO_TYPE_APPLICATION,
                       "application-id", "io.github.verso.Verso",
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/verso/Verso",
                       NULL);
}
