/* verso-stats-dialog.c: the Statistics window. It rebuilds its rows from the statistics
 * whenever they change, so a game finished or a reset while it is open shows at once. */
#include "verso-stats-dialog.h"

#include <glib/gi18n.h>

#include "verso-dialog.h"

struct _VersoStatsDialog {
  AdwWindow parent_instance;

  VersoStats *stats;
  GtkWidget *reset_button;
  AdwToastOverlay *toast_overlay;
  GtkStack *stack;
  GtkBox *groups_box;
};

G_DEFINE_FINAL_TYPE (VersoStatsDialog, verso_stats_dialog, ADW_TYPE_WINDOW)

char *verso_stats_format_mean (const VersoStatsEntry *entry)
{
  guint games = verso_stats_entry_games (entry);
  double mean = games ? (double) entry->disc_sum / games : 0.0;
  /* Rounded as it is shown, so that -0.04 reads "0.0", not "−0.0". */
  double shown = ABS (mean) < 0.05 ? 0.0 : mean;

  if (shown > 0)
    return g_strdup_printf ("+%.1f", shown);
  if (shown < 0)
    return g_strdup_printf ("−%.1f", -shown);
  return g_strdup_printf ("%.1f", 0.0);
}

/* One level's results: the counts under its name, the mean disc difference beside it. */
static GtkWidget *level_row_new (LevelId level, const VersoStatsEntry *entry)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  g_autofree char *mean = verso_stats_format_mean (entry);
  /* Translators: a level's results in the Statistics window, e.g. "Won 5 · Lost 2 · Drawn 1" */
  g_autofree char *counts = g_strdup_printf (_("Won %u · Lost %u · Drawn %u"), entry->won, entry->lost,
                                             entry->drawn);
  /* Translators: the accessible description of a level's results, e.g. "Mean disc difference: +3.4" */
  g_autofree char *mean_text = g_strdup_printf (_("Mean disc difference: %s"), mean);
  GtkWidget *mean_label = gtk_label_new (mean);
  /* Translators: under the mean disc difference in the Statistics window (short) */
  GtkWidget *caption = gtk_label_new (_("mean"));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(level_get (level)->name));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), counts);
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

/* The group of one rules' levels, or NULL when no game was played under them. */
static GtkWidget *rules_group_new (VersoStats *stats, Rules rules)
{
  GtkWidget *group = NULL;

  for (LevelId level = 0; level < LEVEL_COUNT; level++) {
    VersoStatsEntry entry = verso_stats_get (stats, rules, level);

    if (verso_stats_entry_games (&entry) == 0)
      continue;
    if (!group) {
      group = adw_preferences_group_new ();
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group),
                                       rules == RULES_REVERSE ? _("Reverse: fewest discs win")
                                                              : _("Standard: most discs win"));
    }
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), level_row_new (level, &entry));
  }
  return group;
}

static void rebuild (VersoStatsDialog *self)
{
  GtkWidget *child;
  gboolean any = FALSE;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->groups_box))))
    gtk_box_remove (self->groups_box, child);
  for (Rules rules = RULES_STANDARD; rules <= RULES_REVERSE; rules++) {
    GtkWidget *group = rules_group_new (self->stats, rules);

    if (group) {
      gtk_box_append (self->groups_box, group);
      any = TRUE;
    }
  }
  gtk_stack_set_visible_child_name (self->stack, any ? "results" : "empty");
  gtk_widget_set_sensitive (self->reset_button, any);
}

static void on_reset_response (AdwMessageDialog *dialog, const char *response, VersoStatsDialog *self)
{
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "reset") != 0 || !self->stats)
    return;
  if (!verso_stats_reset (self->stats, &error)) {
    /* Translators: a message when the statistics file could not be written; the reason follows */
    g_autofree char *text = g_strdup_printf (_("The statistics could not be saved: %s"), error->message);
    AdwToast *toast = adw_toast_new (text);

    g_message ("%s", text);
    adw_toast_set_timeout (toast, 6);
    adw_toast_overlay_add_toast (self->toast_overlay, toast);
  }
}

static void on_reset_clicked (VersoStatsDialog *self)
{
  GtkWidget *dialog = verso_dialog_new_question (GTK_WINDOW (self), _("Reset the Statistics?"),
                                                 _("The results of every game against the computer will be forgotten."),
                                                 "cancel", _("_Cancel"), "reset", _("_Reset"),
                                                 ADW_RESPONSE_DESTRUCTIVE);

  g_signal_connect_object (dialog, "response", G_CALLBACK (on_reset_response), self, 0);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

static void verso_stats_dialog_dispose (GObject *object)
{
  VersoStatsDialog *self = VERSO_STATS_DIALOG (object);

  if (self->stats)
    g_signal_handlers_disconnect_by_data (self->stats, self);
  g_clear_object (&self->stats);
  gtk_widget_dispose_template (GTK_WIDGET (self), VERSO_TYPE_STATS_DIALOG);
  G_OBJECT_CLASS (verso_stats_dialog_parent_class)->dispose (object);
}

static void verso_stats_dialog_class_init (VersoStatsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = verso_stats_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/verso/Verso/verso-stats-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, VersoStatsDialog, reset_button);
  gtk_widget_class_bind_template_child (widget_class, VersoStatsDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, VersoStatsDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, VersoStatsDialog, groups_box);
  gtk_widget_class_bind_template_callback (widget_class, on_reset_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void verso_stats_dialog_init (VersoStatsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *verso_stats_dialog_new (GtkWindow *parent, VersoStats *stats)
{
  VersoStatsDialog *self;

  g_return_val_if_fail (VERSO_IS_STATS (stats), NULL);

  self = g_object_new (VERSO_TYPE_STATS_DIALOG, "transient-for", parent, NULL);
  self->stats = g_object_ref (stats);
  g_signal_connect_swapped (stats, "changed", G_CALLBACK (rebuild), self);
  rebuild (self);
  return GTK_WIDGET (self);
}
