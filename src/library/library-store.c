/* library-store.c: the library file: opened or made with its schema, a damaged or newer file set
 * aside, and games added, deleted and tagged, each write one transaction. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "library-private.h"

/* Version 2. The identity index makes a game imported twice (same moves, players and date) a
 * duplicate that INSERT OR IGNORE skips. Positions are keyed by (game, ply) so that a game's
 * are stored and deleted together; positions_key finds the games of a position. Version 2 added
 * each colour's moves the coach graded and the discs they lost (library_upgrade_1). */
static const char library_schema[] =
  "CREATE TABLE games ("
  "  id INTEGER PRIMARY KEY,"
  "  black TEXT NOT NULL, white TEXT NOT NULL,"
  "  black_level TEXT NOT NULL, white_level TEXT NOT NULL,"
  "  rules INTEGER NOT NULL, start TEXT NOT NULL, date TEXT NOT NULL,"
  "  disc_difference INTEGER NOT NULL, ending INTEGER NOT NULL, opening TEXT NOT NULL,"
  "  moves TEXT NOT NULL, record TEXT, clock TEXT, source TEXT NOT NULL,"
  "  added TEXT NOT NULL DEFAULT (datetime('now')),"
  "  black_graded INTEGER NOT NULL DEFAULT 0, black_lost INTEGER NOT NULL DEFAULT 0,"
  "  white_graded INTEGER NOT NULL DEFAULT 0, white_lost INTEGER NOT NULL DEFAULT 0);"
  "CREATE UNIQUE INDEX games_identity ON games (moves, black, white, date);"
  "CREATE INDEX games_date ON games (date);"
  "CREATE INDEX games_opening ON games (opening);"
  "CREATE INDEX games_player ON games (black COLLATE NOCASE, white COLLATE NOCASE);"
  "CREATE INDEX games_result ON games (disc_difference);"
  "CREATE TABLE tags (tag TEXT NOT NULL, game INTEGER NOT NULL, PRIMARY KEY (tag, game))"
  "  WITHOUT ROWID;"
  "CREATE INDEX tags_game ON tags (game);"
  "CREATE TABLE positions (game INTEGER NOT NULL, ply INTEGER NOT NULL, key INTEGER NOT NULL,"
  "  PRIMARY KEY (game, ply)) WITHOUT ROWID;"
  "PRAGMA user_version = 2;";

/* From version 1: the coach's columns, none graded in the games kept before. */
static const char library_upgrade_1[] =
  "ALTER TABLE games ADD COLUMN black_graded INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE games ADD COLUMN black_lost INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE games ADD COLUMN white_graded INTEGER NOT NULL DEFAULT 0;"
  "ALTER TABLE games ADD COLUMN white_lost INTEGER NOT NULL DEFAULT 0;"
  "PRAGMA user_version = 2;";

const char *library_error (const Library *library)
{
  return sqlite3_errmsg (library->db);
}

bool library_exec (Library *library, const char *sql)
{
  return sqlite3_exec (library->db, sql, NULL, NULL, NULL) == SQLITE_OK;
}

bool library_default_path (char *path, size_t size)
{
  const char *data = getenv ("XDG_DATA_HOME");
  int n;
  if (data && *data == '/') {
    n = snprintf (path, size, "%s/verso/library.sqlite", data);
  } else {
    const char *home = getenv ("HOME");
    if (!home || !*home)
      return false;
    n = snprintf (path, size, "%s/.local/share/verso/library.sqlite", home);
  }
  return n > 0 && (size_t) n < size;
}

/* The folders above path made as needed (mkdir -p of its dirname). */
static void library_make_folders (const char *path)
{
  char *copy = strdup (path);
  if (!copy)
    return;
  for (char *slash = strchr (copy + 1, '/'); slash; slash = strchr (slash + 1, '/')) {
    *slash = '\0';
    mkdir (copy, 0755);
    *slash = '/';
  }
  free (copy);
}

/* A single integer from sql, or -1 with SQLite's error. */
static int64_t library_query_int (sqlite3 *db, const char *sql, int *status)
{
  sqlite3_stmt *statement;
  *status = sqlite3_prepare_v2 (db, sql, -1, &statement, NULL);
  if (*status != SQLITE_OK)
    return -1;
  int64_t value = -1;
  *status = sqlite3_step (statement);
  if (*status == SQLITE_ROW) {
    value = sqlite3_column_int64 (statement, 0);
    *status = SQLITE_OK;
  }
  sqlite3_finalize (statement);
  return value;
}

typedef enum LibraryOpenResult {
  LIBRARY_OPENED,
  LIBRARY_DAMAGED,
  LIBRARY_NEWER,
  LIBRARY_FAILED,
} LibraryOpenResult;

/* Opens, checks and if new makes the schema; on LIBRARY_DAMAGED or LIBRARY_NEWER, why says
 * what is wrong. */
static LibraryOpenResult library_try_open (Library *library, char *why, size_t why_size)
{
  if (sqlite3_open_v2 (library->path, &library->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                       NULL) != SQLITE_OK) {
    snprintf (why, why_size, "%s", library->db ? sqlite3_errmsg (library->db) : "out of memory");
    return LIBRARY_FAILED;
  }
  sqlite3_busy_timeout (library->db, 5000);
  int status;
  int64_t version = library_query_int (library->db, "PRAGMA user_version", &status);
  if (status == SQLITE_NOTADB || status == SQLITE_CORRUPT) {
    snprintf (why, why_size, "not a library or damaged (%s)", sqlite3_errstr (status));
    return LIBRARY_DAMAGED;
  }
  if (status != SQLITE_OK) {
    snprintf (why, why_size, "%s", sqlite3_errmsg (library->db));
    return LIBRARY_FAILED;
  }
  if (version > LIBRARY_SCHEMA_VERSION) {
    snprintf (why, why_size, "written by a newer Verso (schema %lld, this one knows %d)",
              (long long) version, LIBRARY_SCHEMA_VERSION);
    return LIBRARY_NEWER;
  }
  /* WAL: readers never wait for the importer, and a commit is one append to the log. NORMAL
   * synchronisation in WAL loses at most the last commits on a power cut, never earlier ones,
   * and never damages the file. */
  if (!library_exec (library, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
                              "PRAGMA cache_size = -65536; PRAGMA foreign_keys = OFF;")) {
    snprintf (why, why_size, "%s", sqlite3_errmsg (library->db));
    return sqlite3_errcode (library->db) == SQLITE_NOTADB
        || sqlite3_errcode (library->db) == SQLITE_CORRUPT ? LIBRARY_DAMAGED : LIBRARY_FAILED;
  }
  if (version == 0) {
    int64_t tables = library_query_int (library->db, "SELECT count(*) FROM sqlite_schema",
                                        &status);
    if (status != SQLITE_OK) {
      snprintf (why, why_size, "damaged (%s)", sqlite3_errmsg (library->db));
      return LIBRARY_DAMAGED;
    }
    if (tables > 0) {
      snprintf (why, why_size, "an SQLite file of other tables, not a library");
      return LIBRARY_DAMAGED;
    }
    if (!library_exec (library, "BEGIN") || !library_exec (library, library_schema)
        || !library_exec (library, "COMMIT")) {
      snprintf (why, why_size, "cannot make the library: %s", sqlite3_errmsg (library->db));
      return LIBRARY_FAILED;
    }
  }
  if (version == 1 && (!library_exec (library, "BEGIN") || !library_exec (library, library_upgrade_1)
                       || !library_exec (library, "COMMIT"))) {
    snprintf (why, why_size, "cannot bring the library up to date: %s", sqlite3_errmsg (library->db));
    library_exec (library, "ROLLBACK");
    return LIBRARY_FAILED;
  }
  int64_t games = library_query_int (library->db, "SELECT count(*) FROM games LIMIT 1", &status);
  (void) games;
  if (status != SQLITE_OK) {
    snprintf (why, why_size, "damaged (%s)", sqlite3_errmsg (library->db));
    return LIBRARY_DAMAGED;
  }
  /* After a bulk import cut short the index is missing: made again here. */
  if (!library_make_position_index (library)) {
    snprintf (why, why_size, "damaged (%s)", sqlite3_errmsg (library->db));
    return LIBRARY_DAMAGED;
  }
  return LIBRARY_OPENED;
}

static void library_close_db (Library *library)
{
  sqlite3_finalize (library->insert_game);
  sqlite3_finalize (library->insert_position);
  sqlite3_finalize (library->insert_tag);
  library->insert_game = library->insert_position = library->insert_tag = NULL;
  sqlite3_close (library->db);
  library->db = NULL;
}

/* Renames path (with its -wal and -shm) to PATH.KIND-YYYYMMDD-HHMMSS; the new name into moved. */
static bool library_set_aside (const char *path, const char *kind, char *moved, size_t size)
{
  time_t now = time (NULL);
  struct tm local;
  char stamp[32];
  localtime_r (&now, &local);
  strftime (stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
  snprintf (moved, size, "%s.%s-%s", path, kind, stamp);
  if (rename (path, moved) != 0)
    return false;
  for (int i = 0; i < 2; i++) {
    const char *suffix = i ? "-shm" : "-wal";
    char from[4096], to[4400];
    snprintf (from, sizeof from, "%s%s", path, suffix);
    snprintf (to, sizeof to, "%s%s", moved, suffix);
    rename (from, to);
  }
  return true;
}

static bool library_prepare (Library *library)
{
  return sqlite3_prepare_v3 (library->db,
           "INSERT OR IGNORE INTO games (black, white, black_level, white_level, rules, start,"
           " date, disc_difference, ending, opening, moves, record, clock, source, black_graded,"
           " black_lost, white_graded, white_lost)"
           " VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17,"
           " ?18)",
           -1, SQLITE_PREPARE_PERSISTENT, &library->insert_game, NULL) == SQLITE_OK
      && sqlite3_prepare_v3 (library->db,
           "INSERT OR IGNORE INTO positions (game, ply, key) VALUES (?1, ?2, ?3)", -1,
           SQLITE_PREPARE_PERSISTENT, &library->insert_position, NULL) == SQLITE_OK
      && sqlite3_prepare_v3 (library->db,
           "INSERT OR IGNORE INTO tags (tag, game) VALUES (?1, ?2)", -1,
           SQLITE_PREPARE_PERSISTENT, &library->insert_tag, NULL) == SQLITE_OK;
}

Library *library_open (const char *path, char *set_aside, size_t set_aside_size, char *error,
                       size_t error_size)
{
  if (set_aside && set_aside_size)
    set_aside[0] = '\0';
  Library *library = calloc (1, sizeof *library);
  if (!library || !(library->path = strdup (path))) {
    snprintf (error, error_size, "%s: out of memory", path);
    free (library);
    return NULL;
  }
  library->openings = opening_table_parse (opening_table_text, opening_table_text_length, NULL,
                                           NULL);
  library_make_folders (path);
  char why[300];
  LibraryOpenResult result = library_try_open (library, why, sizeof why);
  if (result == LIBRARY_DAMAGED || result == LIBRARY_NEWER) {
    library_close_db (library);
    char moved[4300];
    if (!library_set_aside (path, result == LIBRARY_NEWER ? "newer" : "damaged", moved,
                            sizeof moved)) {
      snprintf (error, error_size, "%s: %s, and it cannot be set aside: %s", path, why,
                strerror (errno));
      library_close (library);
      return NULL;
    }
    if (set_aside)
      snprintf (set_aside, set_aside_size, "%s: %s; set aside as %s, a new library made", path,
                why, moved);
    result = library_try_open (library, why, sizeof why);
  }
  if (result != LIBRARY_OPENED || !library_prepare (library)) {
    snprintf (error, error_size, "%s: %s", path,
              result != LIBRARY_OPENED ? why : sqlite3_errmsg (library->db));
    library_close (library);
    return NULL;
  }
  return library;
}

void library_close (Library *library)
{
  if (!library)
    return;
  library_close_db (library);
  opening_table_free (library->openings);
  free (library->path);
  free (library);
}

bool library_begin (Library *library)
{
  if (library->in_batch || !library_exec (library, "BEGIN IMMEDIATE"))
    return false;
  library->in_batch = true;
  return true;
}

bool library_commit (Library *library)
{
  library->in_batch = false;
  if (library_exec (library, "COMMIT"))
    return true;
  library_exec (library, "ROLLBACK");
  return false;
}

void library_rollback (Library *library)
{
  library->in_batch = false;
  library_exec (library, "ROLLBACK");
}

void library_name_opening (Library *library, LibraryGame *game)
{
  if (game->opening[0] || !library->openings)
    return;
  const char *name = opening_table_name (library->openings, &game->start, game->moves,
                                         game->n_moves);
  if (name)
    snprintf (game->opening, sizeof game->opening, "%s", name);
}

static void library_bind_text (sqlite3_stmt *statement, int index, const char *text)
{
  if (text)
    sqlite3_bind_text (statement, index, text, -1, SQLITE_STATIC);
  else
    sqlite3_bind_null (statement, index);
}

/* Inside a transaction: each of tags (comma separated, each trimmed, empty ones skipped) given
 * to the game. */
static bool library_insert_tags (Library *library, int64_t id, const char *tags)
{
  for (const char *tag = tags; tag && *tag;) {
    const char *comma = strchr (tag, ',');
    const char *end = comma ? comma : tag + strlen (tag);
    while (tag < end && isspace ((unsigned char) *tag))
      tag++;
    while (end > tag && isspace ((unsigned char) end[-1]))
      end--;
    if (end > tag) {
      sqlite3_reset (library->insert_tag);
      sqlite3_bind_text (library->insert_tag, 1, tag, (int) (end - tag), SQLITE_STATIC);
      sqlite3_bind_int64 (library->insert_tag, 2, id);
      if (sqlite3_step (library->insert_tag) != SQLITE_DONE)
        return false;
    }
    tag = comma ? comma + 1 : NULL;
  }
  return true;
}

/* Inside a transaction: 1 added, 0 duplicate, -1 error. */
static int library_insert (Library *library, LibraryGame *game, const char *tags)
{
  char moves[NOTATION_MAX_MOVES * 2 + 1];
  char start[NOTATION_BOARD_SIZE];
  if (game->n_moves > NOTATION_MAX_MOVES)
    return -1;
  notation_format_transcript (game->moves, game->n_moves, true, moves, sizeof moves);
  notation_format_board (&game->start, start);
  library_name_opening (library, game);
  sqlite3_stmt *s = library->insert_game;
  sqlite3_reset (s);
  library_bind_text (s, 1, game->black);
  library_bind_text (s, 2, game->white);
  library_bind_text (s, 3, game->black_level);
  library_bind_text (s, 4, game->white_level);
  sqlite3_bind_int (s, 5, (int) game->rules);
  library_bind_text (s, 6, start);
  library_bind_text (s, 7, game->date);
  sqlite3_bind_int (s, 8, game->disc_difference);
  sqlite3_bind_int (s, 9, (int) game->ending);
  library_bind_text (s, 10, game->opening);
  library_bind_text (s, 11, moves);
  library_bind_text (s, 12, game->record);
  library_bind_text (s, 13, game->clock);
  library_bind_text (s, 14, game->source);
  for (int colour = POSITION_BLACK; colour <= POSITION_WHITE; colour++) {
    sqlite3_bind_int (s, 15 + 2 * colour, game->graded[colour]);
    sqlite3_bind_int (s, 16 + 2 * colour, game->lost[colour]);
  }
  if (sqlite3_step (s) != SQLITE_DONE)
    return -1;
  if (sqlite3_changes (library->db) == 0)
    return 0;
  game->id = sqlite3_last_insert_rowid (library->db);
  if (!library_add_positions (library, game))
    return -1;
  if (!library_insert_tags (library, game->id, tags))
    return -1;
  return 1;
}

int library_add (Library *library, LibraryGame *game, const char *tags)
{
  if (library->in_batch) {
    int result = library_insert (library, game, tags);
    return result;
  }
  if (!library_exec (library, "BEGIN IMMEDIATE"))
    return -1;
  int result = library_insert (library, game, tags);
  if (result < 0 || !library_exec (library, "COMMIT")) {
    library_exec (library, "ROLLBACK");
    return -1;
  }
  return result;
}

/* Runs one statement with an id (and a text) in a transaction of its own, or the caller's. */
static bool library_run (Library *library, const char *sql, int64_t id, const char *text)
{
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2 (library->db, sql, -1, &statement, NULL) != SQLITE_OK)
    return false;
  sqlite3_bind_int64 (statement, 1, id);
  if (text)
    sqlite3_bind_text (statement, 2, text, -1, SQLITE_STATIC);
  bool done = sqlite3_step (statement) == SQLITE_DONE;
  sqlite3_finalize (statement);
  return done;
}

/* The end of a write that began its own transaction when own (outside a batch): committed when
 * done, else rolled back. Returns whether it is all written. */
static bool library_write_end (Library *library, bool own, bool done)
{
  if (own) {
    if (done)
      done = library_exec (library, "COMMIT");
    if (!done)
      library_exec (library, "ROLLBACK");
  }
  return done;
}

bool library_delete (Library *library, int64_t id)
{
  bool own = !library->in_batch;
  if (own && !library_exec (library, "BEGIN IMMEDIATE"))
    return false;
  bool done = library_run (library, "DELETE FROM positions WHERE game = ?1", id, NULL)
           && library_run (library, "DELETE FROM tags WHERE game = ?1", id, NULL)
           && library_run (library, "DELETE FROM games WHERE id = ?1", id, NULL)
           && sqlite3_changes (library->db) == 1;
  return library_write_end (library, own, done);
}

/* Whether a game of that id is kept. */
static bool library_query_exists (Library *library, int64_t id)
{
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2 (library->db, "SELECT 1 FROM games WHERE id = ?1", -1, &statement,
                          NULL) != SQLITE_OK)
    return false;
  sqlite3_bind_int64 (statement, 1, id);
  bool found = sqlite3_step (statement) == SQLITE_ROW;
  sqlite3_finalize (statement);
  return found;
}

bool library_tag (Library *library, int64_t id, const char *tag)
{
  return library_run (library, "INSERT OR IGNORE INTO tags (game, tag)"
                               " SELECT id, ?2 FROM games WHERE id = ?1", id, tag)
      && sqlite3_changes (library->db) <= 1;
}

bool library_untag (Library *library, int64_t id, const char *tag)
{
  return library_run (library, "DELETE FROM tags WHERE game = ?1 AND tag = ?2", id, tag);
}

bool library_set_tags (Library *library, int64_t id, const char *tags)
{
  bool own = !library->in_batch;
  if (own && !library_exec (library, "BEGIN IMMEDIATE"))
    return false;
  bool done = library_query_exists (library, id)
           && library_run (library, "DELETE FROM tags WHERE game = ?1", id, NULL);
  done = done && library_insert_tags (library, id, tags);
  return library_write_end (library, own, done);
}

int64_t library_list_tags (Library *library, LibraryTagVisit visit, void *user_data)
{
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2 (library->db, "SELECT tag, count(*) FROM tags GROUP BY tag ORDER BY tag",
                          -1, &statement, NULL) != SQLITE_OK)
    return -1;
  int64_t count = 0;
  int status;
  while ((status = sqlite3_step (statement)) == SQLITE_ROW) {
    count++;
    if (visit && !visit ((const char *) sqlite3_column_text (statement, 0),
                         sqlite3_column_int64 (statement, 1), user_data))
      break;
  }
  sqlite3_finalize (statement);
  return status == SQLITE_ROW || status == SQLITE_DONE ? count : -1;
}

int64_t library_count (Library *library)
{
  int status;
  return library_query_int (library->db, "SELECT count(*) FROM games", &status);
}

char *library_record (Library *library, int64_t id)
{
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2 (library->db, "SELECT record FROM games WHERE id = ?1", -1, &statement,
                          NULL) != SQLITE_OK)
    return NULL;
  sqlite3_bind_int64 (statement, 1, id);
  char *record = NULL;
  if (sqlite3_step (statement) == SQLITE_ROW && sqlite3_column_text (statement, 0))
    record = strdup ((const char *) sqlite3_column_text (statement, 0));
  sqlite3_finalize (statement);
  return record;
}

/* text into out[size], cut at a character's start (UTF-8) when it does not fit. */
static void library_copy_cut (char *out, size_t size, const char *text)
{
  size_t length = strlen (text);
  if (length >= size) {
    length = size - 1;
    while (length > 0 && ((unsigned char) text[length] & 0xC0) == 0x80)
      length--;
  }
  memcpy (out, text, length);
  out[length] = '\0';
}

/* A GGF record written from what the library holds of game; malloc'ed, NULL when memory is
 * short. */
static char *library_fields_ggf (const LibraryGame *game)
{
  NotationGame *ggf = calloc (1, sizeof *ggf);
  if (!ggf)
    return NULL;
  ggf->start = game->start;
  ggf->rules = game->rules;
  ggf->n_moves = game->n_moves < NOTATION_MAX_MOVES ? game->n_moves : NOTATION_MAX_MOVES;
  memcpy (ggf->moves, game->moves, ggf->n_moves * sizeof ggf->moves[0]);
  library_copy_cut (ggf->black, sizeof ggf->black, game->black);
  library_copy_cut (ggf->white, sizeof ggf->white, game->white);
  library_copy_cut (ggf->date, sizeof ggf->date, game->date);
  /* Where it was played is unknown ("?"): a record of others' game, never one of Verso's own
   * (their records are kept, and say PC[Verso]). */
  library_copy_cut (ggf->place, sizeof ggf->place, "?");
  if (game->ending != LIBRARY_ENDING_UNFINISHED)
    snprintf (ggf->result, sizeof ggf->result, "%+d%s", game->disc_difference,
              game->ending == LIBRARY_ENDING_RESIGN ? ":r"
              : game->ending == LIBRARY_ENDING_TIME ? ":t" : "");
  size_t size = notation_format_ggf (ggf, NULL, NULL, 0) + 1;
  char *text = malloc (size);
  if (text)
    notation_format_ggf (ggf, NULL, text, size);
  free (ggf);
  return text;
}

char *library_game_text (Library *library, const LibraryGame *game)
{
  char *record = library_record (library, game->id);
  return record ? record : library_fields_ggf (game);
}

char *library_game_ggf (Library *library, const LibraryGame *game)
{
  char *record = library_record (library, game->id);
  if (record && strncmp (record, "(;GM[Othello]", 13) == 0)
    return record;
  free (record);
  return library_fields_ggf (game);
}

bool library_check (Library *library)
{
  sqlite3_stmt *statement;
  if (sqlite3_prepare_v2 (library->db, "PRAGMA integrity_check", -1, &statement, NULL)
      != SQLITE_OK)
    return false;
  bool ok = sqlite3_step (statement) == SQLITE_ROW
         && strcmp ((const char *) sqlite3_column_text (statement, 0), "ok") == 0;
  sqlite3_finalize (statement);
  return ok;
}
