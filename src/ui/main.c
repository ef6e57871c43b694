/* main.c: sets up translations and runs the application. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "verso-application.h"

int main (int argc, char *argv[])
{
  g_autoptr (VersoApplication) application = NULL;

  setlocale (LC_ALL, "");
  /* VERSO_LOCALEDIR points at the build tree's translations when running uninstalled (tests). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("VERSO_LOCALEDIR") ? g_getenv ("VERSO_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  application = verso_application_new ();
  return g_application_run (G_APPLICATION (application), argc, argv);
}
