/* test-library.c: the game library (src/library): games stored and read back, filters and sorts,
 * duplicates skipped, bad records named and skipped, damaged and newer files set aside, the
 * search by position under the 8 symmetries, and a kill -9 in the middle of an import. */
#include <signal.h>
#include <sqlite3.h>
#include <stdbool.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "library.h"

static char scratch[] = "/tmp/verso-test-library-XXXXXX";

/* A fresh library file name in the scratch folder. */
static const char *fresh_path (const char *name)
{
  static char path[512];
  snprintf (path, sizeof path, "%s/%s", scratch, name);
  return path;
}

static Library *open_library (const char *name)
{
  char set_aside[1024], error[1024];
  Library *library = library_open (fresh_path (name), set_aside, sizeof set_aside, error,
                                   sizeof error);
  REQUIRE (library, "%s", error);
  CHECK (set_aside[0] == '\0', "%s", set_aside);
  return library;
}

/* A game of transcript from the start, with players and a date. */
static LibraryGame make_game (const char *moves, const char *black, const char *white,
                              const char *date, int disc_difference)
{
  LibraryGame game;
  memset (&game, 0, sizeof game);
  position_init (&game.start);
  Position position = game.start;
  NotationStatus status = notation_parse_transcript (moves, strlen (moves), &position, game.moves,
                                                     NOTATION_MAX_MOVES, &game.n_moves);
  REQUIRE (status.error == NOTATION_OK, "%s: %s", moves, notation_error_message (status.error));
  snprintf (game.black, sizeof game.black, "%s", black);
  snprintf (game.white, sizeof game.white, "%s", white);
  snprintf (game.date, sizeof game.date, "%s", date);
  snprintf (game.source, sizeof game.source, "played");
  game.disc_difference = disc_difference;
  return game;
}

typedef struct Listed {
  LibraryGame games[16];
  int count;
} Listed;

static bool collect (const LibraryGame *game, void *user_data)
{
  Listed *listed = user_data;
  if (listed->count < 16)
    listed->games[listed->count] = *game;
  listed->count++;
  return true;
}

static Listed list (Library *library, const LibraryFilter *filter)
{
  Listed listed = { .count = 0 };
  int64_t count = library_list (library, filter, collect, &listed);
  CHECK_CMP_INT (count, ==, listed.count);
  return listed;
}

static void test_round_trip (void)
{
  Library *library = open_library ("round-trip.sqlite");
  LibraryGame game = make_game ("f5d6c3d3c4", "Ann", "Verso", "2024-05-01", 12);
  snprintf (game.white_level, sizeof game.white_level, "Level 5");
  game.ending = LIBRARY_ENDING_RESIGN;
  game.record = "(;GM[Othello]PB[Ann];)";
  CHECK_CMP_INT (library_add (library, &game, "club,favourite"), ==, 1);
  CHECK (game.id > 0);
  CHECK_CMP_STR (game.opening, ==, "Tiger");
  Listed listed = list (library, NULL);
  REQUIRE (listed.count == 1);
  const LibraryGame *back = &listed.games[0];
  CHECK_CMP_STR (back->black, ==, "Ann");
  CHECK_CMP_STR (back->white, ==, "Verso");
  CHECK_CMP_STR (back->white_level, ==, "Level 5");
  CHECK_CMP_STR (back->date, ==, "2024-05-01");
  CHECK_CMP_STR (back->opening, ==, "Tiger");
  CHECK_CMP_INT (back->disc_difference, ==, 12);
  CHECK_CMP_INT (back->ending, ==, LIBRARY_ENDING_RESIGN);
  CHECK_CMP_UINT (back->n_moves, ==, 5);
  CHECK (memcmp (back->moves, game.moves, 5 * sizeof game.moves[0]) == 0);
  char *record = library_record (library, game.id);
  CHECK_CMP_STR (record, ==, "(;GM[Othello]PB[Ann];)");
  free (record);
  LibraryFilter by_tag = LIBRARY_FILTER_INIT;
  by_tag.tag = "favourite";
  CHECK_CMP_INT (list (library, &by_tag).count, ==, 1);
  CHECK (library_untag (library, game.id, "favourite"));
  CHECK_CMP_INT (list (library, &by_tag).count, ==, 0);
  CHECK (library_tag (library, game.id, "favourite"));
  CHECK_CMP_INT (list (library, &by_tag).count, ==, 1);
  /* The same game again is a duplicate; another date makes it another game. */
  LibraryGame again = make_game ("f5d6c3d3c4", "Ann", "Verso", "2024-05-01", 12);
  CHECK_CMP_INT (library_add (library, &again, NULL), ==, 0);
  again = make_game ("f5d6c3d3c4", "Ann", "Verso", "2024-05-02", 12);
  CHECK_CMP_INT (library_add (library, &again, NULL), ==, 1);
  CHECK_CMP_INT (library_count (library), ==, 2);
  CHECK (library_delete (library, game.id));
  CHECK (!library_delete (library, game.id));
  CHECK_CMP_INT (library_count (library), ==, 1);
  CHECK_CMP_INT (list (library, &by_tag).count, ==, 0);
  Position start;
  position_init (&start);
  LibraryHit hits[4];
  CHECK_CMP_INT (library_find_position (library, &start, hits, 4), ==, 1);
  CHECK (library_check (library));
  library_close (library);
}

static void test_filters_and_sorts (void)
{
  Library *library = open_library ("filters.sqlite");
  LibraryGame games[] = {
    make_game ("f5d6c3d3c4", "Ann", "Bob", "2020-01-01", 10),
    make_game ("f5f6e6f4", "Bob", "Cleo", "2021-06-01", -8),
    make_game ("f5d6c5f4e3", "Dan", "Ann", "2019-03-01", 0),
    make_game ("f5f4e3", "Eve", "Fay", "2022-12-31", 40),
  };
  for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
    CHECK_CMP_INT (library_add (library, &games[i], NULL), ==, 1);
  LibraryFilter filter = LIBRARY_FILTER_INIT;
  filter.player = "ann";
  Listed listed = list (library, &filter);
  CHECK_CMP_INT (listed.count, ==, 2);
  CHECK_CMP_STR (listed.games[0].date, ==, "2019-03-01");
  filter = (LibraryFilter) LIBRARY_FILTER_INIT;
  filter.date_from = "2020";
  filter.date_to = "2022";
  CHECK_CMP_INT (list (library, &filter).count, ==, 2);
  filter = (LibraryFilter) LIBRARY_FILTER_INIT;
  filter.result = 2;
  listed = list (library, &filter);
  CHECK_CMP_INT (listed.count, ==, 1);
  CHECK_CMP_STR (listed.games[0].black, ==, "Bob");
  filter.result = 3;
  CHECK_CMP_INT (list (library, &filter).count, ==, 1);
  filter = (LibraryFilter) LIBRARY_FILTER_INIT;
  filter.opening = "Tiger";
  CHECK_CMP_INT (list (library, &filter).count, ==, 1);
  /* The search box's one text: a player's name or the opening's, any case. */
  filter = (LibraryFilter) LIBRARY_FILTER_INIT;
  filter.text = "tiger";
  listed = list (library, &filter);
  REQUIRE (listed.count == 1);
  CHECK_CMP_STR (listed.games[0].opening, ==, "Tiger");
  filter.text = "bob";
  CHECK_CMP_INT (list (library, &filter).count, ==, 2);
  filter.text = "zz";
  CHECK_CMP_INT (list (library, &filter).count, ==, 0);
  filter = (LibraryFilter) LIBRARY_FILTER_INIT;
  filter.sort = LIBRARY_SORT_RESULT;
  filter.descending = true;
  listed = list (library, &filter);
  REQUIRE (listed.count == 4);
  CHECK_CMP_INT (listed.games[0].disc_difference, ==, 40);
  CHECK_CMP_INT (listed.games[3].disc_difference, ==, -8);
  filter.sort = LIBRARY_SORT_PLAYER;
  filter.descending = false;
  filter.limit = 2;
  filter.offset = 1;
  listed = list (library, &filter);
  REQUIRE (listed.count == 2);
  CHECK_CMP_STR (listed.games[0].black, ==, "Bob");
  CHECK_CMP_STR (listed.games[1].black, ==, "Dan");
  filter = (LibraryFilter) LIBRARY_FILTER_INIT;
  filter.rules = RULES_REVERSE;
  CHECK_CMP_INT (list (library, &filter).count, ==, 0);
  /* A LIKE wild card in the user's text is a character like any other. */
  filter = (LibraryFilter) LIBRARY_FILTER_INIT;
  filter.player = "%";
  CHECK_CMP_INT (list (library, &filter).count, ==, 0);
  library_close (library);
}

static bool collect_tag (const char *tag, int64_t games, void *user_data)
{
  char *seen = user_data;
  char one[64];
  snprintf (one, sizeof one, "%s%s=%lld", *seen ? " " : "", tag, (long long) games);
  strncat (seen, one, 255 - strlen (seen));
  return true;
}

/* Tags set at once (trimmed, repeats and empty ones dropped) come back listed with each game,
 * sorted; the tags in use are listed with their games; played and imported games are told apart. */
static void test_tags_and_origin (void)
{
  Library *library = open_library ("tags.sqlite");
  LibraryGame played = make_game ("f5d6c3", "Ann", "Verso", "2024-05-01 10:00:00", 0);
  LibraryGame imported = make_game ("f5f6e6", "Bob", "Cleo", "1990", 4);
  snprintf (imported.source, sizeof imported.source, "/home/ann/games/wth_1990.wtb");
  REQUIRE (library_add (library, &played, " study ,club") == 1);
  REQUIRE (library_add (library, &imported, NULL) == 1);

  LibraryFilter filter = LIBRARY_FILTER_INIT;
  filter.sort = LIBRARY_SORT_DATE;
  Listed listed = list (library, &filter);
  REQUIRE (listed.count == 2);
  CHECK_CMP_STR (listed.games[0].tags, ==, "");
  CHECK_CMP_STR (listed.games[1].tags, ==, "club, study");
  CHECK (library_set_tags (library, played.id, "opening, ,  loss,opening"));
  CHECK (library_set_tags (library, imported.id, "opening"));
  CHECK (!library_set_tags (library, 999, "ghost"));
  listed = list (library, &filter);
  REQUIRE (listed.count == 2);
  CHECK_CMP_STR (listed.games[1].tags, ==, "loss, opening");
  CHECK_CMP_STR (listed.games[0].tags, ==, "opening");
  char seen[256] = "";
  CHECK_CMP_INT (library_list_tags (library, collect_tag, seen), ==, 2);
  CHECK_CMP_STR (seen, ==, "loss=1 opening=2");
  filter.tag = "loss";
  listed = list (library, &filter);
  REQUIRE (listed.count == 1);
  CHECK_CMP_STR (listed.games[0].black, ==, "Ann");
  filter.tag = NULL;

  filter.origin = LIBRARY_ORIGIN_PLAYED;
  listed = list (library, &filter);
  REQUIRE (listed.count == 1);
  CHECK_CMP_STR (listed.games[0].black, ==, "Ann");
  filter.origin = LIBRARY_ORIGIN_IMPORTED;
  listed = list (library, &filter);
  REQUIRE (listed.count == 1);
  CHECK_CMP_STR (listed.games[0].black, ==, "Bob");

  /* No tags left: none listed. */
  CHECK (library_set_tags (library, played.id, ""));
  CHECK (library_set_tags (library, imported.id, NULL));
  seen[0] = '\0';
  CHECK_CMP_INT (library_list_tags (library, collect_tag, seen), ==, 0);
  CHECK (library_check (library));
  library_close (library);
}

/* A game opened from the library: its record when one is kept, else a GGF record written from
 * the listed fields that reads back to the same game. */
static void test_game_text (void)
{
  Library *library = open_library ("text.sqlite");
  LibraryGame bare = make_game ("f5d6c3d3c4", "Ann", "Bob", "1998", 12);
  LibraryGame kept = make_game ("f5f6e6f4", "Cleo", "Dan", "2021-06-01", -8);
  kept.record = "(;GM[Othello]PB[Cleo]PW[Dan]TY[8]BO[8 -------- -------- -------- ---O*--- "
                "---*O--- -------- -------- -------- *]B[f5]W[f6]B[e6]W[f4];)";
  bare.ending = LIBRARY_ENDING_RESIGN;
  CHECK_CMP_INT (library_add (library, &bare, NULL), ==, 1);
  CHECK_CMP_INT (library_add (library, &kept, NULL), ==, 1);
  LibraryFilter filter = LIBRARY_FILTER_INIT;
  filter.player = "Ann";
  Listed listed = list (library, &filter);
  REQUIRE (listed.count == 1);
  char *text = library_game_text (library, &listed.games[0]);
  REQUIRE (text);
  NotationGame *ggf = malloc (sizeof *ggf);
  REQUIRE (ggf);
  NotationStatus status = notation_parse_ggf (text, strlen (text), ggf, NULL);
  CHECK (status.error == NOTATION_OK, "%s: %s", text, notation_error_message (status.error));
  CHECK_CMP_INT ((int) ggf->n_moves, ==, 5);
  CHECK_CMP_INT (ggf->moves[4], ==, bare.moves[4]);
  CHECK_CMP_STR (ggf->black, ==, "Ann");
  CHECK_CMP_STR (ggf->date, ==, "1998");
  CHECK_CMP_STR (ggf->place, ==, "?");  /* not "Verso": a record of others' game */
  CHECK_CMP_STR (ggf->result, ==, "+12:r");
  free (ggf);
  free (text);
  filter.player = "Cleo";
  listed = list (library, &filter);
  REQUIRE (listed.count == 1);
  text = library_game_text (library, &listed.games[0]);
  CHECK_CMP_STR (text, ==, kept.record);
  free (text);
  /* As GGF, for an export: a GGF record as kept. */
  text = library_game_ggf (library, &listed.games[0]);
  CHECK_CMP_STR (text, ==, kept.record);
  free (text);
  /* A record kept as SGF (a game with variations): GGF written from the listed fields. */
  LibraryGame sgf = make_game ("f5d6c5", "Eve", "Fay", "2022", 0);
  sgf.record = "(;GM[2]FF[4]PB[Eve]PW[Fay];B[f5];W[d6];B[c5](;W[f4])(;W[b4]))";
  CHECK_CMP_INT (library_add (library, &sgf, NULL), ==, 1);
  filter.player = "Eve";
  listed = list (library, &filter);
  REQUIRE (listed.count == 1);
  text = library_game_ggf (library, &listed.games[0]);
  REQUIRE (text);
  CHECK (strncmp (text, "(;GM[Othello]", 13) == 0 && strstr (text, "PB[Eve]") && strstr (text, "B[c5]"),
         "%s", text);
  free (text);
  library_close (library);
}

typedef struct Openings {
  LibraryOpeningStats rows[8];
  int count;
} Openings;

static bool collect_opening (const LibraryOpeningStats *stats, void *user_data)
{
  Openings *openings = user_data;
  if (openings->count < 8)
    openings->rows[openings->count++] = *stats;
  return true;
}

/* A game the person played here against the computer: person is their colour. */
static LibraryGame played (const char *moves, int person, int difference, const char *date,
                           int graded, int lost)
{
  LibraryGame game = make_game (moves, person == POSITION_BLACK ? "Me" : "Verso (Club)",
                                person == POSITION_BLACK ? "Verso (Club)" : "Me", date, difference);
  snprintf (person == POSITION_BLACK ? game.white_level : game.black_level, LIBRARY_TEXT_SIZE,
            "club");
  game.graded[person] = graded;
  game.lost[person] = lost;
  game.graded[!person] = 30;  /* the computer's moves, graded too, never counted for the person */
  game.lost[!person] = 99;
  return game;
}

/* How the person does per opening and colour: only their finished games against the computer,
 * the person's view of each result, the coach's mean loss; the openings lost most first. */
static void test_opening_stats (void)
{
  Library *library = open_library ("openings.sqlite");
  LibraryGame games[] = {
    /* As Black in the Tiger (f5d6c3d3c4): lost twice, won once. */
    played ("f5d6c3d3c4", POSITION_BLACK, -10, "2026-01-01 10:00:00", 20, 40),
    played ("f5d6c3d3c4", POSITION_BLACK, -4, "2026-01-02 10:00:00", 10, 10),
    played ("f5d6c3d3c4", POSITION_BLACK, 8, "2026-01-03 10:00:00", 0, 0),
    /* As White in the Tiger: won (Black lost by 6). */
    played ("f5d6c3d3c4", POSITION_WHITE, -6, "2026-01-04 10:00:00", 10, 5),
    /* As Black in the Perpendicular (f5d6c5): a draw. */
    played ("f5d6c5", POSITION_BLACK, 0, "2026-01-05 10:00:00", 0, 0),
  };
  for (size_t i = 0; i < sizeof games / sizeof games[0]; i++)
    CHECK_CMP_INT (library_add (library, &games[i], NULL), ==, 1);
  /* Left out: an unfinished game, one between two people, an imported one, a Reverse one. */
  LibraryGame unfinished = played ("f5d6c3d3c4f4", POSITION_BLACK, -20, "2026-01-06", 5, 50);
  unfinished.ending = LIBRARY_ENDING_UNFINISHED;
  LibraryGame people = make_game ("f5d6c3d3c4", "Ann", "Bob", "2026-01-07", -30);
  LibraryGame imported = make_game ("f5d6c3d3c4", "Cleo", "Dan", "2026-01-08", -30);
  snprintf (imported.source, sizeof imported.source, "games.ggf");
  snprintf (imported.white_level, sizeof imported.white_level, "club");
  LibraryGame reverse = played ("f5d6c3d3c4", POSITION_BLACK, -30, "2026-01-09", 5, 50);
  reverse.rules = RULES_REVERSE;
  LibraryGame *others[] = { &unfinished, &people, &imported, &reverse };
  for (size_t i = 0; i < 4; i++)
    CHECK_CMP_INT (library_add (library, others[i], NULL), ==, 1);

  Openings openings = { .count = 0 };
  CHECK_CMP_INT ((int) library_opening_stats (library, collect_opening, &openings), ==, 3);
  REQUIRE (openings.count == 3);
  const LibraryOpeningStats *tiger_black = &openings.rows[0];
  CHECK_CMP_STR (tiger_black->opening, ==, games[0].opening);
  CHECK (tiger_black->opening[0], "the Tiger is named");
  CHECK_CMP_INT (tiger_black->colour, ==, POSITION_BLACK);
  CHECK_CMP_INT (tiger_black->games, ==, 3);
  CHECK_CMP_INT (tiger_black->wins, ==, 1);
  CHECK_CMP_INT (tiger_black->losses, ==, 2);
  CHECK_CMP_INT (tiger_black->draws, ==, 0);
  CHECK (tiger_black->mean_difference > -2.01 && tiger_black->mean_difference < -1.99,
         "mean %+.2f", tiger_black->mean_difference);
  CHECK_CMP_INT (tiger_black->graded, ==, 30);
  CHECK (tiger_black->mean_loss > 1.66 && tiger_black->mean_loss < 1.67, "loss %.3f",
         tiger_black->mean_loss);
  /* Then the draw (no loss, no win), then the win; the draw had no graded move. */
  CHECK_CMP_INT (openings.rows[1].draws, ==, 1);
  CHECK (openings.rows[1].mean_loss < 0, "no graded move: %.2f", openings.rows[1].mean_loss);
  CHECK_CMP_INT (openings.rows[2].colour, ==, POSITION_WHITE);
  CHECK_CMP_INT (openings.rows[2].wins, ==, 1);
  CHECK (openings.rows[2].mean_difference > 5.99 && openings.rows[2].mean_difference < 6.01,
         "the person's view: %+.2f", openings.rows[2].mean_difference);
  CHECK (openings.rows[2].mean_loss > 0.49 && openings.rows[2].mean_loss < 0.51, "White's loss");
  library_close (library);
}

/* A library of version 1 (before the coach's columns) is brought up to date, its games kept. */
static void test_version_1_upgraded (void)
{
  const char *path = fresh_path ("version-1.sqlite");
  sqlite3 *db;
  REQUIRE (sqlite3_open (path, &db) == SQLITE_OK);
  REQUIRE (sqlite3_exec (db,
    "CREATE TABLE games (id INTEGER PRIMARY KEY, black TEXT NOT NULL, white TEXT NOT NULL,"
    " black_level TEXT NOT NULL, white_level TEXT NOT NULL, rules INTEGER NOT NULL,"
    " start TEXT NOT NULL, date TEXT NOT NULL, disc_difference INTEGER NOT NULL,"
    " ending INTEGER NOT NULL, opening TEXT NOT NULL, moves TEXT NOT NULL, record TEXT,"
    " clock TEXT, source TEXT NOT NULL, added TEXT NOT NULL DEFAULT (datetime('now')));"
    "CREATE UNIQUE INDEX games_identity ON games (moves, black, white, date);"
    "CREATE TABLE tags (tag TEXT NOT NULL, game INTEGER NOT NULL, PRIMARY KEY (tag, game))"
    " WITHOUT ROWID;"
    "CREATE TABLE positions (game INTEGER NOT NULL, ply INTEGER NOT NULL, key INTEGER NOT NULL,"
    " PRIMARY KEY (game, ply)) WITHOUT ROWID;"
    "INSERT INTO games (black, white, black_level, white_level, rules, start, date,"
    " disc_difference, ending, opening, moves, source) VALUES ('Me', 'Verso', '', 'club', 0,"
    " '---------------------------OX------XO--------------------------- X', '2025', -4, 0,"
    " 'Tiger', 'f5d6c3d3c4', 'played');"
    "PRAGMA user_version = 1;", NULL, NULL, NULL) == SQLITE_OK, "%s", sqlite3_errmsg (db));
  sqlite3_close (db);
  Library *library = open_library ("version-1.sqlite");
  CHECK_CMP_INT ((int) library_count (library), ==, 1);
  LibraryGame game = played ("f5d6c5", POSITION_BLACK, 2, "2026", 4, 8);
  CHECK_CMP_INT (library_add (library, &game, NULL), ==, 1);
  Openings openings = { .count = 0 };
  CHECK_CMP_INT ((int) library_opening_stats (library, collect_opening, &openings), ==, 2);
  library_close (library);
  REQUIRE (sqlite3_open (path, &db) == SQLITE_OK);
  sqlite3_stmt *version;
  REQUIRE (sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &version, NULL) == SQLITE_OK);
  REQUIRE (sqlite3_step (version) == SQLITE_ROW);
  CHECK_CMP_INT (sqlite3_column_int (version, 0), ==, LIBRARY_SCHEMA_VERSION);
  sqlite3_finalize (version);
  sqlite3_close (db);
}

/* The game turned by symmetry: every move mapped. */
static LibraryGame turned (const LibraryGame *game, int symmetry)
{
  LibraryGame copy = *game;
  for (size_t i = 0; i < game->n_moves; i++)
    copy.moves[i] = board_square_symmetry (game->moves[i], symmetry);
  snprintf (copy.black, sizeof copy.black, "turned %d", symmetry);
  return copy;
}

static void test_position_under_symmetry (void)
{
  Library *library = open_library ("symmetry.sqlite");
  LibraryGame game = make_game ("f5d6c3d3c4f4f6", "Ann", "Bob", "2020", 0);
  CHECK_CMP_INT (library_add (library, &game, NULL), ==, 1);
  /* f5 turned by the symmetries that keep the start: only those give legal games. */
  int added = 0;
  for (int symmetry = 1; symmetry < 8; symmetry++) {
    LibraryGame copy = turned (&game, symmetry);
    Position position = copy.start;
    bool legal = true;
    for (size_t i = 0; i < copy.n_moves && legal; i++)
      legal = position_play (&position, copy.moves[i]);
    if (legal && library_add (library, &copy, NULL) == 1)
      added++;
  }
  CHECK_CMP_INT (added, ==, 3);
  /* Every game is found from the position after four moves of any one of them. */
  LibraryFilter filter = LIBRARY_FILTER_INIT;
  Listed listed = list (library, &filter);
  REQUIRE (listed.count == 4);
  for (int i = 0; i < listed.count; i++) {
    Position position = listed.games[i].start;
    for (int m = 0; m < 4; m++)
      position_play (&position, listed.games[i].moves[m]);
    LibraryHit hits[8];
    CHECK_CMP_INT (library_find_position (library, &position, hits, 8), ==, 4);
    CHECK_CMP_INT (hits[0].ply, ==, 4);
    Listed found = { .count = 0 };
    CHECK_CMP_INT (library_list_position (library, &position, NULL, collect, &found), ==, 4);
    /* With a text too: both bound, the position's key after every text. */
    LibraryFilter named = LIBRARY_FILTER_INIT;
    named.text = listed.games[i].black;
    named.player = listed.games[i].black;
    found.count = 0;
    CHECK_CMP_INT (library_list_position (library, &position, &named, collect, &found), ==, 1);
  }
  /* The same discs with the other side to move are another position. */
  Position position = game.start;
  for (int m = 0; m < 4; m++)
    position_play (&position, game.moves[m]);
  position.side_to_move ^= 1;
  LibraryHit hit;
  CHECK_CMP_INT (library_find_position (library, &position, &hit, 1), ==, 0);
  library_close (library);
}

typedef struct Messages {
  char text[8][512];
  int count;
} Messages;

static void remember (const char *text, void *user_data)
{
  Messages *messages = user_data;
  if (messages->count < 8)
    snprintf (messages->text[messages->count], sizeof messages->text[0], "%s", text);
  messages->count++;
}

static bool said (const Messages *messages, const char *part)
{
  for (int i = 0; i < messages->count && i < 8; i++)
    if (strstr (messages->text[i], part))
      return true;
  return false;
}

static void test_bad_records_named_and_skipped (void)
{
  Library *library = open_library ("imports.sqlite");
  char path[4096];
  Messages messages = { .count = 0 };
  LibraryImport import = { .message = remember, .user_data = &messages };
  CHECK (library_import_path (library, check_data_path ("library/games.ggf", path, sizeof path),
                              &import));
  CHECK_CMP_INT (import.added, ==, 2);
  CHECK_CMP_INT (import.bad, ==, 1);
  CHECK (said (&messages, "games.ggf: game 2"), "%s", messages.text[0]);
  LibraryFilter filter = LIBRARY_FILTER_INIT;
  filter.player = "alice";
  Listed listed = list (library, &filter);
  REQUIRE (listed.count == 2);
  CHECK_CMP_INT (listed.games[1].ending, ==, LIBRARY_ENDING_TIME);
  CHECK_CMP_STR (listed.games[0].date, ==, "2003-01-02 10:00:00");
  CHECK_CMP_INT (listed.games[0].disc_difference, ==, 10);

  memset (&messages, 0, sizeof messages);
  import = (LibraryImport) { .message = remember, .user_data = &messages };
  CHECK (library_import_path (library, check_data_path ("library/games.txt", path, sizeof path),
                              &import));
  CHECK_CMP_INT (import.added, ==, 2);
  CHECK_CMP_INT (import.bad, ==, 1);
  CHECK (said (&messages, "games.txt:4:7:"), "%s", messages.text[0]);

  /* A WTHOR file with its second record damaged (a move off the board). */
  FILE *in = check_data_open ("WTH_2020.wtb", "rb");
  uint8_t bytes[16 + 68 * 5];
  REQUIRE (fread (bytes, 1, sizeof bytes, in) == sizeof bytes);
  fclose (in);
  bytes[4] = 5;
  bytes[5] = bytes[6] = bytes[7] = 0;
  bytes[16 + 68 + 8 + 3] = 99;
  char wtb[600];
  snprintf (wtb, sizeof wtb, "%s/bad.wtb", scratch);
  FILE *out = fopen (wtb, "wb");
  REQUIRE (out && fwrite (bytes, 1, sizeof bytes, out) == sizeof bytes);
  fclose (out);
  memset (&messages, 0, sizeof messages);
  import = (LibraryImport) { .message = remember, .user_data = &messages };
  CHECK (library_import_path (library, wtb, &import));
  CHECK_CMP_INT (import.added, ==, 4);
  CHECK_CMP_INT (import.bad, ==, 1);
  CHECK (said (&messages, "bad.wtb: record 2"), "%s", messages.text[0]);
  /* Imported again: all duplicates. */
  import = (LibraryImport) { .message = NULL };
  CHECK (library_import_path (library, wtb, &import));
  CHECK_CMP_INT (import.added, ==, 0);
  CHECK_CMP_INT (import.duplicates, ==, 4);
  CHECK_CMP_INT (library_count (library), ==, 8);
  library_close (library);
}

typedef struct Progress {
  int64_t calls, last_done, last_total;
  atomic_bool cancel;
} Progress;

/* Cancels the import once 1000 games are done. */
static void follow (int64_t done, int64_t total, void *user_data)
{
  Progress *progress = user_data;
  progress->calls++;
  progress->last_done = done;
  progress->last_total = total;
  if (done >= 1000)
    atomic_store (&progress->cancel, true);
}

/* Progress is told with the total of a WTHOR import, and a cancel stops it, keeping the games of
 * the batches committed before. */
static void test_progress_and_cancel (void)
{
  Library *library = open_library ("cancel.sqlite");
  /* A folder of four copies of WTH_2020.wtb (268 games each), each of another year. */
  char folder[600], path[4096];
  snprintf (folder, sizeof folder, "%s/wthor", scratch);
  REQUIRE (mkdir (folder, 0755) == 0);
  FILE *in = check_data_open ("WTH_2020.wtb", "rb");
  uint8_t bytes[32768];
  size_t size = fread (bytes, 1, sizeof bytes, in);
  fclose (in);
  int64_t games = ((int64_t) size - 16) / 68;
  for (int i = 0; i < 4; i++) {
    snprintf (path, sizeof path, "%s/WTH_%d.wtb", folder, 2020 + i);
    bytes[10] = (uint8_t) ((2020 + i) & 0xff);
    bytes[11] = (uint8_t) ((2020 + i) >> 8);
    FILE *out = fopen (path, "wb");
    REQUIRE (out && fwrite (bytes, 1, size, out) == size);
    fclose (out);
  }
  Progress progress = { .calls = 0 };
  atomic_init (&progress.cancel, false);
  LibraryImport import = { .progress = follow, .user_data = &progress,
                           .cancel = &progress.cancel };
  CHECK (library_import_path (library, folder, &import));
  CHECK_CMP_INT (progress.calls, >=, 2);
  CHECK_CMP_INT (progress.last_total, ==, 4 * games);
  /* Told at 1000 games, which cancels before the next: three whole files and part of the
   * fourth, committed. */
  REQUIRE (4 * games > 1000);
  CHECK_CMP_INT (import.added, ==, 1000);
  CHECK_CMP_INT (library_count (library), ==, 1000);
  CHECK (library_check (library));
  library_close (library);
}

/* Opens name expecting it set aside as KIND: the message and the renamed file. */
static void check_set_aside (const char *name, const char *kind)
{
  char set_aside[1024], error[1024];
  Library *library = library_open (fresh_path (name), set_aside, sizeof set_aside, error,
                                   sizeof error);
  REQUIRE (library, "%s", error);
  CHECK (strstr (set_aside, name) && strstr (set_aside, kind), "%s", set_aside);
  CHECK_CMP_INT (library_count (library), ==, 0);
  library_close (library);
  char moved[1100];
  snprintf (moved, sizeof moved, "%s", strstr (set_aside, "set aside as ") + 13);
  *strchr (moved, ',') = '\0';
  struct stat info;
  CHECK (stat (moved, &info) == 0, "%s", moved);
}

static void test_damaged_and_newer_set_aside (void)
{
  FILE *file = fopen (fresh_path ("damaged.sqlite"), "w");
  REQUIRE (file);
  fputs ("this is no SQLite file, but it is long enough to have a header of a hundred bytes "
         "and more, so SQLite reads it and says so.\n", file);
  fclose (file);
  check_set_aside ("damaged.sqlite", ".damaged-");

  sqlite3 *db;
  REQUIRE (sqlite3_open (fresh_path ("newer.sqlite"), &db) == SQLITE_OK);
  REQUIRE (sqlite3_exec (db, "CREATE TABLE games (id); PRAGMA user_version = 99;", NULL, NULL,
                         NULL) == SQLITE_OK);
  sqlite3_close (db);
  check_set_aside ("newer.sqlite", "newer Verso");
}

/* A child imports game after game, each its own transaction, until the parent kills it. */
static void test_kill_during_import (void)
{
  const char *path = fresh_path ("killed.sqlite");
  Library *library = open_library ("killed.sqlite");
  library_close (library);
  int pipe_ends[2];
  REQUIRE (pipe (pipe_ends) == 0);
  pid_t child = fork ();
  REQUIRE (child >= 0);
  if (child == 0) {
    close (pipe_ends[0]);
    char set_aside[256], error[256];
    Library *mine = library_open (path, set_aside, sizeof set_aside, error, sizeof error);
    if (!mine)
      _exit (1);
    for (int i = 0;; i++) {
      char date[32];
      snprintf (date, sizeof date, "%d", i);
      LibraryGame game = make_game ("f5d6c3d3c4f4", "Child", "Process", date, i);
      if (library_add (mine, &game, NULL) != 1)
        _exit (1);
      /* Committed: told to the parent. */
      if (write (pipe_ends[1], &i, sizeof i) != sizeof i)
        _exit (1);
    }
    _exit (1);
  }
  close (pipe_ends[1]);
  int last = -1, i;
  while (last < 200 && read (pipe_ends[0], &i, sizeof i) == sizeof i)
    last = i;
  kill (child, SIGKILL);
  waitpid (child, NULL, 0);
  while (read (pipe_ends[0], &i, sizeof i) == sizeof i)
    last = i;
  close (pipe_ends[0]);
  REQUIRE (last >= 200, "the child stopped after %d games", last);
  library = open_library ("killed.sqlite");
  CHECK (library_check (library));
  /* Every game the child said was committed is there (one more may have been committed). */
  int64_t count = library_count (library);
  CHECK (count == last + 1 || count == last + 2, "%" PRId64 " games, %d committed", count, last + 1);
  library_close (library);
}

int main (void)
{
  REQUIRE (mkdtemp (scratch));
  check_run ("round-trip", test_round_trip);
  check_run ("filters-and-sorts", test_filters_and_sorts);
  check_run ("tags-and-origin", test_tags_and_origin);
  check_run ("position-under-symmetry", test_position_under_symmetry);
  check_run ("game-text", test_game_text);
  check_run ("opening-stats", test_opening_stats);
  check_run ("version-1-upgraded", test_version_1_upgraded);
  check_run ("bad-records-named-and-skipped", test_bad_records_named_and_skipped);
  check_run ("damaged-and-newer-set-aside", test_damaged_and_newer_set_aside);
  check_run ("kill-during-import", test_kill_during_import);
  check_run ("progress-and-cancel", test_progress_and_cancel);
  char command[600];
  snprintf (command, sizeof command, "rm -rf '%s'", scratch);
  if (system (command) != 0)
    check_note ("%s not removed", scratch);
  return check_finish ();
}
