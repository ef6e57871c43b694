/* test-time-control.c: time controls read and written, the two-sided clock on injected time
 * (increments, pauses, flag fall), and the computer's thinking time on its clock. */
#include <math.h>
#include <string.h>

#include "position.h"
#include "time_control.h"
#include "check.h"

static bool near (double a, double b)
{
  return fabs (a - b) < 1e-9;
}

static TimeControl parse_ok (const char *text)
{
  TimeControl control = { 0, 0 };
  size_t offset = 0;
  TimeControlError error = time_control_parse (text, strlen (text), &control, &offset);
  CHECK (error == TIME_CONTROL_OK, "'%s' refused: %s at %zu", text,
         time_control_error_message (error), offset);
  return control;
}

static void test_parse_and_format (void)
{
  struct { const char *text, *written; double main_seconds, increment; } good[] = {
    { "5", "5", 300, 0 },
    { "1+2", "1+2", 60, 2 },
    { " 0.5 + 1 ", "0.5+1", 30, 1 },
    { "0.1", "0.1", 6, 0 },
    { "10+0", "10", 600, 0 },
    { ".5+0.25", "0.5+0.25", 30, 0.25 },
  };
  for (size_t k = 0; k < sizeof good / sizeof good[0]; k++) {
    TimeControl control = parse_ok (good[k].text);
    CHECK (near (control.main_seconds, good[k].main_seconds) && near (control.increment, good[k].increment),
           "'%s': %g s + %g s", good[k].text, control.main_seconds, control.increment);
    char out[32];
    size_t length = time_control_format (&control, out, sizeof out);
    CHECK (strcmp (out, good[k].written) == 0 && length == strlen (out), "'%s' written '%s'",
           good[k].text, out);
    TimeControl again = parse_ok (out);
    CHECK (near (again.main_seconds, control.main_seconds) && near (again.increment, control.increment),
           "'%s' does not read back", out);
  }
  struct { const char *text; TimeControlError error; size_t offset; } bad[] = {
    { "", TIME_CONTROL_ERROR_EMPTY, 0 },
    { "   ", TIME_CONTROL_ERROR_EMPTY, 3 },
    { "abc", TIME_CONTROL_ERROR_MINUTES, 0 },
    { "-1", TIME_CONTROL_ERROR_MINUTES, 0 },
    { "0", TIME_CONTROL_ERROR_MINUTES_RANGE, 0 },
    { "601", TIME_CONTROL_ERROR_MINUTES_RANGE, 0 },
    { "5+", TIME_CONTROL_ERROR_INCREMENT, 2 },
    { "5+x", TIME_CONTROL_ERROR_INCREMENT, 2 },
    { "5+1000", TIME_CONTROL_ERROR_INCREMENT_RANGE, 2 },
    { "5+2s", TIME_CONTROL_ERROR_TRAILING, 3 },
    { "5 minutes", TIME_CONTROL_ERROR_TRAILING, 2 },
    { "1,5", TIME_CONTROL_ERROR_TRAILING, 1 },
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    TimeControl control = { 1, 2 };
    size_t offset = 99;
    TimeControlError error = time_control_parse (bad[k].text, strlen (bad[k].text), &control,
                                                 &offset);
    CHECK (error == bad[k].error && offset == bad[k].offset, "'%s': error %d at %zu", bad[k].text,
           (int) error, offset);
    CHECK (control.main_seconds == 1 && control.increment == 2, "'%s' changed the control",
           bad[k].text);
    CHECK (strlen (time_control_error_message (error)) > 10, "'%s': no message", bad[k].text);
  }
  /* A length short of the NUL is respected. */
  TimeControl control;
  CHECK (time_control_parse ("1+2", 1, &control, NULL) == TIME_CONTROL_OK
         && control.increment == 0, "length not respected");
  char small[2];
  CHECK (time_control_format (&(TimeControl) { 90, 3 }, small, sizeof small) == 5
         && strcmp (small, "1") == 0, "short buffer: '%s'", small);
}

static void test_clock_counts_moves_and_increments (void)
{
  TimeClock clock;
  time_clock_init (&clock, &(TimeControl) { 60, 2 });
  CHECK (clock.running == -1 && near (time_clock_remaining (&clock, POSITION_BLACK, 5), 60),
         "a new clock runs or is not full");
  time_clock_start (&clock, POSITION_BLACK, 100);
  CHECK (near (time_clock_remaining (&clock, POSITION_BLACK, 103), 57), "black's clock not running");
  CHECK (near (time_clock_remaining (&clock, POSITION_WHITE, 103), 60), "white's clock runs");
  CHECK (near (time_clock_move_done (&clock, 104.5), 4.5), "a move's time");
  CHECK (near (clock.remaining[POSITION_BLACK], 57.5), "no increment: %g",
         clock.remaining[POSITION_BLACK]);
  time_clock_start (&clock, POSITION_WHITE, 104.5);
  /* A pause stops the clock; nothing is added and the time while stopped is not counted. */
  CHECK (near (time_clock_stop (&clock, 110.5), 6), "paused time");
  CHECK (near (time_clock_remaining (&clock, POSITION_WHITE, 500), 54), "stopped clock runs");
  time_clock_start (&clock, POSITION_WHITE, 500);
  CHECK (near (time_clock_move_done (&clock, 501), 1), "second part of the move");
  CHECK (near (clock.remaining[POSITION_WHITE], 55), "white after its move: %g",
         clock.remaining[POSITION_WHITE]);
  CHECK (near (time_clock_move_done (&clock, 900), 0) && near (clock.remaining[POSITION_WHITE], 55),
         "a move with no clock running counts or adds time");
  /* Starting one side stops the other. */
  time_clock_start (&clock, POSITION_BLACK, 1000);
  time_clock_start (&clock, POSITION_WHITE, 1010);
  CHECK (near (clock.remaining[POSITION_BLACK], 47.5) && clock.running == POSITION_WHITE,
         "the other side's clock did not stop");
}

static void test_flag_fall (void)
{
  TimeClock clock;
  time_clock_init (&clock, &(TimeControl) { 6, 5 });
  time_clock_start (&clock, POSITION_WHITE, 0);
  CHECK (!time_clock_flagged (&clock, POSITION_WHITE, 5.9), "flagged early");
  CHECK (time_clock_flagged (&clock, POSITION_WHITE, 6), "not flagged at 0");
  CHECK (!time_clock_flagged (&clock, POSITION_BLACK, 6), "the other side flagged");
  CHECK (time_clock_remaining (&clock, POSITION_WHITE, 20) == 0, "negative time left");
  time_clock_move_done (&clock, 7);
  CHECK (clock.flagged[POSITION_WHITE] && clock.remaining[POSITION_WHITE] == 0,
         "a flag rescued by the increment");
  time_clock_set_remaining (&clock, POSITION_WHITE, 3);
  CHECK (!time_clock_flagged (&clock, POSITION_WHITE, 7), "a restored clock stays flagged");
  time_clock_set_remaining (&clock, POSITION_BLACK, -1);
  CHECK (time_clock_flagged (&clock, POSITION_BLACK, 7), "no time left but not flagged");
}

static void test_think_time (void)
{
  for (int empties = 1; empties <= 60; empties++)
    for (double increment = 0; increment <= 4; increment += 2) {
      double before = 0;
      for (double remaining = 0.001; remaining < 700; remaining *= 1.1) {
        double seconds = time_control_think_seconds (remaining, increment, empties);
        CHECK (seconds > 0 && seconds <= remaining / 2, "%d empties, %g s left: %g s", empties,
               remaining, seconds);
        CHECK (seconds >= before, "less time to think with more time left (%d empties, %g s)",
               empties, remaining);
        before = seconds;
      }
    }
  CHECK (time_control_think_seconds (0, 2, 30) == 0, "time to think with none left");
  /* A minute a game: an opening move takes a small share of it. */
  double opening = time_control_think_seconds (60, 0, 50);
  CHECK (opening > 1 && opening < 6, "opening move at 60 s: %g s", opening);
  /* An increment is mostly spent on the move. */
  CHECK (time_control_think_seconds (1, 2, 40) >= 0.5 - 1e-9, "increment not used");
}

int main (void)
{
  test_parse_and_format ();
  test_clock_counts_moves_and_increments ();
  test_flag_fall ();
  test_think_time ();
  return check_finish ();
}
