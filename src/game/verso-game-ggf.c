/* verso-game-ggf.c: GGF records as the game reads and writes them: the whole record, its rules
 * (TY) and balanced start (BS), who played it (a record of its players unless PC[Verso]), through
 * the engine's GGF parser and writer, with messages that name the property or move in error. */
#include "verso-game-text.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "verso-game-analysis-private.h"

/* The name and value of the GGF property at offset (the parser reports errors there). */
static void ggf_property_at (const char *text, gsize length, gsize offset, char **name, char **value)
{
  gsize i = offset;

  while (i < length && g_ascii_isupper (text[i]))
    i++;
  *name = g_strndup (text + offset, i - offset);
  *value = i < length && text[i] == '[' ? verso_text_excerpt (text, length, i + 1, VERSO_TEXT_EXCERPT_CHARS) : g_strdup ("");
  /* The excerpt runs to white space; the value ends at its ']'. */
  if (strchr (*value, ']'))
    *strchr (*value, ']') = '\0';
  if (strchr (*value, '/'))
    *strchr (*value, '/') = '\0';
}

static char *ggf_message (const char *text, gsize length, NotationStatus status, const NotationGame *game)
{
  g_autofree char *name = NULL;
  g_autofree char *value = NULL;
  guint number = (guint) game->n_moves + 1;
  guint line, column;
  char *message;

  ggf_property_at (text, length, status.offset, &name, &value);
  verso_text_line_and_column (text, length, status.offset, &line, &column);
  switch (status.error) {
  case NOTATION_ERROR_EMPTY:
    return g_strdup (_("there is no game in this text"));
  case NOTATION_ERROR_NOT_GGF:
    return g_strdup (_("not a GGF record"));
  case NOTATION_ERROR_UNCLOSED:
    return g_strdup (_("the record is not closed"));
  case NOTATION_ERROR_TRAILING:
    return g_strdup_printf (_("line %u, column %u: unexpected text after the record"), line, column);
  case NOTATION_ERROR_BAD_PROPERTY:
    return g_strdup_printf (_("line %u, column %u: expected a property such as B[f5]"), line, column);
  case NOTATION_ERROR_NO_BOARD:
    if (strcmp (name, "B") == 0 || strcmp (name, "W") == 0)
      return g_strdup_printf (_("move %u (%s) comes before the board (BO)"), number, value);
    return g_strdup (_("the record has no board (BO)"));
  case NOTATION_ERROR_LATE_BOARD:
    return g_strdup_printf (_("line %u, column %u: the board (BO) comes after the first move"), line, column);
  case NOTATION_ERROR_NOT_OTHELLO:
    if (strcmp (name, "GM") == 0)
      return g_strdup_printf (_("the record is not a game of Othello (GM[%s])"), value);
    return g_strdup (_("the board (BO) is not an 8×8 board"));
  case NOTATION_ERROR_BAD_TYPE:
    /* TRANSLATORS: TY is the GGF game type; 8 is Othello, 8a its Reverse variant. */
    return g_strdup_printf (_("the game type (TY[%s]) is not Othello (8) or Reverse (8a)"), value);
  case NOTATION_ERROR_BOARD_SIZE:
    return g_strdup_printf (_("the game type (TY[%s]) is not played on an 8×8 board"), value);
  case NOTATION_ERROR_BAD_GIVEN:
    /* TRANSLATORS: BS[n] says that the first n moves were a balanced start drawn at random. */
    return g_strdup_printf (_("the balanced start (BS[%s]) is not a number of the record’s moves"), value);
  default:
    break;
  }
  if (strcmp (name, "BO") == 0)
    return g_strdup_printf (_("the board (BO) is not 64 squares X, O or - and the side to move: %s"),
                            _(notation_error_message (status.error)));
  if (status.error == NOTATION_ERROR_OUT_OF_TURN)
    return g_strdup_printf (_("move %u (%s) is played by the side not to move"), number, value);
  if ((message = verso_text_move_message (status.error, number, value)))
    return message;
  return g_strdup_printf (_("line %u, column %u: %s"), line, column,
                          _(notation_error_message (status.error)));
}

/* Occurrences of "(;" from offset: the records that follow the first one. */
static guint count_records (const char *text, gsize length, gsize offset)
{
  guint count = 0;

  for (gsize i = offset; i + 1 < length; i++)
    if (text[i] == '(' && text[i + 1] == ';')
      count++;
  return count;
}

/* The plies of record that game's first given_moves moves make: the notation may write forced
 * passes or leave them out, the record always has them. Never more than the record holds. */
static guint given_plies (const VersoRecord *record, const NotationGame *game)
{
  guint length = verso_record_get_length (record);
  guint discs = 0, ply = 0;

  for (size_t k = 0; k < game->given_moves && k < game->n_moves; k++)
    if (game->moves[k] != BOARD_PASS)
      discs++;
  while (discs > 0 && ply < length)
    if (verso_record_get_move (record, ++ply) != BOARD_PASS)
      discs--;
  return ply;
}

/* Verso's own games say PC[Verso] (verso-game-text.c); any other record is one of its players,
 * whose details are kept. */
static void read_details (const NotationGame *game, VersoTextExtras *extras)
{
  const char *details[VERSO_N_DETAILS] = {
    [VERSO_DETAIL_BLACK_NAME] = game->black,
    [VERSO_DETAIL_WHITE_NAME] = game->white,
    [VERSO_DETAIL_BLACK_RATING] = game->black_rating,
    [VERSO_DETAIL_WHITE_RATING] = game->white_rating,
    [VERSO_DETAIL_PLACE] = game->place,
    [VERSO_DETAIL_DATE] = game->date,
    [VERSO_DETAIL_RESULT] = "",
  };

  extras->is_record = strcmp (game->place, VERSO_TEXT_PLACE) != 0;
  for (guint i = 0; i < VERSO_N_DETAILS; i++)
    g_strlcpy (extras->details[i], details[i], sizeof extras->details[i]);
  verso_text_result_from_ggf (game->result, extras->details[VERSO_DETAIL_RESULT]);
}

/* The clock a record says (TI, TB, TW, the moves' seconds, RE[..:t]), when its main time reads. */
static void read_clock (const NotationGame *game, const VersoRecord *record, VersoTextExtras *extras)
{
  const NotationClock *clock = &game->clock;
  gboolean over = board_is_game_over (&verso_record_get_position (record, verso_record_get_length (record))->board);
  const char *how = strchr (game->result, ':');

  if (!clock->known || !(clock->main[POSITION_BLACK] > 0) || clock->increment[POSITION_BLACK] < 0)
    return;
  extras->has_clock = TRUE;
  extras->time_control = (TimeControl) { .main_seconds = clock->main[POSITION_BLACK],
                                         .increment = clock->increment[POSITION_BLACK] };
  extras->n_move_seconds = (guint) MIN (game->n_moves, NOTATION_MAX_MOVES);
  memcpy (extras->move_seconds, clock->move_seconds, sizeof extras->move_seconds);
  for (int colour = 0; colour < 2; colour++) {
    double left = clock->main[colour] + clock->increment[colour] * clock->moves[colour] - clock->used[colour];
    extras->time_left[colour] = MAX (left, 0);
  }
  /* "-64:t": black lost on time; "+64:t": white did. */
  if (!over && how && g_ascii_tolower (how[1]) == 't')
    extras->lost_on_time = game->result[0] == '-' ? POSITION_BLACK : POSITION_WHITE;
}

VersoRecord *verso_ggf_read (const char *text, gsize length, char **notice,
                             VersoTextExtras *extras, GError **error)
{
  VersoRecord *record;
  NotationGame game;
  gsize end = 0;
  NotationStatus status = notation_parse_ggf (text, length, &game, &end);
  guint more;

  if (status.error) {
    g_autofree char *message = ggf_message (text, length, status, &game);
    verso_text_set_bad_file (error, message);
    return NULL;
  }
  more = count_records (text, length, end);
  if (more > 0 && notice)
    *notice = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "The file holds %u game; the first one is shown.",
                                            "The file holds %u games; the first one is shown.",
                                            more + 1),
                               more + 1);
  record = verso_record_new_from_notation (&game);
  read_details (&game, extras);
  extras->has_rules = TRUE;
  extras->rules = game.rules;
  extras->given_moves = given_plies (record, &game);
  read_clock (&game, record, extras);
  return record;
}

char *verso_text_player_name (VersoGame *self, VersoColor color)
{
  const char *real_name;
  const char *engine_name;

  /* Another engine is named as it names itself (verso-game-engine.c). */
  if (verso_game_get_engine_for (self, color, &engine_name, NULL, NULL))
    return g_strdup (engine_name);
  if (verso_game_get_player (self, color) == VERSO_PLAYER_COMPUTER)
    /* TRANSLATORS: the computer's name in a saved game record, with its level. */
    return g_strdup_printf (_("Verso (%s)"), _(level_get (verso_game_get_level_for (self, color))->name));
  real_name = g_get_real_name ();
  if (real_name && *real_name && strcmp (real_name, "Unknown") != 0 && g_utf8_validate (real_name, -1, NULL))
    return g_strdup (real_name);
  return g_strdup (g_get_user_name ());
}

/* A record's details as it was read: what it did not say stays unsaid, and its place, which
 * tells it from Verso's own games, is "?" when it had none. */
static void write_details (VersoGame *self, NotationGame *game)
{
  const char *const *details = (const char *const *) self->details;

  verso_text_copy_name (game->black, details[VERSO_DETAIL_BLACK_NAME] ? details[VERSO_DETAIL_BLACK_NAME] : "");
  verso_text_copy_name (game->white, details[VERSO_DETAIL_WHITE_NAME] ? details[VERSO_DETAIL_WHITE_NAME] : "");
  verso_text_copy_name (game->black_rating, details[VERSO_DETAIL_BLACK_RATING] ? details[VERSO_DETAIL_BLACK_RATING] : "");
  verso_text_copy_name (game->white_rating, details[VERSO_DETAIL_WHITE_RATING] ? details[VERSO_DETAIL_WHITE_RATING] : "");
  verso_text_copy_name (game->place, details[VERSO_DETAIL_PLACE] ? details[VERSO_DETAIL_PLACE] : "?");
  verso_text_copy_name (game->date, details[VERSO_DETAIL_DATE] ? details[VERSO_DETAIL_DATE] : "");
  verso_text_result_to_ggf (details[VERSO_DETAIL_RESULT] ? details[VERSO_DETAIL_RESULT] : "",
                            game->result);
}

/* The time control, each move's time on the main line shown, and a loss on time as RE[..:t]. */
static void write_clock (VersoGame *self, NotationGame *game)
{
  VersoColor loser;

  if (!self->has_clock)
    return;
  /* The times are those of the line played, which GGF writes only when it is the main line. */
  verso_game_clock_to_notation (self, game, verso_record_is_main_line (self->record));
  if (verso_game_lost_on_time (self, &loser))
    g_strlcpy (game->result, loser == VERSO_COLOR_BLACK ? "-64:t" : "+64:t", sizeof game->result);
}

char *verso_ggf_write (VersoGame *self)
{
  NotationGame game;
  g_autofree char *date = NULL;
  char *text;
  gsize size;

  verso_record_to_notation (self->record, &game);
  game.rules = self->rules;
  game.given_moves = self->given_moves;
  if (self->is_record) {
    write_details (self, &game);
  } else {
    g_autofree char *black = verso_text_player_name (self, VERSO_COLOR_BLACK);
    g_autofree char *white = verso_text_player_name (self, VERSO_COLOR_WHITE);

    verso_text_copy_name (game.black, black);
    verso_text_copy_name (game.white, white);
    g_autoptr (GDateTime) started = g_date_time_new_from_unix_utc (self->started);

    date = g_date_time_format (started, "%Y.%m.%d_%H:%M:%S.UTC");
  }
  write_clock (self, &game);
  verso_analysis_to_notation (self, &game);
  size = notation_format_ggf (&game, date, NULL, 0) + 1;
  text = g_malloc (size);
  notation_format_ggf (&game, date, text, size);
  return text;
}
