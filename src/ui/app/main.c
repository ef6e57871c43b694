/* main.c: sets up translations and runs the application. */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "verso-application.h"
#include "verso-dialog.h"

/* GTK and libadwaita have no Literary Chinese translation: after the first "lzh" in the language
 * list, Traditional Chinese comes before English for their own strings (the About window, the
 * shortcuts window). Call after setlocale and before GTK starts. */
static void fall_back_from_literary_chinese (void)
{
  const char *language = g_getenv ("LANGUAGE");
  const char *messages = setlocale (LC_MESSAGES, NULL);
  g_auto (GStrv) names = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) extended = NULL;
  g_autofree char *joined = NULL;
  gboolean literary = FALSE;

  if (language && *language) {
    names = g_strsplit (language, ":", -1);
  } else if (messages) {
    /* "lzh_TW.UTF-8" names the language "lzh_TW". */
    names = g_new0 (char *, 2);
    names[0] = g_strndup (messages, strcspn (messages, ".@"));
  } else {
    return;
  }
  if (g_strv_contains ((const char * const *) names, "zh_TW"))
    return;
  for (guint i = 0; names[i]; i++) {
    if (!*names[i])
      continue;
    g_strv_builder_add (builder, names[i]);
    if (!literary && g_str_has_prefix (names[i], "lzh")) {
      g_strv_builder_add (builder, "zh_TW");
      literary = TRUE;
    }
  }
  if (!literary)
    return;
  extended = g_strv_builder_end (builder);
  joined = g_strjoinv (":", extended);
  g_setenv ("LANGUAGE", joined, TRUE);
}

int main (int argc, char *argv[])
{
  g_autoptr (VersoApplication) application = NULL;

  verso_dialog_set_up_log ();
  setlocale (LC_ALL, "");
  fall_back_from_literary_chinese ();
  /* VERSO_LOCALEDIR points at the build tree's translations when running uninstalled (tests). */
  bindtextdomain (GETTEXT_PACKAGE, g_getenv ("VERSO_LOCALEDIR") ? g_getenv ("VERSO_LOCALEDIR") : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  application = verso_application_new ();
  return g_application_run (G_APPLICATION (application), argc, argv);
}
