/* verso-about-window.c: the About window. Its release notes repeat the newest release of the
 * AppStream metainfo, with the same translatable strings. */
#include "config.h"

#include "verso-about-window.h"

#include <glib/gi18n.h>

#define VERSO_APPLICATION_ICON "io.github.verso.Verso"

static char *release_notes (void)
{
  return g_markup_printf_escaped ("<p>%s</p><ul><li>%s</li><li>%s</li><li>%s</li></ul>",
                                  _("The first release of Verso."),
                                  _("Play Reversi against the computer at seven levels, against a friend, or watch"),
                                  _("A strong engine that thinks without freezing the window"),
                                  _("Translations into Chinese (simplified, traditional and literary), Japanese, "
                                    "French, German, Spanish, Russian and Brazilian Portuguese"));
}

static char *debug_info (void)
{
  return g_strdup_printf ("Verso %s\nGTK %u.%u.%u\nlibadwaita %u.%u.%u\nGLib %u.%u.%u\n",
                          PACKAGE_VERSION,
                          gtk_get_major_version (), gtk_get_minor_version (), gtk_get_micro_version (),
                          adw_get_major_version (), adw_get_minor_version (), adw_get_micro_version (),
                          glib_major_version, glib_minor_version, glib_micro_version);
}

/* Run from the build tree, the application icon is not installed: the source tree's is shown. */
static void find_uninstalled_icon (GtkWidget *about)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gtk_widget_get_display (about));

  if (!gtk_icon_theme_has_icon (theme, VERSO_APPLICATION_ICON) && g_file_test (SOURCE_ICON_DIR, G_FILE_TEST_IS_DIR))
    gtk_icon_theme_add_search_path (theme, SOURCE_ICON_DIR);
}

GtkWidget *verso_about_window_new (GtkWindow *parent)
{
  const char *developers[] = { _("The Verso developers"), NULL };
  const char *artists[] = { _("The Verso developers (board and icons)"), NULL };
  const char *training_games[] = { "Fédération Française d’Othello (WTHOR) https://www.ffothello.org/", NULL };
  g_autofree char *notes = release_notes ();
  g_autofree char *info = debug_info ();
  AdwAboutWindow *about = ADW_ABOUT_WINDOW (adw_about_window_new ());

  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), parent != NULL);
  adw_about_window_set_application_name (about, _("Verso"));
  find_uninstalled_icon (GTK_WIDGET (about));
  adw_about_window_set_application_icon (about, VERSO_APPLICATION_ICON);
  adw_about_window_set_version (about, PACKAGE_VERSION);
  adw_about_window_set_developer_name (about, _("The Verso developers"));
  adw_about_window_set_comments (about, _("Play Reversi against a strong computer"));
  adw_about_window_set_copyright (about, _("© 2026 The Verso developers"));
  adw_about_window_set_license_type (about, GTK_LICENSE_GPL_3_0);
  adw_about_window_set_developers (about, developers);
  adw_about_window_set_artists (about, artists);
  /* Translators: put your names here, one a line, as "Name <email>" or "Name https://...";
   * they are shown in the About window. */
  adw_about_window_set_translator_credits (about, _("translator-credits"));
  adw_about_window_add_acknowledgement_section (about, _("Games for training the evaluation"), training_games);
  adw_about_window_set_release_notes_version (about, PACKAGE_VERSION);
  adw_about_window_set_release_notes (about, notes);
  adw_about_window_set_debug_info (about, info);
  adw_about_window_set_debug_info_filename (about, "verso-debug-info.txt");
  return GTK_WIDGET (about);
}
