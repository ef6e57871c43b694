/* library.h: the game library, a person's games and imported ones in one SQLite file: the store
 * (library-store.c), the list with its filters (library-list.c), the search by position under
 * the 8 symmetries (library-positions.c) and imports of WTHOR, GGF and transcript files
 * (library-import.c). Plain C and sqlite3, so that verso-engine and the window share it.
 *
 * Every write is one transaction: a process killed at any moment (kill -9, power lost) leaves
 * every game committed before intact, the write in progress being rolled back by SQLite's
 * journal (WAL) on the next open. */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "notation.h"
#include "position.h"
#include "rules.h"

/* The schema this build writes; a file of a greater user_version is set aside, not read. */
#define LIBRARY_SCHEMA_VERSION 2
#define LIBRARY_TEXT_SIZE 128

typedef struct Library Library;

typedef enum LibraryEnding {
  LIBRARY_ENDING_NORMAL,     /* played to the end (or the result as recorded) */
  LIBRARY_ENDING_RESIGN,
  LIBRARY_ENDING_TIME,
  LIBRARY_ENDING_UNFINISHED, /* no result */
} LibraryEnding;

/* One game. The text fields are cut to LIBRARY_TEXT_SIZE; record and clock (optional, NULL when
 * absent) are any length: the game layer keeps its GGF with variations, grades and scores in
 * record. `opening` is filled in by library_add when left empty. */
typedef struct LibraryGame {
  int64_t id;                         /* set by library_add and by the list */
  char black[LIBRARY_TEXT_SIZE];
  char white[LIBRARY_TEXT_SIZE];
  char black_level[LIBRARY_TEXT_SIZE];  /* a level or an engine's name; "" for a person */
  char white_level[LIBRARY_TEXT_SIZE];
  Rules rules;
  Position start;
  char date[LIBRARY_TEXT_SIZE];       /* ISO 8601, "2024-05-01" or "1998" */
  int disc_difference;                /* black's */
  LibraryEnding ending;
  char opening[LIBRARY_TEXT_SIZE];
  int moves[NOTATION_MAX_MOVES];      /* 0..63 or BOARD_PASS */
  size_t n_moves;
  char source[LIBRARY_TEXT_SIZE * 4]; /* "played", or the file imported from */
  const char *record;
  const char *clock;
  /* Indexed by POSITION_BLACK and POSITION_WHITE: each colour's moves the coach graded and the
   * discs they lost (0 and 0 when nobody graded them). Kept, not listed. */
  int graded[2];
  int lost[2];
  /* Filled in by the list: the game's tags, sorted, ", " between them ("" for none; cut to
   * the size). library_add takes its tags apart. */
  char tags[LIBRARY_TEXT_SIZE];
} LibraryGame;

/* Opens the library at path, creating it (and its folder) when missing. A file that is not a
 * library, is damaged or was written by a newer Verso is renamed PATH.damaged-YYYYMMDD-HHMMSS
 * (or .newer-...) and a fresh one made; *set_aside (may be NULL) then receives a message naming
 * the file, what is wrong and where it went. NULL with a message in error when it cannot be
 * opened at all. */
Library *library_open (const char *path, char *set_aside, size_t set_aside_size, char *error,
                       size_t error_size);
void library_close (Library *library);
/* $XDG_DATA_HOME/verso/library.sqlite, else ~/.local/share/verso/library.sqlite; false when
 * neither is known or it does not fit. */
bool library_default_path (char *path, size_t size);
/* The last error SQLite gave, for messages. */
const char *library_error (const Library *library);

/* Adds a game with its positions and tags (comma separated, may be NULL). Returns 1 when added
 * (game->id set), 0 when the same game (moves, players, date) is already there, -1 on error. */
int library_add (Library *library, LibraryGame *game, const char *tags);
bool library_delete (Library *library, int64_t id);
bool library_tag (Library *library, int64_t id, const char *tag);
bool library_untag (Library *library, int64_t id, const char *tag);
/* Makes the game's tags those of tags, comma separated (each trimmed; empty ones and repeats
 * dropped; "" or NULL removes them all), in one transaction. False on a database error or when
 * there is no such game. */
bool library_set_tags (Library *library, int64_t id, const char *tags);
/* Calls visit with each tag given to a game and how many games have it, by name; visit returns
 * false to stop. Returns the number visited, or -1 on error. */
typedef bool (*LibraryTagVisit) (const char *tag, int64_t games, void *user_data);
int64_t library_list_tags (Library *library, LibraryTagVisit visit, void *user_data);
int64_t library_count (Library *library);
/* The record text of a game (malloc'ed, NULL when none). */
char *library_record (Library *library, int64_t id);
/* A game as text to open: its record when one is kept, else a GGF record written from what the
 * library holds of game (as listed: start, moves, players, date, result). malloc'ed; NULL when
 * memory is short. */
char *library_game_text (Library *library, const LibraryGame *game);
/* A GGF record of a game, one line: its record when it is kept as GGF, else written from what the
 * library holds of it (an SGF record's variations and comments are not in it). malloc'ed; NULL
 * when memory is short. What exports write, as other programs read GGF. */
char *library_game_ggf (Library *library, const LibraryGame *game);
/* Runs PRAGMA integrity_check: true when it says ok. */
bool library_check (Library *library);

/* Many adds in one transaction (library_add then does not open its own): the import's speed. */
bool library_begin (Library *library);
bool library_commit (Library *library);
void library_rollback (Library *library);

typedef enum LibrarySort {
  LIBRARY_SORT_DATE,
  LIBRARY_SORT_PLAYER,
  LIBRARY_SORT_OPENING,
  LIBRARY_SORT_RESULT,
} LibrarySort;

/* Where games came from: played in Verso (source "played") or imported from a file. */
typedef enum LibraryOrigin {
  LIBRARY_ORIGIN_ANY,
  LIBRARY_ORIGIN_PLAYED,
  LIBRARY_ORIGIN_IMPORTED,
} LibraryOrigin;

/* What a list keeps: each text filter applies when not NULL or "". */
typedef struct LibraryFilter {
  const char *player;    /* a substring of either player's name, any case */
  const char *opening;   /* a substring of the opening's name */
  const char *date_from; /* dates compared as text: "1990" <= date < "1995" */
  const char *date_to;
  const char *source;    /* a substring of the source */
  const char *tag;       /* exactly */
  const char *text;      /* a substring of either player's name or of the opening's (a search
                            box's one text) */
  int result;            /* 0 any, 1 black won, 2 white won, 3 drawn */
  int rules;             /* -1 any, else a Rules */
  LibraryOrigin origin;
  LibrarySort sort;
  bool descending;
  int limit;             /* 0: no limit */
  int offset;
} LibraryFilter;

#define LIBRARY_FILTER_INIT { .rules = -1 }

/* Calls visit with each game kept (record and clock left NULL), in order; visit returns false
 * to stop. Returns the number visited, or -1 on error. */
typedef bool (*LibraryVisit) (const LibraryGame *game, void *user_data);
int64_t library_list (Library *library, const LibraryFilter *filter, LibraryVisit visit,
                      void *user_data);

/* The key of a position under the 8 symmetries: equal for a board, its rotations and mirrors,
 * with the same side to move. */
int64_t library_position_key (const Position *position);
/* The games that reached position at some ply (under a symmetry): up to capacity ids and plies
 * (the first ply it was reached) written, in game id order; returns how many there are in all,
 * or -1 on error. */
typedef struct LibraryHit {
  int64_t game;
  int ply;
} LibraryHit;
int64_t library_find_position (Library *library, const Position *position, LibraryHit *hits,
                               size_t capacity);
/* The same, through the list's filter (sort, limit and offset apply): the games visited. */
int64_t library_list_position (Library *library, const Position *position,
                               const LibraryFilter *filter, LibraryVisit visit, void *user_data);

/* One GGF record at the start of text (length bytes) read into game: its start, rules, moves,
 * players, date (GGS's "2003.01.02_10:00:00.UTC" as "2003-01-02 10:00:00") and result, black's
 * disc difference and how it ended (the moves' end, else RE: "-64:t" on time, ":r" resigned,
 * none unfinished); the other fields are left as they were. ggf is the caller's room for the
 * parse; *end receives the record's length. The import and the window's games read GGF so. */
NotationStatus library_game_from_ggf (const char *text, size_t length, NotationGame *ggf,
                                     LibraryGame *game, size_t *end);

/* How the person does with one opening, as one colour (library-openings.c): their games against
 * the computer played here, under the standard rules, to an end. */
typedef struct LibraryOpeningStats {
  char opening[LIBRARY_TEXT_SIZE];  /* "" for the games no named opening covers */
  int colour;                       /* the person's: POSITION_BLACK or POSITION_WHITE */
  int games, wins, draws, losses;
  double mean_difference;           /* the person's final disc difference, on average */
  int graded;                       /* the person's moves the coach graded */
  double mean_loss;                 /* discs lost a graded move; negative when none was graded */
} LibraryOpeningStats;

/* Calls visit with each opening and colour the person played, those they lose most with first
 * (losses less wins, then losses, then games); visit returns false to stop. Returns the number
 * visited, or -1 on error. */
typedef bool (*LibraryOpeningVisit) (const LibraryOpeningStats *stats, void *user_data);
int64_t library_opening_stats (Library *library, LibraryOpeningVisit visit, void *user_data);

/* Imports. Each bad record is named through message ("FILE: game 12: what", "FILE:3: what") and
 * skipped; progress is called every few hundred games with the games done and the total when
 * known (else 0); *cancel (may be NULL) set from another thread stops at the next game, the
 * games before it kept. */
typedef struct LibraryImport {
  void (*message) (const char *text, void *user_data);
  void (*progress) (int64_t done, int64_t total, void *user_data);
  void *user_data;
  const atomic_bool *cancel;
  int64_t added;      /* filled in: games added */
  int64_t duplicates; /* games already there */
  int64_t bad;        /* records skipped */
} LibraryImport;

/* A file (.wtb, .ggf, else transcripts one a line) or a folder of them (not recursive; a .wtb
 * folder's WTHOR.JOU gives the players' names). SGF is read by the game layer only
 * (src/game/verso-game-sgf.c): the window imports it, not this room. False when the file or
 * folder cannot be read at all or on a database error (said through message). */
bool library_import_path (Library *library, const char *path, LibraryImport *import);
