/* verso-board-view-orientation.h: the board drawn rotated or mirrored. One pair of functions
 * turns a board square into the cell where it is drawn and back; the drawing, the clicks, the
 * keyboard cursor and the coordinates' labels all go through them, so the record and the moves'
 * names never change. Plain C: no GTK. */
#pragma once

#include <stdbool.h>

/* The same values and order as the settings schema's board-orientation enum. */
typedef enum {
  VERSO_ORIENTATION_NORMAL,
  VERSO_ORIENTATION_ROTATE_90,   /* a quarter turn clockwise: a1 drawn top right */
  VERSO_ORIENTATION_ROTATE_180,
  VERSO_ORIENTATION_ROTATE_270,
  VERSO_ORIENTATION_MIRROR_COLUMNS,   /* h left, a right */
  VERSO_ORIENTATION_MIRROR_ROWS,      /* 8 on top, 1 below */
  VERSO_ORIENTATION_MIRROR_DIAGONAL,  /* about the a1-h8 diagonal: rows become columns */
  VERSO_ORIENTATION_MIRROR_ANTIDIAGONAL,  /* about the h1-a8 diagonal */
  VERSO_N_ORIENTATIONS
} VersoOrientation;

/* The nick of each orientation in the settings schema ("normal", "rotate-90" ...), and back:
 * NORMAL for a name it does not know. */
const char *verso_orientation_to_nick (VersoOrientation orientation);
VersoOrientation verso_orientation_from_nick (const char *nick);

/* The cell (column + 8 * row, from the top left) where board square (0..63) is drawn. */
int verso_orientation_to_view (VersoOrientation orientation, int square);
/* The board square drawn in cell (0..63): the inverse of verso_orientation_to_view. */
int verso_orientation_to_board (VersoOrientation orientation, int cell);
