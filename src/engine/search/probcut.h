/* probcut.h: Multi-ProbCut, the midgame's selective search. A shallow search predicts the score
 * of a deep one (deep = a * shallow + b, with residuals of standard deviation sigma, regressed
 * on tournament positions per game phase and depth: data/probcut-table.h, made by
 * tools/calibrate-probcut); when the prediction is beyond the window by `t` sigmas, the deep
 * search is skipped. */
#pragma once

#include <stdbool.h>

/* Depths searched selectively: from the minimum up (deeper ones use the deepest row). */
#define PROBCUT_MIN_DEPTH 3

typedef struct ProbCut {
  int shallow;  /* depth of the check search */
  int a_milli;  /* slope times 1000 */
  int b;        /* intercept, EVAL_SCALE units */
  int sigma;    /* residuals' standard deviation, EVAL_SCALE units */
} ProbCut;

/* The regression for a search of `depth` plies with `empties` empty squares; NULL when no
 * selective cut applies (too shallow). */
const ProbCut *probcut_get (int empties, int depth);

/* The check depth for a search of `depth` plies: about half, with the same parity (scores of
 * odd and even depths differ systematically). */
int probcut_shallow_depth (int depth);

/* The bounds on the shallow score that predict a deep score at least `beta` (*high) or at most
 * `alpha` (*low), `t_percent` hundredths of sigma beyond them. */
void probcut_bounds (const ProbCut *cut, int alpha, int beta, int t_percent, int *low, int *high);
