/* notation.h: reading and writing squares, move transcripts, board strings and OBF lines.
 *
 * Every parser takes the text and its length (the text need not end with a NUL, and no parser
 * reads past `length`) and returns a NotationStatus: NOTATION_OK, or what is wrong and the
 * offset (0-based, in bytes) of the character where it went wrong; the offset is `length` when
 * the text ended too soon. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "position.h"
#include "rules.h"

typedef enum NotationError {
  NOTATION_OK = 0,
  NOTATION_ERROR_EMPTY,           /* nothing but white space where something was expected */
  NOTATION_ERROR_BAD_COLUMN,      /* a square must start with a column letter a-h (or be PA) */
  NOTATION_ERROR_BAD_ROW,         /* the column letter must be followed by a row digit 1-8 */
  NOTATION_ERROR_ILLEGAL_MOVE,    /* a square that is not a legal move in the position */
  NOTATION_ERROR_ILLEGAL_PASS,    /* a pass while the side to move has a move */
  NOTATION_ERROR_GAME_OVER,       /* a move after the game has ended */
  NOTATION_ERROR_TOO_MANY_MOVES,  /* more moves than the caller's list holds */
  NOTATION_ERROR_BAD_SQUARE,      /* a board square other than X * B (black) O W (white) - . */
  NOTATION_ERROR_SHORT_BOARD,     /* fewer than 64 squares */
  NOTATION_ERROR_MISSING_SIDE,    /* no side to move after the 64 squares */
  NOTATION_ERROR_BAD_SIDE,        /* the side to move is not X * B (black) or O W (white) */
  NOTATION_ERROR_TRAILING,        /* text after the end of what was read */
  NOTATION_ERROR_MISSING_COLON,   /* an OBF move must be followed by ':' and its score */
  NOTATION_ERROR_BAD_SCORE,       /* an OBF score must be a whole number of discs, -64..64 */
  NOTATION_ERROR_DUPLICATE_MOVE,  /* an OBF line lists the same move twice */
  NOTATION_ERROR_NOT_GGF,         /* a GGF record starts with "(;" */
  NOTATION_ERROR_UNCLOSED,        /* a GGF property value has no ']', or the record no ";)" */
  NOTATION_ERROR_NOT_OTHELLO,     /* GM is not Othello, or BO is not an 8x8 board */
  NOTATION_ERROR_NO_BOARD,        /* a GGF move, or the end, before any board (BO) */
  NOTATION_ERROR_OUT_OF_TURN,     /* a GGF move by the colour that is not to move */
  NOTATION_ERROR_BAD_PROPERTY,    /* in a GGF record, not a property NAME[value] nor the ";)" */
  NOTATION_ERROR_LATE_BOARD,      /* a GGF board (BO) after the first move */
  NOTATION_ERROR_BAD_TYPE,        /* a GGF game type (TY) that is not 8 with GGS's modifiers */
  NOTATION_ERROR_BOARD_SIZE,      /* a GGF game type (TY) of another board size than 8x8 */
  NOTATION_ERROR_BAD_GIVEN,       /* a GGF BS[n] that is not 0 up to the record's moves */
  NOTATION_ERROR_COUNT
} NotationError;

typedef struct NotationStatus {
  NotationError error;
  size_t offset; /* where the error is; 0 when there is none */
} NotationStatus;

/* A short English description of an error, e.g. "expected a row digit 1-8". */
const char *notation_error_message (NotationError error);

/* Square names: "a1".."h8" (either case) and "PA" (either case) for BOARD_PASS. */
NotationStatus notation_parse_square (const char *text, size_t length, int *move);
/* Writes "a1".."h8" (lower case) or "PA" and a NUL; returns 2. */
size_t notation_format_square (int move, char out[3]);

/* A transcript such as "f5d6c3d3c4" or "f5 d6 c3" played from *position (which it updates).
 * Squares may be separated by white space, '-', ',' or ';', and move numbers may stand between
 * them ("1. f5 d6 2. c3", "1) f5", "12... e3": digits followed by '.' or ')' characters). A
 * pass may be written as PA; where it is not written it is played when the side to move has no
 * legal move. Every move and pass played (passes included, written or not) goes into
 * moves[0..*n_moves). On error, *position and the list hold the moves before the one in
 * error. */
NotationStatus notation_parse_transcript (const char *text, size_t length, Position *position,
                                          int *moves, size_t capacity, size_t *n_moves);
/* Writes the moves as "f5d6c3..." with passes as "PA" (or left out when !with_passes) and a NUL
 * when size > 0. Returns the length of the whole transcript, as snprintf does. */
size_t notation_format_transcript (const int *moves, size_t n_moves, bool with_passes,
                                   char *out, size_t size);

/* Board strings: 64 squares a1, b1 .. h8 (X * B black, O W white, - . empty; letters in either
 * case), optional white space, then the side to move (X * B or O W). White space before and
 * after is allowed; nothing else. */
NotationStatus notation_parse_board (const char *text, size_t length, Position *position);
/* 64 squares as X O -, a space, and X or O: 66 characters and a NUL. */
#define NOTATION_BOARD_SIZE 67
void notation_format_board (const Position *position, char out[NOTATION_BOARD_SIZE]);

/* OBF (Othello board format) lines: a board string, then optionally ';' and any number of
 * `MOVE:SCORE` entries separated by ';' (a final ';' is allowed), e.g.
 * "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;".
 * Each move must be legal (PA only when the side to move must pass) and listed once; scores
 * are disc differences for the side to move, -64..64. */
#define NOTATION_OBF_MAX_MOVES 61
typedef struct NotationScoredMove {
  int move;
  int score;
} NotationScoredMove;

typedef struct NotationObf {
  Position position;
  size_t n_moves;
  NotationScoredMove moves[NOTATION_OBF_MAX_MOVES];
} NotationObf;

NotationStatus notation_parse_obf (const char *text, size_t length, NotationObf *obf);
/* Writes obf as an OBF line that notation_parse_obf reads back: the board string, then
 * "; G8:+18" for each listed move and a final ';' when it lists any. Writes a NUL when size > 0;
 * returns the whole length, as snprintf does. */
size_t notation_format_obf (const NotationObf *obf, char *out, size_t size);

/* OBF files: one OBF line per position. Blank lines are skipped, and so are comments: a comment
 * starts with '%' (or '#', which verso-engine has always taken) and runs to the end of its line,
 * on a line of its own or after a position (neither character can be part of an OBF line). Lines
 * end with "\n" or "\r\n". Each position is read by notation_parse_obf. */
typedef struct NotationObfEntry {
  NotationObf obf;
  size_t line;    /* its line in the file, from 1 */
} NotationObfEntry;

typedef struct NotationObfFile {
  size_t n_entries;
  NotationObfEntry *entries;  /* malloc'd; notation_obf_file_clear frees them */
} NotationObfFile;

/* Reads every position of the file into *file (which the caller clears). On an error *file is
 * empty and the status's offset is in the whole text; *line and *column (1-based; the column
 * counts UTF-8 characters; either may be NULL) say where. A file without any position is
 * NOTATION_ERROR_EMPTY; one of more positions than memory holds NOTATION_ERROR_TOO_MANY_MOVES. */
NotationStatus notation_parse_obf_file (const char *text, size_t length, NotationObfFile *file,
                                        size_t *line, size_t *column);
void notation_obf_file_clear (NotationObfFile *file);

/* GGF game records, as GGS and NBoard write them:
 * (;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[..]TY[8]BO[8 <64 squares> <side>]B[f5]W[d6//1.2]...;)
 * Properties come in any order; values may hold '\]' escapes; unknown properties are skipped;
 * a move's annotations after '/' are ignored; a pass is "pass" or "PA", and may be left out
 * (it is then played where it was forced). Every move played (passes included) goes into
 * moves[], all legal from start.
 * TY, the game type, is the board size 8 with GGS's letters: 'a' (anti, before or after the
 * size) makes the game Reverse; 's' (synchro), 'k' (komi) and 'r' with an optional disc count
 * (random start, which BO gives) change nothing in one record and are accepted: "8", "s8r20",
 * "k8", "8a". Other letters are NOTATION_ERROR_BAD_TYPE, other sizes NOTATION_ERROR_BOARD_SIZE.
 * BS[n] (Verso's own property) says how many of the moves, passes counted, were a balanced
 * start: a whole number from 0 to the number of moves, else NOTATION_ERROR_BAD_GIVEN. */
#define NOTATION_MAX_MOVES 128
#define NOTATION_NAME_SIZE 64

/* A GGF record's clock, as GGS writes it: TI[main/increment/extension] for both colours, TB[..]
 * and TW[..] for one (they win over TI wherever they stand), each part "[[h:]m:]s" with GGS's
 * ",flags" ignored and the extension not kept; and each move's seconds, its third field
 * (B[f5/eval/seconds]), summed per colour. A clock that does not read is no clock (known stays
 * false), and a move time that does not read is not counted: neither is an error. Indexed by
 * POSITION_BLACK and POSITION_WHITE. */
typedef struct NotationClock {
  bool known;
  double main[2];      /* seconds at the start */
  double increment[2]; /* seconds added after each move */
  double used[2];      /* seconds the moves took */
  int moves[2];        /* B[..] and W[..] moves read */
  /* Each move's seconds, indexed as NotationGame's moves[]; negative where none was read (a
   * pass left out, a move without a time). notation_format_ggf writes them as B[f5//1.23] when
   * known is true and the value is not negative. */
  double move_seconds[NOTATION_MAX_MOVES];
} NotationClock;

/* A move's evaluation in a GGF record (see NotationGame). */
typedef struct NotationEval {
  bool known;
  double discs;
} NotationEval;

typedef struct NotationGame {
  Position start;
  size_t n_moves;
  int moves[NOTATION_MAX_MOVES];  /* 0..63 or BOARD_PASS */
  char black[NOTATION_NAME_SIZE]; /* PB and PW, unescaped, cut to fit; "" when absent */
  char white[NOTATION_NAME_SIZE];
  /* BR and WR (the players' ratings), PC (where it was played: a server such as "GGS/os", an
   * event) and DT (the date), as written, unescaped and cut as the names; "" when absent. */
  char black_rating[NOTATION_NAME_SIZE];
  char white_rating[NOTATION_NAME_SIZE];
  char place[NOTATION_NAME_SIZE];
  char date[NOTATION_NAME_SIZE];
  /* RE as written ("+12.000", "-64:r" for a resignation, ":t" lost on time), unescaped and cut as
   * the names; "" when absent. The moves' own count wins when they end the game. */
  char result[NOTATION_NAME_SIZE];
  Rules rules;                    /* TY[8a] (GGS's anti game) is RULES_REVERSE, TY[8] standard */
  size_t given_moves;             /* BS[n]: the first n moves were a balanced start drawn at
                                   * random (opening.h), not the players' choice; 0 when absent */
  NotationClock clock;
  /* Each move's evaluation, its first annotation (B[f5/-2.00/1.23]): the final disc difference
   * the mover's analysis expected after it, for the mover (positive: it wins). Indexed as
   * moves[]; read where it is a number from -64 to 64, written where known. */
  NotationEval evals[NOTATION_MAX_MOVES];
} NotationGame;

/* Reads the first record of text (white space before it is skipped). *end (may be NULL) receives
 * the offset just after its ";)", so a caller can tell whether more records follow; when end is
 * NULL, anything but white space after the record is an error (NOTATION_ERROR_TRAILING). On
 * error, game holds the start and the moves before the one in error, and the status's offset
 * points at the name of the property in error (e.g. the B of "B[z9]"). */
NotationStatus notation_parse_ggf (const char *text, size_t length, NotationGame *game,
                                   size_t *end);
/* The position after the first n moves of a parsed game (n is capped at n_moves). */
Position notation_game_position (const NotationGame *game, size_t n);
/* Writes one record on one line: GM, PC (the game's place, or Verso when it has none), DT (date,
 * or the game's date when date is NULL and it has one), PB, PW, BR and WR (when given), RE (the
 * final disc difference for black, e.g. "+12" or "-4", when the game is over, else the game's
 * result as read when it has one), TY ("8", or "8a"
 * for Reverse), the clock when known (TI[mm:ss/increment] when both colours have the same, else
 * TB[..] and TW[..]), BS[n] when given_moves > 0 (capped at n_moves), BO, then B[..] W[..] for
 * each move (passes as B[PA]), with its evaluation where known and its seconds where the clock
 * knows them (B[f5/-2.00/1.23], B[f5/-2.00], B[f5//1.23]). RE is the standard count whatever the rules, as GGF has it: in a
 * Reverse game black wins with a negative RE. '\' and ']' in names are escaped. Writes a NUL
 * when size > 0; returns the whole length, as snprintf does. */
size_t notation_format_ggf (const NotationGame *game, const char *date, char *out, size_t size);
