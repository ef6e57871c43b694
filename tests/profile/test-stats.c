/* test-stats.c: the statistics of games against the computer (verso-stats.c): counts per rules
 * and level, the file written atomically and read back, damaged files kept aside and warned
 * about, a file that cannot be written, and the person's rating game by game
 * (verso-rating-history.c). */
#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "check-glib.h"
#include "user-file.h"
#include "level_ratings.h"
#include "verso-stats.h"

/* A fixed time for the rated games: 2024-06-10, and one day. */
#define T0 G_GINT64_CONSTANT (1718000000)
#define DAY (24 * 60 * 60)

typedef UserFile Fixture;

static void fixture_set_up (Fixture *fixture, gconstpointer unused)
{
  user_file_set_up (fixture, "statistics.ini");
}

static void fixture_tear_down (Fixture *fixture, gconstpointer unused)
{
  user_file_tear_down (fixture);
}

static void assert_entry (VersoStats *stats, Rules rules, LevelId level, guint won, guint lost,
                          guint drawn, gint64 disc_sum)
{
  VersoStatsEntry entry = verso_stats_get (stats, rules, level);

  CHECK_CMP_UINT (entry.won, ==, won);
  CHECK_CMP_UINT (entry.lost, ==, lost);
  CHECK_CMP_UINT (entry.drawn, ==, drawn);
  CHECK_CMP_INT (entry.disc_sum, ==, disc_sum);
  CHECK_CMP_UINT (verso_stats_entry_games (&entry), ==, won + lost + drawn);
}

static void test_add_counts_and_saves (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (VersoStats) again = NULL;
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;

  assert_entry (stats, RULES_STANDARD, LEVEL_MASTER, 0, 0, 0, 0);
  CHECK (!g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  CHECK (verso_stats_add (stats, RULES_STANDARD, LEVEL_MASTER, 10, &error));
  CHECK_NO_ERROR (error);
  CHECK (verso_stats_add (stats, RULES_STANDARD, LEVEL_MASTER, -34, &error));
  CHECK (verso_stats_add (stats, RULES_STANDARD, LEVEL_MASTER, 0, &error));
  CHECK (verso_stats_add (stats, RULES_REVERSE, LEVEL_BEGINNER, 64, &error));
  CHECK_NO_ERROR (error);
  assert_entry (stats, RULES_STANDARD, LEVEL_MASTER, 1, 1, 1, -24);
  assert_entry (stats, RULES_REVERSE, LEVEL_BEGINNER, 1, 0, 0, 64);
  assert_entry (stats, RULES_REVERSE, LEVEL_MASTER, 0, 0, 0, 0);
  assert_entry (stats, RULES_STANDARD, LEVEL_BEGINNER, 0, 0, 0, 0);

  /* The file says it in its own words. */
  CHECK (g_key_file_load_from_file (file, fixture->path, G_KEY_FILE_NONE, &error));
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (g_key_file_get_integer (file, "standard.master", "won", NULL), ==, 1);
  CHECK_CMP_INT (g_key_file_get_integer (file, "standard.master", "lost", NULL), ==, 1);
  CHECK_CMP_INT (g_key_file_get_integer (file, "standard.master", "drawn", NULL), ==, 1);
  CHECK_CMP_INT (g_key_file_get_integer (file, "standard.master", "discs", NULL), ==, -24);
  CHECK_CMP_INT (g_key_file_get_integer (file, "reverse.beginner", "discs", NULL), ==, 64);
  CHECK (!g_key_file_has_group (file, "standard.beginner"));

  again = verso_stats_new (fixture->path);
  assert_entry (again, RULES_STANDARD, LEVEL_MASTER, 1, 1, 1, -24);
  assert_entry (again, RULES_REVERSE, LEVEL_BEGINNER, 1, 0, 0, 64);
}

/* The file is replaced by a rename: no temporary file stays, and one that was open before the
 * write still reads the old counts. */
static void test_writes_are_atomic (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = NULL;
  g_autofree char *folder = g_path_get_dirname (fixture->path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  char old_text[512] = { 0 };
  FILE *old;
  const char *name;
  guint files = 0;

  CHECK (verso_stats_add (stats, RULES_STANDARD, LEVEL_NOVICE, 4, &error));
  CHECK (g_file_get_contents (fixture->path, &before, NULL, NULL));
  old = fopen (fixture->path, "r");
  REQUIRE (old != NULL);
  CHECK (verso_stats_add (stats, RULES_STANDARD, LEVEL_NOVICE, 6, &error));
  CHECK_NO_ERROR (error);
  CHECK_CMP_UINT (fread (old_text, 1, sizeof old_text - 1, old), ==, strlen (before));
  fclose (old);
  CHECK_CMP_STR (old_text, ==, before);
  CHECK (g_file_get_contents (fixture->path, &after, NULL, NULL));
  REQUIRE (strstr (after, "discs=10") != NULL);

  dir = g_dir_open (folder, 0, &error);
  CHECK_NO_ERROR (error);
  while ((name = g_dir_read_name (dir)))
    files++;
  CHECK_CMP_UINT (files, ==, 1);
}

static void test_reset_forgets_everything (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (VersoStats) again = NULL;
  g_autoptr (GError) error = NULL;

  CHECK (verso_stats_add (stats, RULES_REVERSE, LEVEL_EXPERT, -2, &error));
  CHECK (verso_stats_reset (stats, &error));
  CHECK_NO_ERROR (error);
  assert_entry (stats, RULES_REVERSE, LEVEL_EXPERT, 0, 0, 0, 0);
  again = verso_stats_new (fixture->path);
  assert_entry (again, RULES_REVERSE, LEVEL_EXPERT, 0, 0, 0, 0);
}

/* A damaged file: each problem is warned about with the file and where; what reads is kept;
 * the original is kept as .damaged before the first write. */
static void test_damaged_file_is_kept_aside (Fixture *fixture, gconstpointer unused)
{
  g_autofree char *kept = NULL;
  g_autoptr (VersoStats) stats = NULL;
  g_autoptr (VersoStats) again = NULL;
  g_autoptr (GError) error = NULL;
  const char *text =
    "[standard.master]\n"
    "won=3\n"
    "lost=2\n"
    "drawn=1\n"
    "discs=-12\n"
    "this line is no key\n"
    "[standard.casual]\n"
    "won=many\n"
    "lost=4\n"
    "discs=-20\n"
    "[reverse.godlike]\n"
    "won=1\n"
    "[reverse.novice]\n"
    "won=1\n"
    "discs=500\n";

  user_file_write_damaged (fixture, text, -1, "line 6: *", "[standard.casual] won: “many”*",
                                    "[reverse.godlike] is not*", "[reverse.novice] discs: 500*",
                                    NULL);
  stats = verso_stats_new (fixture->path);
  CHECK_EXPECTED_MESSAGES ();

  assert_entry (stats, RULES_STANDARD, LEVEL_MASTER, 3, 2, 1, -12);
  assert_entry (stats, RULES_STANDARD, LEVEL_CASUAL, 0, 4, 0, -20);
  assert_entry (stats, RULES_REVERSE, LEVEL_NOVICE, 1, 0, 0, 0);
  /* Reading changes nothing on disk. */
  CHECK (!g_file_test (fixture->damaged, G_FILE_TEST_EXISTS));

  CHECK (verso_stats_add (stats, RULES_STANDARD, LEVEL_MASTER, 8, &error));
  CHECK_NO_ERROR (error);
  CHECK (g_file_get_contents (fixture->damaged, &kept, NULL, NULL));
  CHECK_CMP_STR (kept, ==, text);
  again = verso_stats_new (fixture->path);
  assert_entry (again, RULES_STANDARD, LEVEL_MASTER, 4, 2, 1, -4);
  assert_entry (again, RULES_STANDARD, LEVEL_CASUAL, 0, 4, 0, -20);

  /* Kept once: a second write leaves the damaged original as it was. */
  CHECK (verso_stats_add (stats, RULES_STANDARD, LEVEL_MASTER, 8, &error));
  g_clear_pointer (&kept, g_free);
  CHECK (g_file_get_contents (fixture->damaged, &kept, NULL, NULL));
  CHECK_CMP_STR (kept, ==, text);
}

/* Bytes that are not text: nothing reads, and the bytes are kept as they were. */
static void test_binary_file_is_kept_aside (Fixture *fixture, gconstpointer unused)
{
  g_autofree char *kept = NULL;
  g_autoptr (VersoStats) stats = NULL;
  g_autoptr (GError) error = NULL;
  const char binary[] = { '[', 's', 0, (char) 0xff, '\n' };
  gsize length = 0;

  user_file_write_damaged (fixture, binary, sizeof binary, "not a text file*", NULL);
  stats = verso_stats_new (fixture->path);
  CHECK_EXPECTED_MESSAGES ();
  assert_entry (stats, RULES_STANDARD, LEVEL_MASTER, 0, 0, 0, 0);
  CHECK (verso_stats_reset (stats, &error));
  CHECK_NO_ERROR (error);
  CHECK (g_file_get_contents (fixture->damaged, &kept, &length, NULL));
  CHECK_CMP_UINT (length, ==, sizeof binary);
  CHECK (length != sizeof binary || memcmp (kept, binary, length) == 0);
}

/* A file that cannot be written: the error says so and the counts stay in memory. */
static void test_unwritable_file_keeps_counts (Fixture *fixture, gconstpointer unused)
{
  g_autofree char *blocker = g_build_filename (fixture->dir, "verso", NULL);
  g_autoptr (VersoStats) stats = NULL;
  g_autoptr (GError) error = NULL;

  /* Where the folder should be there is a file: no one, root included, can write under it. */
  CHECK (g_file_set_contents (blocker, "", 0, NULL));
  stats = verso_stats_new (fixture->path);
  CHECK (!verso_stats_add (stats, RULES_STANDARD, LEVEL_ADVANCED, 12, &error));
  CHECK_ERROR (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
  REQUIRE (strstr (error->message, "verso") != NULL);
  assert_entry (stats, RULES_STANDARD, LEVEL_ADVANCED, 1, 0, 0, 12);
  g_clear_error (&error);
  CHECK (!verso_stats_add (stats, RULES_STANDARD, LEVEL_ADVANCED, -2, &error));
  assert_entry (stats, RULES_STANDARD, LEVEL_ADVANCED, 1, 1, 0, 10);
  CHECK_CMP_INT (g_remove (blocker), ==, 0);
}

/* A read-only folder (permissions do not stop root, so the test skips there). */
static void test_read_only_folder_fails (Fixture *fixture, gconstpointer unused)
{
  g_autofree char *folder = g_path_get_dirname (fixture->path);
  g_autoptr (VersoStats) stats = NULL;
  g_autoptr (GError) error = NULL;

  if (geteuid () == 0) {
    check_skip ("root writes into read-only folders");
    return;
  }
  CHECK_CMP_INT (g_mkdir_with_parents (folder, 0700), ==, 0);
  CHECK_CMP_INT (g_chmod (folder, 0500), ==, 0);
  stats = verso_stats_new (fixture->path);
  CHECK (!verso_stats_add (stats, RULES_REVERSE, LEVEL_CASUAL, 3, &error));
  CHECK_ERROR (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
  assert_entry (stats, RULES_REVERSE, LEVEL_CASUAL, 1, 0, 0, 3);
  CHECK_CMP_INT (g_chmod (folder, 0700), ==, 0);
}

/* The rating. */

static Rating level_rating_of (LevelId level)
{
  Rating rating = { 0, 0 };

  REQUIRE (level_rating (level, &rating));
  return rating;
}

/* Before any game: the start, the Casual level's rating with a new player's deviation. */
static void test_rating_starts_at_casual (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  Rating rating = verso_stats_get_rating (stats, T0);
  guint count = 99;

  CHECK_NEAR (rating.value, level_rating_of (LEVEL_CASUAL).value, 1e-9);
  CHECK_NEAR (rating.deviation, RATING_NEW_DEVIATION, 1e-9);
  verso_stats_get_rating_history (stats, &count);
  CHECK_CMP_UINT (count, ==, 0);
  CHECK (!verso_stats_get_last_rating_change (stats, NULL, NULL));
}

/* A win over a stronger level raises the rating and a loss lowers it; the history keeps each
 * game; the uncertainty shrinks with games. */
static void test_rating_moves_with_results (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (GError) error = NULL;
  Rating start = verso_stats_get_rating (stats, T0), after, lost;
  const VersoRatingEntry *history;
  double change = 0;
  guint count;

  CHECK (verso_stats_add_rated (stats, RULES_STANDARD, LEVEL_ADVANCED, NULL, 10, T0, &error));
  CHECK_NO_ERROR (error);
  CHECK (verso_stats_get_last_rating_change (stats, &after, &change));
  CHECK_CMP_FLOAT (after.value, >, start.value + 50);
  CHECK_CMP_FLOAT (after.deviation, <, start.deviation);
  CHECK_NEAR (change, after.value - start.value, 1e-9);

  CHECK (verso_stats_add_rated (stats, RULES_STANDARD, LEVEL_BEGINNER, NULL, -4, T0 + 60, &error));
  CHECK (verso_stats_get_last_rating_change (stats, &lost, &change));
  CHECK_CMP_FLOAT (lost.value, <, after.value);
  CHECK_CMP_FLOAT (change, <, 0);
  history = verso_stats_get_rating_history (stats, &count);
  CHECK_CMP_UINT (count, ==, 2);
  CHECK_CMP_INT (history[0].time, ==, T0);
  CHECK_CMP_INT (history[0].level, ==, LEVEL_ADVANCED);
  CHECK_NEAR (history[0].opponent.value, level_rating_of (LEVEL_ADVANCED).value, 1e-9);
  CHECK_CMP_FLOAT (history[0].score, ==, 1.0);
  CHECK_CMP_FLOAT (history[1].score, ==, 0.0);
  CHECK_NEAR (history[1].rating.value, lost.value, 1e-9);
  /* The counts still count the games. */
  assert_entry (stats, RULES_STANDARD, LEVEL_ADVANCED, 1, 0, 0, 10);
}

/* Games under other rules count in the statistics but not in the rating (the levels are rated
 * under the standard rules). */
static void test_rating_ignores_reverse (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (GError) error = NULL;
  guint count;

  CHECK (verso_stats_add_rated (stats, RULES_STANDARD, LEVEL_CASUAL, NULL, 2, T0, &error));
  CHECK (verso_stats_add_rated (stats, RULES_REVERSE, LEVEL_MASTER, NULL, 20, T0 + 60, &error));
  CHECK (!verso_stats_get_last_rating_change (stats, NULL, NULL));
  verso_stats_get_rating_history (stats, &count);
  CHECK_CMP_UINT (count, ==, 1);
  assert_entry (stats, RULES_REVERSE, LEVEL_MASTER, 1, 0, 0, 20);
}

/* Match my level: the game counts under the mix's nearest level and is rated at the mix's
 * rating, which lies between its two levels'. */
static void test_rating_against_a_mix (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (GError) error = NULL;
  LevelMix mix = { LEVEL_CASUAL, LEVEL_INTERMEDIATE, 0.75 }, matched;
  const VersoRatingEntry *history;
  guint count;

  CHECK (verso_stats_add_rated (stats, RULES_STANDARD, level_mix_nearest (&mix), &mix, 0, T0, &error));
  history = verso_stats_get_rating_history (stats, &count);
  CHECK_CMP_UINT (count, ==, 1);
  CHECK_CMP_INT (history[0].level, ==, LEVEL_INTERMEDIATE);
  CHECK_NEAR (history[0].opponent.value, level_mix_rating (&mix).value, 1e-9);
  CHECK_CMP_FLOAT (history[0].opponent.value, >, level_rating_of (LEVEL_CASUAL).value);
  CHECK_CMP_FLOAT (history[0].opponent.value, <, level_rating_of (LEVEL_INTERMEDIATE).value);
  assert_entry (stats, RULES_STANDARD, LEVEL_INTERMEDIATE, 0, 0, 1, 0);
  /* The mix for the person's rating is rated at it. */
  CHECK (verso_stats_get_match_mix (stats, T0, &matched));
  CHECK_NEAR (level_mix_rating (&matched).value, verso_stats_get_rating (stats, T0).value, 0.5);
}

/* Idle days widen the uncertainty, never beyond a new player's; the value stays. */
static void test_rating_widens_when_idle (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (GError) error = NULL;
  Rating now, later, much_later;

  for (int i = 0; i < 6; i++)
    CHECK (verso_stats_add_rated (stats, RULES_STANDARD, LEVEL_CASUAL, NULL, i % 2 ? 4 : -4, T0 + i, &error));
  now = verso_stats_get_rating (stats, T0 + 6);
  later = verso_stats_get_rating (stats, T0 + 30 * DAY);
  much_later = verso_stats_get_rating (stats, T0 + 5000 * DAY);
  CHECK_NEAR (later.value, now.value, 1e-9);
  CHECK_CMP_FLOAT (later.deviation, >, now.deviation + 10);
  CHECK_CMP_FLOAT (much_later.deviation, <=, RATING_NEW_DEVIATION);
  CHECK_CMP_FLOAT (much_later.deviation, >, later.deviation);
}

/* The rating is made from all the games, the older fading: a loss a year before a win against
 * the same level weighs a quarter of it (RATING_MEMORY_DAYS), so the rating ends well above where
 * the two games of one day would leave it. */
static void test_rating_fades_the_past (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (GError) error = NULL;
  Rating start = verso_stats_get_rating (stats, T0), after;
  Rating casual = level_rating_of (LEVEL_CASUAL);
  RatingGame same_day[] = { { casual, 0.0, rating_fading (1, 0) }, { casual, 1.0, 1.0 } };
  double change;

  CHECK (verso_stats_add_rated (stats, RULES_STANDARD, LEVEL_CASUAL, NULL, -6, T0, &error));
  CHECK (verso_stats_add_rated (stats, RULES_STANDARD, LEVEL_CASUAL, NULL, 6, T0 + 2 * 180 * DAY, &error));
  CHECK_NO_ERROR (error);
  CHECK (verso_stats_get_last_rating_change (stats, &after, &change));
  check_note ("a loss, then a win a year later: %.1f from %.1f; the same day: %.1f", after.value, start.value,
              rating_estimate (start, same_day, 2).value);
  CHECK_CMP_FLOAT (after.value, >, start.value + 40);
  CHECK_CMP_FLOAT (after.value, >, rating_estimate (start, same_day, 2).value + 40);
}

/* What a rating means: "about" a level only when the person would win about half their games
 * against it; between two levels, the share against each; beyond the strongest, against it. */
static void test_rating_in_words (Fixture *fixture, gconstpointer unused)
{
  Rating intermediate = level_rating_of (LEVEL_INTERMEDIATE), advanced = level_rating_of (LEVEL_ADVANCED);
  Rating master = level_rating_of (LEVEL_MASTER);
  double between = (intermediate.value + advanced.value) / 2;
  g_autofree char *at_casual = verso_rating_describe (level_rating_of (LEVEL_CASUAL).value + 20);
  g_autofree char *in_gap = verso_rating_describe (between);
  g_autofree char *beyond = verso_rating_describe (master.value + 600);
  g_autofree char *expected_gap = g_strdup_printf (
    "Between the Intermediate and Advanced levels: you would win about %d%% of your games against the "
    "first, %d%% against the second", (int) lround (100 * rating_expected (between, intermediate.value)),
    (int) lround (100 * rating_expected (between, advanced.value)));
  g_autofree char *expected_beyond = g_strdup_printf (
    "Nearest is the Master level: you would win about %d%% of your games against it",
    (int) lround (100 * rating_expected (master.value + 600, master.value)));

  CHECK_CMP_STR (at_casual, ==, "About the Casual level: you would win about half your games against it");
  CHECK_CMP_STR (in_gap, ==, expected_gap);
  CHECK_CMP_STR (beyond, ==, expected_beyond);
  check_note ("%s; %s; %s", at_casual, in_gap, beyond);
}

/* The history is saved with the statistics and read back whole. */
static void test_rating_survives_a_reload (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (VersoStats) again = NULL;
  g_autoptr (GError) error = NULL;
  const VersoRatingEntry *first, *second;
  guint count, count_again;

  CHECK (verso_stats_add_rated (stats, RULES_STANDARD, LEVEL_EXPERT, NULL, -10, T0, &error));
  CHECK (verso_stats_add_rated (stats, RULES_STANDARD, LEVEL_NOVICE, NULL, 0, T0 + DAY, &error));
  CHECK (verso_stats_add_rated (stats, RULES_STANDARD, LEVEL_NOVICE, NULL, 30, T0 + 2 * DAY, &error));
  CHECK_NO_ERROR (error);
  again = verso_stats_new (fixture->path);
  first = verso_stats_get_rating_history (stats, &count);
  second = verso_stats_get_rating_history (again, &count_again);
  CHECK_CMP_UINT (count_again, ==, 3);
  for (guint i = 0; i < count; i++) {
    CHECK_CMP_INT (second[i].time, ==, first[i].time);
    CHECK_NEAR (second[i].rating.value, first[i].rating.value, 0.05);
    CHECK_NEAR (second[i].rating.deviation, first[i].rating.deviation, 0.05);
    CHECK_NEAR (second[i].opponent.value, first[i].opponent.value, 0.05);
    CHECK_CMP_INT (second[i].level, ==, first[i].level);
    CHECK_CMP_FLOAT (second[i].score, ==, first[i].score);
  }
  CHECK_NEAR (verso_stats_get_rating (again, T0 + 3 * DAY).value, verso_stats_get_rating (stats, T0 + 3 * DAY).value,
              0.05);
  /* A reloaded file has no last game of its own. */
  CHECK (!verso_stats_get_last_rating_change (again, NULL, NULL));
}

/* A damaged line of the history is named and left out; the others are kept. */
static void test_rating_damaged_line_is_skipped (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = NULL;
  const VersoRatingEntry *history;
  guint count;
  const char *text =
    "[rating]\n"
    "1=1718000000 1100.0 300.0 casual 992.0 120.0 1.0\n"
    "2=1718000100 1200.0 280.0 godlike 992.0 120.0 1.0\n"
    "3=1718000200 1150.0 270.0 casual 992.0 120.0 2\n"
    "4=1718000300 1160.0\n"
    "5=1717999000 1170.0 260.0 casual 992.0 120.0 0.5\n"
    "6=1718000400 1080.0 250.0 novice 776.0 150.0 0.0\n";

  user_file_write_damaged (fixture, text, -1, "[rating] 2: the level is unknown*",
                                    "[rating] 3: the score is not*", "[rating] 4: not 7 fields*",
                                    "[rating] 5: earlier than*", NULL);
  stats = verso_stats_new (fixture->path);
  CHECK_EXPECTED_MESSAGES ();
  history = verso_stats_get_rating_history (stats, &count);
  CHECK_CMP_UINT (count, ==, 2);
  CHECK_NEAR (history[0].rating.value, 1100.0, 1e-9);
  CHECK_NEAR (history[1].rating.value, 1080.0, 1e-9);
  CHECK_CMP_INT (history[1].level, ==, LEVEL_NOVICE);
  CHECK_NEAR (verso_stats_get_rating (stats, 1718000400).value, 1080.0, 1e-9);
}

/* Reset forgets the rating too, in memory and on disk. */
static void test_reset_forgets_the_rating (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (VersoStats) again = NULL;
  g_autoptr (GError) error = NULL;
  guint count;

  CHECK (verso_stats_add_rated (stats, RULES_STANDARD, LEVEL_MASTER, NULL, 2, T0, &error));
  CHECK (verso_stats_reset (stats, &error));
  CHECK_NO_ERROR (error);
  verso_stats_get_rating_history (stats, &count);
  CHECK_CMP_UINT (count, ==, 0);
  CHECK (!verso_stats_get_last_rating_change (stats, NULL, NULL));
  CHECK_NEAR (verso_stats_get_rating (stats, T0).value, level_ratings_new_player ().value, 1e-9);
  again = verso_stats_new (fixture->path);
  verso_stats_get_rating_history (again, &count);
  CHECK_CMP_UINT (count, ==, 0);
}

int main (int argc, char **argv)
{
  check_glib_init ();

#define ADD(name, test) CHECK_RUN_FIXTURE ("/stats/" name, Fixture, NULL, fixture_set_up, test, fixture_tear_down)
  ADD ("add-counts-and-saves", test_add_counts_and_saves);
  ADD ("writes-are-atomic", test_writes_are_atomic);
  ADD ("reset-forgets-everything", test_reset_forgets_everything);
  ADD ("damaged-file-is-kept-aside", test_damaged_file_is_kept_aside);
  ADD ("binary-file-is-kept-aside", test_binary_file_is_kept_aside);
  ADD ("unwritable-file-keeps-counts", test_unwritable_file_keeps_counts);
  ADD ("read-only-folder-fails", test_read_only_folder_fails);
  ADD ("rating-starts-at-casual", test_rating_starts_at_casual);
  ADD ("rating-moves-with-results", test_rating_moves_with_results);
  ADD ("rating-ignores-reverse", test_rating_ignores_reverse);
  ADD ("rating-against-a-mix", test_rating_against_a_mix);
  ADD ("rating-widens-when-idle", test_rating_widens_when_idle);
  ADD ("rating-fades-the-past", test_rating_fades_the_past);
  ADD ("rating-in-words", test_rating_in_words);
  ADD ("rating-survives-a-reload", test_rating_survives_a_reload);
  ADD ("rating-damaged-line-is-skipped", test_rating_damaged_line_is_skipped);
  ADD ("reset-forgets-the-rating", test_reset_forgets_the_rating);
#undef ADD
  return check_finish ();
}
