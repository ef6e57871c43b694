/* verso-analysis-store.h: one analysis per position for a game. Every analysis the game's analyst
 * finds (live scores, the coach, the review, a hint) is merged here move by move, and whatever is
 * shown reads it, so one position has one answer. A move's score is replaced only by a better one:
 * an exact score beats an estimate, then a deeper search beats a shallower one; never the reverse.
 * Keyed by the Board (the side to move's discs and the other side's, so the side to move is part
 * of the key); the rules are the game's, fixed for its life. Main thread only. */
#pragma once

#include <glib.h>

#include "analysis.h"
#include "position.h"

G_BEGIN_DECLS

typedef struct _VersoAnalysisStore VersoAnalysisStore;

VersoAnalysisStore *verso_analysis_store_new (void);
void verso_analysis_store_free (VersoAnalysisStore *store);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (VersoAnalysisStore, verso_analysis_store_free)

/* Whether candidate is a better score of one move than known: it has a score and known has none,
 * or it is exact and known is not, or both are as exact and it is deeper. An equal one is not
 * better: what is shown does not change for a search that found nothing new. */
gboolean verso_analysis_move_improves (const AnalysisMove *known, const AnalysisMove *candidate);

/* Merges analysis (of board) into the store: each move keeps the better of its stored entry and
 * analysis's (verso_analysis_move_improves). TRUE when the store's analysis of board changed. */
gboolean verso_analysis_store_merge (VersoAnalysisStore *store, const Board *board,
                                     const Analysis *analysis);

/* The store's analysis of board, or NULL when none was merged: scored moves best first (equal
 * scores in the order they came), then those without a score; depth is the least depth of its
 * moves, exact whether every move is exact, nodes and seconds the sums over the analyses merged,
 * stopped that of the latest one that changed it. The pointer stays valid while the store lives;
 * what it points to changes with each merge of board. */
const Analysis *verso_analysis_store_lookup (const VersoAnalysisStore *store, const Board *board);

/* The positions with an analysis. */
guint verso_analysis_store_size (const VersoAnalysisStore *store);

/* The best of analysis's scored moves (the first of equal scores in its order), or NULL when no
 * move has a score. */
const AnalysisMove *verso_analysis_best_move (const Analysis *analysis);

/* The store's analysis of position as one line of text, kept with the saved session so that the
 * scores survive a restart: the position's board string (notation.h), then for each move with a
 * score ";MOVE:SCORE:DEPTH", with ":exact" after an exact one, then ":line=" and the moves of
 * its line (pv) after it when it has one (passes as PA), in the store's order, e.g.
 * "---…--- O;d6:-2:10:line=c3d3;f4:-5:10;f6:-9:18:exact:line=e6f7". NULL when the store has no
 * scored move of position (none at all, or the game's end). */
char *verso_analysis_store_write (const VersoAnalysisStore *store, const Position *position);

/* Reads a line written by verso_analysis_store_write and merges it into the store (the replace
 * rule holds: a line never makes a stored score worse). Strict: the board, then every entry a
 * legal move of it, listed once, a score of -64..64, a depth of 1..SEARCH_MAX_PLY, a line of
 * legal moves played after it, and nothing else; at least one entry. Lines written before the
 * moves' lines were kept (no ":line=") read as moves without one. FALSE with a G_IO_ERROR_INVALID_DATA error saying what was wrong
 * and in which entry, and the store unchanged, when the line is not one. */
gboolean verso_analysis_store_read (VersoAnalysisStore *store, const char *line, GError **error);

G_END_DECLS
