/* diagram.h: a picture of one position, as books and forums print it: the board in its classic
 * colours, coordinates a-h and 1-8 around it, the side to move in the bottom right corner,
 * optional move numbers on the discs and a caption below. One drawing onto any cairo_t, and
 * writers to PNG and SVG files (each written atomically: a temporary file, then renamed). Used by
 * `verso-engine diagram` and the window's Export Position and Copy as Image. Cairo and the
 * engine's core only: no GTK. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include <cairo.h>

#include "position.h"

typedef struct Diagram {
  Position position;
  bool show_side_to_move;     /* false once the game is over: nobody is to move */
  bool coordinates;           /* the letters a-h above the board and the digits 1-8 beside it */
  unsigned char numbers[64];  /* a move number to write on each square's disc; 0: none */
  const char *caption;        /* a line of text below the board; NULL or "": none */
} Diagram;

typedef enum DiagramFormat {
  DIAGRAM_FORMAT_UNKNOWN,
  DIAGRAM_FORMAT_PNG,
  DIAGRAM_FORMAT_SVG,
} DiagramFormat;

/* Sizes in pixels, the width of the whole picture (PNG and SVG alike). */
#define DIAGRAM_MIN_SIZE 64
#define DIAGRAM_MAX_SIZE 4096
#define DIAGRAM_DEFAULT_SIZE 480

/* A diagram of position with coordinates, no numbers and no caption; the side to move is shown
 * unless the game is over. */
void diagram_init (Diagram *diagram, const Position *position);

/* Numbers the squares of moves[0 .. n_moves) with their plies 1, 2, 3 ... in order, as the
 * window's board numbers its discs: a pass writes nothing but is counted; a square played twice
 * keeps its last number. Numbers above 255 are not written. */
void diagram_number_moves (Diagram *diagram, const int *moves, size_t n_moves);

/* The height of the picture drawn `width` wide: the width, plus a band when there is a caption. */
int diagram_height (const Diagram *diagram, int width);

/* Draws the whole picture with its top left corner at the origin of cr, `width` wide. */
void diagram_draw (const Diagram *diagram, cairo_t *cr, int width);

/* The format that a file's name asks for by its extension (.png or .svg, either case). */
DiagramFormat diagram_format_for_path (const char *path);

/* Writes the picture to path in format, `width` wide, replacing the file only once the whole
 * picture is written; an SVG carries the caption as its <title> too. Returns true, or false after writing what went wrong, naming the path, into
 * error (a NUL-terminated English sentence of at most error_size bytes). */
bool diagram_write_file (const Diagram *diagram, const char *path, DiagramFormat format, int width,
                         char *error, size_t error_size);

/* The picture as PNG bytes in a malloc'd buffer (*length bytes), for a clipboard; NULL when out of
 * memory. */
unsigned char *diagram_render_png (const Diagram *diagram, int width, size_t *length);
