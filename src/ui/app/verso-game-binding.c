/* verso-game-binding.c: a view's game and the handlers it connected to it, kept together so
 * that every connect has its disconnect. */
#include "verso-game-binding.h"

void verso_game_binding_init (VersoGameBinding *binding, VersoGame **game, gpointer follower,
                              const VersoGameSignal *signals, guint n_signals)
{
  g_return_if_fail (n_signals <= VERSO_GAME_BINDING_MAX_SIGNALS);

  *binding = (VersoGameBinding) { game, follower, signals, n_signals, { 0 } };
}

gboolean verso_game_binding_set (VersoGameBinding *binding, VersoGame *game)
{
  g_return_val_if_fail (game == NULL || VERSO_IS_GAME (game), FALSE);

  if (*binding->game == game)
    return FALSE;
  for (guint i = 0; i < binding->n_signals && *binding->game; i++)
    g_clear_signal_handler (&binding->handler_ids[i], *binding->game);
  g_set_object (binding->game, game);
  for (guint i = 0; i < binding->n_signals && game; i++)
    binding->handler_ids[i] = g_signal_connect (game, binding->signals[i].name, binding->signals[i].handler,
                                                binding->follower);
  return TRUE;
}
