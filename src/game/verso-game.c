/* verso-game.c: the game as a GObject: its properties and signals, its making (from the start,
 * a set-up position, the New Game dialog's choices with a balanced start), who plays each colour
 * at which level, and the document's file and modified flags. Moves and navigation are in
 * verso-game-play.c, the computer's turn in verso-game-computer.c, text and files in
 * verso-game-text.c and its neighbours, the analyst's jobs in verso-game-analysis.c. */
#include "verso-game-private.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#include "opening.h"
#include "start.h"


G_DEFINE_FINAL_TYPE (VersoGame, verso_game, G_TYPE_OBJECT)
G_DEFINE_QUARK (verso-game-error-quark, verso_game_error)

GParamSpec *verso_game_properties[VERSO_GAME_N_PROPS];
guint verso_game_signals[VERSO_GAME_N_SIGNALS];

/* The boolean properties: their names and accessors (no setter: read-only). */
static const struct {
  const char *name;
  gboolean (*get) (VersoGame *game);
  void (*set) (VersoGame *game, gboolean value);
} boolean_properties[VERSO_GAME_N_PROPS] = {
  [VERSO_GAME_PROP_THINKING] = { "thinking", verso_game_get_thinking, NULL },
  [VERSO_GAME_PROP_CAN_UNDO] = { "can-undo", verso_game_can_undo, NULL },
  [VERSO_GAME_PROP_CAN_REDO] = { "can-redo", verso_game_can_redo, NULL },
  /* The computer waits in a position reached by navigating (see verso-game.h). */
  [VERSO_GAME_PROP_PAUSED] = { "paused", verso_game_get_paused, NULL },
  [VERSO_GAME_PROP_MODIFIED] = { "modified", verso_game_get_modified, verso_game_set_modified },
  /* The live coach and the scores of the position shown (verso-game-analysis.h). */
  [VERSO_GAME_PROP_COACH] = { "coach", verso_game_get_coach, verso_game_set_coach },
  [VERSO_GAME_PROP_SCORES] = { "scores", verso_game_get_show_scores, verso_game_set_show_scores },
  /* A record of a game between its players (verso_game_is_record). */
  [VERSO_GAME_PROP_RECORD] = { "record", verso_game_is_record, NULL },
};

static void verso_game_dispose (GObject *object)
{
  VersoGame *self = VERSO_GAME (object);

  verso_game_stop_computer (self);
  verso_game_analysis_dispose (self);
  verso_game_engine_clear (self, VERSO_COLOR_BLACK);
  verso_game_engine_clear (self, VERSO_COLOR_WHITE);
  verso_game_hint_engine_dispose (self);
  g_clear_object (&self->computer);
  g_clear_object (&self->file);
  G_OBJECT_CLASS (verso_game_parent_class)->dispose (object);
}

static void verso_game_finalize (GObject *object)
{
  VersoGame *self = VERSO_GAME (object);

  verso_game_analysis_finalize (self);
  verso_game_clock_finalize (self);
  verso_record_free (self->record);
  g_clear_pointer (&self->deleted_from, verso_record_free);
  g_free (self->deleted_left);
  for (guint i = 0; i < VERSO_N_DETAILS; i++)
    g_free (self->details[i]);
  G_OBJECT_CLASS (verso_game_parent_class)->finalize (object);
}

static void verso_game_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  VersoGame *self = VERSO_GAME (object);

  if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
    g_value_set_boolean (value, boolean_properties[prop_id].get (self));
  else if (prop_id == VERSO_GAME_PROP_LEVEL)
    g_value_set_int (value, verso_game_get_level (self));
  else if (prop_id == VERSO_GAME_PROP_RULES)
    g_value_set_int (value, self->rules);
  else if (prop_id == VERSO_GAME_PROP_OPENING)
    g_value_set_string (value, self->opening);
  else if (prop_id == VERSO_GAME_PROP_FILE)
    g_value_set_object (value, self->file);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void verso_game_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  VersoGame *self = VERSO_GAME (object);

  if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
    boolean_properties[prop_id].set (self, g_value_get_boolean (value));
  else if (prop_id == VERSO_GAME_PROP_LEVEL)
    verso_game_set_level (self, g_value_get_int (value));
  else if (prop_id == VERSO_GAME_PROP_FILE)
    verso_game_set_file (self, g_value_get_object (value));
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void install_properties (GObjectClass *object_class)
{
  const GParamFlags writable = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  const GParamFlags readable = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
  GParamSpec **specs = verso_game_properties;

  for (guint id = 1; id < VERSO_GAME_N_PROPS; id++)
    if (boolean_properties[id].name)
      specs[id] = g_param_spec_boolean (boolean_properties[id].name, NULL, NULL, FALSE,
                                        boolean_properties[id].set ? writable : readable);
  specs[VERSO_GAME_PROP_LEVEL] =
    g_param_spec_int ("level", NULL, NULL, 0, LEVEL_COUNT - 1, LEVEL_DEFAULT, writable);
  specs[VERSO_GAME_PROP_OPENING] = g_param_spec_string ("opening", NULL, NULL, NULL, readable);
  specs[VERSO_GAME_PROP_FILE] = g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE, writable);
  /* The Rules of rules.h, fixed at creation. */
  specs[VERSO_GAME_PROP_RULES] =
    g_param_spec_int ("rules", NULL, NULL, RULES_STANDARD, RULES_REVERSE, RULES_STANDARD, readable);
  g_object_class_install_properties (object_class, VERSO_GAME_N_PROPS, specs);
}

/* A signal of the game, run last, returning nothing, with n_params parameters of the types
 * that follow. */
static guint new_signal (const char *name, guint n_params, ...)
{
  va_list types;
  guint id;

  va_start (types, n_params);
  id = g_signal_new_valist (name, VERSO_TYPE_GAME, G_SIGNAL_RUN_LAST, NULL, NULL, NULL, NULL,
                            G_TYPE_NONE, n_params, types);
  va_end (types);
  return id;
}

static void install_signals (void)
{
  guint *signals = verso_game_signals;

  /* The record or the position shown changed (a move, a pass, undo, redo, navigation, or a new
   * player). */
  signals[VERSO_GAME_SIGNAL_CHANGED] = new_signal ("changed", 0);
  /* A disc was played on square and turned over flips (emitted before "changed"). */
  signals[VERSO_GAME_SIGNAL_MOVE_PLAYED] = new_signal ("move-played", 2, G_TYPE_INT, G_TYPE_UINT64);
  /* The colour had no legal move and passed. */
  signals[VERSO_GAME_SIGNAL_PASS] = new_signal ("pass", 1, G_TYPE_INT);
  signals[VERSO_GAME_SIGNAL_GAME_OVER] = new_signal ("game-over", 0);
  /* The score of the move that led to position ply became known or more exact. */
  signals[VERSO_GAME_SIGNAL_MOVE_SCORED] = new_signal ("move-scored", 1, G_TYPE_UINT);
  /* verso_game_get_scores changed: refined, or dropped with the position. */
  signals[VERSO_GAME_SIGNAL_SCORES_CHANGED] = new_signal ("scores-changed", 0);
  /* The engine playing a colour failed, which a person now plays (verso-game.h): the colour, a
   * message for the person and the engine's own words. */
  signals[VERSO_GAME_SIGNAL_ENGINE_FAILED] = new_signal ("engine-failed", 3, G_TYPE_INT, G_TYPE_STRING,
                                                         G_TYPE_STRING);
}

static void verso_game_class_init (VersoGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = verso_game_dispose;
  object_class->finalize = verso_game_finalize;
  object_class->get_property = verso_game_get_property;
  object_class->set_property = verso_game_set_property;
  install_properties (object_class);
  install_signals ();
}

static void verso_game_init (VersoGame *self)
{
  Position start;

  position_init (&start);
  self->record = verso_record_new (&start);
  self->levels[VERSO_COLOR_BLACK] = self->levels[VERSO_COLOR_WHITE] = LEVEL_DEFAULT;
  self->rules = RULES_STANDARD;
  self->move_delay = VERSO_GAME_DEFAULT_MOVE_DELAY_MS;
  self->started = g_get_real_time () / G_USEC_PER_SEC;
  self->computer = verso_computer_new ();
  verso_game_engine_init (self);
  verso_game_clock_init (self);
  verso_game_analysis_init (self);
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
  self->opening = verso_game_find_opening (self);
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

/* Turns the moves by the pick-th of the symmetries that leave the standard start as it is. */
static void turn_moves (NotationGame *game, guint32 pick)
{
  Board start, image;
  int keeping[BOARD_SYMMETRIES], n_keeping = 0, symmetry;

  board_init (&start);
  for (int s = 0; s < BOARD_SYMMETRIES; s++) {
    image = board_symmetry (&start, s);
    if (image.player == start.player && image.opponent == start.opponent)
      keeping[n_keeping++] = s;
  }
  symmetry = keeping[pick % (guint32) n_keeping];
  for (size_t i = 0; i < game->n_moves; i++)
    if (game->moves[i] != BOARD_PASS)
      game->moves[i] = board_square_symmetry (game->moves[i], symmetry);
}

/* The balanced start drawn by seed, as a record of its moves from the standard start; NULL (and
 * a warning) when there is none to draw or it does not read, which a test of the list rules out. */
static VersoRecord *balanced_start_record (guint32 seed)
{
  size_t count = balanced_start_count ();
  NotationGame game = { .n_moves = 0 };
  NotationStatus status;
  Position position;
  const char *line;

  if (count == 0) {
    g_warning ("There are no balanced starts: the game starts from the standard position");
    return NULL;
  }
  line = balanced_start_get (seed % count);
  position_init (&game.start);
  position = game.start;
  status = notation_parse_transcript (line, strlen (line), &position, game.moves,
                                      G_N_ELEMENTS (game.moves), &game.n_moves);
  if (status.error) {
    g_warning ("Balanced start %zu (%s) does not read at offset %zu: %s", (size_t) (seed % count),
               line, status.offset, notation_error_message (status.error));
    return NULL;
  }
  /* The list keeps one line per position up to symmetry, all beginning f5; the rest of the seed
   * picks one of the symmetries that leave the start as it is, so the first move varies too. */
  turn_moves (&game, seed / count);
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
    record = balanced_start_record (setup->seed);
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

/* Records */

gboolean verso_game_is_record (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return self->is_record;
}

const char *verso_game_get_detail (VersoGame *self, VersoDetail detail)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  g_return_val_if_fail (detail < VERSO_N_DETAILS, NULL);
  return self->details[detail];
}

/* A detail as the game keeps it: valid UTF-8 on one line without the space around it, or NULL
 * for nothing or "?" (unknown, as PGN writes it). */
static char *clean_detail (const char *text)
{
  char *clean;

  if (!text)
    return NULL;
  clean = g_utf8_make_valid (text, -1);
  for (char *c = clean; *c; c++)
    if ((guchar) *c < 0x20 || *c == 0x7f)
      *c = ' ';
  g_strstrip (clean);
  if (!*clean || strcmp (clean, "?") == 0)
    g_clear_pointer (&clean, g_free);
  return clean;
}

void verso_game_end_record (VersoGame *self)
{
  if (!self->is_record)
    return;
  self->is_record = FALSE;
  /* Played here from now on: a game of its own, begun now. */
  self->started = g_get_real_time () / G_USEC_PER_SEC;
  for (guint i = 0; i < VERSO_N_DETAILS; i++)
    g_clear_pointer (&self->details[i], g_free);
  verso_game_notify (self, VERSO_GAME_PROP_RECORD);
}

void verso_game_set_record (VersoGame *self, const char *const details[VERSO_N_DETAILS])
{
  gboolean paused_was;

  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (details != NULL);

  verso_game_stop_computer (self);
  paused_was = verso_game_get_paused (self);
  for (guint i = 0; i < VERSO_N_DETAILS; i++) {
    g_free (self->details[i]);
    self->details[i] = clean_detail (details[i]);
  }
  self->players[VERSO_COLOR_BLACK] = self->players[VERSO_COLOR_WHITE] = VERSO_PLAYER_HUMAN;
  verso_game_engine_clear (self, VERSO_COLOR_BLACK);
  verso_game_engine_clear (self, VERSO_COLOR_WHITE);
  if (verso_game_change_flag (&self->is_record, TRUE))
    verso_game_notify (self, VERSO_GAME_PROP_RECORD);
  verso_game_changed_state (self, paused_was);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_CHANGED], 0);
}

void verso_game_play_from_here (VersoGame *self, VersoMode mode, VersoColor human_color,
                                LevelId level, const LevelMix *mix)
{
  gboolean paused_was;

  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (level < LEVEL_COUNT);

  verso_game_stop_computer (self);
  paused_was = verso_game_get_paused (self);
  self->players[VERSO_COLOR_BLACK] = mode == VERSO_MODE_COMPUTER_ONLY
                                     || (mode == VERSO_MODE_VERSUS_COMPUTER && human_color != VERSO_COLOR_BLACK)
                                     ? VERSO_PLAYER_COMPUTER : VERSO_PLAYER_HUMAN;
  self->players[VERSO_COLOR_WHITE] = mode == VERSO_MODE_COMPUTER_ONLY
                                     || (mode == VERSO_MODE_VERSUS_COMPUTER && human_color != VERSO_COLOR_WHITE)
                                     ? VERSO_PLAYER_COMPUTER : VERSO_PLAYER_HUMAN;
  self->levels[VERSO_COLOR_BLACK] = self->levels[VERSO_COLOR_WHITE] = mix ? level_mix_nearest (mix) : level;
  verso_game_engine_clear (self, VERSO_COLOR_BLACK);
  verso_game_engine_clear (self, VERSO_COLOR_WHITE);
  self->has_mix = mix != NULL;
  if (mix)
    self->mix = *mix;
  verso_game_end_record (self);
  /* The person asked to play on from here: the computer does not wait for Let It Play. The moves
   * after the position stay to redo (navigated is kept until a move is played). */
  self->held = FALSE;
  verso_game_changed_state (self, paused_was);
  verso_game_notify (self, VERSO_GAME_PROP_LEVEL);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_CHANGED], 0);
  verso_game_resume (self);
}

char *verso_game_describe_player (VersoGame *self, VersoColor color)
{
  const char *name;

  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  name = self->details[color == VERSO_COLOR_WHITE ? VERSO_DETAIL_WHITE_NAME : VERSO_DETAIL_BLACK_NAME];
  if (name)
    return g_strdup (name);
  return g_strdup (color == VERSO_COLOR_WHITE ? _("White") : _("Black"));
}

/* A player's name with the rating after it where the record has one. */
static char *rated_player (VersoGame *self, VersoColor color)
{
  g_autofree char *name = verso_game_describe_player (self, color);
  const char *rating = self->details[color == VERSO_COLOR_WHITE ? VERSO_DETAIL_WHITE_RATING
                                                                : VERSO_DETAIL_BLACK_RATING];

  if (!rating)
    return g_steal_pointer (&name);
  /* Translators: a player of a recorded game and their rating, e.g. "Alice Martin (2105)" */
  return g_strdup_printf (_("%s (%s)"), name, rating);
}

char *verso_game_describe_players (VersoGame *self)
{
  g_autofree char *black = NULL;
  g_autofree char *white = NULL;

  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  black = rated_player (self, VERSO_COLOR_BLACK);
  white = rated_player (self, VERSO_COLOR_WHITE);
  /* Translators: the players of a recorded game, Black first, e.g.
   * "Alice Martin (2105) against Bob Chen" */
  return g_strdup_printf (_("%s against %s"), black, white);
}

char *verso_game_describe_event (VersoGame *self)
{
  const char *place, *date;
  g_autofree char *day = NULL;

  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  place = self->details[VERSO_DETAIL_PLACE];
  date = self->details[VERSO_DETAIL_DATE];
  /* GGS writes the time after the day: "2003.12.15_13:24:03.MET". */
  if (date)
    day = g_strndup (date, strcspn (date, "_"));
  if (place && day && *day)
    /* Translators: where and when a recorded game was played, e.g. "Paris Open · 2003.12.15" */
    return g_strdup_printf (_("%s · %s"), place, day);
  if (place)
    return g_strdup (place);
  return day && *day ? g_steal_pointer (&day) : NULL;
}

char *verso_game_describe_result (VersoGame *self)
{
  int black, white, winner, won, lost;
  gboolean reverse;
  const char *name;

  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  black = verso_game_get_final_count (self, VERSO_COLOR_BLACK);
  white = verso_game_get_final_count (self, VERSO_COLOR_WHITE);
  winner = verso_game_get_winner (self);
  if (self->lost_on_time >= 0) {
    name = self->details[winner == VERSO_COLOR_WHITE ? VERSO_DETAIL_WHITE_NAME : VERSO_DETAIL_BLACK_NAME];
    if (name)
      /* Translators: the result of a game lost on time: the winner's name, e.g. "Bob Chen wins
       * on time" */
      return g_strdup_printf (_("%s wins on time"), name);
    /* Translators: the result of a game Black won because White's time ran out */
    return g_strdup (winner == VERSO_COLOR_BLACK ? _("Black wins on time")
                     /* Translators: the result of a game White won because Black's time ran out */
                     : _("White wins on time"));
  }
  if (winner < 0)
    /* Translators: the result of a drawn recorded game, e.g. "Draw 32–32" */
    return g_strdup_printf (_("Draw %d–%d"), black, white);
  won = winner == VERSO_COLOR_BLACK ? black : white;
  lost = winner == VERSO_COLOR_BLACK ? white : black;
  reverse = self->rules == RULES_REVERSE;
  name = self->details[winner == VERSO_COLOR_WHITE ? VERSO_DETAIL_WHITE_NAME : VERSO_DETAIL_BLACK_NAME];
  if (name)
    return g_strdup_printf (reverse
                            /* Translators: the result of a recorded Reverse game (fewest discs
                             * win): the winner's name and the count, the winner's first, e.g.
                             * "Bob Chen wins with fewer discs 23–41" */
                            ? _("%s wins with fewer discs %d–%d")
                            /* Translators: the result of a recorded game: the winner's name and
                             * the count, the winner's first, e.g. "Bob Chen wins 41–23" */
                            : _("%s wins %d–%d"), name, won, lost);
  if (winner == VERSO_COLOR_BLACK)
    return g_strdup_printf (reverse ? _("Black wins with fewer discs %d–%d")
                            /* Translators: the result of a recorded game, e.g. "Black wins 41–23" */
                            : _("Black wins %d–%d"), won, lost);
  return g_strdup_printf (reverse ? _("White wins with fewer discs %d–%d") : _("White wins %d–%d"),
                          won, lost);
}

void verso_game_set_player (VersoGame *self, VersoColor color, VersoPlayer player)
{
  gboolean paused_was;

  g_return_if_fail (VERSO_IS_GAME (self));

  /* Verso's own players: an engine playing the colour is no longer its player. */
  if (self->players[color == VERSO_COLOR_WHITE] == player && !self->engines[color == VERSO_COLOR_WHITE])
    return;
  verso_game_stop_computer (self);
  paused_was = verso_game_get_paused (self);
  self->players[color == VERSO_COLOR_WHITE] = player;
  verso_game_engine_clear (self, color == VERSO_COLOR_WHITE);
  verso_game_end_record (self);
  verso_game_changed_state (self, paused_was);
  g_signal_emit (self, verso_game_signals[VERSO_GAME_SIGNAL_CHANGED], 0);
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
 * at the new level. A level set ends a mix. */
static void set_levels (VersoGame *self, LevelId black, LevelId white)
{
  VersoColor searching = verso_game_get_turn (self);
  LevelId searching_was = self->levels[searching];

  self->has_mix = FALSE;
  if (self->levels[VERSO_COLOR_BLACK] == black && self->levels[VERSO_COLOR_WHITE] == white)
    return;
  self->levels[VERSO_COLOR_BLACK] = black;
  self->levels[VERSO_COLOR_WHITE] = white;
  if (self->computer_cancellable && self->levels[searching] != searching_was) {
    verso_game_stop_computer (self);
    verso_game_start_computer (self);
  }
  verso_game_notify (self, VERSO_GAME_PROP_LEVEL);
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

void verso_game_set_level_mix (VersoGame *self, const LevelMix *mix)
{
  LevelId nearest;

  g_return_if_fail (VERSO_IS_GAME (self));
  g_return_if_fail (!mix || (mix->lower >= 0 && mix->upper < LEVEL_COUNT && mix->lower <= mix->upper
                             && mix->weight >= 0 && mix->weight <= 1));

  if (!mix) {
    self->has_mix = FALSE;
    return;
  }
  nearest = level_mix_nearest (mix);
  set_levels (self, nearest, nearest);
  self->has_mix = TRUE;
  self->mix = *mix;
}

gboolean verso_game_get_level_mix (VersoGame *self, LevelMix *mix)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  if (self->has_mix && mix)
    *mix = self->mix;
  return self->has_mix;
}

void verso_game_set_move_delay (VersoGame *self, guint milliseconds)
{
  g_return_if_fail (VERSO_IS_GAME (self));
  self->move_delay = milliseconds;
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
    verso_game_notify (self, VERSO_GAME_PROP_FILE);
}

gboolean verso_game_get_modified (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return self->modified;
}

void verso_game_set_modified (VersoGame *self, gboolean modified)
{
  g_return_if_fail (VERSO_IS_GAME (self));

  if (verso_game_change_flag (&self->modified, modified))
    verso_game_notify (self, VERSO_GAME_PROP_MODIFIED);
}
