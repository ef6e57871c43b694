/* fuzz-opening.c: opening tables (opening_table_parse) and names (opening_table_name). A table
 * that does not parse says what, on which line and where, inside the text; one that parses names
 * games only with its own names, and its name for a game is the name of one of its lines. The
 * input also serves as moves: each byte a square, played where legal, looked up in the compiled
 * table. */
#include <string.h>

#include "fuzz.h"
#include "opening.h"

static OpeningTable *compiled;

/* Whether name is one of the names written in the text. */
static bool name_in_text (const char *name, const char *text, size_t size)
{
  size_t length = strlen (name);
  for (size_t i = 0; i + length <= size; i++)
    if (memcmp (text + i, name, length) == 0)
      return true;
  return false;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (!compiled) {
    compiled = opening_table_parse (opening_table_text, opening_table_text_length, NULL, NULL);
    REQUIRE (compiled && opening_table_count (compiled) > 0, "the compiled table does not parse");
  }
  const char *text = (const char *) data;
  NotationStatus status;
  size_t line = 0;
  OpeningTable *table = opening_table_parse (text, size, &status, &line);
  size_t lines = 1;
  for (size_t i = 0; i < size; i++)
    lines += text[i] == '\n';
  if (!table) {
    REQUIRE (status.error > NOTATION_OK && status.error < NOTATION_ERROR_COUNT
             && status.offset <= size && line >= 1 && line <= lines,
             "error %d at %zu of %zu, line %zu of %zu", status.error, status.offset, size, line,
             lines);
  } else {
    REQUIRE (status.error == NOTATION_OK && opening_table_count (table) <= lines, "%zu openings",
             opening_table_count (table));
  }

  /* The bytes as moves from the start: each one a square (mod 65, 64 a pass) kept if legal. */
  Position start, position;
  position_init (&start);
  position = start;
  int moves[NOTATION_MAX_MOVES];
  size_t n = 0;
  for (size_t i = 0; i < size && n < NOTATION_MAX_MOVES; i++) {
    int move = data[i] % 65;
    if (position_play (&position, move))
      moves[n++] = move;
  }
  const char *name = opening_table_name (compiled, &start, moves, n);
  REQUIRE (!name || name_in_text (name, opening_table_text, opening_table_text_length),
           "name '%s' is not in the table", name);
  if (table) {
    name = opening_table_name (table, &start, moves, n);
    REQUIRE (!name || name_in_text (name, text, size), "name '%s' is not in the text", name);
    opening_table_free (table);
  }
  return 0;
}
