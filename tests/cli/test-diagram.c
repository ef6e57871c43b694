/* test-diagram.c: the diagrams' pictures (src/diagram) read back pixel by pixel: a black disc's
 * centre is dark, a white one's light, an empty square the classic board's green; the side to
 * move, the coordinates and the caption where they belong; files written whole or not at all. */
#include <cairo.h>
#include <math.h>
#include <unistd.h>

#include "check.h"
#include "diagram.h"
#include "notation.h"
#include "verso-board-theme.h"

#define WIDTH 480

typedef struct Rgb {
  double red, green, blue;
} Rgb;

static Rgb pixel (cairo_surface_t *image, int x, int y)
{
  const unsigned char *row = cairo_image_surface_get_data (image)
                           + (size_t) y * cairo_image_surface_get_stride (image);
  uint32_t argb = ((const uint32_t *) row)[x];
  Rgb rgb = { ((argb >> 16) & 255) / 255.0, ((argb >> 8) & 255) / 255.0, (argb & 255) / 255.0 };
  return rgb;
}

static double lightness (Rgb rgb)
{
  return (rgb.red + rgb.green + rgb.blue) / 3;
}

static bool same_color (Rgb rgb, VersoBoardColor color)
{
  return fabs (rgb.red - color.red) < 0.01 && fabs (rgb.green - color.green) < 0.01
      && fabs (rgb.blue - color.blue) < 0.01;
}

typedef struct Reader {
  const unsigned char *bytes;
  size_t length, offset;
} Reader;

static cairo_status_t read_bytes (void *closure, unsigned char *data, unsigned int length)
{
  Reader *reader = closure;
  if (reader->offset + length > reader->length)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (data, reader->bytes + reader->offset, length);
  reader->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

/* The diagram as PNG bytes (diagram_render_png), read back as an image. */
static cairo_surface_t *render (const Diagram *diagram, int width)
{
  size_t length = 0;
  unsigned char *png = diagram_render_png (diagram, width, &length);
  REQUIRE (png && length > 8 && memcmp (png, "\x89PNG\r\n\x1a\n", 8) == 0);
  Reader reader = { png, length, 0 };
  cairo_surface_t *image = cairo_image_surface_create_from_png_stream (read_bytes, &reader);
  free (png);
  REQUIRE (cairo_surface_status (image) == CAIRO_STATUS_SUCCESS);
  cairo_surface_flush (image);
  return image;
}

static Diagram diagram_of (const char *board)
{
  Position position;
  Diagram diagram;
  REQUIRE (notation_parse_board (board, strlen (board), &position).error == NOTATION_OK);
  diagram_init (&diagram, &position);
  return diagram;
}

#define START "---------------------------OX------XO--------------------------- X"

/* The centre of a square (0..63) in a picture WIDTH wide, by the layout's own proportions: the
 * squares fill the picture inside the frame, equally. */
static void centre (int square, int frame, int *x, int *y)
{
  double cell = (WIDTH - 2.0 * frame) / 8;
  *x = (int) (frame + (square % 8 + 0.5) * cell);
  *y = (int) (frame + (square / 8 + 0.5) * cell);
}

/* The frame's width: the first pixel along the diagonal that is the squares' green. */
static int frame_width (cairo_surface_t *image)
{
  const VersoBoardTheme *classic = verso_board_theme_find ("classic");
  for (int i = 0; i < WIDTH / 4; i++)
    if (same_color (pixel (image, i + 3, i + 3), classic->squares))
      return i + 3;
  return -1;
}

static void test_discs_and_squares (void)
{
  const VersoBoardTheme *classic = verso_board_theme_find ("classic");
  Diagram diagram = diagram_of (START);
  cairo_surface_t *image = render (&diagram, WIDTH);
  CHECK_CMP_INT (cairo_image_surface_get_width (image), ==, WIDTH);
  CHECK_CMP_INT (cairo_image_surface_get_height (image), ==, WIDTH);
  int frame = frame_width (image), x, y;
  REQUIRE (frame > 0);
  /* e4 is black, d4 white, a1 and h8 empty. */
  centre (28, frame, &x, &y);
  CHECK (lightness (pixel (image, x, y)) < 0.3, "e4's centre is %.2f light", lightness (pixel (image, x, y)));
  centre (27, frame, &x, &y);
  CHECK (lightness (pixel (image, x, y)) > 0.7, "d4's centre is %.2f light", lightness (pixel (image, x, y)));
  centre (0, frame, &x, &y);
  CHECK (same_color (pixel (image, x, y), classic->squares));
  centre (63, frame, &x, &y);
  CHECK (same_color (pixel (image, x, y), classic->squares));
  cairo_surface_destroy (image);
}

/* The side to move's disc is in the frame's bottom right corner; none once the game is over. */
static void test_side_to_move (void)
{
  const VersoBoardTheme *classic = verso_board_theme_find ("classic");
  Diagram diagram = diagram_of (START);
  cairo_surface_t *image = render (&diagram, WIDTH);
  int corner = WIDTH - frame_width (image) / 2;
  CHECK (lightness (pixel (image, corner, corner)) < 0.3);
  cairo_surface_destroy (image);

  diagram = diagram_of ("---------------------------OX------XO--------------------------- O");
  image = render (&diagram, WIDTH);
  CHECK (lightness (pixel (image, corner, corner)) > 0.7);
  cairo_surface_destroy (image);

  diagram = diagram_of ("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX X");
  CHECK (!diagram.show_side_to_move);
  image = render (&diagram, WIDTH);
  CHECK (same_color (pixel (image, corner, corner), classic->frame));
  cairo_surface_destroy (image);
}

/* Pixels of the top margin that are not the frame's colour: the letters a-h. */
static int ink_above_board (cairo_surface_t *image, int frame)
{
  const VersoBoardTheme *classic = verso_board_theme_find ("classic");
  int ink = 0;
  for (int y = 1; y < frame - 3; y++)
    for (int x = frame; x < WIDTH - frame; x++)
      ink += !same_color (pixel (image, x, y), classic->frame);
  return ink;
}

static void test_coordinates_and_caption (void)
{
  Diagram diagram = diagram_of (START);
  cairo_surface_t *image = render (&diagram, WIDTH);
  int frame = frame_width (image);
  CHECK (ink_above_board (image, frame) > 0);
  cairo_surface_destroy (image);

  diagram.coordinates = false;
  image = render (&diagram, WIDTH);
  CHECK_CMP_INT (ink_above_board (image, frame), ==, 0);
  cairo_surface_destroy (image);

  diagram.caption = "Diagram 1";
  CHECK_CMP_INT (diagram_height (&diagram, WIDTH), >, WIDTH);
  image = render (&diagram, WIDTH);
  CHECK_CMP_INT (cairo_image_surface_get_height (image), ==, diagram_height (&diagram, WIDTH));
  cairo_surface_destroy (image);
}

/* A number on a disc is written in the other colour: the black disc's centre turns light. */
static void test_move_numbers (void)
{
  Position position;
  position_init (&position);
  int moves[4];
  size_t n_moves = 0;
  REQUIRE (notation_parse_transcript ("f5d6", 4, &position, moves, 4, &n_moves).error == NOTATION_OK);
  int with_pass[] = { moves[0], BOARD_PASS, moves[1] };
  Diagram diagram;
  diagram_init (&diagram, &position);
  diagram_number_moves (&diagram, with_pass, 3);
  CHECK_CMP_INT (diagram.numbers[37], ==, 1);  /* f5 */
  CHECK_CMP_INT (diagram.numbers[43], ==, 3);  /* d6: the pass is counted, as the board counts it */
  CHECK_CMP_INT (diagram.numbers[28], ==, 0);
}

static void test_formats (void)
{
  CHECK (diagram_format_for_path ("a.png") == DIAGRAM_FORMAT_PNG);
  CHECK (diagram_format_for_path ("dir.svg/A.SVG") == DIAGRAM_FORMAT_SVG);
  CHECK (diagram_format_for_path ("a.jpg") == DIAGRAM_FORMAT_UNKNOWN);
  CHECK (diagram_format_for_path ("dir.png/a") == DIAGRAM_FORMAT_UNKNOWN);
  CHECK (diagram_format_for_path ("png") == DIAGRAM_FORMAT_UNKNOWN);
}

/* A file is replaced only once the whole picture is written; a path that cannot be written is
 * named in the message. */
static void test_write_file (void)
{
  char directory[] = "/tmp/test-diagram-XXXXXX", path[64], missing[80], error[256];
  REQUIRE (mkdtemp (directory));
  snprintf (path, sizeof path, "%s/d.svg", directory);
  snprintf (missing, sizeof missing, "%s/none/d.png", directory);
  Diagram diagram = diagram_of (START);
  CHECK (diagram_write_file (&diagram, path, DIAGRAM_FORMAT_SVG, WIDTH, error, sizeof error), "%s", error);
  FILE *in = fopen (path, "r");
  char head[6] = "";
  CHECK (in && fread (head, 1, 5, in) == 5 && strcmp (head, "<?xml") == 0);
  if (in)
    fclose (in);
  CHECK (!diagram_write_file (&diagram, missing, DIAGRAM_FORMAT_PNG, WIDTH, error, sizeof error));
  CHECK (strstr (error, missing) != NULL, "%s", error);
  CHECK (unlink (path) == 0);
  CHECK (rmdir (directory) == 0, "something was left beside the file");
}

int main (void)
{
  check_run ("discs_and_squares", test_discs_and_squares);
  check_run ("side_to_move", test_side_to_move);
  check_run ("coordinates_and_caption", test_coordinates_and_caption);
  check_run ("move_numbers", test_move_numbers);
  check_run ("formats", test_formats);
  check_run ("write_file", test_write_file);
  cairo_debug_reset_static_data ();
  return check_finish ();
}
