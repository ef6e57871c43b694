/* verso-stats.h: the player's results against the computer, per rules and level, kept in a key
 * file in the user data directory and written atomically after every change. */
#pragma once

#include <glib-object.h>

#include "level.h"
#include "rules.h"
#include "verso-rating-history.h"

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
 * under the rules given), and saves. Returns FALSE with error when the file could not be
 * written (the count stays in memory). The application counts through VersoProfile, which
 * applies the rule for when a game counts and says "changed". */
gboolean verso_stats_add (VersoStats *stats, Rules rules, LevelId level, int disc_difference,
                          GError **error);
/* verso_stats_add for a game that ended at time now (seconds since 1970) against level, or
 * against mix ("Match my level", counted under its nearest level, which level should be) when
 * it is not NULL. A game under the standard rules also moves the person's rating (the levels
 * are rated under them), against the level's or the mix's rating, after widening it for the
 * days since the last rated game; one under another rules does not. */
gboolean verso_stats_add_rated (VersoStats *stats, Rules rules, LevelId level, const LevelMix *mix,
                                int disc_difference, gint64 now, GError **error);
/* The person's rating at time now (a new player's, level_ratings_new_player, before any rated game). */
Rating verso_stats_get_rating (VersoStats *stats, gint64 now);
/* "Match my level": the strength between two levels at the person's rating at time now. FALSE
 * when the compiled table lacks a level's rating. */
gboolean verso_stats_get_match_mix (VersoStats *stats, gint64 now, LevelMix *mix);
/* The rated games, oldest first: *count of them (owned by stats, valid until it changes). */
const VersoRatingEntry *verso_stats_get_rating_history (VersoStats *stats, guint *count);
/* When the last game added was rated: the rating after it and its change (after minus the
 * rating before the game, idle widening included). FALSE otherwise. */
gboolean verso_stats_get_last_rating_change (VersoStats *stats, Rating *after, double *change);
/* Forgets every result and the rating history, and saves. */
gboolean verso_stats_reset (VersoStats *stats, GError **error);

G_END_DECLS
