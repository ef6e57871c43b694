/* notation.c: the error messages of every format, and squares, transcripts and board strings,
 * read and written; OBF lines are obf.c's, GGF game records ggf.c's. */
#include "notation.h"

#include <assert.h>

#include "notation_internal.h"

/* Marks the messages for translation: the engine translates nothing (it knows libc only); the
 * game looks the English text up with gettext, so po/ extracts them from here. */
#define N_(text) text

static const char *const error_messages[NOTATION_ERROR_COUNT] = {
  [NOTATION_OK] = N_("no error"),
  [NOTATION_ERROR_EMPTY] = N_("nothing to read"),
  [NOTATION_ERROR_BAD_COLUMN] = N_("expected a square (column letter a-h) or PA"),
  [NOTATION_ERROR_BAD_ROW] = N_("expected a row digit 1-8"),
  [NOTATION_ERROR_ILLEGAL_MOVE] = N_("not a legal move in this position"),
  [NOTATION_ERROR_ILLEGAL_PASS] = N_("a pass is not allowed here (the side to move has a move or the game is over)"),
  [NOTATION_ERROR_GAME_OVER] = N_("a move after the end of the game"),
  [NOTATION_ERROR_TOO_MANY_MOVES] = N_("too many moves"),
  [NOTATION_ERROR_BAD_SQUARE] = N_("a board square must be X, *, B (black), O, W (white), - or . (empty)"),
  [NOTATION_ERROR_SHORT_BOARD] = N_("a board needs 64 squares"),
  [NOTATION_ERROR_MISSING_SIDE] = N_("expected the side to move (X or O) after the 64 squares"),
  [NOTATION_ERROR_BAD_SIDE] = N_("the side to move must be X, *, B (black) or O, W (white)"),
  [NOTATION_ERROR_TRAILING] = N_("unexpected text after the end"),
  [NOTATION_ERROR_MISSING_COLON] = N_("expected ':' and a score after the move"),
  [NOTATION_ERROR_BAD_SCORE] = N_("expected a score in discs, -64..64"),
  [NOTATION_ERROR_DUPLICATE_MOVE] = N_("the same move is listed twice"),
  [NOTATION_ERROR_NOT_GGF] = N_("a GGF game record starts with \"(;\""),
  [NOTATION_ERROR_UNCLOSED] = N_("not closed: a value needs its ']' and a record its \";)\""),
  [NOTATION_ERROR_NOT_OTHELLO] = N_("not an 8x8 Othello game (GM[Othello], BO[8 ...])"),
  [NOTATION_ERROR_NO_BOARD] = N_("the record has no board (BO) before its moves"),
  [NOTATION_ERROR_OUT_OF_TURN] = N_("a move by the colour that is not to move"),
  [NOTATION_ERROR_BAD_PROPERTY] = N_("expected a property such as B[f5], or \";)\" at the end"),
  [NOTATION_ERROR_LATE_BOARD] = N_("the board (BO) must come before the first move"),
  [NOTATION_ERROR_BAD_TYPE] = N_("the game type (TY) must be 8, with GGS's letters s, k, r or a if any (e.g. s8r20, 8a)"),
  [NOTATION_ERROR_BOARD_SIZE] = N_("the game type (TY) is for another board size: only 8x8 games can be read"),
  [NOTATION_ERROR_BAD_GIVEN] = N_("BS (the moves of a balanced start) must be a number from 0 to the number of moves"),
};

const char *notation_error_message (NotationError error)
{
  if ((int) error < 0 || error >= NOTATION_ERROR_COUNT)
    return "unknown error";
  return error_messages[error];
}

NotationStatus notation_read_square (const char *text, size_t length, size_t *i, int *move)
{
  size_t at = *i;
  if (at >= length)
    return notation_status_error (NOTATION_ERROR_BAD_COLUMN, at);
  char column = notation_lower (text[at]);
  if (column == 'p' && at + 1 < length && notation_lower (text[at + 1]) == 'a') {
    *move = BOARD_PASS;
    *i = at + 2;
    return notation_status_ok ();
  }
  if (column < 'a' || column > 'h')
    return notation_status_error (NOTATION_ERROR_BAD_COLUMN, at);
  if (at + 1 >= length || text[at + 1] < '1' || text[at + 1] > '8')
    return notation_status_error (NOTATION_ERROR_BAD_ROW, at + 1);
  *move = board_square (column - 'a', text[at + 1] - '1');
  *i = at + 2;
  return notation_status_ok ();
}
NotationStatus notation_parse_square (const char *text, size_t length, int *move)
{
  assert (text || length == 0);
  assert (move);
  if (length == 0)
    return notation_status_error (NOTATION_ERROR_EMPTY, 0);
  size_t i = 0;
  int square;
  NotationStatus status = notation_read_square (text, length, &i, &square);
  if (status.error)
    return status;
  if (i != length)
    return notation_status_error (NOTATION_ERROR_TRAILING, i);
  *move = square;
  return notation_status_ok ();
}

size_t notation_format_square (int move, char out[3])
{
  assert (out);
  assert (move >= 0 && move <= BOARD_PASS);
  if (move == BOARD_PASS) {
    out[0] = 'P';
    out[1] = 'A';
  } else {
    out[0] = (char) ('a' + board_column (move));
    out[1] = (char) ('1' + board_row (move));
  }
  out[2] = '\0';
  return 2;
}

/* Skips what may stand between a transcript's squares: white space, '-', ',', ';' and move
 * numbers (digits followed by '.' or ')' characters, as in "1. f5" "1) f5" "12... e3"). Digits
 * without them are left for the square reader to refuse. */
static size_t skip_separators (const char *text, size_t length, size_t i)
{
  for (;;) {
    while (i < length
           && (notation_is_space (text[i]) || text[i] == '-' || text[i] == ',' || text[i] == ';'))
      i++;
    size_t digits = i;
    while (digits < length && text[digits] >= '0' && text[digits] <= '9')
      digits++;
    if (digits == i || digits >= length || (text[digits] != '.' && text[digits] != ')'))
      return i;
    i = digits;
    while (i < length && (text[i] == '.' || text[i] == ')'))
      i++;
  }
}

NotationStatus notation_parse_transcript (const char *text, size_t length, Position *position,
                                          int *moves, size_t capacity, size_t *n_moves)
{
  assert (text || length == 0);
  assert (position && n_moves);
  assert (moves || capacity == 0);
  size_t count = 0;
  size_t i = skip_separators (text, length, 0);
  NotationStatus status = notation_status_ok ();
  while (i < length) {
    size_t at = i;
    int move;
    status = notation_read_square (text, length, &i, &move);
    if (status.error)
      break;
    Position next = *position;
    size_t needed = 1;
    if (move != BOARD_PASS && position_must_pass (&next)) {
      /* An unwritten pass: the side to move had no move, so the other side plays this one. */
      position_play (&next, BOARD_PASS);
      needed = 2;
    }
    if (!position_play (&next, move)) {
      if (move == BOARD_PASS)
        status = notation_status_error (NOTATION_ERROR_ILLEGAL_PASS, at);
      else if (board_is_game_over (&next.board))
        status = notation_status_error (NOTATION_ERROR_GAME_OVER, at);
      else
        status = notation_status_error (NOTATION_ERROR_ILLEGAL_MOVE, at);
      break;
    }
    if (capacity - count < needed) {
      status = notation_status_error (NOTATION_ERROR_TOO_MANY_MOVES, at);
      break;
    }
    if (needed == 2)
      moves[count++] = BOARD_PASS;
    moves[count++] = move;
    *position = next;
    i = skip_separators (text, length, i);
  }
  *n_moves = count;
  return status;
}

size_t notation_format_transcript (const int *moves, size_t n_moves, bool with_passes,
                                   char *out, size_t size)
{
  assert (moves || n_moves == 0);
  assert (out || size == 0);
  size_t written = 0;
  for (size_t k = 0; k < n_moves; k++) {
    if (moves[k] == BOARD_PASS && !with_passes)
      continue;
    char name[3];
    notation_format_square (moves[k], name);
    for (int c = 0; c < 2; c++, written++)
      if (written + 1 < size)
        out[written] = name[c];
  }
  if (size > 0)
    out[written < size ? written : size - 1] = '\0';
  return written;
}

NotationStatus notation_read_board (const char *text, size_t length, size_t *i, bool spaced,
                                    Position *position)
{
  size_t at = notation_skip_space (text, length, *i);
  if (at >= length)
    return notation_status_error (NOTATION_ERROR_EMPTY, at);
  uint64_t black = 0, white = 0;
  for (int square = 0; square < BOARD_SQUARES; square++, at++) {
    if (spaced)
      at = notation_skip_space (text, length, at);
    if (at >= length || notation_is_space (text[at]))
      return notation_status_error (NOTATION_ERROR_SHORT_BOARD, at);
    switch (notation_lower (text[at])) {
    case 'x': case '*': case 'b':
      black |= board_bit (square);
      break;
    case 'o': case 'w':
      white |= board_bit (square);
      break;
    case '-': case '.':
      break;
    default:
      return notation_status_error (NOTATION_ERROR_BAD_SQUARE, at);
    }
  }
  at = notation_skip_space (text, length, at);
  if (at >= length)
    return notation_status_error (NOTATION_ERROR_MISSING_SIDE, at);
  int side;
  switch (notation_lower (text[at])) {
  case 'x': case '*': case 'b':
    side = POSITION_BLACK;
    break;
  case 'o': case 'w':
    side = POSITION_WHITE;
    break;
  default:
    return notation_status_error (NOTATION_ERROR_BAD_SIDE, at);
  }
  *position = position_from_discs (black, white, side);
  *i = at + 1;
  return notation_status_ok ();
}
NotationStatus notation_parse_board (const char *text, size_t length, Position *position)
{
  assert (text || length == 0);
  assert (position);
  size_t i = 0;
  Position parsed;
  NotationStatus status = notation_read_board (text, length, &i, false, &parsed);
  if (status.error)
    return status;
  i = notation_skip_space (text, length, i);
  if (i < length)
    return notation_status_error (NOTATION_ERROR_TRAILING, i);
  *position = parsed;
  return notation_status_ok ();
}

void notation_format_board (const Position *position, char out[NOTATION_BOARD_SIZE])
{
  assert (position && out);
  uint64_t black = position_black (position), white = position_white (position);
  for (int square = 0; square < BOARD_SQUARES; square++)
    out[square] = (black & board_bit (square)) ? 'X' : (white & board_bit (square)) ? 'O' : '-';
  out[64] = ' ';
  out[65] = position->side_to_move == POSITION_BLACK ? 'X' : 'O';
  out[66] = '\0';
}
