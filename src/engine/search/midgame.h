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
 * the window (alpha, beta) (EVAL_SCALE units) by `percent` hundredths of sigma:
 * 1 at least beta, -1 at most alpha, 0 neither or aborted. */
int midgame_probcut (SearchThread *thread, const Board *board, const struct ProbCut *cut,
                     int percent, int alpha, int beta, bool passed);
