/* test-about-window.c: the About window names the version, the licence and the translators, and
 * its release notes belong to the newest release in the AppStream metainfo. */
#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "gtk-test.h"
#include "verso-about-window.h"

static char *newest_metainfo_release (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("VERSO_SOURCE_ROOT"), "data",
                                            "io.github.verso.Verso.metainfo.xml.in", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  const char *release, *start, *end;

  CHECK (g_file_get_contents (path, &text, NULL, &error));
  CHECK_NO_ERROR (error);
  release = strstr (text, "<release version=\"");
  REQUIRE (release != NULL);
  start = release + strlen ("<release version=\"");
  end = strchr (start, '"');
  REQUIRE (end != NULL);
  return g_strndup (start, (gsize) (end - start));
}

static AdwAboutWindow *new_about_window (void)
{
  GtkWidget *about = verso_about_window_new (NULL);

  CHECK (ADW_IS_ABOUT_WINDOW (about));
  return ADW_ABOUT_WINDOW (about);
}

static void destroy (AdwAboutWindow *about)
{
  check_gtk_destroy (GTK_WIDGET (about), FALSE);
}

static void test_version_licence_and_release_notes (void)
{
  AdwAboutWindow *about = new_about_window ();
  g_autofree char *newest = newest_metainfo_release ();

  CHECK_CMP_STR (adw_about_window_get_version (about), ==, PACKAGE_VERSION);
  CHECK_CMP_INT (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
  CHECK_CMP_STR (adw_about_window_get_application_icon (about), ==, "io.github.verso.Verso");
  /* The notes shown are those of this version, and the metainfo's newest release is it. */
  CHECK_CMP_STR (newest, ==, PACKAGE_VERSION);
  CHECK_CMP_STR (adw_about_window_get_release_notes_version (about), ==, PACKAGE_VERSION);
  REQUIRE (strstr (adw_about_window_get_release_notes (about), "<p>The first release of Verso.</p>") != NULL);
  REQUIRE (strstr (adw_about_window_get_debug_info (about), "Verso " PACKAGE_VERSION) != NULL);
  CHECK_CMP_STR (adw_about_window_get_translator_credits (about), ==, "translator-credits");
  destroy (about);
}

static void test_translator_credits_in_french (void)
{
  AdwAboutWindow *about;

  g_setenv ("LANGUAGE", "fr", TRUE);
  about = new_about_window ();
  CHECK_CMP_STR (adw_about_window_get_translator_credits (about), ==, "Les développeurs de Verso");
  REQUIRE (strstr (adw_about_window_get_release_notes (about), "<p>La première version de Verso.</p>") != NULL);
  destroy (about);
  g_setenv ("LANGUAGE", "C", TRUE);
}

int main (int argc, char *argv[])
{
  check_gtk_init ("en_US.UTF-8");

  check_run ("/about-window/version-licence-release-notes", test_version_licence_and_release_notes);
  check_run ("/about-window/translator-credits-in-french", test_translator_credits_in_french);
  return check_finish ();
}
