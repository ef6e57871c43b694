/* test-stats.c: the statistics of games against the computer (verso-stats.c): counts per rules
 * and level, the file written atomically and read back, damaged files kept aside and warned
 * about, and a file that cannot be written. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "check-glib.h"
#include "verso-stats.h"

typedef struct {
  char *dir;
  char *path;
  char *damaged;  /* where a damaged file is kept aside */
} Fixture;

static void fixture_set_up (Fixture *fixture, gconstpointer unused)
{
  fixture->dir = g_dir_make_tmp ("verso-stats-XXXXXX", NULL);
  REQUIRE (fixture->dir != NULL);
  /* A folder that does not exist yet: the first write makes it. */
  fixture->path = g_build_filename (fixture->dir, "verso", "statistics.ini", NULL);
  fixture->damaged = g_strconcat (fixture->path, ".damaged", NULL);
}

/* Removes the files the tests may leave, then the folders. */
static void fixture_tear_down (Fixture *fixture, gconstpointer unused)
{
  g_autofree char *sub = g_path_get_dirname (fixture->path);

  g_remove (fixture->path);
  g_remove (fixture->damaged);
  g_rmdir (sub);
  CHECK_CMP_INT (g_rmdir (fixture->dir), ==, 0);
  g_free (fixture->damaged);
  g_free (fixture->path);
  g_free (fixture->dir);
}

/* Writes length bytes of contents (a string when length is -1) as the statistics file, in its
 * folder made first. */
static void write_statistics (Fixture *fixture, const char *contents, gssize length)
{
  g_autofree char *folder = g_path_get_dirname (fixture->path);

  CHECK_CMP_INT (g_mkdir_with_parents (folder, 0700), ==, 0);
  CHECK (g_file_set_contents (fixture->path, contents, length, NULL));
}

static void count_signal (gpointer instance, gpointer user_data)
{
  (*(int *) user_data)++;
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
  int changed = 0;

  g_signal_connect (stats, "changed", G_CALLBACK (count_signal), &changed);
  assert_entry (stats, RULES_STANDARD, LEVEL_MASTER, 0, 0, 0, 0);
  CHECK (!g_file_test (fixture->path, G_FILE_TEST_EXISTS));

  CHECK (verso_stats_add (stats, RULES_STANDARD, LEVEL_MASTER, 10, &error));
  CHECK_NO_ERROR (error);
  CHECK (verso_stats_add (stats, RULES_STANDARD, LEVEL_MASTER, -34, &error));
  CHECK (verso_stats_add (stats, RULES_STANDARD, LEVEL_MASTER, 0, &error));
  CHECK (verso_stats_add (stats, RULES_REVERSE, LEVEL_BEGINNER, 64, &error));
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (changed, ==, 4);
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

/* A finished game from a board string, under rules, the person playing person_color against the
 * computer at level (or two people when person_color is -1). */
static VersoGame *finished_game (const char *board, Rules rules, int person_color, LevelId level)
{
  g_autoptr (GError) error = NULL;
  VersoPlayer black = person_color == VERSO_COLOR_WHITE ? VERSO_PLAYER_COMPUTER : VERSO_PLAYER_HUMAN;
  VersoPlayer white = person_color == VERSO_COLOR_BLACK ? VERSO_PLAYER_COMPUTER : VERSO_PLAYER_HUMAN;
  VersoGame *game = verso_game_new_from_text_with_rules (board, strlen (board), black, white, level,
                                                         rules, NULL, &error);

  CHECK_NO_ERROR (error);
  CHECK (verso_game_is_over (game));
  return game;
}

static void test_add_game_counts_the_person (Fixture *fixture, gconstpointer unused)
{
  /* 40 black discs and 24 white, the board full: Black wins by 16. */
  static const char full[] = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOO X";
  /* 10 black discs and no white one: Black wins with the 54 empty squares, 64. */
  static const char wiped[] = "XXXXXXXXXX------------------------------------------------------ O";
  static const struct {
    const char *board;
    Rules rules;
    int person_color;
    LevelId level;
  } games[] = {
    { full, RULES_STANDARD, VERSO_COLOR_BLACK, LEVEL_CASUAL },
    { full, RULES_STANDARD, VERSO_COLOR_WHITE, LEVEL_MASTER },
    /* Under Reverse the player with fewer discs wins. */
    { full, RULES_REVERSE, VERSO_COLOR_WHITE, LEVEL_CASUAL },
    { wiped, RULES_STANDARD, VERSO_COLOR_BLACK, LEVEL_CASUAL },
    /* Two people: nothing is counted. */
    { full, RULES_STANDARD, -1, LEVEL_CASUAL },
  };
  g_autoptr (VersoStats) stats = verso_stats_new (fixture->path);
  g_autoptr (GError) error = NULL;

  for (size_t i = 0; i < G_N_ELEMENTS (games); i++) {
    g_autoptr (VersoGame) game = finished_game (games[i].board, games[i].rules,
                                                games[i].person_color, games[i].level);
    CHECK (verso_stats_add_game (stats, game, &error));
  }
  CHECK_NO_ERROR (error);

  assert_entry (stats, RULES_STANDARD, LEVEL_CASUAL, 2, 0, 0, 16 + 64);
  assert_entry (stats, RULES_STANDARD, LEVEL_MASTER, 0, 1, 0, -16);
  assert_entry (stats, RULES_REVERSE, LEVEL_CASUAL, 1, 0, 0, 16);
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
  int changed = 0;

  CHECK (verso_stats_add (stats, RULES_REVERSE, LEVEL_EXPERT, -2, &error));
  g_signal_connect (stats, "changed", G_CALLBACK (count_signal), &changed);
  CHECK (verso_stats_reset (stats, &error));
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (changed, ==, 1);
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

  write_statistics (fixture, text, -1);

  check_expect_message ("Verso", G_LOG_LEVEL_WARNING, "*statistics.ini: line 6: *");
  check_expect_message ("Verso", G_LOG_LEVEL_WARNING, "*statistics.ini: [standard.casual] won: “many”*");
  check_expect_message ("Verso", G_LOG_LEVEL_WARNING, "*statistics.ini: [reverse.godlike] is not*");
  check_expect_message ("Verso", G_LOG_LEVEL_WARNING, "*statistics.ini: [reverse.novice] discs: 500*");
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

  write_statistics (fixture, binary, sizeof binary);
  check_expect_message ("Verso", G_LOG_LEVEL_WARNING, "*statistics.ini: not a text file*");
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
  int changed = 0;

  /* Where the folder should be there is a file: no one, root included, can write under it. */
  CHECK (g_file_set_contents (blocker, "", 0, NULL));
  stats = verso_stats_new (fixture->path);
  g_signal_connect (stats, "changed", G_CALLBACK (count_signal), &changed);
  CHECK (!verso_stats_add (stats, RULES_STANDARD, LEVEL_ADVANCED, 12, &error));
  CHECK_ERROR (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
  REQUIRE (strstr (error->message, "verso") != NULL);
  CHECK_CMP_INT (changed, ==, 1);
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

int main (int argc, char **argv)
{
  check_glib_init ();

#define ADD(name, test) CHECK_RUN_FIXTURE ("/stats/" name, Fixture, NULL, fixture_set_up, test, fixture_tear_down)
  ADD ("add-counts-and-saves", test_add_counts_and_saves);
  ADD ("add-game-counts-the-person", test_add_game_counts_the_person);
  ADD ("writes-are-atomic", test_writes_are_atomic);
  ADD ("reset-forgets-everything", test_reset_forgets_everything);
  ADD ("damaged-file-is-kept-aside", test_damaged_file_is_kept_aside);
  ADD ("binary-file-is-kept-aside", test_binary_file_is_kept_aside);
  ADD ("unwritable-file-keeps-counts", test_unwritable_file_keeps_counts);
  ADD ("read-only-folder-fails", test_read_only_folder_fails);
#undef ADD
  return check_finish ();
}
