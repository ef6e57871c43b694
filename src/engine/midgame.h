/* midgame.h: depth-limited principal variation search with the evaluation at the leaves. */
#pragma once

#include "move.h"
#include "search_internal.h"

/* Fail-soft search in EVAL_SCALE units within (alpha, beta), `depth` plies deep; positions
 * whose remaining empties fit in the depth are solved exactly. Meaningless when the thread was
 * aborted. */
int midgame_search (SearchThread *thread, const Board *board, int alpha, int beta, int depth,
                    bool passed);
