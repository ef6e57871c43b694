/* fuzz-level-tables.c: the two tables the levels are made of, as text: how people err
 * (human_errors_parse) and the levels' ratings (level_ratings_parse, which `verso-engine ratings
 * --anchor` also reads from a file). A table that does not parse says why; one that parses is
 * written and read again to the same table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "human_errors.h"
#include "level_ratings.h"

/* A table the levels read from text and write back: its size, and its reader and writer with the
 * table as void *. */
typedef struct TextTable {
  size_t size;
  bool (*parse) (const char *text, size_t length, void *table, char *error, size_t error_size);
  bool (*write) (FILE *out, const void *table);
} TextTable;

static bool parse_human_errors (const char *text, size_t length, void *table, char *error,
                                size_t error_size)
{
  return human_errors_parse (text, length, table, error, error_size);
}

static bool write_human_errors (FILE *out, const void *table)
{
  return human_errors_write (out, table, NULL);
}

static bool parse_level_ratings (const char *text, size_t length, void *table, char *error,
                                 size_t error_size)
{
  return level_ratings_parse (text, length, table, error, error_size);
}

static bool write_level_ratings (FILE *out, const void *table)
{
  return level_ratings_write (out, table, NULL);
}

static const TextTable tables[] = {
  { sizeof (HumanErrors), parse_human_errors, write_human_errors },
  { sizeof (LevelRatings), parse_level_ratings, write_level_ratings },
};

/* Each table holds its numbers as written (the ratings to a tenth): read again, the very same
 * table. */
static void check_table (const TextTable *kind, const char *text, size_t size)
{
  void *table = calloc (1, kind->size), *again = calloc (1, kind->size);
  REQUIRE (table && again, "out of memory");
  char error[200] = "";
  if (kind->parse (text, size, table, error, sizeof error)) {
    char *written = NULL;
    size_t length = 0;
    FILE *out = open_memstream (&written, &length);
    REQUIRE (out && kind->write (out, table), "the table could not be written");
    fclose (out);
    REQUIRE (kind->parse (written, length, again, error, sizeof error),
             "written, it does not read: %s", error);
    REQUIRE (memcmp (table, again, kind->size) == 0, "written and read, the table changed");
    free (written);
  } else {
    REQUIRE (error[0], "a refusal without a message");
  }
  free (again);
  free (table);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
    check_table (&tables[i], (const char *) data, size);
  return 0;
}
