/* start.h: starts, the lines of 8 moves from the standard start that games begin from instead:
 * the balanced starts of New Game, like the XOT practice of tournaments, and the match starts of
 * engine matches (match.h). A list of starts is text compiled into the engine, one a line:
 *
 *   # comment
 *   f5d6c3d3c4f4f6f3  +1
 *
 * the moves (as notation_parse_transcript reads them, no pass), then optionally white space and
 * the score for black in discs. */
#pragma once

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#define START_PLIES 8
/* A start's transcript, e.g. "f5d6c3d3c4f4f6f3", NUL included. */
#define START_LENGTH (2 * START_PLIES + 1)

/* A list read from its text at the first call of start_list_count or start_list_get (once,
 * whatever the thread) and kept for the life of the program. A text that does not read (a line
 * that is not START_PLIES legal moves from the standard start) gives no start at all, and the
 * list's test fails. Declare one with START_LIST (text), text an embedded array beside its
 * text_length. */
typedef struct StartList {
  const char *text;
  const size_t *length;
  pthread_mutex_t lock;
  bool read;
  size_t count;
  char *transcripts; /* count transcripts of START_LENGTH bytes */
} StartList;

#define START_LIST(text) { text, &text##_length, PTHREAD_MUTEX_INITIALIZER, false, 0, NULL }

size_t start_list_count (StartList *list);
/* The index-th start (index < start_list_count (list)) as a transcript; storage of the list. */
const char *start_list_get (StartList *list, size_t index);

/* The balanced starts: lines whose position the engine scores close to even, made by
 * tools/generate/starts (balanced-starts) into data/balanced-starts.txt, whose header says
 * how. */
extern const char balanced_start_text[];
extern const size_t balanced_start_text_length;
size_t balanced_start_count (void);
/* The index-th (index < balanced_start_count ()); static storage. */
const char *balanced_start_get (size_t index);
