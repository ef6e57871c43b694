/* test-profile.c: the person's profile (verso-profile.c) without a window: the rule for when a
 * finished game counts, case by case, what counting does to the statistics and the rating, the
 * facts read from a real game, the files of its folder, and "changed" after each change. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "check-glib.h"
#include "level_ratings.h"
#include "verso-game-files.h"
#include "verso-profile.h"

/* A fixed time for the rated games: 2024-06-10. */
#define T0 G_GINT64_CONSTANT (1718000000)

/* The standard start, black to move, as a board string: a practice card's group. */
#define START_BOARD "---------------------------OX------XO--------------------------- X"

typedef struct {
  char *dir;       /* a new temporary folder */
  char *folder;    /* the profile's: "verso" below it, made by the first write */
  char *stats_path;
  char *deck_path;
  VersoProfile *profile;
  int changed;     /* "changed" emissions since the profile was made */
} Fixture;

static void count_changed (VersoProfile *profile, Fixture *fixture)
{
  fixture->changed++;
}

static void fixture_open (Fixture *fixture)
{
  g_clear_object (&fixture->profile);
  fixture->profile = verso_profile_new (fixture->folder);
  fixture->changed = 0;
  g_signal_connect (fixture->profile, "changed", G_CALLBACK (count_changed), fixture);
}

static void fixture_set_up (Fixture *fixture, gconstpointer unused)
{
  fixture->dir = g_dir_make_tmp ("verso-profile-XXXXXX", NULL);
  REQUIRE (fixture->dir != NULL);
  fixture->folder = g_build_filename (fixture->dir, "verso", NULL);
  fixture->stats_path = g_build_filename (fixture->folder, "statistics.ini", NULL);
  fixture->deck_path = g_build_filename (fixture->folder, "practice.ini", NULL);
  fixture_open (fixture);
}

static void fixture_tear_down (Fixture *fixture, gconstpointer unused)
{
  CHECK_FINALIZE (fixture->profile);
  g_remove (fixture->stats_path);
  g_remove (fixture->deck_path);
  g_remove (fixture->folder);  /* the folder, or the file in its place */
  CHECK_CMP_INT (g_rmdir (fixture->dir), ==, 0);
  g_free (fixture->deck_path);
  g_free (fixture->stats_path);
  g_free (fixture->folder);
  g_free (fixture->dir);
}

/* A game a person played to its end against the computer at Casual under the standard rules,
 * won by disc_difference: one that counts. */
static VersoFinishedGame game_won_by (int disc_difference)
{
  VersoFinishedGame finished = {
    .mode = VERSO_MODE_VERSUS_COMPUTER,
    .rules = RULES_STANDARD,
    .level = LEVEL_CASUAL,
    .disc_difference = disc_difference,
  };
  return finished;
}

static VersoStatsEntry entry_of (Fixture *fixture, Rules rules, LevelId level)
{
  return verso_stats_get (verso_profile_get_stats (fixture->profile), rules, level);
}

static guint rated_games (Fixture *fixture)
{
  guint count = 0;

  verso_stats_get_rating_history (verso_profile_get_stats (fixture->profile), &count);
  return count;
}

/* Records finished at T0, which the rule must leave out: nothing changes, nothing is written. */
static void check_not_counted (Fixture *fixture, const VersoFinishedGame *finished)
{
  g_autoptr (GError) error = NULL;
  VersoStatsEntry entry;

  CHECK (!verso_finished_game_counts (finished));
  CHECK_CMP_INT (verso_profile_record_game (fixture->profile, finished, T0, &error), ==,
                 VERSO_GAME_NOT_COUNTED);
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (fixture->changed, ==, 0);
  entry = entry_of (fixture, finished->rules, finished->level);
  CHECK_CMP_UINT (verso_stats_entry_games (&entry), ==, 0);
  CHECK_CMP_UINT (rated_games (fixture), ==, 0);
  CHECK (!g_file_test (fixture->stats_path, G_FILE_TEST_EXISTS));
}

/* The rule, case by case. */

static void test_game_against_the_computer_counts (Fixture *fixture, gconstpointer unused)
{
  VersoFinishedGame finished = game_won_by (10);
  g_autoptr (GError) error = NULL;
  VersoStatsEntry entry;

  CHECK (verso_finished_game_counts (&finished));
  CHECK_CMP_INT (verso_profile_record_game (fixture->profile, &finished, T0, &error), ==, VERSO_GAME_RATED);
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (fixture->changed, ==, 1);
  entry = entry_of (fixture, RULES_STANDARD, LEVEL_CASUAL);
  CHECK_CMP_UINT (entry.won, ==, 1);
  CHECK_CMP_INT (entry.disc_sum, ==, 10);
  CHECK_CMP_UINT (rated_games (fixture), ==, 1);
  CHECK (g_file_test (fixture->stats_path, G_FILE_TEST_IS_REGULAR));
}

/* The games the rule leaves out: each differs from one that counts (game_won_by) in one fact. */
typedef struct {
  VersoMode mode;
  gboolean over_when_given;
  gboolean counted;
} LeftOut;

static const LeftOut two_players = { .mode = VERSO_MODE_TWO_PLAYERS };
static const LeftOut computer_against_itself = { .mode = VERSO_MODE_COMPUTER_ONLY };
/* Opened from a file, set up finished, or restored: its end was not played here. */
static const LeftOut over_when_given = { .over_when_given = TRUE };
/* Undone and played to its end again, or gone back to its end: once only. */
static const LeftOut counted_already = { .counted = TRUE };

static void test_left_out (Fixture *fixture, gconstpointer data)
{
  const LeftOut *left_out = data;
  VersoFinishedGame finished = game_won_by (10);

  finished.mode = left_out->mode;
  finished.over_when_given = left_out->over_when_given;
  finished.counted = left_out->counted;
  check_not_counted (fixture, &finished);
}

/* Counted under its rules; the rating, fitted under the standard rules, does not move. */
static void test_reverse_counts_unrated (Fixture *fixture, gconstpointer unused)
{
  VersoFinishedGame finished = game_won_by (-6);
  g_autoptr (GError) error = NULL;

  finished.rules = RULES_REVERSE;
  CHECK (verso_finished_game_counts (&finished));
  CHECK_CMP_INT (verso_profile_record_game (fixture->profile, &finished, T0, &error), ==, VERSO_GAME_COUNTED);
  CHECK_NO_ERROR (error);
  CHECK_CMP_UINT (entry_of (fixture, RULES_REVERSE, LEVEL_CASUAL).lost, ==, 1);
  CHECK_CMP_UINT (entry_of (fixture, RULES_STANDARD, LEVEL_CASUAL).lost, ==, 0);
  CHECK_CMP_UINT (rated_games (fixture), ==, 0);
  CHECK_CMP_INT (fixture->changed, ==, 1);
}

/* Match my level: counted under the mix's nearest level, rated against the mix. */
static void test_match_my_level_counts_at_its_strength (Fixture *fixture, gconstpointer unused)
{
  VersoFinishedGame finished = game_won_by (0);
  g_autoptr (GError) error = NULL;
  const VersoRatingEntry *history;
  guint count = 0;

  REQUIRE (level_mix_for_rating (1300, &finished.mix));
  finished.matched = TRUE;
  finished.level = level_mix_nearest (&finished.mix);
  CHECK_CMP_INT (verso_profile_record_game (fixture->profile, &finished, T0, &error), ==, VERSO_GAME_RATED);
  CHECK_NO_ERROR (error);
  CHECK_CMP_UINT (entry_of (fixture, RULES_STANDARD, finished.level).drawn, ==, 1);
  history = verso_stats_get_rating_history (verso_profile_get_stats (fixture->profile), &count);
  REQUIRE (count == 1);
  CHECK_CMP_FLOAT (history[0].opponent.value, ==, level_mix_rating (&finished.mix).value);
  CHECK_CMP_FLOAT (history[0].score, ==, 0.5);
}

/* The sign of the disc difference is the result: won, lost, drawn. */
static void test_result_from_the_disc_difference (Fixture *fixture, gconstpointer unused)
{
  static const int differences[] = { 2, -64, 0, 64, -1 };
  VersoStatsEntry entry;

  for (guint i = 0; i < G_N_ELEMENTS (differences); i++) {
    VersoFinishedGame finished = game_won_by (differences[i]);
    CHECK_CMP_INT (verso_profile_record_game (fixture->profile, &finished, T0 + i, NULL), ==, VERSO_GAME_RATED);
  }
  entry = entry_of (fixture, RULES_STANDARD, LEVEL_CASUAL);
  CHECK_CMP_UINT (entry.won, ==, 2);
  CHECK_CMP_UINT (entry.lost, ==, 2);
  CHECK_CMP_UINT (entry.drawn, ==, 1);
  CHECK_CMP_INT (entry.disc_sum, ==, 1);
  CHECK_CMP_INT (fixture->changed, ==, (int) G_N_ELEMENTS (differences));
}

/* A file that cannot be written: the game counts in memory, the error says why, and what shows
 * the statistics hears of it. */
static void test_unwritable_file_still_counts (Fixture *fixture, gconstpointer unused)
{
  VersoFinishedGame finished = game_won_by (4);
  g_autoptr (GError) error = NULL;

  /* Where the folder should be there is a file: no one, root included, can write under it. */
  CHECK (g_file_set_contents (fixture->folder, "", 0, NULL));
  CHECK_CMP_INT (verso_profile_record_game (fixture->profile, &finished, T0, &error), ==, VERSO_GAME_RATED);
  CHECK_ERROR (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
  CHECK_CMP_UINT (entry_of (fixture, RULES_STANDARD, LEVEL_CASUAL).won, ==, 1);
  CHECK_CMP_INT (fixture->changed, ==, 1);
}

/* The facts of real games: the person's colour, the computer's level, the rules' winner. */

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

static void test_facts_of_a_game (Fixture *fixture, gconstpointer unused)
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
    VersoGameCount count;
  } games[] = {
    { full, RULES_STANDARD, VERSO_COLOR_BLACK, LEVEL_CASUAL, VERSO_GAME_RATED },
    { full, RULES_STANDARD, VERSO_COLOR_WHITE, LEVEL_MASTER, VERSO_GAME_RATED },
    /* Under Reverse the player with fewer discs wins. */
    { full, RULES_REVERSE, VERSO_COLOR_WHITE, LEVEL_CASUAL, VERSO_GAME_COUNTED },
    { wiped, RULES_STANDARD, VERSO_COLOR_BLACK, LEVEL_CASUAL, VERSO_GAME_RATED },
    /* Two people: nothing is counted. */
    { full, RULES_STANDARD, -1, LEVEL_CASUAL, VERSO_GAME_NOT_COUNTED },
  };
  g_autoptr (GError) error = NULL;
  VersoStatsEntry entry;

  for (size_t i = 0; i < G_N_ELEMENTS (games); i++) {
    g_autoptr (VersoGame) game = finished_game (games[i].board, games[i].rules,
                                                games[i].person_color, games[i].level);
    VersoFinishedGame finished;

    verso_finished_game_init (&finished, game);
    CHECK (!finished.over_when_given && !finished.counted && !finished.matched);
    CHECK_CMP_INT (verso_profile_record_game (fixture->profile, &finished, T0, &error), ==, games[i].count);
  }
  CHECK_NO_ERROR (error);

  entry = entry_of (fixture, RULES_STANDARD, LEVEL_CASUAL);
  CHECK_CMP_UINT (entry.won, ==, 2);
  CHECK_CMP_INT (entry.disc_sum, ==, 16 + 64);
  entry = entry_of (fixture, RULES_STANDARD, LEVEL_MASTER);
  CHECK_CMP_UINT (entry.lost, ==, 1);
  CHECK_CMP_INT (entry.disc_sum, ==, -16);
  entry = entry_of (fixture, RULES_REVERSE, LEVEL_CASUAL);
  CHECK_CMP_UINT (entry.won, ==, 1);
  CHECK_CMP_INT (entry.disc_sum, ==, 16);
}

static double frozen_time (gpointer data)
{
  return *(double *) data;
}

/* A game lost on time is a loss for the side whose time ran out, whatever the discs say: the
 * person ahead on the board who flags loses by the smallest margin; one behind who outlasts the
 * computer's clock wins so. */
static void test_loss_on_time_counts_for_the_clock (Fixture *fixture, gconstpointer unused)
{
  static const TimeControl blitz = { .main_seconds = 60, .increment = 0 };
  static const struct {
    VersoColor person;
    gboolean person_flags;
    int difference;
  } cases[] = {
    /* After f5, Black (4 discs to 1) is ahead; White is to move. */
    { VERSO_COLOR_BLACK, FALSE, 3 },   /* White, the computer, flags: the discs' own win */
    { VERSO_COLOR_WHITE, TRUE, -3 },   /* the person, White, flags: the discs' own loss */
    /* After f5 d6 (3 discs each), Black to move: the computer, Black, flags; the discs say
     * nothing, the person wins 33 to 31. */
    { VERSO_COLOR_WHITE, FALSE, 2 },
  };
  g_autoptr (GError) error = NULL;

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++) {
    /* People on both sides while the moves are played: the computer is never asked to move. */
    g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_CASUAL);
    double now = 0;
    VersoFinishedGame finished;
    VersoColor flagged;

    verso_game_set_time_source (game, frozen_time, &now);
    verso_game_set_time_control (game, &blitz, TRUE);
    REQUIRE (verso_game_play (game, 37 /* f5 */, &error));
    if (!cases[i].person_flags && cases[i].person == VERSO_COLOR_WHITE)
      REQUIRE (verso_game_play (game, 43 /* d6 */, &error));
    now = 61;
    CHECK (verso_game_check_time (game));
    /* The computer's side, known only now: the facts read who plays which colour. */
    verso_game_set_player (game, verso_color_other (cases[i].person), VERSO_PLAYER_COMPUTER);
    REQUIRE (verso_game_lost_on_time (game, &flagged));
    CHECK ((flagged == cases[i].person) == cases[i].person_flags);
    verso_finished_game_init (&finished, game);
    CHECK_CMP_INT (finished.disc_difference, ==, cases[i].difference);
  }
  CHECK_NO_ERROR (error);
}

/* The files and the other changes. */

/* The deck file holding one card: the standard start, where the person played e6 (d3 best). */
static void write_start_card (Fixture *fixture)
{
  g_autofree char *card = g_strdup_printf ("[%s]\nplayed=e6\nscores=d3:0;c4:-3;f5:-2;e6:-8\nline=d3c3\n"
                                           "joined=%" G_GINT64_FORMAT "\ndue=%" G_GINT64_FORMAT
                                           "\ninterval=0\nsuccesses=0\nmisses=0\nanswers=\n",
                                           START_BOARD, T0, T0);

  CHECK_CMP_INT (g_mkdir_with_parents (fixture->folder, 0700), ==, 0);
  CHECK (g_file_set_contents (fixture->deck_path, card, -1, NULL));
}

/* The same files as ever, read once when the profile is made. */
static void test_reads_the_files_of_its_folder (Fixture *fixture, gconstpointer unused)
{
  write_start_card (fixture);
  CHECK (g_file_set_contents (fixture->stats_path, "[reverse.expert]\nwon=2\nlost=1\ndrawn=0\ndiscs=7\n", -1, NULL));
  fixture_open (fixture);
  CHECK_CMP_UINT (entry_of (fixture, RULES_REVERSE, LEVEL_EXPERT).won, ==, 2);
  CHECK_CMP_INT (entry_of (fixture, RULES_REVERSE, LEVEL_EXPERT).disc_sum, ==, 7);
  CHECK_CMP_UINT (verso_deck_get_size (verso_profile_get_deck (fixture->profile)), ==, 1);
  CHECK_CMP_STR (verso_deck_get_path (verso_profile_get_deck (fixture->profile)), ==, fixture->deck_path);
}

/* Without a folder, "verso" in the user's data folder (main sets XDG_DATA_HOME). */
static void test_default_folder_is_the_users (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoProfile) profile = verso_profile_new (NULL);
  g_autofree char *expected = g_build_filename (g_get_user_data_dir (), "verso", "practice.ini", NULL);

  CHECK_CMP_STR (verso_deck_get_path (verso_profile_get_deck (profile)), ==, expected);
}

static void test_reset_forgets_and_says_so (Fixture *fixture, gconstpointer unused)
{
  VersoFinishedGame finished = game_won_by (10);
  g_autoptr (GError) error = NULL;

  verso_profile_record_game (fixture->profile, &finished, T0, NULL);
  CHECK (verso_profile_reset_statistics (fixture->profile, &error));
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (fixture->changed, ==, 2);
  CHECK_CMP_UINT (entry_of (fixture, RULES_STANDARD, LEVEL_CASUAL).won, ==, 0);
  CHECK_CMP_UINT (rated_games (fixture), ==, 0);
}

/* An answer in practice is a change; a position that is no card is none. */
static void test_answer_says_so (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (GError) error = NULL;
  const VersoDeckCard *card;
  Position elsewhere;

  write_start_card (fixture);
  fixture_open (fixture);
  REQUIRE (verso_deck_get_size (verso_profile_get_deck (fixture->profile)) == 1);
  card = verso_deck_get_card (verso_profile_get_deck (fixture->profile), 0);
  CHECK_CMP_INT (verso_profile_answer_card (fixture->profile, &card->position, card->best, T0, &error), ==, 0);
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (fixture->changed, ==, 1);
  CHECK_CMP_UINT (card->answers->len, ==, 1);

  elsewhere = card->position;
  elsewhere.side_to_move = !elsewhere.side_to_move;
  CHECK_CMP_INT (verso_profile_answer_card (fixture->profile, &elsewhere, card->best, T0, &error), ==, -1);
  CHECK_CMP_INT (fixture->changed, ==, 1);
}

/* A mistake made outside a game (the opening trainer's): the position is analysed in a worker,
 * then joins the deck with every legal move scored, on the main thread, and "changed" says so. */
static void test_position_mistake_joins_the_deck (Fixture *fixture, gconstpointer unused)
{
  Position position;
  const VersoDeckCard *card;

  position_init (&position);
  REQUIRE (position_play (&position, 37 /* f5 */) && position_play (&position, 43 /* d6 */));
  verso_profile_add_position_mistake (fixture->profile, &position, 34 /* c5 */, 4, T0);
  for (int i = 0; i < 3000 && fixture->changed == 0; i++) {
    g_main_context_iteration (NULL, FALSE);
    g_usleep (1000);
  }
  CHECK_CMP_INT (fixture->changed, ==, 1);
  REQUIRE (verso_deck_get_size (verso_profile_get_deck (fixture->profile)) == 1);
  card = verso_deck_get_card (verso_profile_get_deck (fixture->profile), 0);
  CHECK (board_equal (&card->position.board, &position.board));
  CHECK_CMP_INT (card->played, ==, 34);
  CHECK_CMP_INT (card->n_moves, ==, board_count (board_legal_moves (&position.board)));
  CHECK (verso_deck_card_loss (card, card->best) == 0);
  CHECK (g_file_test (fixture->deck_path, G_FILE_TEST_EXISTS));
}

int main (int argc, char **argv)
{
  g_autofree char *home = g_dir_make_tmp ("verso-profile-home-XXXXXX", NULL);

  /* Before anything asks GLib for the user's data folder, which it reads once. */
  g_setenv ("XDG_DATA_HOME", home, TRUE);
  check_glib_init ();

#define ADD(name, test) CHECK_RUN_FIXTURE ("/profile/" name, Fixture, NULL, fixture_set_up, test, fixture_tear_down)
  ADD ("rule/game-against-the-computer-counts", test_game_against_the_computer_counts);
#define LEFT_OUT(name, left_out) \
  CHECK_RUN_FIXTURE ("/profile/rule/" name, Fixture, &left_out, fixture_set_up, test_left_out, fixture_tear_down)
  LEFT_OUT ("two-players-never-count", two_players);
  LEFT_OUT ("computer-against-itself-never-counts", computer_against_itself);
  LEFT_OUT ("game-over-when-given-never-counts", over_when_given);
  LEFT_OUT ("game-counts-once", counted_already);
#undef LEFT_OUT
  ADD ("rule/reverse-counts-unrated", test_reverse_counts_unrated);
  ADD ("rule/match-my-level-counts-at-its-strength", test_match_my_level_counts_at_its_strength);
  ADD ("rule/result-from-the-disc-difference", test_result_from_the_disc_difference);
  ADD ("rule/unwritable-file-still-counts", test_unwritable_file_still_counts);
  ADD ("facts-of-a-game", test_facts_of_a_game);
  ADD ("loss-on-time-counts-for-the-clock", test_loss_on_time_counts_for_the_clock);
  ADD ("reads-the-files-of-its-folder", test_reads_the_files_of_its_folder);
  ADD ("default-folder-is-the-users", test_default_folder_is_the_users);
  ADD ("reset-forgets-and-says-so", test_reset_forgets_and_says_so);
  ADD ("answer-says-so", test_answer_says_so);
  ADD ("position-mistake-joins-the-deck", test_position_mistake_joins_the_deck);
#undef ADD
  g_rmdir (home);
  return check_finish ();
}
