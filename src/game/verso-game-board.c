/* verso-game-board.c: the position as OBF text: a board string (64 squares and the side to move),
 * an OBF line (the same, then ';' and the scores of moves) or an OBF file of several such lines
 * with '%' comments (tests/data/fforum-20-39.obf), read by the engine's one OBF file reader
 * (notation.h) and written as a board string; messages say what is wrong by line and column.
 * The positions of a file and the scores it lists stay with the game read from it. */
#include "verso-game-text.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* What a game keeps of the OBF file it was read from: the file's positions (NotationObfEntry)
 * and which of them is the game's start. Kept as the game's data so that it goes with the game. */
typedef struct {
  GArray *positions;
  guint index;
  char *name;  /* a chosen position's: its file and number ("fforum-20-39.obf · #20"), or NULL */
} FilePositions;

static GQuark file_positions_quark (void)
{
  return g_quark_from_static_string ("verso-game-obf-file-positions");
}

static void file_positions_free (FilePositions *kept)
{
  g_array_unref (kept->positions);
  g_free (kept->name);
  g_free (kept);
}

static const FilePositions *file_positions (VersoGame *game)
{
  return g_object_get_qdata (G_OBJECT (game), file_positions_quark ());
}

static void keep_file_positions (VersoGame *game, GArray *positions, guint index)
{
  FilePositions *kept = g_new0 (FilePositions, 1);

  kept->positions = g_array_ref (positions);
  kept->index = index;
  g_object_set_qdata_full (G_OBJECT (game), file_positions_quark (), kept,
                           (GDestroyNotify) file_positions_free);
}

/* Reading. */

VersoRecord *verso_board_read (const char *text, gsize length, VersoTextExtras *extras,
                               NotationStatus *status)
{
  NotationObfFile file;
  VersoRecord *record;

  *status = notation_parse_obf_file (text, length, &file, NULL, NULL);
  if (status->error)
    return NULL;
  record = verso_record_new (&file.entries[0].obf.position);
  g_clear_pointer (&extras->obf_positions, g_array_unref);
  extras->obf_positions = g_array_sized_new (FALSE, FALSE, sizeof (NotationObfEntry), (guint) file.n_entries);
  g_array_append_vals (extras->obf_positions, file.entries, (guint) file.n_entries);
  notation_obf_file_clear (&file);
  return record;
}

void verso_board_keep_positions (VersoGame *game, const VersoTextExtras *extras)
{
  if (extras->obf_positions)
    keep_file_positions (game, extras->obf_positions, 0);
}

void verso_board_forget_positions (VersoTextExtras *extras)
{
  g_clear_pointer (&extras->obf_positions, g_array_unref);
}

/* Whether text (from its first character that is not white space) looks like a board string
 * or an OBF file rather than a transcript: it starts with a comment or a square of a board, and
 * a 'b' (black, or column b) is not followed by a row digit. */
gboolean verso_board_looks_like (const char *text, gsize length)
{
  char first = length > 0 ? g_ascii_tolower (text[0]) : '\0';

  if (first == '\0')
    return FALSE;
  if (first == 'b')
    return length > 1 && text[1] != '\0' && strchr ("xo*-.bw", g_ascii_tolower (text[1])) != NULL;
  return strchr ("xo*-.w%#", first) != NULL;
}

/* Messages. */

/* Whether the line of offset has a ';' before it: past it, the side to move is behind. */
static gboolean after_semicolon (const char *text, gsize offset)
{
  gsize begin = offset;

  while (begin > 0 && text[begin - 1] != '\n')
    begin--;
  return memchr (text + begin, ';', offset - begin) != NULL;
}

/* What is wrong at the place of status, said for a board; the OBF moves' errors (a square, its
 * legality, ':' and the score) in the engine's words. */
static const char *board_problem (const char *text, NotationStatus status)
{
  switch (status.error) {
  case NOTATION_ERROR_BAD_SQUARE:
    return _("expected X, O or -");
  case NOTATION_ERROR_SHORT_BOARD:
    return _("the board has fewer than 64 squares");
  case NOTATION_ERROR_MISSING_SIDE:
    return _("expected the side to move, X or O, after the 64 squares");
  case NOTATION_ERROR_BAD_SIDE:
    return _("expected the side to move, X or O");
  case NOTATION_ERROR_TRAILING:
    if (!after_semicolon (text, status.offset))
      return _("unexpected text after the side to move");
    break;
  case NOTATION_ERROR_TOO_MANY_MOVES:
    /* Translators: an OBF file of more positions than memory holds */
    return _("too many positions");
  default:
    break;
  }
  return _(notation_error_message (status.error));
}

char *verso_board_message (const char *text, gsize length, NotationStatus status)
{
  guint line, column;

  if (status.error == NOTATION_ERROR_EMPTY)
    return g_strdup (_("there is no game in this text"));
  verso_text_line_and_column (text, length, status.offset, &line, &column);
  /* TRANSLATORS: a place in a text, then what is wrong there. */
  return g_strdup_printf (_("line %u, column %u: %s"), line, column, board_problem (text, status));
}

/* Writing. */

char *verso_board_write (const Position *position)
{
  char board[NOTATION_BOARD_SIZE];

  notation_format_board (position, board);
  return g_strdup (board);
}

/* The positions of an OBF file and their listed scores. */

guint verso_game_get_n_file_positions (VersoGame *game)
{
  const FilePositions *kept;

  g_return_val_if_fail (VERSO_IS_GAME (game), 0);

  kept = file_positions (game);
  return kept ? kept->positions->len : 0;
}

const NotationObfEntry *verso_game_get_file_position (VersoGame *game, guint index)
{
  const FilePositions *kept;

  g_return_val_if_fail (VERSO_IS_GAME (game), NULL);
  kept = file_positions (game);
  g_return_val_if_fail (kept && index < kept->positions->len, NULL);

  return &g_array_index (kept->positions, NotationObfEntry, index);
}

VersoGame *verso_game_new_from_file_position (VersoGame *game, guint index)
{
  const NotationObfEntry *entry = verso_game_get_file_position (game, index);
  g_autoptr (GArray) own = NULL;
  VersoGame *chosen;

  g_return_val_if_fail (entry != NULL, NULL);

  chosen = verso_game_new_with_record (game->players[VERSO_COLOR_BLACK],
                                       game->players[VERSO_COLOR_WHITE],
                                       game->levels[VERSO_COLOR_BLACK],
                                       verso_record_new (&entry->obf.position), FALSE);
  memcpy (chosen->levels, game->levels, sizeof chosen->levels);
  chosen->rules = game->rules;
  /* The chosen position alone: its game is not a file of several any more. */
  own = g_array_sized_new (FALSE, FALSE, sizeof (NotationObfEntry), 1);
  g_array_append_vals (own, entry, 1);
  keep_file_positions (chosen, own, 0);
  if (game->file) {
    g_autofree char *base = g_file_get_basename (game->file);
    g_autofree char *file_name = base ? g_filename_display_name (base) : NULL;
    g_autofree char *number = verso_game_describe_file_position (game, index);
    FilePositions *kept = g_object_get_qdata (G_OBJECT (chosen), file_positions_quark ());

    /* Translators: the title of a position chosen from an OBF file of several: the file and the
     * position's number, e.g. "fforum-20-39.obf · #20" */
    kept->name = g_strdup_printf (_("%s · %s"), file_name ? file_name : "?", number);
  }
  return chosen;
}

/* The first number of a file named for the numbers of its positions, as the FFO files are
 * ("fforum-20-39.obf" holds #20 to #39): 20 when the range counts n positions, else 0. */
static guint numbered_from (GFile *file, guint n)
{
  g_autofree char *base = file ? g_file_get_basename (file) : NULL;
  g_autoptr (GRegex) range = g_regex_new ("(\\d+)-(\\d+)\\.[^.]*$", 0, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  guint64 first, last;

  if (!base || !g_regex_match (range, base, 0, &match))
    return 0;
  {
    g_autofree char *from = g_match_info_fetch (match, 1);
    g_autofree char *to = g_match_info_fetch (match, 2);

    first = g_ascii_strtoull (from, NULL, 10);
    last = g_ascii_strtoull (to, NULL, 10);
  }
  return first > 0 && last >= first && last - first + 1 == n && last < G_MAXUINT ? (guint) first : 0;
}

char *verso_game_describe_file_position (VersoGame *game, guint index)
{
  guint n, first;

  g_return_val_if_fail (VERSO_IS_GAME (game), NULL);
  n = verso_game_get_n_file_positions (game);
  g_return_val_if_fail (index < n, NULL);

  first = numbered_from (game->file, n);
  if (first > 0)
    /* Translators: a position of an OBF file that numbers its positions (fforum-20-39.obf: #20 to
     * #39), e.g. "#20" */
    return g_strdup_printf (_("#%u"), first + index);
  /* Translators: a position of an OBF file, counted from 1, e.g. "Position 3" */
  return g_strdup_printf (_("Position %u"), index + 1);
}

const char *verso_game_get_file_position_name (VersoGame *game)
{
  const FilePositions *kept;

  g_return_val_if_fail (VERSO_IS_GAME (game), NULL);
  kept = file_positions (game);
  return kept ? kept->name : NULL;
}

char *verso_board_listed_line (VersoGame *game)
{
  const FilePositions *kept = file_positions (game);
  const NotationObfEntry *entry;
  char *line;
  gsize size;

  if (!kept)
    return NULL;
  entry = &g_array_index (kept->positions, NotationObfEntry, kept->index);
  if (entry->obf.n_moves == 0)
    return NULL;
  size = notation_format_obf (&entry->obf, NULL, 0) + 1;
  line = g_malloc (size);
  notation_format_obf (&entry->obf, line, size);
  return line;
}

gboolean verso_board_keep_listed_line (VersoGame *game, const char *line)
{
  NotationObfEntry entry = { .line = 1 };
  g_autoptr (GArray) own = NULL;

  if (notation_parse_obf (line, strlen (line), &entry.obf).error || entry.obf.n_moves == 0)
    return FALSE;
  own = g_array_sized_new (FALSE, FALSE, sizeof (NotationObfEntry), 1);
  g_array_append_vals (own, &entry, 1);
  keep_file_positions (game, own, 0);
  return TRUE;
}

static gboolean same_position (const Position *a, const Position *b)
{
  return a->side_to_move == b->side_to_move && a->board.player == b->board.player
      && a->board.opponent == b->board.opponent;
}

const NotationScoredMove *verso_game_get_listed_scores (VersoGame *game, gsize *n_moves)
{
  const FilePositions *kept;
  const NotationObfEntry *entry;

  g_return_val_if_fail (VERSO_IS_GAME (game), NULL);
  g_return_val_if_fail (n_moves != NULL, NULL);

  *n_moves = 0;
  kept = file_positions (game);
  if (!kept)
    return NULL;
  entry = &g_array_index (kept->positions, NotationObfEntry, kept->index);
  if (entry->obf.n_moves == 0 || !same_position (&entry->obf.position, verso_game_shown_position (game)))
    return NULL;
  *n_moves = entry->obf.n_moves;
  return entry->obf.moves;
}
