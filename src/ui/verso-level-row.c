/* verso-level-row.c: the level combo rows' model and their describing subtitle. */
#include "verso-level-row.h"

#include <glib/gi18n.h>

#include "level.h"

static void on_level_selected (AdwComboRow *row)
{
  guint selected = adw_combo_row_get_selected (row);
  const char *description = selected < LEVEL_COUNT ? level_get ((LevelId) selected)->description : NULL;

  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), description ? _(description) : "");
}

void verso_level_row_setup (AdwComboRow *row)
{
  g_autoptr (GtkStringList) levels = gtk_string_list_new (NULL);

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  for (int level = 0; level < LEVEL_COUNT; level++)
    gtk_string_list_append (levels, _(level_get (level)->name));
  adw_combo_row_set_model (row, G_LIST_MODEL (levels));
  /* The row's own signal, so it lives exactly as long as the row. */
  g_signal_connect (row, "notify::selected", G_CALLBACK (on_level_selected), NULL);
  on_level_selected (row);
}
