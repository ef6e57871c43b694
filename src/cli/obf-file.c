/* obf-file.c: reading a file of OBF positions (one a line) for the commands that check an
 * engine's answers against the scores the file lists (solve, analyze). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define CLI_OBF_MAX_LINE 4096

int cli_read_obf (const char *path, CliObfLine **lines, int *count)
{
  FILE *file = fopen (path, "r");
  if (!file) {
    cli_error ("cannot open '%s': %s", path, strerror (errno));
    return 2;
  }
  char text[CLI_OBF_MAX_LINE];
  int capacity = 0, number = 0;
  *lines = NULL;
  *count = 0;
  while (fgets (text, sizeof text, file)) {
    number++;
    size_t length = strlen (text);
    if (length == sizeof text - 1 && text[length - 1] != '\n') {
      cli_error ("%s:%d: line too long", path, number);
      goto fail;
    }
    while (length > 0 && (text[length - 1] == '\n' || text[length - 1] == '\r'))
      length--;
    size_t start = strspn (text, " \t");
    if (start >= length || text[start] == '%' || text[start] == '#')
      continue;
    if (*count == capacity) {
      capacity = capacity ? capacity * 2 : 64;
      CliObfLine *grown = realloc (*lines, sizeof **lines * (size_t) capacity);
      if (!grown) {
        cli_error ("out of memory");
        goto fail;
      }
      *lines = grown;
    }
    CliObfLine *line = &(*lines)[*count];
    line->number = number;
    NotationStatus status = notation_parse_obf (text, length, &line->obf);
    if (status.error != NOTATION_OK) {
      cli_error ("%s:%d:%zu: %s", path, number, status.offset + 1,
                 notation_error_message (status.error));
      goto fail;
    }
    (*count)++;
  }
  if (ferror (file)) {
    cli_error ("cannot read '%s': %s", path, strerror (errno));
    goto fail;
  }
  fclose (file);
  return 0;

fail:
  fclose (file);
  free (*lines);
  *lines = NULL;
  *count = 0;
  return 2;
}
