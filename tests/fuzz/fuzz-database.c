/* fuzz-database.c: tournament database files (database.h), such as a damaged index in the user's
 * cache. An input that starts like a database file is decoded as it is, then again with its
 * checksum made right; any other input is decoded as the entries of a file with a right header,
 * so that the fuzzer reaches the checks of each entry. The rows of a decoded database are legal
 * moves with sound counts. */
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "database.h"
#include "fuzz.h"

#define MAGIC "VERSODB1"

static void seal (uint8_t *bytes, size_t size)
{
  bytes_write_u32 (bytes + 28, bytes_fnv1a (bytes + DATABASE_HEADER, size - DATABASE_HEADER));
}

/* The rows of position: legal moves, each with sound counts. */
static void check_rows (const Database *database, const Position *position)
{
  DatabaseRow rows[BOARD_SQUARES];
  int n = database_moves (database, position, rows);
  uint64_t legal = board_legal_moves (&position->board);
  REQUIRE (n >= 0 && n <= board_count (legal), "%d rows", n);
  for (int k = 0; k < n; k++) {
    const DatabaseCounts *c = &rows[k].counts;
    REQUIRE (legal & board_bit (rows[k].move), "row of an illegal move %d", rows[k].move);
    REQUIRE (c->games > 0 && (uint64_t) c->wins + c->draws <= c->games, "unsound counts");
  }
}

static void *decode (const uint8_t *bytes, size_t size, char *error, size_t error_size)
{
  return database_decode (bytes, size, error, error_size);
}

static void check (void *decoded, const uint8_t *bytes, size_t size)
{
  Database *database = decoded;
  Position position;
  position_init (&position);
  static const int line[] = { 37, 43, 34, 19, 26, 29 }; /* f5 d6 c5 d3 c4 f4 */
  for (size_t i = 0; i < sizeof line / sizeof line[0]; i++) {
    check_rows (database, &position);
    if (!position_play (&position, line[i]))
      break;
  }
  database_free (database);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const FuzzFormat database = { MAGIC, DATABASE_HEADER,
                                { 1, (uint32_t) (size / DATABASE_RECORD), 24 }, seal, decode, check };
  fuzz_decode_file (data, size, &database);
  return 0;
}
