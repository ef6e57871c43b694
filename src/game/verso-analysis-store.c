/* verso-analysis-store.c: the game's analyses by position (verso-analysis-store.h): a hash table
 * from Board to Analysis, merged move by move under the replace rule. */
#include "verso-analysis-store.h"

#include <string.h>

struct _VersoAnalysisStore {
  GHashTable *analyses; /* Board * -> Analysis *, both owned */
};

static guint board_key_hash (gconstpointer key)
{
  uint64_t hash = board_hash (key);

  return (guint) (hash ^ hash >> 32);
}

static gboolean board_key_equal (gconstpointer a, gconstpointer b)
{
  return board_equal (a, b);
}

VersoAnalysisStore *verso_analysis_store_new (void)
{
  VersoAnalysisStore *store = g_new0 (VersoAnalysisStore, 1);

  store->analyses = g_hash_table_new_full (board_key_hash, board_key_equal, g_free, g_free);
  return store;
}

void verso_analysis_store_free (VersoAnalysisStore *store)
{
  if (!store)
    return;
  g_hash_table_unref (store->analyses);
  g_free (store);
}

gboolean verso_analysis_move_improves (const AnalysisMove *known, const AnalysisMove *candidate)
{
  g_return_val_if_fail (known && candidate, FALSE);
  if (candidate->depth == 0)
    return FALSE;
  if (known->depth == 0)
    return TRUE;
  if (candidate->exact != known->exact)
    return candidate->exact;
  return !candidate->exact && candidate->depth > known->depth;
}

/* Scored moves first, best first; a stable insertion sort keeps equal ones in their order. */
static gboolean goes_before (const AnalysisMove *a, const AnalysisMove *b)
{
  if ((a->depth > 0) != (b->depth > 0))
    return a->depth > 0;
  return a->depth > 0 && a->score > b->score;
}

/* After a change of its moves: their order, and the depth and exactness they share. */
static void summarize (Analysis *analysis)
{
  gboolean exact = TRUE;
  int depth = analysis->count ? SEARCH_MAX_PLY : 0;

  for (int i = 1; i < analysis->count; i++) {
    AnalysisMove entry = analysis->moves[i];
    int j = i;
    for (; j > 0 && goes_before (&entry, &analysis->moves[j - 1]); j--)
      analysis->moves[j] = analysis->moves[j - 1];
    analysis->moves[j] = entry;
  }
  for (int i = 0; i < analysis->count; i++) {
    exact = exact && analysis->moves[i].exact;
    depth = MIN (depth, analysis->moves[i].depth);
  }
  analysis->exact = exact;
  analysis->depth = depth;
}

static gboolean any_scored (const Analysis *analysis)
{
  for (int i = 0; i < analysis->count; i++)
    if (analysis->moves[i].depth > 0)
      return TRUE;
  return FALSE;
}

/* The first analysis of a position: taken whole (a game's end, with no move, included). */
static gboolean store_new_analysis (VersoAnalysisStore *store, const Board *board, const Analysis *analysis)
{
  Analysis *copy;

  if (analysis->count > 0 && !any_scored (analysis))
    return FALSE;
  copy = g_memdup2 (analysis, sizeof *analysis);
  summarize (copy);
  g_hash_table_insert (store->analyses, g_memdup2 (board, sizeof *board), copy);
  return TRUE;
}

gboolean verso_analysis_store_merge (VersoAnalysisStore *store, const Board *board,
                                     const Analysis *analysis)
{
  Analysis *stored;
  gboolean changed = FALSE;

  g_return_val_if_fail (store && board && analysis, FALSE);
  g_return_val_if_fail (analysis->count >= 0 && analysis->count <= ANALYSIS_MAX_MOVES, FALSE);
  stored = g_hash_table_lookup (store->analyses, board);
  if (!stored)
    return store_new_analysis (store, board, analysis);
  for (int i = 0; i < analysis->count; i++) {
    const AnalysisMove *candidate = &analysis->moves[i];
    /* One position has the same legal moves in every analysis of it. */
    AnalysisMove *known = (AnalysisMove *) analysis_find (stored, candidate->move);

    if (!known) {
      g_warn_if_reached ();
      continue;
    }
    if (verso_analysis_move_improves (known, candidate)) {
      *known = *candidate;
      changed = TRUE;
    }
  }
  stored->nodes += analysis->nodes;
  stored->seconds += analysis->seconds;
  if (changed) {
    stored->stopped = analysis->stopped;
    summarize (stored);
  }
  return changed;
}

const Analysis *verso_analysis_store_lookup (const VersoAnalysisStore *store, const Board *board)
{
  g_return_val_if_fail (store && board, NULL);
  return g_hash_table_lookup (store->analyses, board);
}

guint verso_analysis_store_size (const VersoAnalysisStore *store)
{
  g_return_val_if_fail (store, 0);
  return g_hash_table_size (store->analyses);
}

const AnalysisMove *verso_analysis_best_move (const Analysis *analysis)
{
  const AnalysisMove *best = NULL;

  g_return_val_if_fail (analysis, NULL);
  for (int i = 0; i < analysis->count; i++) {
    const AnalysisMove *move = &analysis->moves[i];
    if (move->depth > 0 && (!best || move->score > best->score))
      best = move;
  }
  return best;
}
