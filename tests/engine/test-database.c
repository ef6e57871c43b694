/* test-database.c: the tournament database (database.h) built from a real year of WTHOR games
 * (data/WTH_2020.wtb): every row checked against a count made by replaying the games and
 * comparing boards under the 8 symmetries, the rows of a turned position turned the same way,
 * the same bytes whatever the order of the games, damaged files refused with their reason, and
 * the compiled-in database. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "binary-file.h"
#include "board.h"
#include "bytes.h"
#include "check.h"
#include "clock.h"
#include "database.h"
#include "wthor.h"

#define DEPTH 24

static WthorFile games;

/* The boards after each move of a game (before any pass) and who made it. */
typedef struct Replay {
  Board after[60];
  bool black[60];
  int count;
} Replay;

static Replay *replays;

static void replay_game (const WthorGame *game, Replay *replay)
{
  Board board;
  board_init (&board);
  bool black = true;
  replay->count = 0;
  for (int i = 0; i < game->move_count; i++) {
    if (!board_legal_moves (&board)) {
      board_pass (&board);
      black = !black;
    }
    board_play (&board, game->moves[i]);
    replay->after[i] = board;
    replay->black[i] = black;
    replay->count++;
    black = !black;
  }
}

static bool same_under_a_symmetry (const Board *a, const Board *b)
{
  for (int symmetry = 0; symmetry < BOARD_SYMMETRIES; symmetry++) {
    Board turned = board_symmetry (a, symmetry);
    if (board_equal (&turned, b))
      return true;
  }
  return false;
}

/* The games whose first DEPTH plies reach child, counted in Black's view when black moved into it
 * (the player to move in the parent), as database_moves gives them. */
static DatabaseCounts count_by_hand (const Board *child, bool black_moved)
{
  DatabaseCounts counts = { 0 };
  int ply = board_count (child->player | child->opponent) - 5;
  for (size_t g = 0; g < games.count; g++) {
    const Replay *replay = &replays[g];
    if (ply >= DEPTH || ply >= replay->count || !same_under_a_symmetry (&replay->after[ply], child))
      continue;
    int score = games.games[g].final_score;
    int mover = replay->black[ply] ? score : -score;
    int black = black_moved ? mover : -mover;
    counts.games++;
    counts.wins += black > 0;
    counts.draws += black == 0;
    counts.disc_sum += black;
  }
  return counts;
}

static Database *build (bool reversed, uint8_t **bytes, size_t *size)
{
  DatabaseBuilder *builder = database_builder_new (DEPTH);
  REQUIRE (builder);
  for (size_t i = 0; i < games.count; i++) {
    const WthorGame *game = &games.games[reversed ? games.count - 1 - i : i];
    REQUIRE (database_builder_add (builder, game->moves, game->move_count, game->final_score));
  }
  *bytes = database_builder_encode (builder, 1, size);
  database_builder_free (builder);
  REQUIRE (*bytes);
  char error[200];
  Database *database = database_decode (*bytes, *size, error, sizeof error);
  REQUIRE (database, "%s", error);
  return database;
}

/* Every position the games pass through in their first DEPTH plies: each legal move's row is there
 * exactly when a game played into its position, with the counts made by hand. */
static void test_rows_match_the_games (void)
{
  uint8_t *bytes;
  size_t size;
  Database *database = build (false, &bytes, &size);
  CHECK_CMP_UINT (database_games (database), ==, games.count);
  int positions = 0, rows_seen = 0;
  for (size_t g = 0; g < games.count; g += 7) {
    Position position;
    position_init (&position);
    for (int i = 0; i < games.games[g].move_count && i < DEPTH; i++) {
      if (position_must_pass (&position))
        position_play (&position, BOARD_PASS);
      DatabaseRow rows[BOARD_SQUARES];
      int n = database_moves (database, &position, rows);
      int expected_rows = 0;
      for (uint64_t moves = board_legal_moves (&position.board); moves; moves &= moves - 1) {
        int move = __builtin_ctzll (moves);
        Board child = board_after_move (&position.board, move);
        DatabaseCounts hand = count_by_hand (&child, position.side_to_move == POSITION_BLACK);
        const DatabaseRow *row = NULL;
        for (int k = 0; k < n; k++)
          if (rows[k].move == move)
            row = &rows[k];
        expected_rows += hand.games > 0;
        CHECK ((row != NULL) == (hand.games > 0), "game %zu ply %d move %d", g, i, move);
        if (!row)
          continue;
        CHECK_CMP_UINT (row->counts.games, ==, hand.games);
        CHECK_CMP_UINT (row->counts.wins, ==, hand.wins);
        CHECK_CMP_UINT (row->counts.draws, ==, hand.draws);
        CHECK_CMP_INT (row->counts.disc_sum, ==, hand.disc_sum);
      }
      CHECK_CMP_INT (n, ==, expected_rows);
      for (int k = 1; k < n; k++)
        CHECK_CMP_UINT (rows[k - 1].counts.games, >=, rows[k].counts.games);
      rows_seen += n;
      positions++;
      position_play (&position, games.games[g].moves[i]);
    }
  }
  check_note ("%d positions, %d rows checked by hand; %zu entries, %zu bytes", positions,
              rows_seen, database_count (database), size);
  CHECK_CMP_INT (rows_seen, >, positions);
  database_free (database);
  free (bytes);
}

/* A position turned by any symmetry gives the turned moves with the same counts. */
static void test_symmetry (void)
{
  uint8_t *bytes;
  size_t size;
  Database *database = build (false, &bytes, &size);
  for (size_t g = 0; g < games.count; g += 11) {
    Position position;
    position_init (&position);
    for (int i = 0; i < 8 && i < games.games[g].move_count; i++)
      position_play (&position, games.games[g].moves[i]);
    DatabaseRow rows[BOARD_SQUARES];
    int n = database_moves (database, &position, rows);
    CHECK (n > 0, "game %zu", g);
    for (int symmetry = 1; symmetry < BOARD_SYMMETRIES; symmetry++) {
      Position turned = { board_symmetry (&position.board, symmetry), position.side_to_move };
      DatabaseRow turned_rows[BOARD_SQUARES];
      CHECK_CMP_INT (database_moves (database, &turned, turned_rows), ==, n);
      for (int k = 0; k < n; k++) {
        int move = board_square_symmetry (rows[k].move, symmetry);
        bool found = false;
        for (int j = 0; j < n; j++)
          if (turned_rows[j].move == move) {
            found = true;
            CHECK (memcmp (&turned_rows[j].counts, &rows[k].counts, sizeof rows[k].counts) == 0,
                   "game %zu symmetry %d move %d", g, symmetry, move);
          }
        CHECK (found, "game %zu symmetry %d: move %d missing", g, symmetry, move);
      }
    }
  }
  database_free (database);
  free (bytes);
}

static void test_same_bytes_any_order (void)
{
  uint8_t *forwards, *backwards;
  size_t size_forwards, size_backwards;
  Database *a = build (false, &forwards, &size_forwards);
  Database *b = build (true, &backwards, &size_backwards);
  CHECK_CMP_UINT (size_forwards, ==, size_backwards);
  CHECK (size_forwards == size_backwards && memcmp (forwards, backwards, size_forwards) == 0);
  database_free (a);
  database_free (b);
  free (forwards);
  free (backwards);
}

static void reseal (uint8_t *bytes, size_t size)
{
  bytes_write_u32 (bytes + 28, bytes_fnv1a (bytes + DATABASE_HEADER, size - DATABASE_HEADER));
}

static bool decodes (const uint8_t *bytes, size_t size, char *error, size_t error_size)
{
  Database *database = database_decode (bytes, size, error, error_size);
  database_free (database);
  return database != NULL;
}

static void test_damaged (void)
{
  uint8_t *bytes;
  size_t size;
  database_free (build (false, &bytes, &size));
  uint8_t *copy = malloc (size);
  REQUIRE (copy);
  check_header_refused (decodes, bytes, size, DATABASE_HEADER, "no database", "database");
  check_refused (decodes, bytes, size - 5, "its header says");
  /* Two entries swapped: sound bytes, sealed, but out of order. */
  memcpy (copy, bytes, size);
  memcpy (copy + DATABASE_HEADER, bytes + DATABASE_HEADER + DATABASE_RECORD, DATABASE_RECORD);
  memcpy (copy + DATABASE_HEADER + DATABASE_RECORD, bytes + DATABASE_HEADER, DATABASE_RECORD);
  reseal (copy, size);
  check_refused (decodes, copy, size, "database entry 1: entries are not sorted");
  /* More wins than games. */
  memcpy (copy, bytes, size);
  bytes_write_u32 (copy + DATABASE_HEADER + 20, 1000000);
  reseal (copy, size);
  check_refused (decodes, copy, size, "database entry 0:");
  memcpy (copy, bytes, size);
  bytes_write_u32 (copy + 16, 0);
  check_refused (decodes, copy, size, "database depth 0");
  free (copy);
  free (bytes);
}

typedef struct Progress {
  size_t calls, last_done, total;
  size_t stop_at;   /* returns false at this call (from 1), never when 0 */
} Progress;

static bool on_progress (size_t done, size_t total, void *user_data)
{
  Progress *progress = user_data;
  progress->calls++;
  CHECK_CMP_UINT (done, >=, progress->last_done);
  progress->last_done = done;
  progress->total = total;
  return progress->calls != progress->stop_at;
}

/* A directory indexed gives the bytes of its games built one by one; progress counts its files
 * and can stop the work; a directory without games says so. */
static void test_directory (void)
{
  char folder[] = "/tmp/verso-database-XXXXXX", path[4096], from[4096], error[300];
  REQUIRE (mkdtemp (folder));
  check_data_path ("WTH_2020.wtb", from, sizeof from);
  snprintf (path, sizeof path, "%s/WTH_2020.wtb", folder);
  char absolute[4096];
  REQUIRE (realpath (from, absolute) && symlink (absolute, path) == 0);
  uint8_t *expected;
  size_t expected_size;
  database_free (build (false, &expected, &expected_size));

  Progress progress = { 0 };
  size_t size;
  uint8_t *bytes = database_index_directory (folder, DEPTH, 1, on_progress, &progress, &size,
                                             error, sizeof error);
  REQUIRE (bytes, "%s", error);
  CHECK (size == expected_size && memcmp (bytes, expected, size) == 0);
  CHECK_CMP_UINT (progress.calls, ==, 2);
  CHECK_CMP_UINT (progress.total, ==, 1);
  CHECK_CMP_UINT (progress.last_done, ==, 1);
  free (bytes);

  Progress stop = { .stop_at = 1 };
  CHECK (!database_index_directory (folder, DEPTH, 1, on_progress, &stop, &size, error,
                                    sizeof error));
  CHECK_CMP_STR (error, ==, "stopped");
  unlink (path);
  CHECK (!database_index_directory (folder, DEPTH, 1, NULL, NULL, &size, error, sizeof error));
  CHECK (strstr (error, "no .wtb files"), "%s", error);
  rmdir (folder);
  free (expected);
}

/* The shipped database: every game starts from the standard start, so each of its four opening
 * moves (one position under the symmetries) leads where all the games went; the time a query
 * takes is printed, not judged. data/database.bin ships with the project: missing or damaged,
 * it is a failure. */
static void test_compiled (void)
{
  const Database *database = database_compiled ();
  REQUIRE (database, "the compiled-in database: %s", database_error ());
  CHECK (database_error () == NULL, "no error with a database");
  Position start;
  position_init (&start);
  DatabaseRow rows[BOARD_SQUARES];
  CHECK_CMP_INT (database_moves (database, &start, rows), ==, 4);
  /* The four first moves are one position turned: every game, once, and three repeats of it. */
  CHECK_CMP_INT (rows[0].same_as, ==, -1);
  for (int k = 0; k < 4; k++)
    CHECK_CMP_UINT (rows[k].counts.games, ==, database_games (database));
  for (int k = 1; k < 4; k++)
    CHECK_CMP_INT (rows[k].same_as, ==, rows[0].move);
  Position after;
  position_init (&after);
  position_play (&after, board_square (5, 4));
  double begin = clock_seconds ();
  int queries = 1000, total = 0;
  for (int i = 0; i < queries; i++)
    total += database_moves (database, &after, rows);
  double each = (clock_seconds () - begin) / queries;
  check_note ("%zu positions, %u games, %.1f us a query", database_count (database),
              database_games (database), each * 1e6);
  CHECK_CMP_INT (total, ==, queries * 3);
}

int main (void)
{
  char path[4096], error[512];
  check_data_path ("WTH_2020.wtb", path, sizeof path);
  REQUIRE (wthor_read (path, &games, stderr, error, sizeof error), "%s", error);
  REQUIRE (games.count > 100);
  replays = calloc (games.count, sizeof *replays);
  REQUIRE (replays);
  for (size_t g = 0; g < games.count; g++)
    replay_game (&games.games[g], &replays[g]);
  check_run ("rows match the games", test_rows_match_the_games);
  check_run ("symmetry", test_symmetry);
  check_run ("same bytes in any order", test_same_bytes_any_order);
  check_run ("damaged", test_damaged);
  check_run ("directory", test_directory);
  check_run ("compiled", test_compiled);
  free (replays);
  wthor_file_clear (&games);
  return check_finish ();
}
