/* verso-game-private.h: the game's state, shared by the files of VersoGame: verso-game.c (the
 * object, its making and its players), verso-game-play.c (moves and navigation),
 * verso-game-computer.c (the computer's moves and hints), the text and file formats
 * (verso-game-text.h) and the analyst's jobs (verso-game-analysis-private.h). */
#pragma once

#include "verso-computer.h"
#include "verso-hosted-engine.h"
#include "verso-game.h"
#include "verso-game-analysis.h"
#include "verso-game-files.h"

G_BEGIN_DECLS

struct _VersoGame {
  GObject parent_instance;

  VersoRecord *record;
  VersoPlayer players[2];
  LevelId levels[2];   /* indexed by VersoColor: the computer's level when it plays that colour */
  gboolean has_mix;    /* "Match my level": the computer plays as mix (levels[] its nearest) */
  LevelMix mix;
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
  /* A record of a game between its players (verso_game_is_record), and what its file says of
   * them: owned strings, NULL where unknown. */
  gboolean is_record;
  char *details[VERSO_N_DETAILS];
  /* When a game played here began (seconds since 1970, UTC): its GGF date, so that the game
   * written twice is the same game to the library. Kept in the session. */
  gint64 started;
  /* The last variation deleted, for its undo (verso-game-variations.c): the record before, and
   * the tree it left (SGF), which the record must still be for the undo to apply. */
  VersoRecord *deleted_from;
  char *deleted_left;

  VersoComputer *computer;
  /* The colours another engine plays (verso-game-engine.c), NULL where Verso's levels do, with
   * the name the record gives it; and the limits on their waits. */
  VersoHostedEngine *engines[2];
  char *engine_names[2];
  double engine_start_seconds, engine_move_seconds;
  /* The engine asked for hints instead of Verso's analysis (verso-game-hint-engine.c), NULL when
   * Verso gives them, with the name its messages give it; and its hints under way. */
  VersoHostedEngine *hint_engine;
  char *hint_engine_name;
  GList *engine_hints;
  GCancellable *computer_cancellable; /* set while the computer thinks */
  guint generation;                   /* changes with every position change; older answers are stale */
  guint pending_move_source;          /* the computer's move, waiting for its delay */
  int pending_move;

  /* Move scores, live scores, the coach and the review (verso-game-analysis-private.h). */
  struct _VersoGameAnalysis *analysis;

  /* The clock (verso-game-clock.c), when the game has a time control (has_clock). */
  gboolean has_clock;
  gboolean clock_rated;
  TimeClock clock;                    /* runs for the side to move (verso_game_clock_sync) */
  VersoGameTimeSource time_source;    /* NULL: the monotonic clock */
  gpointer time_source_data;
  GArray *move_seconds;               /* double per ply of the line played, -1: not known */
  int lost_on_time;                   /* POSITION_BLACK or POSITION_WHITE whose flag fell, or -1 */
};

/* The properties and signals of verso-game.c (verso-game.h says what each means). */
typedef enum {
  VERSO_GAME_PROP_0,
  VERSO_GAME_PROP_THINKING,
  VERSO_GAME_PROP_CAN_UNDO,
  VERSO_GAME_PROP_CAN_REDO,
  VERSO_GAME_PROP_LEVEL,
  VERSO_GAME_PROP_PAUSED,
  VERSO_GAME_PROP_OPENING,
  VERSO_GAME_PROP_FILE,
  VERSO_GAME_PROP_MODIFIED,
  VERSO_GAME_PROP_COACH,
  VERSO_GAME_PROP_SCORES,
  VERSO_GAME_PROP_RULES,
  VERSO_GAME_PROP_RECORD,
  VERSO_GAME_N_PROPS
} VersoGameProperty;
extern GParamSpec *verso_game_properties[VERSO_GAME_N_PROPS];

typedef enum {
  VERSO_GAME_SIGNAL_CHANGED,
  VERSO_GAME_SIGNAL_MOVE_PLAYED,
  VERSO_GAME_SIGNAL_PASS,
  VERSO_GAME_SIGNAL_GAME_OVER,
  VERSO_GAME_SIGNAL_MOVE_SCORED,
  VERSO_GAME_SIGNAL_SCORES_CHANGED,
  VERSO_GAME_SIGNAL_ENGINE_FAILED,
  VERSO_GAME_N_SIGNALS
} VersoGameSignal;
extern guint verso_game_signals[VERSO_GAME_N_SIGNALS];

static inline void verso_game_notify (VersoGame *game, VersoGameProperty property)
{
  g_object_notify_by_pspec (G_OBJECT (game), verso_game_properties[property]);
}

/* Sets a flag of the game; FALSE when it had that value already (nothing to notify). */
static inline gboolean verso_game_change_flag (gboolean *flag, gboolean value)
{
  if (*flag == !!value)
    return FALSE;
  *flag = !!value;
  return TRUE;
}

static inline const Position *verso_game_shown_position (VersoGame *game)
{
  return verso_record_get_position (game->record, verso_record_get_current (game->record));
}

/* A game showing the record's current position, which it takes; no signal is emitted and the
 * computer is not started. navigated says whether the position shown was reached by navigating
 * (a saved session restored in the middle of its record). */
VersoGame *verso_game_new_with_record (VersoPlayer black, VersoPlayer white, LevelId level,
                                       VersoRecord *record, gboolean navigated);

/* The last second GDateTime can hold (9999-12-31 23:59:59 UTC): a later "started" is no date. */
#define VERSO_GAME_LAST_DATE G_GINT64_CONSTANT (253402300799)

/* verso-game.c: the game is no longer a record of other players: its details go, "record" is
 * notified; the caller tells what else changed. */
void verso_game_end_record (VersoGame *game);

/* verso-game-engine.c, for the other files of the game. */
void verso_game_engine_init (VersoGame *game);
/* Color's engine dropped (its process stopped in a thread of its own); its player is unchanged. */
void verso_game_engine_clear (VersoGame *game, VersoColor color);
/* Asks the engine of the side to move for its move in the position shown, within its limit. */
void verso_game_engine_choose_move (VersoGame *game, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data);
/* The engine answered for the position shown: the name it gave itself when it started is kept. */
void verso_game_engine_take_name (VersoGame *game, VersoHostedEngine *engine);
/* The engine, still the player of the side to move, failed with error (VERSO_HOSTED_ENGINE_ERROR)
 * for the position shown: its colour goes to a person and "engine-failed" is emitted. */
void verso_game_engine_failed (VersoGame *game, VersoHostedEngine *engine, const GError *error);
/* The game up to the position shown, as an engine is sent it: the line shown, the players'
 * names, and when with_clock and the game has one, the time control with each move's time. */
void verso_game_engine_game_so_far (VersoGame *game, gboolean with_clock, NotationGame *notation);
/* What an engine called name did (error, VERSO_HOSTED_ENGINE_ERROR), in the person's words: as a
 * player's move, or as a hint when hint. Free with g_free. */
char *verso_game_engine_failure_message (VersoGame *game, const char *name, const GError *error,
                                         gboolean hint);

/* verso-game-hint-engine.c, for the other files of the game. */
void verso_game_hint_engine_dispose (VersoGame *game);
/* Asks the hint engine for task, a hint of verso_game_hint_async (its answer the task data), in
 * the position shown; Verso's own hint answers when the engine fails. */
void verso_game_engine_hint (VersoGame *game, GTask *task);
/* The hint engine's hints under way for another position than the one shown (all of them when
 * all) stopped now, their engine killed; each ends as cancelled. */
void verso_game_engine_hints_cancel (VersoGame *game, gboolean all);
/* Verso's own hint (verso-game-computer.c) for task, a hint of verso_game_hint_async whose
 * answer is its task data: from the game's analysis of the position shown. */
void verso_game_verso_hint (VersoGame *game, GTask *task);

/* verso-game-play.c, for the other files of the game. */
/* The name of the opening the position shown follows, or NULL. */
const char *verso_game_find_opening (VersoGame *game);
/* After any change of the record, the position shown or the players: what depends on them is
 * told, and answers asked for before are stale. */
void verso_game_changed_state (VersoGame *game, gboolean paused_was);
/* Plays a move of whoever is to move (the computer's too), with the errors of verso_game_play. */
gboolean verso_game_play_checked (VersoGame *game, int square, GError **error);

/* verso-game-analysis.c and verso-game-coach.c, called by the rest of the game. */
void verso_game_analysis_init (VersoGame *game);
/* Cancels every job; their late answers find no game. */
void verso_game_analysis_dispose (VersoGame *game);
void verso_game_analysis_finalize (VersoGame *game);
/* After any change of the record or the position shown: scores of moves no longer recorded
 * are dropped, jobs for them cancelled, live scores of another position dropped. */
void verso_game_analysis_changed (VersoGame *game);
/* The computer started or stopped searching (live scores wait while it does). */
void verso_game_analysis_thinking_changed (VersoGame *game);
/* Moves first_ply .. the record's length were just played (a forced pass makes two): the coach
 * scores them. */
void verso_game_coach_played (VersoGame *game, guint first_ply);
/* For tests: every analysis job (coach, live scores, review) searches to depth and solves
 * exactly from exact_empties empties, without a time limit when seconds is 0. */
void verso_game_set_analysis_limits (VersoGame *game, int depth, int exact_empties, double seconds);

/* verso-game-clock.c, for the other files of the game. */
void verso_game_clock_init (VersoGame *game);
void verso_game_clock_finalize (VersoGame *game);
/* Runs the clock of the side to move when the game goes on and is not paused, else none; after
 * every change of the position shown or of the pause. */
void verso_game_clock_sync (VersoGame *game);
/* The move to ply (and the forced pass after it when passed) was just played: the mover's clock
 * stops, gets its increment, and the move's time is kept; a flag fallen meanwhile loses. */
void verso_game_clock_moved (VersoGame *game, guint ply, gboolean passed);
/* Undo went from position from back to position to: an unrated game gives the time back. */
void verso_game_clock_undone (VersoGame *game, guint from, guint to);
/* The game's clock as a record has it (game has_clock): the control for both sides, and each of
 * game's n_moves moves' time when with_times (the line played is the record's), else none. */
void verso_game_clock_to_notation (VersoGame *game, NotationGame *notation, gboolean with_times);
/* The most seconds the computer may think on the move shown: its share of the clock of the side
 * to move (time_control_think_seconds), or 0 without a clock. */
double verso_game_clock_think_seconds (VersoGame *game);
/* A saved game's clock (a negative time left: the control's whole time). */
void verso_game_clock_restore (VersoGame *game, const TimeControl *control, gboolean rated,
                               const double time_left[2], const double *move_seconds,
                               guint n_moves, int lost_on_time);

G_END_DECLS
