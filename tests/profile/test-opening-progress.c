/* test-opening-progress.c: the opening trainer's progress (verso-opening-progress.c): lines
 * counted per opening and colour, the file written and read back, a damaged file kept aside with
 * its problems named. */
#include <glib.h>

#include "check-glib.h"
#include "position.h"
#include "user-file.h"
#include "verso-opening-progress.h"

#define T0 G_GINT64_CONSTANT (1718000000)

typedef UserFile Fixture;

static void fixture_set_up (Fixture *fixture, gconstpointer unused)
{
  user_file_set_up (fixture, "openings.ini");
}

static void fixture_tear_down (Fixture *fixture, gconstpointer unused)
{
  user_file_tear_down (fixture);
}

static void assert_record (VersoOpeningProgress *progress, const char *opening, int colour,
                           guint tried, guint clean, gint64 last)
{
  VersoOpeningRecord record = verso_opening_progress_get (progress, opening, colour);

  CHECK_CMP_UINT (record.tried, ==, tried);
  CHECK_CMP_UINT (record.clean, ==, clean);
  CHECK_CMP_INT (record.last, ==, last);
}

static void test_lines_counted_per_opening_and_colour (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoOpeningProgress) progress = verso_opening_progress_new (fixture->path);
  g_autoptr (VersoOpeningProgress) again = NULL;
  g_autoptr (GError) error = NULL;

  assert_record (progress, "Tiger", POSITION_BLACK, 0, 0, 0);
  CHECK (!g_file_test (fixture->path, G_FILE_TEST_EXISTS));
  CHECK (verso_opening_progress_add (progress, "Tiger", POSITION_BLACK, TRUE, T0, &error));
  CHECK (verso_opening_progress_add (progress, "Tiger", POSITION_BLACK, FALSE, T0 + 60, &error));
  CHECK (verso_opening_progress_add (progress, "Leader's Tiger", POSITION_WHITE, TRUE, T0 + 90, &error));
  CHECK (verso_opening_progress_add (progress, VERSO_OPENING_MAIN_LINES, POSITION_WHITE, FALSE, T0 + 120,
                                     &error));
  CHECK_NO_ERROR (error);
  assert_record (progress, "Tiger", POSITION_BLACK, 2, 1, T0 + 60);
  assert_record (progress, "Tiger", POSITION_WHITE, 0, 0, 0);
  assert_record (progress, "Leader's Tiger", POSITION_WHITE, 1, 1, T0 + 90);

  again = verso_opening_progress_new (fixture->path);
  assert_record (again, "Tiger", POSITION_BLACK, 2, 1, T0 + 60);
  assert_record (again, "Tiger", POSITION_WHITE, 0, 0, 0);
  assert_record (again, "Leader's Tiger", POSITION_WHITE, 1, 1, T0 + 90);
  assert_record (again, VERSO_OPENING_MAIN_LINES, POSITION_WHITE, 1, 0, T0 + 120);
}

static void test_damaged_file_is_kept_aside (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoOpeningProgress) progress = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *kept = NULL;
  const char *text =
    "[Tiger]\n"
    "black-tried=3\n"
    "black-clean=5\n"
    "[Rose]\n"
    "white-tried=lots\n"
    "colour=blue\n"
    "[Cat]\n"
    "white-tried=4\n"
    "white-clean=2\n"
    "white-last=1718000000\n";

  user_file_write_damaged (fixture, text, -1, "[Tiger] black-clean: more clean*",
                           "[Rose] colour: unknown key*", "[Rose] white-tried: “lots”*", NULL);
  progress = verso_opening_progress_new (fixture->path);
  CHECK_EXPECTED_MESSAGES ();
  assert_record (progress, "Tiger", POSITION_BLACK, 3, 3, 0);
  assert_record (progress, "Rose", POSITION_WHITE, 0, 0, 0);
  assert_record (progress, "Cat", POSITION_WHITE, 4, 2, T0);
  CHECK (verso_opening_progress_add (progress, "Cat", POSITION_WHITE, TRUE, T0 + 1, &error));
  CHECK_NO_ERROR (error);
  CHECK (g_file_get_contents (fixture->damaged, &kept, NULL, NULL));
  CHECK_CMP_STR (kept, ==, text);
}

int main (int argc, char **argv)
{
  check_glib_init ();

#define ADD(name, test) CHECK_RUN_FIXTURE ("/opening-progress/" name, Fixture, NULL, fixture_set_up, test, fixture_tear_down)
  ADD ("lines-counted-per-opening-and-colour", test_lines_counted_per_opening_and_colour);
  ADD ("damaged-file-is-kept-aside", test_damaged_file_is_kept_aside);
#undef ADD
  return check_finish ();
}
