/* test-notation.c: squares, transcripts, board strings, OBF lines and OBF files, read and
 * written. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "random-game.h"
#include "notation.h"

static void test_square_names_both_ways (void)
{
  for (int square = 0; square < 64; square++) {
    char name[3];
    CHECK (notation_format_square (square, name) == 2);
    CHECK (name[0] == 'a' + square % 8 && name[1] == '1' + square / 8 && name[2] == '\0');
    int parsed = -1;
    CHECK (notation_parse_square (name, 2, &parsed).error == NOTATION_OK);
    CHECK (parsed == square);
    name[0] = (char) (name[0] - 'a' + 'A');
    parsed = -1;
    CHECK (notation_parse_square (name, 2, &parsed).error == NOTATION_OK);
    CHECK (parsed == square);
  }
  char name[3];
  notation_format_square (BOARD_PASS, name);
  CHECK (strcmp (name, "PA") == 0);
  const char *passes[] = { "PA", "pa", "Pa", "pA" };
  for (size_t k = 0; k < 4; k++) {
    int parsed = -1;
    CHECK (notation_parse_square (passes[k], 2, &parsed).error == NOTATION_OK);
    CHECK (parsed == BOARD_PASS);
  }
  int parsed = -1;
  CHECK (notation_parse_square ("h8", 2, &parsed).error == NOTATION_OK && parsed == 63);
  /* a1 is square 0, h1 square 7, a8 square 56. */
  CHECK (notation_parse_square ("a1", 2, &parsed).error == NOTATION_OK && parsed == 0);
  CHECK (notation_parse_square ("H1", 2, &parsed).error == NOTATION_OK && parsed == 7);
  CHECK (notation_parse_square ("a8", 2, &parsed).error == NOTATION_OK && parsed == 56);
  /* Only `length` characters are read: "e4" out of "e45". */
  CHECK (notation_parse_square ("e45", 2, &parsed).error == NOTATION_OK && parsed == 28);
}

/* A seeded random game from the start, as a list of moves and passes. */
static size_t random_game (CheckRandom *random, int *moves, size_t capacity, Position *end)
{
  Position position;
  position_init (&position);
  size_t n = 0;
  while (n < capacity) {
    if (board_is_game_over (&position.board))
      break;
    int move = check_random_move (random, &position.board);
    CHECK (position_play (&position, move));
    moves[n++] = move;
  }
  *end = position;
  return n;
}

static bool same_position (const Position *a, const Position *b)
{
  return a->side_to_move == b->side_to_move && board_equal (&a->board, &b->board);
}

static void test_transcript_round_trips (void)
{
  CheckRandom random = { 0x5EED1001ULL };
  int passes_seen = 0;
  for (int game = 0; game < 3000; game++) {
    int moves[128];
    Position end;
    size_t n = random_game (&random, moves, 128, &end);
    for (size_t k = 0; k < n; k++)
      passes_seen += moves[k] == BOARD_PASS;

    for (int with_passes = 0; with_passes < 2; with_passes++) {
      char text[512];
      size_t length = notation_format_transcript (moves, n, with_passes, text, sizeof text);
      CHECK (length == strlen (text));
      Position position;
      position_init (&position);
      int parsed[128];
      size_t n_parsed = 0;
      NotationStatus status = notation_parse_transcript (text, length, &position, parsed, 128,
                                                         &n_parsed);
      CHECK (status.error == NOTATION_OK);
      /* Passes come back whether or not they were written. */
      CHECK (n_parsed == n);
      CHECK (memcmp (parsed, moves, n * sizeof moves[0]) == 0);
      CHECK (same_position (&position, &end));
      char again[512];
      notation_format_transcript (parsed, n_parsed, with_passes, again, sizeof again);
      CHECK (strcmp (again, text) == 0);
    }
  }
  CHECK (passes_seen > 0);
}

/* A game seen through each of the 8 symmetries: its transcript with every square mapped, played
 * from the mapped start (written as a board string), reaches the mapped final position, and
 * every position on the way has the mapped legal moves. */
static void test_transcripts_through_symmetries (void)
{
  CheckRandom random = { 0x5EED1004ULL };
  for (int game = 0; game < 200; game++) {
    int moves[128];
    Position end;
    size_t n = random_game (&random, moves, 128, &end);
    for (int s = 0; s < BOARD_SYMMETRIES; s++) {
      char text[512];
      size_t length = 0;
      for (size_t k = 0; k < n; k++) {
        int mapped = moves[k] == BOARD_PASS ? BOARD_PASS : board_square_symmetry (moves[k], s);
        length += notation_format_square (mapped, text + length);
      }
      Position start;
      position_init (&start);
      start.board = board_symmetry (&start.board, s);
      char start_text[NOTATION_BOARD_SIZE];
      notation_format_board (&start, start_text);
      Position position;
      CHECK (notation_parse_board (start_text, strlen (start_text), &position).error
             == NOTATION_OK);
      Position original;
      position_init (&original);
      for (size_t k = 0; k < n; k++) {
        Position before = position;
        int parsed[2];
        size_t n_parsed = 0;
        NotationStatus status = notation_parse_transcript (text + 2 * k, 2, &position, parsed,
                                                           2, &n_parsed);
        CHECK (status.error == NOTATION_OK && n_parsed == 1);
        CHECK_EQ_U64 (board_legal_moves (&before.board),
                      board_bits_symmetry (board_legal_moves (&original.board), s));
        position_play (&original, moves[k]);
      }
      Board mapped_end = board_symmetry (&end.board, s);
      CHECK (board_equal (&position.board, &mapped_end));
      CHECK (position.side_to_move == end.side_to_move);
    }
  }
}

/* Reads text as a transcript from the start position into position (the position reached),
 * moves (room for capacity) and n (how many were read). */
static NotationStatus parse_from_start (const char *text, Position *position, int *moves,
                                        size_t capacity, size_t *n)
{
  position_init (position);
  *n = 0;
  return notation_parse_transcript (text, strlen (text), position, moves, capacity, n);
}

static void test_transcript_spacing_case_and_truncation (void)
{
  Position position;
  int moves[8];
  size_t n;
  NotationStatus status = parse_from_start (" F5 d6\tC3\nd3 ", &position, moves, 8, &n);
  CHECK (status.error == NOTATION_OK);
  CHECK (n == 4);
  char out[16];
  CHECK (notation_format_transcript (moves, n, true, out, sizeof out) == 8);
  CHECK (strcmp (out, "f5d6c3d3") == 0);
  /* A small buffer gets a NUL-terminated prefix; the return value is still the full length. */
  char small[5];
  CHECK (notation_format_transcript (moves, n, true, small, sizeof small) == 8);
  CHECK (strcmp (small, "f5d6") == 0);
  /* The empty transcript is the start position. */
  Position start, empty;
  position_init (&start);
  position_init (&empty);
  CHECK (notation_parse_transcript ("", 0, &empty, moves, 8, &n).error == NOTATION_OK);
  CHECK (n == 0 && same_position (&empty, &start));
}

/* Separators and move numbers people and other programs write: all read as f5 d6 c3 d3. */
static void test_transcript_separators_and_move_numbers (void)
{
  const char *texts[] = {
    "F5 d6 C3 D3", "f5-d6-c3-d3", "f5, d6, c3, d3", "f5;d6;c3;d3;", "1. f5 d6 2. c3 d3",
    "1.f5 d6 2.c3 d3", "1) f5 2) d6 3) c3 4) d3", "1. f5 1... d6 2. c3 2... d3",
    " 1.F5-D6\n2.C3-D3 ", "f5d6c3d3", "f5\td6\r\nc3 , ; - d3", "-f5-d6-c3-d3-",
  };
  for (size_t k = 0; k < sizeof texts / sizeof *texts; k++) {
    Position position;
    int moves[8];
    size_t n;
    NotationStatus status = parse_from_start (texts[k], &position, moves, 8, &n);
    char out[32] = "";
    notation_format_transcript (moves, n, true, out, sizeof out);
    CHECK (status.error == NOTATION_OK && strcmp (out, "f5d6c3d3") == 0);
    if (status.error || strcmp (out, "f5d6c3d3") != 0)
      fprintf (stderr, "  '%s': %s at %zu, moves %s\n", texts[k],
               notation_error_message (status.error), status.offset, out);
  }
  /* "PA" still reads as a pass after a move number, and is refused where the side has a move. */
  Position position;
  int moves[32];
  size_t n;
  NotationStatus status = parse_from_start ("1. f5 PA", &position, moves, 32, &n);
  CHECK (status.error == NOTATION_ERROR_ILLEGAL_PASS && status.offset == 6 && n == 1);
}

static void test_transcript_error_keeps_moves_before_it (void)
{
  Position position;
  int moves[8];
  size_t n;
  NotationStatus status = parse_from_start ("f5d6c3a1", &position, moves, 8, &n);
  CHECK (status.error == NOTATION_ERROR_ILLEGAL_MOVE && status.offset == 6);
  CHECK (n == 3);
  Position expected;
  position_init (&expected);
  CHECK (position_play (&expected, board_square (5, 4)));
  CHECK (position_play (&expected, board_square (3, 5)));
  CHECK (position_play (&expected, board_square (2, 2)));
  CHECK (same_position (&position, &expected));
  /* The list's capacity is respected. */
  status = parse_from_start ("f5d6c3", &position, moves, 2, &n);
  CHECK (status.error == NOTATION_ERROR_TOO_MANY_MOVES && status.offset == 4 && n == 2);
}

static void test_board_strings_both_ways (void)
{
  CheckRandom random = { 0x5EED1002ULL };
  for (int game = 0; game < 500; game++) {
    int moves[128];
    Position end;
    size_t n = random_game (&random, moves, (size_t) check_random_below (&random, 70), &end);
    (void) n;
    char text[NOTATION_BOARD_SIZE];
    notation_format_board (&end, text);
    CHECK (strlen (text) == 66 && text[64] == ' ');
    Position parsed;
    CHECK (notation_parse_board (text, strlen (text), &parsed).error == NOTATION_OK);
    CHECK (same_position (&parsed, &end));
    /* The other spellings read the same: * B for X, W for O, . for -, no space, lower case. */
    char other[80];
    for (int k = 0; k < 64; k++)
      other[k] = text[k] == 'X' ? "*Bbx"[k % 4] : text[k] == 'O' ? "Wwo"[k % 3] : '.';
    other[64] = end.side_to_move == POSITION_BLACK ? '*' : 'w';
    other[65] = '\n';
    CHECK (notation_parse_board (other, 66, &parsed).error == NOTATION_OK);
    CHECK (same_position (&parsed, &end));
  }
  /* The start position, spelt out. */
  const char *start_text =
    "---------------------------OX------XO--------------------------- X";
  Position start, parsed;
  position_init (&start);
  CHECK (notation_parse_board (start_text, strlen (start_text), &parsed).error == NOTATION_OK);
  CHECK (same_position (&parsed, &start));
  char text[NOTATION_BOARD_SIZE];
  notation_format_board (&start, text);
  CHECK (strcmp (text, start_text) == 0);
}

static void test_obf_lines_of_the_test_data (void)
{
  const char *files[] = { "fforum-1-19.obf", "fforum-20-39.obf" };
  int lines = 0;
  for (size_t f = 0; f < 2; f++) {
    FILE *file = check_data_open (files[f], "r");
    char line[1024];
    while (fgets (line, sizeof line, file)) {
      if (line[0] == '\n' || line[0] == '%')
        continue;
      NotationObf obf;
      NotationStatus status = notation_parse_obf (line, strlen (line), &obf);
      if (status.error)
        fprintf (stderr, "%s: %s at %zu\n", files[f], notation_error_message (status.error),
                 status.offset);
      CHECK (status.error == NOTATION_OK);
      CHECK (obf.n_moves > 0);
      /* Best first, as the files list them. */
      for (size_t k = 1; k < obf.n_moves; k++)
        CHECK (obf.moves[k].score <= obf.moves[k - 1].score);
      /* Written again, it reads as the same position and scores; the length is honoured. */
      char written[1024];
      size_t length = notation_format_obf (&obf, written, sizeof written);
      CHECK (length == strlen (written) && length < sizeof written);
      CHECK (notation_format_obf (&obf, NULL, 0) == length);
      NotationObf again;
      CHECK (notation_parse_obf (written, length, &again).error == NOTATION_OK);
      CHECK (again.n_moves == obf.n_moves
             && memcmp (again.moves, obf.moves, obf.n_moves * sizeof *obf.moves) == 0
             && again.position.board.player == obf.position.board.player
             && again.position.board.opponent == obf.position.board.opponent
             && again.position.side_to_move == obf.position.side_to_move);
      lines++;
    }
    fclose (file);
  }
  CHECK (lines == 39);
}

static void test_obf_fields (void)
{
  const char *line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; "
                     "G8:+18; h1:12 ;A2 : -6;";
  NotationObf obf;
  NotationStatus status = notation_parse_obf (line, strlen (line), &obf);
  CHECK (status.error == NOTATION_OK);
  CHECK (obf.position.side_to_move == POSITION_BLACK);
  CHECK (obf.n_moves == 3);
  CHECK (obf.moves[0].move == board_square (6, 7) && obf.moves[0].score == 18);
  CHECK (obf.moves[1].move == board_square (7, 0) && obf.moves[1].score == 12);
  CHECK (obf.moves[2].move == board_square (0, 1) && obf.moves[2].score == -6);
  CHECK (board_count (position_black (&obf.position)) == 27);
  /* A board and side alone is an OBF line too. */
  CHECK (notation_parse_obf (line, 66, &obf).error == NOTATION_OK && obf.n_moves == 0);
  CHECK (notation_parse_obf (line, 67, &obf).error == NOTATION_OK && obf.n_moves == 0);
  /* A pass is listed as PA when the side to move must pass. */
  const char *pass = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- O; PA:-62";
  CHECK (notation_parse_obf (pass, strlen (pass), &obf).error == NOTATION_OK);
  CHECK (obf.n_moves == 1 && obf.moves[0].move == BOARD_PASS && obf.moves[0].score == -62);
}

/* OBF files. */

static const char *const FIRST =
  "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;";
static const char *const SECOND =
  "-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- O";

static void test_obf_file_skips_comments_and_blank_lines (void)
{
  char text[512];
  snprintf (text, sizeof text, "%% fforum, two of them\n\n  %s %% the first\r\n# another "
            "comment\n\t\n%s\n%%", FIRST, SECOND);
  NotationObfFile file;
  NotationStatus status = notation_parse_obf_file (text, strlen (text), &file, NULL, NULL);
  CHECK (status.error == NOTATION_OK);
  CHECK (file.n_entries == 2);
  if (file.n_entries == 2) {
    NotationObf first, second;
    CHECK (notation_parse_obf (FIRST, strlen (FIRST), &first).error == NOTATION_OK);
    CHECK (notation_parse_obf (SECOND, strlen (SECOND), &second).error == NOTATION_OK);
    CHECK (file.entries[0].line == 3 && file.entries[1].line == 6);
    CHECK (same_position (&file.entries[0].obf.position, &first.position));
    CHECK (file.entries[0].obf.n_moves == 2 && file.entries[0].obf.moves[1].score == 12);
    CHECK (same_position (&file.entries[1].obf.position, &second.position));
    CHECK (file.entries[1].obf.n_moves == 0);
  }
  notation_obf_file_clear (&file);
  CHECK (file.n_entries == 0 && file.entries == NULL);
}

/* Where a bad line is: line and column in the file, and the offset in the whole text. */
static void check_obf_file_error (const char *text, NotationError error, size_t line,
                                  size_t column, size_t offset)
{
  NotationObfFile file;
  size_t at_line = 0, at_column = 0;
  NotationStatus status = notation_parse_obf_file (text, strlen (text), &file, &at_line,
                                                   &at_column);
  if (status.error != error || at_line != line || at_column != column || status.offset != offset)
    fprintf (stderr, "%s: %s at %zu:%zu (offset %zu)\n", text,
             notation_error_message (status.error), at_line, at_column, status.offset);
  CHECK (status.error == error);
  CHECK (at_line == line && at_column == column && status.offset == offset);
  CHECK (file.n_entries == 0 && file.entries == NULL);
}

static void test_obf_file_errors_name_line_and_column (void)
{
  char text[512];
  /* Character 62 of the third line is no square. */
  int prefix = snprintf (text, sizeof text, "%% comment\n%s\n", FIRST);
  snprintf (text + prefix, sizeof text - (size_t) prefix, "%.61sZ%s\n", SECOND, SECOND + 62);
  check_obf_file_error (text, NOTATION_ERROR_BAD_SQUARE, 3, 62, (size_t) prefix + 61);
  /* A move that is not legal, on line 2 after a comment line; the column counts characters. */
  snprintf (text, sizeof text, "%% é\n%.66s; C1:+4\n", FIRST);
  check_obf_file_error (text, NOTATION_ERROR_ILLEGAL_MOVE, 2, 69, 5 + 68);
  /* Text after the position that is not a ';' nor a comment. */
  snprintf (text, sizeof text, "%.66s extra %% comment\n", FIRST);
  check_obf_file_error (text, NOTATION_ERROR_TRAILING, 1, 68, 67);
  /* Nothing but comments and blank lines. */
  check_obf_file_error ("% only a comment\n\n   \n# and another", NOTATION_ERROR_EMPTY, 4, 14, 35);
  check_obf_file_error ("", NOTATION_ERROR_EMPTY, 1, 1, 0);
}

/* tests/data/fforum-20-39.obf, read whole: 20 positions, each the line of its number. */
static void test_obf_file_fforum_20_39 (void)
{
  FILE *in = check_data_open ("fforum-20-39.obf", "rb");
  static char text[65536];
  size_t length = fread (text, 1, sizeof text, in);
  fclose (in);
  NotationObfFile file;
  CHECK (notation_parse_obf_file (text, length, &file, NULL, NULL).error == NOTATION_OK);
  CHECK (file.n_entries == 20);
  for (size_t i = 0; i < file.n_entries; i++)
    CHECK (file.entries[i].line == i + 1);
  if (file.n_entries > 0) {
    /* The first line, read on its own, is the first position. */
    NotationObf first;
    size_t end = strcspn (text, "\n");
    CHECK (notation_parse_obf (text, end, &first).error == NOTATION_OK);
    CHECK (same_position (&file.entries[0].obf.position, &first.position));
    char board[NOTATION_BOARD_SIZE];
    notation_format_board (&file.entries[0].obf.position, board);
    CHECK (strncmp (board, text, 66) == 0);
    CHECK (file.entries[0].obf.moves[0].move == board_square (7, 4));
    CHECK (file.entries[0].obf.moves[0].score == 6);
  }
  notation_obf_file_clear (&file);
}

typedef enum Parser { SQUARE, TRANSCRIPT, BOARD, OBF } Parser;

typedef struct Malformed {
  Parser parser;
  const char *text;
  NotationError error;
  size_t offset;
} Malformed;

#define START_BOARD "---------------------------OX------XO---------------------------"
#define FFO_1 "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO--"

static const Malformed malformed[] = {
  { SQUARE, "", NOTATION_ERROR_EMPTY, 0 },
  { SQUARE, "i5", NOTATION_ERROR_BAD_COLUMN, 0 },
  { SQUARE, "5f", NOTATION_ERROR_BAD_COLUMN, 0 },
  { SQUARE, "f9", NOTATION_ERROR_BAD_ROW, 1 },
  { SQUARE, "f0", NOTATION_ERROR_BAD_ROW, 1 },
  { SQUARE, "f", NOTATION_ERROR_BAD_ROW, 1 },
  { SQUARE, "f55", NOTATION_ERROR_TRAILING, 2 },
  { SQUARE, " f5", NOTATION_ERROR_BAD_COLUMN, 0 },
  { SQUARE, "p", NOTATION_ERROR_BAD_COLUMN, 0 },
  { SQUARE, "pb", NOTATION_ERROR_BAD_COLUMN, 0 },
  { TRANSCRIPT, "f5d6x3", NOTATION_ERROR_BAD_COLUMN, 4 },
  { TRANSCRIPT, "f5d6c", NOTATION_ERROR_BAD_ROW, 5 },
  { TRANSCRIPT, "f5 d 6", NOTATION_ERROR_BAD_ROW, 4 },
  { TRANSCRIPT, "f5f5", NOTATION_ERROR_ILLEGAL_MOVE, 2 },
  { TRANSCRIPT, "a1", NOTATION_ERROR_ILLEGAL_MOVE, 0 },
  { TRANSCRIPT, "d4", NOTATION_ERROR_ILLEGAL_MOVE, 0 },
  { TRANSCRIPT, "f5PA", NOTATION_ERROR_ILLEGAL_PASS, 2 },
  { TRANSCRIPT, "f5/d6", NOTATION_ERROR_BAD_COLUMN, 2 },
  { TRANSCRIPT, "f5 d6 z9", NOTATION_ERROR_BAD_COLUMN, 6 },
  { TRANSCRIPT, "1. f5 2 d6", NOTATION_ERROR_BAD_COLUMN, 6 },
  { TRANSCRIPT, "1. f5 d6 2. c3 3: d3", NOTATION_ERROR_BAD_COLUMN, 15 },
  { TRANSCRIPT, "1.f5 d6 2.c3 d3 3.f3", NOTATION_ERROR_ILLEGAL_MOVE, 18 },
  { TRANSCRIPT, "f5 -- d6 .. c3", NOTATION_ERROR_BAD_COLUMN, 9 },
  /* A shortest game: over after 9 moves, so a tenth move or a pass comes after the end. */
  { TRANSCRIPT, "d3c3b3d2e1d6d7e3f4", NOTATION_OK, 0 },
  { TRANSCRIPT, "d3c3b3d2e1d6d7e3f4e6", NOTATION_ERROR_GAME_OVER, 18 },
  { TRANSCRIPT, "d3c3b3d2e1d6d7e3f4pa", NOTATION_ERROR_ILLEGAL_PASS, 18 },
  { BOARD, "", NOTATION_ERROR_EMPTY, 0 },
  { BOARD, "   ", NOTATION_ERROR_EMPTY, 3 },
  { BOARD, START_BOARD " X", NOTATION_OK, 0 },
  { BOARD, START_BOARD "X", NOTATION_OK, 0 },
  { BOARD, START_BOARD, NOTATION_ERROR_MISSING_SIDE, 64 },
  { BOARD, START_BOARD " ", NOTATION_ERROR_MISSING_SIDE, 65 },
  /* 63 squares: the side letter becomes the 64th square and the side is missing. */
  { BOARD, "--------------------------OX------XO--------------------------- X",
    NOTATION_ERROR_SHORT_BOARD, 63 },
  { BOARD, "--------------------------OX------XO---------------------------X",
    NOTATION_ERROR_MISSING_SIDE, 64 },
  { BOARD, "--------------------------OX------XO---------------------------",
    NOTATION_ERROR_SHORT_BOARD, 63 },
  { BOARD, "---------------------------OX------XO---------Z----------------- X",
    NOTATION_ERROR_BAD_SQUARE, 46 },
  { BOARD, START_BOARD " Z", NOTATION_ERROR_BAD_SIDE, 65 },
  { BOARD, START_BOARD " -", NOTATION_ERROR_BAD_SIDE, 65 },
  { BOARD, START_BOARD " XO", NOTATION_ERROR_TRAILING, 66 },
  { BOARD, START_BOARD "-X", NOTATION_ERROR_BAD_SIDE, 64 },
  { BOARD, START_BOARD " X ;", NOTATION_ERROR_TRAILING, 67 },
  { OBF, FFO_1 " X; G8:+18; H1:+12;", NOTATION_OK, 0 },
  { OBF, FFO_1 " X G8:+18", NOTATION_ERROR_TRAILING, 67 },
  { OBF, FFO_1 " X; G8+18", NOTATION_ERROR_MISSING_COLON, 70 },
  { OBF, FFO_1 " X; G8:", NOTATION_ERROR_BAD_SCORE, 71 },
  { OBF, FFO_1 " X; G8:+", NOTATION_ERROR_BAD_SCORE, 71 },
  { OBF, FFO_1 " X; G8:+65", NOTATION_ERROR_BAD_SCORE, 71 },
  { OBF, FFO_1 " X; G8:100", NOTATION_ERROR_BAD_SCORE, 71 },
  { OBF, FFO_1 " X; G8:+18 H1:+12", NOTATION_ERROR_TRAILING, 75 },
  { OBF, FFO_1 " X; G8:+18; G8:+18", NOTATION_ERROR_DUPLICATE_MOVE, 76 },
  { OBF, FFO_1 " X; A1:+18", NOTATION_ERROR_ILLEGAL_MOVE, 68 },
  { OBF, FFO_1 " X; PA:+0", NOTATION_ERROR_ILLEGAL_PASS, 68 },
  { OBF, FFO_1 " X; Z9:+0", NOTATION_ERROR_BAD_COLUMN, 68 },
  { OBF, FFO_1 " X; G9:+0", NOTATION_ERROR_BAD_ROW, 69 },
  { OBF, FFO_1, NOTATION_ERROR_MISSING_SIDE, 64 },
};

static void test_malformed_inputs_rejected_with_place (void)
{
  for (size_t k = 0; k < sizeof malformed / sizeof malformed[0]; k++) {
    const Malformed *m = &malformed[k];
    size_t length = strlen (m->text);
    /* An exact-size heap copy without a NUL, so reading past the end is caught by ASan. */
    char *copy = malloc (length ? length : 1);
    memcpy (copy, m->text, length);
    NotationStatus status;
    Position position;
    position_init (&position);
    int moves[128];
    size_t n;
    NotationObf obf;
    switch (m->parser) {
    case SQUARE:
      status = notation_parse_square (copy, length, &moves[0]);
      break;
    case TRANSCRIPT:
      status = notation_parse_transcript (copy, length, &position, moves, 128, &n);
      break;
    case BOARD:
      status = notation_parse_board (copy, length, &position);
      break;
    default:
      status = notation_parse_obf (copy, length, &obf);
      break;
    }
    if (status.error != m->error || status.offset != m->offset) {
      fprintf (stderr, "'%s': got %d (%s) at %zu, expected %d at %zu\n", m->text, status.error,
               notation_error_message (status.error), status.offset, m->error, m->offset);
      check_failures++;
    }
    free (copy);
  }
  for (int e = 0; e < NOTATION_ERROR_COUNT; e++)
    CHECK (strlen (notation_error_message ((NotationError) e)) > 0);
}

/* Random text and mutations of good lines: every parser answers, with an offset inside the text,
 * and reads nothing past it (each text is an exact-size heap block, so ASan would see). */
static void test_parsers_survive_random_text (void)
{
  CheckRandom random = { 0x5EED1003ULL };
  const char *seeds[] = {
    FFO_1 " X; G8:+18; H1:+12; H7:+6;",
    START_BOARD " O",
    "f5d6c3d3c4f4f6f3e6e7d7c5",
    "d3c3b3d2e1d6d7e3f4",
  };
  const char alphabet[] = "abcdefghABCDEFGH12345678XOxo*BW-.pPaA :;+-09 \t\n\r";
  for (int k = 0; k < 20000; k++) {
    char text[128];
    size_t length;
    if (k % 2) {
      length = check_random_below (&random, sizeof text);
      for (size_t i = 0; i < length; i++)
        text[i] = k % 4 == 1 ? (char) check_random_next (&random)
                             : alphabet[check_random_below (&random, sizeof alphabet - 1)];
    } else {
      const char *seed = seeds[check_random_below (&random, 4)];
      length = strlen (seed);
      memcpy (text, seed, length);
      int edits = 1 + (int) check_random_below (&random, 3);
      while (edits--)
        text[check_random_below (&random, (unsigned) length)] =
          alphabet[check_random_below (&random, sizeof alphabet - 1)];
      length = check_random_below (&random, (unsigned) length + 1);
    }
    char *copy = malloc (length ? length : 1);
    memcpy (copy, text, length);
    Position position;
    position_init (&position);
    int moves[128];
    size_t n = 0;
    NotationObf obf;
    NotationStatus status[4] = {
      notation_parse_square (copy, length, &moves[0]),
      notation_parse_transcript (copy, length, &position, moves, 128, &n),
      notation_parse_board (copy, length, &position),
      notation_parse_obf (copy, length, &obf),
    };
    for (int p = 0; p < 4; p++) {
      CHECK (status[p].offset <= length);
      CHECK ((int) status[p].error >= 0 && status[p].error < NOTATION_ERROR_COUNT);
      if (status[p].error == NOTATION_OK)
        CHECK (status[p].offset == 0);
    }
    CHECK (n <= 128);
    free (copy);
  }
}

int main (void)
{
  check_run ("square_names_both_ways", test_square_names_both_ways);
  check_run ("transcript_round_trips", test_transcript_round_trips);
  check_run ("transcripts_through_symmetries", test_transcripts_through_symmetries);
  check_run ("transcript_spacing_case_and_truncation", test_transcript_spacing_case_and_truncation);
  check_run ("transcript_separators_and_move_numbers", test_transcript_separators_and_move_numbers);
  check_run ("transcript_error_keeps_moves_before_it", test_transcript_error_keeps_moves_before_it);
  check_run ("board_strings_both_ways", test_board_strings_both_ways);
  check_run ("obf_lines_of_the_test_data", test_obf_lines_of_the_test_data);
  check_run ("obf_fields", test_obf_fields);
  check_run ("obf_file_skips_comments_and_blank_lines", test_obf_file_skips_comments_and_blank_lines);
  check_run ("obf_file_errors_name_line_and_column", test_obf_file_errors_name_line_and_column);
  check_run ("obf_file_fforum_20_39", test_obf_file_fforum_20_39);
  check_run ("malformed_inputs_rejected_with_place", test_malformed_inputs_rejected_with_place);
  check_run ("parsers_survive_random_text", test_parsers_survive_random_text);
  return check_finish ();
}
