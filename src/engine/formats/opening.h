/* opening.h: named openings (Tiger, Rose, Buffalo...), recognised in a game under the 8
 * symmetries of the board, transpositions included. The table is text, one opening a line:
 *
 *   # comment
 *   f5d6c3d3c4  Tiger
 *
 * a transcript from the standard start (as notation_parse_transcript reads it, without white
 * space inside), white space, and the name to the end of the line. */
#pragma once

#include <stddef.h>

#include "notation.h"
#include "position.h"

typedef struct OpeningTable OpeningTable;

/* The table compiled into the engine (data/openings.txt). */
extern const char opening_table_text[];
extern const size_t opening_table_text_length;

/* Parses a table. On error returns NULL, *status says what was wrong and *error_line (1-based)
 * where; both may be NULL. */
OpeningTable *opening_table_parse (const char *text, size_t length, NotationStatus *status,
                                   size_t *error_line);
void opening_table_free (OpeningTable *table);
size_t opening_table_count (const OpeningTable *table);

/* The name of the opening a game follows: along the moves played from start (passes included),
 * the last position that is, under one of the 8 symmetries, the final position of a named line
 * reached after as many moves. NULL when there is none (always so from a set-up start). */
const char *opening_table_name (const OpeningTable *table, const Position *start,
                                const int *moves, size_t n_moves);

/* Balanced starts, like the XOT practice of tournaments: lines of 8 moves from the standard start
 * whose position the engine scores close to even, made by `verso-engine balanced-openings` into
 * data/balanced-openings.txt (its header says how) and compiled into the engine. */
size_t opening_balanced_count (void);
/* The list's text as compiled in: '#' comments and lines "f5d6c3d3c4f4f6f3  +1", the moves then
 * the score for black in discs. The list is read at the first call of opening_balanced_count or
 * opening_balanced_get (once, whatever the thread); a list that does not read (a line that is not
 * 8 legal moves from the standard start) gives no balanced start at all, and its test fails. */
extern const char opening_balanced_text[];
extern const size_t opening_balanced_text_length;
/* The index-th (index < opening_balanced_count ()) as a transcript without spaces, e.g.
 * "f5d6c3d3c4f4f6f3"; static storage. */
const char *opening_balanced_get (size_t index);
