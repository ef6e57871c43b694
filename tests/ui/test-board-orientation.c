/* test-board-orientation.c: the board rotated or mirrored (verso-board-view-orientation.c):
 * every orientation puts each square in a cell of its own and the inverse brings it back, the
 * eight are eight different pictures, the rotations compose as turns do, and the schema's nicks
 * go both ways. */
#include "check.h"
#include "verso-board-view-orientation.h"

#define CELL(column, row) ((column) + 8 * (row))

static void test_each_is_a_bijection_with_its_inverse (void)
{
  for (int o = 0; o < VERSO_N_ORIENTATIONS; o++) {
    bool drawn[64] = { false };
    for (int square = 0; square < 64; square++) {
      int cell = verso_orientation_to_view (o, square);
      CHECK (cell >= 0 && cell < 64, "orientation %d puts square %d off the board: %d", o, square, cell);
      if (cell < 0 || cell >= 64)
        continue;
      CHECK (!drawn[cell], "orientation %d draws two squares in cell %d", o, cell);
      drawn[cell] = true;
      CHECK_CMP_INT (verso_orientation_to_board (o, cell), ==, square);
      CHECK_CMP_INT (verso_orientation_to_view (o, verso_orientation_to_board (o, square)), ==, square);
    }
  }
}

/* Where a1 (top left when normal) and b1, the square to its right, are drawn. */
static void test_landmarks (void)
{
  static const struct { VersoOrientation o; int a1, b1; } cases[] = {
    { VERSO_ORIENTATION_NORMAL, CELL (0, 0), CELL (1, 0) },
    { VERSO_ORIENTATION_ROTATE_90, CELL (7, 0), CELL (7, 1) },
    { VERSO_ORIENTATION_ROTATE_180, CELL (7, 7), CELL (6, 7) },
    { VERSO_ORIENTATION_ROTATE_270, CELL (0, 7), CELL (0, 6) },
    { VERSO_ORIENTATION_MIRROR_COLUMNS, CELL (7, 0), CELL (6, 0) },
    { VERSO_ORIENTATION_MIRROR_ROWS, CELL (0, 7), CELL (1, 7) },
    { VERSO_ORIENTATION_MIRROR_DIAGONAL, CELL (0, 0), CELL (0, 1) },
    { VERSO_ORIENTATION_MIRROR_ANTIDIAGONAL, CELL (7, 7), CELL (7, 6) },
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    CHECK_CMP_INT (verso_orientation_to_view (cases[i].o, CELL (0, 0)), ==, cases[i].a1);
    CHECK_CMP_INT (verso_orientation_to_view (cases[i].o, CELL (1, 0)), ==, cases[i].b1);
  }
}

/* No two orientations draw the same picture, and two quarter turns make a half turn. */
static void test_eight_different_pictures (void)
{
  for (int o = 0; o < VERSO_N_ORIENTATIONS; o++)
    for (int p = o + 1; p < VERSO_N_ORIENTATIONS; p++) {
      bool same = true;
      for (int square = 0; square < 64; square++)
        same = same && verso_orientation_to_view (o, square) == verso_orientation_to_view (p, square);
      CHECK (!same, "orientations %d and %d draw the same picture", o, p);
    }
  for (int square = 0; square < 64; square++) {
    int quarter = verso_orientation_to_view (VERSO_ORIENTATION_ROTATE_90, square);
    CHECK_CMP_INT (verso_orientation_to_view (VERSO_ORIENTATION_ROTATE_90, quarter), ==,
                   verso_orientation_to_view (VERSO_ORIENTATION_ROTATE_180, square));
    CHECK_CMP_INT (verso_orientation_to_view (VERSO_ORIENTATION_ROTATE_270, quarter), ==, square);
  }
}

static void test_nicks (void)
{
  for (int o = 0; o < VERSO_N_ORIENTATIONS; o++)
    CHECK_CMP_INT (verso_orientation_from_nick (verso_orientation_to_nick (o)), ==, o);
  CHECK_CMP_STR (verso_orientation_to_nick (VERSO_ORIENTATION_ROTATE_90), ==, "rotate-90");
  CHECK_CMP_INT (verso_orientation_from_nick ("sideways"), ==, VERSO_ORIENTATION_NORMAL);
  CHECK_CMP_INT (verso_orientation_from_nick (NULL), ==, VERSO_ORIENTATION_NORMAL);
  /* An orientation out of range is drawn normally, never off the board. */
  CHECK_CMP_INT (verso_orientation_to_view (VERSO_N_ORIENTATIONS, 5), ==, 5);
  CHECK_CMP_STR (verso_orientation_to_nick (VERSO_N_ORIENTATIONS), ==, "normal");
}

int main (void)
{
  check_run ("/board-orientation/each-is-a-bijection-with-its-inverse", test_each_is_a_bijection_with_its_inverse);
  check_run ("/board-orientation/landmarks", test_landmarks);
  check_run ("/board-orientation/eight-different-pictures", test_eight_different_pictures);
  check_run ("/board-orientation/nicks", test_nicks);
  return check_finish ();
}
