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
/* Line index (below the count), in the table's order: its name, and its moves from the standard
 * start in *moves (owned by the table; passes as BOARD_PASS) and *n_moves, either may be NULL. */
const char *opening_table_line (const OpeningTable *table, size_t index, const int **moves,
                                size_t *n_moves);

/* The name of the opening a game follows: along the moves played from start (passes included),
 * the last position that is, under one of the 8 symmetries, the final position of a named line
 * reached after as many moves. NULL when there is none (always so from a set-up start). */
const char *opening_table_name (const OpeningTable *table, const Position *start,
                                const int *moves, size_t n_moves);
/* The name of the named line whose final position is position (under a symmetry, as many moves
 * as its discs beyond the start's four, no pass); NULL when there is none. */
const char *opening_table_name_at (const OpeningTable *table, const Position *position);
