/* test-ggf.c: GGF game records as NBoard and GGS write them: the board and the moves read,
 * passes written or left out, several games a file (one record a line), and malformed records
 * refused with a message that names the problem and where it is. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "ggf.h"
#include "notation.h"

#define START_SQUARES "---------------------------O*------*O---------------------------"
#define NBOARD_HEADER "(;GM[Othello]PC[NBoard]PB[b]PW[w]RE[?]TI[5:00//02:00]TY[8]"
#define START_BO "BO[8 " START_SQUARES " *]"
/* Black owns all but g8 (white) and h8 (empty): white to move has no move, black takes h8. */
#define PASS_SQUARES "**************************************************************O-"

static int square (const char *name)
{
  int move = -1;
  CHECK (notation_parse_square (name, strlen (name), &move).error == NOTATION_OK);
  return move;
}

static bool parse (const char *record, GgfGame *game, char *error, size_t size)
{
  return ggf_parse (record, strlen (record), game, error, size);
}

/* The record parses, and its moves are `transcript` (with its passes written as PA). */
static void check_moves (const char *record, const char *transcript)
{
  GgfGame game;
  char error[160] = "";
  bool parsed = parse (record, &game, error, sizeof error);
  CHECK (parsed);
  if (!parsed) {
    fprintf (stderr, "  '%s': %s\n", record, error);
    return;
  }
  char moves[2 * GGF_MAX_MOVES + 1];
  notation_format_transcript (game.moves, (size_t) game.n_moves, true, moves, sizeof moves);
  CHECK (strcmp (moves, transcript) == 0);
  if (strcmp (moves, transcript) != 0)
    fprintf (stderr, "  '%s': moves %s, expected %s\n", record, moves, transcript);
}

static void test_nboard_record (void)
{
  GgfGame game;
  char error[160];
  const char *record = NBOARD_HEADER START_BO "B[F5//1.5]W[d6/-0.5/2.0]B[c3];)";
  CHECK (parse (record, &game, error, sizeof error));
  Position start;
  position_init (&start);
  CHECK (game.start.board.player == start.board.player);
  CHECK (game.start.board.opponent == start.board.opponent);
  CHECK (game.start.side_to_move == POSITION_BLACK);
  CHECK (game.n_moves == 3);
  CHECK (game.moves[0] == square ("f5") && game.moves[1] == square ("d6")
         && game.moves[2] == square ("c3"));

  /* ggf_position: the start, each move's position, and no further than the last move. */
  Position position = ggf_position (&game, 0);
  CHECK (position.board.player == start.board.player && position.side_to_move == POSITION_BLACK);
  Position expected = start;
  for (int n = 1; n <= 3; n++) {
    position_play (&expected, game.moves[n - 1]);
    position = ggf_position (&game, n);
    CHECK (position.board.player == expected.board.player
           && position.board.opponent == expected.board.opponent
           && position.side_to_move == expected.side_to_move);
  }
  position = ggf_position (&game, 99);
  CHECK (position.board.player == expected.board.player && position.side_to_move == POSITION_WHITE);
}

static void test_tolerated_forms (void)
{
  /* Properties in any order, unknown ones skipped, comments with escaped brackets. */
  check_moves ("(;PB[x]C[a \\] bracket and a \\\\ ]GM[Othello]" START_BO "TY[8];)", "");
  check_moves ("  (;GM[othello.8]" START_BO "B[f5]C[good]W[F6];)\n\n", "f5f6");
  /* Squares either case, annotations and spaces around the move. */
  check_moves ("(;GM[Othello]" START_BO "B[ F5 /0.0/1]W[d6//];)", "f5d6");
  /* Board letters X and O, the side to move as W or O. */
  check_moves ("(;GM[Othello]BO[8 ---------------------------OX------XO--------------------------- O]"
               "W[f4];)", "f4");
  /* The whole board on several lines and with spaces between squares. */
  check_moves ("(;GM[Othello]BO[8\n-------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
               "B[e6];)", "e6");
}

static void test_passes_written_or_left_out (void)
{
  const char *board = "BO[8 " PASS_SQUARES " O]";
  char record[256];
  snprintf (record, sizeof record, "(;GM[Othello]%sW[PASS]B[h8];)", board);
  check_moves (record, "PAh8");
  snprintf (record, sizeof record, "(;GM[Othello]%sW[pa]B[h8];)", board);
  check_moves (record, "PAh8");
  /* Left out: black's move after white's turn stands for white's pass and black's move. */
  snprintf (record, sizeof record, "(;GM[Othello]%sB[h8];)", board);
  check_moves (record, "PAh8");
}

/* A GGS file holds one record a line; each line is one game, the whole text is not. */
static void test_several_games_a_file (void)
{
  const char *file = "(;GM[Othello]" START_BO "B[f5]W[d6];)\n"
                     "(;GM[Othello]" START_BO "B[d3]W[c5]B[f6];)\n"
                     "(;GM[Othello]BO[8 " PASS_SQUARES " O]B[h8];)\n";
  const char *expected[] = { "f5d6", "d3c5f6", "PAh8" };
  int games = 0;
  for (const char *line = file; *line; games++) {
    const char *end = strchr (line, '\n');
    GgfGame game;
    char error[160];
    CHECK (games < 3);
    if (games >= 3)
      break;
    bool parsed = ggf_parse (line, (size_t) (end - line), &game, error, sizeof error);
    CHECK (parsed);
    char moves[2 * GGF_MAX_MOVES + 1];
    notation_format_transcript (game.moves, (size_t) game.n_moves, true, moves, sizeof moves);
    CHECK (parsed && strcmp (moves, expected[games]) == 0);
    line = end + 1;
  }
  CHECK (games == 3);

  GgfGame game;
  char error[160];
  CHECK (!ggf_parse (file, strlen (file), &game, error, sizeof error));
  CHECK (strcmp (error, "text after the end of the game") == 0);
}

typedef struct Malformed {
  const char *record;
  const char *message; /* the whole message */
} Malformed;

static const Malformed malformed[] = {
  { "", "a game starts with '(;'" },
  { "GM[Othello]", "a game starts with '(;'" },
  { "(;GM[Othello]" START_BO "b[f5];)", "unexpected 'b' at offset 85" },
  { "(;GM[Othello] " START_BO " 7;)", "unexpected '7' at offset 87" },
  { "(;GM[Othello]" START_BO "PB;)", "property PB has no value" },
  { "(;GM[Othello]" START_BO "C[unclosed \\];)", "property C is not closed by ']'" },
  { "(;GM[Chess]" START_BO ";)", "GM: not an Othello game" },
  { "(;GM[Othello]BO[10 " START_SQUARES " *];)", "BO: only 8x8 boards are played" },
  { "(;GM[Othello]BO[8 ---Z" START_SQUARES " *];)", "BO: bad square 'Z'" },
  { "(;GM[Othello]BO[8 -----X *];)", "BO: fewer than 64 squares" },
  { "(;GM[Othello]BO[8 " START_SQUARES "];)", "BO: no side to move" },
  { "(;GM[Othello]BO[8 " START_SQUARES " ?];)", "BO: bad side to move '?'" },
  { "(;GM[Othello]BO[8 " START_SQUARES " * *];)", "BO: unexpected text after the side to move" },
  { "(;GM[Othello]B[f5]" START_BO ";)", "a move before the board (BO)" },
  { "(;GM[Othello]" START_BO "B[f5]" START_BO ";)", "BO after the first move" },
  { "(;GM[Othello]" START_BO "B[f5]W[z9];)", "move 2: 'z9' is not a square" },
  { "(;GM[Othello]" START_BO "B[f5]W[];)", "move 2: '' is not a square" },
  { "(;GM[Othello]" START_BO "W[f5];)", "move 1: white plays out of turn" },
  { "(;GM[Othello]" START_BO "B[PA];)", "move 1: 'PA' is not legal" },
  { "(;GM[Othello]" START_BO "B[f5]W[d6]B[a1];)", "move 3: 'a1' is not legal" },
  { "(;GM[Othello]" START_BO "B[f5]", "a game ends with ';)'" },
  { "(;GM[Othello]" START_BO "B[f5]);", "unexpected ')' at offset 90" },
  { "(;GM[Othello];)", "no board (BO)" },
  { "(;GM[Othello]" START_BO ";) (;", "text after the end of the game" },
};

static void test_malformed_records_refused_with_place (void)
{
  for (size_t k = 0; k < sizeof malformed / sizeof *malformed; k++) {
    GgfGame game;
    char error[160] = "";
    bool parsed = parse (malformed[k].record, &game, error, sizeof error);
    CHECK (!parsed && strcmp (error, malformed[k].message) == 0);
    if (parsed || strcmp (error, malformed[k].message) != 0)
      fprintf (stderr, "  '%s': %s '%s', expected '%s'\n", malformed[k].record,
               parsed ? "parsed" : "error", error, malformed[k].message);
  }
}

/* The record's bytes beyond `length` are never read, and a short message buffer is cut. */
static void test_length_and_message_size_are_honoured (void)
{
  const char *record = "(;GM[Othello]" START_BO "B[f5];)";
  char text[256];
  size_t length = strlen (record);
  memcpy (text, record, length);
  memcpy (text + length, "garbage", 8);
  GgfGame game;
  char error[160];
  CHECK (ggf_parse (text, length, &game, error, sizeof error) && game.n_moves == 1);
  CHECK (!ggf_parse (text, length - 2, &game, error, sizeof error));
  CHECK (strcmp (error, "a game ends with ';)'") == 0);

  char tiny[6];
  memset (tiny, 'x', sizeof tiny);
  CHECK (!ggf_parse (text, length - 2, &game, tiny, sizeof tiny));
  CHECK (strcmp (tiny, "a gam") == 0);
}

int main (void)
{
  check_run ("nboard_record", test_nboard_record);
  check_run ("tolerated_forms", test_tolerated_forms);
  check_run ("passes_written_or_left_out", test_passes_written_or_left_out);
  check_run ("several_games_a_file", test_several_games_a_file);
  check_run ("malformed_records_refused_with_place", test_malformed_records_refused_with_place);
  check_run ("length_and_message_size_are_honoured", test_length_and_message_size_are_honoured);
  return check_finish ();
}
