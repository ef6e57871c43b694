/* library-positions.c: the search by position. Each game's positions are stored as 64-bit keys,
 * one a ply, that a board, its rotations and mirrors share: the hash of the least of the 8
 * symmetric boards, the side to move mixed in. One indexed lookup then finds every game. */
#include <stdlib.h>

#include "library-private.h"

int64_t library_position_key (const Position *position)
{
  Board canonical = board_canonical (&position->board);
  uint64_t key = board_hash (&canonical);
  /* The same discs with the other side to move are another position. */
  if (position->side_to_move == POSITION_WHITE)
    key = ~key * 0x9E3779B97F4A7C15ULL;
  return (int64_t) key;
}

bool library_add_positions (Library *library, const LibraryGame *game)
{
  Position position = game->start;
  sqlite3_stmt *s = library->insert_position;
  for (size_t ply = 0;; ply++) {
    sqlite3_reset (s);
    sqlite3_bind_int64 (s, 1, game->id);
    sqlite3_bind_int (s, 2, (int) ply);
    sqlite3_bind_int64 (s, 3, library_position_key (&position));
    if (sqlite3_step (s) != SQLITE_DONE)
      return false;
    if (ply == game->n_moves || !position_play (&position, game->moves[ply]))
      return true;
  }
}

bool library_drop_position_index (Library *library)
{
  return library_exec (library, "DROP INDEX IF EXISTS positions_key");
}

bool library_make_position_index (Library *library)
{
  return library_exec (library, "CREATE INDEX IF NOT EXISTS positions_key ON positions (key)");
}

int64_t library_find_position (Library *library, const Position *position, LibraryHit *hits,
                               size_t capacity)
{
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2 (library->db, "SELECT game, min (ply) FROM positions WHERE key = ?1"
                                       " GROUP BY game ORDER BY game", -1, &statement, NULL)
      != SQLITE_OK)
    return -1;
  sqlite3_bind_int64 (statement, 1, library_position_key (position));
  int64_t count = 0;
  int status;
  while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
    if ((size_t) count < capacity) {
      hits[count].game = sqlite3_column_int64 (statement, 0);
      hits[count].ply = sqlite3_column_int (statement, 1);
    }
    count++;
  }
  sqlite3_finalize (statement);
  return status == SQLITE_DONE ? count : -1;
}
