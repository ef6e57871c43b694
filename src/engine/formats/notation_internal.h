/* notation_internal.h: what the readers of notation.c, obf.c and ggf.c share: statuses, white
 * space, and the square and board readers every format builds on. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "notation.h"

static inline NotationStatus notation_status_ok (void)
{
  NotationStatus status = { NOTATION_OK, 0 };
  return status;
}

static inline NotationStatus notation_status_error (NotationError error, size_t offset)
{
  NotationStatus status = { error, offset };
  return status;
}

static inline bool notation_is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static inline size_t notation_skip_space (const char *text, size_t length, size_t i)
{
  while (i < length && notation_is_space (text[i]))
    i++;
  return i;
}

static inline char notation_lower (char c)
{
  return c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c;
}

/* Reads a square name or PA at text[*i]; advances *i past it. */
NotationStatus notation_read_square (const char *text, size_t length, size_t *i, int *move);
/* Reads a board string's squares and side to move from text[*i]; advances *i past the side.
 * With `spaced`, white space may stand between the squares (GGF writes a row at a time). */
NotationStatus notation_read_board (const char *text, size_t length, size_t *i, bool spaced,
                                    Position *position);
