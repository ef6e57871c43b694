/* notation.c: squares, transcripts, board strings, OBF lines and GGF game records, read and
 * written. */
#include "notation.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Skips what may stand between a transcript's squares: white space, '-', ',', ';' and move
 * numbers (digits followed by '.' or ')' characters, as in "1. f5" "1) f5" "12... e3"). Digits
 * without them are left for the square reader to refuse. */
static size_t skip_separators (const char *text, size_t length, size_t i)
{
  for (;;) {
    while (i < length && (is_space (text[i]) || text[i] == '-' || text[i] == ',' || text[i] == ';'))
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

/* Reads a board string's squares and side to move from text[*i]; advances *i past the side.
 * With `spaced`, white space may stand between the squares (GGF writes a row at a time). */
static NotationStatus read_board (const char *text, size_t length, size_t *i, bool spaced,
                                  Position *position)
{
  size_t at = skip_space (text, length, *i);
  if (at >= length)
    return status_error (NOTATION_ERROR_EMPTY, at);
  uint64_t black = 0, white = 0;
  for (int square = 0; square < BOARD_SQUARES; square++, at++) {
    if (spaced)
      at = skip_space (text, length, at);
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
  NotationStatus status = read_board (text, length, &i, false, &parsed);
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
  NotationStatus status = read_board (text, length, &i, false, &parsed.position);
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

/* --- GGF game records --- */

static bool is_upper (char c)
{
  return c >= 'A' && c <= 'Z';
}

/* Whether value[0..length) starts with `word`, in either case. */
static bool starts_with_word (const char *value, size_t length, const char *word)
{
  size_t n = strlen (word);
  if (length < n)
    return false;
  for (size_t k = 0; k < n; k++)
    if (lower (value[k]) != word[k])
      return false;
  return true;
}

/* PB[..] or PW[..]: the value without its escapes, cut to fit `out` where a UTF-8 character
 * starts, so that a cut name stays valid text. */
static void read_name (const char *value, size_t length, char out[NOTATION_NAME_SIZE])
{
  size_t n = 0;
  bool cut = false;
  for (size_t k = 0; k < length; k++) {
    if (value[k] == '\\' && k + 1 < length)
      k++;
    if (n + 1 >= NOTATION_NAME_SIZE) {
      cut = true;
      break;
    }
    out[n++] = value[k];
  }
  if (cut) {
    /* Drop a last character whose bytes did not all fit. */
    size_t lead = n;
    while (lead > 0 && n - lead < 4 && ((unsigned char) out[lead - 1] & 0xC0) == 0x80)
      lead--;
    if (lead > 0 && ((unsigned char) out[lead - 1] & 0xC0) == 0xC0) {
      unsigned char first = (unsigned char) out[lead - 1];
      size_t needed = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2;
      if (n - (lead - 1) < needed)
        n = lead - 1;
    }
  }
  out[n] = '\0';
}

/* BO[8 <64 squares> <side>], squares and side as board strings have them, white space allowed
 * between squares. */
static NotationError read_ggf_board (const char *value, size_t length, Position *position)
{
  size_t i = skip_space (value, length, 0);
  bool more_digits = i + 1 < length && value[i + 1] >= '0' && value[i + 1] <= '9';
  if (i >= length || value[i] != '8' || more_digits)
    return NOTATION_ERROR_NOT_OTHELLO;
  i++;
  Position parsed;
  NotationStatus status = read_board (value, length, &i, true, &parsed);
  if (status.error == NOTATION_ERROR_EMPTY)
    return NOTATION_ERROR_SHORT_BOARD;
  if (status.error)
    return status.error;
  if (skip_space (value, length, i) < length)
    return NOTATION_ERROR_TRAILING;
  *position = parsed;
  return NOTATION_OK;
}

/* TY[..]: the board size with GGS's letters around it (notation.h). */
static NotationError read_ggf_type (const char *value, size_t length, Rules *rules)
{
  size_t i = skip_space (value, length, 0);
  while (length > i && is_space (value[length - 1]))
    length--;
  bool anti = false, have_size = false;
  unsigned size = 0;
  while (i < length) {
    char c = value[i++];
    if (c == 's' || c == 'k' || c == 'a') {
      anti |= c == 'a';
    } else if (c == 'r') {
      /* Random start: the number of discs on the board BO gives. */
      while (i < length && value[i] >= '0' && value[i] <= '9')
        i++;
    } else if (c >= '0' && c <= '9' && !have_size) {
      have_size = true;
      size = (unsigned) (c - '0');
      while (i < length && value[i] >= '0' && value[i] <= '9') {
        if (size < 1000)
          size = size * 10 + (unsigned) (value[i] - '0');
        i++;
      }
    } else {
      return NOTATION_ERROR_BAD_TYPE;
    }
  }
  if (!have_size)
    return NOTATION_ERROR_BAD_TYPE;
  if (size != 8)
    return NOTATION_ERROR_BOARD_SIZE;
  *rules = anti ? RULES_REVERSE : RULES_STANDARD;
  return NOTATION_OK;
}

/* BS[n]: a whole number, n_moves not known yet (the caller checks it at the end). */
static NotationError read_ggf_given (const char *value, size_t length, size_t *given)
{
  size_t i = skip_space (value, length, 0);
  while (length > i && is_space (value[length - 1]))
    length--;
  if (i >= length)
    return NOTATION_ERROR_BAD_GIVEN;
  size_t n = 0;
  for (; i < length; i++) {
    if (value[i] < '0' || value[i] > '9')
      return NOTATION_ERROR_BAD_GIVEN;
    n = n * 10 + (size_t) (value[i] - '0');
    if (n > NOTATION_MAX_MOVES)
      return NOTATION_ERROR_BAD_GIVEN;
  }
  *given = n;
  return NOTATION_OK;
}

/* One GGS clock part, "[[h:]m:]s" with an optional ",flags" after it; empty is 0. */
static bool read_clock_part (const char *text, size_t length, double *seconds)
{
  double total = 0;
  size_t i = 0;
  *seconds = 0;
  if (length == 0)
    return true;
  for (int field = 0; ; field++) {
    if (field == 3 || i >= length || text[i] < '0' || text[i] > '9')
      return false;
    double value = 0;
    while (i < length && text[i] >= '0' && text[i] <= '9' && value < 1e9)
      value = value * 10 + (text[i++] - '0');
    if (i < length && text[i] == '.') {
      double scale = 0.1;
      for (i++; i < length && text[i] >= '0' && text[i] <= '9'; i++, scale /= 10)
        value += (text[i] - '0') * scale;
    }
    total = total * 60 + value;
    if (i < length && text[i] == ':') {
      i++;
      continue;
    }
    break;
  }
  if (i < length && text[i] != ',')
    return false;
  *seconds = total;
  return true;
}

/* TI, TB or TW: "main/increment/extension" (the extension is not kept). */
static void read_ggf_clock (const char *value, size_t length, char which, NotationClock *clock,
                            bool per_colour[2])
{
  size_t first = 0;
  while (first < length && value[first] != '/')
    first++;
  double main_time, increment = 0;
  if (!read_clock_part (value, first, &main_time))
    return;
  if (first < length) {
    size_t second = first + 1;
    while (second < length && value[second] != '/')
      second++;
    if (!read_clock_part (value + first + 1, second - first - 1, &increment))
      return;
  }
  for (int colour = POSITION_BLACK; colour <= POSITION_WHITE; colour++) {
    bool this_colour = which == (colour == POSITION_BLACK ? 'B' : 'W');
    if (this_colour || (which == 'I' && !per_colour[colour])) {
      clock->main[colour] = main_time;
      clock->increment[colour] = increment;
      per_colour[colour] |= this_colour;
      clock->known = true;
    }
  }
}

/* A move's seconds, its annotations' second field ("f5/eval/seconds" gives "eval/seconds"):
 * counted when it reads as a number of seconds. */
static void read_move_seconds (const char *annotations, size_t length, int colour,
                               NotationClock *clock)
{
  size_t slash = 0;
  while (slash < length && annotations[slash] != '/')
    slash++;
  if (slash + 1 >= length || length - slash - 1 >= 32)
    return;
  char number[32];
  memcpy (number, annotations + slash + 1, length - slash - 1);
  number[length - slash - 1] = '\0';
  char *stop;
  double seconds = strtod (number, &stop);
  if (stop != number && *stop == '\0' && seconds > 0 && seconds < 1e7)
    clock->used[colour] += seconds;
}

/* B[move] or W[move/eval/time] by `colour`: plays it, after the pass that precedes it when that
 * was left out. */
static NotationError read_ggf_move (const char *value, size_t length, int colour,
                                    NotationGame *game, Position *position)
{
  size_t end = 0;
  while (end < length && value[end] != '/')
    end++;
  size_t start = skip_space (value, end, 0);
  while (end > start && is_space (value[end - 1]))
    end--;
  int move;
  if (end - start == 4 && starts_with_word (value + start, 4, "pass"))
    move = BOARD_PASS;
  else {
    NotationStatus status = notation_parse_square (value + start, end - start, &move);
    if (status.error)
      return status.error;
  }
  if (board_is_game_over (&position->board))
    return NOTATION_ERROR_GAME_OVER;
  if (position->side_to_move != colour) {
    if (move == BOARD_PASS || !position_must_pass (position))
      return NOTATION_ERROR_OUT_OF_TURN;
    if (game->n_moves >= NOTATION_MAX_MOVES)
      return NOTATION_ERROR_TOO_MANY_MOVES;
    position_play (position, BOARD_PASS);
    game->moves[game->n_moves++] = BOARD_PASS;
  }
  if (game->n_moves >= NOTATION_MAX_MOVES)
    return NOTATION_ERROR_TOO_MANY_MOVES;
  if (!position_play (position, move))
    return move == BOARD_PASS ? NOTATION_ERROR_ILLEGAL_PASS : NOTATION_ERROR_ILLEGAL_MOVE;
  game->moves[game->n_moves++] = move;
  game->clock.moves[colour]++;
  size_t slash = 0;
  while (slash < length && value[slash] != '/')
    slash++;
  if (slash < length)
    read_move_seconds (value + slash + 1, length - slash - 1, colour, &game->clock);
  return NOTATION_OK;
}

NotationStatus notation_parse_ggf (const char *text, size_t length, NotationGame *game,
                                   size_t *end)
{
  assert (text || length == 0);
  assert (game);
  memset (game, 0, sizeof *game);
  position_init (&game->start);
  Position position = game->start;
  size_t i = skip_space (text, length, 0);
  if (i >= length)
    return status_error (NOTATION_ERROR_EMPTY, i);
  if (length - i < 2 || text[i] != '(' || text[i + 1] != ';')
    return status_error (NOTATION_ERROR_NOT_GGF, i);
  i += 2;
  bool have_board = false;
  size_t given_key = 0; /* where BS was, checked against the moves at the end */
  bool clock_per_colour[2] = { false, false }; /* TB or TW seen: TI does not override them */
  for (;;) {
    i = skip_space (text, length, i);
    if (i >= length)
      return status_error (NOTATION_ERROR_UNCLOSED, length);
    if (text[i] == ';' && i + 1 < length && text[i + 1] == ')')
      break;
    size_t key = i;
    while (i < length && is_upper (text[i]))
      i++;
    size_t key_length = i - key;
    if (key_length == 0 || i >= length || text[i] != '[')
      return status_error (NOTATION_ERROR_BAD_PROPERTY, key);
    size_t value = ++i;
    while (i < length && text[i] != ']')
      i += text[i] == '\\' ? 2 : 1;
    if (i >= length)
      return status_error (NOTATION_ERROR_UNCLOSED, key);
    const char *v = text + value;
    size_t value_length = i - value;
    i++;
    const char *name = text + key;
    NotationError error = NOTATION_OK;
    if (key_length == 2 && memcmp (name, "GM", 2) == 0) {
      if (!starts_with_word (v, value_length, "othello"))
        error = NOTATION_ERROR_NOT_OTHELLO;
    } else if (key_length == 2 && memcmp (name, "BO", 2) == 0) {
      if (game->n_moves > 0)
        error = NOTATION_ERROR_LATE_BOARD;
      else if (!(error = read_ggf_board (v, value_length, &position))) {
        game->start = position;
        have_board = true;
      }
    } else if (key_length == 1 && (name[0] == 'B' || name[0] == 'W')) {
      if (!have_board)
        error = NOTATION_ERROR_NO_BOARD;
      else
        error = read_ggf_move (v, value_length,
                               name[0] == 'B' ? POSITION_BLACK : POSITION_WHITE, game, &position);
    } else if (key_length == 2 && (memcmp (name, "PB", 2) == 0 || memcmp (name, "PW", 2) == 0)) {
      read_name (v, value_length, name[1] == 'B' ? game->black : game->white);
    } else if (key_length == 2 && memcmp (name, "TY", 2) == 0) {
      error = read_ggf_type (v, value_length, &game->rules);
    } else if (key_length == 2 && name[0] == 'T' && (name[1] == 'I' || name[1] == 'B' || name[1] == 'W')) {
      read_ggf_clock (v, value_length, name[1], &game->clock, clock_per_colour);
    } else if (key_length == 2 && memcmp (name, "BS", 2) == 0) {
      error = read_ggf_given (v, value_length, &game->given_moves);
      given_key = key;
    }
    if (error)
      return status_error (error, key);
  }
  if (!have_board)
    return status_error (NOTATION_ERROR_NO_BOARD, i);
  if (game->given_moves > game->n_moves)
    return status_error (NOTATION_ERROR_BAD_GIVEN, given_key);
  i += 2;
  if (end)
    *end = i;
  else if (skip_space (text, length, i) < length)
    return status_error (NOTATION_ERROR_TRAILING, skip_space (text, length, i));
  return status_ok ();
}

Position notation_game_position (const NotationGame *game, size_t n)
{
  assert (game);
  Position position = game->start;
  for (size_t k = 0; k < n && k < game->n_moves; k++)
    position_play (&position, game->moves[k]);
  return position;
}

/* snprintf-like output: counts everything, stores what fits and keeps room for the NUL. */
typedef struct Writer {
  char *out;
  size_t size;
  size_t length;
} Writer;

static void write_char (Writer *writer, char c)
{
  if (writer->length + 1 < writer->size)
    writer->out[writer->length] = c;
  writer->length++;
}

static void write_text (Writer *writer, const char *text)
{
  while (*text)
    write_char (writer, *text++);
}

/* A property value with its '\' and ']' escaped. */
static void write_value (Writer *writer, const char *key, const char *value)
{
  write_text (writer, key);
  write_char (writer, '[');
  for (; *value; value++) {
    if (*value == '\\' || *value == ']')
      write_char (writer, '\\');
    write_char (writer, *value);
  }
  write_char (writer, ']');
}

size_t notation_format_ggf (const NotationGame *game, const char *date, char *out, size_t size)
{
  assert (game);
  assert (out || size == 0);
  Writer writer = { out, size, 0 };
  write_text (&writer, "(;GM[Othello]PC[Verso]");
  if (date)
    write_value (&writer, "DT", date);
  write_value (&writer, "PB", game->black);
  write_value (&writer, "PW", game->white);
  size_t n_moves = game->n_moves < NOTATION_MAX_MOVES ? game->n_moves : NOTATION_MAX_MOVES;
  Position end = notation_game_position (game, n_moves);
  if (board_is_game_over (&end.board)) {
    int score = board_final_score (&end.board);
    if (end.side_to_move != POSITION_BLACK)
      score = -score;
    char result[8];
    snprintf (result, sizeof result, score ? "%+d" : "%d", score);
    write_value (&writer, "RE", result);
  }
  write_text (&writer, game->rules == RULES_REVERSE ? "TY[8a]" : "TY[8]");
  size_t given_moves = game->given_moves < n_moves ? game->given_moves : n_moves;
  if (given_moves > 0) {
    char given[24];
    snprintf (given, sizeof given, "%zu", given_moves);
    write_value (&writer, "BS", given);
  }
  write_text (&writer, "BO[8 ");
  uint64_t black = position_black (&game->start), white = position_white (&game->start);
  for (int square = 0; square < BOARD_SQUARES; square++)
    write_char (&writer, (black & board_bit (square))   ? '*'
                         : (white & board_bit (square)) ? 'O'
                                                        : '-');
  write_text (&writer, game->start.side_to_move == POSITION_BLACK ? " *]" : " O]");
  Position position = game->start;
  for (size_t k = 0; k < n_moves; k++) {
    char name[3];
    notation_format_square (game->moves[k], name);
    write_char (&writer, position.side_to_move == POSITION_BLACK ? 'B' : 'W');
    write_char (&writer, '[');
    write_text (&writer, name);
    write_char (&writer, ']');
    /* A move that is not legal (never so in a parsed game) still hands the turn over. */
    if (!position_play (&position, game->moves[k]))
      position.side_to_move ^= 1;
  }
  write_text (&writer, ";)");
  if (size > 0)
    out[writer.length < size ? writer.length : size - 1] = '\0';
  return writer.length;
}
