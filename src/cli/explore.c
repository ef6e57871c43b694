/* explore.c: `verso-engine explore`, the tournament database's table for a position (database.h):
 * every move strong players chose, how many games, Black's average final disc difference, Black's
 * win/draw/loss shares, the named opening the move leads to and the book's value of it. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "book.h"
#include "cli.h"
#include "database.h"
#include "notation.h"
#include "opening.h"
#include "read-file.h"

#define EXPLORE_USAGE "explore [--database FILE] BOARD|MOVES"

/* The database of FILE, or the compiled-in one; NULL after saying why. */
static Database *explore_read_database (const char *path)
{
  char error[200];
  size_t size;
  uint8_t *bytes = read_file_whole (path, SIZE_MAX, &size, error, sizeof error);
  if (!bytes) {
    cli_error ("explore: cannot read the database %s: %s", path, error);
    return NULL;
  }
  Database *database = database_decode (bytes, size, error, sizeof error);
  free (bytes);
  if (!database)
    cli_error ("explore: %s: %s", path, error);
  return database;
}

/* The opening's name after move, or "". */
static const char *explore_opening (const OpeningTable *openings, const Position *position,
                                    int move)
{
  Position after = *position;
  if (!openings || !position_play (&after, move))
    return "";
  const char *name = opening_table_name_at (openings, &after);
  return name ? name : "";
}

/* The book's value of move in Black's discs, written into out, or "--" when not a book move. */
static void explore_book_value (const BookMove *book, int n_book, int move, bool black,
                                char out[12])
{
  snprintf (out, 12, "--");
  for (int i = 0; i < n_book; i++)
    if (book[i].move == move)
      snprintf (out, 12, "%+d", black ? book[i].score : -book[i].score);
}

static void explore_print (const Database *database, const Position *position)
{
  DatabaseRow rows[BOARD_SQUARES];
  int count = database_moves (database, position, rows);
  BookMove book[BOARD_SQUARES];
  int n_book = book_lookup (&position->board, book);
  OpeningTable *openings = opening_table_parse (opening_table_text, opening_table_text_length,
                                                NULL, NULL);
  printf ("%s to move, %d empties: %d move%s in %u games\n",
          position->side_to_move == POSITION_BLACK ? "black" : "white",
          board_empties (&position->board), count, count == 1 ? "" : "s",
          database_games (database));
  if (count == 0)
    printf ("no games reach this position\n");
  else
    printf ("move   games  average  win%%  draw%%  loss%%  book  lines  opening   (Black's view)\n");
  for (int i = 0; i < count; i++) {
    const DatabaseCounts *c = &rows[i].counts;
    char name[3], value[12];
    notation_format_square (rows[i].move, name);
    if (rows[i].same_as >= 0) {
      char same[3];
      notation_format_square (rows[i].same_as, same);
      printf ("%-4s the games of %s (the same position, turned or mirrored)\n", name, same);
      continue;
    }
    explore_book_value (book, n_book, rows[i].move, position->side_to_move == POSITION_BLACK,
                        value);
    uint32_t losses = c->games - c->wins - c->draws;
    const char *opening = explore_opening (openings, position, rows[i].move);
    /* The lines to learn to play the move to the book's end (umigame), "--" off the book. */
    char lines[24] = "--";
    int64_t to_learn = book_lines_to_learn (book_compiled (), &position->board, rows[i].move);
    if (to_learn >= 0)
      snprintf (lines, sizeof lines, "%lld", (long long) to_learn);
    printf ("%-4s %7u  %+7.2f  %4.1f  %5.1f  %5.1f  %4s  %5s%s%s\n", name, c->games,
            (double) c->disc_sum / c->games, 100.0 * c->wins / c->games,
            100.0 * c->draws / c->games, 100.0 * losses / c->games, value, lines,
            *opening ? "  " : "", opening);
  }
  opening_table_free (openings);
}

/* Reads the options and joins the words of BOARD ("-...- X" may come as two arguments); a board's
 * 64 squares may start with "--" too, so only a short word is taken for an option. */
static int explore_parse_arguments (int argc, char **argv, const char **path, char *target,
                                    size_t size)
{
  size_t used = 0;
  target[0] = '\0';
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    size_t length = strlen (arg);
    if (strcmp (arg, "--help") == 0) {
      printf ("usage: %s\n", EXPLORE_USAGE);
      return -1;
    } else if (strcmp (arg, "--database") == 0) {
      if (i + 1 >= argc) {
        cli_error ("explore: --database needs a file (%s)", EXPLORE_USAGE);
        return 2;
      }
      *path = argv[++i];
    } else if (arg[0] == '-' && arg[1] == '-' && length < 64) {
      cli_error ("explore: unknown option '%s' (%s)", arg, EXPLORE_USAGE);
      return 2;
    } else if (used + length + 2 > size) {
      cli_error ("explore: BOARD is too long");
      return 2;
    } else {
      if (used)
        target[used++] = ' ';
      memcpy (target + used, arg, length + 1);
      used += length;
    }
  }
  if (!used) {
    cli_error ("explore: missing BOARD or MOVES (%s)", EXPLORE_USAGE);
    return 2;
  }
  return 0;
}

int cli_explore (int argc, char **argv)
{
  const char *path = NULL;
  char target[1024];
  int status = explore_parse_arguments (argc, argv, &path, target, sizeof target);
  if (status)
    return status < 0 ? 0 : status;
  Position position;
  status = cli_parse_position ("explore", target, &position);
  if (status)
    return status;
  Database *own = path ? explore_read_database (path) : NULL;
  const Database *database = path ? own : database_compiled ();
  if (!database) {
    if (!path)
      cli_error ("explore: %s", database_error ());
    return 2;
  }
  explore_print (database, &position);
  database_free (own);
  return 0;
}
