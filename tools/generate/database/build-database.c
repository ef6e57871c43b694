/* build-database.c: makes the tournament database, data/database.bin (database.h), from WTHOR
 * games, deterministically.
 *
 *   build-database [--wthor DIR] [--out FILE] [--plies N] [--min-games K]
 *
 * Every position after each of the first N plies (default 24) of every game of DIR's .wtb files
 * (read in name order) is put in canonical form and counted with the game's result, from the
 * view of the player who moved into it; the positions reached by at least K games (default 3)
 * are written. The same files give the same bytes. The script build-database beside this file
 * runs it and writes data/database.bin. */
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"
#include "database.h"
#include "options.h"
#include "write-file.h"
#include "wthor.h"

#define BUILD_DATABASE_USAGE "build-database [--wthor DIR] [--out FILE] [--plies N] [--min-games K]"

typedef struct Reading {
  DatabaseBuilder *builder;
  bool failed;
} Reading;

static void read_file (const WthorFile *file, void *user_data)
{
  Reading *reading = user_data;
  if (!reading->failed && !database_builder_add_file (reading->builder, file))
    reading->failed = true;
}

int main (int argc, char **argv)
{
  struct { const char *wthor, *out; int plies, min_games; } options =
    { "../shared/data/wthor", "data/database.bin", 24, 3 };
  const Option table[] = {
    { "--wthor", OPTION_TEXT, &options.wthor, 0, 0 },
    { "--out", OPTION_TEXT, &options.out, 0, 0 },
    { "--plies", OPTION_INT, &options.plies, 1, DATABASE_MAX_DEPTH },
    { "--min-games", OPTION_INT, &options.min_games, 1, 1000000 },
  };
  OptionParser parser = { .program = "build-database", .usage = BUILD_DATABASE_USAGE,
                          .options = table, .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return parser.help ? 0 : 2;

  double start = clock_seconds ();
  Reading reading = { database_builder_new (options.plies), false };
  char error[512];
  if (!reading.builder) {
    fprintf (stderr, "build-database: out of memory\n");
    return 1;
  }
  if (!wthor_read_directory (options.wthor, read_file, &reading, stderr, error, sizeof error)
      || reading.failed) {
    fprintf (stderr, "build-database: %s\n", reading.failed ? "out of memory" : error);
    database_builder_free (reading.builder);
    return 1;
  }
  size_t size;
  uint8_t *bytes = database_builder_encode (reading.builder, (uint32_t) options.min_games, &size);
  database_builder_free (reading.builder);
  if (!bytes) {
    fprintf (stderr, "build-database: out of memory\n");
    return 1;
  }
  Database *database = database_decode (bytes, size, error, sizeof error);
  bool written = database && write_file_atomically (options.out, bytes, size);
  if (!database)
    fprintf (stderr, "build-database: the index made does not read back: %s\n", error);
  else if (!written)
    perror (options.out);
  else
    printf ("%s: %u games, %zu positions of the first %d plies reached by %d or more games, "
            "%zu bytes, %.1f s\n", options.out, database_games (database),
            database_count (database), options.plies, options.min_games, size,
            clock_seconds () - start);
  database_free (database);
  free (bytes);
  return written ? 0 : 1;
}
