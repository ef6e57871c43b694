/* diagram.c: `verso-engine diagram`, a picture of a position written to a PNG or SVG file
 * (src/diagram), with the coordinates, the side to move, optional move numbers and a caption. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "diagram.h"
#include "notation.h"
#include "options.h"

#define DIAGRAM_USAGE "usage: diagram [BOARD] -o FILE.png|FILE.svg [--size N] [--caption TEXT] " \
                      "[--numbers MOVES] [--no-coordinates]"

typedef struct DiagramOptions {
  const char *output;
  const char *caption;
  const char *numbers;  /* a transcript played from BOARD, its moves numbered on the discs */
  int size;
  bool no_coordinates;
  char board[1024];     /* BOARD's words joined by spaces; "" for the standard start */
} DiagramOptions;

/* The value after option i, or NULL (after saying so) when there is none. */
static const char *diagram_value (int argc, char **argv, int *i, const char *what)
{
  if (*i + 1 >= argc) {
    cli_error ("diagram: %s needs %s (%s)", argv[*i], what, DIAGRAM_USAGE);
    return NULL;
  }
  return argv[++*i];
}

static bool diagram_add_word (DiagramOptions *options, const char *word)
{
  size_t used = strlen (options->board), length = strlen (word);
  if (used + length + 2 > sizeof options->board) {
    cli_error ("diagram: BOARD is too long");
    return false;
  }
  if (used)
    options->board[used++] = ' ';
  memcpy (options->board + used, word, length + 1);
  return true;
}

static bool diagram_option (DiagramOptions *options, int argc, char **argv, int *i)
{
  const char *arg = argv[*i];
  if (strcmp (arg, "-o") == 0 || strcmp (arg, "--output") == 0)
    return (options->output = diagram_value (argc, argv, i, "a file name ending in .png or .svg"));
  if (strcmp (arg, "--caption") == 0)
    return (options->caption = diagram_value (argc, argv, i, "a text"));
  if (strcmp (arg, "--numbers") == 0)
    return (options->numbers = diagram_value (argc, argv, i, "moves such as f5d6c3"));
  if (strcmp (arg, "--no-coordinates") == 0)
    return (options->no_coordinates = true);
  if (strcmp (arg, "--size") == 0) {
    const char *value = diagram_value (argc, argv, i, "a width in pixels");
    if (value && !option_parse_int (value, DIAGRAM_MIN_SIZE, DIAGRAM_MAX_SIZE, &options->size)) {
      cli_error ("diagram: --size needs a width in pixels from %d to %d, not '%s'",
                 DIAGRAM_MIN_SIZE, DIAGRAM_MAX_SIZE, value);
      return false;
    }
    return value;
  }
  /* (A board's 64 squares may start with "--" too.) */
  if (arg[0] == '-' && strlen (arg) < 64) {
    cli_error ("diagram: unknown option '%s' (%s)", arg, DIAGRAM_USAGE);
    return false;
  }
  return diagram_add_word (options, arg);
}

/* BOARD (a board string or an OBF line; the standard start when none), then the moves to number. */
static bool diagram_position (const DiagramOptions *options, Diagram *diagram)
{
  Position position;
  position_init (&position);
  if (options->board[0]) {
    NotationObf obf;
    NotationStatus status = notation_parse_obf (options->board, strlen (options->board), &obf);
    if (status.error != NOTATION_OK) {
      cli_error ("diagram: bad board at character %zu of '%s': %s", status.offset + 1,
                 options->board, notation_error_message (status.error));
      return false;
    }
    position = obf.position;
  }
  int moves[120];
  size_t n_moves = 0;
  if (options->numbers) {
    NotationStatus status = notation_parse_transcript (options->numbers, strlen (options->numbers),
                                                       &position, moves, 120, &n_moves);
    if (status.error != NOTATION_OK) {
      cli_error ("diagram: bad move at character %zu of --numbers '%s': %s", status.offset + 1,
                 options->numbers, notation_error_message (status.error));
      return false;
    }
  }
  diagram_init (diagram, &position);
  diagram_number_moves (diagram, moves, n_moves);
  diagram->coordinates = !options->no_coordinates;
  diagram->caption = options->caption;
  return true;
}

int cli_diagram (int argc, char **argv)
{
  DiagramOptions options = { .size = DIAGRAM_DEFAULT_SIZE };
  if (argc == 2 && strcmp (argv[1], "--help") == 0) {
    printf ("%s\n", DIAGRAM_USAGE);
    return 0;
  }
  for (int i = 1; i < argc; i++)
    if (!diagram_option (&options, argc, argv, &i))
      return 2;
  if (!options.output) {
    cli_error ("diagram: missing -o FILE (%s)", DIAGRAM_USAGE);
    return 2;
  }
  DiagramFormat format = diagram_format_for_path (options.output);
  if (format == DIAGRAM_FORMAT_UNKNOWN) {
    cli_error ("diagram: '%s' does not end in .png or .svg: which format to write is told by the "
               "extension", options.output);
    return 2;
  }
  Diagram diagram;
  if (!diagram_position (&options, &diagram))
    return 2;
  char error[512];
  if (!diagram_write_file (&diagram, options.output, format, options.size, error, sizeof error)) {
    cli_error ("diagram: %s", error);
    return 2;
  }
  printf ("%s: %d x %d\n", options.output, options.size, diagram_height (&diagram, options.size));
  return 0;
}
