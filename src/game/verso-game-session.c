/* verso-game-session.c: the saved session, the game the window shows kept between runs as a key
 * file: players, levels, rules, the start and every move (those to redo too), the record's
 * variations and the line shown, the position shown, the document's file, whether it is a record
 * of its players and their details, another engine playing a colour, the clock (the time control,
 * the time each side had left and each move's time), and the analysis of every position of the
 * record (its scores, grades and graph); read back strictly, with a message naming what was wrong. */
#include "verso-game-analysis-private.h"
#include "verso-game-text.h"

#include <errno.h>
#include <math.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#define SAVE_GROUP "Verso Game"
#define SAVE_VERSION 1
/* The analysis (issue 33), written after SAVE_GROUP: Reviewed (verso_game_get_reviewed) when
 * true, and keys Position1 .. PositionN, one line of verso_analysis_store_write each. A file
 * without it was saved before, or without scores. */
#define ANALYSIS_GROUP "Verso Analysis"
#define ANALYSIS_KEY "Position"
/* The record's whole tree (issue 33), written when it has variations: one line of SGF
 * (verso_sgf_write_record), beside Moves, which stays the current line. A file without it has
 * only that line; a damaged one costs the variations, never the game (load_tree). */
#define TREE_KEY "Tree"
/* The scores an OBF file listed for the game's start, as an OBF line (verso_board_listed_line);
 * a damaged one costs those scores, never the game (load_listed). */
#define LISTED_KEY "Listed"

/* The clock (issue 44), written when the game has a time control: TimeControl as
 * "MINUTES[+SECONDS]", TimeRated, TimeLeft (black's and white's seconds when saved: the time the
 * program was closed does not count), MoveTimes (each move's seconds of the line played, -1 where
 * not known) and LostOnTime ("black" or "white"). A damaged clock costs the clock, never the game
 * (load_clock). */
#define TIME_CONTROL_KEY "TimeControl"

/* Another engine playing a colour (issue 44), written when one does: BlackEngine or WhiteEngine
 * as "DEPTH COMMAND" (verso_game_set_engine_for), and BlackEngineName or WhiteEngineName, the
 * name the record gives it. The colour's player is then the computer. */
static const char *const engine_keys[2] = { "BlackEngine", "WhiteEngine" };
static const char *const engine_name_keys[2] = { "BlackEngineName", "WhiteEngineName" };

static const char *const player_names[] = { "human", "computer" };
/* The keys of a record's details (issue 33), indexed by VersoDetail; written when it has them. */
static const char *const detail_keys[VERSO_N_DETAILS] = {
  [VERSO_DETAIL_BLACK_NAME] = "BlackName",
  [VERSO_DETAIL_WHITE_NAME] = "WhiteName",
  [VERSO_DETAIL_BLACK_RATING] = "BlackRating",
  [VERSO_DETAIL_WHITE_RATING] = "WhiteRating",
  [VERSO_DETAIL_PLACE] = "Place",
  [VERSO_DETAIL_DATE] = "Date",
  [VERSO_DETAIL_RESULT] = "Result",
};
/* The session's names of the Rules of rules.h. */
static const char *const rules_names[] = { "standard", "reverse" };

typedef struct {
  const VersoAnalysisStore *store;
  GKeyFile *file;
  GHashTable *written; /* the lines written: a position two lines reach is written once */
  guint n;
} AnalysisWriter;

static void save_position_analysis (const Position *position, gpointer user_data)
{
  AnalysisWriter *writer = user_data;
  char *line = verso_analysis_store_write (writer->store, position);
  g_autofree char *key = NULL;

  if (!line || !g_hash_table_add (writer->written, line))
    return;
  key = g_strdup_printf (ANALYSIS_KEY "%u", ++writer->n);
  g_key_file_set_value (writer->file, ANALYSIS_GROUP, key, line);
}

/* The store's analysis of the start and of every position of the record, on every line (not the
 * rest of the store: the file stays small), those without a score left out. */
static void save_analysis (VersoGame *self, GKeyFile *file)
{
  g_autoptr (GHashTable) written = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  AnalysisWriter writer = { self->analysis->store, file, written, 0 };

  verso_record_foreach_position (self->record, save_position_analysis, &writer);
}

static void save_engines (VersoGame *self, GKeyFile *file)
{
  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++) {
    const char *name, *command;
    int depth;

    if (verso_game_get_engine_for (self, color, &name, &command, &depth)) {
      g_autofree char *engine = g_strdup_printf ("%d %s", depth, command);

      g_key_file_set_string (file, SAVE_GROUP, engine_keys[color], engine);
      g_key_file_set_string (file, SAVE_GROUP, engine_name_keys[color], name);
    }
  }
}

static void save_clock (VersoGame *self, GKeyFile *file)
{
  char control[48];
  double left[2];
  VersoColor loser;

  if (!self->has_clock)
    return;
  time_control_format (&self->clock.control, control, sizeof control);
  g_key_file_set_string (file, SAVE_GROUP, TIME_CONTROL_KEY, control);
  g_key_file_set_boolean (file, SAVE_GROUP, "TimeRated", self->clock_rated);
  left[0] = verso_game_get_time_left (self, VERSO_COLOR_BLACK);
  left[1] = verso_game_get_time_left (self, VERSO_COLOR_WHITE);
  g_key_file_set_double_list (file, SAVE_GROUP, "TimeLeft", left, 2);
  if (self->move_seconds->len > 0)
    g_key_file_set_double_list (file, SAVE_GROUP, "MoveTimes", (double *) (void *) self->move_seconds->data,
                                self->move_seconds->len);
  if (verso_game_lost_on_time (self, &loser))
    g_key_file_set_string (file, SAVE_GROUP, "LostOnTime", loser == VERSO_COLOR_BLACK ? "black" : "white");
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

  moves = verso_record_get_transcript (self->record, verso_record_get_length (self->record));
  g_key_file_set_integer (file, SAVE_GROUP, "Version", SAVE_VERSION);
  g_key_file_set_string (file, SAVE_GROUP, "Black", player_names[self->players[VERSO_COLOR_BLACK]]);
  g_key_file_set_string (file, SAVE_GROUP, "White", player_names[self->players[VERSO_COLOR_WHITE]]);
  g_key_file_set_string (file, SAVE_GROUP, "Level", level_get (verso_game_get_level (self))->id);
  /* Keys added for issue 13; a game without them is a standard one, Level for both colours. */
  g_key_file_set_string (file, SAVE_GROUP, "BlackLevel", level_get (self->levels[VERSO_COLOR_BLACK])->id);
  g_key_file_set_string (file, SAVE_GROUP, "WhiteLevel", level_get (self->levels[VERSO_COLOR_WHITE])->id);
  if (self->has_mix) {
    char weight[G_ASCII_DTOSTR_BUF_SIZE];
    g_autofree char *mix = g_strdup_printf ("%s %s %s", level_get (self->mix.lower)->id, level_get (self->mix.upper)->id,
                                            g_ascii_formatd (weight, sizeof weight, "%.4f", self->mix.weight));
    /* Added for issue 35 ("Match my level"): the two levels and the upper one's share. */
    g_key_file_set_string (file, SAVE_GROUP, "LevelMix", mix);
  }
  save_engines (self, file);
  g_key_file_set_string (file, SAVE_GROUP, "Rules", rules_names[self->rules]);
  g_key_file_set_integer (file, SAVE_GROUP, "GivenMoves", (int) self->given_moves);
  if (!verso_record_starts_standard (self->record)) {
    g_autofree char *start = verso_board_write (verso_record_get_start (self->record));
    g_key_file_set_string (file, SAVE_GROUP, "Start", start);
  }
  g_key_file_set_string (file, SAVE_GROUP, "Moves", moves);
  if (verso_record_has_variations (self->record)) {
    g_autofree char *tree = verso_sgf_write_record (self->record);
    g_key_file_set_value (file, SAVE_GROUP, TREE_KEY, tree);
  }
  g_key_file_set_integer (file, SAVE_GROUP, "Shown", (int) verso_record_get_current (self->record));
  g_key_file_set_boolean (file, SAVE_GROUP, "Paused", self->navigated);
  if (self->file) {
    g_autofree char *uri = g_file_get_uri (self->file);
    g_key_file_set_string (file, SAVE_GROUP, "File", uri);
  }
  g_key_file_set_boolean (file, SAVE_GROUP, "Modified", self->modified);
  /* Keys added for issue 33; a game without them was played here. */
  g_key_file_set_boolean (file, SAVE_GROUP, "Record", self->is_record);
  /* Added for issue 43; a game without it is dated when it is restored. */
  g_key_file_set_int64 (file, SAVE_GROUP, "Started", self->started);
  {
    g_autofree char *listed = verso_board_listed_line (self);

    if (listed)
      g_key_file_set_string (file, SAVE_GROUP, LISTED_KEY, listed);
  }
  for (guint i = 0; i < VERSO_N_DETAILS; i++)
    if (self->details[i])
      g_key_file_set_string (file, SAVE_GROUP, detail_keys[i], self->details[i]);
  save_clock (self, file);
  /* Written only when true: a game without it was never reviewed. */
  if (self->analysis->reviewed)
    g_key_file_set_boolean (file, ANALYSIS_GROUP, "Reviewed", TRUE);
  save_analysis (self, file);

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
                 _("The value of %s holds an escape sequence"), key);
    return NULL;
  }
  /* The messages that name a bad value quote it, and a message is UTF-8. */
  if (!g_utf8_validate (value, -1, NULL)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 _("The value of %s is not UTF-8 text"), key);
    return NULL;
  }
  return g_steal_pointer (&value);
}

/* A key that old saved games do not have: *value is NULL without error when it is absent. */
static gboolean has_control_characters (const char *text)
{
  for (; *text; text++)
    if ((guchar) *text < 0x20 || *text == 0x7f)
      return TRUE;
  return FALSE;
}

static gboolean get_optional_string (GKeyFile *file, const char *key, char **value, GError **error)
{
  *value = NULL;
  if (!g_key_file_has_key (file, SAVE_GROUP, key, NULL))
    return TRUE;
  *value = get_string (file, key, error);
  return *value != NULL;
}

static gboolean get_optional_boolean (GKeyFile *file, const char *key, gboolean *value, GError **error)
{
  g_autofree char *text = NULL;

  if (!get_optional_string (file, key, &text, error))
    return FALSE;
  if (!text)
    return TRUE;
  if (strcmp (text, "true") == 0 || strcmp (text, "false") == 0) {
    *value = strcmp (text, "true") == 0;
    return TRUE;
  }
  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
               _("The value of %s is not true or false: “%s”"), key, text);
  return FALSE;
}

/* A text key that old saved games do not have, such as a player's name, which may hold any
 * character: g_key_file_set_string writes a backslash as two and a leading space as "\s" (and
 * escapes control characters, which details never hold). Those two are undone here and anything
 * else is refused, rather than trusting GLib's unescaping with damaged text (see get_string). */
static gboolean get_optional_text (GKeyFile *file, const char *key, char **value, GError **error)
{
  g_autofree char *raw = NULL;
  g_autoptr (GString) text = g_string_new (NULL);

  *value = NULL;
  if (!g_key_file_has_key (file, SAVE_GROUP, key, NULL))
    return TRUE;
  if (!(raw = g_key_file_get_value (file, SAVE_GROUP, key, error)))
    return FALSE;
  for (const char *c = raw; *c; c++) {
    if (*c == '\\' && (c[1] == '\\' || c[1] == 's')) {
      c++;
      g_string_append_c (text, *c == 's' ? ' ' : '\\');
    } else if (*c == '\\' || (guchar) *c < 0x20 || *c == 0x7f) {
      g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                   _("The value of %s holds an escape sequence"), key);
      return FALSE;
    } else {
      g_string_append_c (text, *c);
    }
  }
  if (!g_utf8_validate (text->str, -1, NULL)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 _("The value of %s is not UTF-8 text"), key);
    return FALSE;
  }
  *value = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

/* Whether the game is a record, and its details; a record has people on both sides. */
static gboolean parse_record_details (GKeyFile *file, VersoPlayer black, VersoPlayer white,
                                      gboolean *is_record, char *details[VERSO_N_DETAILS],
                                      GError **error)
{
  *is_record = FALSE;
  if (!get_optional_boolean (file, "Record", is_record, error))
    return FALSE;
  if (*is_record && (black != VERSO_PLAYER_HUMAN || white != VERSO_PLAYER_HUMAN)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 _("The saved game is a record of its players, but the computer plays in it"));
    return FALSE;
  }
  for (guint i = 0; i < VERSO_N_DETAILS; i++)
    if (!get_optional_text (file, detail_keys[i], &details[i], error))
      return FALSE;
  return TRUE;
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
  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Unknown player for %s: “%s”"), key, name);
  return FALSE;
}

static gboolean parse_level (GKeyFile *file, const char *key, LevelId *level, GError **error)
{
  g_autofree char *name = get_string (file, key, error);

  if (!name)
    return FALSE;
  *level = level_from_id (name);
  if (*level != LEVEL_NONE)
    return TRUE;
  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Unknown level “%s”"), name);
  return FALSE;
}

/* "Match my level" (absent: none): "LOWER UPPER WEIGHT", two neighbouring levels' ids (or one
 * twice) and the upper one's share of the moves, 0 .. 1. */
static gboolean parse_optional_mix (GKeyFile *file, gboolean *has_mix, LevelMix *mix, GError **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) fields = NULL;
  char *end = NULL;

  *has_mix = FALSE;
  if (!get_optional_string (file, "LevelMix", &text, error))
    return FALSE;
  if (!text)
    return TRUE;
  fields = g_strsplit (text, " ", -1);
  if (g_strv_length (fields) == 3) {
    mix->lower = level_from_id (fields[0]);
    mix->upper = level_from_id (fields[1]);
    mix->weight = g_ascii_strtod (fields[2], &end);
    *has_mix = mix->lower != LEVEL_NONE && mix->upper != LEVEL_NONE && *end == '\0' && end != fields[2]
               && (mix->upper == mix->lower || mix->upper == mix->lower + 1) && mix->weight >= 0 && mix->weight <= 1;
  }
  if (*has_mix)
    return TRUE;
  /* Translators: a saved game's "Match my level" strength is not two levels and a share */
  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Unknown strength “%s”"), text);
  return FALSE;
}

/* A level key that older saved games do not have: *level stays as it is when it is absent. */
static gboolean parse_optional_level (GKeyFile *file, const char *key, LevelId *level, GError **error)
{
  if (!g_key_file_has_key (file, SAVE_GROUP, key, NULL))
    return TRUE;
  return parse_level (file, key, level, error);
}

/* The rules, standard when the key is absent (games saved before there were variants). */
static gboolean parse_rules (GKeyFile *file, Rules *rules, GError **error)
{
  g_autofree char *name = NULL;

  *rules = RULES_STANDARD;
  if (!get_optional_string (file, "Rules", &name, error))
    return FALSE;
  if (!name)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (rules_names); i++)
    if (strcmp (name, rules_names[i]) == 0) {
      *rules = i;
      return TRUE;
    }
  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Unknown rules “%s”"), name);
  return FALSE;
}

/* The engine playing color, if any: its depth, command and name; only the computer's colour has
 * one. */
static gboolean parse_engine (GKeyFile *file, VersoColor color, VersoPlayer player, int *depth,
                              char **command, char **name, GError **error)
{
  g_autofree char *text = NULL;
  g_autofree char *number = NULL;
  const char *space;
  gint64 value;

  *command = *name = NULL;
  if (!get_optional_text (file, engine_keys[color], &text, error)
      || !get_optional_text (file, engine_name_keys[color], name, error))
    return FALSE;
  if (!text)
    return TRUE;
  space = strchr (text, ' ');
  number = space ? g_strndup (text, (gsize) (space - text)) : NULL;
  if (!space || !space[1] || player != VERSO_PLAYER_COMPUTER
      || !g_ascii_string_to_signed (number, 10, 0, 60, &value, NULL)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 /* Translators: %s is BlackEngine or WhiteEngine, a key of the saved game */
                 _("The value of %s is not the depth (0 to 60) and the command of an engine playing "
                   "for the computer: “%s”"), engine_keys[color], text);
    g_clear_pointer (name, g_free);
    return FALSE;
  }
  *depth = (int) value;
  *command = g_strdup (space + 1);
  return TRUE;
}

/* The given moves of a balanced start: 0 when the key is absent, at most the moves recorded. */
static gboolean parse_given_moves (GKeyFile *file, const VersoRecord *record, guint *given,
                                   GError **error)
{
  g_autofree char *text = NULL;
  guint64 value = 0;

  *given = 0;
  if (!get_optional_string (file, "GivenMoves", &text, error))
    return FALSE;
  if (!text)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, verso_record_get_length (record), &value, NULL)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 _("The given moves of the saved game (“%s”) are not a number from 0 to its %u moves"),
                 text, verso_record_get_length (record));
    return FALSE;
  }
  *given = (guint) value;
  return TRUE;
}

/* The start (the standard one when the key is absent) and the moves from it. */
static VersoRecord *parse_record (const char *start, const char *moves, GError **error)
{
  NotationGame game;
  NotationStatus status;
  VersoRecord *record;

  position_init (&game.start);
  if (start) {
    status = notation_parse_board (start, strlen (start), &game.start);
    if (status.error) {
      g_autofree char *message = verso_board_message (start, strlen (start), status);
      g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                   _("The start of the saved game is not a board: %s"), message);
      return NULL;
    }
  }
  record = verso_transcript_read (moves, strlen (moves), &game, &status);
  if (!record) {
    g_autofree char *message = verso_transcript_message (moves, strlen (moves), status, game.moves,
                                                         game.n_moves);
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 _("The saved moves are wrong: %s"), message);
  }
  return record;
}

/* Makes tree's current line the one of line (the record of Moves): the same start and the same
 * moves to the end; an error saying which is not. */
static gboolean follow_saved_line (VersoRecord *tree, const VersoRecord *line, GError **error)
{
  const Position *a = verso_record_get_start (tree), *b = verso_record_get_start (line);
  guint length = verso_record_get_length (line);
  g_autofree int *moves = g_new (int, length + 1);

  if (a->side_to_move != b->side_to_move || !board_equal (&a->board, &b->board)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 "its start is not the one of the game (Start)");
    return FALSE;
  }
  for (guint ply = 1; ply <= length; ply++)
    moves[ply - 1] = verso_record_get_move (line, ply);
  if (!verso_record_follow_moves (tree, moves, length)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 "it has no line of the moves (Moves) to their end");
    return FALSE;
  }
  return TRUE;
}

/* The scores the game's OBF file listed, kept again from the Listed key, if the file has one. */
static void load_listed (VersoGame *game, GKeyFile *file, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *line = NULL;

  if (!g_key_file_has_key (file, SAVE_GROUP, LISTED_KEY, NULL))
    return;
  if (!(line = get_string (file, LISTED_KEY, &error)))
    g_message ("The listed scores of the saved game %s are dropped: %s: %s", path, LISTED_KEY,
               error->message);
  else if (!verso_board_keep_listed_line (game, line))
    g_message ("The listed scores of the saved game %s are dropped: %s does not read as an OBF line",
               path, LISTED_KEY);
}

/* When the saved game began, if the file says so and it is a date ("Started"); else the game
 * keeps the time it was restored, with a message for a damaged value. */
static void load_started (VersoGame *game, GKeyFile *file, const char *path)
{
  g_autoptr (GError) error = NULL;
  gint64 started;

  if (!g_key_file_has_key (file, SAVE_GROUP, "Started", NULL))
    return;
  started = g_key_file_get_int64 (file, SAVE_GROUP, "Started", &error);
  if (error)
    g_message ("The start of the saved game %s is dropped: Started: %s", path, error->message);
  else if (started < 0 || started > VERSO_GAME_LAST_DATE)
    g_message ("The start of the saved game %s is dropped: Started: %" G_GINT64_FORMAT
               " is not a date", path, started);
  else
    game->started = started;
}

/* The clock of the saved game, if it has one (TIME_CONTROL_KEY): a damaged one is dropped with a
 * message naming what was wrong, and the game kept without a clock. */
static void load_clock (VersoGame *game, GKeyFile *file, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *lost = NULL;
  g_autofree double *left = NULL;
  g_autofree double *moves = NULL;
  gsize n_left = 0, n_moves = 0;
  TimeControl control;
  gboolean rated;
  int lost_on_time = -1;
  size_t offset = 0;
  TimeControlError parsed;

  if (!g_key_file_has_key (file, SAVE_GROUP, TIME_CONTROL_KEY, NULL))
    return;
  if (!(text = get_string (file, TIME_CONTROL_KEY, &error))) {
    g_message ("The clock of the saved game %s is dropped: %s: %s", path, TIME_CONTROL_KEY, error->message);
    return;
  }
  if ((parsed = time_control_parse (text, strlen (text), &control, &offset))) {
    g_message ("The clock of the saved game %s is dropped: %s, character %zu: %s", path,
               TIME_CONTROL_KEY, offset + 1, time_control_error_message (parsed));
    return;
  }
  rated = g_key_file_get_boolean (file, SAVE_GROUP, "TimeRated", &error);
  if (!error)
    left = g_key_file_get_double_list (file, SAVE_GROUP, "TimeLeft", &n_left, &error);
  if (!error && g_key_file_has_key (file, SAVE_GROUP, "MoveTimes", NULL))
    moves = g_key_file_get_double_list (file, SAVE_GROUP, "MoveTimes", &n_moves, &error);
  if (!error && g_key_file_has_key (file, SAVE_GROUP, "LostOnTime", NULL))
    lost = get_string (file, "LostOnTime", &error);
  if (error) {
    g_message ("The clock of the saved game %s is dropped: %s", path, error->message);
    return;
  }
  if (n_left != 2 || !isfinite (left[0]) || !isfinite (left[1]) || left[0] < 0 || left[1] < 0
      || n_moves > verso_record_get_length (game->record)) {
    g_message ("The clock of the saved game %s is dropped: TimeLeft is not two times of 0 s or "
               "more, or MoveTimes has more times than moves", path);
    return;
  }
  for (gsize k = 0; k < n_moves; k++)
    if (!isfinite (moves[k]) || moves[k] < -1) {
      g_message ("The clock of the saved game %s is dropped: MoveTimes: time %zu is %g", path,
                 k + 1, moves[k]);
      return;
    }
  if (lost) {
    if (strcmp (lost, "black") != 0 && strcmp (lost, "white") != 0) {
      g_message ("The clock of the saved game %s is dropped: LostOnTime is “%s”, not black or white",
                 path, lost);
      return;
    }
    lost_on_time = strcmp (lost, "black") == 0 ? POSITION_BLACK : POSITION_WHITE;
  }
  verso_game_clock_restore (game, &control, rated, left, moves, (guint) n_moves, lost_on_time);
}

/* Replaces *record (read from Moves) by the record's tree from the Tree key, if the file has
 * one: its line the same and shown at the same position. A damaged tree is dropped with a
 * message naming what was wrong and *record kept: the variations are lost, never the moves. */
static void load_tree (GKeyFile *file, const char *path, VersoRecord **record)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoRecord) tree = NULL;
  g_autofree char *text = NULL;
  VersoTextExtras extras = { 0 };

  if (!g_key_file_has_key (file, SAVE_GROUP, TREE_KEY, NULL))
    return;
  if ((text = get_string (file, TREE_KEY, &error)))
    tree = verso_sgf_read (text, strlen (text), NULL, &extras, &error);
  if (tree && !follow_saved_line (tree, *record, &error))
    g_clear_pointer (&tree, verso_record_free);
  if (!tree) {
    g_message ("The variations of the saved game %s are dropped: %s: %s", path, TREE_KEY,
               error->message);
    return;
  }
  verso_record_go_to (tree, verso_record_get_current (*record));
  verso_record_free (*record);
  *record = g_steal_pointer (&tree);
}

/* The Reviewed key's value, true or false. */
static gboolean parse_reviewed (GKeyFile *file, gboolean *reviewed, GError **error)
{
  g_autofree char *value = g_key_file_get_value (file, ANALYSIS_GROUP, "Reviewed", error);

  if (!value)
    return FALSE;
  if (strcmp (value, "true") != 0 && strcmp (value, "false") != 0) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 "Reviewed is not true or false: “%s”", value);
    return FALSE;
  }
  *reviewed = strcmp (value, "true") == 0;
  return TRUE;
}

/* The saved analysis in a store of its own, or NULL and an error naming the key at fault: every
 * key of the group is Reviewed, or Position and a number with a line of
 * verso_analysis_store_read. */
static VersoAnalysisStore *parse_analysis (GKeyFile *file, gboolean *reviewed, GError **error)
{
  g_autoptr (VersoAnalysisStore) store = verso_analysis_store_new ();
  g_auto (GStrv) keys = NULL;

  *reviewed = FALSE;
  if (!g_key_file_has_group (file, ANALYSIS_GROUP))
    return g_steal_pointer (&store);
  keys = g_key_file_get_keys (file, ANALYSIS_GROUP, NULL, error);
  for (guint i = 0; keys && keys[i]; i++) {
    const char *number = keys[i] + strlen (ANALYSIS_KEY);
    g_autofree char *line = NULL;

    if (strcmp (keys[i], "Reviewed") == 0) {
      if (!parse_reviewed (file, reviewed, error))
        return NULL;
      continue;
    }
    if (!g_str_has_prefix (keys[i], ANALYSIS_KEY) || !*number
        || strspn (number, "0123456789") != strlen (number)) {
      g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                   "%s is not a key of the analysis", keys[i]);
      return NULL;
    }
    if (!(line = g_key_file_get_value (file, ANALYSIS_GROUP, keys[i], error))
        || !verso_analysis_store_read (store, line, error)) {
      g_prefix_error (error, "%s: ", keys[i]);
      return NULL;
    }
  }
  return keys ? g_steal_pointer (&store) : NULL;
}

/* The analysis of the file, if it has one, into the game's store. A damaged analysis is dropped
 * whole and the game kept: the moves are what the person made, and the scores can be found
 * again. The message names the key and what was wrong with it. */
static void load_analysis (VersoGame *game, GKeyFile *file, const char *path)
{
  g_autoptr (GError) error = NULL;
  gboolean reviewed;
  VersoAnalysisStore *store = parse_analysis (file, &reviewed, &error);

  if (!store) {
    g_message ("The analysis of the saved game %s is dropped: [%s] %s", path, ANALYSIS_GROUP,
               error->message);
    return;
  }
  verso_analysis_store_free (game->analysis->store);
  game->analysis->store = store;
  game->analysis->reviewed = reviewed;
}

/* "Saved game is incomplete" with why: cause's message, made UTF-8 (GLib's messages quote what the
 * file held, which may not be). */
static void set_incomplete (GError **error, const GError *cause)
{
  g_autofree char *why = g_utf8_make_valid (cause->message, -1);

  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Saved game is incomplete: %s"), why);
}

/* The key file at path. When its text does not read as one, its part before the analysis is
 * tried alone (*analysis_dropped is set then): a damaged analysis, written last, costs no game. */
static gboolean load_key_file (GKeyFile *file, const char *path, gboolean *analysis_dropped,
                               GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) local_error = NULL;
  const char *analysis;
  gsize length;

  *analysis_dropped = FALSE;
  if (!g_file_get_contents (path, &text, &length, error))
    return FALSE;
  if (g_key_file_load_from_data (file, text, length, G_KEY_FILE_NONE, &local_error))
    return TRUE;
  analysis = g_strstr_len (text, (gssize) length, "\n[" ANALYSIS_GROUP "]\n");
  if (analysis && g_key_file_load_from_data (file, text, (gsize) (analysis - text) + 1,
                                             G_KEY_FILE_NONE, NULL)) {
    g_message ("The analysis of the saved game %s is dropped: %s", path, local_error->message);
    *analysis_dropped = TRUE;
    return TRUE;
  }
  {
    /* GLib's message quotes what the file held, which may not be UTF-8; a message must be. */
    g_autofree char *cause = g_utf8_make_valid (local_error->message, -1);
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Not a saved game: %s"), cause);
  }
  return FALSE;
}

static void free_details (char *details[VERSO_N_DETAILS])
{
  for (guint i = 0; i < VERSO_N_DETAILS; i++)
    g_clear_pointer (&details[i], g_free);
}

static void free_engines (char *commands[2], char *names[2])
{
  for (guint i = 0; i < 2; i++) {
    g_clear_pointer (&commands[i], g_free);
    g_clear_pointer (&names[i], g_free);
  }
}

VersoGame *verso_game_load (const char *path, GError **error)
{
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) local_error = NULL;
  g_autoptr (VersoRecord) record = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *start = NULL;
  g_autofree char *uri = NULL;
  VersoPlayer black, white;
  LevelId level, black_level, white_level;
  Rules rules;
  guint given;
  int version, shown;
  gboolean paused, modified = FALSE, is_record = FALSE, analysis_dropped, has_mix;
  LevelMix mix;
  char *details[VERSO_N_DETAILS] = { NULL };
  char *engine_commands[2] = { NULL }, *engine_names[2] = { NULL };
  int engine_depths[2] = { 0, 0 };
  VersoGame *game;

  g_return_val_if_fail (path != NULL, NULL);

  if (!load_key_file (file, path, &analysis_dropped, error))
    return NULL;
  if (!g_key_file_has_group (file, SAVE_GROUP)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Not a saved game: no [%s] section"), SAVE_GROUP);
    return NULL;
  }
  version = g_key_file_get_integer (file, SAVE_GROUP, "Version", &local_error);
  if (local_error || version != SAVE_VERSION) {
    verso_text_set_bad_file (error, _("Unknown saved game version"));
    return NULL;
  }
  if (!parse_player (file, "Black", &black, &local_error) || !parse_player (file, "White", &white, &local_error)
      || !parse_level (file, "Level", &level, &local_error)
      || !(moves = get_string (file, "Moves", &local_error))) {
    if (local_error->domain == VERSO_GAME_ERROR)
      g_propagate_error (error, g_steal_pointer (&local_error));
    else
      set_incomplete (error, local_error);
    return NULL;
  }
  shown = g_key_file_get_integer (file, SAVE_GROUP, "Shown", &local_error);
  if (local_error) {
    set_incomplete (error, local_error);
    return NULL;
  }
  if (!get_optional_string (file, "Start", &start, error)
      || !(record = parse_record (start, moves, error)))
    return NULL;
  if (shown < 0 || (guint) shown > verso_record_get_length (record)
      || !verso_record_is_resting (record, (guint) shown)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("The position shown (%d) is not in the game"), shown);
    return NULL;
  }
  verso_record_go_to (record, (guint) shown);
  load_tree (file, path, &record);
  /* Saved games without the key were left in the middle of their record by navigating. */
  paused = (guint) shown < verso_record_get_length (record);
  black_level = white_level = level;
  if (!parse_optional_level (file, "BlackLevel", &black_level, error)
      || !parse_optional_level (file, "WhiteLevel", &white_level, error)
      || !parse_optional_mix (file, &has_mix, &mix, error)
      || !parse_rules (file, &rules, error)
      || !parse_given_moves (file, record, &given, error)
      || !get_optional_boolean (file, "Paused", &paused, error)
      || !get_optional_boolean (file, "Modified", &modified, error)
      || !get_optional_string (file, "File", &uri, error)
      || !parse_record_details (file, black, white, &is_record, details, error)
      || !parse_engine (file, VERSO_COLOR_BLACK, black, &engine_depths[0], &engine_commands[0],
                        &engine_names[0], error)
      || !parse_engine (file, VERSO_COLOR_WHITE, white, &engine_depths[1], &engine_commands[1],
                        &engine_names[1], error)) {
    free_details (details);
    free_engines (engine_commands, engine_names);
    return NULL;
  }
  /* GLib 2.74 calls "file:\r" a valid URI, but a URI never holds control characters (they
   * would be percent-encoded), and one that did would be written back escaped and refused. */
  if (uri && (!g_uri_is_valid (uri, G_URI_FLAGS_NONE, NULL) || has_control_characters (uri))) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("The file of the saved game is not a URI: “%s”"), uri);
    free_details (details);
    free_engines (engine_commands, engine_names);
    return NULL;
  }

  game = verso_game_new_with_record (black, white, level, g_steal_pointer (&record), paused);
  game->levels[VERSO_COLOR_BLACK] = black_level;
  game->levels[VERSO_COLOR_WHITE] = white_level;
  game->has_mix = has_mix;
  if (has_mix)
    game->mix = mix;
  game->rules = rules;
  game->given_moves = given;
  game->modified = modified;
  if (uri)
    game->file = g_file_new_for_uri (uri);
  game->is_record = is_record;
  /* A game played here has no details: any the file holds are not the game's. */
  for (guint i = 0; i < VERSO_N_DETAILS; i++)
    game->details[i] = is_record ? g_steal_pointer (&details[i]) : NULL;
  free_details (details);
  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++)
    if (engine_commands[color]) {
      game->engines[color] = verso_hosted_engine_new (engine_commands[color], engine_depths[color]);
      game->engine_names[color] = g_strdup (engine_names[color] ? engine_names[color] : engine_commands[color]);
    }
  free_engines (engine_commands, engine_names);
  load_listed (game, file, path);
  load_clock (game, file, path);
  load_started (game, file, path);
  if (!analysis_dropped)
    load_analysis (game, file, path);
  return game;
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
