/* library.c: `verso-engine library import|find`, the game library (src/library) from the command
 * line: files and folders of games imported, and the games found by player, opening or a
 * position reached (under the 8 symmetries), one a line. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "library.h"
#include "notation.h"
#include "options.h"

#define LIBRARY_USAGE_IMPORT "library import [--library FILE] PATH..."
#define LIBRARY_USAGE_FIND \
  "library find [--library FILE] [--player NAME] [--opening NAME] [--position BOARD|MOVES] [--limit N]"
#define LIBRARY_MAX_PATHS 1024

/* The library at path, or the user's; NULL after saying why. */
static Library *library_command_open (const char *path)
{
  char fallback[4096];
  if (!path) {
    if (!library_default_path (fallback, sizeof fallback)) {
      cli_error ("library: no library path: set HOME or XDG_DATA_HOME, or give --library FILE");
      return NULL;
    }
    path = fallback;
  }
  char set_aside[8192], error[8192];
  Library *library = library_open (path, set_aside, sizeof set_aside, error, sizeof error);
  if (set_aside[0])
    cli_error ("library: %s", set_aside);
  if (!library)
    cli_error ("library: %s", error);
  return library;
}

static void library_command_message (const char *text, void *user_data)
{
  int *messages = user_data;
  (*messages)++;
  cli_error ("library: %s", text);
}

static int library_command_import (int argc, char **argv)
{
  const char *path = NULL;
  char *operands[LIBRARY_MAX_PATHS];
  const Option table[] = {
    { "--library", OPTION_TEXT, &path, 0, 0 },
  };
  OptionParser parser = { .program = "verso-engine: library import", .usage = LIBRARY_USAGE_IMPORT,
                          .options = table, .n_options = OPTION_COUNT (table),
                          .operands = operands, .max_operands = LIBRARY_MAX_PATHS };
  if (!options_parse (&parser, argc, argv))
    return parser.help ? 0 : 2;
  if (parser.n_operands == 0) {
    cli_error ("library import: no file or folder given (usage: %s)", LIBRARY_USAGE_IMPORT);
    return 2;
  }
  Library *library = library_command_open (path);
  if (!library)
    return 1;
  int messages = 0;
  LibraryImport import = { .message = library_command_message, .user_data = &messages };
  bool ok = true;
  for (int i = 0; i < parser.n_operands; i++)
    ok &= library_import_path (library, operands[i], &import);
  printf ("%lld games added, %lld already there, %lld bad records skipped\n",
          (long long) import.added, (long long) import.duplicates, (long long) import.bad);
  library_close (library);
  return ok ? 0 : 1;
}

static bool library_command_print (const LibraryGame *game, void *user_data)
{
  (void) user_data;
  static const char *const endings[] = { "", " resigned", " on time", "" };
  char result[32];
  if (game->ending == LIBRARY_ENDING_UNFINISHED)
    snprintf (result, sizeof result, "unfinished");
  else
    snprintf (result, sizeof result, "%+d%s", game->disc_difference, endings[game->ending]);
  printf ("%s\t%s - %s\t%s\t%s\n", game->date[0] ? game->date : "-", game->black, game->white,
          result, game->opening[0] ? game->opening : "-");
  return true;
}

static int library_command_find (int argc, char **argv)
{
  const char *path = NULL, *position_text = NULL;
  LibraryFilter filter = LIBRARY_FILTER_INIT;
  filter.limit = 50;
  const Option table[] = {
    { "--library", OPTION_TEXT, &path, 0, 0 },
    { "--player", OPTION_TEXT, &filter.player, 0, 0 },
    { "--opening", OPTION_TEXT, &filter.opening, 0, 0 },
    { "--position", OPTION_TEXT, &position_text, 0, 0 },
    { "--limit", OPTION_INT, &filter.limit, 1, 1000000000 },
  };
  OptionParser parser = { .program = "verso-engine: library find", .usage = LIBRARY_USAGE_FIND,
                          .options = table, .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return parser.help ? 0 : 2;
  Position position;
  if (position_text && cli_parse_position ("library find --position", position_text, &position))
    return 2;
  Library *library = library_command_open (path);
  if (!library)
    return 1;
  int64_t count = position_text
                ? library_list_position (library, &position, &filter, library_command_print, NULL)
                : library_list (library, &filter, library_command_print, NULL);
  if (count < 0)
    cli_error ("library find: %s", library_error (library));
  library_close (library);
  return count < 0 ? 1 : 0;
}

int cli_library (int argc, char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "import") == 0)
    return library_command_import (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "find") == 0)
    return library_command_find (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "--help") == 0) {
    printf ("Usage: verso-engine %s\n       verso-engine %s\n", LIBRARY_USAGE_IMPORT,
            LIBRARY_USAGE_FIND);
    return 0;
  }
  cli_error ("library: expected import or find (usage: %s | %s)", LIBRARY_USAGE_IMPORT,
             LIBRARY_USAGE_FIND);
  return 2;
}
