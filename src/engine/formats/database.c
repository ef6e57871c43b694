/* database.c: the tournament database (database.h): building the index of the positions games
 * reach, its file, and the rows of a position's moves. */
#include "database.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "bytes.h"
#include "compiled.h"
#include "wthor.h"

#define DATABASE_MAGIC "VERSODB1"
#define DATABASE_VERSION 1

/* The compiled-in database (embed-bytes); empty when data/database.bin was missing at build time. */
extern const uint8_t database_bytes_data[];
extern const size_t database_bytes_size;

typedef struct DatabaseEntry {
  Board board;          /* canonical */
  DatabaseCounts counts;
} DatabaseEntry;

struct Database {
  size_t count;
  uint32_t games;
  DatabaseEntry entries[];
};

struct DatabaseBuilder {
  DatabaseEntry *entries; /* one per game and ply until encoded, then merged */
  size_t count, capacity;
  int depth;
  uint32_t games;
};

#define FAIL(...) do { snprintf (error, error_size, __VA_ARGS__); goto fail; } while (0)

/* One entry of the file at `in`, checked: false with the reason in error. */
static bool decode_entry (const uint8_t *in, size_t index, const DatabaseEntry *previous,
                          DatabaseEntry *entry, char *error, size_t error_size)
{
  entry->board = (Board) { bytes_read_u64 (in), bytes_read_u64 (in + 8) };
  entry->counts.games = bytes_read_u32 (in + 16);
  entry->counts.wins = bytes_read_u32 (in + 20);
  entry->counts.draws = bytes_read_u32 (in + 24);
  entry->counts.disc_sum = (int32_t) bytes_read_u32 (in + 28);
  const DatabaseCounts *counts = &entry->counts;
  const char *problem = bytes_board_key_problem (&entry->board, previous ? &previous->board : NULL);
  if (problem)
    snprintf (error, error_size, "database entry %zu: %s", index, problem);
  else if (counts->games == 0 || (uint64_t) counts->wins + counts->draws > counts->games)
    snprintf (error, error_size, "database entry %zu: %u games cannot hold %u wins and %u draws",
              index, counts->games, counts->wins, counts->draws);
  else if (llabs ((long long) counts->disc_sum) > 64LL * counts->games)
    snprintf (error, error_size, "database entry %zu: disc sum %d is more than 64 a game", index,
              counts->disc_sum);
  else
    return true;
  return false;
}

Database *database_decode (const uint8_t *bytes, size_t size, char *error, size_t error_size)
{
  char ignored[1];
  if (!error) {
    error = ignored;
    error_size = sizeof ignored;
  }
  Database *database = NULL;
  if (!bytes_check_header (bytes, size, DATABASE_HEADER, DATABASE_MAGIC, DATABASE_VERSION,
                           "no database", "database", error, error_size))
    goto fail;
  size_t count;
  if (!bytes_check_records (bytes, size, DATABASE_HEADER, DATABASE_RECORD, "database", &count,
                            error, error_size))
    goto fail;
  uint32_t depth = bytes_read_u32 (bytes + 16);
  if (depth < 1 || depth > DATABASE_MAX_DEPTH)
    FAIL ("database depth %u is not 1 to %d", depth, DATABASE_MAX_DEPTH);
  if (!bytes_check_checksum (bytes, size, DATABASE_HEADER, 28, "database", error, error_size))
    goto fail;
  database = malloc (sizeof *database + count * sizeof *database->entries);
  if (!database)
    FAIL ("out of memory for the database");
  database->count = count;
  database->games = bytes_read_u32 (bytes + 20);
  const uint8_t *in = bytes + DATABASE_HEADER;
  for (size_t i = 0; i < count; i++, in += DATABASE_RECORD) {
    const DatabaseEntry *previous = i ? &database->entries[i - 1] : NULL;
    if (!decode_entry (in, i, previous, &database->entries[i], error, error_size))
      goto fail;
  }
  if (error_size > 0)
    error[0] = '\0';
  return database;

fail:
  database_free (database);
  return NULL;
}

void database_free (Database *database)
{
  free (database);
}

size_t database_count (const Database *database)
{
  return database->count;
}

uint32_t database_games (const Database *database)
{
  return database->games;
}

static int compare_entries (const void *a, const void *b)
{
  return board_compare (&((const DatabaseEntry *) a)->board, &((const DatabaseEntry *) b)->board);
}

bool database_find (const Database *database, const Board *board, DatabaseCounts *counts)
{
  DatabaseEntry key = { .board = board_canonical (board) };
  const DatabaseEntry *found = database->count
    ? bsearch (&key, database->entries, database->count, sizeof key, compare_entries) : NULL;
  if (found && counts)
    *counts = found->counts;
  return found != NULL;
}

/* Most games first, then by square, so that the order never depends on the sort. */
static int compare_rows (const void *a, const void *b)
{
  const DatabaseRow *x = a, *y = b;
  if (x->counts.games != y->counts.games)
    return x->counts.games > y->counts.games ? -1 : 1;
  return x->move - y->move;
}

int database_moves (const Database *database, const Position *position,
                    DatabaseRow rows[BOARD_SQUARES])
{
  int count = 0;
  bool black = position->side_to_move == POSITION_BLACK;
  for (uint64_t moves = board_legal_moves (&position->board); moves; moves &= moves - 1) {
    int move = __builtin_ctzll (moves);
    Board after = board_after_move (&position->board, move);
    DatabaseCounts counts;
    if (!database_find (database, &after, &counts))
      continue;
    if (!black) {
      /* The counts are the mover's: White's wins are Black's losses. */
      counts.wins = counts.games - counts.wins - counts.draws;
      counts.disc_sum = -counts.disc_sum;
    }
    rows[count++] = (DatabaseRow) { move, counts, -1 };
  }
  qsort (rows, (size_t) count, sizeof *rows, compare_rows);
  /* Moves into one position (under a symmetry) are one line of the same games: each repeat is
   * marked and moved up behind the first, whose counts it shares. */
  Board canonical[BOARD_SQUARES];
  for (int i = 0; i < count; i++) {
    Board after = board_after_move (&position->board, rows[i].move);
    canonical[i] = board_canonical (&after);
  }
  for (int i = 0; i < count; i++) {
    if (rows[i].same_as >= 0)
      continue;
    for (int j = i + 1, next = i + 1; j < count; j++) {
      if (canonical[j].player != canonical[i].player || canonical[j].opponent != canonical[i].opponent)
        continue;
      DatabaseRow repeat = rows[j];
      Board repeat_canonical = canonical[j];
      memmove (&rows[next + 1], &rows[next], (size_t) (j - next) * sizeof *rows);
      memmove (&canonical[next + 1], &canonical[next], (size_t) (j - next) * sizeof *canonical);
      repeat.same_as = rows[i].move;
      rows[next] = repeat;
      canonical[next++] = repeat_canonical;
    }
  }
  return count;
}

DatabaseBuilder *database_builder_new (int depth)
{
  assert (depth >= 1 && depth <= DATABASE_MAX_DEPTH);
  DatabaseBuilder *builder = calloc (1, sizeof *builder);
  if (builder)
    builder->depth = depth;
  return builder;
}

void database_builder_free (DatabaseBuilder *builder)
{
  if (!builder)
    return;
  free (builder->entries);
  free (builder);
}

static bool builder_push (DatabaseBuilder *builder, const Board *board, int mover_score)
{
  DatabaseEntry *grown = array_grow (builder->entries, &builder->capacity, builder->count + 1,
                                     sizeof *grown, 4096);
  if (!grown)
    return false;
  builder->entries = grown;
  DatabaseCounts counts = { 1, mover_score > 0, mover_score == 0, mover_score };
  builder->entries[builder->count++] = (DatabaseEntry) { board_canonical (board), counts };
  return true;
}

bool database_builder_add (DatabaseBuilder *builder, const uint8_t *moves, int n_moves,
                           int black_score)
{
  Board board;
  board_init (&board);
  bool black = true;
  for (int i = 0; i < n_moves && i < builder->depth; i++) {
    if (!board_legal_moves (&board)) {
      board_pass (&board);
      black = !black;
    }
    if (moves[i] >= BOARD_SQUARES || !board_play (&board, moves[i]))
      break;
    if (!builder_push (builder, &board, black ? black_score : -black_score))
      return false;
    black = !black;
  }
  builder->games++;
  return true;
}

/* Sorts the entries and adds up those of one position, keeping those min_games games reached. */
static void builder_merge (DatabaseBuilder *builder, uint32_t min_games)
{
  qsort (builder->entries, builder->count, sizeof *builder->entries, compare_entries);
  size_t kept = 0;
  for (size_t i = 0; i < builder->count;) {
    DatabaseEntry sum = builder->entries[i++];
    for (; i < builder->count && board_equal (&builder->entries[i].board, &sum.board); i++) {
      sum.counts.games += builder->entries[i].counts.games;
      sum.counts.wins += builder->entries[i].counts.wins;
      sum.counts.draws += builder->entries[i].counts.draws;
      sum.counts.disc_sum += builder->entries[i].counts.disc_sum;
    }
    if (sum.counts.games >= min_games)
      builder->entries[kept++] = sum;
  }
  builder->count = kept;
}

uint8_t *database_builder_encode (DatabaseBuilder *builder, uint32_t min_games, size_t *size)
{
  builder_merge (builder, min_games ? min_games : 1);
  *size = DATABASE_HEADER + builder->count * DATABASE_RECORD;
  uint8_t *bytes = calloc (1, *size);
  if (!bytes)
    return NULL;
  memcpy (bytes, DATABASE_MAGIC, 8);
  bytes_write_u32 (bytes + 8, DATABASE_VERSION);
  bytes_write_u32 (bytes + 12, (uint32_t) builder->count);
  bytes_write_u32 (bytes + 16, (uint32_t) builder->depth);
  bytes_write_u32 (bytes + 20, builder->games);
  bytes_write_u32 (bytes + 24, min_games);
  uint8_t *out = bytes + DATABASE_HEADER;
  for (size_t i = 0; i < builder->count; i++, out += DATABASE_RECORD) {
    const DatabaseEntry *entry = &builder->entries[i];
    bytes_write_u64 (out, entry->board.player);
    bytes_write_u64 (out + 8, entry->board.opponent);
    bytes_write_u32 (out + 16, entry->counts.games);
    bytes_write_u32 (out + 20, entry->counts.wins);
    bytes_write_u32 (out + 24, entry->counts.draws);
    bytes_write_u32 (out + 28, (uint32_t) entry->counts.disc_sum);
  }
  bytes_write_u32 (bytes + 28, bytes_fnv1a (bytes + DATABASE_HEADER, *size - DATABASE_HEADER));
  return bytes;
}

bool database_builder_add_file (DatabaseBuilder *builder, const WthorFile *file)
{
  bool ok = true;
  for (size_t g = 0; g < file->count && ok; g++)
    ok = database_builder_add (builder, file->games[g].moves, file->games[g].move_count,
                               file->games[g].final_score);
  return ok;
}

/* Every game of one file added (a file that does not read adds none); false when memory is
 * short. */
static bool index_file (DatabaseBuilder *builder, const char *path)
{
  WthorFile file;
  char ignored[512];
  if (!wthor_read (path, &file, NULL, ignored, sizeof ignored))
    return true;
  bool ok = database_builder_add_file (builder, &file);
  wthor_file_clear (&file);
  return ok;
}

uint8_t *database_index_directory (const char *directory, int depth, uint32_t min_games,
                                   DatabaseProgress progress, void *user_data, size_t *size,
                                   char *error, size_t error_size)
{
  size_t count;
  char **names = wthor_list_directory (directory, &count, error, error_size);
  if (!names)
    return NULL;
  DatabaseBuilder *builder = database_builder_new (depth);
  bool ok = builder != NULL, stopped = false;
  for (size_t i = 0; ok && !stopped && i < count; i++) {
    stopped = progress && !progress (i, count, user_data);
    char path[4096];
    snprintf (path, sizeof path, "%s/%s", directory, names[i]);
    ok = stopped || index_file (builder, path);
  }
  stopped = stopped || (ok && progress && !progress (count, count, user_data));
  uint8_t *bytes = ok && !stopped ? database_builder_encode (builder, min_games, size) : NULL;
  if (stopped)
    snprintf (error, error_size, "stopped");
  else if (!bytes)
    snprintf (error, error_size, "%s: out of memory", directory);
  database_builder_free (builder);
  wthor_names_free (names, count);
  return bytes;
}

static void *decode_compiled (const void *bytes, size_t size, char *error, size_t error_size)
{
  return database_decode (bytes, size, error, error_size);
}

static Compiled compiled = COMPILED_INIT (database_bytes_data, &database_bytes_size, decode_compiled,
  "no database: data/database.bin was missing when the program was built");

const Database *database_compiled (void)
{
  return compiled_get (&compiled);
}

const char *database_error (void)
{
  return compiled_error (&compiled);
}
