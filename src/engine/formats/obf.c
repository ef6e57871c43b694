/* obf.c: OBF (Othello board format) lines, a board string and the scores of its moves, and OBF
 * files, one line per position with blank lines and '%' comments between them. */
#include "notation.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "notation_internal.h"

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
      return notation_status_error (NOTATION_ERROR_BAD_SCORE, *i);
    at++;
  }
  if (at == first_digit)
    return notation_status_error (NOTATION_ERROR_BAD_SCORE, *i);
  *score = sign * value;
  *i = at;
  return notation_status_ok ();
}

NotationStatus notation_parse_obf (const char *text, size_t length, NotationObf *obf)
{
  assert (text || length == 0);
  assert (obf);
  NotationObf parsed;
  parsed.n_moves = 0;
  size_t i = 0;
  NotationStatus status = notation_read_board (text, length, &i, false, &parsed.position);
  if (status.error)
    return status;
  const Board *board = &parsed.position.board;
  uint64_t legal = board_moves (board->player, board->opponent);
  bool must_pass = position_must_pass (&parsed.position);
  bool listed[BOARD_PASS + 1] = { false };
  for (;;) {
    i = notation_skip_space (text, length, i);
    if (i >= length)
      break;
    if (text[i] != ';')
      return notation_status_error (NOTATION_ERROR_TRAILING, i);
    i = notation_skip_space (text, length, i + 1);
    if (i >= length)
      break;
    size_t at = i;
    int move, score;
    status = notation_read_square (text, length, &i, &move);
    if (status.error)
      return status;
    if (move == BOARD_PASS ? !must_pass : !(legal & board_bit (move)))
      return notation_status_error (move == BOARD_PASS ? NOTATION_ERROR_ILLEGAL_PASS
                                              : NOTATION_ERROR_ILLEGAL_MOVE, at);
    if (listed[move])
      return notation_status_error (NOTATION_ERROR_DUPLICATE_MOVE, at);
    listed[move] = true;
    i = notation_skip_space (text, length, i);
    if (i >= length || text[i] != ':')
      return notation_status_error (NOTATION_ERROR_MISSING_COLON, i);
    i = notation_skip_space (text, length, i + 1);
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
  return notation_status_ok ();
}

/* OBF files. */

static bool is_comment_start (char c)
{
  return c == '%' || c == '#';
}

/* 1-based line and column (in UTF-8 characters) of offset in text. */
static void place_of (const char *text, size_t length, size_t offset, size_t *line,
                      size_t *column)
{
  size_t at_line = 1, at_column = 1;
  for (size_t i = 0; i < offset && i < length; i++) {
    if (text[i] == '\n') {
      at_line++;
      at_column = 1;
    } else if (((unsigned char) text[i] & 0xC0) != 0x80) {
      at_column++;
    }
  }
  if (line)
    *line = at_line;
  if (column)
    *column = at_column;
}

/* The end of the content of the line [begin, end): before its comment, if any. */
static size_t content_end (const char *text, size_t begin, size_t end)
{
  for (size_t i = begin; i < end; i++)
    if (is_comment_start (text[i]))
      return i;
  return end;
}

/* Room for one more entry; false when memory runs out. */
static bool grow (NotationObfFile *file, size_t *capacity)
{
  NotationObfEntry *grown = array_grow (file->entries, capacity, file->n_entries + 1,
                                       sizeof *grown, 16);
  if (!grown)
    return false;
  file->entries = grown;
  return true;
}

NotationStatus notation_parse_obf_file (const char *text, size_t length, NotationObfFile *file,
                                        size_t *line, size_t *column)
{
  assert (text || length == 0);
  assert (file);
  NotationObfFile read = { 0, NULL };
  NotationStatus status = notation_status_ok ();
  size_t capacity = 0, line_number = 0, begin = 0;
  while (begin < length && !status.error) {
    line_number++;
    const char *newline = memchr (text + begin, '\n', length - begin);
    size_t end = newline ? (size_t) (newline - text) : length;
    size_t content = content_end (text, begin, end);
    if (notation_skip_space (text, content, begin) < content) {
      if (!grow (&read, &capacity)) {
        status = notation_status_error (NOTATION_ERROR_TOO_MANY_MOVES, begin);
        break;
      }
      NotationObfEntry *entry = &read.entries[read.n_entries];
      status = notation_parse_obf (text + begin, content - begin, &entry->obf);
      status.offset += begin;
      entry->line = line_number;
      read.n_entries += !status.error;
    }
    begin = end + 1;
  }
  if (!status.error && read.n_entries == 0)
    status = notation_status_error (NOTATION_ERROR_EMPTY, length);
  if (status.error) {
    notation_obf_file_clear (&read);
    place_of (text, length, status.offset, line, column);
  }
  *file = read;
  return status;
}

void notation_obf_file_clear (NotationObfFile *file)
{
  assert (file);
  free (file->entries);
  file->entries = NULL;
  file->n_entries = 0;
}

size_t notation_format_obf (const NotationObf *obf, char *out, size_t size)
{
  assert (obf);
  assert (out || size == 0);
  char board[NOTATION_BOARD_SIZE];
  notation_format_board (&obf->position, board);
  size_t length = (size_t) snprintf (out, size, "%s", board);
  for (size_t i = 0; i < obf->n_moves && i < NOTATION_OBF_MAX_MOVES; i++) {
    char square[3] = "PA";
    if (obf->moves[i].move != BOARD_PASS) {
      notation_format_square (obf->moves[i].move, square);
      square[0] = (char) toupper ((unsigned char) square[0]);
    }
    length += (size_t) snprintf (length < size ? out + length : NULL, length < size ? size - length : 0,
                                 "; %s:%+d", square, obf->moves[i].score);
  }
  if (obf->n_moves > 0)
    length += (size_t) snprintf (length < size ? out + length : NULL, length < size ? size - length : 0, ";");
  return length;
}
