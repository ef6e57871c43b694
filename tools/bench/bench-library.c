/* bench-library.c: the game library's speed (src/library): every game of a folder of WTHOR files
 * imported into a library in a temporary folder, then filter queries and position searches
 * timed. Prints numbers, never fails on them.
 *
 *   bench-library WTHOR_FOLDER [REPEATS]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clock.h"
#include "library.h"

static bool count_game (const LibraryGame *game, void *user_data)
{
  (void) game;
  (*(int64_t *) user_data)++;
  return true;
}

static void say (const char *text, void *user_data)
{
  (void) user_data;
  fprintf (stderr, "%s\n", text);
}

/* The best of repeats runs of a list, in milliseconds; the games it kept in *games. */
static double time_list (Library *library, const LibraryFilter *filter, const char *moves,
                         int repeats, int64_t *games)
{
  Position position;
  position_init (&position);
  if (moves) {
    int played[NOTATION_MAX_MOVES];
    size_t n;
    notation_parse_transcript (moves, strlen (moves), &position, played, NOTATION_MAX_MOVES, &n);
  }
  double best = 1e30;
  for (int r = 0; r < repeats; r++) {
    int64_t visited = 0;
    double start = clock_seconds ();
    if (moves)
      library_list_position (library, &position, filter, count_game, &visited);
    else
      library_list (library, filter, count_game, &visited);
    double ms = 1000 * (clock_seconds () - start);
    best = ms < best ? ms : best;
    *games = visited;
  }
  return best;
}

int main (int argc, char **argv)
{
  if (argc < 2) {
    fprintf (stderr, "usage: bench-library WTHOR_FOLDER [REPEATS]\n");
    return 2;
  }
  int repeats = argc > 2 ? atoi (argv[2]) : 3;
  repeats = repeats > 0 ? repeats : 1;
  char folder[] = "/tmp/bench-library-XXXXXX";
  if (!mkdtemp (folder)) {
    perror ("bench-library: mkdtemp");
    return 1;
  }
  char path[256];
  snprintf (path, sizeof path, "%s/library.sqlite", folder);
  char error[1024];
  Library *library = library_open (path, NULL, 0, error, sizeof error);
  if (!library) {
    fprintf (stderr, "bench-library: %s\n", error);
    return 1;
  }
  LibraryImport import = { .message = say };
  double start = clock_seconds ();
  bool imported = library_import_path (library, argv[1], &import);
  double seconds = clock_seconds () - start;
  struct stat info;
  stat (path, &info);
  printf ("games imported  %lld (%lld duplicates, %lld bad)%s\n", (long long) import.added,
          (long long) import.duplicates, (long long) import.bad, imported ? "" : " FAILED");
  printf ("seconds         %.1f\n", seconds);
  printf ("games/s         %.0f\n", import.added / seconds);
  printf ("file size       %.1f MB\n", info.st_size / 1e6);

  struct {
    const char *name;
    LibraryFilter filter;
    const char *moves;
  } queries[] = {
    { "player substring 'tastet', 50 by date", { .player = "tastet", .rules = -1, .limit = 50 }, NULL },
    { "player 'tastet', all", { .player = "tastet", .rules = -1 }, NULL },
    { "opening 'Tiger', 50 by player", { .opening = "Tiger", .rules = -1, .limit = 50,
                                         .sort = LIBRARY_SORT_PLAYER }, NULL },
    { "years 1990-1995, black won, 100", { .date_from = "1990", .date_to = "1995", .result = 1,
                                           .rules = -1, .limit = 100 }, NULL },
    { "all, by result, page 1000 of 50", { .rules = -1, .sort = LIBRARY_SORT_RESULT,
                                           .limit = 50, .offset = 50000 }, NULL },
    { "position f5 d6 c3, 50", { .rules = -1, .limit = 50 }, "f5d6c3" },
    { "position f5 d6 c3, all", { .rules = -1 }, "f5d6c3" },
    { "position c4 e3 f6 (turned), all", { .rules = -1 }, "c4e3f6" },
    { "position f5 f6 e6 f4 e3 f2 (rose-bill line), all", { .rules = -1 }, "f5f6e6f4e3f2" },
    { "position 20 plies (tiger), all", { .rules = -1 },
      "f5d6c3d3c4f4f6f3e6e7d7c5b6c6e3f7c7b5b4a6" },
  };
  for (size_t i = 0; i < sizeof queries / sizeof queries[0]; i++) {
    int64_t games = 0;
    double ms = time_list (library, &queries[i].filter, queries[i].moves, repeats, &games);
    printf ("%-50s %8.1f ms  %7lld games\n", queries[i].name, ms, (long long) games);
  }
  library_close (library);
  char command[300];
  snprintf (command, sizeof command, "rm -rf '%s'", folder);
  return system (command) == 0 ? 0 : 1;
}
