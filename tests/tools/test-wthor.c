/* test-wthor.c: the WTHOR reader keeps good games, and skips damaged or illegal records with
 * a warning that names the file and the record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board.h"
#include "wthor.h"
#include "check.h"
#include "random-game.h"

/* A record of a random legal game from seed, cut after `limit` moves (random-game.h). */
static int random_record (uint64_t seed, int limit, uint8_t record[WTHOR_RECORD])
{
  return random_wthor_record (&seed, limit, record);
}

static char directory[] = "/tmp/test-wthor-XXXXXX";

static const char *write_file (const char *name, uint32_t declared, const uint8_t *records,
                               size_t bytes)
{
  static char path[256];
  snprintf (path, sizeof path, "%s/%s", directory, name);
  FILE *out = fopen (path, "wb");
  REQUIRE (out, "cannot write %s", path);
  uint8_t header[WTHOR_HEADER] = { 20, 20, 1, 1 };
  for (int i = 0; i < 4; i++)
    header[4 + i] = (uint8_t) (declared >> (8 * i));
  header[10] = 2020 & 0xFF;
  header[11] = 2020 >> 8;
  header[12] = 8;
  header[14] = 24;
  fwrite (header, 1, sizeof header, out);
  fwrite (records, 1, bytes, out);
  fclose (out);
  return path;
}

/* Reads the file, capturing the warnings. */
static bool read_capturing (const char *path, WthorFile *file, char *warnings, size_t size)
{
  FILE *capture = tmpfile ();
  REQUIRE (capture, "no temporary file");
  char error[512] = "";
  bool ok = wthor_read (path, file, capture, error, sizeof error);
  rewind (capture);
  size_t n = fread (warnings, 1, size - 1, capture);
  warnings[n] = '\0';
  fclose (capture);
  if (!ok)
    snprintf (warnings, size, "%s", error);
  return ok;
}

static void test_good_games_kept (void)
{
  uint8_t records[3 * WTHOR_RECORD];
  int finals[3];
  for (int i = 0; i < 3; i++)
    finals[i] = random_record ((uint64_t) i + 10, 60, records + i * WTHOR_RECORD);
  const char *path = write_file ("good.wtb", 3, records, sizeof records);
  WthorFile file;
  char warnings[4096];
  CHECK (read_capturing (path, &file, warnings, sizeof warnings), "%s", warnings);
  CHECK (file.count == 3 && file.skipped == 0, "%zu kept, %zu skipped", file.count, file.skipped);
  CHECK (warnings[0] == '\0', "unexpected warnings: %s", warnings);
  CHECK (file.year == 2020 && file.depth == 24, "year %d depth %d", file.year, file.depth);
  for (int i = 0; i < 3; i++) {
    CHECK (file.games[i].finished, "game %d not finished", i);
    CHECK (file.games[i].final_score == finals[i], "game %d: %d != %d", i,
           file.games[i].final_score, finals[i]);
    CHECK (file.games[i].record == i, "record %d", file.games[i].record);
  }
  wthor_file_clear (&file);
}

static void test_unfinished_game_uses_recorded_score (void)
{
  uint8_t record[WTHOR_RECORD];
  random_record (20, 30, record);
  record[6] = 40; /* black resigned the rest: 40 discs as recorded */
  const char *path = write_file ("unfinished.wtb", 1, record, sizeof record);
  WthorFile file;
  char warnings[4096];
  CHECK (read_capturing (path, &file, warnings, sizeof warnings), "%s", warnings);
  CHECK (file.count == 1 && !file.games[0].finished, "unfinished game not kept as such");
  CHECK (file.games[0].move_count == 30, "%d moves", file.games[0].move_count);
  CHECK (file.games[0].final_score == 16, "score %d", file.games[0].final_score);
  wthor_file_clear (&file);
}

static void test_damaged_records_skipped (void)
{
  enum { GAMES = 6 };
  uint8_t records[GAMES * WTHOR_RECORD];
  for (int i = 0; i < GAMES; i++)
    random_record ((uint64_t) i + 30, 60, records + i * WTHOR_RECORD);
  uint8_t *r;
  r = records + 1 * WTHOR_RECORD; /* record 2: the second move is the first again */
  r[9] = r[8];
  r = records + 2 * WTHOR_RECORD; /* record 3: a move off the board */
  r[8 + 10] = 99;
  r = records + 3 * WTHOR_RECORD; /* record 4: a move after the end */
  r[8 + 40] = 0;
  r = records + 4 * WTHOR_RECORD; /* record 5: more discs than squares */
  r[6] = 65;
  const char *path = write_file ("damaged.wtb", GAMES, records, sizeof records);
  WthorFile file;
  char warnings[4096];
  CHECK (read_capturing (path, &file, warnings, sizeof warnings), "%s", warnings);
  CHECK (file.count == 2 && file.skipped == 4, "%zu kept, %zu skipped", file.count, file.skipped);
  CHECK (file.games[0].record == 0 && file.games[1].record == 5, "wrong games kept");
  static const char *expected[] = { "record 2 skipped: move 2", "record 3 skipped: move 11",
                                    "record 4 skipped: move 42", "record 5 skipped: black's" };
  for (int i = 0; i < 4; i++) {
    char line[512];
    snprintf (line, sizeof line, "%s: %s", path, expected[i]);
    CHECK (strstr (warnings, line), "no warning '%s' in:\n%s", line, warnings);
  }
  wthor_file_clear (&file);
}

static void test_damaged_files (void)
{
  uint8_t records[2 * WTHOR_RECORD + 30] = { 0 };
  random_record (40, 60, records);
  random_record (41, 60, records + WTHOR_RECORD);
  WthorFile file;
  char warnings[4096];

  /* A partial record at the end, and a header that promises more. */
  const char *path = write_file ("truncated.wtb", 5, records, sizeof records);
  CHECK (read_capturing (path, &file, warnings, sizeof warnings), "%s", warnings);
  CHECK (file.count == 2, "%zu games", file.count);
  CHECK (strstr (warnings, "declares 5 games") && strstr (warnings, path), "warning: %s", warnings);
  wthor_file_clear (&file);

  /* Fewer games declared than present: only those are read. */
  path = write_file ("fewer.wtb", 1, records, 2 * WTHOR_RECORD);
  CHECK (read_capturing (path, &file, warnings, sizeof warnings), "%s", warnings);
  CHECK (file.count == 1, "%zu games", file.count);
  wthor_file_clear (&file);

  /* Shorter than a header; not a file at all; a board that is not 8x8. */
  char short_path[256];
  snprintf (short_path, sizeof short_path, "%s/short.wtb", directory);
  FILE *out = fopen (short_path, "wb");
  REQUIRE (out, "cannot write");
  fwrite ("WTH", 1, 3, out);
  fclose (out);
  CHECK (!read_capturing (short_path, &file, warnings, sizeof warnings), "short file read");
  CHECK (strstr (warnings, short_path), "error does not name the file: %s", warnings);
  CHECK (!read_capturing ("/nonexistent/WTH_0.wtb", &file, warnings, sizeof warnings),
         "missing file read");
  path = write_file ("board10.wtb", 0, records, 0);
  {
    FILE *patch = fopen (path, "r+b");
    REQUIRE (patch, "cannot patch");
    fseek (patch, 12, SEEK_SET);
    fputc (10, patch);
    fclose (patch);
  }
  CHECK (!read_capturing (path, &file, warnings, sizeof warnings), "10x10 file read");
}

static void remove_directory (void)
{
  static const char *names[] = { "good.wtb", "unfinished.wtb", "damaged.wtb", "truncated.wtb",
                                 "fewer.wtb", "short.wtb", "board10.wtb" };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    char path[256];
    snprintf (path, sizeof path, "%s/%s", directory, names[i]);
    remove (path);
  }
  rmdir (directory);
}

/* The players and their numbers: bytes 2-5 of a record index WTHOR.JOU, whose names are
 * ISO 8859-1, NUL-padded to 20 bytes, read as UTF-8 with trailing spaces cut. */
static void test_players_named (void)
{
  uint8_t record[WTHOR_RECORD];
  random_record (3, 60, record);
  record[0] = 7;
  record[2] = 1;
  record[3] = 0;
  record[4] = 0x2c;
  record[5] = 0x01;
  WthorGame game;
  char why[120];
  REQUIRE (wthor_decode_record (record, &game, why, sizeof why), "%s", why);
  CHECK_CMP_INT (game.tournament, ==, 7);
  CHECK_CMP_INT (game.black_player, ==, 1);
  CHECK_CMP_INT (game.white_player, ==, 300);

  uint8_t names[2 * WTHOR_PLAYER_RECORD] = { 0 };
  memcpy (names, "Ann   ", 6);
  memcpy (names + WTHOR_PLAYER_RECORD, "L\xe9" "a", 3);
  const char *path = write_file ("WTHOR.JOU", 0, names, sizeof names);
  /* The names files count their records in the header's bytes 8-9. */
  FILE *file = fopen (path, "r+b");
  REQUIRE (file);
  fseek (file, 8, SEEK_SET);
  fputc (2, file);
  fputc (0, file);
  fclose (file);
  size_t count = 0;
  char error[300];
  char **players = wthor_read_names (path, WTHOR_PLAYER_RECORD, &count, error, sizeof error);
  REQUIRE (players, "%s", error);
  CHECK_CMP_UINT (count, ==, 2);
  CHECK_CMP_STR (players[0], ==, "Ann");
  CHECK_CMP_STR (players[1], ==, "L\xc3\xa9" "a");
  wthor_names_free (players, count);

  /* Cut short: fewer names than the header says, named. */
  file = fopen (path, "r+b");
  REQUIRE (file);
  fseek (file, 8, SEEK_SET);
  fputc (3, file);
  fclose (file);
  CHECK (!wthor_read_names (path, WTHOR_PLAYER_RECORD, &count, error, sizeof error));
  CHECK (strstr (error, "WTHOR.JOU: fewer names"), "%s", error);
}

int main (void)
{
  REQUIRE (mkdtemp (directory), "no temporary directory");
  atexit (remove_directory);
  test_good_games_kept ();
  test_unfinished_game_uses_recorded_score ();
  test_damaged_records_skipped ();
  test_damaged_files ();
  test_players_named ();
  return check_finish ();
}
