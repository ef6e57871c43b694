/* obf-file.c: reading a file of OBF positions for the commands that check an engine's answers
 * against the scores the file lists (solve, analyze), through the engine's one OBF file reader,
 * and the search table they solve them with. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The whole file in memory; NULL after saying why. */
static char *read_all (const char *path, FILE *file, size_t *length)
{
  size_t capacity = 4096, used = 0;
  char *text = malloc (capacity);
  while (text) {
    used += fread (text + used, 1, capacity - used, file);
    if (used < capacity)
      break;
    char *grown = realloc (text, capacity * 2);
    if (!grown) {
      free (text);
      text = NULL;
      break;
    }
    text = grown;
    capacity *= 2;
  }
  if (!text) {
    cli_error ("out of memory reading '%s'", path);
    return NULL;
  }
  if (ferror (file)) {
    cli_error ("cannot read '%s': %s", path, strerror (errno));
    free (text);
    return NULL;
  }
  *length = used;
  return text;
}

int cli_read_obf (const char *path, NotationObfFile *positions)
{
  *positions = (NotationObfFile) { 0, NULL };
  FILE *file = fopen (path, "r");
  if (!file) {
    cli_error ("cannot open '%s': %s", path, strerror (errno));
    return 2;
  }
  size_t length = 0;
  char *text = read_all (path, file, &length);
  fclose (file);
  if (!text)
    return 2;
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
