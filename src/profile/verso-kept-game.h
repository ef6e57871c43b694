/* verso-kept-game.h: a game of the window as the game library keeps it (library.h): its players
 * and the computer's levels, rules, start, moves, date, result and clock, the coach's grades, and
 * its record; and the games of SGF files, which only the game layer reads and writes, imported and
 * exported alike. */
#pragma once

#include <glib.h>

#include "library.h"
#include "verso-game-types.h"

G_BEGIN_DECLS

/* Fills kept from game, read back from the game's own GGF through the library's GGF reader
 * (library_game_from_ggf), so that a game played here and one imported are read alike. The
 * source is "played"; a computer's level is its id ("club"), a person's ""; each colour's moves
 * the coach graded and the discs they lost (verso_game_get_coach_summary). The record kept is
 * the game's GGF (with the clock and each move's time), or its SGF when it has variations, which
 * only SGF keeps; the clock is the time control as written ("5+3"). kept->record and kept->clock
 * point to *record and *clock, which the caller frees. FALSE when the game's own GGF does not
 * read back (no game of this build). */
gboolean verso_kept_game_fill (LibraryGame *kept, VersoGame *game, char **record, char **clock);

/* Imports the games of an SGF collection at path into library as library_import_path imports
 * other files (library.h): in one transaction, each game's source the path, duplicates counted
 * and skipped, each game that does not read named through import->message ("PATH: game 2: line
 * 3, column 7: ...") and skipped, progress in bytes of the file, *import->cancel heeded between
 * games. FALSE when the file cannot be read or on a database error (said through message). */
gboolean verso_kept_games_import_sgf (Library *library, const char *path, LibraryImport *import);

/* A game of library, as listed (record left NULL), as one SGF game tree for an export: its text
 * (library_game_text, the variations of a record kept as SGF with it) read by the game layer and
 * written as SGF; a game played here keeps the players, date and result the library lists, which
 * its own SGF would write anew. NULL and VERSO_GAME_ERROR_BAD_FILE saying what is wrong when its
 * text does not read (G_FILE_ERROR_NOMEM when memory is short). */
char *verso_kept_game_to_sgf (Library *library, const LibraryGame *game, GError **error);

G_END_DECLS
