/* verso-game-binding.h: how a view follows its game: the game's signals it listens to are
 * connected when the game is set and disconnected when another game (or none, from dispose)
 * takes its place. The board view, the evaluation graph, the move list and the sounds follow
 * their game this way. */
#pragma once

#include "verso-game.h"

G_BEGIN_DECLS

#define VERSO_GAME_BINDING_MAX_SIGNALS 4

/* A signal of the game and its handler, which gets the follower as its data. */
typedef struct {
  const char *name;
  GCallback handler;
} VersoGameSignal;

typedef struct {
  VersoGame **game;       /* the follower's own field, which holds a reference to the game */
  gpointer follower;
  const VersoGameSignal *signals;
  guint n_signals;
  gulong handler_ids[VERSO_GAME_BINDING_MAX_SIGNALS];
} VersoGameBinding;

/* From the follower's init: *game (NULL so far) is the follower's field for the game, and signals
 * (static, at most VERSO_GAME_BINDING_MAX_SIGNALS) are what it listens to. */
void verso_game_binding_init (VersoGameBinding *binding, VersoGame **game, gpointer follower,
                              const VersoGameSignal *signals, guint n_signals);
/* Follows game (NULL: none) instead of the one followed; FALSE, with nothing done, when it was
 * the one followed. */
gboolean verso_game_binding_set (VersoGameBinding *binding, VersoGame *game);

G_END_DECLS
