/* verso-game-board.c: the position as one line of text: a board string (64 squares and the side
 * to move) or an OBF line (the same, then ';' and the scores of moves, e.g. the positions of
 * tests/data/fforum-20-39.obf), read by the engine's one OBF reader (notation.h) and written as
 * a board string; messages say what is wrong by line and column. */
#include "verso-game-text.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* The scores of an OBF line's moves are for a solver: the game keeps the position only. */
VersoRecord *verso_board_read (const char *text, gsize length, NotationStatus *status)
{
  NotationObf obf;

  *status = notation_parse_obf (text, length, &obf);
  return status->error ? NULL : verso_record_new (&obf.position);
}

/* Whether text (from its first character that is not white space) looks like a board string
 * rather than a transcript: it starts with a square of a board, and a 'b' (black, or column b)
 * is not followed by a row digit. */
gboolean verso_board_looks_like (const char *text, gsize length)
{
  char first = length > 0 ? g_ascii_tolower (text[0]) : '\0';

  if (first == '\0')
    return FALSE;
  if (first == 'b')
    return length > 1 && text[1] != '\0' && strchr ("xo*-.bw", g_ascii_tolower (text[1])) != NULL;
  return strchr ("xo*-.w", first) != NULL;
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
    /* Past an OBF line's first ';' the side to move is behind. */
    if (!memchr (text, ';', status.offset))
      return _("unexpected text after the side to move");
    break;
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

char *verso_board_write (const Position *position)
{
  char board[NOTATION_BOARD_SIZE];

  notation_format_board (position, board);
  return g_strdup (board);
}
