/* verso-game-private.h: the game's state, shared by verso-game.c (play, navigation, the
 * computer) and verso-game-files.c (text, files and the saved session). */
#pragma once

#include "verso-computer.h"
#include "verso-game.h"

G_BEGIN_DECLS

struct _VersoGame {
  GObject parent_instance;

  VersoRecord *record;
  VersoPlayer players[2];
  LevelId level;
  guint move_delay;
  /* The position shown was reached by navigating; while moves follow it the computer waits
   * (verso_game_get_paused). A move or verso_game_resume clears it. */
  gboolean navigated;
  const char *opening; /* the opening table's name for the position shown, or NULL */
  GFile *file;
  gboolean modified;

  VersoComputer *computer;
  GCancellable *computer_cancellable; /* set while the computer thinks */
  guint generation;                   /* changes with every position change; older answers are stale */
  guint pending_move_source;          /* the computer's move, waiting for its delay */
  int pending_move;
};

/* A game showing the record's current position, which it takes; no signal is emitted and the
 * computer is not started. navigated says whether the position shown was reached by navigating
 * (a saved session restored in the middle of its record). */
VersoGame *verso_game_new_with_record (VersoPlayer black, VersoPlayer white, LevelId level,
                                       VersoRecord *record, gboolean navigated);

G_END_DECLS
