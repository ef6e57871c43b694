/* verso-board-theme.c: the board themes' colours and the WCAG 2 contrast arithmetic. The colours
 * are the board's own, the same in the light and dark styles, like a real board. */
#include "verso-board-theme.h"

#include <math.h>
#include <string.h>

#define RGB(r, g, b) { r, g, b, 1 }
#define RGBA(r, g, b, a) { r, g, b, a }
#define NO_OUTLINE RGBA (0, 0, 0, 0)

/* The shared marks of the two pictorial themes: translucent dots so the squares show through. */
#define SOFT_MARKS                                   \
  .legal_black = RGBA (0.00, 0.00, 0.00, 0.38),      \
  .legal_white = RGBA (1.00, 1.00, 1.00, 0.55),      \
  .last_move = RGB (0.90, 0.11, 0.14),               \
  .hint = RGB (0.97, 0.83, 0.18),                    \
  .cursor = RGB (0.21, 0.52, 0.89),                  \
  .hover = RGBA (1.00, 1.00, 1.00, 0.10),            \
  .refused = RGBA (0.88, 0.11, 0.14, 0.55),          \
  .mark_scale = 1

#define SHINY_DISCS                                                                         \
  .black = { RGB (0.36, 0.36, 0.38), RGB (0.06, 0.06, 0.07), RGBA (0, 0, 0, 0.60) },        \
  .white = { RGB (1.00, 1.00, 1.00), RGB (0.80, 0.80, 0.78), RGBA (0, 0, 0, 0.35) },        \
  .shadow = 0.35

/* A pictorial theme: a board of its own colours, with shiny discs and soft marks. */
#define PICTORIAL_THEME(theme_name, frame_color, squares_color, lines_color, labels_color)           \
  {                                                                                                 \
    .name = theme_name, .frame = frame_color, .squares = squares_color, .lines = lines_color,       \
    .labels = labels_color, SHINY_DISCS, SOFT_MARKS,                                                \
  }

static const VersoBoardTheme themes[] = {
  /*               name       frame                   squares                  lines                   labels */
  PICTORIAL_THEME ("classic", RGB (0.07, 0.29, 0.15), RGB (0.15, 0.53, 0.27), RGB (0.05, 0.24, 0.12), RGB (0.80, 0.90, 0.82)),
  PICTORIAL_THEME ("wood",    RGB (0.36, 0.22, 0.11), RGB (0.78, 0.58, 0.32), RGB (0.33, 0.21, 0.09), RGB (0.96, 0.89, 0.76)),
  {
    /* Flat pure black and white discs can both stand out 4.5:1 only from a square of luminance
     * 0.175 to 0.183 (sqrt (21) is the best either can get): a mid green. Every mark is opaque
     * and at least 3:1 against what it is drawn on, and drawn larger. */
    .name = VERSO_BOARD_THEME_HIGH_CONTRAST,
    .frame = RGB (0.00, 0.00, 0.00),
    .squares = RGB (0.25, 0.515, 0.30),
    .lines = RGB (0.00, 0.00, 0.00),
    .labels = RGB (1.00, 1.00, 1.00),
    .black = { RGB (0, 0, 0), RGB (0, 0, 0), NO_OUTLINE },
    .white = { RGB (1, 1, 1), RGB (1, 1, 1), NO_OUTLINE },
    .shadow = 0,
    .legal_black = RGB (0.00, 0.00, 0.00),
    .legal_white = RGB (1.00, 1.00, 1.00),
    .last_move = RGB (0.93, 0.00, 0.00),
    .hint = RGB (1.00, 1.00, 0.00),
    .cursor = RGB (0.00, 1.00, 1.00),
    .hover = RGBA (1.00, 1.00, 1.00, 0.15),
    .refused = RGBA (0.93, 0.00, 0.00, 0.70),
    .mark_scale = 1.4,
  },
};

size_t verso_board_theme_count (void)
{
  return sizeof themes / sizeof themes[0];
}

const VersoBoardTheme *verso_board_theme_nth (size_t index)
{
  return index < verso_board_theme_count () ? &themes[index] : NULL;
}

const VersoBoardTheme *verso_board_theme_find (const char *name)
{
  for (size_t i = 0; name && i < verso_board_theme_count (); i++)
    if (strcmp (themes[i].name, name) == 0)
      return &themes[i];
  return &themes[0];
}

static double linear (double component)
{
  return component <= 0.04045 ? component / 12.92 : pow ((component + 0.055) / 1.055, 2.4);
}

double verso_board_color_luminance (VersoBoardColor color)
{
  return 0.2126 * linear (color.red) + 0.7152 * linear (color.green) + 0.0722 * linear (color.blue);
}

double verso_board_color_contrast (VersoBoardColor a, VersoBoardColor b)
{
  double la = verso_board_color_luminance (a), lb = verso_board_color_luminance (b);

  return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

VersoBoardColor verso_board_color_over (VersoBoardColor top, VersoBoardColor bottom)
{
  VersoBoardColor mixed = {
    top.red * top.alpha + bottom.red * (1 - top.alpha),
    top.green * top.alpha + bottom.green * (1 - top.alpha),
    top.blue * top.alpha + bottom.blue * (1 - top.alpha),
    1,
  };

  return mixed;
}
