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

static void check_human_errors (const char *text, size_t size)
{
  HumanErrors errors, again;
  char error[200] = "";
  if (!human_errors_parse (text, size, &errors, error, sizeof error)) {
    REQUIRE (error[0], "a refusal without a message");
    return;
  }
  char *written = NULL;
  size_t length = 0;
  FILE *out = open_memstream (&written, &length);
  REQUIRE (out && human_errors_write (out, &errors, NULL), "the table could not be written");
  fclose (out);
  REQUIRE (human_errors_parse (written, length, &again, error, sizeof error),
           "written, it does not read: %s", error);
  REQUIRE (memcmp (&errors, &again, sizeof errors) == 0, "written and read, the table changed");
  free (written);
}

static void check_level_ratings (const char *text, size_t size)
{
  LevelRatings ratings, again;
  char error[200] = "";
  if (!level_ratings_parse (text, size, &ratings, error, sizeof error)) {
    REQUIRE (error[0], "a refusal without a message");
    return;
  }
  char *written = NULL;
  size_t length = 0;
  FILE *out = open_memstream (&written, &length);
  REQUIRE (out && level_ratings_write (out, &ratings, NULL), "the table could not be written");
  fclose (out);
  /* The table holds its numbers to a tenth, as written: read again, the very same table. */
  REQUIRE (level_ratings_parse (written, length, &again, error, sizeof error),
           "written, it does not read: %s", error);
  REQUIRE (memcmp (&again, &ratings, sizeof again) == 0, "written and read, the table changed");
  free (written);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  check_human_errors ((const char *) data, size);
  check_level_ratings ((const char *) data, size);
  return 0;
}
