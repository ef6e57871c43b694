/* verso-preferences-window.h: the Preferences window, every row bound to a settings key. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define VERSO_TYPE_PREFERENCES_WINDOW (verso_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (VersoPreferencesWindow, verso_preferences_window, VERSO, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

/* settings must use the io.github.verso.Verso schema; changes are written at once. */
GtkWidget *verso_preferences_window_new (GtkWindow *parent, GSettings *settings);

G_END_DECLS
