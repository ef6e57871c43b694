/* start.c: lists of starts (start.h) read from their text, and the balanced starts. */
#include "start.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "position.h"

static bool is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* One line text[begin..end): nothing (blank or comment), or START_PLIES legal moves from the
 * standard start (no pass) and an optional score, written as the transcript into out. False
 * when malformed. */
static bool read_line (const char *text, size_t begin, size_t end, bool *is_start,
                       char out[START_LENGTH])
{
  *is_start = false;
  size_t i = begin;
  while (i < end && is_blank (text[i]))
    i++;
  if (i >= end || text[i] == '#')
    return true;
  size_t moves_begin = i;
  while (i < end && !is_blank (text[i]))
    i++;
  Position position;
  position_init (&position);
  int moves[START_PLIES + 1];
  size_t n_moves;
  NotationStatus status = notation_parse_transcript (text + moves_begin, i - moves_begin,
                                                     &position, moves, START_PLIES + 1,
                                                     &n_moves);
  if (status.error || n_moves != START_PLIES)
    return false;
  for (size_t k = 0; k < n_moves; k++)
    if (moves[k] == BOARD_PASS)
      return false;
  while (i < end && is_blank (text[i]))
    i++;
  /* The score: a sign and digits, or nothing. */
  if (i < end && (text[i] == '+' || text[i] == '-'))
    i++;
  while (i < end && text[i] >= '0' && text[i] <= '9')
    i++;
  while (i < end && is_blank (text[i]))
    i++;
  if (i < end)
    return false;
  notation_format_transcript (moves, n_moves, false, out, START_LENGTH);
  *is_start = true;
  return true;
}

/* Reads the list's text into its transcripts; leaves it empty when the text does not read. */
static void read_list (StartList *list)
{
  const char *text = list->text;
  size_t length = *list->length;
  size_t n_lines = 1;
  for (size_t i = 0; i < length; i++)
    n_lines += text[i] == '\n';
  char *transcripts = malloc (n_lines * START_LENGTH);
  if (!transcripts)
    return;
  size_t count = 0;
  for (size_t begin = 0; begin < length;) {
    const char *newline = memchr (text + begin, '\n', length - begin);
    size_t end = newline ? (size_t) (newline - text) : length;
    bool is_start;
    if (!read_line (text, begin, end, &is_start, transcripts + count * START_LENGTH)) {
      free (transcripts);
      return;
    }
    count += is_start;
    begin = end + 1;
  }
  list->transcripts = transcripts;
  list->count = count;
}

size_t start_list_count (StartList *list)
{
  assert (list);
  pthread_mutex_lock (&list->lock);
  if (!list->read)
    read_list (list);
  list->read = true;
  pthread_mutex_unlock (&list->lock);
  return list->count;
}

const char *start_list_get (StartList *list, size_t index)
{
  size_t count = start_list_count (list);
  assert (index < count);
  (void) count;
  return list->transcripts + index * START_LENGTH;
}

static StartList balanced_starts = START_LIST (balanced_start_text);

size_t balanced_start_count (void)
{
  return start_list_count (&balanced_starts);
}

const char *balanced_start_get (size_t index)
{
  return start_list_get (&balanced_starts, index);
}
