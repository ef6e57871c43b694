/* verso-theme-choice.c: the board theme a widget draws with, the chosen one or high contrast, for
 * the board and the evaluation graph alike. */
#include "verso-theme-choice.h"

#include <adwaita.h>

static void update_drawn (VersoThemeChoice *choice)
{
  const VersoBoardTheme *theme = choice->chosen;

  if (adw_style_manager_get_high_contrast (adw_style_manager_get_default ()))
    theme = verso_board_theme_find (VERSO_BOARD_THEME_HIGH_CONTRAST);
  if (theme == choice->drawn)
    return;
  choice->drawn = theme;
  gtk_widget_queue_draw (choice->widget);
}

void verso_theme_choice_init (VersoThemeChoice *choice, GtkWidget *widget)
{
  choice->widget = widget;
  choice->chosen = choice->drawn = verso_board_theme_find (NULL);
  choice->high_contrast_id = g_signal_connect_swapped (adw_style_manager_get_default (), "notify::high-contrast",
                                                       G_CALLBACK (update_drawn), choice);
  update_drawn (choice);
}

GParamSpec *verso_theme_choice_param_spec (void)
{
  return g_param_spec_string ("theme", NULL, NULL, verso_board_theme_find (NULL)->name,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
}

void verso_theme_choice_set (VersoThemeChoice *choice, const char *name, GParamSpec *pspec)
{
  const VersoBoardTheme *theme = verso_board_theme_find (name);

  if (theme == choice->chosen)
    return;
  choice->chosen = theme;
  update_drawn (choice);
  g_object_notify_by_pspec (G_OBJECT (choice->widget), pspec);
}

void verso_theme_choice_clear (VersoThemeChoice *choice)
{
  g_clear_signal_handler (&choice->high_contrast_id, adw_style_manager_get_default ());
}
