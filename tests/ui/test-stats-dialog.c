/* test-stats-dialog.c: the Statistics window follows the person's profile while it is open (a
 * game counted, a reset) and, once closed, no longer listens to it. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "check-glib.h"
#include "verso-stats-dialog.h"

static GtkWidget *template_child (GtkWidget *dialog, const char *name)
{
  GObject *child = gtk_widget_get_template_child (dialog, VERSO_TYPE_STATS_DIALOG, name);

  REQUIRE (child != NULL);
  return GTK_WIDGET (child);
}

static guint group_count (GtkWidget *dialog)
{
  guint count = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (template_child (dialog, "groups_box")); child;
       child = gtk_widget_get_next_sibling (child))
    count++;
  return count;
}

static const char *page (GtkWidget *dialog)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (template_child (dialog, "stack")));
}

static void test_follows_the_profile (void)
{
  g_autofree char *folder = g_dir_make_tmp ("verso-stats-dialog-XXXXXX", NULL);
  g_autofree char *statistics = g_build_filename (folder, "statistics.ini", NULL);
  VersoProfile *profile = verso_profile_new (folder);
  GtkWidget *dialog = g_object_ref_sink (verso_stats_dialog_new (NULL, profile));
  VersoFinishedGame won = {
    .mode = VERSO_MODE_VERSUS_COMPUTER,
    .rules = RULES_STANDARD,
    .level = LEVEL_CASUAL,
    .disc_difference = 20,
  };

  CHECK_CMP_STR (page (dialog), ==, "empty");
  CHECK (!gtk_widget_get_sensitive (template_child (dialog, "reset_button")));

  /* Counted while open: the rating's group and the standard rules' appear. */
  CHECK_CMP_INT (verso_profile_record_game (profile, &won, g_get_real_time () / G_USEC_PER_SEC, NULL), ==,
                 VERSO_GAME_RATED);
  CHECK_CMP_STR (page (dialog), ==, "results");
  CHECK_CMP_UINT (group_count (dialog), ==, 2);
  CHECK (gtk_widget_get_sensitive (template_child (dialog, "reset_button")));

  /* Reset elsewhere (another window's Statistics): this one empties too. */
  CHECK (verso_profile_reset_statistics (profile, NULL));
  CHECK_CMP_STR (page (dialog), ==, "empty");
  CHECK_CMP_UINT (group_count (dialog), ==, 0);

  /* Closed: the profile, which outlives it, changes without a listener left. */
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
  for (int i = 0; dialog && i < 1000; i++)
    g_main_context_iteration (NULL, FALSE);
  CHECK (dialog == NULL);
  verso_profile_record_game (profile, &won, g_get_real_time () / G_USEC_PER_SEC, NULL);
  CHECK_FINALIZE (profile);
  CHECK_CMP_INT (g_remove (statistics), ==, 0);
  CHECK_CMP_INT (g_rmdir (folder), ==, 0);
}

int main (int argc, char *argv[])
{
  check_glib_init ();
  gtk_disable_setlocale ();
  setlocale (LC_ALL, "C.UTF-8");
  gtk_init ();
  adw_init ();

  check_run ("/stats-dialog/follows-the-profile", test_follows_the_profile);
  return check_finish ();
}
