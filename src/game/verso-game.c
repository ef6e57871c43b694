/* verso-game.c: the game model. Positions are kept from the start to the last move played;
 * `current` is the one shown, and those after it can be redone. Passes are recorded as moves
 * (BOARD_PASS) and played automatically, so the position shown always has a legal move for the
 * side to move, or is the end of the game. */
#include "verso-game.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#include "verso-computer.h"

#define SAVE_GROUP "Verso Game"
#define SAVE_VERSION 1
#define DEFAULT_MOVE_DELAY_MS 400
#define HINT_SECONDS 1.0

typedef struct {
  Board board;      /* as seen by the side to move */
  VersoColor turn;  /* the side to move */
  int move;         /* the move that led here: a square, BOARD_PASS, or BOARD_NO_MOVE at the start */
  guint64 flips;    /* the discs that move turned over */
} Position;

struct _VersoGame {
  GObject parent_instance;

  GArray *positions; /* of Position; [0] is the start */
  guint current;
  VersoPlayer players[2];
  LevelId level;
  guint move_delay;

  VersoComputer *computer;
  GCancellable *computer_cancellable; /* set while the computer thinks */
  guint generation;                   /* changes with every position change; older answers are stale */
  guint pending_move_source;          /* the computer's move, waiting for its delay */
  int pending_move;
};

G_DEFINE_FINAL_TYPE (VersoGame, verso_game, G_TYPE_OBJECT)
G_DEFINE_QUARK (verso-game-error-quark, verso_game_error)

enum {
  PROP_0,
  PROP_THINKING,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_LEVEL,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_CHANGED,
  SIGNAL_MOVE_PLAYED,
  SIGNAL_PASS,
  SIGNAL_GAME_OVER,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static const char *const player_names[] = { "human", "computer" };

static inline Position *position_at (VersoGame *self, guint index)
{
  return &g_array_index (self->positions, Position, index);
}

static inline Position *current_position (VersoGame *self)
{
  return position_at (self, self->current);
}

/* A position play can rest on: the side to move has a move, or the game is over. */
static gboolean position_is_resting (const Position *position)
{
  return board_legal_moves (&position->board) != 0 || board_is_game_over (&position->board);
}

static void verso_game_dispose (GObject *object)
{
  VersoGame *self = VERSO_GAME (object);

  verso_game_stop_computer (self);
  g_clear_object (&self->computer);
  G_OBJECT_CLASS (verso_game_parent_class)->dispose (object);
}

static void verso_game_finalize (GObject *object)
{
  VersoGame *self = VERSO_GAME (object);

  g_array_unref (self->positions);
  G_OBJECT_CLASS (verso_game_parent_class)->finalize (object);
}

static void verso_game_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  VersoGame *self = VERSO_GAME (object);

  switch (prop_id) {
  case PROP_THINKING:
    g_value_set_boolean (value, verso_game_get_thinking (self));
    break;
  case PROP_CAN_UNDO:
    g_value_set_boolean (value, verso_game_can_undo (self));
    break;
  case PROP_CAN_REDO:
    g_value_set_boolean (value, verso_game_can_redo (self));
    break;
  case PROP_LEVEL:
    g_value_set_int (value, self->level);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void verso_game_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  VersoGame *self = VERSO_GAME (object);

  switch (prop_id) {
  case PROP_LEVEL:
    verso_game_set_level (self, g_value_get_int (value));
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void verso_game_class_init (VersoGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = verso_game_dispose;
  object_class->finalize = verso_game_finalize;
  object_class->get_property = verso_game_get_property;
  object_class->set_property = verso_game_set_property;

  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, 0, LEVEL_COUNT - 1, LEVEL_DEFAULT,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The position shown changed (a move, a pass, undo, redo, or a new player). */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* A disc was played on square and turned over flips (emitted before "changed"). */
  signals[SIGNAL_MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_UINT64);
  /* The colour had no legal move and passed. */
  signals[SIGNAL_PASS] =
    g_signal_new ("pass", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);
  signals[SIGNAL_GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void verso_game_init (VersoGame *self)
{
  Position start = { .turn = VERSO_COLOR_BLACK, .move = BOARD_NO_MOVE, .flips = 0 };

  board_init (&start.board);
  self->positions = g_array_new (FALSE, FALSE, sizeof (Position));
  g_array_append_val (self->positions, start);
  self->current = 0;
  self->level = LEVEL_DEFAULT;
  self->move_delay = DEFAULT_MOVE_DELAY_MS;
  self->computer = verso_computer_new ();
}

VersoGame *verso_game_new (VersoPlayer black, VersoPlayer white, LevelId level)
{
  VersoGame *self = g_object_new (VERSO_TYPE_GAME, NULL);

  g_return_val_if_fail (level < LEVEL_COUNT, self);
  self->players[VERSO_COLOR_BLACK] = black;
  self->players[VERSO_COLOR_WHITE] = white;
  self->level = level;
  return self;
}

VersoGame *verso_game_new_for_mode (VersoMode mode, VersoColor human_color, LevelId level)
{
  switch (mode) {
  case VERSO_MODE_TWO_PLAYERS:
    return verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, level);
  case VERSO_MODE_COMPUTER_ONLY:
    return verso_game_new (VERSO_PLAYER_COMPUTER, VERSO_PLAYER_COMPUTER, level);
  case VERSO_MODE_VERSUS_COMPUTER:
  default:
    return human_color == VERSO_COLOR_WHITE
         ? verso_game_new (VERSO_PLAYER_COMPUTER, VERSO_PLAYER_HUMAN, level)
         : verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER, level);
  }
}

VersoPlayer verso_game_get_player (VersoGame *self, VersoColor color)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), VERSO_PLAYER_HUMAN);
  return self->players[color == VERSO_COLOR_WHITE];
}

static gboolean has_human (VersoGame *self)
{
  return self->players[VERSO_COLOR_BLACK] == VERSO_PLAYER_HUMAN
      || self->players[VERSO_COLOR_WHITE] == VERSO_PLAYER_HUMAN;
}

static void notify_history (VersoGame *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
}

void verso_game_set_player (VersoGame *self, VersoColor color, VersoPlayer player)
{
  g_return_if_fail (VERSO_IS_GAME (self));

  if (self->players[color == VERSO_COLOR_WHITE] == player)
    return;
  verso_game_stop_computer (self);
  self->players[color == VERSO_COLOR_WHITE] = player;
  self->generation++;
  notify_history (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  verso_game_start_computer (self);
}

VersoMode verso_game_get_mode (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), VERSO_MODE_VERSUS_COMPUTER);

  if (self->players[0] == VERSO_PLAYER_HUMAN && self->players[1] == VERSO_PLAYER_HUMAN)
    return VERSO_MODE_TWO_PLAYERS;
  if (self->players[0] == VERSO_PLAYER_COMPUTER && self->players[1] == VERSO_PLAYER_COMPUTER)
    return VERSO_MODE_COMPUTER_ONLY;
  return VERSO_MODE_VERSUS_COMPUTER;
}

LevelId verso_game_get_level (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), LEVEL_DEFAULT);
  return self->level;
}

/* A new level applies at once: a search under way starts again at the new level. */
void verso_game_set_level (VersoGame *self, LevelId level)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (level < LEVEL_COUNT);

  if (self->level == level)
    return;
  self->level = level;
  if (self->computer_cancellable) {
    verso_game_stop_computer (self);
    verso_game_start_computer (self);
  }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);
}

void verso_game_set_move_delay (VersoGame *self, guint milliseconds)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  self->move_delay = milliseconds;
}

VersoColor verso_game_get_turn (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), VERSO_COLOR_BLACK);
  return current_position (self)->turn;
}

guint64 verso_game_get_discs (VersoGame *self, VersoColor color)
{
  const Position *position;

  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  position = current_position (self);
  return color == position->turn ? position->board.player : position->board.opponent;
}

int verso_game_count (VersoGame *self, VersoColor color)
{
  return board_count (verso_game_get_discs (self, color));
}

guint64 verso_game_get_legal_moves (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  return board_legal_moves (&current_position (self)->board);
}

int verso_game_get_last_move (VersoGame *self)
{
  guint index;

  g_return_val_if_fail (VERSO_IS_GAME (self), BOARD_NO_MOVE);
  /* Past a pass, the last disc played is the one before it. */
  for (index = self->current; index > 0; index--)
    if (position_at (self, index)->move != BOARD_PASS)
      return position_at (self, index)->move;
  return BOARD_NO_MOVE;
}

gboolean verso_game_is_over (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return board_is_game_over (&current_position (self)->board);
}

int verso_game_get_winner (VersoGame *self)
{
  int black, white;

  g_return_val_if_fail (VERSO_IS_GAME (self), -1);
  black = verso_game_count (self, VERSO_COLOR_BLACK);
  white = verso_game_count (self, VERSO_COLOR_WHITE);
  if (black == white)
    return -1;
  return black > white ? VERSO_COLOR_BLACK : VERSO_COLOR_WHITE;
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
  return self->current;
}

/* Appends a legal move (or a forced pass) after the current position, dropping the moves that
 * could have been redone, and the passes that follow from it. Returns the new position. */
static void push_move (VersoGame *self, int move)
{
  Position next = *current_position (self);

  g_array_set_size (self->positions, self->current + 1);
  next.move = move;
  next.turn = verso_color_other (next.turn);
  if (move == BOARD_PASS) {
    next.flips = 0;
    board_pass (&next.board);
  } else {
    next.flips = board_flips (next.board.player, next.board.opponent, move);
    board_play_flips (&next.board, move, next.flips);
  }
  g_array_append_val (self->positions, next);
  self->current++;
}

/* After a move: passes are played for a side with no move, and the world is told. */
static void after_move (VersoGame *self, int square, guint64 flips)
{
  gboolean passed = FALSE;
  VersoColor passer = VERSO_COLOR_BLACK;

  if (!position_is_resting (current_position (self))) {
    passer = current_position (self)->turn;
    push_move (self, BOARD_PASS);
    passed = TRUE;
  }
  self->generation++;
  notify_history (self);
  g_signal_emit (self, signals[SIGNAL_MOVE_PLAYED], 0, square, flips);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  if (passed)
    g_signal_emit (self, signals[SIGNAL_PASS], 0, (int) passer);
  if (verso_game_is_over (self))
    g_signal_emit (self, signals[SIGNAL_GAME_OVER], 0);
  verso_game_start_computer (self);
}

static gboolean play_checked (VersoGame *self, int square, GError **error)
{
  const Position *position = current_position (self);

  if (verso_game_is_over (self)) {
    g_set_error_literal (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_GAME_OVER, "The game is over");
    return FALSE;
  }
  if (square < 0 || square >= BOARD_SQUARES
      || !(board_legal_moves (&position->board) & board_bit (square))) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE, "Not a legal move: %d", square);
    return FALSE;
  }
  push_move (self, square);
  after_move (self, square, current_position (self)->flips);
  return TRUE;
}

gboolean verso_game_play (VersoGame *self, int square, GError **error)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!verso_game_is_over (self) && !verso_game_is_human_turn (self)) {
    g_set_error_literal (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_NOT_YOUR_TURN, "It is the computer's turn");
    return FALSE;
  }
  return play_checked (self, square, error);
}

/* Where undo goes: the latest earlier position a human moves from (any earlier resting one
 * when no human plays); -1 when there is none. */
static int undo_target (VersoGame *self)
{
  int index;

  for (index = (int) self->current - 1; index >= 0; index--) {
    const Position *position = position_at (self, index);
    if (!position_is_resting (position))
      continue;
    if (!has_human (self) || self->players[position->turn] == VERSO_PLAYER_HUMAN)
      return index;
  }
  return -1;
}

/* Where redo goes: the next position a human moves from or the game ends in; else the last. */
static int redo_target (VersoGame *self)
{
  guint index;

  for (index = self->current + 1; index < self->positions->len; index++) {
    const Position *position = position_at (self, index);
    if (!position_is_resting (position))
      continue;
    if (!has_human (self) || board_is_game_over (&position->board)
        || self->players[position->turn] == VERSO_PLAYER_HUMAN)
      return index;
  }
  return self->positions->len > self->current + 1 ? (int) self->positions->len - 1 : -1;
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

static void go_to (VersoGame *self, int index)
{
  if (index < 0)
    return;
  verso_game_stop_computer (self);
  self->current = index;
  self->generation++;
  notify_history (self);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  if (verso_game_is_over (self))
    g_signal_emit (self, signals[SIGNAL_GAME_OVER], 0);
  verso_game_start_computer (self);
}

void verso_game_undo (VersoGame *self)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  go_to (self, undo_target (self));
}

void verso_game_redo (VersoGame *self)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  go_to (self, redo_target (self));
}

/* The computer's turn. The answer is checked against the generation it was asked for, so one
 * that arrives after an undo, a new game or a change of player is dropped. */

/* A search under way. It holds the game weakly: a game dropped while the computer thinks is
 * finalized at once (its dispose stops the search), and the answer then finds no game. */
typedef struct {
  GWeakRef game;
  guint generation;
  gint64 started;
} ComputerMove;

static void computer_move_free (ComputerMove *request)
{
  g_weak_ref_clear (&request->game);
  g_free (request);
}

static void hold_application (gboolean hold)
{
  GApplication *application = g_application_get_default ();

  /* Keeps the application alive until a search that was running at quit has ended. */
  if (application && hold)
    g_application_hold (application);
  else if (application)
    g_application_release (application);
}

static void set_thinking (VersoGame *self, gboolean thinking_was)
{
  if (thinking_was != verso_game_get_thinking (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static gboolean play_pending_move (gpointer user_data)
{
  VersoGame *self = user_data;
  int move = self->pending_move;

  self->pending_move_source = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
  if (!play_checked (self, move, NULL))
    g_warning ("The engine chose an illegal move: %d", move);
  return G_SOURCE_REMOVE;
}

static void computer_move_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ComputerMove *request = user_data;
  g_autoptr (VersoGame) self = g_weak_ref_get (&request->game);
  g_autoptr (GError) error = NULL;
  int move;
  gint64 elapsed_ms;

  move = verso_computer_move_finish (VERSO_COMPUTER (source), result, NULL, &error);
  /* The search has ended: the application need not wait for it any longer. */
  hold_application (FALSE);
  if (!self) {
    computer_move_free (request);
    return;
  }
  if (request->generation != self->generation || move < 0) {
    /* Stale or cancelled: the game moved on without this answer. */
    if (error && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
      g_warning ("The computer could not move: %s", error->message);
    if (request->generation == self->generation) {
      g_clear_object (&self->computer_cancellable);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
    }
    computer_move_free (request);
    return;
  }

  g_clear_object (&self->computer_cancellable);
  self->pending_move = move;
  elapsed_ms = (g_get_monotonic_time () - request->started) / 1000;
  if (elapsed_ms < self->move_delay)
    self->pending_move_source = g_timeout_add ((guint) (self->move_delay - elapsed_ms), play_pending_move, self);
  else
    play_pending_move (self);
  computer_move_free (request);
}

void verso_game_start_computer (VersoGame *self)
{
  ComputerMove *request;
  gboolean thinking_was;

  g_return_if_fail (VERSO_IS_GAME (self));

  if (verso_game_is_over (self) || verso_game_get_thinking (self)
      || verso_game_get_player (self, verso_game_get_turn (self)) != VERSO_PLAYER_COMPUTER)
    return;

  thinking_was = verso_game_get_thinking (self);
  request = g_new0 (ComputerMove, 1);
  g_weak_ref_init (&request->game, self);
  request->generation = self->generation;
  request->started = g_get_monotonic_time ();
  self->computer_cancellable = g_cancellable_new ();
  hold_application (TRUE);
  verso_computer_choose_move_async (self->computer, &current_position (self)->board, self->level,
                                    g_random_int () | (guint64) g_random_int () << 32,
                                    self->computer_cancellable, computer_move_ready, request);
  set_thinking (self, thinking_was);
}

void verso_game_stop_computer (VersoGame *self)
{
  gboolean thinking_was;

  g_return_if_fail (VERSO_IS_GAME (self));

  thinking_was = verso_game_get_thinking (self);
  if (self->computer_cancellable) {
    g_cancellable_cancel (self->computer_cancellable);
    g_clear_object (&self->computer_cancellable);
  }
  g_clear_handle_id (&self->pending_move_source, g_source_remove);
  /* Whatever the search answers now is for an older game. */
  self->generation++;
  set_thinking (self, thinking_was);
}

typedef struct {
  guint generation;
  int disc_difference;  /* the search's score of the hinted move, for the side to move */
  gboolean exact;
} HintRequest;

static void hint_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  VersoGame *self = g_task_get_source_object (task);
  HintRequest *request = g_task_get_task_data (task);
  GError *error = NULL;
  SearchResult answer = { 0 };
  int move;

  move = verso_computer_move_finish (VERSO_COMPUTER (source), result, &answer, &error);
  request->disc_difference = answer.score;
  request->exact = answer.exact;
  hold_application (FALSE);
  if (move < 0)
    g_task_return_error (task, error);
  else if (request->generation != self->generation)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "The position changed");
  else
    g_task_return_int (task, move);
}

void verso_game_hint_async (VersoGame *self, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data)
{
  GTask *task;
  HintRequest *request;

  g_return_if_fail (VERSO_IS_GAME (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, verso_game_hint_async);
  request = g_new0 (HintRequest, 1);
  request->generation = self->generation;
  g_task_set_task_data (task, request, g_free);
  hold_application (TRUE);
  verso_computer_best_move_async (self->computer, &current_position (self)->board, HINT_SECONDS,
                                  cancellable, hint_ready, task);
}

int verso_game_hint_finish (VersoGame *self, GAsyncResult *result, int *disc_difference,
                            gboolean *exact, GError **error)
{
  HintRequest *request;
  int move;

  g_return_val_if_fail (g_task_is_valid (result, self), -1);
  request = g_task_get_task_data (G_TASK (result));
  move = (int) g_task_propagate_int (G_TASK (result), error);
  if (disc_difference)
    *disc_difference = move >= 0 ? request->disc_difference : 0;
  if (exact)
    *exact = move >= 0 && request->exact;
  return move;
}

/* Notation and files. */

static void append_move (GString *text, int move)
{
  if (move == BOARD_PASS)
    g_string_append (text, "PA");
  else
    g_string_append_printf (text, "%c%c", 'a' + board_column (move), '1' + board_row (move));
}

static char *transcript_to (VersoGame *self, guint last)
{
  GString *text = g_string_new (NULL);
  guint index;

  for (index = 1; index <= last; index++)
    append_move (text, position_at (self, index)->move);
  return g_string_free (text, FALSE);
}

char *verso_game_get_transcript (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  return transcript_to (self, self->current);
}

gboolean verso_game_save (VersoGame *self, const char *path, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autofree char *moves = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  moves = transcript_to (self, self->positions->len - 1);
  g_key_file_set_integer (file, SAVE_GROUP, "Version", SAVE_VERSION);
  g_key_file_set_string (file, SAVE_GROUP, "Black", player_names[self->players[VERSO_COLOR_BLACK]]);
  g_key_file_set_string (file, SAVE_GROUP, "White", player_names[self->players[VERSO_COLOR_WHITE]]);
  g_key_file_set_string (file, SAVE_GROUP, "Level", level_get (self->level)->id);
  g_key_file_set_string (file, SAVE_GROUP, "Moves", moves);
  g_key_file_set_integer (file, SAVE_GROUP, "Shown", (int) self->current);

  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0) {
    int saved_errno = errno;
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                 "Cannot create %s: %s", dir, g_strerror (saved_errno));
    return FALSE;
  }
  contents = g_key_file_to_data (file, &length, NULL);
  /* Written beside and renamed over the old file: a reader sees the old game or the new one. */
  return g_file_set_contents_full (path, contents, (gssize) length, G_FILE_SET_CONTENTS_CONSISTENT,
                                   0600, error);
}

/* A value of the saved game, as written, or NULL and an error. No value Verso writes holds an
 * escape sequence, so one that does is refused here: GLib 2.74's unescaping
 * (g_key_file_get_string) returns a string and an error together for one bad escape, and warns
 * about a second error set over the first for two (the fuzzer found both). */
static char *get_string (GKeyFile *file, const char *key, GError **error)
{
  g_autofree char *value = g_key_file_get_value (file, SAVE_GROUP, key, error);

  if (!value)
    return NULL;
  if (strchr (value, '\\')) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 "The value of %s holds an escape sequence", key);
    return NULL;
  }
  return g_steal_pointer (&value);
}

static gboolean parse_player (GKeyFile *file, const char *key, VersoPlayer *player, GError **error)
{
  g_autofree char *name = get_string (file, key, error);

  if (!name)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (player_names); i++)
    if (strcmp (name, player_names[i]) == 0) {
      *player = i;
      return TRUE;
    }
  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "Unknown player for %s: “%s”", key, name);
  return FALSE;
}

static gboolean parse_level (GKeyFile *file, LevelId *level, GError **error)
{
  g_autofree char *name = get_string (file, "Level", error);

  if (!name)
    return FALSE;
  *level = level_from_id (name);
  if (*level < LEVEL_COUNT)
    return TRUE;
  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "Unknown level “%s”", name);
  return FALSE;
}

/* Replays a transcript from the start. Every move must be legal; a pass ("PA") is accepted only
 * where it was forced, and may be left out. */
static gboolean replay_moves (VersoGame *self, const char *moves, GError **error)
{
  size_t length = strlen (moves);
  gboolean pass_forced = FALSE;

  if (length % 2 != 0) {
    g_set_error_literal (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "The move list has an odd length");
    return FALSE;
  }
  for (size_t i = 0; i < length; i += 2) {
    char column = g_ascii_tolower (moves[i]), row = moves[i + 1];
    guint number = (guint) (i / 2 + 1);
    int square;

    if (column == 'p' && g_ascii_toupper (row) == 'A') {
      if (!pass_forced) {
        g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "Move %u is a pass that was not forced", number);
        return FALSE;
      }
      pass_forced = FALSE;
      continue;
    }
    if (column < 'a' || column > 'h' || row < '1' || row > '8') {
      g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "Move %u is not a square: “%.2s”", number, moves + i);
      return FALSE;
    }
    square = board_square (column - 'a', row - '1');
    if (!(board_legal_moves (&current_position (self)->board) & board_bit (square))) {
      g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "Move %u (%.2s) is not legal", number, moves + i);
      return FALSE;
    }
    push_move (self, square);
    pass_forced = !position_is_resting (current_position (self));
    if (pass_forced)
      push_move (self, BOARD_PASS);
  }
  return TRUE;
}

VersoGame *verso_game_load (const char *path, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (VersoGame) game = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *moves = NULL;
  VersoPlayer black, white;
  LevelId level;
  int version, shown;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &local_error)) {
    if (local_error->domain == G_FILE_ERROR)
      g_propagate_error (error, g_steal_pointer (&local_error));
    else
      g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "Not a saved game: %s", local_error->message);
    return NULL;
  }
  if (!g_key_file_has_group (file, SAVE_GROUP)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "Not a saved game: no [%s] section", SAVE_GROUP);
    return NULL;
  }
  version = g_key_file_get_integer (file, SAVE_GROUP, "Version", &local_error);
  if (local_error || version != SAVE_VERSION) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "Unknown saved game version");
    return NULL;
  }
  if (!parse_player (file, "Black", &black, &local_error) || !parse_player (file, "White", &white, &local_error)
      || !parse_level (file, &level, &local_error)
      || !(moves = get_string (file, "Moves", &local_error))) {
    if (local_error->domain == VERSO_GAME_ERROR)
      g_propagate_error (error, g_steal_pointer (&local_error));
    else
      g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "Saved game is incomplete: %s", local_error->message);
    return NULL;
  }
  shown = g_key_file_get_integer (file, SAVE_GROUP, "Shown", &local_error);
  if (local_error) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "Saved game is incomplete: %s", local_error->message);
    return NULL;
  }

  game = verso_game_new (black, white, level);
  if (!replay_moves (game, moves, error))
    return NULL;
  if (shown < 0 || (guint) shown >= game->positions->len || !position_is_resting (position_at (game, shown))) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, "The position shown (%d) is not in the game", shown);
    return NULL;
  }
  game->current = shown;
  return g_steal_pointer (&game);
}

VersoGame *verso_game_restore (const char *path, char **set_aside, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  VersoGame *game;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (set_aside != NULL && *set_aside == NULL, NULL);

  game = verso_game_load (path, &local_error);
  if (game || g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    return game;
  if (g_error_matches (local_error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE)) {
    g_autoptr (GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
    g_autofree char *aside = g_strdup_printf ("%s.unreadable-%s", path, stamp);

    if (g_rename (path, aside) == 0)
      *set_aside = g_steal_pointer (&aside);
  }
  g_propagate_error (error, g_steal_pointer (&local_error));
  return NULL;
}
