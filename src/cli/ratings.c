/* ratings.c: `verso-engine ratings`, each level's rating as data/level-ratings.txt keeps it
 * (level_ratings.h): one line a level, weakest first, with its name as the settings store it,
 * its rating and its 95 % interval; then any outside anchor the table names.
 * `ratings --anchor NAME LEVEL WINS DRAWS LOSSES FILE` adds to the table in FILE an outside
 * engine rated from its games against a level (the level's wins, draws and losses, say from
 * ../shared/reference/match.py): the level's rating less the difference the score gives, with one
 * more draw as in the levels' fit, its uncertainty the level's and the games' together.
 * `ratings --simulate` (simulate.c) and `ratings --mixes` (mixes.c) are the proof of a person's
 * rating and the measure of Match my level's strengths; this file also reads and rewrites the
 * table of ratings for them. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "level.h"
#include "level_ratings.h"
#include "options.h"
#include "write-file.h"

static int print_table (void)
{
  const LevelRatings *ratings = level_ratings_compiled ();
  if (!ratings) {
    cli_error ("ratings: the compiled table of ratings does not read (data/level-ratings.txt)");
    return 1;
  }
  int missing = 0;
  for (int level = 0; level < LEVEL_COUNT; level++) {
    const char *id = level_get ((LevelId) level)->id;
    if (!ratings->known[level]) {
      printf ("%-13s unrated\n", id);
      missing++;
      continue;
    }
    printf ("%-13s %5.0f ± %.0f\n", id, ratings->levels[level].value,
            1.96 * ratings->levels[level].deviation);
  }
  for (int i = 0; i < ratings->anchor_count; i++)
    printf ("%-13s %5.0f ± %.0f (outside anchor)\n", ratings->anchor_names[i],
            ratings->anchors[i].value, 1.96 * ratings->anchors[i].deviation);
  return missing ? 1 : 0;
}

/* Reads a whole small file; NULL after saying why. */
static char *read_table_file (const char *path, size_t *length)
{
  FILE *in = fopen (path, "rb");
  if (!in) {
    cli_error ("ratings: cannot read %s: %s", path, strerror (errno));
    return NULL;
  }
  char *text = malloc (65536);
  *length = text ? fread (text, 1, 65535, in) : 0;
  bool too_long = text && !feof (in);
  fclose (in);
  if (!text || too_long) {
    cli_error ("ratings: %s: %s", path, text ? "longer than a table of ratings can be" : "out of memory");
    free (text);
    return NULL;
  }
  return text;
}

char *cli_ratings_read_table (const char *path, LevelRatings *ratings, size_t *length)
{
  char *text = read_table_file (path, length);
  char error[200];
  if (text && !level_ratings_parse (text, *length, ratings, error, sizeof error)) {
    cli_error ("ratings: %s: %s", path, error);
    free (text);
    return NULL;
  }
  return text;
}

bool cli_ratings_rewrite_table (const char *path, const char *text, size_t length,
                                const LevelRatings *ratings, const char *about, const char *comment)
{
  char *out_text = NULL;
  size_t out_length = 0, about_length = strlen (about);
  FILE *memory = open_memstream (&out_text, &out_length);
  bool ok = memory != NULL;
  for (size_t begin = 0; ok && begin < length;) {
    const char *newline = memchr (text + begin, '\n', length - begin);
    size_t end = newline ? (size_t) (newline - text) + 1 : length;
    bool is_about = end - begin > about_length + 2 && text[begin + 2 + about_length] == ':'
                    && memcmp (text + begin + 2, about, about_length) == 0;
    if (text[begin] == '#' && !is_about)
      fwrite (text + begin, 1, end - begin, memory);
    begin = end;
  }
  if (ok) {
    fprintf (memory, "# %s: %s\n", about, comment);
    ok = level_ratings_write (memory, ratings, NULL);
    ok = fclose (memory) == 0 && ok;
  }
  /* Read back before it replaces the file: what is written must read. */
  LevelRatings again;
  char error[200];
  if (ok && !level_ratings_parse (out_text, out_length, &again, error, sizeof error)) {
    cli_error ("ratings: the table to write to %s does not read: %s", path, error);
    ok = false;
  } else if (ok && !write_file_atomically (path, out_text, out_length)) {
    cli_error ("ratings: cannot write %s: %s", path, strerror (errno));
    ok = false;
  } else if (!memory) {
    cli_error ("ratings: out of memory");
  }
  free (out_text);
  return ok;
}

/* The outside anchor's rating from the level's results against it. */
static Rating anchor_rating (Rating level, int wins, int draws, int losses)
{
  double games = wins + draws + losses + 1.0;
  double score = (wins + 0.5 * draws + 0.5) / games;
  double difference = rating_difference_of_score (score);
  double spread = 400.0 / M_LN10 / sqrt (games * score * (1.0 - score));
  Rating anchor = { level.value - difference, sqrt (level.deviation * level.deviation + spread * spread) };
  return anchor;
}

static int add_anchor (int argc, char **argv)
{
  const char *name = argv[2], *path = argv[7];
  LevelId level = level_from_id (argv[3]);
  int results[3];
  for (int i = 0; i < 3; i++) {
    char *end;
    long value = strtol (argv[4 + i], &end, 10);
    if (*argv[4 + i] == '\0' || *end != '\0' || value < 0 || value > 1000000) {
      cli_error ("ratings: --anchor: '%s' is not a number of games", argv[4 + i]);
      return 2;
    }
    results[i] = (int) value;
  }
  if (level == LEVEL_NONE || level_from_id (name) != LEVEL_NONE || strcmp (name, "random") == 0
      || strcmp (name, "mix") == 0 || strlen (name) >= LEVEL_RATINGS_NAME_SIZE) {
    cli_error ("ratings: --anchor NAME LEVEL: NAME must be a new word (not a level), LEVEL a level");
    return 2;
  }
  size_t length;
  LevelRatings ratings;
  char *text = cli_ratings_read_table (path, &ratings, &length);
  bool ok = text != NULL;
  if (ok && !ratings.known[level])
    cli_error ("ratings: %s has no rating for %s", path, argv[3]);
  ok = ok && ratings.known[level];
  int slot = ratings.anchor_count;
  for (int i = 0; ok && i < ratings.anchor_count; i++)
    if (strcmp (ratings.anchor_names[i], name) == 0)
      slot = i;
  if (ok && slot == LEVEL_RATINGS_MAX_ANCHORS) {
    cli_error ("ratings: %s already names %d outside anchors", path, LEVEL_RATINGS_MAX_ANCHORS);
    ok = false;
  }
  if (ok) {
    snprintf (ratings.anchor_names[slot], LEVEL_RATINGS_NAME_SIZE, "%s", name);
    ratings.anchors[slot] = anchor_rating (ratings.levels[level], results[0], results[1], results[2]);
    ratings.anchor_count += slot == ratings.anchor_count;
    /* The comment lines stay as they were, with one more saying where the anchor came from. */
    char comment[200];
    snprintf (comment, sizeof comment, "verso-engine ratings --anchor %s %s %d %d %d (the level's wins, draws, losses)",
              name, argv[3], results[0], results[1], results[2]);
    ok = cli_ratings_rewrite_table (path, text, length, &ratings, name, comment);
    if (ok)
      printf ("%s %.0f ± %.0f\n", name, ratings.anchors[slot].value, 1.96 * ratings.anchors[slot].deviation);
  }
  free (text);
  return ok ? 0 : 1;
}

int cli_ratings (int argc, char **argv)
{
  if (argc == 1)
    return print_table ();
  if (argc == 8 && strcmp (argv[1], "--anchor") == 0)
    return add_anchor (argc, argv);
  if (strcmp (argv[1], "--simulate") == 0 || strncmp (argv[1], "--simulate=", 11) == 0)
    return cli_ratings_simulate (argc, argv);
  if (strcmp (argv[1], "--mixes") == 0 || strncmp (argv[1], "--mixes=", 8) == 0)
    return cli_ratings_mixes (argc, argv);
  cli_error ("ratings: usage: verso-engine ratings [--anchor NAME LEVEL WINS DRAWS LOSSES FILE | "
             "--simulate STRENGTH [--games N] [--start RATING] [--seed S] | "
             "--mixes FILE [--weights W,W,...] [--games N] [--to LEVEL] [--jobs N] [--seed S]]");
  return 2;
}
