/* test-about-window.c: the About window names the version, the licence and the translators, and
 * its release notes belong to the newest release in the AppStream metainfo. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "verso-about-window.h"

static char *newest_metainfo_release (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("VERSO_SOURCE_ROOT"), "data",
                                            "io.github.verso.Verso.metainfo.xml.in", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  const char *release, *start, *end;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  release = strstr (text, "<release version=\"");
  g_assert_nonnull (release);
  start = release + strlen ("<release version=\"");
  end = strchr (start, '"');
  g_assert_nonnull (end);
  return g_strndup (start, (gsize) (end - start));
}

static AdwAboutWindow *new_about_window (void)
{
  GtkWidget *about = verso_about_window_new (NULL);

  g_assert_true (ADW_IS_ABOUT_WINDOW (about));
  return ADW_ABOUT_WINDOW (about);
}

static void destroy (AdwAboutWindow *about)
{
  GtkWidget *window = GTK_WIDGET (about);

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  gtk_window_destroy (GTK_WINDOW (about));
  for (int i = 0; window && i < 1000; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (window);
}

static void test_version_licence_and_release_notes (void)
{
  AdwAboutWindow *about = new_about_window ();
  g_autofree char *newest = newest_metainfo_release ();

  g_assert_cmpstr (adw_about_window_get_version (about), ==, PACKAGE_VERSION);
  g_assert_cmpint (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  g_assert_cmpstr (adw_about_window_get_application_icon (about), ==, "io.github.verso.Verso");
  /* The notes shown are those of this version, and the metainfo's newest release is it. */
  g_assert_cmpstr (newest, ==, PACKAGE_VERSION);
  g_assert_cmpstr (adw_about_window_get_release_notes_version (about), ==, PACKAGE_VERSION);
  g_assert_nonnull (strstr (adw_about_window_get_release_notes (about), "<p>The first release of Verso.</p>"));
  g_assert_nonnull (strstr (adw_about_window_get_debug_info (about), "Verso " PACKAGE_VERSION));
  g_assert_cmpstr (adw_about_window_get_translator_credits (about), ==, "translator-credits");
  destroy (about);
}

static void test_translator_credits_in_french (void)
{
  AdwAboutWindow *about;

  g_setenv ("LANGUAGE", "fr", TRUE);
  about = new_about_window ();
  g_assert_cmpstr (adw_about_window_get_translator_credits (about), ==, "Les développeurs de Verso");
  g_assert_nonnull (strstr (adw_about_window_get_release_notes (about), "<p>La première version de Verso.</p>"));
  destroy (about);
  g_setenv ("LANGUAGE", "C", TRUE);
}

int main (int argc, char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("VERSO_LOCALEDIR"));
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/about-window/version-licence-release-notes", test_version_licence_and_release_notes);
  g_test_add_func ("/about-window/translator-credits-in-french", test_translator_credits_in_french);
  return g_test_run ();
}
