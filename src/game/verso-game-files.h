/* verso-game-files.h: a game as text and files: GGF records, transcripts, board strings and
 * OBF lines, files read and written, and the saved session. */
#pragma once

#include <gio/gio.h>

#include "level.h"
#include "notation.h"
#include "rules.h"
#include "verso-game-types.h"

G_BEGIN_DECLS

/* Text (verso-game-text.c, each format in verso-game-<format>.c). */
typedef enum {
  VERSO_FORMAT_GGF,        /* the whole record, one GGF line */
  VERSO_FORMAT_TRANSCRIPT, /* "f5d6c3..." up to the last move; from the start position only */
  VERSO_FORMAT_BOARD,      /* the position shown: 64 squares, a space, the side to move (an OBF
                            * line without moves) */
  VERSO_FORMAT_SGF,        /* the whole record with its variations, SGF of Othello (GM[2]) */
} VersoFormat;

/* The format a file name asks for: .ggf GGF, .sgf SGF, .obf or .board a board string, anything
 * else a transcript. Only SGF keeps variations; GGF and transcripts write the main line. */
VersoFormat verso_format_for_name (const char *file_name);
/* A game read from text: a GGF record, an SGF record (with its variations), a board string or
 * OBF text (its first position; the game keeps them all, see OBF files below) or a transcript
 * (detected). The game has the given players and level,
 * shows its last position and is not modified. Fails with VERSO_GAME_ERROR_BAD_FILE and a message
 * saying what and where ("move 23 (e2) is not legal", "line 1, column 40: expected X, O or -",
 * "not a GGF record"). *notice (may be NULL) receives a
 * remark to show, or NULL: "The file holds 3 games; the first one is shown." */
VersoGame *verso_game_new_from_text (const char *text, gsize length, VersoPlayer black,
                                     VersoPlayer white, LevelId level, char **notice,
                                     GError **error);
/* The same, where a text that cannot say the rules (a transcript or a board string: only GGF
 * has them, TY[8a] for Reverse) makes a game under rules: what the window pastes into a Reverse
 * game stays Reverse. verso_game_new_from_text and files opened make standard games then. */
VersoGame *verso_game_new_from_text_with_rules (const char *text, gsize length, VersoPlayer black,
                                                VersoPlayer white, LevelId level, Rules rules,
                                                char **notice, GError **error);
/* The game of an SGF collection at *offset, as verso_game_new_from_text makes one, between two
 * people; *offset moves past it. NULL without an error when no game is left; NULL and
 * VERSO_GAME_ERROR_BAD_FILE with a message for one that does not read, *offset then past it (or
 * at the end of the text when its brackets do not close), so that the games after it can be read.
 * What an import of a collection reads (verso-kept-game.h). */
VersoGame *verso_game_new_from_sgf_collection (const char *text, gsize length, gsize *offset,
                                               GError **error);
/* The game in a format (see VersoFormat); a transcript of a game from a set-up position is the
 * board string of its last position and moves are lost, so callers choose GGF for those (a game
 * without moves, which has no transcript, is its start's board string too). */
char *verso_game_to_text (VersoGame *game, VersoFormat format);

/* OBF files (verso-game-board.c). A game read from OBF text shows its first position and keeps
 * every position of the text with the scores listed for their moves: the window offers the others
 * when there are several, and shows the listed scores beside the engine's. */
/* How many positions the OBF text the game was read from holds; 0 for other games. */
guint verso_game_get_n_file_positions (VersoGame *game);
/* Position index (< verso_game_get_n_file_positions) of that text, with its line there. */
const NotationObfEntry *verso_game_get_file_position (VersoGame *game, guint index);
/* A new game from position index of game's OBF text, with game's players, levels and rules, its
 * listed scores kept; it has no file (saving it must not replace the file of several positions)
 * and is not modified. */
VersoGame *verso_game_new_from_file_position (VersoGame *game, guint index);
/* The scores the OBF text listed for the moves of the position shown, *n_moves of them; NULL (and
 * 0) when it listed none or the position shown is not the one read. */
/* How the window names a position of the OBF file game was read from: "#20" where the file's
 * name says the numbers of its positions ("fforum-20-39.obf" holds #20 to #39), else
 * "Position 3". */
char *verso_game_describe_file_position (VersoGame *game, guint index);
/* A game chosen from an OBF file of several: its file and number ("fforum-20-39.obf · #20"), to
 * name the game that has no file of its own; NULL for any other game. */
const char *verso_game_get_file_position_name (VersoGame *game);
const NotationScoredMove *verso_game_get_listed_scores (VersoGame *game, gsize *n_moves);

/* Files (verso-game-file.c). Files larger than this are refused before they are read. */
#define VERSO_GAME_MAX_FILE_SIZE (1024 * 1024)

/* Reads a file in a worker thread, refusing one over VERSO_GAME_MAX_FILE_SIZE or holding bytes
 * that are not text before parsing; the game's file is set. */
void verso_game_open_async (GFile *file, VersoPlayer black, VersoPlayer white, LevelId level,
                            GCancellable *cancellable, GAsyncReadyCallback callback,
                            gpointer user_data);
VersoGame *verso_game_open_finish (GAsyncResult *result, char **notice, GError **error);
/* Writes the game atomically in the format its name asks for; on success the game's file is
 * set and it is no longer modified. */
gboolean verso_game_write (VersoGame *game, GFile *file, GError **error);

/* The saved session (verso-game-session.c): the game the window shows, kept between runs. */

/* Saves the whole game (moves to redo included) atomically as a key file. */
gboolean verso_game_save (VersoGame *game, const char *path, GError **error);
/* Reads a saved game; fails with VERSO_GAME_ERROR_BAD_FILE naming what was wrong, or a
 * G_FILE_ERROR when the file cannot be read. */
VersoGame *verso_game_load (const char *path, GError **error);

/* Restores the game saved at path. Returns NULL without error when there is no file. A file that
 * cannot be understood is renamed aside (its new path in *set_aside, which may be NULL when the
 * rename failed) and the error says what was wrong; it is never read again. */
VersoGame *verso_game_restore (const char *path, char **set_aside, GError **error);

G_END_DECLS
