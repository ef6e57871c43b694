/* time_control.h: a game's time control (minutes a side and seconds added after each move,
 * "MINUTES[+SECONDS]"), the two-sided clock that counts it down, and how long the computer
 * thinks on it. The clock never reads the time itself: every call is given `now`, seconds on any
 * monotonic scale (clock_seconds (), or a test's own), so that games and tests decide time. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#define TIME_CONTROL_MAX_MINUTES 600.0 /* ten hours a side */
#define TIME_CONTROL_MAX_INCREMENT 600.0

typedef struct TimeControl {
  double main_seconds; /* each side's time at the start, > 0 */
  double increment;    /* seconds added to a side's clock after each of its moves, >= 0 */
} TimeControl;

typedef enum TimeControlError {
  TIME_CONTROL_OK,
  TIME_CONTROL_ERROR_EMPTY,         /* nothing but white space */
  TIME_CONTROL_ERROR_MINUTES,       /* the minutes are not a number */
  TIME_CONTROL_ERROR_MINUTES_RANGE, /* the minutes are not above 0 and at most 600 */
  TIME_CONTROL_ERROR_INCREMENT,     /* no number of seconds after '+' */
  TIME_CONTROL_ERROR_INCREMENT_RANGE, /* the seconds are above 600 */
  TIME_CONTROL_ERROR_TRAILING,      /* something after the control */
} TimeControlError;

/* Reads "MINUTES[+SECONDS]" from text[0..length): "5", "1+2", "0.5+1", white space around the
 * parts allowed, a decimal point whatever the locale. On an error *control is unchanged and
 * *offset (may be NULL) says where in text it is. */
TimeControlError time_control_parse (const char *text, size_t length, TimeControl *control,
                                     size_t *offset);
/* What went wrong, in English, for the command line: "the minutes are not a number". */
const char *time_control_error_message (TimeControlError error);
/* Writes the control as time_control_parse reads it ("5", "1+2", "0.5+1"), with a NUL when
 * size > 0; returns the whole length, as snprintf does. */
size_t time_control_format (const TimeControl *control, char *out, size_t size);

/* Both sides' clocks, indexed by POSITION_BLACK and POSITION_WHITE (position.h). At most one
 * runs at a time. A side whose time reaches 0 while its clock runs has lost on time (flagged):
 * its clock stays at 0 and gets no more increments. */
typedef struct TimeClock {
  TimeControl control;
  double remaining[2]; /* seconds, as of the last stop (the running side's less since `started`) */
  bool flagged[2];
  int running;         /* the side whose clock runs, or -1 */
  double started;      /* when it started, on the caller's scale */
} TimeClock;

/* Both sides at the control's main time, no clock running. */
void time_clock_init (TimeClock *clock, const TimeControl *control);
/* Starts `colour`'s clock at `now` (the other one stops first). */
void time_clock_start (TimeClock *clock, int colour, double now);
/* Stops the running clock (a pause; nothing added) and returns the seconds it ran since it
 * started, 0 when none ran. */
double time_clock_stop (TimeClock *clock, double now);
/* The running side has moved: its clock stops and, unless it flagged, gets the increment.
 * Returns the seconds the move took. */
double time_clock_move_done (TimeClock *clock, double now);
/* `colour`'s time left at `now`, never below 0. */
double time_clock_remaining (const TimeClock *clock, int colour, double now);
/* Whether `colour` has run out of time by `now`. */
bool time_clock_flagged (const TimeClock *clock, int colour, double now);
/* Sets `colour`'s time left (restoring a saved game), clears its flag unless it is 0. */
void time_clock_set_remaining (TimeClock *clock, int colour, double seconds);

/* The seconds the computer may think on a move with `remaining` seconds on its clock, the
 * increment and `empties` empty squares: search_move_budget's share of the clock (less time left,
 * faster moves), never more than half the time left, so that a move can never take the clock
 * down to 0 (search_limits_set_budget then ends the search, an exact solve included, within
 * it). Non-decreasing in `remaining`. */
double time_control_think_seconds (double remaining, double increment, int empties);
