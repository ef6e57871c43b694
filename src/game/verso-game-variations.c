/* verso-game-variations.c: the record's variations for the window: entering one, switching
 * between those of a position, promoting the line shown to the main line and deleting a
 * variation; each shows its result as navigation does (the computer waits, "changed"). */
#include "verso-game-private.h"
#include "verso-game-text.h"

guint verso_game_count_variations (VersoGame *self, guint ply)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  g_return_val_if_fail (ply >= 1 && ply <= verso_record_get_length (self->record), 0);
  return verso_record_count_branches (self->record, ply);
}

guint verso_game_get_variation (VersoGame *self, guint ply)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  g_return_val_if_fail (ply >= 1 && ply <= verso_record_get_length (self->record), 0);
  return verso_record_get_branch (self->record, ply);
}

int verso_game_get_variation_move (VersoGame *self, guint ply, guint index)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), BOARD_NO_MOVE);
  g_return_val_if_fail (ply >= 1 && ply <= verso_record_get_length (self->record), BOARD_NO_MOVE);
  return verso_record_get_branch_move (self->record, ply, index);
}

gboolean verso_game_has_variations (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return verso_record_has_variations (self->record);
}

guint verso_game_get_variation_ply (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);

  for (guint ply = verso_record_get_current (self->record); ply >= 1; ply--)
    if (verso_record_get_branch (self->record, ply) > 0)
      return ply;
  return 0;
}

/* Before a change of the line: the computer stops; returns whether the game was paused. */
static gboolean begin_change (VersoGame *self)
{
  verso_game_stop_computer (self);
  return verso_game_get_paused (self);
}

/* After it: what depends on the line is told, as after navigating (verso-game-play.c). */
static void end_change (VersoGame *self, gboolean paused_was, gboolean modified)
{
  self->navigated = verso_record_get_current (self->record) < verso_record_get_length (self->record);
  verso_game_changed_state (self, paused_was);
  if (modified)
    verso_game_set_modified (self, TRUE);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_CHANGED], 0);
  if (verso_game_is_over (self))
    g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_GAME_OVER], 0);
  verso_game_start_computer (self);
}

void verso_game_enter_variation (VersoGame *self, guint ply, guint index)
{
  gboolean paused_was;

  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (ply >= 1 && ply <= verso_record_get_length (self->record));
  g_return_if_fail (index < verso_record_count_branches (self->record, ply));

  paused_was = begin_change (self);
  verso_record_enter_branch (self->record, ply, index);
  end_change (self, paused_was, FALSE);
}

void verso_game_promote_variation (VersoGame *self)
{
  gboolean paused_was;

  g_return_if_fail (VERSO_IS_GAME (self));

  if (verso_record_is_main_line (self->record))
    return;
  paused_was = begin_change (self);
  verso_record_promote_line (self->record);
  end_change (self, paused_was, TRUE);
}

gboolean verso_game_delete_variation (VersoGame *self)
{
  guint ply;
  gboolean paused_was;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);

  ply = verso_game_get_variation_ply (self);
  if (ply == 0)
    return FALSE;
  paused_was = begin_change (self);
  g_clear_pointer (&self->deleted_from, verso_record_free);
  self->deleted_from = verso_record_copy (self->record);
  verso_record_delete_branch (self->record, ply);
  g_free (self->deleted_left);
  self->deleted_left = verso_sgf_write_record (self->record);
  end_change (self, paused_was, TRUE);
  return TRUE;
}

gboolean verso_game_can_undo_delete_variation (VersoGame *self)
{
  g_autofree char *tree = NULL;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);

  if (!self->deleted_from)
    return FALSE;
  tree = verso_sgf_write_record (self->record);
  return g_strcmp0 (tree, self->deleted_left) == 0;
}

gboolean verso_game_undo_delete_variation (VersoGame *self)
{
  gboolean paused_was;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);

  if (!verso_game_can_undo_delete_variation (self))
    return FALSE;
  paused_was = begin_change (self);
  verso_record_free (self->record);
  self->record = g_steal_pointer (&self->deleted_from);
  g_clear_pointer (&self->deleted_left, g_free);
  end_change (self, paused_was, TRUE);
  return TRUE;
}

/* The ply whose branches switching moves between: the last one with several at or before the
 * position shown, else the one just after it; 0 for none. */
static guint switching_ply (VersoGame *self)
{
  guint current = verso_record_get_current (self->record);

  for (guint ply = current; ply >= 1; ply--)
    if (verso_record_count_branches (self->record, ply) > 1)
      return ply;
  if (current < verso_record_get_length (self->record)
      && verso_record_count_branches (self->record, current + 1) > 1)
    return current + 1;
  return 0;
}

gboolean verso_game_switch_variation (VersoGame *self, int step)
{
  guint ply, count, index;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  g_return_val_if_fail (step == 1 || step == -1, FALSE);

  ply = switching_ply (self);
  if (ply == 0)
    return FALSE;
  count = verso_record_count_branches (self->record, ply);
  index = (verso_record_get_branch (self->record, ply) + (step > 0 ? 1 : count - 1)) % count;
  verso_game_enter_variation (self, ply, index);
  return TRUE;
}
