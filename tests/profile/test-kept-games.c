/* test-kept-games.c: the games the profile keeps in the game library (verso-kept-game.c,
 * verso_profile_keep_game): read back from the library file as `verso-engine library` would,
 * with their players, levels, result, how they ended, clock and record; each game once; a
 * damaged library set aside; a library that cannot be made refused with a message; each game
 * written as SGF for an export (verso_kept_game_to_sgf), one that does not read refused. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "check-glib.h"
#include "game-test.h"
#include "library.h"
#include "verso-kept-game.h"
#include "verso-profile.h"

typedef struct {
  char *folder;   /* the profile's, a new temporary folder */
  char *path;     /* library.sqlite in it */
  VersoProfile *profile;
} Fixture;

static void fixture_set_up (Fixture *fixture, gconstpointer unused)
{
  fixture->folder = g_dir_make_tmp ("verso-kept-XXXXXX", NULL);
  REQUIRE (fixture->folder != NULL);
  fixture->path = g_build_filename (fixture->folder, "library.sqlite", NULL);
  fixture->profile = verso_profile_new (fixture->folder);
}

/* Removes the folder and every file in it (the library, its journal, a file set aside). */
static void fixture_tear_down (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (GDir) dir = NULL;
  const char *name;

  CHECK_FINALIZE (fixture->profile);
  dir = g_dir_open (fixture->folder, 0, NULL);
  while (dir && (name = g_dir_read_name (dir))) {
    g_autofree char *path = g_build_filename (fixture->folder, name, NULL);
    CHECK_CMP_INT (g_remove (path), ==, 0);
  }
  CHECK_CMP_INT (g_rmdir (fixture->folder), ==, 0);
  g_free (fixture->path);
  g_free (fixture->folder);
}

static bool collect (const LibraryGame *game, void *user_data)
{
  LibraryGame *copy = g_new (LibraryGame, 1);

  *copy = *game;
  g_ptr_array_add (user_data, copy);
  return true;
}

/* Every game of the library file, as a new reader of it sees them (oldest first). */
static GPtrArray *games_in (Fixture *fixture)
{
  GPtrArray *games = g_ptr_array_new_with_free_func (g_free);
  char error[256];
  Library *library = library_open (fixture->path, NULL, 0, error, sizeof error);
  LibraryFilter filter = LIBRARY_FILTER_INIT;

  REQUIRE (library, "%s: %s", fixture->path, error);
  CHECK (library_list (library, &filter, collect, games) >= 0);
  library_close (library);
  return games;
}

static char *record_of (Fixture *fixture, int64_t id)
{
  char error[256];
  Library *library = library_open (fixture->path, NULL, 0, error, sizeof error);
  char *record;

  REQUIRE (library, "%s: %s", fixture->path, error);
  record = library_record (library, id);
  library_close (library);
  return record;
}

static void keep (Fixture *fixture, VersoGame *game)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL;

  CHECK (verso_profile_keep_game (fixture->profile, game, &notice, &error));
  CHECK_NO_ERROR (error);
  CHECK (notice == NULL, "notice: %s", notice);
}

/* A whole game between two people: its moves, result and players as the GGF says them, kept
 * once however often it is kept, a second later too (its date is when it began). */
static void test_whole_game_kept_once (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoGame) game = random_whole_game (7);
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *record = NULL;
  const LibraryGame *kept;

  keep (fixture, game);
  g_usleep (G_USEC_PER_SEC + G_USEC_PER_SEC / 10);
  keep (fixture, game);
  games = games_in (fixture);
  REQUIRE (games->len == 1, "%u games kept", games->len);
  kept = games->pdata[0];
  CHECK_CMP_UINT (kept->n_moves, ==, verso_game_get_length (game));
  for (size_t i = 0; i < kept->n_moves && i < verso_game_get_length (game); i++)
    CHECK_CMP_INT (kept->moves[i], ==, verso_record_get_move (verso_game_get_record (game), i + 1));
  CHECK_CMP_INT (kept->disc_difference, ==, verso_game_get_final_score (game, VERSO_COLOR_BLACK));
  CHECK_CMP_INT (kept->ending, ==, LIBRARY_ENDING_NORMAL);
  CHECK_CMP_INT (kept->rules, ==, RULES_STANDARD);
  CHECK_CMP_STR (kept->source, ==, "played");
  CHECK_CMP_STR (kept->black_level, ==, "");
  CHECK_CMP_STR (kept->white_level, ==, "");
  CHECK (kept->black[0] && kept->white[0]);
  /* Today's date, as ISO 8601 with the time: "2026-11-29 10:04:05". */
  CHECK_CMP_UINT (strlen (kept->date), ==, 19);
  CHECK (kept->opening[0], "no opening named for %s", kept->date);
  record = record_of (fixture, kept->id);
  REQUIRE (record);
  CHECK (g_str_has_prefix (record, "(;GM[Othello]"), "record: %.40s", record);
}

typedef struct {
  GPtrArray *messages;
  int progress_calls;
} ImportSeen;

static void seen_message (const char *text, void *data)
{
  g_ptr_array_add (((ImportSeen *) data)->messages, g_strdup (text));
}

static void seen_progress (int64_t done, int64_t total, void *data)
{
  CHECK (done > 0 && done <= total, "%" G_GINT64_FORMAT " of %" G_GINT64_FORMAT, done, total);
  ((ImportSeen *) data)->progress_calls++;
}

/* An SGF collection imported as the other files are: each game with its players and the file as
 * its source, a game that does not read named by its number and skipped, the games after it
 * read; imported again, every game a duplicate. */
static void test_sgf_collection_imported (Fixture *fixture, gconstpointer unused)
{
  static const char collection[] =
    "(;GM[2]FF[4]SZ[8]PB[Ann]PW[Bob]DT[2024-01-02];B[f5];W[d6];B[c3](;W[d3];B[c4])(;W[f4]))\n"
    "(;GM[2]FF[4]SZ[8]PB[Cleo]PW[Dan];B[f5];W[a1])\n"
    "(;GM[2]FF[4]SZ[8]PB[Eve]PW[Fay]DT[2023-06-30]RE[B+R];B[d3];W[c5];B[f6])\n";
  g_autofree char *path = g_build_filename (fixture->folder, "games.sgf", NULL);
  ImportSeen seen = { g_ptr_array_new_with_free_func (g_free), 0 };
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *notice = NULL;
  g_autoptr (GError) error = NULL;
  LibraryImport import = { .message = seen_message, .progress = seen_progress, .user_data = &seen };
  LibraryImport again = { .message = seen_message, .user_data = &seen };
  Library *library;

  REQUIRE (g_file_set_contents (path, collection, -1, NULL));
  library = verso_profile_get_library (fixture->profile, &notice, &error);
  REQUIRE (library, "%s", error ? error->message : "");
  CHECK (verso_kept_games_import_sgf (library, path, &import));
  CHECK_CMP_INT (import.added, ==, 2);
  CHECK_CMP_INT (import.bad, ==, 1);
  CHECK_CMP_INT (import.duplicates, ==, 0);
  CHECK_CMP_INT (seen.progress_calls, ==, 2);
  REQUIRE (seen.messages->len == 1);
  CHECK (g_str_has_prefix (seen.messages->pdata[0], path)
         && strstr (seen.messages->pdata[0], ": game 2: ") != NULL, "%s", (char *) seen.messages->pdata[0]);
  games = games_in (fixture);
  REQUIRE (games->len == 2);
  for (guint i = 0; i < games->len; i++) {
    const LibraryGame *kept = games->pdata[i];

    CHECK_CMP_STR (kept->source, ==, path);
    CHECK (g_str_equal (kept->black, "Ann") || g_str_equal (kept->black, "Eve"), "black: %s", kept->black);
    if (g_str_equal (kept->black, "Ann")) {
      /* The main line; the variation is in the record kept. */
      g_autofree char *record = record_of (fixture, kept->id);

      CHECK_CMP_UINT (kept->n_moves, ==, 5);
      CHECK_CMP_STR (kept->white, ==, "Bob");
      CHECK (record && strstr (record, "W[f4]") != NULL, "record: %s", record);
    } else {
      CHECK_CMP_UINT (kept->n_moves, ==, 3);
      CHECK_CMP_INT (kept->ending, ==, LIBRARY_ENDING_RESIGN);
    }
  }
  CHECK (verso_kept_games_import_sgf (library, path, &again));
  CHECK_CMP_INT (again.added, ==, 0);
  CHECK_CMP_INT (again.duplicates, ==, 2);
  CHECK_CMP_INT (again.bad, ==, 1);
  g_ptr_array_unref (seen.messages);
}

/* A game against the computer left after three moves: unfinished, the computer's level kept. */
static void test_unfinished_game_against_the_computer (Fixture *fixture, gconstpointer unused)
{
  /* The computer is never asked to move: its turn is not started. */
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_CASUAL);
  g_autoptr (GPtrArray) games = NULL;
  const LibraryGame *kept;

  play_transcript (game, "f5d6c3");
  verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_COMPUTER);
  keep (fixture, game);
  games = games_in (fixture);
  REQUIRE (games->len == 1);
  kept = games->pdata[0];
  CHECK_CMP_INT (kept->ending, ==, LIBRARY_ENDING_UNFINISHED);
  CHECK_CMP_UINT (kept->n_moves, ==, 3);
  CHECK_CMP_STR (kept->black_level, ==, "");
  CHECK_CMP_STR (kept->white_level, ==, level_get (LEVEL_CASUAL)->id);
  CHECK (strstr (kept->white, "Verso") != NULL, "white is %s", kept->white);
}

static double frozen_time (gpointer data)
{
  return *(double *) data;
}

/* A game lost on time: so it ended, the clock and each move's time in its GGF. */
static void test_loss_on_time_with_its_clock (Fixture *fixture, gconstpointer unused)
{
  static const TimeControl blitz = { .main_seconds = 60, .increment = 2 };
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_CASUAL);
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *record = NULL;
  const LibraryGame *kept;
  double now = 0;

  verso_game_set_time_source (game, frozen_time, &now);
  verso_game_set_time_control (game, &blitz, TRUE);
  play_transcript (game, "f5");
  now = 70;
  REQUIRE (verso_game_check_time (game));
  keep (fixture, game);
  games = games_in (fixture);
  REQUIRE (games->len == 1);
  kept = games->pdata[0];
  CHECK_CMP_INT (kept->ending, ==, LIBRARY_ENDING_TIME);
  CHECK_CMP_INT (kept->disc_difference, ==, 64);  /* White flagged */
  record = record_of (fixture, kept->id);
  REQUIRE (record);
  CHECK (strstr (record, "TI[") != NULL && strstr (record, "RE[+64") != NULL, "record: %s", record);
}

/* Variations are kept: the record is then SGF, which alone holds them; the moves listed and
 * searched are the main line's. */
static void test_variations_kept_in_sgf (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_CASUAL);
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *record = NULL;

  play_transcript (game, "f5d6c3d3c4");
  verso_game_go_to (game, 2);
  play_transcript (game, "c5");
  REQUIRE (verso_game_has_variations (game));
  keep (fixture, game);
  games = games_in (fixture);
  REQUIRE (games->len == 1);
  CHECK_CMP_UINT (((LibraryGame *) games->pdata[0])->n_moves, ==, 5);
  record = record_of (fixture, ((LibraryGame *) games->pdata[0])->id);
  REQUIRE (record);
  CHECK (strstr (record, "GM[2]") != NULL && strstr (record, "c3") != NULL && strstr (record, "c5") != NULL, "record: %s", record);
}

/* A damaged library is set aside, said once, and the game kept in a new one. */
static void test_damaged_library_set_aside (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoGame) game = random_whole_game (8);
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL;
  g_autoptr (GPtrArray) games = NULL;

  REQUIRE (g_file_set_contents (fixture->path, "not a library at all, but long enough to be read as one "
                                "by a reader that does not check................................", -1, NULL));
  CHECK (verso_profile_keep_game (fixture->profile, game, &notice, &error));
  CHECK_NO_ERROR (error);
  REQUIRE (notice, "no notice");
  CHECK (strstr (notice, "set aside") != NULL, "notice: %s", notice);
  games = games_in (fixture);
  CHECK_CMP_UINT (games->len, ==, 1);
}

/* A library that cannot be made (its folder is a file) refuses with a message naming it, and
 * the game is unchanged. */
static void test_library_that_cannot_be_made (Fixture *fixture, gconstpointer unused)
{
  g_autofree char *blocker = g_build_filename (fixture->folder, "blocker", NULL);
  g_autofree char *inside = g_build_filename (blocker, "verso", NULL);
  g_autoptr (VersoProfile) profile = NULL;
  g_autoptr (VersoGame) game = random_whole_game (9);
  g_autoptr (GError) error = NULL;
  guint length = verso_game_get_length (game);

  REQUIRE (g_file_set_contents (blocker, "", -1, NULL));
  profile = verso_profile_new (inside);
  CHECK (!verso_profile_keep_game (profile, game, NULL, &error));
  REQUIRE (error);
  CHECK (strstr (error->message, "blocker") != NULL, "message: %s", error->message);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, length);
}

/* The moves of the main line of the first game of text (SGF), as the library lists moves. */
static void check_sgf_moves (const char *sgf, const LibraryGame *kept)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) game = verso_game_new_from_text (sgf, strlen (sgf), VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                                         LEVEL_CASUAL, NULL, &error);

  REQUIRE (game, "%s: %s", sgf, error->message);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, kept->n_moves);
  for (size_t i = 0; i < kept->n_moves && i < verso_game_get_length (game); i++)
    CHECK_CMP_INT (verso_record_get_move (verso_game_get_record (game), i + 1), ==, kept->moves[i]);
}

/* Each game of the library as one SGF game tree for an export: a game played here with the
 * players, date and result the library lists (not today's), PC[Verso]; a record imported with
 * its own players, date, result and variation; each one tree whose moves are the library's. */
static void test_exported_as_sgf (Fixture *fixture, gconstpointer unused)
{
  static const char collection[] =
    "(;GM[2]FF[4]SZ[8]PB[Ann]PW[Bob]DT[2024-01-02];B[f5];W[d6];B[c3](;W[d3];B[c4])(;W[f4]))\n"
    "(;GM[2]FF[4]SZ[8]PB[Eve]PW[Fay]DT[2023-06-30]RE[B+R];B[d3];W[c5];B[f6])\n";
  g_autofree char *path = g_build_filename (fixture->folder, "games.sgf", NULL);
  g_autoptr (VersoGame) played = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_CASUAL);
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *notice = NULL;
  g_autoptr (GError) error = NULL;
  LibraryImport import = { 0 };
  Library *library;
  guint seen = 0;

  play_transcript (played, "f5d6c3");
  verso_game_set_player (played, VERSO_COLOR_WHITE, VERSO_PLAYER_COMPUTER);
  keep (fixture, played);
  REQUIRE (g_file_set_contents (path, collection, -1, NULL));
  library = verso_profile_get_library (fixture->profile, &notice, &error);
  REQUIRE (library, "%s", error ? error->message : "");
  CHECK (verso_kept_games_import_sgf (library, path, &import));
  CHECK_CMP_INT (import.added, ==, 2);
  games = games_in (fixture);
  REQUIRE (games->len == 3);
  for (guint i = 0; i < games->len; i++) {
    const LibraryGame *kept = games->pdata[i];
    g_autoptr (GError) bad = NULL;
    g_autofree char *sgf = verso_kept_game_to_sgf (library, kept, &bad);
    g_autofree char *black = g_strdup_printf ("PB[%s]", kept->black);
    g_autofree char *date = g_strdup_printf ("DT[%s]", kept->date);

    REQUIRE (sgf, "game %s: %s", kept->black, bad ? bad->message : "no error");
    CHECK_NO_ERROR (bad);
    CHECK (g_str_has_prefix (sgf, "(;GM[2]"), "%s", sgf);
    CHECK (strstr (sgf, black) && strstr (sgf, date), "%s: %s", kept->black, sgf);
    check_sgf_moves (sgf, kept);
    if (g_str_equal (kept->source, "played")) {
      CHECK (strstr (sgf, "PC[Verso]") && !strstr (sgf, "RE["), "played: %s", sgf);
      CHECK (strstr (kept->white, "Verso") != NULL, "white is %s", kept->white);
      seen |= 1;
    } else if (g_str_equal (kept->black, "Ann")) {
      /* One tree with its variation: c4 after d3, and f4 beside them. */
      CHECK_CMP_INT (g_strstr_len (sgf + 1, -1, "(;GM") == NULL, ==, TRUE);
      CHECK (strstr (sgf, "PW[Bob]") && strstr (sgf, "B[c4]") && strstr (sgf, "W[f4]"), "Ann: %s", sgf);
      seen |= 2;
    } else {
      CHECK (strstr (sgf, "PW[Fay]") && strstr (sgf, "RE[B+R]"), "Eve: %s", sgf);
      seen |= 4;
    }
  }
  CHECK_CMP_UINT (seen, ==, 7);
}

/* A kept record that does not read is refused with the game layer's message, not written. */
static void test_unreadable_record_not_exported (Fixture *fixture, gconstpointer unused)
{
  static const char good[] = "(;GM[Othello]PC[Club]PB[Ann]PW[Bob]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6];)";
  g_autofree NotationGame *ggf = g_new (NotationGame, 1);
  g_autoptr (GPtrArray) games = NULL;
  g_autofree char *notice = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *sgf = NULL;
  LibraryGame game = { 0 };
  Library *library;
  size_t end;

  REQUIRE (library_game_from_ggf (good, strlen (good), ggf, &game, &end).error == NOTATION_OK);
  /* The moves listed are good; the record kept beside them is not. */
  game.record = "(;GM[Othello]PB[Ann]PW[Bob]TY[8]B[z9];)";
  library = verso_profile_get_library (fixture->profile, &notice, &error);
  REQUIRE (library, "%s", error ? error->message : "");
  REQUIRE (library_add (library, &game, NULL) == 1, "%s", library_error (library));
  games = games_in (fixture);
  REQUIRE (games->len == 1);
  sgf = verso_kept_game_to_sgf (library, games->pdata[0], &error);
  CHECK (sgf == NULL, "%s", sgf);
  REQUIRE (error);
  CHECK (g_error_matches (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE), "%s", error->message);
  CHECK (strstr (error->message, "z9") != NULL, "%s", error->message);
}

int main (int argc, char **argv)
{
  check_glib_init ();
#define ADD(name, test) CHECK_RUN_FIXTURE ("/kept-games/" name, Fixture, NULL, fixture_set_up, test, fixture_tear_down)
  ADD ("whole-game-kept-once", test_whole_game_kept_once);
  ADD ("unfinished-game-against-the-computer", test_unfinished_game_against_the_computer);
  ADD ("loss-on-time-with-its-clock", test_loss_on_time_with_its_clock);
  ADD ("variations-kept-in-sgf", test_variations_kept_in_sgf);
  ADD ("sgf-collection-imported", test_sgf_collection_imported);
  ADD ("exported-as-sgf", test_exported_as_sgf);
  ADD ("unreadable-record-not-exported", test_unreadable_record_not_exported);
  ADD ("damaged-library-set-aside", test_damaged_library_set_aside);
  ADD ("library-that-cannot-be-made", test_library_that_cannot_be_made);
#undef ADD
  return check_finish ();
}
