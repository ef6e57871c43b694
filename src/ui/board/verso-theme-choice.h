/* verso-theme-choice.h: the board theme a widget draws with: the one chosen (the board-theme
 * setting), overridden by the high-contrast theme while the desktop's high-contrast style lasts. */
#pragma once

#include <gtk/gtk.h>

#include "verso-board-theme.h"

G_BEGIN_DECLS

typedef struct {
  GtkWidget *widget;               /* redrawn when the theme drawn changes */
  const VersoBoardTheme *chosen;
  const VersoBoardTheme *drawn;
  gulong high_contrast_id;
} VersoThemeChoice;

/* The first (classic) theme, watching the desktop's style for the widget's life. */
void verso_theme_choice_init (VersoThemeChoice *choice, GtkWidget *widget);
/* The widget's "theme" property: the name of the board theme chosen (the board-theme setting). */
GParamSpec *verso_theme_choice_param_spec (void);
/* Chooses the theme named `name` (verso_board_theme_find), from the widget's set_property:
 * the widget notifies pspec when the theme chosen changed. */
void verso_theme_choice_set (VersoThemeChoice *choice, const char *name, GParamSpec *pspec);
/* Stops watching the desktop's style: from the widget's dispose. */
void verso_theme_choice_clear (VersoThemeChoice *choice);

G_END_DECLS
