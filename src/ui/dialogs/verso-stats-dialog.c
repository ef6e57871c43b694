/* verso-stats-dialog.c: the Statistics window: the person's rating and its graph, the results
 * per rules and level, and the practice deck. It rebuilds its rows from the profile whenever it
 * changes, so a game finished, a card practised or a reset while it is open shows at once. */
#include "verso-stats-dialog.h"

#include <glib/gi18n.h>

#include "verso-dialog.h"
#include "verso-game-analysis.h"
#include "verso-practice-window.h"
#include "verso-results-rows.h"

/* The rating graph's height in pixels. */
#define RATING_GRAPH_HEIGHT 120
/* The weeks of practice the bar graph shows, this one last. */
#define PRACTICE_WEEKS 8

struct _VersoStatsDialog {
  AdwWindow parent_instance;

  VersoProfile *profile;
  VersoStats *stats;        /* the profile's */
  VersoDeck *deck;          /* the profile's */
  GtkWidget *reset_button;
  AdwToastOverlay *toast_overlay;
  GtkStack *stack;
  GtkBox *groups_box;
};

G_DEFINE_FINAL_TYPE (VersoStatsDialog, verso_stats_dialog, ADW_TYPE_WINDOW)

char *verso_stats_format_mean (const VersoStatsEntry *entry)
{
  guint games = verso_stats_entry_games (entry);
  return verso_format_average (games ? (double) entry->disc_sum / games : 0.0);
}

/* One level's results: the counts under its name, the mean disc difference beside it. */
static GtkWidget *level_row_new (LevelId level, const VersoStatsEntry *entry)
{
  g_autofree char *mean = verso_stats_format_mean (entry);
  /* Translators: a level's results in the Statistics window, e.g. "Won 5 · Lost 2 · Drawn 1" */
  g_autofree char *counts = g_strdup_printf (_("Won %u · Lost %u · Drawn %u"), entry->won, entry->lost,
                                             entry->drawn);

  return verso_results_row_new (_(level_get (level)->name), counts, mean);
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

/* The person's openings (library_opening_stats), those lost most first: a few rows of them. */
#define OPENING_ROWS 8

/* The group of the person's openings from the library the games are kept in, or NULL when none
 * was played to an end against the computer (or the library cannot be read). */
static GtkWidget *openings_group_new (VersoProfile *profile)
{
  const char *path = verso_profile_get_library_path (profile);
  /* No library yet is no game kept: none is made just to look. */
  Library *library = path && g_file_test (path, G_FILE_TEST_EXISTS) ? verso_profile_get_library (profile, NULL, NULL)
                                                                      : NULL;

  return library ? verso_openings_group_new (library, OPENING_ROWS, NULL, NULL) : NULL;
}

/* The rating. */

/* A rating's 95 % interval's half width. */
static double interval_of (const Rating *rating)
{
  return 1.96 * rating->deviation;
}

/* The ratings the graph spans: every game's interval, with some room. */
static void rating_range (const VersoRatingEntry *entries, guint count, double *low, double *high)
{
  *low = G_MAXDOUBLE;
  *high = -G_MAXDOUBLE;
  for (guint i = 0; i < count; i++) {
    *low = MIN (*low, entries[i].rating.value - interval_of (&entries[i].rating));
    *high = MAX (*high, entries[i].rating.value + interval_of (&entries[i].rating));
  }
  *low -= 20;
  *high += 20;
}

/* The last rating's value beside its point, in the style's text colour: one game or many, the
 * graph says where the person stands without a scale. */
static void label_last (GtkWidget *widget, cairo_t *cr, double x, double y, double value, int width, int height)
{
  g_autofree char *text = g_strdup_printf ("%.0f", value);
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  GdkRGBA colour;
  int text_width, text_height;

  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &colour);
  gdk_cairo_set_source_rgba (cr, &colour);
  /* Left of the point when it is at the right end, right of it otherwise; never out of the area. */
  x = x + 8 + text_width > width ? x - 8 - text_width : x + 8;
  cairo_move_to (cr, x, CLAMP (y - text_height / 2.0, 0, height - text_height));
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

/* The rating after each game, oldest at the left, one step a game: the ± 95 % band drawn
 * lightly, the rating as a line over it, the last game's a dot with its value. After one game,
 * the band is a bar across the graph and the dot stands in the middle of it. The colours read on
 * light and dark styles alike. */
static void draw_rating (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  VersoStats *stats = data;
  guint count;
  const VersoRatingEntry *entries = verso_stats_get_rating_history (stats, &count);
  double low, high, last_x, last_y;

  if (count == 0)
    return;
  rating_range (entries, count, &low, &high);
#define X(i) (count > 1 ? 8 + (width - 16) * (double) (i) / (count - 1) : width / 2.0)
#define Y(v) (height - 4 - (height - 8) * ((v) - low) / (high - low))
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.18);
  if (count == 1) {
    cairo_rectangle (cr, 8, Y (entries[0].rating.value + interval_of (&entries[0].rating)), width - 16,
                     Y (entries[0].rating.value - interval_of (&entries[0].rating))
                     - Y (entries[0].rating.value + interval_of (&entries[0].rating)));
  } else {
    for (guint i = 0; i < count; i++)
      cairo_line_to (cr, X (i), Y (entries[i].rating.value + interval_of (&entries[i].rating)));
    for (guint i = count; i-- > 0;)
      cairo_line_to (cr, X (i), Y (entries[i].rating.value - interval_of (&entries[i].rating)));
    cairo_close_path (cr);
  }
  cairo_fill (cr);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
  cairo_set_line_width (cr, 2);
  for (guint i = 0; i < count; i++)
    cairo_line_to (cr, X (i), Y (entries[i].rating.value));
  cairo_stroke (cr);
  last_x = X (count - 1);
  last_y = Y (entries[count - 1].rating.value);
  cairo_arc (cr, last_x, last_y, 5, 0, 2 * G_PI);
  cairo_fill (cr);
  label_last (GTK_WIDGET (area), cr, last_x, last_y, entries[count - 1].rating.value, width, height);
#undef X
#undef Y
}

/* The graph in words: "12 rated games: first 1010, last 1180, highest 1204." */
static char *describe_rating (const VersoRatingEntry *entries, guint count)
{
  double highest = entries[0].rating.value;

  for (guint i = 1; i < count; i++)
    highest = MAX (highest, entries[i].rating.value);
  /* Translators: the description of the rating graph in the Statistics window, e.g.
   * "12 rated games: first 1010, last 1180, highest 1204." */
  return g_strdup_printf (g_dngettext (NULL, "%u rated game: first %.0f, last %.0f, highest %.0f.",
                                       "%u rated games: first %.0f, last %.0f, highest %.0f.", count),
                          count, entries[0].rating.value, entries[count - 1].rating.value, highest);
}

/* A drawing area that a screen reader knows as a picture: GTK 4.18 leaves a drawing area of the
 * generic role out of the accessible tree, its name and description with it. */
static GtkWidget *graph_area_new (void)
{
  return g_object_new (GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_IMG, NULL);
}

static GtkWidget *rating_graph_new (VersoStats *stats, const VersoRatingEntry *entries, guint count)
{
  GtkWidget *area = graph_area_new ();
  g_autofree char *description = describe_rating (entries, count);

  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), RATING_GRAPH_HEIGHT);
  gtk_widget_set_hexpand (area, TRUE);
  gtk_widget_add_css_class (area, "card");
  gtk_widget_set_margin_top (area, 12);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_rating, g_object_ref (stats), g_object_unref);
  gtk_widget_set_tooltip_text (area, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* Translators: the accessible name of the rating graph */
                                  _("Your rating over time"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  return area;
}

/* The person's rating, what it means, and its graph over the rated games; NULL before any. */
static GtkWidget *rating_group_new (VersoStats *stats)
{
  guint count;
  const VersoRatingEntry *entries = verso_stats_get_rating_history (stats, &count);
  Rating rating = verso_stats_get_rating (stats, verso_profile_now ());
  GtkWidget *group, *row;
  g_autofree char *title = NULL, *against_levels = NULL, *meaning = NULL;

  if (count == 0)
    return NULL;
  group = adw_preferences_group_new ();
  row = adw_action_row_new ();
  /* Translators: the title of the rating's group in the Statistics window */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Rating"));
  /* Translators: the person's rating and its 95 % interval, e.g. "Your rating: 1180 ± 140" */
  title = g_strdup_printf (_("Your rating: %.0f ± %.0f"), rating.value, interval_of (&rating));
  against_levels = verso_rating_describe (rating.value);
  /* Translators: under "Your rating: 1054 ± 599" in the Statistics window: %s says what the
   * rating means against the levels (a sentence without its full stop, e.g. "About the Casual
   * level: you would win about half your games against it"); then what the ± means, %.0f being
   * the 599 */
  meaning = g_strdup_printf (_("%s.\nOn the levels' scale; with 95 %% certainty within %.0f of this either way, "
                               "a margin each game you play makes narrower."),
                             against_levels, interval_of (&rating));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), meaning);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), rating_graph_new (stats, entries, count));
  return group;
}

/* Practice. */

static GtkWidget *count_row_new (const char *title, const char *subtitle, guint count)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *text = g_strdup_printf ("%u", count);
  GtkWidget *label = gtk_label_new (text);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_add_css_class (label, "numeric");
  gtk_widget_add_css_class (label, "heading");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  return row;
}

/* One bar a week, oldest first: its height the share of answers found, none where nothing was
 * answered; the colours are the theme's. */
static void draw_weeks (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const VersoDeckPeriod *weeks = data;
  double slot = (double) width / PRACTICE_WEEKS;
  for (int i = 0; i < PRACTICE_WEEKS; i++) {
    const VersoDeckPeriod *week = &weeks[PRACTICE_WEEKS - 1 - i];
    double x = i * slot + slot * 0.15, bar = slot * 0.7;

    /* Grey and blue read on light and dark styles alike. */
    cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.6);
    cairo_set_line_width (cr, 1);
    cairo_move_to (cr, x, height - 0.5);
    cairo_line_to (cr, x + bar, height - 0.5);
    cairo_stroke (cr);
    if (week->answers == 0)
      continue;
    cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
    cairo_rectangle (cr, x, height - 1 - (height - 2) * (double) week->successes / week->answers,
                     bar, (height - 2) * (double) week->successes / week->answers);
    cairo_fill (cr);
  }
}

/* The weeks in words, for a screen reader and the tooltip: "This week: 4 of 5 found. 1 week ago:
 * none answered. …" */
static char *describe_weeks (const VersoDeckPeriod *weeks)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < PRACTICE_WEEKS; i++) {
    g_autofree char *when = i == 0 ? g_strdup (_("This week"))
      /* Translators: a week of practice in the Statistics window's description of the graph */
      : g_strdup_printf (g_dngettext (NULL, "%u week ago", "%u weeks ago", i), i);
    if (i)
      g_string_append_c (text, ' ');
    if (weeks[i].answers)
      /* Translators: a week's practice answers in the Statistics window, e.g. "This week: 4 of 5 found." */
      g_string_append_printf (text, _("%s: %u of %u found."), when, weeks[i].successes, weeks[i].answers);
    else
      /* Translators: a week without practice in the Statistics window, e.g. "2 weeks ago: none answered." */
      g_string_append_printf (text, _("%s: none answered."), when);
  }
  return g_string_free (text, FALSE);
}

static GtkWidget *weeks_row_new (VersoDeck *deck, gint64 now)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *area = graph_area_new ();
  VersoDeckPeriod *weeks = g_new0 (VersoDeckPeriod, PRACTICE_WEEKS);
  g_autofree char *description = NULL;
  guint answers = 0, successes = 0;

  verso_deck_get_weeks (deck, now, weeks, PRACTICE_WEEKS);
  for (guint i = 0; i < PRACTICE_WEEKS; i++) {
    answers += weeks[i].answers;
    successes += weeks[i].successes;
  }
  description = describe_weeks (weeks);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Found over the last eight weeks"));
  if (answers) {
    /* Translators: the share of practice answers found, e.g. "75 % of 12 answers" */
    g_autofree char *share = g_strdup_printf (g_dngettext (NULL, "%u %% of %u answer", "%u %% of %u answers", answers),
                                              (successes * 100 + answers / 2) / answers, answers);
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), share);
  } else {
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("No answers yet"));
  }
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 120);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 32);
  gtk_widget_set_valign (area, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_weeks, weeks, g_free);
  gtk_widget_set_tooltip_text (area, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* Translators: the accessible name of the practice bar graph */
                                  _("Practice answers found per week"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), area);
  return row;
}

/* The practice deck: its cards, those due today, those learned, and the answers found by week;
 * NULL when the deck is empty. */
static GtkWidget *practice_group_new (VersoDeck *deck)
{
  gint64 now = verso_profile_now ();
  VersoDeckSummary summary = verso_deck_get_summary (deck, now);
  GtkWidget *group;
  g_autofree char *learned = NULL;

  if (summary.cards == 0)
    return NULL;
  group = adw_preferences_group_new ();
  /* Translators: the title of the practice deck's group in the Statistics window */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("Practice"));
  /* Translators: how a position of the practice deck becomes learned; %d is a number of days */
  learned = g_strdup_printf (g_dngettext (NULL, "Found until it comes back %d day or more apart",
                                          "Found until it comes back %d days or more apart",
                                          VERSO_DECK_LEARNED_DAYS), VERSO_DECK_LEARNED_DAYS);
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             count_row_new (_("Positions in your deck"), NULL, summary.cards));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             count_row_new (_("Due today"), NULL, summary.due_today));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), count_row_new (_("Learned"), learned, summary.learned));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), weeks_row_new (deck, now));
  return group;
}

static void rebuild (VersoStatsDialog *self)
{
  GtkWidget *child;
  gboolean any = FALSE;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->groups_box))))
    gtk_box_remove (self->groups_box, child);
  if ((child = rating_group_new (self->stats))) {
    gtk_box_append (self->groups_box, child);
    any = TRUE;
  }
  for (Rules rules = RULES_STANDARD; rules <= RULES_REVERSE; rules++) {
    GtkWidget *group = rules_group_new (self->stats, rules);

    if (group) {
      gtk_box_append (self->groups_box, group);
      any = TRUE;
    }
  }
  gtk_widget_set_sensitive (self->reset_button, any);
  if ((child = openings_group_new (self->profile))) {
    gtk_box_append (self->groups_box, child);
    any = TRUE;
  }
  if ((child = practice_group_new (self->deck))) {
    gtk_box_append (self->groups_box, child);
    any = TRUE;
  }
  gtk_stack_set_visible_child_name (self->stack, any ? "results" : "empty");
}

static void on_reset_response (AdwMessageDialog *dialog, const char *response, VersoStatsDialog *self)
{
  g_autoptr (GError) error = NULL;

  if (g_strcmp0 (response, "reset") != 0 || !self->profile)
    return;
  if (!verso_profile_reset_statistics (self->profile, &error)) {
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

  /* The profile outlives the window: no rebuild once its widgets are going. */
  if (self->profile)
    g_signal_handlers_disconnect_by_data (self->profile, self);
  self->stats = NULL;
  self->deck = NULL;
  g_clear_object (&self->profile);
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

GtkWidget *verso_stats_dialog_new (GtkWindow *parent, VersoProfile *profile)
{
  VersoStatsDialog *self;

  g_return_val_if_fail (VERSO_IS_PROFILE (profile), NULL);

  self = g_object_new (VERSO_TYPE_STATS_DIALOG, "transient-for", parent, NULL);
  self->profile = g_object_ref (profile);
  self->stats = verso_profile_get_stats (profile);
  self->deck = verso_profile_get_deck (profile);
  g_signal_connect_swapped (profile, "changed", G_CALLBACK (rebuild), self);
  rebuild (self);
  return GTK_WIDGET (self);
}
