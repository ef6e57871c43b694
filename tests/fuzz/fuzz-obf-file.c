/* fuzz-obf-file.c: OBF files. An error leaves no position and says a place inside the text whose
 * line and column agree with its offset; a file that reads holds its positions in the order of
 * their lines, each what the OBF line reader makes of its line without the comment. */
#include <string.h>

#include "fuzz.h"
#include "notation.h"

/* The line (from 1) of text holding offset, and where it begins. */
static size_t line_of (const char *text, size_t offset, size_t *begin)
{
  size_t line = 1;
  *begin = 0;
  for (size_t i = 0; i < offset; i++)
    if (text[i] == '\n') {
      line++;
      *begin = i + 1;
    }
  return line;
}

static void check_error (const char *text, size_t size, NotationStatus status,
                         const NotationObfFile *file, size_t line, size_t column)
{
  REQUIRE (status.error < NOTATION_ERROR_COUNT && status.offset <= size, "error %d at %zu of %zu",
           status.error, status.offset, size);
  REQUIRE (file->n_entries == 0 && file->entries == NULL, "positions left after an error");
  size_t begin;
  REQUIRE (line == line_of (text, status.offset, &begin), "line %zu for offset %zu", line,
           status.offset);
  REQUIRE (column >= 1 && column <= status.offset - begin + 1, "column %zu for offset %zu", column,
           status.offset);
}

/* The entry is what the line reader makes of its line up to the first comment. */
static void check_entry (const char *text, size_t size, const NotationObfEntry *entry)
{
  size_t begin = 0, line = 1;
  while (line < entry->line) {
    const char *newline = memchr (text + begin, '\n', size - begin);
    REQUIRE (newline != NULL, "line %zu past the end", entry->line);
    begin = (size_t) (newline - text) + 1;
    line++;
  }
  size_t end = begin;
  while (end < size && text[end] != '\n' && text[end] != '%' && text[end] != '#')
    end++;
  NotationObf alone;
  NotationStatus status = notation_parse_obf (text + begin, end - begin, &alone);
  REQUIRE (!status.error, "line %zu read in the file, not alone", entry->line);
  const Position *position = &entry->obf.position;
  REQUIRE (alone.position.board.player == position->board.player
           && alone.position.board.opponent == position->board.opponent
           && alone.position.side_to_move == position->side_to_move
           && alone.n_moves == entry->obf.n_moves, "line %zu differs read alone", entry->line);
  for (size_t k = 0; k < alone.n_moves; k++)
    REQUIRE (alone.moves[k].move == entry->obf.moves[k].move
             && alone.moves[k].score == entry->obf.moves[k].score,
             "line %zu: move %zu differs read alone", entry->line, k + 1);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  NotationObfFile file;
  size_t line = 0, column = 0;
  NotationStatus status = notation_parse_obf_file (text, size, &file, &line, &column);
  if (status.error) {
    check_error (text, size, status, &file, line, column);
    return 0;
  }
  REQUIRE (file.n_entries > 0, "no position and no error");
  for (size_t i = 0; i < file.n_entries; i++) {
    REQUIRE (i == 0 || file.entries[i].line > file.entries[i - 1].line, "lines out of order");
    check_entry (text, size, &file.entries[i]);
  }
  notation_obf_file_clear (&file);
  return 0;
}
