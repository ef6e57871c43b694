/* verso-level-row.c: the level combo rows' model and their describing subtitle, and the "Match
 * my level" row beside them. */
#include "verso-level-row.h"

#include <glib/gi18n.h>

#include "level.h"
#include "level_ratings.h"
#include "verso-profile.h"

/* The chosen level's name opens the subtitle, which wraps, rather than standing beside the title,
 * where a narrow window cut it short ("Interm…"): the row uses its subtitle for the choice. The
 * row writes the choice's bare name there itself, before this runs (libadwaita 1.2) or after it
 * (1.7): each time the subtitle changes, the description is written again, once. */
static void on_level_selected (AdwComboRow *row)
{
  guint selected = adw_combo_row_get_selected (row);
  const Level *level;
  g_autofree char *subtitle = NULL;
  Rating rating;

  if (selected >= LEVEL_COUNT) {
    if (g_strcmp0 (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "") != 0)
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), "");
    return;
  }
  level = level_get ((LevelId) selected);
  if (level_rating ((LevelId) selected, &rating))
    /* Translators: a level's name, its description and its rating (on the scale of the
     * person's in Statistics), e.g. "Intermediate · Plays like a club player · rated 1342" */
    subtitle = g_strdup_printf (_("%s · %s · rated %.0f"), _(level->name), _(level->description), rating.value);
  else
    /* Translators: a level's name and its description, e.g. "Intermediate · Plays like a club player" */
    subtitle = g_strdup_printf (_("%s · %s"), _(level->name), _(level->description));
  if (g_strcmp0 (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), subtitle) != 0)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
}

void verso_level_row_setup (AdwComboRow *row)
{
  g_autoptr (GtkStringList) levels = gtk_string_list_new (NULL);

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  for (int level = 0; level < LEVEL_COUNT; level++)
    gtk_string_list_append (levels, _(level_get (level)->name));
  adw_combo_row_set_use_subtitle (row, TRUE);
  adw_combo_row_set_model (row, G_LIST_MODEL (levels));
  /* The row's own signals, so they live exactly as long as the row. */
  g_signal_connect (row, "notify::selected", G_CALLBACK (on_level_selected), NULL);
  g_signal_connect (row, "notify::subtitle", G_CALLBACK (on_level_selected), NULL);
  on_level_selected (row);
}

char *verso_level_row_describe_mix (const LevelMix *mix)
{
  Rating rating = level_mix_rating (mix);

  g_return_val_if_fail (mix != NULL, NULL);
  /* Translators: the strength of "Match my level": the nearest level's name and the rating
   * (the ' groups the thousands as the language does), e.g. "about Casual (1,050)" */
  return g_strdup_printf (_("about %s (%'.0f)"), _(level_get (level_mix_nearest (mix))->name), rating.value);
}

void verso_level_row_setup_match (AdwActionRow *match_row, VersoStats *stats)
{
  LevelMix mix;

  g_return_if_fail (ADW_IS_ACTION_ROW (match_row) && VERSO_IS_STATS (stats));

  if (verso_stats_get_match_mix (stats, verso_profile_now (), &mix)) {
    g_autofree char *strength = verso_level_row_describe_mix (&mix);
    /* Translators: the subtitle of Match My Level, e.g. "Plays at your rating: about Casual (1,050)" */
    g_autofree char *subtitle = g_strdup_printf (_("Plays at your rating: %s"), strength);

    adw_action_row_set_subtitle (match_row, subtitle);
  }
}
