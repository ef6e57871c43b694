/* verso-results-rows.c: the person's results as rows (see verso-results-rows.h). */
#include "verso-results-rows.h"

#include <glib/gi18n.h>

#include "verso-game-analysis.h"

GtkWidget *verso_results_row_new (const char *title, const char *subtitle, const char *mean)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  /* Translators: the accessible description of a level's results, e.g. "Mean disc difference: +3.4" */
  g_autofree char *mean_text = g_strdup_printf (_("Mean disc difference: %s"), mean);
  g_autofree char *escaped = g_markup_escape_text (title, -1);
  GtkWidget *mean_label = gtk_label_new (mean);
  /* Translators: under the mean disc difference in the Statistics window (short) */
  GtkWidget *caption = gtk_label_new (_("mean"));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (mean_label, "numeric");
  gtk_widget_add_css_class (mean_label, "heading");
  gtk_widget_set_tooltip_text (mean_label, mean_text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (mean_label), GTK_ACCESSIBLE_PROPERTY_LABEL, mean_text, -1);
  gtk_widget_add_css_class (caption, "caption");
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_box_append (GTK_BOX (box), mean_label);
  gtk_box_append (GTK_BOX (box), caption);
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
  return row;
}

typedef struct {
  GtkWidget *group;  /* made with the first row */
  int rows, max_rows;
  VersoOpeningActivated activated;
  gpointer user_data;
} OpeningRows;

/* What an opening's row calls when activated, freed with its handler. */
typedef struct {
  VersoOpeningActivated activated;
  gpointer user_data;
} Activation;

static void on_opening_row_activated (AdwActionRow *row, Activation *activation)
{
  activation->activated (g_object_get_data (G_OBJECT (row), "opening"), activation->user_data);
}

static bool add_opening_row (const LibraryOpeningStats *stats, void *data)
{
  OpeningRows *openings = data;
  g_autofree char *mean = verso_format_average (stats->mean_difference);
  g_autofree char *counts = g_strdup_printf (_("Won %u · Lost %u · Drawn %u"), (guint) stats->wins,
                                             (guint) stats->losses, (guint) stats->draws);
  /* Translators: in the Statistics window's openings, the colour the person played and their
   * results in the opening, e.g. "As Black: Won 1 · Lost 2 · Drawn 0" */
  g_autofree char *line = g_strdup_printf (stats->colour == POSITION_BLACK ? _("As Black: %s") : _("As White: %s"), counts);
  g_autofree char *loss = stats->mean_loss < 0 ? NULL
    /* Translators: in the Statistics window's openings, the coach's mean loss a graded move of the
     * person, e.g. "1.7 discs lost a move" */
    : g_strdup_printf (_("%.1f discs lost a move"), stats->mean_loss);
  g_autofree char *subtitle = loss ? g_strdup_printf ("%s\n%s", line, loss) : g_strdup (line);
  GtkWidget *row;

  if (!openings->group) {
    openings->group = adw_preferences_group_new ();
    /* Translators: a group of the Statistics window: the person's results per opening */
    adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (openings->group), _("Your Openings"));
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (openings->group),
                                           _("Your finished games against the computer, the openings you lose most with first"));
  }
  /* Translators: the games of no named opening, in the Statistics window */
  row = verso_results_row_new (stats->opening[0] ? stats->opening : _("Other openings"), subtitle, mean);
  if (openings->activated) {
    Activation *activation = g_new (Activation, 1);

    *activation = (Activation) { openings->activated, openings->user_data };
    g_object_set_data_full (G_OBJECT (row), "opening", g_strdup (stats->opening), g_free);
    adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
    gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
    g_signal_connect_data (row, "activated", G_CALLBACK (on_opening_row_activated), activation,
                           (GClosureNotify) (void (*) (void)) g_free, 0);
  }
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (openings->group), row);
  return ++openings->rows < openings->max_rows;
}

GtkWidget *verso_openings_group_new (Library *library, int max_rows, VersoOpeningActivated activated,
                                     gpointer user_data)
{
  OpeningRows openings = { NULL, 0, max_rows, activated, user_data };

  g_return_val_if_fail (library != NULL, NULL);

  library_opening_stats (library, add_opening_row, &openings);
  return openings.group;
}
