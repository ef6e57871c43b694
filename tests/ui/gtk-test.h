/* gtk-test.h: the start of a C test of widgets: GLib's strictness (check-glib.h), Verso's
 * translations bound as the application binds them, and GTK and libadwaita started in locale (as
 * gtk_test_init would, but in a locale of the test's choosing). */
#pragma once

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "check-glib.h"

static inline void check_gtk_init (const char *locale)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("VERSO_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  check_glib_init ();
  gtk_disable_setlocale ();
  setlocale (LC_ALL, locale);
  gtk_init ();
  adw_init ();
}

/* Destroys window, giving up the test's own reference to it if it holds one, and runs the main
 * loop until GTK has let go of its last: the window must be gone then. */
static inline void check_gtk_destroy (GtkWidget *window, gboolean held)
{
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_destroy (GTK_WINDOW (window));
  if (held)
    g_object_unref (window);
  for (int i = 0; window && i < 1000; i++)
    g_main_context_iteration (NULL, FALSE);
  CHECK (window == NULL);
}
