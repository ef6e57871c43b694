/* endgame.h: the exact solver: final disc difference for the side to move. */
#pragma once

#include "search_internal.h"

/* Fail-soft alpha-beta solve in discs within (alpha, beta). The result is meaningless when the
 * thread was aborted (check search_thread_aborted). */
int endgame_solve (SearchThread *thread, const Board *board, int alpha, int beta);
