/* verso-board-view-orientation.c: board squares to the cells where they are drawn and back, for
 * the board rotated or mirrored (verso-board-view-orientation.h). */
#include "verso-board-view-orientation.h"

#include <string.h>

/* Each orientation as the three moves it is made of, in this order: the columns and rows
 * swapped (about the a1-h8 diagonal), then the columns reversed, then the rows reversed. */
static const struct {
  const char *nick;
  bool transpose, mirror_columns, mirror_rows;
} orientations[VERSO_N_ORIENTATIONS] = {
  [VERSO_ORIENTATION_NORMAL] = { "normal", false, false, false },
  [VERSO_ORIENTATION_ROTATE_90] = { "rotate-90", true, true, false },
  [VERSO_ORIENTATION_ROTATE_180] = { "rotate-180", false, true, true },
  [VERSO_ORIENTATION_ROTATE_270] = { "rotate-270", true, false, true },
  [VERSO_ORIENTATION_MIRROR_COLUMNS] = { "mirror-columns", false, true, false },
  [VERSO_ORIENTATION_MIRROR_ROWS] = { "mirror-rows", false, false, true },
  [VERSO_ORIENTATION_MIRROR_DIAGONAL] = { "mirror-diagonal", true, false, false },
  [VERSO_ORIENTATION_MIRROR_ANTIDIAGONAL] = { "mirror-antidiagonal", true, true, true },
};

static VersoOrientation checked (VersoOrientation orientation)
{
  return (unsigned) orientation < VERSO_N_ORIENTATIONS ? orientation : VERSO_ORIENTATION_NORMAL;
}

const char *verso_orientation_to_nick (VersoOrientation orientation)
{
  return orientations[checked (orientation)].nick;
}

VersoOrientation verso_orientation_from_nick (const char *nick)
{
  for (int i = 0; nick && i < VERSO_N_ORIENTATIONS; i++)
    if (strcmp (orientations[i].nick, nick) == 0)
      return (VersoOrientation) i;
  return VERSO_ORIENTATION_NORMAL;
}

int verso_orientation_to_view (VersoOrientation orientation, int square)
{
  int o = checked (orientation), column = square % 8, row = square / 8;

  if (orientations[o].transpose) {
    int swap = column;
    column = row;
    row = swap;
  }
  if (orientations[o].mirror_columns)
    column = 7 - column;
  if (orientations[o].mirror_rows)
    row = 7 - row;
  return column + 8 * row;
}

/* The reversals undone first (each is its own inverse, and they commute), then the swap. */
int verso_orientation_to_board (VersoOrientation orientation, int cell)
{
  int o = checked (orientation), column = cell % 8, row = cell / 8;

  if (orientations[o].mirror_columns)
    column = 7 - column;
  if (orientations[o].mirror_rows)
    row = 7 - row;
  if (orientations[o].transpose) {
    int swap = column;
    column = row;
    row = swap;
  }
  return column + 8 * row;
}
