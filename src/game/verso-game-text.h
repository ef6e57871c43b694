/* verso-game-text.h: what the game's text formats share, inside src/game only: the reader of any
 * text (verso-game-text.c), one reader, writer and set of messages per format (GGF, board
 * strings and OBF lines, transcripts), and the pieces of a message that quote the text. Files
 * (verso-game-file.c) and the saved session (verso-game-session.c) read through them. */
#pragma once

#include "verso-game-private.h"

#include "notation.h"

G_BEGIN_DECLS

/* The place (GGF and SGF PC) that says a game was played in Verso, not a record of its players. */
#define VERSO_TEXT_PLACE "Verso"

/* What a text says of its game beyond the record: only GGF can say the rules (TY), the given
 * moves of a balanced start (BS) and who played it (PB PW BR WR PC DT); only OBF lists positions
 * and their moves' scores. is_record: the text is a game between players, not one played against
 * the computer here (verso-game-text.c says which texts are); details then holds what it says of
 * them ("" where nothing). */
typedef struct {
  gboolean has_rules;
  Rules rules;
  guint given_moves;  /* plies of the record */
  /* OBF: every position of the text (NotationObfEntry), the record's first, or NULL; freed by
   * verso_board_forget_positions. */
  GArray *obf_positions;
  gboolean is_record;
  char details[VERSO_N_DETAILS][NOTATION_NAME_SIZE];
  /* GGF: the time control (TI, black's when TB and TW differ), each move's seconds (-1 where not
   * written, indexed by the record's plies less one), each side's time left after the moves,
   * and who lost on time (RE[..:t] before the end of the game), POSITION_* or -1. */
  gboolean has_clock;
  TimeControl time_control;
  double move_seconds[NOTATION_MAX_MOVES];
  guint n_move_seconds;
  double time_left[2];
  int lost_on_time;
} VersoTextExtras;

/* Extras as a text without any says them: standard rules, no clock, not a record. */
void verso_text_extras_init (VersoTextExtras *extras);

/* Any text (verso-game-text.c): the record a GGF record, a board string or OBF line, or a
 * transcript holds, or NULL and VERSO_GAME_ERROR_BAD_FILE with the message of the format the text
 * looks like. */
VersoRecord *verso_text_read (const char *text, gsize length, char **notice,
                              VersoTextExtras *extras, GError **error);
/* The game of a record read from text, under its own rules or else under rules. */
VersoGame *verso_text_game (VersoPlayer black, VersoPlayer white, LevelId level,
                            VersoRecord *record, const VersoTextExtras *extras, Rules rules);

/* Messages. */
void verso_text_set_bad_file (GError **error, const char *message);
/* Up to max_chars characters of text from offset, stopping at white space, as printable UTF-8. */
char *verso_text_excerpt (const char *text, gsize length, gsize offset, guint max_chars);
/* What is wrong with a move of a game (GGF or transcript): its number as a reader counts it and
 * its square as written; NULL when the error is not one of a move. */
char *verso_text_move_message (NotationError error, guint number, const char *square);
/* Characters of the text quoted in a message about it. */
#define VERSO_TEXT_EXCERPT_CHARS 8
/* 1-based line and column (in characters) of offset. */
void verso_text_line_and_column (const char *text, gsize length, gsize offset, guint *line,
                                 guint *column);

/* name into a field of a record's details (GGF's, SGF's, a result), cut where a character
 * starts so that it stays UTF-8. */
void verso_text_copy_name (char out[NOTATION_NAME_SIZE], const char *name);
/* A result between GGF's words and SGF's, which the record keeps (VERSO_DETAIL_RESULT): GGF's
 * RE is black's disc difference, ":r" after it a resignation and ":t" a loss on time ("+12.000",
 * "-64:r"); SGF's names the winner ("B+12", "W+R", "B+T", "0" a draw). A result that reads as
 * neither is kept as written; "" stays "". */
void verso_text_result_from_ggf (const char *ggf, char sgf[NOTATION_NAME_SIZE]);
void verso_text_result_to_ggf (const char *sgf, char ggf[NOTATION_NAME_SIZE]);

/* GGF records (verso-game-ggf.c); the text starts with '('. */
VersoRecord *verso_ggf_read (const char *text, gsize length, char **notice,
                             VersoTextExtras *extras, GError **error);
char *verso_ggf_write (VersoGame *game);
/* The name a record gives a player: another engine's, the computer's with its level, or the user's. */
char *verso_text_player_name (VersoGame *game, VersoColor color);

/* SGF records of Othello, GM[2] (verso-game-sgf.c), variations included. */
/* Whether text (from its first character that is not white space) is an SGF record rather than
 * GGF: "(" and a first node with GM[2] or FF[...], not GM[Othello]. */
gboolean verso_sgf_looks_like (const char *text, gsize length);
/* The record of the first game of an SGF collection, shown at the end of its main line, or NULL
 * and VERSO_GAME_ERROR_BAD_FILE with a message naming the line and column in error. */
VersoRecord *verso_sgf_read (const char *text, gsize length, char **notice, VersoTextExtras *extras,
                             GError **error);
/* The game of an SGF collection that starts at *offset (after white space), *offset moved past
 * it, shown at the end of its main line; NULL without an error when no game is left, or NULL and
 * VERSO_GAME_ERROR_BAD_FILE for one that does not read, *offset then past it (at the end when
 * its brackets do not close). */
VersoRecord *verso_sgf_read_next (const char *text, gsize length, gsize *offset,
                                  VersoTextExtras *extras, GError **error);
/* The game as SGF, every variation with it. */
char *verso_sgf_write (VersoGame *game);
/* The record alone as SGF, one line: its start and every variation, no details nor result (the
 * saved session keeps its tree so, verso-game-session.c). */
char *verso_sgf_write_record (const VersoRecord *record);

/* Board strings, OBF lines and OBF files (verso-game-board.c), through the engine's one OBF file
 * reader: a board string is an OBF line without moves, an OBF line a file of one position. The
 * record of the first position (extras->obf_positions holds them all), or NULL and *status. */
VersoRecord *verso_board_read (const char *text, gsize length, VersoTextExtras *extras,
                               NotationStatus *status);
/* The game read keeps the positions of extras and their listed scores (verso-game-files.h). */
void verso_board_keep_positions (VersoGame *game, const VersoTextExtras *extras);
/* Frees what extras holds of OBF. */
void verso_board_forget_positions (VersoTextExtras *extras);
/* The saved session's form of the scores the file listed for the game's start (an OBF line),
 * NULL when it listed none; and the same kept again, FALSE when line does not read. */
char *verso_board_listed_line (VersoGame *game);
gboolean verso_board_keep_listed_line (VersoGame *game, const char *line);
/* Whether text (from its first character that is not white space) looks like a board or an OBF
 * file (a '%' comment first). */
gboolean verso_board_looks_like (const char *text, gsize length);
/* The message of a board or OBF text that did not read: "line 7, column 40: expected X, O or -". */
char *verso_board_message (const char *text, gsize length, NotationStatus status);
/* The board string of a position (which is an OBF line too). */
char *verso_board_write (const Position *position);

/* Transcripts (verso-game-transcript.c). */
/* The record of the moves played from game->start, or NULL and *status; game holds the moves
 * read (those before an error). */
VersoRecord *verso_transcript_read (const char *text, gsize length, NotationGame *game,
                                    NotationStatus *status);
/* The message of one that did not read, moves[0..n_moves) being those read before the error. */
char *verso_transcript_message (const char *text, gsize length, NotationStatus status,
                                const int *moves, gsize n_moves);

G_END_DECLS
