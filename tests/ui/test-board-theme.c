/* test-board-theme.c: the board themes' WCAG 2 contrast ratios. Prints every theme's ratios, and
 * holds the high-contrast theme to 4.5:1 for discs against squares and 3:1 for every mark against
 * what it is drawn on. */
#include <glib.h>

#include "check-glib.h"
#include "verso-board-theme.h"

#define DISC_CONTRAST 4.5
#define MARK_CONTRAST 3.0

/* The weakest contrast between any colour of a disc (its highlight, its rim and the outline over
 * the rim) and a colour next to it. */
static double disc_against (const VersoBoardDisc *disc, VersoBoardColor background)
{
  double worst = MIN (verso_board_color_contrast (disc->shine, background),
                      verso_board_color_contrast (disc->edge, background));

  if (disc->outline.alpha > 0)
    worst = MIN (worst, verso_board_color_contrast (verso_board_color_over (disc->outline, disc->edge),
                                                    background));
  return worst;
}

/* A mark, blended as it is drawn, against the square under it. */
static double mark_on_square (const VersoBoardTheme *theme, VersoBoardColor mark)
{
  return verso_board_color_contrast (verso_board_color_over (mark, theme->squares), theme->squares);
}

static double mark_on_disc (const VersoBoardDisc *disc, VersoBoardColor mark)
{
  return MIN (verso_board_color_contrast (verso_board_color_over (mark, disc->shine), disc->shine),
              verso_board_color_contrast (verso_board_color_over (mark, disc->edge), disc->edge));
}

typedef struct {
  const char *what;
  double ratio, required;
} Ratio;

/* Every pair the board shows side by side, with the ratio the high-contrast theme must reach. */
static size_t theme_ratios (const VersoBoardTheme *theme, Ratio ratios[])
{
  const VersoBoardDisc *black = &theme->black, *white = &theme->white;
  VersoBoardColor squares = theme->squares;
  size_t n = 0;

  ratios[n++] = (Ratio) { "black disc on square", disc_against (black, squares), DISC_CONTRAST };
  ratios[n++] = (Ratio) { "white disc on square", disc_against (white, squares), DISC_CONTRAST };
  ratios[n++] = (Ratio) { "grid lines on square", verso_board_color_contrast (theme->lines, squares), MARK_CONTRAST };
  ratios[n++] = (Ratio) { "coordinates on frame", verso_board_color_contrast (theme->labels, theme->frame),
                          DISC_CONTRAST };
  ratios[n++] = (Ratio) { "legal-move dot, black to move", mark_on_square (theme, theme->legal_black), MARK_CONTRAST };
  ratios[n++] = (Ratio) { "legal-move dot, white to move", mark_on_square (theme, theme->legal_white), MARK_CONTRAST };
  ratios[n++] = (Ratio) { "last-move dot on black disc", mark_on_disc (black, theme->last_move), MARK_CONTRAST };
  ratios[n++] = (Ratio) { "last-move dot on white disc", mark_on_disc (white, theme->last_move), MARK_CONTRAST };
  ratios[n++] = (Ratio) { "hint ring on square", mark_on_square (theme, theme->hint), MARK_CONTRAST };
  ratios[n++] = (Ratio) { "keyboard cursor on square", mark_on_square (theme, theme->cursor), MARK_CONTRAST };
  return n;
}

static void test_contrast_arithmetic (void)
{
  VersoBoardColor black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 }, grey = { 0.5, 0.5, 0.5, 1 };
  VersoBoardColor half_white = { 1, 1, 1, 0.5 };
  VersoBoardColor web_grey = { 128 / 255.0, 128 / 255.0, 128 / 255.0, 1 }; /* #808080 */

  CHECK_NEAR (verso_board_color_luminance (white), 1, 1e-9);
  CHECK_NEAR (verso_board_color_luminance (black), 0, 1e-9);
  CHECK_NEAR (verso_board_color_contrast (black, white), 21, 1e-9);
  CHECK_NEAR (verso_board_color_contrast (white, black), 21, 1e-9);
  CHECK_NEAR (verso_board_color_contrast (grey, grey), 1, 1e-9);
  /* #808080 against white, the usual worked example: 3.95:1. */
  CHECK_NEAR (verso_board_color_contrast (web_grey, white), 3.95, 0.01);
  CHECK_NEAR (verso_board_color_over (half_white, black).red, 0.5, 1e-9);
}

static void test_unknown_name_is_classic (void)
{
  CHECK_CMP_STR (verso_board_theme_find (NULL)->name, ==, "classic");
  CHECK_CMP_STR (verso_board_theme_find ("no such theme")->name, ==, "classic");
  CHECK_CMP_STR (verso_board_theme_find ("wood")->name, ==, "wood");
}

/* Every value of the board-theme setting has a theme of its own. */
static void test_every_setting_has_a_theme (void)
{
  const char *names[] = { "classic", "wood", VERSO_BOARD_THEME_HIGH_CONTRAST };

  CHECK_CMP_UINT (verso_board_theme_count (), ==, G_N_ELEMENTS (names));
  for (size_t i = 0; i < G_N_ELEMENTS (names); i++)
    CHECK_CMP_STR (verso_board_theme_find (names[i])->name, ==, names[i]);
}

static void test_high_contrast_reaches_wcag_ratios (void)
{
  Ratio ratios[16];
  size_t n = theme_ratios (verso_board_theme_find (VERSO_BOARD_THEME_HIGH_CONTRAST), ratios);

  for (size_t i = 0; i < n; i++) {
    if (ratios[i].ratio < ratios[i].required)
      check_note ("%s: %.2f:1, needs %.1f:1", ratios[i].what, ratios[i].ratio, ratios[i].required);
    CHECK_CMP_FLOAT (ratios[i].ratio, >=, ratios[i].required);
  }
}

static void print_all_ratios (void)
{
  for (size_t t = 0; t < verso_board_theme_count (); t++) {
    const VersoBoardTheme *theme = verso_board_theme_nth (t);
    Ratio ratios[16];
    size_t n = theme_ratios (theme, ratios);

    g_print ("# %s\n", theme->name);
    for (size_t i = 0; i < n; i++)
      g_print ("#   %-32s %5.2f:1\n", ratios[i].what, ratios[i].ratio);
  }
}

int main (int argc, char *argv[])
{
  check_glib_init ();
  print_all_ratios ();
  check_run ("/board-theme/contrast-arithmetic", test_contrast_arithmetic);
  check_run ("/board-theme/unknown-name-is-classic", test_unknown_name_is_classic);
  check_run ("/board-theme/every-setting-has-a-theme", test_every_setting_has_a_theme);
  check_run ("/board-theme/high-contrast-reaches-wcag-ratios", test_high_contrast_reaches_wcag_ratios);
  return check_finish ();
}
