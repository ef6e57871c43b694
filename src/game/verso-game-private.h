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
  LevelId levels[2];   /* indexed by VersoColor: the computer's level when it plays that colour */
  Rules rules;         /* fixed at creation */
  guint given_moves;   /* plies of a balanced start at the record's beginning (0: none) */
  guint move_delay;
  /* verso_game_pause: the computer waits until verso_game_resume or a person's move. */
  gboolean held;
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

  /* Analysis of the record, live scores and the coach (verso-game-analysis.c). */
  struct _VersoGameAnalysis *analysis;
};

/* A game showing the record's current position, which it takes; no signal is emitted and the
 * computer is not started. navigated says whether the position shown was reached by navigating
 * (a saved session restored in the middle of its record). */
VersoGame *verso_game_new_with_record (VersoPlayer black, VersoPlayer white, LevelId level,
                                       VersoRecord *record, gboolean navigated);

/* verso-game-analysis.c, called by verso-game.c. */
void verso_game_analysis_init (VersoGame *game);
/* Cancels every job; their late answers find no game. */
void verso_game_analysis_dispose (VersoGame *game);
void verso_game_analysis_finalize (VersoGame *game);
/* After any change of the record or the position shown: scores of moves no longer recorded
 * are dropped, jobs for them cancelled, live scores of another position dropped. */
void verso_game_analysis_changed (VersoGame *game);
/* Moves first_ply .. the record's length were just played (a forced pass makes two). */
void verso_game_analysis_played (VersoGame *game, guint first_ply);
/* The computer started or stopped searching (live scores wait while it does). */
void verso_game_analysis_thinking_changed (VersoGame *game);
/* Signals and properties of verso-game.c, for verso-game-analysis.c. */
void verso_game_emit_move_scored (VersoGame *game, guint ply);
void verso_game_emit_scores_changed (VersoGame *game);
void verso_game_notify_coach (VersoGame *game);
void verso_game_notify_show_scores (VersoGame *game);
/* For tests: every analysis job (coach, live scores, Analyse Game) searches to depth and solves
 * exactly from exact_empties empties, without a time limit when seconds is 0. */
void verso_game_set_analysis_limits (VersoGame *game, int depth, int exact_empties, double seconds);

G_END_DECLS
