/* verso-stats.h: the player's results against the computer, per rules and level, kept in a key
 * file in the user data directory and written atomically after every change. */
#pragma once

#include <glib-object.h>

#include "level.h"
#include "rules.h"
#include "verso-game.h"

G_BEGIN_DECLS

typedef struct {
  guint won;
  guint lost;
  guint drawn;
  gint64 disc_sum;  /* the person's final disc differences, summed (the mean is disc_sum/games) */
} VersoStatsEntry;

static inline guint verso_stats_entry_games (const VersoStatsEntry *entry) { return entry->won + entry->lost + entry->drawn; }

#define VERSO_TYPE_STATS (verso_stats_get_type ())
G_DECLARE_FINAL_TYPE (VersoStats, verso_stats, VERSO, STATS, GObject)

/* Reads the statistics from path (NULL: "verso/statistics.ini" in g_get_user_data_dir ()). A
 * missing file is no games yet. A damaged file or entry is reported with g_warning naming the
 * file, the line and what was wrong; what could be read is kept, and before the file is first
 * written again the damaged one is kept beside it as "statistics.ini.damaged". */
VersoStats *verso_stats_new (const char *path);
VersoStatsEntry verso_stats_get (VersoStats *stats, Rules rules, LevelId level);
/* Counts one finished game: the person's final disc difference (positive: the person won,
 * under the rules given), and saves. "changed" is emitted. Returns FALSE with error when the
 * file could not be written (the count stays in memory). */
gboolean verso_stats_add (VersoStats *stats, Rules rules, LevelId level, int disc_difference,
                          GError **error);
/* Counts the game shown, over, when it is against the computer: the person's final disc
 * difference with the empty squares given to the winner, as the rules count it, at the
 * computer's level. TRUE and nothing counted when the game is not against the computer. */
gboolean verso_stats_add_game (VersoStats *stats, VersoGame *game, GError **error);
/* Forgets every result and saves ("changed"). */
gboolean verso_stats_reset (VersoStats *stats, GError **error);

G_END_DECLS
