/* verso-computer.h: the engine in a worker thread. One search (and its transposition table)
 * per computer; searches on it run one at a time, and a cancelled one stops at once. */
#pragma once

#include <gio/gio.h>

#include "analysis.h"
#include "board.h"
#include "level.h"
#include "level_mix.h"
#include "search.h"

G_BEGIN_DECLS

#define VERSO_TYPE_COMPUTER (verso_computer_get_type ())
G_DECLARE_FINAL_TYPE (VersoComputer, verso_computer, VERSO, COMPUTER, GObject)

VersoComputer *verso_computer_new (void);

/* The rules (rules.h) of the searches asked for from now on (RULES_STANDARD for a new
 * computer): each request carries the rules it was asked under, and its search is set to them
 * before it runs. Scores are then those of the rules (search.h). */
void verso_computer_set_rules (VersoComputer *computer, Rules rules);
/* The most seconds the moves asked for from now on may take (0, the default: the level's own
 * time): a game on a clock gives its share of the time left (time_control_think_seconds). */
void verso_computer_set_move_seconds (VersoComputer *computer, double seconds);
/* The threads the analyses asked for from now on search with (verso_computer_analyse_async):
 * 0, the default, for one a processor core. A chosen move keeps one thread: the levels' ratings
 * were measured so, and more threads would make the timed levels stronger than rated. */
void verso_computer_set_analysis_threads (VersoComputer *computer, guint threads);

/* Chooses a move for the side to move at a difficulty level; seed makes a level's random choice
 * reproducible. Cancelling stops the engine; the task then fails with G_IO_ERROR_CANCELLED. */
void verso_computer_choose_move_async (VersoComputer *computer, const Board *board, LevelId level,
                                       guint64 seed, GCancellable *cancellable,
                                       GAsyncReadyCallback callback, gpointer user_data);
/* The same for a strength between two levels ("Match my level", level_mix.h). */
void verso_computer_choose_mix_move_async (VersoComputer *computer, const Board *board,
                                           const LevelMix *mix, guint64 seed,
                                           GCancellable *cancellable, GAsyncReadyCallback callback,
                                           gpointer user_data);
/* Its answer: a square 0..63 or BOARD_PASS; -1 with error set on failure. result may
 * be NULL; otherwise it receives the engine's full answer. */
int verso_computer_move_finish (VersoComputer *computer, GAsyncResult *result,
                                SearchResult *search_result, GError **error);

/* Analysis (analysis.h) of every legal move of board, deepened up to depth (0: no limit) within
 * about `seconds` (0: no limit), moves solved exactly when at most exact_empties empties follow
 * them (-1: never). progress (may be NULL) is called in the thread-default main context of the
 * caller with a copy of each refinement, at most about every 50 ms and never after the task is
 * cancelled or has returned. Analyses and moves on one computer run one at a time, in the order
 * they were asked for. */
typedef void (*VersoAnalysisProgress) (const Analysis *analysis, gpointer user_data);
void verso_computer_analyse_async (VersoComputer *computer, const Board *board, int depth,
                                   double seconds, int exact_empties,
                                   VersoAnalysisProgress progress, gpointer progress_data,
                                   GCancellable *cancellable, GAsyncReadyCallback callback,
                                   gpointer user_data);
/* The final analysis into *analysis; FALSE with G_IO_ERROR_CANCELLED when cancelled. */
gboolean verso_computer_analyse_finish (VersoComputer *computer, GAsyncResult *result,
                                        Analysis *analysis, GError **error);

G_END_DECLS
