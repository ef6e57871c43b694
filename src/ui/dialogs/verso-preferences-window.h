/* verso-preferences-window.h: the Preferences window, every row bound to a settings key; Match My
 * Level says the strength the person's rating in the profile gives, and follows it. */
#pragma once

#include <adwaita.h>

#include "verso-profile.h"

G_BEGIN_DECLS

#define VERSO_TYPE_PREFERENCES_WINDOW (verso_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (VersoPreferencesWindow, verso_preferences_window, VERSO, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

/* settings must use the io.github.verso.Verso schema; changes are written at once. profile is
 * the one the application read at start-up. */
GtkWidget *verso_preferences_window_new (GtkWindow *parent, GSettings *settings, VersoProfile *profile);

G_END_DECLS
