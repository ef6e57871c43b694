/* database.h: the tournament database: how the games of strong players went from the positions
 * their openings reach (WTHOR games, wthor.h), indexed by canonical position so that a position
 * is found in any of the 8 symmetries, and asked for every legal move of a position. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "position.h"
#include "wthor.h"

/* Database files: "VERSODB1", u32 version, u32 entries, u32 depth (plies indexed), u32 games,
 * u32 min games (entries reached by fewer are left out), u32 FNV-1a of the payload (all
 * little-endian), then the entries sorted by canonical (player, opponent): u64 player, u64
 * opponent, u32 games, u32 wins, u32 draws, i32 sum of final disc differences. A position is the
 * one after a move, before any pass, and its counts are from the view of the player who moved
 * into it. */
#define DATABASE_HEADER 32
#define DATABASE_RECORD 32
#define DATABASE_MAX_DEPTH 60

typedef struct DatabaseCounts {
  uint32_t games;
  uint32_t wins;
  uint32_t draws;
  int32_t disc_sum;     /* sum of the final disc differences */
} DatabaseCounts;

/* One legal move of a position, with how the games that played into the position it leads to
 * went, in Black's view: wins are Black's wins, disc_sum the sum of Black's final disc difference. */
typedef struct DatabaseRow {
  int move;
  DatabaseCounts counts;
  /* The move of an earlier row that leads to the same position turned or mirrored (at the start,
   * d3, c4, f5 and e6): the same games, not others; -1 when none does. */
  int same_as;
} DatabaseRow;

typedef struct Database Database;
typedef struct DatabaseBuilder DatabaseBuilder;

/* Returns NULL and a message in error when anything is wrong with the bytes (naming the entry)
 * or memory is short. The bytes are copied. */
Database *database_decode (const uint8_t *bytes, size_t size, char *error, size_t error_size);
void database_free (Database *database);
size_t database_count (const Database *database);
uint32_t database_games (const Database *database);

/* The counts of the position after a move (board as board_play leaves it, in any orientation);
 * false when no indexed game reaches it. */
bool database_find (const Database *database, const Board *board, DatabaseCounts *counts);
/* The rows of every legal move of position that indexed games played, most games first (then
 * by square), a move leading to the same position as an earlier one (same_as) right after it;
 * their number, 0 when none. */
int database_moves (const Database *database, const Position *position,
                    DatabaseRow rows[BOARD_SQUARES]);

/* Building: every game added, then encoded. depth is the plies of each game indexed (1 to 60). */
DatabaseBuilder *database_builder_new (int depth);
void database_builder_free (DatabaseBuilder *builder);
/* A game from the standard start: its moves (squares, passes not written) and Black's final
 * disc difference. Moves after an illegal one are ignored. False when memory is short. */
bool database_builder_add (DatabaseBuilder *builder, const uint8_t *moves, int n_moves,
                           int black_score);
/* Every game of a WTHOR file (wthor.h) added; false when memory is short. */
bool database_builder_add_file (DatabaseBuilder *builder, const WthorFile *file);
/* The file of the positions at least min_games games reached: a malloc'ed buffer and its size,
 * or NULL when memory is short. The same games give the same bytes in any order. */
uint8_t *database_builder_encode (DatabaseBuilder *builder, uint32_t min_games, size_t *size);

/* Indexing a directory of WTHOR files (wthor.h), what Add Games does: progress is called before
 * each file and once at the end with the files read and their number; when it returns false the
 * work stops and NULL comes back with "stopped" in error. Otherwise the file (as
 * database_builder_encode makes it, every game of every .wtb file in name order, files that
 * cannot be read skipped), or NULL with a message in error. */
typedef bool (*DatabaseProgress) (size_t files_done, size_t files_total, void *user_data);
uint8_t *database_index_directory (const char *directory, int depth, uint32_t min_games,
                                   DatabaseProgress progress, void *user_data, size_t *size,
                                   char *error, size_t error_size);

/* The database compiled into the program (data/database.bin), decoded once; safe from any thread.
 * NULL when it is missing or damaged: then database_error () says why. */
const Database *database_compiled (void);
const char *database_error (void);
