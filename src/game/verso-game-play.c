/* verso-game-play.c: the game as it is played: the position shown and what is true of it, moves
 * played into the record (verso-record.c), undo, redo and navigation with the computer's pause,
 * and the name of the opening the position follows. */
#include "verso-game-private.h"

#include <glib/gi18n-lib.h>

#include "notation.h"
#include "opening.h"

/* The named openings, parsed once for all games. */
static gpointer parse_opening_table (gpointer unused)
{
  NotationStatus status = { 0 };
  size_t line = 0;
  OpeningTable *table = opening_table_parse (opening_table_text, opening_table_text_length,
                                             &status, &line);

  (void) unused;
  if (!table)
    g_warning ("The opening table does not parse: line %zu: %s", line,
               notation_error_message (status.error));
  return table;
}

static const OpeningTable *opening_table (void)
{
  static GOnce once = G_ONCE_INIT;
  return g_once (&once, parse_opening_table, NULL);
}

const char *verso_game_find_opening (VersoGame *self)
{
  const OpeningTable *table = opening_table ();
  guint ply = verso_record_get_current (self->record);
  int moves[NOTATION_MAX_MOVES];

  if (!table || !verso_record_starts_standard (self->record))
    return NULL;
  for (guint k = 0; k < ply && k < G_N_ELEMENTS (moves); k++)
    moves[k] = verso_record_get_move (self->record, k + 1);
  return opening_table_name (table, verso_record_get_start (self->record), moves,
                             MIN (ply, G_N_ELEMENTS (moves)));
}

static void update_opening (VersoGame *self)
{
  const char *opening = verso_game_find_opening (self);

  if (g_strcmp0 (opening, self->opening) == 0)
    return;
  self->opening = opening;
  verso_game_notify (self, VERSO_GAME_PROP_OPENING);
}

static gboolean has_human (VersoGame *self)
{
  return self->players[VERSO_COLOR_BLACK] == VERSO_PLAYER_HUMAN
      || self->players[VERSO_COLOR_WHITE] == VERSO_PLAYER_HUMAN;
}

void verso_game_changed_state (VersoGame *self, gboolean paused_was)
{
  self->generation++;
  verso_game_analysis_changed (self);
  verso_game_notify (self, VERSO_GAME_PROP_CAN_UNDO);
  verso_game_notify (self, VERSO_GAME_PROP_CAN_REDO);
  if (paused_was != verso_game_get_paused (self))
    verso_game_notify (self, VERSO_GAME_PROP_PAUSED);
  update_opening (self);
  verso_game_clock_sync (self);
}

VersoColor verso_game_get_turn (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), VERSO_COLOR_BLACK);
  return verso_game_shown_position (self)->side_to_move == POSITION_WHITE ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
}

guint64 verso_game_get_discs (VersoGame *self, VersoColor color)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  return color == VERSO_COLOR_WHITE ? position_white (verso_game_shown_position (self))
                                    : position_black (verso_game_shown_position (self));
}

int verso_game_count (VersoGame *self, VersoColor color)
{
  return board_count (verso_game_get_discs (self, color));
}

guint64 verso_game_get_legal_moves (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  return board_legal_moves (&verso_game_shown_position (self)->board);
}

int verso_game_get_last_move (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), BOARD_NO_MOVE);
  /* Past a pass, the last disc played is the one before it. */
  for (guint ply = verso_record_get_current (self->record); ply > 0; ply--)
    if (verso_record_get_move (self->record, ply) != BOARD_PASS)
      return verso_record_get_move (self->record, ply);
  return BOARD_NO_MOVE;
}

gboolean verso_game_is_over (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  /* A loss on time ends the game where the flag fell: the positions before it can be looked at
   * (no move is accepted there either: verso_game_check_time). */
  if (self->lost_on_time >= 0 && verso_record_get_current (self->record) == verso_record_get_length (self->record))
    return TRUE;
  return board_is_game_over (&verso_game_shown_position (self)->board);
}

/* color's disc difference in the standard count, the empty squares given to the one with more. */
static int standard_final_score (VersoGame *self, VersoColor color)
{
  const Position *shown = verso_game_shown_position (self);
  int for_mover = board_final_score (&shown->board);

  return (shown->side_to_move == POSITION_WHITE) == (color == VERSO_COLOR_WHITE) ? for_mover : -for_mover;
}

int verso_game_get_final_score (VersoGame *self, VersoColor color)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  return rules_final_score (self->rules, standard_final_score (self, color));
}

int verso_game_get_final_count (VersoGame *self, VersoColor color)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  /* The two counts fill the board and differ by the standard final score (a draw halves it). */
  return (BOARD_SQUARES + standard_final_score (self, color)) / 2;
}

int verso_game_get_winner (VersoGame *self)
{
  int black;

  g_return_val_if_fail (VERSO_IS_GAME (self), -1);
  if (self->lost_on_time >= 0)
    return self->lost_on_time == POSITION_WHITE ? VERSO_COLOR_BLACK : VERSO_COLOR_WHITE;
  black = verso_game_get_final_score (self, VERSO_COLOR_BLACK);
  if (black == 0)
    return -1;
  return black > 0 ? VERSO_COLOR_BLACK : VERSO_COLOR_WHITE;
}

gboolean verso_game_is_human_turn (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return !verso_game_is_over (self)
      && verso_game_get_player (self, verso_game_get_turn (self)) == VERSO_PLAYER_HUMAN;
}

gboolean verso_game_get_thinking (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return self->computer_cancellable != NULL || self->pending_move_source != 0;
}

guint verso_game_get_ply (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  return verso_record_get_current (self->record);
}

guint verso_game_get_length (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  return verso_record_get_length (self->record);
}

const VersoRecord *verso_game_get_record (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  return self->record;
}

/* The message reaches the window (a move of the Database panel's no longer legal): it names the
 * square as the board does. */
static void set_illegal_move_error (GError **error, int square)
{
  char name[3];

  if (square < 0 || square > BOARD_PASS) {
    g_set_error_literal (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE, _("Not a legal move"));
    return;
  }
  notation_format_square (square, name);
  /* Translators: a move the rules do not allow in the position shown; %s is its square, e.g.
   * "f5", or "PA" for a pass */
  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE, _("%s is not a legal move here"), name);
}

gboolean verso_game_play_checked (VersoGame *self, int square, GError **error)
{
  VersoColor mover = verso_game_get_turn (self);
  guint ply = verso_record_get_current (self->record) + 1;
  gboolean passed = FALSE;
  gboolean paused_was = verso_game_get_paused (self);

  /* A flag that fell before the move ends the game. */
  if (verso_game_check_time (self) || verso_game_is_over (self)) {
    g_set_error_literal (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_GAME_OVER, _("The game is over"));
    return FALSE;
  }
  /* A balanced start's moves are given: no other line may replace them. */
  if (ply <= self->given_moves && square != verso_record_get_move (self->record, ply)) {
    g_set_error_literal (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE,
                         _("The moves of the balanced start cannot be changed"));
    return FALSE;
  }
  if (!verso_record_play (self->record, square, &passed)) {
    set_illegal_move_error (error, square);
    return FALSE;
  }
  self->navigated = FALSE;
  verso_game_clock_moved (self, ply, passed);
  verso_game_changed_state (self, paused_was);
  verso_game_coach_played (self, ply);
  verso_game_set_modified (self, TRUE);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_MOVE_PLAYED], 0, square,
                 verso_record_get_flips (self->record, ply));
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_CHANGED], 0);
  if (passed)
    g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_PASS], 0, (int) verso_color_other (mover));
  if (verso_game_is_over (self))
    g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_GAME_OVER], 0);
  verso_game_start_computer (self);
  return TRUE;
}

gboolean verso_game_play (VersoGame *self, int square, GError **error)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!verso_game_is_over (self) && !verso_game_is_human_turn (self)) {
    g_set_error_literal (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_NOT_YOUR_TURN,
                         _("It is the computer's turn"));
    return FALSE;
  }
  /* A person's move ends a pause (verso_game_pause). */
  if (!self->held)
    return verso_game_play_checked (self, square, error);
  self->held = FALSE;
  if (!verso_game_play_checked (self, square, error)) {
    self->held = TRUE;
    return FALSE;
  }
  verso_game_notify (self, VERSO_GAME_PROP_PAUSED);
  return TRUE;
}

static VersoColor turn_at (VersoGame *self, guint ply)
{
  return verso_record_get_position (self->record, ply)->side_to_move == POSITION_WHITE
       ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
}

/* Where undo goes: the latest earlier position a human moves from (any earlier resting one
 * when no human plays), never before the given moves; -1 when there is none. */
static int undo_target (VersoGame *self)
{
  for (int ply = (int) verso_record_get_current (self->record) - 1; ply >= (int) self->given_moves; ply--) {
    if (!verso_record_is_resting (self->record, ply))
      continue;
    if (!has_human (self) || self->players[turn_at (self, ply)] == VERSO_PLAYER_HUMAN)
      return ply;
  }
  return -1;
}

/* Where redo goes: the next position a human moves from or the game ends in; else the last. */
static int redo_target (VersoGame *self)
{
  guint current = verso_record_get_current (self->record);
  guint length = verso_record_get_length (self->record);

  for (guint ply = current + 1; ply <= length; ply++) {
    if (!verso_record_is_resting (self->record, ply))
      continue;
    if (!has_human (self) || board_is_game_over (&verso_record_get_position (self->record, ply)->board)
        || self->players[turn_at (self, ply)] == VERSO_PLAYER_HUMAN)
      return ply;
  }
  return length > current ? (int) length : -1;
}

gboolean verso_game_can_undo (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return undo_target (self) >= 0;
}

gboolean verso_game_can_redo (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return redo_target (self) >= 0;
}

/* Navigation: shows another position of the record; the computer waits there while moves
 * follow it. */
static void go_to (VersoGame *self, int ply)
{
  gboolean paused_was;

  if (ply < 0)
    return;
  verso_game_stop_computer (self);
  paused_was = verso_game_get_paused (self);
  verso_record_go_to (self->record, (guint) ply);
  self->navigated = verso_record_get_current (self->record) < verso_record_get_length (self->record);
  verso_game_changed_state (self, paused_was);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_CHANGED], 0);
  if (verso_game_is_over (self))
    g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_GAME_OVER], 0);
  verso_game_start_computer (self);
}

void verso_game_undo (VersoGame *self)
{
  guint from;
  int target;

  g_return_if_fail (VERSO_IS_GAME (self));
  from = verso_record_get_current (self->record);
  target = undo_target (self);
  if (target >= 0)
    verso_game_clock_undone (self, from, (guint) target);
  go_to (self, target);
}

void verso_game_redo (VersoGame *self)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  go_to (self, redo_target (self));
}

void verso_game_go_to (VersoGame *self, guint ply)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (ply <= verso_record_get_length (self->record));
  if (ply != verso_record_get_current (self->record))
    go_to (self, (int) ply);
}

void verso_game_go_back (VersoGame *self)
{
  guint ply;

  g_return_if_fail (VERSO_IS_GAME (self));
  ply = verso_record_get_current (self->record);
  for (guint target = ply; target > 0 && verso_record_get_current (self->record) == ply; target--)
    go_to (self, (int) target - 1);
}

void verso_game_go_forward (VersoGame *self)
{
  guint ply, length;

  g_return_if_fail (VERSO_IS_GAME (self));
  ply = verso_record_get_current (self->record);
  length = verso_record_get_length (self->record);
  for (guint target = ply + 1; target <= length && verso_record_get_current (self->record) == ply; target++)
    go_to (self, (int) target);
}

gboolean verso_game_get_paused (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  /* At the end there is nothing to pause (a pause held there stays for the positions before). */
  if (self->held)
    return !verso_game_is_over (self);
  return self->navigated
      && verso_record_get_current (self->record) < verso_record_get_length (self->record)
      && !verso_game_is_over (self)
      && verso_game_get_player (self, verso_game_get_turn (self)) == VERSO_PLAYER_COMPUTER;
}

void verso_game_pause (VersoGame *self)
{
  gboolean paused_was;

  g_return_if_fail (VERSO_IS_GAME (self));

  if (self->held)
    return;
  /* Its answer, found or waiting for its delay, is dropped: resume searches again. */
  verso_game_stop_computer (self);
  paused_was = verso_game_get_paused (self);
  self->held = TRUE;
  verso_game_clock_sync (self);
  if (paused_was != verso_game_get_paused (self))
    verso_game_notify (self, VERSO_GAME_PROP_PAUSED);
}

void verso_game_resume (VersoGame *self)
{
  gboolean paused_was;

  g_return_if_fail (VERSO_IS_GAME (self));

  paused_was = verso_game_get_paused (self);
  self->held = FALSE;
  self->navigated = FALSE;
  verso_game_clock_sync (self);
  if (paused_was)
    verso_game_notify (self, VERSO_GAME_PROP_PAUSED);
  verso_game_start_computer (self);
}

const char *verso_game_get_opening (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  return self->opening;
}

char *verso_game_get_transcript (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  return verso_record_get_transcript (self->record, verso_record_get_current (self->record));
}
