/* verso-game-clock.c: the game's clock: a time control for both sides (time_control.h), the
 * clock of the side to move running while the game goes on, each move's time, and the loss on
 * time. The game never reads the time by itself but through its time source, which tests
 * replace, and it finds a fallen flag when a move is played or verso_game_check_time asks. Times
 * as the window writes and says them, for the clocks and the moves alike. */
#include "verso-game-private.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* The monotonic clock in seconds: the time source of a game that was given none. */
static double monotonic_seconds (gpointer unused)
{
  (void) unused;
  return (double) g_get_monotonic_time () / G_USEC_PER_SEC;
}

static double now (VersoGame *self)
{
  return self->time_source ? self->time_source (self->time_source_data)
                           : monotonic_seconds (NULL);
}

static int position_colour (VersoColor color)
{
  return color == VERSO_COLOR_WHITE ? POSITION_WHITE : POSITION_BLACK;
}

void verso_game_clock_init (VersoGame *self)
{
  self->move_seconds = g_array_new (FALSE, FALSE, sizeof (double));
  self->lost_on_time = -1;
}

void verso_game_clock_finalize (VersoGame *self)
{
  g_clear_pointer (&self->move_seconds, g_array_unref);
}

void verso_game_set_time_source (VersoGame *self, VersoGameTimeSource source, gpointer user_data)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  self->time_source = source;
  self->time_source_data = user_data;
}

/* The side whose clock should run: the side to move while the game goes on and is not paused.
 * A record of other players' game (verso_game_is_record) keeps its clock as read, stopped. */
static int running_colour (VersoGame *self)
{
  if (!self->has_clock || self->lost_on_time >= 0 || self->is_record || verso_game_is_over (self)
      || verso_game_get_paused (self))
    return -1;
  return position_colour (verso_game_get_turn (self));
}

void verso_game_clock_sync (VersoGame *self)
{
  int colour = running_colour (self);

  if (!self->has_clock || colour == self->clock.running)
    return;
  if (colour < 0)
    time_clock_stop (&self->clock, now (self));
  else
    time_clock_start (&self->clock, colour, now (self));
}

void verso_game_set_time_control (VersoGame *self, const TimeControl *control, gboolean rated)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (control == NULL || control->main_seconds > 0);

  self->has_clock = control != NULL;
  self->clock_rated = control && rated;
  self->lost_on_time = -1;
  g_array_set_size (self->move_seconds, 0);
  if (control)
    time_clock_init (&self->clock, control);
  verso_game_clock_sync (self);
}

gboolean verso_game_get_time_control (VersoGame *self, TimeControl *control, gboolean *rated)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  if (control && self->has_clock)
    *control = self->clock.control;
  if (rated)
    *rated = self->clock_rated;
  return self->has_clock;
}

double verso_game_get_time_left (VersoGame *self, VersoColor color)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  if (!self->has_clock)
    return -1;
  return time_clock_remaining (&self->clock, position_colour (color), now (self));
}

gboolean verso_game_get_clock_running (VersoGame *self, VersoColor color)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return self->has_clock && self->clock.running == position_colour (color);
}

double verso_game_get_move_seconds (VersoGame *self, guint ply)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), -1);
  if (ply == 0 || ply > self->move_seconds->len
      || ply > verso_record_get_length (self->record))
    return -1;
  return g_array_index (self->move_seconds, double, ply - 1);
}

gboolean verso_game_lost_on_time (VersoGame *self, VersoColor *loser)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  if (self->lost_on_time < 0)
    return FALSE;
  if (loser)
    *loser = self->lost_on_time == POSITION_WHITE ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
  return TRUE;
}

/* colour's flag fell: the game ends there, lost on time. */
static void lose_on_time (VersoGame *self, int colour)
{
  time_clock_stop (&self->clock, now (self));
  self->lost_on_time = colour;
  verso_game_stop_computer (self);
  verso_game_set_modified (self, TRUE);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_CHANGED], 0);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_GAME_OVER], 0);
}

gboolean verso_game_check_time (VersoGame *self)
{
  int colour;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  if (!self->has_clock)
    return FALSE;
  if (self->lost_on_time >= 0)
    return TRUE;
  colour = self->clock.running;
  if (colour < 0 || !time_clock_flagged (&self->clock, colour, now (self)))
    return FALSE;
  lose_on_time (self, colour);
  return TRUE;
}

void verso_game_clock_moved (VersoGame *self, guint ply, gboolean passed)
{
  double seconds;
  int mover;

  if (!self->has_clock)
    return;
  mover = self->clock.running;
  seconds = mover >= 0 ? time_clock_move_done (&self->clock, now (self)) : -1;
  /* The times of the line the move leaves are no longer this line's; moves before the clock was
   * set have none. */
  g_array_set_size (self->move_seconds, MIN (self->move_seconds->len, ply - 1));
  while (self->move_seconds->len < ply - 1) {
    double unknown = -1;
    g_array_append_val (self->move_seconds, unknown);
  }
  g_array_append_val (self->move_seconds, seconds);
  if (passed) {
    double none = 0;
    g_array_append_val (self->move_seconds, none);
  }
  if (mover >= 0 && self->clock.flagged[mover])
    self->lost_on_time = mover;
}

void verso_game_clock_undone (VersoGame *self, guint from, guint to)
{
  if (!self->has_clock || self->clock_rated)
    return;
  /* Unrated: each move taken back gives its time back, less the increment it earned. */
  for (guint ply = to + 1; ply <= from && ply <= self->move_seconds->len; ply++) {
    double seconds = g_array_index (self->move_seconds, double, ply - 1);
    int mover = verso_record_get_position (self->record, ply - 1)->side_to_move;

    if (seconds <= 0 || verso_record_get_move (self->record, ply) == BOARD_PASS)
      continue;
    self->clock.remaining[mover] += seconds - self->clock.control.increment;
    if (self->clock.remaining[mover] > 0)
      self->clock.flagged[mover] = FALSE;
  }
}

double verso_game_clock_think_seconds (VersoGame *self)
{
  VersoColor turn;

  if (!self->has_clock || self->lost_on_time >= 0)
    return 0;
  turn = verso_game_get_turn (self);
  return time_control_think_seconds (verso_game_get_time_left (self, turn), self->clock.control.increment,
                                     board_empties (&verso_game_shown_position (self)->board));
}

void verso_game_clock_restore (VersoGame *self, const TimeControl *control, gboolean rated,
                               const double time_left[2], const double *move_seconds,
                               guint n_moves, int lost_on_time)
{
  verso_game_set_time_control (self, control, rated);
  if (!control)
    return;
  for (int colour = 0; colour < 2; colour++)
    if (time_left[colour] >= 0)
      time_clock_set_remaining (&self->clock, colour, time_left[colour]);
  g_array_set_size (self->move_seconds, 0);
  g_array_append_vals (self->move_seconds, move_seconds, n_moves);
  self->lost_on_time = lost_on_time;
  verso_game_clock_sync (self);
}

void verso_game_clock_to_notation (VersoGame *self, NotationGame *game, gboolean with_times)
{
  game->clock.known = TRUE;
  for (int colour = 0; colour < 2; colour++) {
    game->clock.main[colour] = self->clock.control.main_seconds;
    game->clock.increment[colour] = self->clock.control.increment;
  }
  for (gsize k = 0; k < NOTATION_MAX_MOVES; k++)
    game->clock.move_seconds[k] = with_times && k < game->n_moves && k < self->move_seconds->len
                                  ? g_array_index (self->move_seconds, double, k) : -1;
}

char *verso_format_clock (double seconds, double tenths_below)
{
  long whole;

  seconds = MAX (seconds, 0);
  whole = (long) floor (seconds);
  if (seconds < tenths_below && whole < 60)
    return g_strdup_printf ("0:%02ld.%ld", whole, (long) floor (seconds * 10) % 10);
  if (whole >= 3600)
    return g_strdup_printf ("%ld:%02ld:%02ld", whole / 3600, whole / 60 % 60, whole % 60);
  return g_strdup_printf ("%ld:%02ld", whole / 60, whole % 60);
}

char *verso_format_duration (double seconds)
{
  long whole = (long) floor (MAX (seconds, 0));
  long hours = whole / 3600, minutes = whole / 60 % 60, secs = whole % 60;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  if (whole == 0 && seconds > 0)
    /* Translators: how long a move took, when it was under a second */
    return g_strdup (_("less than a second"));
  if (hours > 0) {
    first = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%ld hour", "%ld hours", hours), hours);
    second = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%ld minute", "%ld minutes", minutes), minutes);
  } else if (minutes > 0) {
    first = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%ld minute", "%ld minutes", minutes), minutes);
    second = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%ld second", "%ld seconds", secs), secs);
  } else {
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%ld second", "%ld seconds", secs), secs);
  }
  /* Translators: a time in two units, the larger first, e.g. "4 minutes 59 seconds" */
  return g_strdup_printf (_("%s %s"), first, second);
}
