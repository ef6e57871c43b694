/* ggf.c: a tolerant reader of GGF game records: properties in any order, comments with escaped
 * brackets, passes written or left out, move annotations (/eval/time) ignored. */
#include "ggf.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "notation.h"

static bool fail (char *error, size_t size, const char *format, ...)
  __attribute__ ((format (printf, 3, 4)));

static bool fail (char *error, size_t size, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  vsnprintf (error, size, format, args);
  va_end (args);
  return false;
}

/* BO[8 <64 squares> <side>]: squares * or X black, O white, - or . empty. */
static bool parse_board (const char *value, size_t length, Position *position, char *error,
                         size_t size)
{
  size_t i = 0;
  while (i < length && isspace ((unsigned char) value[i]))
    i++;
  if (i >= length || value[i] != '8')
    return fail (error, size, "BO: only 8x8 boards are played");
  i++;
  uint64_t black = 0, white = 0;
  int square = 0;
  for (; i < length && square < 64; i++) {
    char c = value[i];
    if (isspace ((unsigned char) c))
      continue;
    if (c == '*' || c == 'X' || c == 'x')
      black |= board_bit (square);
    else if (c == 'O' || c == 'o')
      white |= board_bit (square);
    else if (c != '-' && c != '.')
      return fail (error, size, "BO: bad square '%c'", c);
    square++;
  }
  if (square < 64)
    return fail (error, size, "BO: fewer than 64 squares");
  while (i < length && isspace ((unsigned char) value[i]))
    i++;
  if (i >= length)
    return fail (error, size, "BO: no side to move");
  char side = value[i++];
  int side_to_move;
  if (side == '*' || side == 'X' || side == 'x' || side == 'B')
    side_to_move = POSITION_BLACK;
  else if (side == 'O' || side == 'o' || side == 'W')
    side_to_move = POSITION_WHITE;
  else
    return fail (error, size, "BO: bad side to move '%c'", side);
  while (i < length && isspace ((unsigned char) value[i]))
    i++;
  if (i != length)
    return fail (error, size, "BO: unexpected text after the side to move");
  *position = position_from_discs (black, white, side_to_move);
  return true;
}

/* B[move] or W[move/eval/time]: plays it, with the pass that precedes it when left out. */
static bool parse_move (const char *value, size_t length, int colour, GgfGame *game,
                        Position *position, char *error, size_t size)
{
  size_t end = 0;
  while (end < length && value[end] != '/')
    end++;
  while (end > 0 && isspace ((unsigned char) value[end - 1]))
    end--;
  size_t start = 0;
  while (start < end && isspace ((unsigned char) value[start]))
    start++;
  int move;
  if (end - start == 4 && strncasecmp (value + start, "pass", 4) == 0)
    move = BOARD_PASS;
  else if (notation_parse_square (value + start, end - start, &move).error != NOTATION_OK)
    return fail (error, size, "move %d: '%.*s' is not a square", game->n_moves + 1,
                 (int) (end - start), value + start);
  if (position->side_to_move != colour) {
    if (move == BOARD_PASS || !position_must_pass (position))
      return fail (error, size, "move %d: %s plays out of turn", game->n_moves + 1,
                   colour == POSITION_BLACK ? "black" : "white");
    if (game->n_moves >= GGF_MAX_MOVES)
      return fail (error, size, "too many moves");
    game->moves[game->n_moves++] = BOARD_PASS;
    position_play (position, BOARD_PASS);
  }
  if (game->n_moves >= GGF_MAX_MOVES)
    return fail (error, size, "too many moves");
  if (!position_play (position, move))
    return fail (error, size, "move %d: '%.*s' is not legal", game->n_moves + 1,
                 (int) (end - start), value + start);
  game->moves[game->n_moves++] = move;
  return true;
}

bool ggf_parse (const char *text, size_t length, GgfGame *game, char *error, size_t size)
{
  size_t i = 0;
  while (i < length && isspace ((unsigned char) text[i]))
    i++;
  if (length - i < 2 || text[i] != '(' || text[i + 1] != ';')
    return fail (error, size, "a game starts with '(;'");
  i += 2;
  bool have_board = false, closed = false;
  Position position;
  position_init (&position);
  game->start = position;
  game->n_moves = 0;
  while (i < length) {
    char c = text[i];
    if (isspace ((unsigned char) c)) {
      i++;
      continue;
    }
    if (c == ';' && i + 1 < length && text[i + 1] == ')') {
      closed = true;
      i += 2;
      break;
    }
    if (!isupper ((unsigned char) c))
      return fail (error, size, "unexpected '%c' at offset %zu", c, i);
    size_t key = i;
    while (i < length && isupper ((unsigned char) text[i]))
      i++;
    size_t key_length = i - key;
    if (i >= length || text[i] != '[')
      return fail (error, size, "property %.*s has no value", (int) key_length, text + key);
    size_t value = ++i;
    while (i < length && text[i] != ']')
      i += text[i] == '\\' ? 2 : 1;
    if (i >= length)
      return fail (error, size, "property %.*s is not closed by ']'", (int) key_length,
                   text + key);
    size_t value_length = i - value;
    i++;
    const char *v = text + value;
    if (key_length == 2 && strncmp (text + key, "GM", 2) == 0) {
      if (value_length < 7 || strncasecmp (v, "othello", 7) != 0)
        return fail (error, size, "GM: not an Othello game");
    } else if (key_length == 2 && strncmp (text + key, "BO", 2) == 0) {
      if (game->n_moves > 0)
        return fail (error, size, "BO after the first move");
      if (!parse_board (v, value_length, &position, error, size))
        return false;
      game->start = position;
      have_board = true;
    } else if (key_length == 1 && (text[key] == 'B' || text[key] == 'W')) {
      if (!have_board)
        return fail (error, size, "a move before the board (BO)");
      if (!parse_move (v, value_length, text[key] == 'B' ? POSITION_BLACK : POSITION_WHITE,
                       game, &position, error, size))
        return false;
    }
  }
  if (!closed)
    return fail (error, size, "a game ends with ';)'");
  while (i < length && isspace ((unsigned char) text[i]))
    i++;
  if (i != length)
    return fail (error, size, "text after the end of the game");
  if (!have_board)
    return fail (error, size, "no board (BO)");
  return true;
}

Position ggf_position (const GgfGame *game, int n)
{
  Position position = game->start;
  for (int i = 0; i < n && i < game->n_moves; i++)
    position_play (&position, game->moves[i]);
  return position;
}
