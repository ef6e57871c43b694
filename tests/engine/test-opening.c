/* test-opening.c: the table of named openings: every line of data/openings.txt is legal and found
 * by its own moves and its symmetric forms, transpositions are found, a game that leaves the book
 * keeps its last name, a set-up start has none, each line is handed back with its moves, and
 * malformed tables are refused with the line. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "random-game.h"
#include "opening.h"

typedef struct Line {
  int moves[NOTATION_MAX_MOVES];
  size_t n_moves;
  char name[128];
  Board end;
} Line;

/* The table's lines as this test reads them itself: moves, name and final position. */
static size_t read_lines (Line *lines, size_t capacity)
{
  size_t count = 0;
  const char *text = opening_table_text, *stop = text + opening_table_text_length;
  while (text < stop) {
    const char *newline = memchr (text, '\n', (size_t) (stop - text));
    const char *end = newline ? newline : stop;
    if (text < end && *text != '#' && count < capacity) {
      Line *line = &lines[count];
      size_t moves_length = strcspn (text, " \t");
      Position position;
      position_init (&position);
      NotationStatus status = notation_parse_transcript (text, moves_length, &position,
                                                         line->moves, NOTATION_MAX_MOVES,
                                                         &line->n_moves);
      CHECK (status.error == NOTATION_OK && line->n_moves > 0);
      if (status.error)
        fprintf (stderr, "  '%.*s': %s at %zu\n", (int) (end - text), text,
                 notation_error_message (status.error), status.offset);
      const char *name = text + moves_length;
      while (*name == ' ' || *name == '\t')
        name++;
      snprintf (line->name, sizeof line->name, "%.*s", (int) (end - name), name);
      line->end = position.board;
      count++;
    }
    text = end + 1;
  }
  return count;
}

/* The name the table should give a game ending where `line` ends: the first listed line that
 * ends in the same position (up to symmetry) after as many moves. */
static const char *expected_name (const Line *lines, size_t count, const Line *line)
{
  Board canonical = board_canonical (&line->end);
  for (size_t k = 0; k < count; k++) {
    Board other = board_canonical (&lines[k].end);
    if (lines[k].n_moves == line->n_moves && board_equal (&other, &canonical))
      return lines[k].name;
  }
  return NULL;
}

static const char *name_of (const OpeningTable *table, const char *transcript)
{
  Position start, position;
  position_init (&start);
  position = start;
  int moves[NOTATION_MAX_MOVES];
  size_t n = 0;
  NotationStatus status = notation_parse_transcript (transcript, strlen (transcript), &position,
                                                     moves, NOTATION_MAX_MOVES, &n);
  CHECK (status.error == NOTATION_OK);
  return opening_table_name (table, &start, moves, n);
}

static bool is_name (const char *name, const char *expected)
{
  bool same = name && expected && strcmp (name, expected) == 0;
  if (!same)
    fprintf (stderr, "  name '%s', expected '%s'\n", name ? name : "(none)",
             expected ? expected : "(none)");
  return same;
}

static void test_every_line_found_in_every_symmetry (void)
{
  static Line lines[256];
  size_t count = read_lines (lines, 256);
  NotationStatus status;
  size_t error_line;
  OpeningTable *table = opening_table_parse (opening_table_text, opening_table_text_length,
                                             &status, &error_line);
  CHECK (table != NULL);
  if (!table) {
    fprintf (stderr, "  data/openings.txt line %zu: %s\n", error_line,
             notation_error_message (status.error));
    return;
  }
  CHECK (count >= 80 && opening_table_count (table) == count);

  /* The symmetries that keep the standard start: f5 becomes f5, d3, c4 or e6. */
  Position start;
  position_init (&start);
  int keeping[8], n_keeping = 0;
  for (int symmetry = 0; symmetry < 8; symmetry++)
    if (board_bits_symmetry (start.board.player, symmetry) == start.board.player
        && board_bits_symmetry (start.board.opponent, symmetry) == start.board.opponent)
      keeping[n_keeping++] = symmetry;
  CHECK (n_keeping == 4);

  int renamed = 0;
  for (size_t k = 0; k < count; k++) {
    /* The table hands each line back as written, for the opening trainer's list. */
    const int *line_moves;
    size_t n_line_moves;
    CHECK (strcmp (opening_table_line (table, k, &line_moves, &n_line_moves), lines[k].name) == 0);
    CHECK (n_line_moves == lines[k].n_moves
           && memcmp (line_moves, lines[k].moves, n_line_moves * sizeof *line_moves) == 0);
    const char *expected = expected_name (lines, count, &lines[k]);
    renamed += strcmp (expected, lines[k].name) != 0;
    bool first_moves[4] = { false };
    for (int s = 0; s < n_keeping; s++) {
      int moves[NOTATION_MAX_MOVES];
      for (size_t m = 0; m < lines[k].n_moves; m++)
        moves[m] = board_square_symmetry (lines[k].moves[m], keeping[s]);
      char transcript[2 * NOTATION_MAX_MOVES + 1];
      notation_format_transcript (moves, lines[k].n_moves, true, transcript, sizeof transcript);
      const char *name = name_of (table, transcript);
      CHECK (is_name (name, expected));
      const char *first[] = { "f5", "d3", "c4", "e6" };
      for (int f = 0; f < 4; f++)
        first_moves[f] |= strncmp (transcript, first[f], 2) == 0;
    }
    CHECK (first_moves[0] && first_moves[1] && first_moves[2] && first_moves[3]);
  }
  /* No two lines of the table end in the same place. */
  CHECK (renamed == 0);
  opening_table_free (table);
}

static void test_transpositions_and_leaving_the_book (void)
{
  OpeningTable *table = opening_table_parse (opening_table_text, opening_table_text_length,
                                             NULL, NULL);
  CHECK (table != NULL);
  if (!table)
    return;
  /* The Tiger's moves in another order reach its position. */
  Position tiger, other;
  position_init (&tiger);
  position_init (&other);
  int moves[NOTATION_MAX_MOVES];
  size_t n;
  CHECK (!notation_parse_transcript ("f5d6c3d3c4", 10, &tiger, moves, 60, &n).error);
  CHECK (!notation_parse_transcript ("f5d6c4d3c3", 10, &other, moves, 60, &n).error);
  CHECK (board_equal (&tiger.board, &other.board));
  CHECK (is_name (name_of (table, "f5d6c4d3c3"), "Tiger"));
  CHECK (is_name (name_of (table, "d3c5e6f5f6"), "Tiger"));

  /* Along the moves: the last named position counts, also when the game goes on past it. */
  CHECK (name_of (table, "") == NULL);
  CHECK (name_of (table, "f5") == NULL);
  CHECK (is_name (name_of (table, "f5d6"), "Perpendicular"));
  CHECK (is_name (name_of (table, "f5d6c3"), "Perpendicular"));
  CHECK (is_name (name_of (table, "f5d6c3d3c4f4c5b3c2"), "Rose-Bill"));
  CHECK (is_name (name_of (table, "f5d6c3d3c4f4c5b3c2e3"), "Nicolet"));
  CHECK (is_name (name_of (table, "f5d6c3d3c4f4c5b3c2e3d2"), "Nicolet"));
  const char *mainline = "f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3";
  CHECK (is_name (name_of (table, mainline), "Mainline Tiger"));
  /* A seeded random game from the Mainline Tiger: still that name at each move after it. */
  Position start, position;
  position_init (&start);
  position = start;
  CHECK (!notation_parse_transcript (mainline, strlen (mainline), &position, moves, 128, &n).error);
  CheckRandom random = { 0x5EED0917ULL };
  while (!board_is_game_over (&position.board)) {
    int move = check_random_move (&random, &position.board);
    CHECK (position_play (&position, move));
    moves[n++] = move;
    CHECK (is_name (opening_table_name (table, &start, moves, n), "Mainline Tiger"));
  }

  /* From a set-up start there is no opening, even one equal to a named line's start. */
  Position setup = position_from_discs (0x0000000810000000ULL | 0x1ULL, 0x0000001008000000ULL,
                                        POSITION_BLACK);
  int perpendicular[2] = { board_square (5, 4), board_square (3, 5) };
  CHECK (opening_table_name (table, &setup, perpendicular, 2) == NULL);
  Position white_first = start;
  white_first.side_to_move = POSITION_WHITE;
  CHECK (opening_table_name (table, &white_first, perpendicular, 0) == NULL);
  opening_table_free (table);
}

typedef struct BadTable {
  const char *text;
  NotationError error;
  size_t line;
  size_t offset; /* in the whole text */
} BadTable;

static const BadTable bad_tables[] = {
  { "f5d6  Perpendicular\nf5z9  Bad\n", NOTATION_ERROR_BAD_COLUMN, 2, 22 },
  { "# moves only\nf5d6\n", NOTATION_ERROR_EMPTY, 2, 17 },
  { "f5d6 \t \r\n", NOTATION_ERROR_EMPTY, 1, 8 },
  { "\n\n  f5f5 Twice", NOTATION_ERROR_ILLEGAL_MOVE, 3, 6 },
  { "1. Numbered", NOTATION_ERROR_EMPTY, 1, 0 },
  { "f5d6 A\nf5d6c3d3c4 Tiger\nd4 B", NOTATION_ERROR_ILLEGAL_MOVE, 3, 24 },
  { "f5PA Pass", NOTATION_ERROR_ILLEGAL_PASS, 1, 2 },
};

static void test_tables_read_and_refused (void)
{
  for (size_t k = 0; k < sizeof bad_tables / sizeof *bad_tables; k++) {
    const BadTable *bad = &bad_tables[k];
    size_t length = strlen (bad->text);
    char *copy = malloc (length);
    memcpy (copy, bad->text, length);
    NotationStatus status;
    size_t line = 0;
    OpeningTable *table = opening_table_parse (copy, length, &status, &line);
    CHECK (table == NULL);
    if (table || status.error != bad->error || line != bad->line || status.offset != bad->offset) {
      fprintf (stderr, "  '%s': error %d (%s) line %zu offset %zu, expected %d line %zu at %zu\n",
               bad->text, status.error, notation_error_message (status.error), line,
               status.offset, bad->error, bad->line, bad->offset);
      check_failures++;
    }
    opening_table_free (table);
    free (copy);
  }

  /* Comments, blank lines, CRLF ends, tabs and names with spaces; no final newline needed. */
  const char *text = "# openings\r\n\r\n  f5d6\tThe Perpendicular  \r\nf5f6 Diagonal";
  NotationStatus status;
  OpeningTable *table = opening_table_parse (text, strlen (text), &status, NULL);
  CHECK (table && status.error == NOTATION_OK && opening_table_count (table) == 2);
  if (table) {
    CHECK (is_name (name_of (table, "f5d6"), "The Perpendicular"));
    CHECK (is_name (name_of (table, "e6f6"), "Diagonal"));
    CHECK (name_of (table, "f5f4") == NULL);
  }
  opening_table_free (table);
  table = opening_table_parse ("", 0, &status, NULL);
  CHECK (table && opening_table_count (table) == 0 && name_of (table, "f5d6") == NULL);
  opening_table_free (table);
  /* The embedded text ends with a NUL it does not count. */
  CHECK (opening_table_text_length > 0 && opening_table_text[opening_table_text_length] == '\0');
}

int main (void)
{
  check_run ("every_line_found_in_every_symmetry", test_every_line_found_in_every_symmetry);
  check_run ("transpositions_and_leaving_the_book", test_transpositions_and_leaving_the_book);
  check_run ("tables_read_and_refused", test_tables_read_and_refused);
  return check_finish ();
}
