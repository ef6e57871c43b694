/* verso-deck.h: the practice deck: the positions where the person made a mistake or a blunder
 * in a game against the computer (standard rules only), each a card brought back on a spaced
 * repetition schedule and graded in discs from the scores the coach's analysis gave every move,
 * without a new search. Kept in a key file in the user data directory, written atomically after
 * every change; a damaged file is read as far as it goes and kept aside (verso-keyfile.h).
 * Times are seconds since the Unix epoch, passed in, so that the clock is the caller's. */
#pragma once

#include <glib-object.h>

#include "analysis.h"
#include "position.h"
#include "verso-game.h"

G_BEGIN_DECLS

/* An answer losing at most this many discs against the best move is a success. */
#define VERSO_DECK_SUCCESS_LOSS 2
/* A card whose interval has reached this many days is learned. */
#define VERSO_DECK_LEARNED_DAYS 21
/* After a miss the card comes back this soon (then a day after the next success). */
#define VERSO_DECK_RETRY_SECONDS (10 * 60)
#define VERSO_DECK_DAY (24 * 60 * 60)

/* One answer given in practice. */
typedef struct {
  gint64 time;
  int move;
  int loss;   /* discs lost against the best move; a success when <= VERSO_DECK_SUCCESS_LOSS */
} VersoDeckAnswer;

typedef struct {
  Position position;       /* the position (standard rules), the person to move */
  int played;              /* the move the person played in the game */
  int best;                /* the best move of the analysis */
  int n_moves;             /* every legal move with its score */
  int moves[ANALYSIS_MAX_MOVES];
  int scores[ANALYSIS_MAX_MOVES]; /* predicted final disc difference for the side to move */
  int line[SEARCH_MAX_PLY];  /* the best move's line, from the best move (BOARD_PASS for a pass) */
  int line_length;
  gint64 joined;           /* when the mistake was (last) made in a game */
  gint64 due;              /* when the card is next due */
  gint64 interval;         /* seconds to the due time from the last answer; 0 for a new card */
  guint successes;         /* answered well in a row since the last miss */
  guint misses;            /* answers missed in all */
  GArray *answers;         /* VersoDeckAnswer, oldest first */
} VersoDeckCard;

/* The score of move in the card's position, FALSE when it is not one of its legal moves. */
gboolean verso_deck_card_score (const VersoDeckCard *card, int move, int *score);
/* Discs move loses against the best move (0 for the best), or -1 when it is not a legal move. */
int verso_deck_card_loss (const VersoDeckCard *card, int move);
gboolean verso_deck_card_is_learned (const VersoDeckCard *card);

typedef enum {
  VERSO_DECK_UNCHANGED,
  VERSO_DECK_ADDED,
  VERSO_DECK_UPDATED,
} VersoDeckChange;

#define VERSO_TYPE_DECK (verso_deck_get_type ())
G_DECLARE_FINAL_TYPE (VersoDeck, verso_deck, VERSO, DECK, GObject)

/* Reads the deck from path (NULL: "verso/practice.ini" in g_get_user_data_dir ()). A missing
 * file is an empty deck; a damaged one is warned about (file, card, what) and what reads is
 * kept; before the file is first written again it is kept as "practice.ini.damaged". */
VersoDeck *verso_deck_new (const char *path);
/* Whether the file read was damaged (it is set aside at the next write). */
gboolean verso_deck_was_damaged (VersoDeck *deck);
const char *verso_deck_get_path (VersoDeck *deck);

/* The move that led to the position after ply moves joins the deck when the coach graded it a
 * mistake or a blunder, in a game of a person against the computer under standard rules, played
 * by the person, with every move of its position scored: ADDED for a new card, UPDATED when the
 * position is already a card (its move and scores replaced; due at once again if it was
 * practised since it last joined), UNCHANGED otherwise. Saves on a change; error is set (the
 * card kept in memory) when the file could not be written. */
VersoDeckChange verso_deck_add_move (VersoDeck *deck, VersoGame *game, guint ply, gint64 now,
                                     GError **error);
/* The position where the person played `played`, scored by analysis (every legal move with a
 * score, the best line), joins the deck, or its card is updated, as verso_deck_add_move does for a
 * game's move: for mistakes found elsewhere than in a game (the opening trainer's). Unchanged when
 * a move of the analysis has no score. */
VersoDeckChange verso_deck_add_analysis (VersoDeck *deck, const Position *position, int played,
                                         const Analysis *analysis, gint64 now, GError **error);

guint verso_deck_get_size (VersoDeck *deck);
const VersoDeckCard *verso_deck_get_card (VersoDeck *deck, guint index);
/* The card of position, or NULL. */
const VersoDeckCard *verso_deck_find (VersoDeck *deck, const Position *position);
/* The card due longest ago at now, or NULL when none is due. */
const VersoDeckCard *verso_deck_next_due (VersoDeck *deck, gint64 now);
/* The earliest due time of any card, or G_MAXINT64 for an empty deck. */
gint64 verso_deck_get_next_due_time (VersoDeck *deck);

/* Records an answer (a legal move of the card's position) and reschedules the card: a success
 * (losing at most VERSO_DECK_SUCCESS_LOSS discs) lengthens its interval (1, 3, 7, 16, 35 days,
 * then about twice as long each time); a miss resets it and brings the card back in
 * VERSO_DECK_RETRY_SECONDS. Returns the discs the answer lost (-1, nothing changed, when move is
 * not legal there or the position is no card); saves, error set when the file could not be
 * written. The application answers through VersoProfile, which says "changed". */
int verso_deck_answer (VersoDeck *deck, const Position *position, int move, gint64 now,
                       GError **error);

typedef struct {
  guint cards;
  guint due_now;
  guint due_today;   /* due before the end of now's day, in local time (due_now included) */
  guint learned;
} VersoDeckSummary;
VersoDeckSummary verso_deck_get_summary (VersoDeck *deck, gint64 now);

typedef struct {
  guint answers;
  guint successes;
} VersoDeckPeriod;
/* The answers and successes in each of the n_weeks weeks before now: weeks[0] the seven days
 * ending at now, weeks[1] the seven before them, and so on. */
void verso_deck_get_weeks (VersoDeck *deck, gint64 now, VersoDeckPeriod *weeks, guint n_weeks);

G_END_DECLS
