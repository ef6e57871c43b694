/* probcut.c: the Multi-ProbCut table and the arithmetic of its bounds. */
#include "probcut.h"

#include <assert.h>
#include <stddef.h>

#include "eval.h"

/* PROBCUT_BUCKET_EMPTIES, PROBCUT_BUCKETS, PROBCUT_TABLE_DEPTHS and probcut_table. */
#include "probcut-table.h"

int probcut_shallow_depth (int depth)
{
  int shallow = depth / 2;
  if ((depth - shallow) & 1)
    shallow--;
  return shallow < 0 ? 0 : shallow;
}

const ProbCut *probcut_get (int empties, int depth)
{
  if (depth < PROBCUT_MIN_DEPTH)
    return NULL;
  int bucket = empties / PROBCUT_BUCKET_EMPTIES;
  if (bucket >= PROBCUT_BUCKETS)
    bucket = PROBCUT_BUCKETS - 1;
  if (depth >= PROBCUT_TABLE_DEPTHS)
    depth = PROBCUT_TABLE_DEPTHS - 1;
  const ProbCut *cut = &probcut_table[bucket][depth];
  return cut->sigma > 0 ? cut : NULL;
}

static int floor_div (int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

void probcut_bounds (const ProbCut *cut, int alpha, int beta, int t_percent, int *low, int *high)
{
  assert (cut && cut->a_milli > 0 && low && high);
  int margin = cut->sigma * t_percent / 100;
  /* shallow >= (beta + margin - b) / a, rounded up; shallow <= (alpha - margin - b) / a, down. */
  *high = -floor_div (-(beta + margin - cut->b) * 1000, cut->a_milli);
  *low = floor_div ((alpha - margin - cut->b) * 1000, cut->a_milli);
}
