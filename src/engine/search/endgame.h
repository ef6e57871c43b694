/* endgame.h: the exact solver: final disc difference for the side to move. */
#pragma once

#include "search_internal.h"

/* Fail-soft alpha-beta solve in discs within (alpha, beta). The result is meaningless when the
 * thread was aborted (check search_thread_aborted). Exact unless thread->endgame_probcut_percent
 * is set: then ProbCut may cut positions far from the end, its results are stored as
 * HASH_DEPTH_SELECTIVE, and an exact solve takes only their moves, as the first to try. */
static inline int endgame_solve (SearchThread *thread, const Board *board, int alpha, int beta)
{
  return thread->endgame (thread, board, alpha, beta);
}

/* The solver compiled for any CPU, and (ENDGAME_HAVE_X86_64_V3) for x86-64-v3 (AVX2, BMI1,
 * BMI2, POPCNT), which search_run chooses when the CPU has them. */
int endgame_solve_portable (SearchThread *thread, const Board *board, int alpha, int beta);
#ifdef ENDGAME_HAVE_X86_64_V3
int endgame_solve_x86_64_v3 (SearchThread *thread, const Board *board, int alpha, int beta);
#endif
/* And (ENDGAME_HAVE_AVX512) for x86-64-v3 with AVX-512 F, VL and CD. */
#ifdef ENDGAME_HAVE_AVX512
int endgame_solve_avx512 (SearchThread *thread, const Board *board, int alpha, int beta);
#endif
/* The solver of Reverse (rules.h): its own code, so that the standard kernels above keep no
 * branch on the rules. Scores are the Reverse game's final disc difference. */
int endgame_solve_reverse (SearchThread *thread, const Board *board, int alpha, int beta);
