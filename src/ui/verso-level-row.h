/* verso-level-row.h: a combo row that chooses a computer level and says in its subtitle how the
 * chosen level plays; the New Game dialog and Preferences share it. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Gives row the levels (in LevelId order, so the selected index is the LevelId) and keeps its
 * subtitle on the selected level's description. */
void verso_level_row_setup (AdwComboRow *row);

G_END_DECLS
