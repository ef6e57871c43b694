/* verso-profile.h: the person's profile: their results against the computer and their rating
 * (verso-stats.h, statistics.ini), their practice deck (verso-deck.h, practice.ini), their
 * progress in the opening trainer (verso-opening-progress.h, openings.ini) and the games
 * they played, kept in the game library (library.h, library.sqlite), read once
 * from the user's data folder into the one object the application holds for every window and
 * dialog; the rule for when a finished game counts; and "changed" after every change, so that
 * what shows them follows. Read them through the getters; change them through the profile. */
#pragma once

#include <glib-object.h>

#include "level_mix.h"
#include "library.h"
#include "rules.h"
#include "verso-deck.h"
#include "verso-game.h"
#include "verso-opening-progress.h"
#include "verso-stats.h"

G_BEGIN_DECLS

/* The profile's clock, which its dated changes take: seconds since 1970 (UTC). */
gint64 verso_profile_now (void);

/* A game that just ended, in the plain facts the counting rule reads. */
typedef struct {
  VersoMode mode;
  /* It was already over when it came to be shown (a file opened, a finished position set up,
   * the session restored): its end is not a result of play. */
  gboolean over_when_given;
  /* It was counted when it first ended, and ends again: undone and played to its end, or gone
   * back to its end. */
  gboolean counted;
  Rules rules;
  LevelId level;          /* the computer's level; under Match my level the mix's nearest */
  gboolean matched;       /* the computer played at the person's rating (Match my level), as mix */
  LevelMix mix;
  /* Another engine played the computer's side (verso_game_set_engine_for): not a level's game. */
  gboolean against_engine;
  /* The person's final disc difference, the empty squares to the winner; after a loss on
   * time, the discs' on the board, at least 2 (33 to 31) to the side that did not flag. */
  int disc_difference;
} VersoFinishedGame;

/* finished from game, which is over: its mode, rules, the computer's level or mix, and the
 * final disc difference of the person (of Black when no side or both are people). The caller
 * knows the rest: over_when_given and counted are FALSE. */
void verso_finished_game_init (VersoFinishedGame *finished, VersoGame *game);

/* The rule: a game counts when a person played it to its end against the computer at one of
 * Verso's levels, here and for the first time. A game between two people, of the computer against
 * itself or against another engine never counts, nor one already over when it came, nor one
 * counted already. How it began does not matter: a position set up, a record played on from
 * here, a game with moves undone on the way all count when they end so. */
gboolean verso_finished_game_counts (const VersoFinishedGame *finished);

typedef enum {
  VERSO_GAME_NOT_COUNTED,  /* the rule left it out: nothing changed */
  VERSO_GAME_COUNTED,      /* in the statistics; the rating did not move (other rules than the
                            * standard, the levels' own; or no rating for the opponent) */
  VERSO_GAME_RATED,        /* in the statistics, and the rating moved */
} VersoGameCount;

#define VERSO_TYPE_PROFILE (verso_profile_get_type ())
G_DECLARE_FINAL_TYPE (VersoProfile, verso_profile, VERSO, PROFILE, GObject)

/* Reads the statistics (statistics.ini) and the deck (practice.ini) from folder, or, when folder
 * is NULL, from "verso" in g_get_user_data_dir () (~/.local/share/verso). Missing files are
 * nothing yet; damaged ones are named and kept aside as verso_stats_new and verso_deck_new say. */
VersoProfile *verso_profile_new (const char *folder);

/* What the profile holds, to read: owned by it and alive as long as it is. */
VersoStats *verso_profile_get_stats (VersoProfile *profile);
VersoDeck *verso_profile_get_deck (VersoProfile *profile);
VersoOpeningProgress *verso_profile_get_opening_progress (VersoProfile *profile);

/* Applies the rule (verso_finished_game_counts) to finished, which ended at time now (seconds
 * since 1970); a game that counts goes into the statistics under its rules and level, and moves
 * the rating when it is rated (verso_stats_add_rated), then "changed" is emitted. error is set
 * when the file could not be written: the game is counted in memory all the same. */
VersoGameCount verso_profile_record_game (VersoProfile *profile, const VersoFinishedGame *finished,
                                          gint64 now, GError **error);
/* Forgets every result and the rating (not the deck), saves and emits "changed". FALSE with
 * error when the file could not be written. */
gboolean verso_profile_reset_statistics (VersoProfile *profile, GError **error);
/* verso_deck_add_move on the profile's deck: the move before ply joins it when it was the
 * person's mistake; "changed" when the deck changed. */
VersoDeckChange verso_profile_add_mistake (VersoProfile *profile, VersoGame *game, guint ply,
                                           gint64 now, GError **error);
/* verso_deck_answer on the profile's deck: an answer in practice; "changed" when it was one. */
int verso_profile_answer_card (VersoProfile *profile, const Position *position, int move,
                               gint64 now, GError **error);

/* verso_opening_progress_add on the profile's progress in the openings (openings.ini): a line
 * of the opening trainer played to its end; "changed" follows. */
gboolean verso_profile_add_opening_line (VersoProfile *profile, const char *opening, int colour,
                                         gboolean clean, gint64 now, GError **error);

/* Keeps game, which ended or is being left, in the game library (library.sqlite in the profile's
 * folder, opened on first use; the user's library, the one `verso-engine library` reads, for the
 * default folder) as verso_kept_game_fill reads it: the same game (moves, players and date) is
 * kept once. *notice (may be NULL) receives a message when a damaged or newer library was set
 * aside for a new one. FALSE with error when it could not be kept; the game is unchanged. */
gboolean verso_profile_keep_game (VersoProfile *profile, VersoGame *game, char **notice,
                                  GError **error);
/* The game library the games are kept in, opened on first use (the main thread's connection:
 * a worker thread opens its own with library_open on verso_profile_get_library_path). A damaged
 * or newer file is set aside (library_open) and *notice (may be NULL) says so; NULL with error
 * when it cannot be opened. Owned by the profile. */
Library *verso_profile_get_library (VersoProfile *profile, char **notice, GError **error);
/* Where the games are kept; NULL when no data folder is known. */
const char *verso_profile_get_library_path (VersoProfile *profile);

/* The person played `played` at position, a mistake found outside a game (the opening trainer):
 * the position is analysed to depth in a worker thread (every legal move scored, as the coach
 * does), then joins the deck as verso_deck_add_analysis says, and "changed" is emitted, on the
 * main thread. A file that cannot be written is logged (g_message); the card is kept in memory. */
void verso_profile_add_position_mistake (VersoProfile *profile, const Position *position, int played,
                                         int depth, gint64 now);

G_END_DECLS
