/* cli.h: the commands of verso-engine, one file each. Each returns the exit status:
 * 0 success, 1 a wrong answer (solve) or failure, 2 bad usage or unreadable input. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "notation.h"
#include "search.h"

int cli_perft (int argc, char **argv);
int cli_solve (int argc, char **argv);
int cli_nboard (int argc, char **argv);
int cli_match (int argc, char **argv);
int cli_levels (int argc, char **argv);
int cli_errors (int argc, char **argv);
int cli_ratings (int argc, char **argv);
/* `ratings --simulate` (simulate.c). */
int cli_ratings_simulate (int argc, char **argv);
/* `ratings --mixes` (mixes.c). */
int cli_ratings_mixes (int argc, char **argv);
/* The table of ratings in the file at path (level_ratings.h), read into *ratings; its text
 * (to free), or NULL after saying why. */
struct LevelRatings;
char *cli_ratings_read_table (const char *path, struct LevelRatings *ratings, size_t *length);
/* Writes ratings to path atomically after the comment lines of text, less those about `about`
 * ("# ABOUT: ..."), and one more: "# ABOUT: comment". The table is read back first; false after
 * saying why. */
bool cli_ratings_rewrite_table (const char *path, const char *text, size_t length,
                                const struct LevelRatings *ratings, const char *about, const char *comment);
int cli_analyze (int argc, char **argv);
int cli_explore (int argc, char **argv);
/* `library import|find`, the game library (library.c, src/library). */
int cli_library (int argc, char **argv);
/* Only where Cairo is found (HAVE_DIAGRAM). */
int cli_diagram (int argc, char **argv);

/* A position given on the command line (position-argument.c): BOARD (a board string or an OBF
 * line), else MOVES from the standard start. Returns 0, or 2 after saying "COMMAND: 'TEXT' is
 * neither a board ... nor moves ...". */
int cli_parse_position (const char *command, const char *text, Position *position);

/* Prints "verso-engine: <message>" on stderr, one line. */
void cli_error (const char *format, ...) __attribute__ ((format (printf, 1, 2)));

/* Reads every position of an OBF file first (notation_parse_obf_file: blank lines and '%' or '#'
 * comments skipped), so that a bad line is reported (path:line:column: what) before any work is
 * done. Returns 0, or 2 after saying what is wrong; the caller clears *positions. */
int cli_read_obf (const char *path, NotationObfFile *positions);

/* A search table of hash_bytes (0: the default size), or NULL after saying that memory is short. */
Search *cli_search_new (size_t hash_bytes);

/* The start of a command that works through a file of OBF positions (solve, analyze FILE): reads
 * them with cli_read_obf and makes their search table with cli_search_new. Returns 0, or the exit
 * status after saying what failed (with nothing left to free). */
int cli_open_obf_file (const char *path, size_t hash_bytes, NotationObfFile *positions,
                       Search **search);
