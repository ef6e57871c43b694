/* midgame.h: depth-limited principal variation search with the evaluation at the leaves. */
#pragma once

#include "move_order.h"
#include "search_internal.h"

/* Fail-soft search in EVAL_SCALE units within (alpha, beta), `depth` plies deep; positions
 * whose remaining empties fit in the depth are solved exactly. Meaningless when the thread was
 * aborted. */
int midgame_search (SearchThread *thread, const Board *board, int alpha, int beta, int depth,
                    bool passed);

struct ProbCut;
/* Multi-ProbCut: whether a shallow search predicts the deep one of the regression `cut` beyond
 * the window (alpha, beta) by `percent` hundredths of sigma. The window is in units of `scale`
 * EVAL_SCALE units (1 in the midgame, EVAL_SCALE for the solver's discs). True when that decides
 * the position: *score is then beta (predicted at least beta), alpha (at most alpha), or 0 when
 * the thread was aborted. */
bool midgame_probcut (SearchThread *thread, const Board *board, const struct ProbCut *cut,
                      int percent, int alpha, int beta, int scale, bool passed, int *score);
