/* verso-engines-page.h: Preferences ▸ Engines: the other Othello programs (NBoard) New Game may
 * choose as the opponent, each added after a check that it starts and names itself, and removed;
 * and who gives the hints, Verso or one of them. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define VERSO_TYPE_ENGINES_PAGE (verso_engines_page_get_type ())
G_DECLARE_FINAL_TYPE (VersoEnginesPage, verso_engines_page, VERSO, ENGINES_PAGE, AdwPreferencesPage)

/* The page of the engines in settings' "engines" (verso-engine-settings.h), following the key. */
GtkWidget *verso_engines_page_new (GSettings *settings);

G_END_DECLS
