/* verso-rating-history.h: the person's rating game by game: each rated game against the
 * computer kept with its time, the rating after it, the opponent and the result, the current
 * rating made from the last one (rating.h: each game's rating estimated from all the games kept,
 * the uncertainty widening while the person does not play). VersoStats keeps it in its key file's [rating] group. */
#pragma once

#include <glib.h>

#include "level_mix.h"
#include "rating.h"
#include "verso-keyfile.h"

G_BEGIN_DECLS

/* The most games kept: the oldest are forgotten beyond it (by then they weigh next to nothing in
 * the estimate: RATING_MEMORY_GAMES). */
#define VERSO_RATING_HISTORY_MAX 1000

typedef struct {
  gint64 time;       /* when the game ended, seconds since 1970 (UTC) */
  Rating rating;     /* the person's rating after it */
  Rating opponent;   /* the computer's: a level's, or a mix's (Match my level) */
  LevelId level;     /* the opponent's level, or the level nearest its mix */
  double score;      /* the person's: 1 a win, 0.5 a draw, 0 a loss */
} VersoRatingEntry;

typedef struct {
  GArray *entries;   /* of VersoRatingEntry, oldest first */
} VersoRatingHistory;

void verso_rating_history_init (VersoRatingHistory *history);
void verso_rating_history_clear (VersoRatingHistory *history);

/* The rating now: the last game's, widened for the days since it (the start without games). */
Rating verso_rating_history_current (const VersoRatingHistory *history, gint64 now);
/* Counts one game at time now against opponent (its rating, and its level or the mix's
 * nearest) with the person's score; returns the entry added. */
const VersoRatingEntry *verso_rating_history_add (VersoRatingHistory *history, const Rating *opponent,
                                                  LevelId level, double score, gint64 now);
/* The opponent's rating for a game at level, or at mix when mix is not NULL; FALSE when the
 * compiled table has none. */
gboolean verso_rating_of_opponent (LevelId level, const LevelMix *mix, Rating *rating);
/* What a rating means against the levels, in words: the level the person would beat about
 * half the time when there is one; else the two levels around it (or the nearest, outside them)
 * and the share of games the person would win against each. */
char *verso_rating_describe (double rating);

/* Reads group's entries ("N = TIME RATING DEVIATION LEVEL OPPONENT OPPONENT_DEVIATION SCORE",
 * numbers in C locale) in order; a damaged one is named through file and skipped. */
void verso_rating_history_read (VersoRatingHistory *history, VersoKeyFile *file, GKeyFile *keys,
                                const char *group);
/* Writes the entries into group (nothing without games). */
void verso_rating_history_write (const VersoRatingHistory *history, GKeyFile *keys, const char *group);

G_END_DECLS
