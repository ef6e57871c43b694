/* verso-game-text.c: a game from any text and to text in a format: which format a text or a file
 * name is (GGF, SGF, a board string or OBF text, a transcript; each read and written in
 * verso-game-<format>.c), whether it is a record of a game between players, and the pieces the
 * formats' messages share.
 *
 * Which texts are records (verso_game_is_record): a GGF or SGF record that does not say PC[Verso]
 * (Verso writes PC[Verso] for the games played in it, and for a record it saves the place the
 * record gave, or PC[?]), and a transcript of a whole game, to its end. A GGF or SGF with PC[Verso], a
 * transcript that stops before the end and a board string are games to play on from, in the
 * window's mode. */
#include "verso-game-text.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

void verso_text_set_bad_file (GError **error, const char *message)
{
  g_set_error_literal (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, message);
}

/* Messages about text. */

/* Up to max_chars characters of text from offset, stopping at white space, as printable UTF-8
 * (bytes that are not UTF-8 read as U+FFFD); a character that cannot be shown is named. */
char *verso_text_excerpt (const char *text, gsize length, gsize offset, guint max_chars)
{
  GString *out = g_string_new (NULL);
  gsize i = offset;

  for (guint n = 0; n < max_chars && i < length; n++) {
    gunichar c = g_utf8_get_char_validated (text + i, (gssize) (length - i));
    gsize size = 1;

    if (c == (gunichar) -1 || c == (gunichar) -2)
      c = 0xFFFD;
    else
      size = (gsize) (g_utf8_next_char (text + i) - (text + i));
    if (g_unichar_isspace (c))
      break;
    if (!g_unichar_isgraph (c)) {
      if (n == 0)
        g_string_append_printf (out, "U+%04X", c);
      break;
    }
    g_string_append_unichar (out, c);
    i += size;
  }
  return g_string_free (out, FALSE);
}

void verso_text_line_and_column (const char *text, gsize length, gsize offset, guint *line,
                                 guint *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = 0; i < offset && i < length; i++) {
    if (text[i] == '\n') {
      (*line)++;
      *column = 1;
    } else if (((guchar) text[i] & 0xC0) != 0x80) {
      (*column)++;
    }
  }
}

void verso_text_copy_name (char out[NOTATION_NAME_SIZE], const char *text)
{
  const char *end = text;

  g_utf8_validate_len (text, MIN (strlen (text), NOTATION_NAME_SIZE - 1), &end);
  memcpy (out, text, (gsize) (end - text));
  out[end - text] = '\0';
}

void verso_text_result_from_ggf (const char *ggf, char sgf[NOTATION_NAME_SIZE])
{
  g_autofree char *text = g_strstrip (g_strdup (ggf));
  char *end = NULL;
  double black = g_ascii_strtod (text, &end);
  char how = '\0';
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  if (end == text || !isfinite (black) || fabs (black) > 64) {
    verso_text_copy_name (sgf, text);
    return;
  }
  if (*end == ':' && (end[1] == 'r' || end[1] == 't'))
    how = end[1] == 'r' ? 'R' : 'T';
  else if (*end != '\0' && *end != ':') {
    verso_text_copy_name (sgf, text);
    return;
  }
  if (black == 0 && !how) {
    g_strlcpy (sgf, "0", NOTATION_NAME_SIZE);
    return;
  }
  if (black == 0) {
    verso_text_copy_name (sgf, text);
    return;
  }
  if (how)
    g_snprintf (sgf, NOTATION_NAME_SIZE, "%c+%c", black > 0 ? 'B' : 'W', how);
  else
    g_snprintf (sgf, NOTATION_NAME_SIZE, "%c+%s", black > 0 ? 'B' : 'W',
                g_ascii_formatd (number, sizeof number, "%g", fabs (black)));
}

void verso_text_result_to_ggf (const char *sgf, char ggf[NOTATION_NAME_SIZE])
{
  g_autofree char *text = g_strstrip (g_strdup (sgf));
  const char *rest = text + 2;
  char *end = NULL;
  double discs;
  char number[G_ASCII_DTOSTR_BUF_SIZE];

  if (strcmp (text, "0") == 0 || g_ascii_strcasecmp (text, "Draw") == 0
      || g_ascii_strcasecmp (text, "D") == 0) {
    g_strlcpy (ggf, "0", NOTATION_NAME_SIZE);
    return;
  }
  if ((text[0] != 'B' && text[0] != 'W') || text[1] != '+' || !*rest) {
    verso_text_copy_name (ggf, text);
    return;
  }
  /* A resignation or a loss on time counts every disc to the winner, as GGS writes it. */
  if (g_ascii_strcasecmp (rest, "R") == 0 || g_ascii_strcasecmp (rest, "Resign") == 0
      || g_ascii_strcasecmp (rest, "T") == 0 || g_ascii_strcasecmp (rest, "Time") == 0) {
    g_snprintf (ggf, NOTATION_NAME_SIZE, "%s64:%c", text[0] == 'B' ? "+" : "-",
                g_ascii_tolower (rest[0]));
    return;
  }
  discs = g_ascii_strtod (rest, &end);
  if (end == rest || *end != '\0' || !isfinite (discs) || discs <= 0 || discs > 64) {
    verso_text_copy_name (ggf, text);
    return;
  }
  g_snprintf (ggf, NOTATION_NAME_SIZE, "%s%s", text[0] == 'B' ? "+" : "-",
              g_ascii_formatd (number, sizeof number, "%g", discs));
}

char *verso_text_move_message (NotationError error, guint number, const char *square)
{
  switch (error) {
  case NOTATION_ERROR_ILLEGAL_MOVE:
    return g_strdup_printf (_("move %u (%s) is not legal"), number, square);
  case NOTATION_ERROR_ILLEGAL_PASS:
    return g_strdup_printf (_("move %u is a pass that was not forced"), number);
  case NOTATION_ERROR_GAME_OVER:
    return g_strdup_printf (_("move %u (%s) comes after the end of the game"), number, square);
  case NOTATION_ERROR_BAD_COLUMN:
  case NOTATION_ERROR_BAD_ROW:
    return g_strdup_printf (_("move %u: “%s” is not a square"), number, square);
  case NOTATION_ERROR_TOO_MANY_MOVES:
    return g_strdup_printf (_("move %u: there are too many moves"), number);
  default:
    return NULL;
  }
}

/* Reading text. */

void verso_text_extras_init (VersoTextExtras *extras)
{
  *extras = (VersoTextExtras) { .has_rules = FALSE, .rules = RULES_STANDARD, .given_moves = 0,
                                .is_record = FALSE, .lost_on_time = -1 };
}

VersoRecord *verso_text_read (const char *text, gsize length, char **notice,
                              VersoTextExtras *extras, GError **error)
{
  NotationGame game;
  NotationStatus board_status, transcript_status;
  g_autofree char *message = NULL;
  VersoRecord *record;
  gsize start = 0;

  verso_text_extras_init (extras);
  /* A byte order mark is not part of the game. */
  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    start = 3;
  while (start < length && g_ascii_isspace (text[start]))
    start++;
  if (start >= length) {
    verso_text_set_bad_file (error, _("there is no game in this text"));
    return NULL;
  }
  if (verso_sgf_looks_like (text + start, length - start))
    return verso_sgf_read (text, length, notice, extras, error);
  if (text[start] == '(')
    return verso_ggf_read (text, length, notice, extras, error);
  if ((record = verso_board_read (text + start, length - start, extras, &board_status)))
    return record;
  position_init (&game.start);
  record = verso_transcript_read (text + start, length - start, &game, &transcript_status);
  if (record && game.n_moves > 0) {
    /* A whole game is a record of its players; moves that stop before the end are a line to
     * play on from. */
    extras->is_record = board_is_game_over (&verso_record_get_position (record, verso_record_get_length (record))->board);
    return record;
  }
  g_clear_pointer (&record, verso_record_free);

  if (memchr (text + start, '[', length - start)) {
    /* Properties without the record's "(;": a GGF record cut short or mistyped. */
    message = g_strdup (_("not a GGF record"));
  } else if (verso_board_looks_like (text + start, length - start)) {
    board_status.offset += start;
    message = verso_board_message (text, length, board_status);
  } else if (transcript_status.error) {
    transcript_status.offset += start;
    message = verso_transcript_message (text, length, transcript_status, game.moves, game.n_moves);
  } else {
    /* Separators and move numbers, but no move. */
    message = g_strdup (_("there is no game in this text"));
  }
  verso_text_set_bad_file (error, message);
  return NULL;
}

VersoGame *verso_text_game (VersoPlayer black, VersoPlayer white, LevelId level,
                            VersoRecord *record, const VersoTextExtras *extras, Rules rules)
{
  VersoGame *game = verso_game_new_with_record (black, white, level, record, FALSE);
  const char *details[VERSO_N_DETAILS];

  game->rules = extras->has_rules ? extras->rules : rules;
  game->given_moves = extras->given_moves;
  verso_board_keep_positions (game, extras);
  if (extras->is_record) {
    for (guint i = 0; i < VERSO_N_DETAILS; i++)
      details[i] = extras->details[i];
    verso_game_set_record (game, details);
  }
  if (extras->has_clock)
    verso_game_clock_restore (game, &extras->time_control, FALSE, extras->time_left,
                              extras->move_seconds, extras->n_move_seconds, extras->lost_on_time);
  return game;
}

VersoGame *verso_game_new_from_text_with_rules (const char *text, gsize length, VersoPlayer black,
                                                VersoPlayer white, LevelId level, Rules rules,
                                                char **notice, GError **error)
{
  VersoRecord *record;
  VersoTextExtras extras;
  VersoGame *game;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (level < LEVEL_COUNT, NULL);
  g_return_val_if_fail (rules == RULES_STANDARD || rules == RULES_REVERSE, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (notice)
    *notice = NULL;
  record = verso_text_read (text ? text : "", length, notice, &extras, error);
  if (!record)
    return NULL;
  game = verso_text_game (black, white, level, record, &extras, rules);
  verso_board_forget_positions (&extras);
  return game;
}

VersoGame *verso_game_new_from_text (const char *text, gsize length, VersoPlayer black,
                                     VersoPlayer white, LevelId level, char **notice,
                                     GError **error)
{
  return verso_game_new_from_text_with_rules (text, length, black, white, level, RULES_STANDARD,
                                              notice, error);
}

/* Writing text. */

VersoFormat verso_format_for_name (const char *file_name)
{
  g_autofree char *lower = file_name ? g_ascii_strdown (file_name, -1) : NULL;

  if (lower && g_str_has_suffix (lower, ".ggf"))
    return VERSO_FORMAT_GGF;
  if (lower && g_str_has_suffix (lower, ".sgf"))
    return VERSO_FORMAT_SGF;
  if (lower && (g_str_has_suffix (lower, ".obf") || g_str_has_suffix (lower, ".board")))
    return VERSO_FORMAT_BOARD;
  return VERSO_FORMAT_TRANSCRIPT;
}

char *verso_game_to_text (VersoGame *self, VersoFormat format)
{
  g_autoptr (VersoRecord) main_line = NULL;
  guint length;

  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);

  /* Only SGF keeps variations; the others write the main line. */
  main_line = verso_record_copy (self->record);
  verso_record_show_main_line (main_line);
  length = verso_record_get_length (main_line);
  switch (format) {
  case VERSO_FORMAT_GGF:
    return verso_ggf_write (self);
  case VERSO_FORMAT_SGF:
    return verso_sgf_write (self);
  case VERSO_FORMAT_BOARD:
    return verso_board_write (verso_record_get_position (self->record, verso_record_get_current (self->record)));
  case VERSO_FORMAT_TRANSCRIPT:
  default:
    /* A transcript reads from the standard start; from another one, the last position is the
     * most a text without a board can keep. No move at all is no transcript either: the board
     * string of the start reads back as the same game. */
    if (!verso_record_starts_standard (main_line) || length == 0)
      return verso_board_write (verso_record_get_position (main_line, length));
    return verso_record_get_transcript (main_line, length);
  }
}
