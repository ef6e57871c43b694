/* verso-analysis-store.c: the game's analyses by position (verso-analysis-store.h): a hash table
 * from Board to Analysis, merged move by move under the replace rule, and one position's analysis
 * as a line of text for the saved session. */
#include "verso-analysis-store.h"

#include <gio/gio.h>
#include <string.h>

#include "notation.h"

/* The field before a move's line in a line of text (verso_analysis_store_write). */
#define LINE_FIELD "line="
#define ENTRY_FORM "MOVE:SCORE:DEPTH with an optional :exact and :" LINE_FIELD "MOVES"

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

/* ":line=" and the moves of move's line after move itself, passes as PA; nothing without them. */
static void append_line (GString *text, const AnalysisMove *move)
{
  char transcript[2 * SEARCH_MAX_PLY + 1];

  if (move->pv_length < 2)
    return;
  notation_format_transcript (move->pv + 1, (size_t) move->pv_length - 1, true, transcript,
                              sizeof transcript);
  g_string_append_printf (text, ":" LINE_FIELD "%s", transcript);
}

char *verso_analysis_store_write (const VersoAnalysisStore *store, const Position *position)
{
  const Analysis *analysis;
  char board[NOTATION_BOARD_SIZE];
  GString *line;

  g_return_val_if_fail (store && position, NULL);
  analysis = verso_analysis_store_lookup (store, &position->board);
  if (!analysis || !any_scored (analysis))
    return NULL;
  notation_format_board (position, board);
  line = g_string_new (board);
  for (int i = 0; i < analysis->count; i++) {
    const AnalysisMove *move = &analysis->moves[i];
    char square[3];

    if (move->depth == 0)
      continue;
    notation_format_square (move->move, square);
    g_string_append_printf (line, ";%s:%d:%d%s", square, move->score, move->depth,
                            move->exact ? ":exact" : "");
    append_line (line, move);
  }
  return g_string_free (line, FALSE);
}

static gboolean G_GNUC_PRINTF (2, 3) bad_line (GError **error, const char *format, ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, message);
  g_free (message);
  return FALSE;
}

/* The board of a line, the text before its first ';'. */
static gboolean read_board (const char *text, size_t length, Position *position, GError **error)
{
  NotationStatus status = notation_parse_board (text, length, position);

  if (status.error)
    return bad_line (error, "the board: %s at character %zu", notation_error_message (status.error),
                     status.offset + 1);
  return TRUE;
}

/* Every legal move of board without a score, as analysis_run starts: a pass alone when the side
 * to move must pass. FALSE at the game's end, which has no move to score. */
static gboolean unscored_moves (const Board *board, Analysis *analysis)
{
  Board passed = { board->opponent, board->player };

  memset (analysis, 0, sizeof *analysis);
  for (uint64_t legal = board_legal_moves (board); legal; legal &= legal - 1)
    analysis->moves[analysis->count++].move = __builtin_ctzll (legal);
  if (analysis->count == 0 && board_legal_moves (&passed))
    analysis->moves[analysis->count++].move = BOARD_PASS;
  return analysis->count > 0;
}

/* The line of move (pv[0] already set) from text, the moves after it, played from position. */
static gboolean read_line (const char *text, const Position *position, AnalysisMove *move,
                           GError **error)
{
  Position after = *position;
  size_t count = 0;
  NotationStatus status;

  /* Legal: read_entry checked it. */
  position_play (&after, move->move);
  status = notation_parse_transcript (text, strlen (text), &after, move->pv + 1,
                                      SEARCH_MAX_PLY - 1, &count);
  if (status.error || count == 0)
    return bad_line (error, "the line “%s”: %s at character %zu", text,
                     count == 0 && !status.error ? "no move" : notation_error_message (status.error),
                     status.offset + 1);
  move->pv_length = (int) count + 1;
  return TRUE;
}

/* One entry, "MOVE:SCORE:DEPTH", then optionally ":exact", then optionally ":line=MOVES" (the
 * moves expected after MOVE), of one of the legal moves of position, added to analysis (where it
 * must not be yet). */
static gboolean read_entry (const char *entry, const Position *position, const Analysis *legal,
                            Analysis *analysis, GError **error)
{
  g_auto (GStrv) fields = g_strsplit (entry, ":", 0);
  guint n = g_strv_length (fields);
  int square = BOARD_NO_MOVE;
  gint64 score;
  guint64 depth;
  gboolean exact = n >= 4 && strcmp (fields[3], "exact") == 0;
  const char *line = n >= 4 && g_str_has_prefix (fields[n - 1], LINE_FIELD)
                     ? fields[n - 1] + strlen (LINE_FIELD) : NULL;
  AnalysisMove *move;

  if (n < 3 || n != 3u + (exact ? 1 : 0) + (line ? 1 : 0))
    return bad_line (error, "“%s” is not " ENTRY_FORM, entry);
  if (strlen (fields[0]) != 2 || notation_parse_square (fields[0], 2, &square).error
      || !analysis_find (legal, square))
    return bad_line (error, "“%s” is not a legal move of the board", fields[0]);
  if (analysis_find (analysis, square))
    return bad_line (error, "%s is listed twice", fields[0]);
  /* As written: no '+', which GLib would take. */
  if (fields[1][0] == '+' || !g_ascii_string_to_signed (fields[1], 10, -64, 64, &score, NULL))
    return bad_line (error, "the score “%s” is not a number from -64 to 64", fields[1]);
  if (!g_ascii_string_to_unsigned (fields[2], 10, 1, SEARCH_MAX_PLY, &depth, NULL))
    return bad_line (error, "the depth “%s” is not a number from 1 to %d", fields[2], SEARCH_MAX_PLY);
  move = &analysis->moves[analysis->count];
  *move = (AnalysisMove) {
    .move = square, .score = (int) score, .depth = (int) depth, .exact = exact,
    .pv = { square }, .pv_length = 1,
  };
  if (line && !read_line (line, position, move, error))
    return FALSE;
  analysis->count++;
  return TRUE;
}

/* The moves of legal that analysis lacks, added to it without a score. */
static void add_unscored (const Analysis *legal, Analysis *analysis)
{
  for (int i = 0; i < legal->count; i++)
    if (!analysis_find (analysis, legal->moves[i].move))
      analysis->moves[analysis->count++] = legal->moves[i];
}

gboolean verso_analysis_store_read (VersoAnalysisStore *store, const char *line, GError **error)
{
  g_autofree Analysis *legal = g_new0 (Analysis, 1);
  g_autofree Analysis *analysis = g_new0 (Analysis, 1);
  const char *end = strchr (line, ';');
  g_auto (GStrv) entries = NULL;
  Position position;

  g_return_val_if_fail (store && line, FALSE);
  if (!end || !end[1])
    return bad_line (error, "no move after the board");
  if (!read_board (line, (size_t) (end - line), &position, error))
    return FALSE;
  if (!unscored_moves (&position.board, legal))
    return bad_line (error, "the game is over on the board: it has no move to score");
  entries = g_strsplit (end + 1, ";", 0);
  for (guint i = 0; entries[i]; i++)
    if (!read_entry (entries[i], &position, legal, analysis, error)) {
      g_prefix_error (error, "entry %u: ", i + 1);
      return FALSE;
    }
  /* In the order written, which orders equal scores as the store did. */
  add_unscored (legal, analysis);
  verso_analysis_store_merge (store, &position.board, analysis);
  return TRUE;
}
