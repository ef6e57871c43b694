/* library-private.h: what the library's files share and callers never see: the open file, its
 * prepared statements and the helpers that run SQL. */
#pragma once

#include <sqlite3.h>

#include "library.h"
#include "opening.h"

struct Library {
  sqlite3 *db;
  char *path;
  OpeningTable *openings;
  bool in_batch;               /* inside library_begin .. library_commit */
  sqlite3_stmt *insert_game;
  sqlite3_stmt *insert_position;
  sqlite3_stmt *insert_tag;
};

/* Runs sql (no rows); false on error, the message in library_error. */
bool library_exec (Library *library, const char *sql);
/* Stores the positions of game (already in the games table) under its id. */
bool library_add_positions (Library *library, const LibraryGame *game);
/* The index on the positions' keys dropped before a bulk import and made again after it, which
 * is faster than keeping it up to date game by game (tools/bench/bench-library). */
bool library_drop_position_index (Library *library);
bool library_make_position_index (Library *library);
/* Fills in game->opening from the opening table when it is empty. */
void library_name_opening (Library *library, LibraryGame *game);
