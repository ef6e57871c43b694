/* verso-level-row.h: a combo row that chooses a computer level and says in its subtitle how the
 * chosen level plays and its rating; the row with the "Match my level" switch, which says the
 * strength the person's rating gives; and the words for that strength. The New Game dialog and
 * Preferences share them. */
#pragma once

#include <adwaita.h>

#include "level_mix.h"
#include "verso-stats.h"

G_BEGIN_DECLS

/* Gives row the levels (in LevelId order, so the selected index is the LevelId) and keeps its
 * subtitle on the selected level's description and rating ("Plays like a club player · 1342"). */
void verso_level_row_setup (AdwComboRow *row);

/* A Match my level strength in words: "about Casual (1,050)", the nearest level and the mix's
 * rating. */
char *verso_level_row_describe_mix (const LevelMix *mix);
/* Makes match_row's subtitle say the strength the person's rating in stats gives now
 * ("Plays at your rating: about Casual (1,050)"). */
void verso_level_row_setup_match (AdwActionRow *match_row, VersoStats *stats);

G_END_DECLS
