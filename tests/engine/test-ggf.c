/* test-ggf.c: GGF game records (notation_parse_ggf, notation_format_ggf) as NBoard and GGS write
 * them: the board, names and moves read, passes written or left out, several games a file, records
 * written and read back, game types (TY, Reverse) and balanced starts (BS), the clock (TI, TB,
 * TW) and each move's time written and read back, and malformed records refused with the error and
 * where it is. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "random-game.h"
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

static NotationStatus parse (const char *record, NotationGame *game)
{
  return notation_parse_ggf (record, strlen (record), game, NULL);
}

static bool same_position (const Position *a, const Position *b)
{
  return a->side_to_move == b->side_to_move && board_equal (&a->board, &b->board);
}

/* The record parses, and its moves are `transcript` (with its passes written as PA). */
static void check_moves (const char *record, const char *transcript)
{
  NotationGame game;
  NotationStatus status = parse (record, &game);
  CHECK (status.error == NOTATION_OK);
  if (status.error) {
    fprintf (stderr, "  '%s': %s at %zu\n", record, notation_error_message (status.error),
             status.offset);
    return;
  }
  char moves[2 * NOTATION_MAX_MOVES + 1];
  notation_format_transcript (game.moves, game.n_moves, true, moves, sizeof moves);
  CHECK (strcmp (moves, transcript) == 0);
  if (strcmp (moves, transcript) != 0)
    fprintf (stderr, "  '%s': moves %s, expected %s\n", record, moves, transcript);
}

static void test_nboard_record (void)
{
  NotationGame game;
  const char *record = NBOARD_HEADER START_BO "B[F5//1.5]W[d6/-0.5/2.0]B[c3];)";
  CHECK (parse (record, &game).error == NOTATION_OK);
  Position start;
  position_init (&start);
  CHECK (same_position (&game.start, &start));
  CHECK (game.n_moves == 3);
  CHECK (game.moves[0] == square ("f5") && game.moves[1] == square ("d6")
         && game.moves[2] == square ("c3"));
  CHECK (strcmp (game.black, "b") == 0 && strcmp (game.white, "w") == 0);

  /* notation_game_position: the start, each move's position, and no further than the last. */
  Position position = notation_game_position (&game, 0);
  CHECK (same_position (&position, &start));
  Position expected = start;
  for (size_t n = 1; n <= 3; n++) {
    position_play (&expected, game.moves[n - 1]);
    position = notation_game_position (&game, n);
    CHECK (same_position (&position, &expected));
  }
  position = notation_game_position (&game, 99);
  CHECK (same_position (&position, &expected) && position.side_to_move == POSITION_WHITE);
}

static void test_tolerated_forms (void)
{
  /* Properties in any order, unknown ones skipped, comments with escaped brackets. */
  check_moves ("(;PB[x]C[a \\] bracket and a \\\\ ]GM[Othello]" START_BO "TY[8];)", "");
  check_moves ("  (;GM[othello.8]" START_BO "B[f5]C[good]W[F6];)\n\n", "f5f6");
  /* Squares either case, annotations and spaces around the move; "pass" for a pass. */
  check_moves ("(;GM[Othello]" START_BO "B[ F5 /0.0/1]W[d6//];)", "f5d6");
  /* Board letters X and O, the side to move as W or O. */
  check_moves ("(;GM[Othello]"
               "BO[8 ---------------------------OX------XO--------------------------- O]"
               "W[f4];)", "f4");
  /* The whole board on several lines and with spaces between squares, as GGS writes it. */
  check_moves ("(;GM[Othello]BO[8\n"
               "-------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
               "B[e6];)", "e6");
  /* Names: escapes taken out, a long one cut to fit, never inside a UTF-8 character. */
  NotationGame game;
  CHECK (parse ("(;GM[Othello]PB[a \\] b \\\\ c]PW[]" START_BO ";)", &game).error == NOTATION_OK);
  CHECK (strcmp (game.black, "a ] b \\ c") == 0 && strcmp (game.white, "") == 0);
  char record[512], name[200];
  /* 62 ASCII bytes then 'é' (2 bytes): the 'é' does not fit in 63 and is left out whole. */
  const char *digits = "0123456789012345678901234567890123456789012345678901234567890123";
  snprintf (name, sizeof name, "%.62s\xc3\xa9xyz", digits);
  snprintf (record, sizeof record, "(;GM[Othello]PW[%s]" START_BO ";)", name);
  CHECK (parse (record, &game).error == NOTATION_OK);
  CHECK (strlen (game.white) == 62 && strncmp (game.white, name, 62) == 0);
  snprintf (name, sizeof name, "%.61s\xc3\xa9xyz", digits);
  snprintf (record, sizeof record, "(;GM[Othello]PW[%s]" START_BO ";)", name);
  CHECK (parse (record, &game).error == NOTATION_OK);
  CHECK (strlen (game.white) == 63 && strncmp (game.white, name, 63) == 0);
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

/* A GGS file holds records one after another; *end says where each one stops. */
static void test_several_games_a_file (void)
{
  const char *file = "(;GM[Othello]" START_BO "B[f5]W[d6];)\n"
                     "(;GM[Othello]" START_BO "B[d3]W[c5]B[f6];)"
                     "(;GM[Othello]BO[8 " PASS_SQUARES " O]B[h8];)\n";
  const char *expected[] = { "f5d6", "d3c5f6", "PAh8" };
  size_t at = 0, length = strlen (file);
  int games = 0;
  while (at < length && games < 4) {
    NotationGame game;
    size_t end = 0;
    NotationStatus status = notation_parse_ggf (file + at, length - at, &game, &end);
    CHECK (status.error == NOTATION_OK && games < 3);
    if (status.error || games >= 3)
      break;
    char moves[2 * NOTATION_MAX_MOVES + 1];
    notation_format_transcript (game.moves, game.n_moves, true, moves, sizeof moves);
    CHECK (strcmp (moves, expected[games]) == 0);
    CHECK (file[at + end - 1] == ')' && file[at + end - 2] == ';');
    at += end;
    games++;
    while (at < length && file[at] == '\n')
      at++;
  }
  CHECK (games == 3);

  /* Without `end`, text after the first record is an error, found where it starts. */
  NotationGame game;
  NotationStatus status = parse (file, &game);
  size_t second = (size_t) (strchr (file, '\n') + 1 - file);
  CHECK (status.error == NOTATION_ERROR_TRAILING && status.offset == second);
}

/* What the writer writes, and that it reads back to the same game. */
static void check_round_trip (const NotationGame *game, const char *date)
{
  char record[2048];
  size_t length = notation_format_ggf (game, date, record, sizeof record);
  CHECK (length < sizeof record && strlen (record) == length);
  CHECK (strchr (record, '\n') == NULL);
  NotationGame again;
  NotationStatus status = notation_parse_ggf (record, length, &again, NULL);
  CHECK (status.error == NOTATION_OK);
  if (status.error) {
    fprintf (stderr, "  '%s': %s at %zu\n", record, notation_error_message (status.error),
             status.offset);
    return;
  }
  CHECK (same_position (&again.start, &game->start));
  CHECK (again.n_moves == game->n_moves
         && memcmp (again.moves, game->moves, game->n_moves * sizeof *game->moves) == 0);
  CHECK (strcmp (again.black, game->black) == 0 && strcmp (again.white, game->white) == 0);
  CHECK (again.rules == game->rules);
  CHECK (again.given_moves == (game->given_moves < game->n_moves ? game->given_moves
                                                                 : game->n_moves));
}

static void test_writer_round_trips (void)
{
  NotationGame game;
  memset (&game, 0, sizeof game);
  position_init (&game.start);
  strcpy (game.black, "Ann ]x[ \\ Lee");
  strcpy (game.white, "Bob");
  Position position = game.start;
  const char *opening = "f5d6c3";
  CHECK (notation_parse_transcript (opening, strlen (opening), &position, game.moves,
                                    NOTATION_MAX_MOVES, &game.n_moves).error == NOTATION_OK);
  char record[512];
  size_t length = notation_format_ggf (&game, "2024-05-01 [x]", record, sizeof record);
  const char *expected = "(;GM[Othello]PC[Verso]DT[2024-05-01 [x\\]]PB[Ann \\]x[ \\\\ Lee]PW[Bob]"
                         "TY[8]BO[8 " START_SQUARES " *]B[f5]W[d6]B[c3];)";
  CHECK (strcmp (record, expected) == 0 && length == strlen (expected));
  if (strcmp (record, expected) != 0)
    fprintf (stderr, "  wrote   %s\n  expected %s\n", record, expected);
  check_round_trip (&game, "2024-05-01 [x]");
  check_round_trip (&game, NULL);

  /* A short buffer: a NUL-terminated prefix, and the whole length returned. */
  char small[10];
  size_t undated = length - strlen ("DT[2024-05-01 [x\\]]");
  CHECK (notation_format_ggf (&game, NULL, small, sizeof small) == undated);
  CHECK (strcmp (small, "(;GM[Othe") == 0);
  CHECK (notation_format_ggf (&game, NULL, NULL, 0) == undated);

  /* Seeded random games to the end: RE is black's disc difference, passes written as PA. */
  CheckRandom random = { 0x5EED6601ULL };
  int passes_seen = 0;
  for (int k = 0; k < 300; k++) {
    memset (&game, 0, sizeof game);
    position_init (&game.start);
    position = game.start;
    while (!board_is_game_over (&position.board)) {
      int move = check_random_move (&random, &position.board);
      if (move == BOARD_PASS)
        passes_seen++;
      CHECK (position_play (&position, move));
      game.moves[game.n_moves++] = move;
    }
    check_round_trip (&game, NULL);
    notation_format_ggf (&game, NULL, record, sizeof record);
    int black = board_count (position_black (&position));
    int white = board_count (position_white (&position));
    int empties = 64 - black - white, score = black - white;
    score += score > 0 ? empties : score < 0 ? -empties : 0;
    char re[16];
    snprintf (re, sizeof re, score ? "RE[%+d]" : "RE[%d]", score);
    CHECK (strstr (record, re) != NULL);
    if (k == 0 && !strstr (record, re))
      fprintf (stderr, "  '%s' lacks %s\n", record, re);
    /* A game cut before its end has no result. */
    game.n_moves -= 1;
    notation_format_ggf (&game, NULL, record, sizeof record);
    CHECK (strstr (record, "RE[") == NULL);
    check_round_trip (&game, NULL);
  }
  CHECK (passes_seen > 0);

  /* A set-up start, white to move, and a draw's result written as 0. */
  memset (&game, 0, sizeof game);
  game.start = position_from_discs (0x00000000000000FFULL, 0xFF00000000000000ULL, POSITION_WHITE);
  check_round_trip (&game, NULL);
  notation_format_ggf (&game, NULL, record, sizeof record);
  CHECK (strstr (record, "RE[0]") && strstr (record, " O]"));
}

typedef struct Malformed {
  const char *record;
  NotationError error;
  size_t offset;
  size_t n_moves; /* the moves read before the error */
} Malformed;

/* "(;GM[Othello]" is 13 bytes and START_BO 72, so a first move after them is at 85. */
static const Malformed malformed[] = {
  { "", NOTATION_ERROR_EMPTY, 0, 0 },
  { " \n", NOTATION_ERROR_EMPTY, 2, 0 },
  { "GM[Othello]", NOTATION_ERROR_NOT_GGF, 0, 0 },
  { "  (GM[Othello]", NOTATION_ERROR_NOT_GGF, 2, 0 },
  { "(;GM[Othello]" START_BO "b[f5];)", NOTATION_ERROR_BAD_PROPERTY, 85, 0 },
  { "(;GM[Othello] " START_BO " 7;)", NOTATION_ERROR_BAD_PROPERTY, 87, 0 },
  { "(;GM[Othello]" START_BO "PB;)", NOTATION_ERROR_BAD_PROPERTY, 85, 0 },
  { "(;GM[Othello]" START_BO "C[unclosed \\];)", NOTATION_ERROR_UNCLOSED, 85, 0 },
  { "(;GM[Othello]" START_BO "B[f5]", NOTATION_ERROR_UNCLOSED, 90, 1 },
  { "(;GM[Othello]" START_BO "B[f5]);", NOTATION_ERROR_BAD_PROPERTY, 90, 1 },
  { "(;GM[Chess]" START_BO ";)", NOTATION_ERROR_NOT_OTHELLO, 2, 0 },
  { "(;GM[Othello]BO[10 " START_SQUARES " *];)", NOTATION_ERROR_NOT_OTHELLO, 13, 0 },
  { "(;GM[Othello]BO[8 ---Z" START_SQUARES " *];)", NOTATION_ERROR_BAD_SQUARE, 13, 0 },
  { "(;GM[Othello]BO[8 -----X *];)", NOTATION_ERROR_SHORT_BOARD, 13, 0 },
  { "(;GM[Othello]BO[8];)", NOTATION_ERROR_SHORT_BOARD, 13, 0 },
  { "(;GM[Othello]BO[8 " START_SQUARES "];)", NOTATION_ERROR_MISSING_SIDE, 13, 0 },
  { "(;GM[Othello]BO[8 " START_SQUARES " ?];)", NOTATION_ERROR_BAD_SIDE, 13, 0 },
  { "(;GM[Othello]BO[8 " START_SQUARES " * *];)", NOTATION_ERROR_TRAILING, 13, 0 },
  { "(;GM[Othello]B[f5]" START_BO ";)", NOTATION_ERROR_NO_BOARD, 13, 0 },
  { "(;GM[Othello];)", NOTATION_ERROR_NO_BOARD, 13, 0 },
  { "(;GM[Othello]" START_BO "B[f5]" START_BO ";)", NOTATION_ERROR_LATE_BOARD, 90, 1 },
  { "(;GM[Othello]" START_BO "B[f5]W[z9];)", NOTATION_ERROR_BAD_COLUMN, 90, 1 },
  { "(;GM[Othello]" START_BO "B[f5]W[d];)", NOTATION_ERROR_BAD_ROW, 90, 1 },
  { "(;GM[Othello]" START_BO "B[f5]W[];)", NOTATION_ERROR_EMPTY, 90, 1 },
  { "(;GM[Othello]" START_BO "B[f5]W[d6x];)", NOTATION_ERROR_TRAILING, 90, 1 },
  { "(;GM[Othello]" START_BO "W[f5];)", NOTATION_ERROR_OUT_OF_TURN, 85, 0 },
  { "(;GM[Othello]" START_BO "B[f5]B[d6];)", NOTATION_ERROR_OUT_OF_TURN, 90, 1 },
  { "(;GM[Othello]" START_BO "B[PA];)", NOTATION_ERROR_ILLEGAL_PASS, 85, 0 },
  { "(;GM[Othello]" START_BO "B[f5]W[d6]B[a1];)", NOTATION_ERROR_ILLEGAL_MOVE, 95, 2 },
  /* The board is full: any move, or pass, comes after the end. */
  { "(;GM[Othello]BO[8 ****************************************************************"
    " O]W[PA];)", NOTATION_ERROR_GAME_OVER, 85, 0 },
  { "(;GM[Othello]" START_BO ";) (;", NOTATION_ERROR_TRAILING, 88, 0 },
  /* Game types (TY) and balanced starts (BS). */
  { "(;GM[Othello]TY[10]" START_BO ";)", NOTATION_ERROR_BOARD_SIZE, 13, 0 },
  { "(;GM[Othello]TY[s10r20]" START_BO ";)", NOTATION_ERROR_BOARD_SIZE, 13, 0 },
  { "(;GM[Othello]" START_BO "TY[88];)", NOTATION_ERROR_BOARD_SIZE, 85, 0 },
  { "(;GM[Othello]TY[8x]" START_BO ";)", NOTATION_ERROR_BAD_TYPE, 13, 0 },
  { "(;GM[Othello]TY[8 8]" START_BO ";)", NOTATION_ERROR_BAD_TYPE, 13, 0 },
  { "(;GM[Othello]TY[sr]" START_BO ";)", NOTATION_ERROR_BAD_TYPE, 13, 0 },
  { "(;GM[Othello]TY[]" START_BO ";)", NOTATION_ERROR_BAD_TYPE, 13, 0 },
  { "(;GM[Othello]" START_BO "B[f5]BS[2];)", NOTATION_ERROR_BAD_GIVEN, 90, 1 },
  { "(;GM[Othello]BS[3]" START_BO "B[f5]W[d6];)", NOTATION_ERROR_BAD_GIVEN, 13, 2 },
  { "(;GM[Othello]" START_BO "B[f5]BS[-1];)", NOTATION_ERROR_BAD_GIVEN, 90, 1 },
  { "(;GM[Othello]" START_BO "B[f5]BS[1x];)", NOTATION_ERROR_BAD_GIVEN, 90, 1 },
  { "(;GM[Othello]" START_BO "B[f5]BS[];)", NOTATION_ERROR_BAD_GIVEN, 90, 1 },
  { "(;GM[Othello]" START_BO "B[f5]BS[99999999999999999999999];)", NOTATION_ERROR_BAD_GIVEN, 90, 1 },
};

static void test_malformed_records_refused_with_place (void)
{
  for (size_t k = 0; k < sizeof malformed / sizeof *malformed; k++) {
    const Malformed *m = &malformed[k];
    size_t length = strlen (m->record);
    /* An exact-size heap copy without a NUL, so that reading past the end is caught by ASan. */
    char *copy = malloc (length ? length : 1);
    memcpy (copy, m->record, length);
    NotationGame game;
    NotationStatus status = notation_parse_ggf (copy, length, &game, NULL);
    if (status.error != m->error || status.offset != m->offset || game.n_moves != m->n_moves) {
      fprintf (stderr, "  '%s': got %d (%s) at %zu after %zu moves, expected %d at %zu after %zu\n",
               m->record, status.error, notation_error_message (status.error), status.offset,
               game.n_moves, m->error, m->offset, m->n_moves);
      check_failures++;
    }
    free (copy);
  }
  /* Every error has its own message. */
  for (int e = NOTATION_ERROR_NOT_GGF; e < NOTATION_ERROR_COUNT; e++) {
    const char *message = notation_error_message ((NotationError) e);
    CHECK (message && strlen (message) > 0 && strcmp (message, "unknown error") != 0);
  }
}

/* TY: the board size 8 with GGS's letters, 'a' (anti) making it Reverse; BS: the moves of a
 * balanced start. Both written back, RE staying the standard count for black. */
static void test_types_and_balanced_starts (void)
{
  static const struct {
    const char *type;
    Rules rules;
  } types[] = {
    { "8", RULES_STANDARD }, { " 8 ", RULES_STANDARD }, { "s8r20", RULES_STANDARD },
    { "k8", RULES_STANDARD }, { "8r", RULES_STANDARD }, { "s8", RULES_STANDARD },
    { "8a", RULES_REVERSE }, { "a8", RULES_REVERSE }, { "s8r18a", RULES_REVERSE },
  };
  char record[512];
  NotationGame game;
  for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
    snprintf (record, sizeof record, "(;GM[Othello]TY[%s]" START_BO "B[f5];)", types[k].type);
    NotationStatus status = parse (record, &game);
    if (status.error || game.rules != types[k].rules || game.given_moves != 0) {
      fprintf (stderr, "  TY[%s]: %s, rules %d\n", types[k].type,
               notation_error_message (status.error), game.rules);
      check_failures++;
    }
  }
  /* No TY: standard. */
  CHECK (parse ("(;GM[Othello]" START_BO ";)", &game).error == NOTATION_OK
         && game.rules == RULES_STANDARD && game.given_moves == 0);
  /* BS from 0 to the number of moves, passes counted. */
  CHECK (parse ("(;GM[Othello]BS[2]" START_BO "B[f5]W[d6];)", &game).error == NOTATION_OK
         && game.given_moves == 2);
  CHECK (parse ("(;GM[Othello]" START_BO "B[f5]W[d6]BS[ 0 ];)", &game).error == NOTATION_OK
         && game.given_moves == 0);
  CHECK (parse ("(;GM[Othello]BO[8 " PASS_SQUARES " O]B[h8]BS[2];)", &game).error == NOTATION_OK
         && game.n_moves == 2 && game.given_moves == 2);

  /* A Reverse game from a balanced start, played to the end at random. */
  CheckRandom random = { 0xBA1A2CEDULL };
  for (int k = 0; k < 50; k++) {
    memset (&game, 0, sizeof game);
    position_init (&game.start);
    Position position = game.start;
    while (!board_is_game_over (&position.board)) {
      int move = check_random_move (&random, &position.board);
      position_play (&position, move);
      game.moves[game.n_moves++] = move;
    }
    game.rules = RULES_REVERSE;
    game.given_moves = 8;
    check_round_trip (&game, NULL);
    notation_format_ggf (&game, NULL, record, sizeof record);
    CHECK (strstr (record, "TY[8a]BS[8]BO[8 ") != NULL);
    /* RE is the same for both rules: black's standard disc difference. */
    char reverse_result[16], standard_result[16];
    const char *re = strstr (record, "RE[");
    CHECK (re != NULL);
    snprintf (reverse_result, sizeof reverse_result, "%.*s", re ? (int) strcspn (re, "]") : 0,
              re ? re : "");
    game.rules = RULES_STANDARD;
    game.given_moves = 0;
    check_round_trip (&game, NULL);
    notation_format_ggf (&game, NULL, record, sizeof record);
    CHECK (strstr (record, "TY[8]BO[8 ") != NULL && strstr (record, "BS[") == NULL);
    re = strstr (record, "RE[");
    CHECK (re != NULL);
    snprintf (standard_result, sizeof standard_result, "%.*s", re ? (int) strcspn (re, "]") : 0,
              re ? re : "");
    CHECK (strcmp (reverse_result, standard_result) == 0);
    /* More given moves than the game has: written as all of them. */
    game.given_moves = game.n_moves + 5;
    check_round_trip (&game, NULL);
  }
}

/* The record's bytes beyond `length` are never read. */
static void test_length_is_honoured (void)
{
  const char *record = "(;GM[Othello]" START_BO "B[f5];)";
  char text[256];
  size_t length = strlen (record);
  memcpy (text, record, length);
  memcpy (text + length, "garbage", 8);
  NotationGame game;
  CHECK (notation_parse_ggf (text, length, &game, NULL).error == NOTATION_OK && game.n_moves == 1);
  NotationStatus status = notation_parse_ggf (text, length - 2, &game, NULL);
  CHECK (status.error == NOTATION_ERROR_UNCLOSED && status.offset == length - 2);
  status = notation_parse_ggf (text, length - 3, &game, NULL);
  CHECK (status.error == NOTATION_ERROR_UNCLOSED && status.offset == 85);
}

/* The players' ratings, the place and the date are read as written, and written back. */
static void test_ratings_place_and_date (void)
{
  const char *record = "(;GM[Othello]PC[Paris Open]DT[2003.12.15_13:24:03.MET]PB[Alice Martin]"
                       "PW[Bob Chen]BR[2105]WR[1987.5]TY[8]" START_BO "B[f5]W[d6];)";
  NotationGame game;
  CHECK (parse (record, &game).error == NOTATION_OK);
  CHECK (strcmp (game.black_rating, "2105") == 0 && strcmp (game.white_rating, "1987.5") == 0);
  CHECK (strcmp (game.place, "Paris Open") == 0);
  CHECK (strcmp (game.date, "2003.12.15_13:24:03.MET") == 0);

  char out[1024];
  notation_format_ggf (&game, NULL, out, sizeof out);
  CHECK (strstr (out, "PC[Paris Open]DT[2003.12.15_13:24:03.MET]PB[Alice Martin]PW[Bob Chen]"
                      "BR[2105]WR[1987.5]") != NULL);
  NotationGame again;
  CHECK (parse (out, &again).error == NOTATION_OK);
  CHECK (strcmp (again.place, game.place) == 0 && strcmp (again.date, game.date) == 0);
  CHECK (strcmp (again.black_rating, "2105") == 0 && strcmp (again.white_rating, "1987.5") == 0);

  /* A date given to the writer wins over the game's; absent fields are not written. */
  notation_format_ggf (&game, "2024.01.02", out, sizeof out);
  CHECK (strstr (out, "DT[2024.01.02]") != NULL && strstr (out, "MET") == NULL);
  CHECK (parse ("(;GM[Othello]" START_BO ";)", &game).error == NOTATION_OK);
  CHECK (game.place[0] == '\0' && game.date[0] == '\0' && game.black_rating[0] == '\0');
  notation_format_ggf (&game, NULL, out, sizeof out);
  CHECK (strstr (out, "PC[Verso]") != NULL && strstr (out, "DT[") == NULL && strstr (out, "BR[") == NULL);
  CHECK (game.result[0] == '\0' && strstr (out, "RE[") == NULL);

  /* The result of a game its moves do not end (white resigned) is kept as written. */
  CHECK (parse ("(;GM[Othello]PC[GGS/os]RE[-64.000:r]TY[8]" START_BO "B[f5]W[d6];)", &game).error
         == NOTATION_OK);
  CHECK (strcmp (game.result, "-64.000:r") == 0);
  notation_format_ggf (&game, NULL, out, sizeof out);
  CHECK (strstr (out, "RE[-64.000:r]") != NULL);
}

static bool near (double a, double b)
{
  return a - b < 1e-6 && b - a < 1e-6;
}

static void test_clock_and_move_times_round_trip (void)
{
  /* GGS's own form: five minutes, no increment, two minutes' extension (not kept); each move's
   * seconds after its evaluation, one move without. */
  NotationGame game;
  const char *ggs = NBOARD_HEADER START_BO "B[f5//1.5]W[d6/-0.5/2.25]B[c3];)";
  REQUIRE (parse (ggs, &game).error == NOTATION_OK);
  CHECK (game.clock.known && near (game.clock.main[POSITION_BLACK], 300)
         && near (game.clock.main[POSITION_WHITE], 300) && game.clock.increment[0] == 0);
  CHECK (near (game.clock.move_seconds[0], 1.5) && near (game.clock.move_seconds[1], 2.25)
         && game.clock.move_seconds[2] < 0, "move times %g %g %g", game.clock.move_seconds[0],
         game.clock.move_seconds[1], game.clock.move_seconds[2]);
  char record[1024];
  notation_format_ggf (&game, NULL, record, sizeof record);
  /* The evaluation is kept where given: White's -0.5. */
  CHECK (!game.evals[0].known && game.evals[1].known && near (game.evals[1].discs, -0.5)
         && !game.evals[2].known);
  CHECK (strstr (record, "TI[05:00/0]") && strstr (record, "B[f5//1.50]W[d6/-0.50/2.25]B[c3];)"),
         "written: %s", record);
  NotationGame again;
  REQUIRE (parse (record, &again).error == NOTATION_OK);
  CHECK (again.clock.known && near (again.clock.main[0], 300) && near (again.clock.main[1], 300));
  for (size_t k = 0; k < 3; k++)
    CHECK (near (again.clock.move_seconds[k], game.clock.move_seconds[k])
           && again.evals[k].known == game.evals[k].known && near (again.evals[k].discs, game.evals[k].discs),
           "move %zu", k);
  CHECK (near (again.clock.used[POSITION_BLACK], 1.5) && near (again.clock.used[POSITION_WHITE], 2.25));

  /* Other controls: an increment, a fraction, an hour, a clock for each colour. */
  struct { double main[2], increment[2]; const char *written; } clocks[] = {
    { { 60, 60 }, { 2, 2 }, "TI[01:00/2]" },
    { { 30.5, 30.5 }, { 0.5, 0.5 }, "TI[00:30.5/0.5]" },
    { { 3600, 3600 }, { 0, 0 }, "TI[1:00:00/0]" },
    { { 300, 60 }, { 0, 5 }, "TB[05:00/0]TW[01:00/5]" },
  };
  for (size_t c = 0; c < sizeof clocks / sizeof clocks[0]; c++) {
    game.clock.known = true;
    for (int colour = 0; colour < 2; colour++) {
      game.clock.main[colour] = clocks[c].main[colour];
      game.clock.increment[colour] = clocks[c].increment[colour];
    }
    notation_format_ggf (&game, NULL, record, sizeof record);
    CHECK (strstr (record, clocks[c].written) != NULL, "wrote %s, not %s", record,
           clocks[c].written);
    REQUIRE (parse (record, &again).error == NOTATION_OK);
    for (int colour = 0; colour < 2; colour++)
      CHECK (near (again.clock.main[colour], clocks[c].main[colour])
             && near (again.clock.increment[colour], clocks[c].increment[colour]),
             "%s read back as %g/%g", clocks[c].written, again.clock.main[colour],
             again.clock.increment[colour]);
  }

  /* No clock, no TI and no times, whatever the moves' times say; the evaluation stays. */
  game.clock.known = false;
  notation_format_ggf (&game, NULL, record, sizeof record);
  CHECK (!strstr (record, "TI[") && !strstr (record, "//") && strstr (record, "B[f5]W[d6/-0.50]B[c3];)"),
         "wrote %s", record);

  /* Tolerated when read: damaged times are no time, damaged evaluations none, never an error. */
  const char *damaged = NBOARD_HEADER START_BO "B[f5/x/x]W[d6/65/-3]B[c3/1e99/1e99];)";
  REQUIRE (parse (damaged, &again).error == NOTATION_OK);
  CHECK (again.clock.move_seconds[0] < 0 && again.clock.move_seconds[1] < 0
         && again.clock.move_seconds[2] < 0);
  CHECK (!again.evals[0].known && !again.evals[1].known && !again.evals[2].known);
}

int main (void)
{
  check_run ("nboard_record", test_nboard_record);
  check_run ("tolerated_forms", test_tolerated_forms);
  check_run ("passes_written_or_left_out", test_passes_written_or_left_out);
  check_run ("several_games_a_file", test_several_games_a_file);
  check_run ("writer_round_trips", test_writer_round_trips);
  check_run ("malformed_records_refused_with_place", test_malformed_records_refused_with_place);
  check_run ("types_and_balanced_starts", test_types_and_balanced_starts);
  check_run ("length_is_honoured", test_length_is_honoured);
  check_run ("ratings_place_and_date", test_ratings_place_and_date);
  check_run ("clock_and_move_times_round_trip", test_clock_and_move_times_round_trip);
  return check_finish ();
}
