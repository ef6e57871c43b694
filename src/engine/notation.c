/* notation.c: squares, transcripts, board strings and OBF lines, read and written. */
#include "notation.h"

#include <assert.h>
#include <string.h>

static const char *const error_messages[NOTATION_ERROR_COUNT] = {
  [NOTATION_OK] = "no error",
  [NOTATION_ERROR_EMPTY] = "nothing to read",
  [NOTATION_ERROR_BAD_COLUMN] = "expected a square (column letter a-h) or PA",
  [NOTATION_ERROR_BAD_ROW] = "expected a row digit 1-8",
  [NOTATION_ERROR_ILLEGAL_MOVE] = "not a legal move in this position",
  [NOTATION_ERROR_ILLEGAL_PASS] = "a pass is not allowed here (the side to move has a move or the game is over)",
  [NOTATION_ERROR_GAME_OVER] = "a move after the end of the game",
  [NOTATION_ERROR_TOO_MANY_MOVES] = "too many moves",
  [NOTATION_ERROR_BAD_SQUARE] = "a board square must be X, *, B (black), O, W (white), - or . (empty)",
  [NOTATION_ERROR_SHORT_BOARD] = "a board needs 64 squares",
  [NOTATION_ERROR_MISSING_SIDE] = "expected the side to move (X or O) after the 64 squares",
  [NOTATION_ERROR_BAD_SIDE] = "the side to move must be X, *, B (black) or O, W (white)",
  [NOTATION_ERROR_TRAILING] = "unexpected text after the end",
  [NOTATION_ERROR_MISSING_COLON] = "expected ':' and a score after the move",
  [NOTATION_ERROR_BAD_SCORE] = "expected a score in discs, -64..64",
  [NOTATION_ERROR_DUPLICATE_MOVE] = "the same move is listed twice",
};

const char *notation_error_message (NotationError error)
{
  if ((int) error < 0 || error >= NOTATION_ERROR_COUNT)
    return "unknown error";
  return error_messages[error];
}

static NotationStatus status_ok (void)
{
  NotationStatus status = { NOTATION_OK, 0 };
  return status;
}

static NotationStatus status_error (NotationError error, size_t offset)
{
  NotationStatus status = { error, offset };
  return status;
}

static bool is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static size_t skip_space (const char *text, size_t length, size_t i)
{
  while (i < length && is_space (text[i]))
    i++;
  return i;
}

static char lower (char c)
{
  return c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c;
}

/* Reads a square name or PA at text[*i]; advances *i past it. */
static NotationStatus read_square (const char *text, size_t length, size_t *i, int *move)
{
  size_t at = *i;
  if (at >= length)
    return status_error (NOTATION_ERROR_BAD_COLUMN, at);
  char column = lower (text[at]);
  if (column == 'p' && at + 1 < length && lower (text[at + 1]) == 'a') {
    *move = BOARD_PASS;
    *i = at + 2;
    return status_ok ();
  }
  if (column < 'a' || column > 'h')
    return status_error (NOTATION_ERROR_BAD_COLUMN, at);
  if (at + 1 >= length || text[at + 1] < '1' || text[at + 1] > '8')
    return status_error (NOTATION_ERROR_BAD_ROW, at + 1);
  *move = board_square (column - 'a', text[at + 1] - '1');
  *i = at + 2;
  return status_ok ();
}

NotationStatus notation_parse_square (const char *text, size_t length, int *move)
{
  assert (text || length == 0);
  assert (move);
  if (length == 0)
    return status_error (NOTATION_ERROR_EMPTY, 0);
  size_t i = 0;
  int square;
  NotationStatus status = read_square (text, length, &i, &square);
  if (status.error)
    return status;
  if (i != length)
    return status_error (NOTATION_ERROR_TRAILING, i);
  *move = square;
  return status_ok ();
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

NotationStatus notation_parse_transcript (const char *text, size_t length, Position *position,
                                          int *moves, size_t capacity, size_t *n_moves)
{
  assert (text || length == 0);
  assert (position && n_moves);
  assert (moves || capacity == 0);
  size_t count = 0;
  size_t i = skip_space (text, length, 0);
  NotationStatus status = status_ok ();
  while (i < length) {
    size_t at = i;
    int move;
    status = read_square (text, length, &i, &move);
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
        status = status_error (NOTATION_ERROR_ILLEGAL_PASS, at);
      else if (board_is_game_over (&next.board))
        status = status_error (NOTATION_ERROR_GAME_OVER, at);
      else
        status = status_error (NOTATION_ERROR_ILLEGAL_MOVE, at);
      break;
    }
    if (capacity - count < needed) {
      status = status_error (NOTATION_ERROR_TOO_MANY_MOVES, at);
      break;
    }
    if (needed == 2)
      moves[count++] = BOARD_PASS;
    moves[count++] = move;
    *position = next;
    i = skip_space (text, length, i);
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

/* Reads a board string's squares and side to move from text[*i]; advances *i past the side. */
static NotationStatus read_board (const char *text, size_t length, size_t *i, Position *position)
{
  size_t at = skip_space (text, length, *i);
  if (at >= length)
    return status_error (NOTATION_ERROR_EMPTY, at);
  uint64_t black = 0, white = 0;
  for (int square = 0; square < BOARD_SQUARES; square++, at++) {
    if (at >= length || is_space (text[at]))
      return status_error (NOTATION_ERROR_SHORT_BOARD, at);
    switch (lower (text[at])) {
    case 'x': case '*': case 'b':
      black |= board_bit (square);
      break;
    case 'o': case 'w':
      white |= board_bit (square);
      break;
    case '-': case '.':
      break;
    default:
      return status_error (NOTATION_ERROR_BAD_SQUARE, at);
    }
  }
  at = skip_space (text, length, at);
  if (at >= length)
    return status_error (NOTATION_ERROR_MISSING_SIDE, at);
  int side;
  switch (lower (text[at])) {
  case 'x': case '*': case 'b':
    side = POSITION_BLACK;
    break;
  case 'o': case 'w':
    side = POSITION_WHITE;
    break;
  default:
    return status_error (NOTATION_ERROR_BAD_SIDE, at);
  }
  *position = position_from_discs (black, white, side);
  *i = at + 1;
  return status_ok ();
}

NotationStatus notation_parse_board (const char *text, size_t length, Position *position)
{
  assert (text || length == 0);
  assert (position);
  size_t i = 0;
  Position parsed;
  NotationStatus status = read_board (text, length, &i, &parsed);
  if (status.error)
    return status;
  i = skip_space (text, length, i);
  if (i < length)
    return status_error (NOTATION_ERROR_TRAILING, i);
  *position = parsed;
  return status_ok ();
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

/* Reads an OBF score: an optional sign and one or two digits, -64..64. */
static NotationStatus read_score (const char *text, size_t length, size_t *i, int *score)
{
  size_t at = *i;
  int sign = 1;
  if (at < length && (text[at] == '+' || text[at] == '-')) {
    sign = text[at] == '-' ? -1 : 1;
    at++;
  }
  size_t first_digit = at;
  int value = 0;
  while (at < length && text[at] >= '0' && text[at] <= '9') {
    value = value * 10 + (text[at] - '0');
    if (value > 64)
      return status_error (NOTATION_ERROR_BAD_SCORE, *i);
    at++;
  }
  if (at == first_digit)
    return status_error (NOTATION_ERROR_BAD_SCORE, *i);
  *score = sign * value;
  *i = at;
  return status_ok ();
}

NotationStatus notation_parse_obf (const char *text, size_t length, NotationObf *obf)
{
  assert (text || length == 0);
  assert (obf);
  NotationObf parsed;
  parsed.n_moves = 0;
  size_t i = 0;
  NotationStatus status = read_board (text, length, &i, &parsed.position);
  if (status.error)
    return status;
  const Board *board = &parsed.position.board;
  uint64_t legal = board_moves (board->player, board->opponent);
  bool must_pass = position_must_pass (&parsed.position);
  bool listed[BOARD_PASS + 1] = { false };
  for (;;) {
    i = skip_space (text, length, i);
    if (i >= length)
      break;
    if (text[i] != ';')
      return status_error (NOTATION_ERROR_TRAILING, i);
    i = skip_space (text, length, i + 1);
    if (i >= length)
      break;
    size_t at = i;
    int move, score;
    status = read_square (text, length, &i, &move);
    if (status.error)
      return status;
    if (move == BOARD_PASS ? !must_pass : !(legal & board_bit (move)))
      return status_error (move == BOARD_PASS ? NOTATION_ERROR_ILLEGAL_PASS
                                              : NOTATION_ERROR_ILLEGAL_MOVE, at);
    if (listed[move])
      return status_error (NOTATION_ERROR_DUPLICATE_MOVE, at);
    listed[move] = true;
    i = skip_space (text, length, i);
    if (i >= length || text[i] != ':')
      return status_error (NOTATION_ERROR_MISSING_COLON, i);
    i = skip_space (text, length, i + 1);
    status = read_score (text, length, &i, &score);
    if (status.error)
      return status;
    /* At most 60 legal moves or one pass, so the list cannot overflow. */
    assert (parsed.n_moves < NOTATION_OBF_MAX_MOVES);
    parsed.moves[parsed.n_moves].move = move;
    parsed.moves[parsed.n_moves].score = score;
    parsed.n_moves++;
  }
  *obf = parsed;
  return status_ok ();
}
