/* verso-board-theme.h: the board's colours, one table for every theme, and the WCAG contrast
 * arithmetic that tests/ui/test-board-theme.c checks them with. Plain C: no GTK, no engine. */
#pragma once

#include <stddef.h>

/* Non-linear sRGB components 0..1, as Cairo and GdkRGBA take them. */
typedef struct {
  double red, green, blue, alpha;
} VersoBoardColor;

typedef struct {
  VersoBoardColor shine;    /* the highlight towards the top left */
  VersoBoardColor edge;     /* the rim, which meets the square */
  VersoBoardColor outline;  /* a thin line drawn over the rim */
} VersoBoardDisc;

typedef struct {
  const char *name;         /* the board-theme setting's value */
  VersoBoardColor frame, squares, lines, labels;
  VersoBoardDisc black, white;
  double shadow;            /* opacity of the black shadow under a disc */
  /* Marks, each drawn on what it sits on: legal-move dots on an empty square (one colour for
   * each side to move), the last-move dot on a disc, the hint ring and the keyboard cursor on
   * the square around a disc. */
  VersoBoardColor legal_black, legal_white, last_move, hint, cursor;
  VersoBoardColor hover, refused;  /* washes over a whole square */
  double mark_scale;        /* how much larger than usual the dots and lines are drawn */
} VersoBoardTheme;

#define VERSO_BOARD_THEME_HIGH_CONTRAST "high-contrast"

size_t verso_board_theme_count (void);
const VersoBoardTheme *verso_board_theme_nth (size_t index);
/* The theme named `name`, or the first (classic) one when the name is unknown or NULL. */
const VersoBoardTheme *verso_board_theme_find (const char *name);

/* WCAG 2 relative luminance, 0 (black) to 1 (white), of an opaque colour. */
double verso_board_color_luminance (VersoBoardColor color);
/* WCAG 2 contrast ratio, 1 to 21, of two opaque colours. */
double verso_board_color_contrast (VersoBoardColor a, VersoBoardColor b);
/* `top` painted over the opaque `bottom` as Cairo blends it, component by component. */
VersoBoardColor verso_board_color_over (VersoBoardColor top, VersoBoardColor bottom);
