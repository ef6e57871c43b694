/* time_control.c: time controls read and written as "MINUTES[+SECONDS]", the two-sided clock,
 * and the computer's thinking time on it (time_control.h). */
#include "time_control.h"

#include <assert.h>
#include <stdio.h>

#include "c_locale.h"
#include "search.h"

/* The computer never plans a move longer than this share of its time left: with the search's
 * margins (search_limits_set_budget) a move cannot empty the clock, however short it is. */
#define TIME_CONTROL_THINK_SHARE_MAX 0.5

static bool is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static size_t skip_space (const char *text, size_t length, size_t i)
{
  while (i < length && is_space (text[i]))
    i++;
  return i;
}

/* Digits with an optional fraction ("5", "0.5", ".5"), read by hand so that no locale's decimal
 * comma applies; false when no digit is there. */
static bool read_decimal (const char *text, size_t length, size_t *i, double *value)
{
  double number = 0;
  bool digits = false;
  while (*i < length && text[*i] >= '0' && text[*i] <= '9') {
    if (number < 1e12)
      number = number * 10 + (text[*i] - '0');
    (*i)++;
    digits = true;
  }
  if (*i < length && text[*i] == '.') {
    double scale = 0.1;
    for ((*i)++; *i < length && text[*i] >= '0' && text[*i] <= '9'; (*i)++, scale /= 10) {
      number += (text[*i] - '0') * scale;
      digits = true;
    }
  }
  *value = number;
  return digits;
}

TimeControlError time_control_parse (const char *text, size_t length, TimeControl *control,
                                     size_t *offset)
{
  assert (text || length == 0);
  assert (control);
  size_t i = skip_space (text, length, 0), where = i;
  TimeControlError error = TIME_CONTROL_OK;
  double minutes = 0, increment = 0;
  if (i >= length) {
    error = TIME_CONTROL_ERROR_EMPTY;
  } else if (!read_decimal (text, length, &i, &minutes)) {
    error = TIME_CONTROL_ERROR_MINUTES;
  } else if (!(minutes > 0 && minutes <= TIME_CONTROL_MAX_MINUTES)) {
    error = TIME_CONTROL_ERROR_MINUTES_RANGE;
  } else {
    i = skip_space (text, length, i);
    if (i < length && text[i] == '+') {
      i = skip_space (text, length, i + 1);
      where = i;
      if (!read_decimal (text, length, &i, &increment))
        error = TIME_CONTROL_ERROR_INCREMENT;
      else if (increment > TIME_CONTROL_MAX_INCREMENT)
        error = TIME_CONTROL_ERROR_INCREMENT_RANGE;
      i = error ? i : skip_space (text, length, i);
    }
    if (!error && i < length) {
      error = TIME_CONTROL_ERROR_TRAILING;
      where = i;
    }
  }
  if (error) {
    if (offset)
      *offset = where;
    return error;
  }
  *control = (TimeControl) { .main_seconds = minutes * 60, .increment = increment };
  return TIME_CONTROL_OK;
}

const char *time_control_error_message (TimeControlError error)
{
  switch (error) {
  case TIME_CONTROL_OK:
    return "no error";
  case TIME_CONTROL_ERROR_EMPTY:
    return "no time control (MINUTES[+SECONDS], e.g. 5 or 1+2)";
  case TIME_CONTROL_ERROR_MINUTES:
    return "the minutes a side are not a number (MINUTES[+SECONDS], e.g. 5 or 1+2)";
  case TIME_CONTROL_ERROR_MINUTES_RANGE:
    return "the minutes a side must be above 0 and at most 600";
  case TIME_CONTROL_ERROR_INCREMENT:
    return "no number of seconds after '+' (MINUTES+SECONDS, e.g. 1+2)";
  case TIME_CONTROL_ERROR_INCREMENT_RANGE:
    return "the seconds added a move must be at most 600";
  case TIME_CONTROL_ERROR_TRAILING:
    return "unexpected text after the time control (MINUTES[+SECONDS], e.g. 5 or 1+2)";
  }
  return "unknown error";
}

size_t time_control_format (const TimeControl *control, char *out, size_t size)
{
  assert (control);
  assert (out || size == 0);
  /* %g keeps "5" and "0.5" short; under the "C" locale for a decimal point. */
  locale_t previous = c_locale_enter ();
  int length = control->increment > 0
    ? snprintf (out, size, "%.6g+%.6g", control->main_seconds / 60, control->increment)
    : snprintf (out, size, "%.6g", control->main_seconds / 60);
  c_locale_leave (previous);
  return length < 0 ? 0 : (size_t) length;
}

void time_clock_init (TimeClock *clock, const TimeControl *control)
{
  assert (clock && control);
  *clock = (TimeClock) { .control = *control, .running = -1 };
  clock->remaining[0] = clock->remaining[1] = control->main_seconds;
}

double time_clock_stop (TimeClock *clock, double now)
{
  assert (clock);
  int colour = clock->running;
  if (colour < 0)
    return 0;
  double elapsed = now > clock->started ? now - clock->started : 0;
  clock->remaining[colour] -= elapsed;
  if (clock->remaining[colour] <= 0) {
    clock->remaining[colour] = 0;
    clock->flagged[colour] = true;
  }
  clock->running = -1;
  return elapsed;
}

void time_clock_start (TimeClock *clock, int colour, double now)
{
  assert (clock && (colour == 0 || colour == 1));
  time_clock_stop (clock, now);
  clock->running = colour;
  clock->started = now;
}

double time_clock_move_done (TimeClock *clock, double now)
{
  assert (clock);
  int colour = clock->running;
  double elapsed = time_clock_stop (clock, now);
  if (colour >= 0 && !clock->flagged[colour])
    clock->remaining[colour] += clock->control.increment;
  return elapsed;
}

double time_clock_remaining (const TimeClock *clock, int colour, double now)
{
  assert (clock && (colour == 0 || colour == 1));
  double remaining = clock->remaining[colour];
  if (clock->running == colour && now > clock->started)
    remaining -= now - clock->started;
  return remaining > 0 ? remaining : 0;
}

bool time_clock_flagged (const TimeClock *clock, int colour, double now)
{
  assert (clock && (colour == 0 || colour == 1));
  return clock->flagged[colour] || time_clock_remaining (clock, colour, now) <= 0;
}

void time_clock_set_remaining (TimeClock *clock, int colour, double seconds)
{
  assert (clock && (colour == 0 || colour == 1));
  clock->remaining[colour] = seconds > 0 ? seconds : 0;
  clock->flagged[colour] = !(seconds > 0);
}

double time_control_think_seconds (double remaining, double increment, int empties)
{
  if (!(remaining > 0))
    return 0;
  double seconds = search_move_budget (remaining, increment, empties, 0);
  if (seconds > remaining * TIME_CONTROL_THINK_SHARE_MAX)
    seconds = remaining * TIME_CONTROL_THINK_SHARE_MAX;
  return seconds;
}
