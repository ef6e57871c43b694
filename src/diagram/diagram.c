/* diagram.c: draws a position as a diagram with Cairo (diagram.h), in the board's classic colours
 * (verso-board-theme.c, the table the window draws with too), and writes it to PNG or SVG files. */
#define _GNU_SOURCE  /* memmem */
#include "diagram.h"

#include <cairo-svg.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "verso-board-theme.h"

/* The picture's proportions, as fractions of its width or of a square. */
#define FRAME_SHARE 0.07        /* the frame around the squares, where the coordinates are */
#define CAPTION_SHARE 0.09      /* the band below the frame that holds the caption */
#define DISC_RADIUS 0.42        /* of a square */
#define NUMBER_SIZE 0.40        /* the move numbers' text, of a square */
#define LABEL_SIZE 0.55         /* the coordinates' text, of the frame */
#define MARKER_RADIUS 0.30      /* the side-to-move disc, of the frame */

typedef struct Geometry {
  double frame;  /* the frame's width */
  double cell;   /* one square's side */
} Geometry;

static const VersoBoardTheme *diagram_theme (void)
{
  return verso_board_theme_find ("classic");
}

void diagram_init (Diagram *diagram, const Position *position)
{
  memset (diagram, 0, sizeof *diagram);
  diagram->position = *position;
  diagram->coordinates = true;
  diagram->show_side_to_move = !board_is_game_over (&position->board);
}

void diagram_number_moves (Diagram *diagram, const int *moves, size_t n_moves)
{
  for (size_t i = 0; i < n_moves; i++)
    if (moves[i] >= 0 && moves[i] < 64)
      diagram->numbers[moves[i]] = i < 255 ? (unsigned char) (i + 1) : 0;
}

static bool diagram_has_caption (const Diagram *diagram)
{
  return diagram->caption && diagram->caption[0];
}

int diagram_height (const Diagram *diagram, int width)
{
  return width + (diagram_has_caption (diagram) ? (int) lround (width * CAPTION_SHARE) : 0);
}

static Geometry diagram_geometry (int width)
{
  Geometry g;
  g.frame = width * FRAME_SHARE;
  g.cell = (width - 2 * g.frame) / 8;
  return g;
}

static void set_color (cairo_t *cr, const VersoBoardColor *color)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
}

/* Text centred on (x, y) by its ink, in the current font and colour. */
static void show_centred (cairo_t *cr, const char *text, double x, double y)
{
  cairo_text_extents_t extents;
  cairo_text_extents (cr, text, &extents);
  cairo_move_to (cr, x - extents.x_bearing - extents.width / 2,
                 y - extents.y_bearing - extents.height / 2);
  cairo_show_text (cr, text);
}

static void draw_board (cairo_t *cr, const Geometry *g, int width)
{
  const VersoBoardTheme *theme = diagram_theme ();
  double side = 8 * g->cell;

  set_color (cr, &theme->frame);
  cairo_rectangle (cr, 0, 0, width, width);
  cairo_fill (cr);
  set_color (cr, &theme->squares);
  cairo_rectangle (cr, g->frame, g->frame, side, side);
  cairo_fill (cr);
  set_color (cr, &theme->lines);
  cairo_set_line_width (cr, fmax (g->cell / 40, 1));
  for (int i = 0; i <= 8; i++) {
    cairo_move_to (cr, g->frame + i * g->cell, g->frame);
    cairo_rel_line_to (cr, 0, side);
    cairo_move_to (cr, g->frame, g->frame + i * g->cell);
    cairo_rel_line_to (cr, side, 0);
  }
  cairo_stroke (cr);
  /* The four dots that mark the corners of the centre sixteen squares. */
  for (int i = 0; i < 4; i++) {
    cairo_arc (cr, g->frame + (i % 2 ? 6 : 2) * g->cell, g->frame + (i / 2 ? 6 : 2) * g->cell,
               fmax (g->cell / 16, 1.5), 0, 2 * M_PI);
    cairo_fill (cr);
  }
}

static void draw_coordinates (cairo_t *cr, const Geometry *g)
{
  char label[2] = "";
  set_color (cr, &diagram_theme ()->labels);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, g->frame * LABEL_SIZE);
  for (int i = 0; i < 8; i++) {
    double middle = g->frame + (i + 0.5) * g->cell;
    label[0] = (char) ('a' + i);
    show_centred (cr, label, middle, g->frame / 2);
    label[0] = (char) ('1' + i);
    show_centred (cr, label, g->frame / 2, middle);
  }
}

/* A disc shaded as the window draws it: a highlight towards the top left, a thin outline. */
static void draw_disc (cairo_t *cr, double x, double y, double r, int color)
{
  const VersoBoardTheme *theme = diagram_theme ();
  const VersoBoardDisc *disc = color == POSITION_BLACK ? &theme->black : &theme->white;
  cairo_pattern_t *shine = cairo_pattern_create_radial (x - r * 0.35, y - r * 0.35, r * 0.05,
                                                        x, y, r);
  cairo_pattern_add_color_stop_rgba (shine, 0, disc->shine.red, disc->shine.green,
                                     disc->shine.blue, disc->shine.alpha);
  cairo_pattern_add_color_stop_rgba (shine, 1, disc->edge.red, disc->edge.green,
                                     disc->edge.blue, disc->edge.alpha);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x, y, r, 0, 2 * M_PI);
  cairo_set_source (cr, shine);
  cairo_pattern_destroy (shine);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, fmax (r * 0.04, 1));
  set_color (cr, &disc->outline);
  cairo_stroke (cr);
}

/* The number in the colour of the other side's disc, so that it stands out on this one. */
static void draw_number (cairo_t *cr, const Geometry *g, double x, double y, int number, int color)
{
  const VersoBoardTheme *theme = diagram_theme ();
  char text[4];
  snprintf (text, sizeof text, "%d", number);
  set_color (cr, color == POSITION_BLACK ? &theme->white.shine : &theme->black.edge);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, g->cell * NUMBER_SIZE);
  show_centred (cr, text, x, y);
}

static void draw_discs (const Diagram *diagram, cairo_t *cr, const Geometry *g)
{
  uint64_t black = position_black (&diagram->position);
  uint64_t white = position_white (&diagram->position);
  for (int square = 0; square < 64; square++) {
    uint64_t bit = UINT64_C (1) << square;
    if (!((black | white) & bit))
      continue;
    int color = black & bit ? POSITION_BLACK : POSITION_WHITE;
    double x = g->frame + (square % 8 + 0.5) * g->cell, y = g->frame + (square / 8 + 0.5) * g->cell;
    draw_disc (cr, x, y, g->cell * DISC_RADIUS, color);
    if (diagram->numbers[square])
      draw_number (cr, g, x, y, diagram->numbers[square], color);
  }
}

/* A flat disc of the side to move in the frame's bottom right corner, ringed in the labels'
 * colour so that either colour shows on the frame. */
static void draw_side_to_move (const Diagram *diagram, cairo_t *cr, const Geometry *g, int width)
{
  const VersoBoardTheme *theme = diagram_theme ();
  bool black = diagram->position.side_to_move == POSITION_BLACK;
  double centre = width - g->frame / 2, r = g->frame * MARKER_RADIUS;
  cairo_new_sub_path (cr);
  cairo_arc (cr, centre, centre, r, 0, 2 * M_PI);
  set_color (cr, black ? &theme->black.edge : &theme->white.shine);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, fmax (r * 0.15, 1));
  set_color (cr, &theme->labels);
  cairo_stroke (cr);
}

static void draw_caption (const Diagram *diagram, cairo_t *cr, int width)
{
  const VersoBoardTheme *theme = diagram_theme ();
  double band = diagram_height (diagram, width) - width;
  set_color (cr, &theme->frame);
  cairo_rectangle (cr, 0, width, width, band);
  cairo_fill (cr);
  set_color (cr, &theme->labels);
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, band * 0.5);
  /* A caption wider than the picture is shrunk to fit. */
  cairo_text_extents_t extents;
  cairo_text_extents (cr, diagram->caption, &extents);
  if (extents.x_advance > width * 0.94)
    cairo_set_font_size (cr, band * 0.5 * width * 0.94 / extents.x_advance);
  show_centred (cr, diagram->caption, width / 2.0, width + band * 0.4);
}

void diagram_draw (const Diagram *diagram, cairo_t *cr, int width)
{
  Geometry g = diagram_geometry (width);
  cairo_save (cr);
  draw_board (cr, &g, width);
  if (diagram->coordinates)
    draw_coordinates (cr, &g);
  draw_discs (diagram, cr, &g);
  if (diagram->show_side_to_move)
    draw_side_to_move (diagram, cr, &g, width);
  if (diagram_has_caption (diagram))
    draw_caption (diagram, cr, width);
  cairo_restore (cr);
}

DiagramFormat diagram_format_for_path (const char *path)
{
  const char *dot = strrchr (path, '.');
  if (!dot || strchr (dot, '/'))
    return DIAGRAM_FORMAT_UNKNOWN;
  if (strcasecmp (dot, ".png") == 0)
    return DIAGRAM_FORMAT_PNG;
  if (strcasecmp (dot, ".svg") == 0)
    return DIAGRAM_FORMAT_SVG;
  return DIAGRAM_FORMAT_UNKNOWN;
}

static cairo_status_t write_to_file (void *closure, const unsigned char *data, unsigned int length)
{
  return fwrite (data, 1, length, closure) == length ? CAIRO_STATUS_SUCCESS
                                                     : CAIRO_STATUS_WRITE_ERROR;
}

/* The picture drawn onto a surface made for format, written to out; false when Cairo failed. */
static bool diagram_write_stream (const Diagram *diagram, DiagramFormat format, int width,
                                  cairo_write_func_t write, void *closure)
{
  int height = diagram_height (diagram, width);
  cairo_surface_t *surface = format == DIAGRAM_FORMAT_SVG
    ? cairo_svg_surface_create_for_stream (write, closure, width, height)
    : cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  /* Pixels, as the PNG's: an SVG of --size 480 shows as large as the PNG does. */
  if (format == DIAGRAM_FORMAT_SVG)
    cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
  cairo_t *cr = cairo_create (surface);
  diagram_draw (diagram, cr, width);
  cairo_status_t status = cairo_status (cr);
  cairo_destroy (cr);
  if (format == DIAGRAM_FORMAT_PNG && status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_write_to_png_stream (surface, write, closure);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  return status == CAIRO_STATUS_SUCCESS;
}

typedef struct Buffer {
  unsigned char *bytes;
  size_t length, capacity;
} Buffer;

static cairo_status_t write_to_buffer (void *closure, const unsigned char *data, unsigned int length)
{
  Buffer *buffer = closure;
  if (buffer->length + length > buffer->capacity) {
    size_t capacity = (buffer->capacity + length) * 2;
    unsigned char *bytes = realloc (buffer->bytes, capacity);
    if (!bytes)
      return CAIRO_STATUS_NO_MEMORY;
    buffer->bytes = bytes;
    buffer->capacity = capacity;
  }
  memcpy (buffer->bytes + buffer->length, data, length);
  buffer->length += length;
  return CAIRO_STATUS_SUCCESS;
}

/* An SVG's bytes written to out with the caption as the document's <title> (what a browser
 * shows and a screen reader reads: Cairo writes the caption's text as shapes), inserted after
 * the <svg> element's start tag; false when Cairo or the writing failed. */
static bool write_svg_with_title (const Diagram *diagram, int width, FILE *out)
{
  Buffer buffer = { 0 };
  bool written = diagram_write_stream (diagram, DIAGRAM_FORMAT_SVG, width, write_to_buffer, &buffer);
  char *svg = written ? memmem (buffer.bytes, buffer.length, "<svg", 4) : NULL;
  char *end = svg ? memchr (svg, '>', buffer.length - (size_t) (svg - (char *) buffer.bytes)) : NULL;
  size_t head = end ? (size_t) (end + 1 - (char *) buffer.bytes) : buffer.length;

  written = written && fwrite (buffer.bytes, 1, head, out) == head;
  if (written && end && diagram_has_caption (diagram)) {
    fputs ("\n<title>", out);
    for (const char *c = diagram->caption; *c; c++)
      if (*c == '&' || *c == '<' || *c == '>')
        fputs (*c == '&' ? "&amp;" : *c == '<' ? "&lt;" : "&gt;", out);
      else
        fputc (*c, out);
    fputs ("</title>", out);
  }
  written = written && fwrite (buffer.bytes + head, 1, buffer.length - head, out) == buffer.length - head
            && !ferror (out);
  free (buffer.bytes);
  return written;
}

static bool fail (char *error, size_t error_size, const char *what, const char *path, int code)
{
  snprintf (error, error_size, "cannot %s '%s': %s", what, path, strerror (code));
  return false;
}

bool diagram_write_file (const Diagram *diagram, const char *path, DiagramFormat format, int width,
                         char *error, size_t error_size)
{
  size_t length = strlen (path);
  char *temporary = malloc (length + 8);
  if (!temporary)
    return fail (error, error_size, "write", path, ENOMEM);
  memcpy (temporary, path, length);
  memcpy (temporary + length, ".XXXXXX", 8);
  int fd = mkstemp (temporary);
  if (fd < 0) {
    free (temporary);
    return fail (error, error_size, "write", path, errno);
  }
  fchmod (fd, 0644);  /* mkstemp made it private: a picture is for others to see */
  FILE *out = fdopen (fd, "wb");
  if (!out) {
    int code = errno;
    close (fd);
    unlink (temporary);
    free (temporary);
    return fail (error, error_size, "write", path, code);
  }
  errno = 0;
  bool written = (format == DIAGRAM_FORMAT_SVG ? write_svg_with_title (diagram, width, out)
                                               : diagram_write_stream (diagram, format, width, write_to_file, out))
              && fflush (out) == 0 && fsync (fd) == 0;
  int code = errno ? errno : EIO;
  if (fclose (out) != 0 && written) {
    written = false;
    code = errno;
  }
  if (written && rename (temporary, path) != 0) {
    written = false;
    code = errno;
  }
  if (!written)
    unlink (temporary);
  free (temporary);
  return written || fail (error, error_size, "write", path, code);
}

unsigned char *diagram_render_png (const Diagram *diagram, int width, size_t *length)
{
  Buffer buffer = { 0 };
  if (!diagram_write_stream (diagram, DIAGRAM_FORMAT_PNG, width, write_to_buffer, &buffer)) {
    free (buffer.bytes);
    return NULL;
  }
  *length = buffer.length;
  return buffer.bytes;
}
