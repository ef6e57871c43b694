/* verso-game.c: the game as a GObject: who plays each colour, moves played into the record
 * (verso-record.c), undo, redo and navigation, the opening's name, the document's file and
 * modified flags, and the scheduling of the computer's moves and hints. Files and text are in
 * verso-game-files.c. */
#include "verso-game-private.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "opening.h"
#include "start.h"

#define DEFAULT_MOVE_DELAY_MS 400
#define HINT_SECONDS 1.0

G_DEFINE_FINAL_TYPE (VersoGame, verso_game, G_TYPE_OBJECT)
G_DEFINE_QUARK (verso-game-error-quark, verso_game_error)

enum {
  PROP_0,
  PROP_THINKING,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_LEVEL,
  PROP_PAUSED,
  PROP_OPENING,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_COACH,
  PROP_SCORES,
  PROP_RULES,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_CHANGED,
  SIGNAL_MOVE_PLAYED,
  SIGNAL_PASS,
  SIGNAL_GAME_OVER,
  SIGNAL_MOVE_SCORED,
  SIGNAL_SCORES_CHANGED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static inline const Position *shown_position (VersoGame *self)
{
  return verso_record_get_position (self->record, verso_record_get_current (self->record));
}

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

static const char *find_opening (VersoGame *self)
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
  const char *opening = find_opening (self);

  if (g_strcmp0 (opening, self->opening) == 0)
    return;
  self->opening = opening;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPENING]);
}

static void verso_game_dispose (GObject *object)
{
  VersoGame *self = VERSO_GAME (object);

  verso_game_stop_computer (self);
  verso_game_analysis_dispose (self);
  g_clear_object (&self->computer);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (verso_game_parent_class)->dispose (object);
}

static void verso_game_finalize (GObject *object)
{
  VersoGame *self = VERSO_GAME (object);

  verso_game_analysis_finalize (self);
  verso_record_free (self->record);
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
    g_value_set_int (value, verso_game_get_level (self));
    break;
  case PROP_RULES:
    g_value_set_int (value, self->rules);
    break;
  case PROP_PAUSED:
    g_value_set_boolean (value, verso_game_get_paused (self));
    break;
  case PROP_OPENING:
    g_value_set_string (value, self->opening);
    break;
  case PROP_FILE:
    g_value_set_object (value, self->file);
    break;
  case PROP_MODIFIED:
    g_value_set_boolean (value, self->modified);
    break;
  case PROP_COACH:
    g_value_set_boolean (value, verso_game_get_coach (self));
    break;
  case PROP_SCORES:
    g_value_set_boolean (value, verso_game_get_show_scores (self));
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
  case PROP_FILE:
    verso_game_set_file (self, g_value_get_object (value));
    break;
  case PROP_MODIFIED:
    verso_game_set_modified (self, g_value_get_boolean (value));
    break;
  case PROP_COACH:
    verso_game_set_coach (self, g_value_get_boolean (value));
    break;
  case PROP_SCORES:
    verso_game_set_show_scores (self, g_value_get_boolean (value));
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
  /* The computer waits in a position reached by navigating (see verso-game.h). */
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_OPENING] =
    g_param_spec_string ("opening", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The live coach and the scores of the position shown (verso-game.h, "Analysis of the record"). */
  properties[PROP_COACH] =
    g_param_spec_boolean ("coach", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SCORES] =
    g_param_spec_boolean ("scores", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The Rules of rules.h, fixed at creation. */
  properties[PROP_RULES] =
    g_param_spec_int ("rules", NULL, NULL, RULES_STANDARD, RULES_REVERSE, RULES_STANDARD,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The record or the position shown changed (a move, a pass, undo, redo, navigation, or a new
   * player). */
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
  /* The score of the move that led to position ply became known or more exact. */
  signals[SIGNAL_MOVE_SCORED] =
    g_signal_new ("move-scored", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
  /* verso_game_get_scores changed: refined, or dropped with the position. */
  signals[SIGNAL_SCORES_CHANGED] =
    g_signal_new ("scores-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
}

static void verso_game_init (VersoGame *self)
{
  Position start;

  position_init (&start);
  self->record = verso_record_new (&start);
  self->levels[VERSO_COLOR_BLACK] = self->levels[VERSO_COLOR_WHITE] = LEVEL_DEFAULT;
  self->rules = RULES_STANDARD;
  self->move_delay = DEFAULT_MOVE_DELAY_MS;
  self->computer = verso_computer_new ();
  verso_game_analysis_init (self);
}

void verso_game_emit_move_scored (VersoGame *self, guint ply)
{
  g_signal_emit (self, signals[SIGNAL_MOVE_SCORED], 0, ply);
}

void verso_game_emit_scores_changed (VersoGame *self)
{
  g_signal_emit (self, signals[SIGNAL_SCORES_CHANGED], 0);
}

void verso_game_notify_coach (VersoGame *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COACH]);
}

void verso_game_notify_show_scores (VersoGame *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCORES]);
}

VersoGame *verso_game_new_with_record (VersoPlayer black, VersoPlayer white, LevelId level,
                                       VersoRecord *record, gboolean navigated)
{
  VersoGame *self = g_object_new (VERSO_TYPE_GAME, NULL);

  g_return_val_if_fail (record != NULL, self);
  verso_record_free (self->record);
  self->record = record;
  self->players[VERSO_COLOR_BLACK] = black;
  self->players[VERSO_COLOR_WHITE] = white;
  self->levels[VERSO_COLOR_BLACK] = self->levels[VERSO_COLOR_WHITE] = level < LEVEL_COUNT ? level : LEVEL_DEFAULT;
  self->navigated = navigated;
  self->opening = find_opening (self);
  g_return_val_if_fail (level < LEVEL_COUNT, self);
  return self;
}

VersoGame *verso_game_new (VersoPlayer black, VersoPlayer white, LevelId level)
{
  Position start;

  position_init (&start);
  return verso_game_new_with_record (black, white, level, verso_record_new (&start), FALSE);
}

VersoGame *verso_game_new_from_position (VersoPlayer black, VersoPlayer white, LevelId level,
                                         const Position *start)
{
  g_return_val_if_fail (start != NULL, NULL);
  g_return_val_if_fail ((start->board.player & start->board.opponent) == 0, NULL);
  return verso_game_new_with_record (black, white, level, verso_record_new (start), FALSE);
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

/* The balanced start drawn by seed, as a record of its moves from the standard start; NULL (and
 * a warning) when there is none to draw or it does not read, which a test of the list rules out. */
static VersoRecord *balanced_record (guint32 seed)
{
  size_t count = balanced_start_count ();
  NotationGame game = { .n_moves = 0 };
  NotationStatus status;
  Position position;
  const char *line;

  if (count == 0) {
    g_warning ("There are no balanced openings: the game starts from the standard position");
    return NULL;
  }
  line = balanced_start_get (seed % count);
  position_init (&game.start);
  position = game.start;
  status = notation_parse_transcript (line, strlen (line), &position, game.moves,
                                      G_N_ELEMENTS (game.moves), &game.n_moves);
  if (status.error) {
    g_warning ("Balanced opening %zu (%s) does not read at offset %zu: %s", (size_t) (seed % count),
               line, status.offset, notation_error_message (status.error));
    return NULL;
  }
  /* The list keeps one line per position up to symmetry, all beginning f5; the rest of the seed
   * picks one of the symmetries that leave the start as it is, so the first move varies too. */
  {
    Board start, image;
    int keeping[BOARD_SYMMETRIES], n_keeping = 0, symmetry;

    board_init (&start);
    for (int s = 0; s < BOARD_SYMMETRIES; s++) {
      image = board_symmetry (&start, s);
      if (image.player == start.player && image.opponent == start.opponent)
        keeping[n_keeping++] = s;
    }
    symmetry = keeping[(seed / count) % (guint32) n_keeping];
    for (size_t i = 0; i < game.n_moves; i++)
      if (game.moves[i] != BOARD_PASS)
        game.moves[i] = board_square_symmetry (game.moves[i], symmetry);
  }
  return verso_record_new_from_notation (&game);
}

VersoGame *verso_game_new_with_setup (const VersoGameSetup *setup)
{
  VersoRecord *record = NULL;
  VersoGame *self;
  Position start;

  g_return_val_if_fail (setup != NULL, NULL);
  g_return_val_if_fail (setup->levels[0] < LEVEL_COUNT && setup->levels[1] < LEVEL_COUNT, NULL);
  g_return_val_if_fail (setup->rules == RULES_STANDARD || setup->rules == RULES_REVERSE, NULL);

  if (setup->balanced_start)
    record = balanced_record (setup->seed);
  if (!record) {
    position_init (&start);
    record = verso_record_new (&start);
  }
  self = verso_game_new_with_record (setup->players[VERSO_COLOR_BLACK],
                                     setup->players[VERSO_COLOR_WHITE],
                                     setup->levels[VERSO_COLOR_BLACK], record, FALSE);
  self->levels[VERSO_COLOR_WHITE] = setup->levels[VERSO_COLOR_WHITE];
  self->rules = setup->rules;
  /* The record of a balanced start holds its moves and nothing else. */
  if (setup->balanced_start)
    self->given_moves = verso_record_get_length (self->record);
  return self;
}

Rules verso_game_get_rules (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), RULES_STANDARD);
  return self->rules;
}

guint verso_game_get_given_moves (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  return self->given_moves;
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

/* After any change of the record, the position shown or the players: what depends on them is
 * told, and answers asked for before are stale. */
static void notify_state (VersoGame *self, gboolean paused_was)
{
  self->generation++;
  verso_game_analysis_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (paused_was != verso_game_get_paused (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
  update_opening (self);
}

void verso_game_set_player (VersoGame *self, VersoColor color, VersoPlayer player)
{
  gboolean paused_was;

  g_return_if_fail (VERSO_IS_GAME (self));

  if (self->players[color == VERSO_COLOR_WHITE] == player)
    return;
  verso_game_stop_computer (self);
  paused_was = verso_game_get_paused (self);
  self->players[color == VERSO_COLOR_WHITE] = player;
  notify_state (self, paused_was);
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
  if (self->players[VERSO_COLOR_BLACK] != VERSO_PLAYER_COMPUTER
      && self->players[VERSO_COLOR_WHITE] == VERSO_PLAYER_COMPUTER)
    return self->levels[VERSO_COLOR_WHITE];
  return self->levels[VERSO_COLOR_BLACK];
}

LevelId verso_game_get_level_for (VersoGame *self, VersoColor color)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), LEVEL_DEFAULT);
  return self->levels[color == VERSO_COLOR_WHITE];
}

/* A new level applies at once: a search under way for a colour whose level changed starts again
 * at the new level. */
static void set_levels (VersoGame *self, LevelId black, LevelId white)
{
  VersoColor searching = verso_game_get_turn (self);
  LevelId searching_was = self->levels[searching];

  if (self->levels[VERSO_COLOR_BLACK] == black && self->levels[VERSO_COLOR_WHITE] == white)
    return;
  self->levels[VERSO_COLOR_BLACK] = black;
  self->levels[VERSO_COLOR_WHITE] = white;
  if (self->computer_cancellable && self->levels[searching] != searching_was) {
    verso_game_stop_computer (self);
    verso_game_start_computer (self);
  }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);
}

void verso_game_set_level (VersoGame *self, LevelId level)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (level < LEVEL_COUNT);
  set_levels (self, level, level);
}

void verso_game_set_level_for (VersoGame *self, VersoColor color, LevelId level)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (level < LEVEL_COUNT);
  if (color == VERSO_COLOR_WHITE)
    set_levels (self, self->levels[VERSO_COLOR_BLACK], level);
  else
    set_levels (self, level, self->levels[VERSO_COLOR_WHITE]);
}

void verso_game_set_move_delay (VersoGame *self, guint milliseconds)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  self->move_delay = milliseconds;
}

VersoColor verso_game_get_turn (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), VERSO_COLOR_BLACK);
  return shown_position (self)->side_to_move == POSITION_WHITE ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
}

guint64 verso_game_get_discs (VersoGame *self, VersoColor color)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  return color == VERSO_COLOR_WHITE ? position_white (shown_position (self))
                                    : position_black (shown_position (self));
}

int verso_game_count (VersoGame *self, VersoColor color)
{
  return board_count (verso_game_get_discs (self, color));
}

guint64 verso_game_get_legal_moves (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  return board_legal_moves (&shown_position (self)->board);
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
  return board_is_game_over (&shown_position (self)->board);
}

int verso_game_get_final_score (VersoGame *self, VersoColor color)
{
  const Position *shown;
  int for_mover;

  g_return_val_if_fail (VERSO_IS_GAME (self), 0);
  shown = shown_position (self);
  for_mover = rules_final_score (self->rules, board_final_score (&shown->board));
  return (shown->side_to_move == POSITION_WHITE) == (color == VERSO_COLOR_WHITE) ? for_mover : -for_mover;
}

int verso_game_get_winner (VersoGame *self)
{
  int black;

  g_return_val_if_fail (VERSO_IS_GAME (self), -1);
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

static gboolean play_checked (VersoGame *self, int square, GError **error)
{
  VersoColor mover = verso_game_get_turn (self);
  guint ply = verso_record_get_current (self->record) + 1;
  gboolean passed = FALSE;
  gboolean paused_was = verso_game_get_paused (self);

  if (verso_game_is_over (self)) {
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
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE, "Not a legal move: %d", square);
    return FALSE;
  }
  self->navigated = FALSE;
  notify_state (self, paused_was);
  verso_game_analysis_played (self, ply);
  verso_game_set_modified (self, TRUE);
  g_signal_emit (self, signals[SIGNAL_MOVE_PLAYED], 0, square,
                 verso_record_get_flips (self->record, ply));
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  if (passed)
    g_signal_emit (self, signals[SIGNAL_PASS], 0, (int) verso_color_other (mover));
  if (verso_game_is_over (self))
    g_signal_emit (self, signals[SIGNAL_GAME_OVER], 0);
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
    return play_checked (self, square, error);
  self->held = FALSE;
  if (!play_checked (self, square, error)) {
    self->held = TRUE;
    return FALSE;
  }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
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
  notify_state (self, paused_was);
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

void verso_game_go_to (VersoGame *self, guint ply)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (ply <= verso_record_get_length (self->record));
  if (ply != verso_record_get_current (self->record))
    go_to (self, (int) ply);
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
  if (paused_was != verso_game_get_paused (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

void verso_game_resume (VersoGame *self)
{
  gboolean paused_was;

  g_return_if_fail (VERSO_IS_GAME (self));

  paused_was = verso_game_get_paused (self);
  self->held = FALSE;
  self->navigated = FALSE;
  if (paused_was)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
  verso_game_start_computer (self);
}

const char *verso_game_get_opening (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  return self->opening;
}

GFile *verso_game_get_file (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  return self->file;
}

void verso_game_set_file (VersoGame *self, GFile *file)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

gboolean verso_game_get_modified (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return self->modified;
}

void verso_game_set_modified (VersoGame *self, gboolean modified)
{
  g_return_if_fail (VERSO_IS_GAME (self));

  modified = !!modified;
  if (self->modified == modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

char *verso_game_get_transcript (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  return verso_record_get_transcript (self->record, verso_record_get_current (self->record));
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
  if (thinking_was != verso_game_get_thinking (self)) {
    verso_game_analysis_thinking_changed (self);
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
  }
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
      verso_game_analysis_thinking_changed (self);
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

  if (verso_game_is_over (self) || verso_game_get_thinking (self) || verso_game_get_paused (self)
      || verso_game_get_player (self, verso_game_get_turn (self)) != VERSO_PLAYER_COMPUTER)
    return;
  /* Inside a balanced start its next move is given: the computer has no choice to make. */
  if (verso_record_get_current (self->record) < self->given_moves)
    return;

  thinking_was = verso_game_get_thinking (self);
  request = g_new0 (ComputerMove, 1);
  g_weak_ref_init (&request->game, self);
  request->generation = self->generation;
  request->started = g_get_monotonic_time ();
  self->computer_cancellable = g_cancellable_new ();
  hold_application (TRUE);
  verso_computer_set_rules (self->computer, self->rules);
  verso_computer_choose_move_async (self->computer, &shown_position (self)->board,
                                    self->levels[verso_game_get_turn (self)],
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
  verso_computer_set_rules (self->computer, self->rules);
  verso_computer_best_move_async (self->computer, &shown_position (self)->board, HINT_SECONDS,
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

