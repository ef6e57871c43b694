/* obf-file.c: reading a file of OBF positions for the commands that check an engine's answers
 * against the scores the file lists (solve, analyze), through the engine's one OBF file reader,
 * and the search table they solve them with. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "read-file.h"

int cli_read_obf (const char *path, NotationObfFile *positions)
{
  *positions = (NotationObfFile) { 0, NULL };
  size_t length = 0;
  char error[200];
  char *text = (char *) read_file_whole (path, SIZE_MAX, &length, error, sizeof error);
  if (!text) {
    cli_error ("cannot read '%s': %s", path, error);
    return 2;
  }
  size_t line, column;
  NotationStatus status = notation_parse_obf_file (text, length, positions, &line, &column);
  free (text);
  if (status.error != NOTATION_OK) {
    cli_error ("%s:%zu:%zu: %s", path, line, column, notation_error_message (status.error));
    return 2;
  }
  return 0;
}

Search *cli_search_new (size_t hash_bytes)
{
  Search *search = search_new (hash_bytes);
  if (!search && hash_bytes)
    cli_error ("out of memory for a %zu MB search table", hash_bytes >> 20);
  else if (!search)
    cli_error ("out of memory for the search table");
  return search;
}

int cli_open_obf_file (const char *path, size_t hash_bytes, NotationObfFile *positions,
                       Search **search)
{
  int status = cli_read_obf (path, positions);
  if (status)
    return status;
  *search = cli_search_new (hash_bytes);
  if (!*search) {
    notation_obf_file_clear (positions);
    return 1;
  }
  return 0;
}
