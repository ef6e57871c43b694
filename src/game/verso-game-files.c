/* verso-game-files.c: the game as text and files: GGF records, transcripts and board strings
 * (read through the engine's notation parsers, with messages that say what is wrong and
 * where), bounded reads and atomic writes of files, and the saved session's key file. */
#include "verso-game-private.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#define SAVE_GROUP "Verso Game"
#define SAVE_VERSION 1
/* Characters of the text quoted in a message about it. */
#define EXCERPT_CHARS 8

static const char *const player_names[] = { "human", "computer" };
/* The session's names of the Rules of rules.h. */
static const char *const rules_names[] = { "standard", "reverse" };

static void set_bad_file (GError **error, const char *message)
{
  g_set_error_literal (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, message);
}

/* Messages about text. */

/* Up to max_chars characters of text from offset, stopping at white space, as printable UTF-8
 * (bytes that are not UTF-8 read as U+FFFD); a character that cannot be shown is named. */
static char *excerpt (const char *text, gsize length, gsize offset, guint max_chars)
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

/* 1-based line and column (in characters) of offset. */
static void line_and_column (const char *text, gsize length, gsize offset, guint *line, guint *column)
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

/* The number a reader gives the move at offset of a transcript: discs played before it, and
 * the passes written before it (a 'p' can only start a "PA" before the error), plus one. */
static guint transcript_move_number (const char *text, gsize offset, const int *moves, gsize n_moves)
{
  guint number = 1;

  for (gsize k = 0; k < n_moves; k++)
    if (moves[k] != BOARD_PASS)
      number++;
  for (gsize i = 0; i < offset; i++)
    if (text[i] == 'p' || text[i] == 'P')
      number++;
  return number;
}

static char *transcript_error (const char *text, gsize length, NotationStatus status,
                               const int *moves, gsize n_moves)
{
  guint number = transcript_move_number (text, status.offset, moves, n_moves);
  /* A missing row digit is reported at the digit; the square starts one before. */
  gsize start = status.error == NOTATION_ERROR_BAD_ROW && status.offset > 0 ? status.offset - 1
                                                                            : status.offset;
  g_autofree char *square = excerpt (text, length, start, 2);

  switch (status.error) {
  case NOTATION_ERROR_EMPTY:
    return g_strdup (_("there is no game in this text"));
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
    return g_strdup_printf (_("move %u: %s"), number, _(notation_error_message (status.error)));
  }
}

static char *board_error (const char *text, gsize length, NotationStatus status)
{
  guint line, column;
  const char *what;

  switch (status.error) {
  case NOTATION_ERROR_EMPTY:
    return g_strdup (_("there is no game in this text"));
  case NOTATION_ERROR_BAD_SQUARE:
    what = _("expected X, O or -");
    break;
  case NOTATION_ERROR_SHORT_BOARD:
    what = _("the board has fewer than 64 squares");
    break;
  case NOTATION_ERROR_MISSING_SIDE:
    what = _("expected the side to move, X or O, after the 64 squares");
    break;
  case NOTATION_ERROR_BAD_SIDE:
    what = _("expected the side to move, X or O");
    break;
  case NOTATION_ERROR_TRAILING:
    what = _("unexpected text after the side to move");
    break;
  default:
    what = _(notation_error_message (status.error));
  }
  line_and_column (text, length, status.offset, &line, &column);
  /* TRANSLATORS: a place in a text, then what is wrong there. */
  return g_strdup_printf (_("line %u, column %u: %s"), line, column, what);
}

/* The name and value of the GGF property at offset (the parser reports errors there). */
static void ggf_property_at (const char *text, gsize length, gsize offset, char **name, char **value)
{
  gsize i = offset;

  while (i < length && g_ascii_isupper (text[i]))
    i++;
  *name = g_strndup (text + offset, i - offset);
  *value = i < length && text[i] == '[' ? excerpt (text, length, i + 1, EXCERPT_CHARS) : g_strdup ("");
  /* The excerpt runs to white space; the value ends at its ']'. */
  if (strchr (*value, ']'))
    *strchr (*value, ']') = '\0';
  if (strchr (*value, '/'))
    *strchr (*value, '/') = '\0';
}

static char *ggf_error (const char *text, gsize length, NotationStatus status, const NotationGame *game)
{
  g_autofree char *name = NULL;
  g_autofree char *value = NULL;
  guint number = (guint) game->n_moves + 1;
  guint line, column;

  ggf_property_at (text, length, status.offset, &name, &value);
  line_and_column (text, length, status.offset, &line, &column);
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
  case NOTATION_ERROR_TOO_MANY_MOVES:
    return g_strdup_printf (_("move %u: there are too many moves"), number);
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
  switch (status.error) {
  case NOTATION_ERROR_ILLEGAL_MOVE:
    return g_strdup_printf (_("move %u (%s) is not legal"), number, value);
  case NOTATION_ERROR_ILLEGAL_PASS:
    return g_strdup_printf (_("move %u is a pass that was not forced"), number);
  case NOTATION_ERROR_GAME_OVER:
    return g_strdup_printf (_("move %u (%s) comes after the end of the game"), number, value);
  case NOTATION_ERROR_OUT_OF_TURN:
    return g_strdup_printf (_("move %u (%s) is played by the side not to move"), number, value);
  case NOTATION_ERROR_EMPTY:
  case NOTATION_ERROR_BAD_COLUMN:
  case NOTATION_ERROR_BAD_ROW:
    return g_strdup_printf (_("move %u: “%s” is not a square"), number, value);
  default:
    return g_strdup_printf (_("line %u, column %u: %s"), line, column,
                            _(notation_error_message (status.error)));
  }
}

/* Reading text. */

/* Occurrences of "(;" from offset: the records that follow the first one. */
static guint count_records (const char *text, gsize length, gsize offset)
{
  guint count = 0;

  for (gsize i = offset; i + 1 < length; i++)
    if (text[i] == '(' && text[i + 1] == ';')
      count++;
  return count;
}

/* What a text says of its game beyond the record: only GGF can say the rules (TY) and the given
 * moves of a balanced start (BS). */
typedef struct {
  gboolean has_rules;
  Rules rules;
  guint given_moves;  /* plies of the record */
} TextExtras;

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

static VersoRecord *record_from_ggf (const char *text, gsize length, char **notice,
                                     TextExtras *extras, GError **error)
{
  VersoRecord *record;
  NotationGame game;
  gsize end = 0;
  NotationStatus status = notation_parse_ggf (text, length, &game, &end);
  guint more;

  if (status.error) {
    g_autofree char *message = ggf_error (text, length, status, &game);
    set_bad_file (error, message);
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
  extras->has_rules = TRUE;
  extras->rules = game.rules;
  extras->given_moves = given_plies (record, &game);
  return record;
}

/* Whether text (from its first character that is not white space) looks like a board string
 * rather than a transcript: it starts with a square of a board, and a 'b' (black, or column b)
 * is not followed by a row digit. */
static gboolean looks_like_board (const char *text, gsize length)
{
  char first = length > 0 ? g_ascii_tolower (text[0]) : '\0';

  if (first == '\0')
    return FALSE;
  if (first == 'b')
    return length > 1 && text[1] != '\0' && strchr ("xo*-.bw", g_ascii_tolower (text[1])) != NULL;
  return strchr ("xo*-.w", first) != NULL;
}

/* The record a text holds: a GGF record, a board string or a transcript. When it is none of
 * them, the message is the one of the format it looks like. */
static VersoRecord *record_from_text (const char *text, gsize length, char **notice,
                                      TextExtras *extras, GError **error)
{
  NotationGame game = { .n_moves = 0 };
  NotationStatus board_status, transcript_status;

  *extras = (TextExtras) { .has_rules = FALSE, .rules = RULES_STANDARD, .given_moves = 0 };
  g_autofree char *message = NULL;
  Position position;
  gsize start = 0;

  /* A byte order mark is not part of the game. */
  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    start = 3;
  while (start < length && g_ascii_isspace (text[start]))
    start++;
  if (start >= length) {
    set_bad_file (error, _("there is no game in this text"));
    return NULL;
  }
  if (text[start] == '(')
    return record_from_ggf (text, length, notice, extras, error);

  board_status = notation_parse_board (text + start, length - start, &position);
  if (!board_status.error)
    return verso_record_new (&position);

  position_init (&game.start);
  position = game.start;
  transcript_status = notation_parse_transcript (text + start, length - start, &position,
                                                 game.moves, G_N_ELEMENTS (game.moves), &game.n_moves);
  if (!transcript_status.error && game.n_moves > 0)
    return verso_record_new_from_notation (&game);

  if (memchr (text + start, '[', length - start)) {
    /* Properties without the record's "(;": a GGF record cut short or mistyped. */
    message = g_strdup (_("not a GGF record"));
  } else if (looks_like_board (text + start, length - start)) {
    board_status.offset += start;
    message = board_error (text, length, board_status);
  } else if (transcript_status.error) {
    transcript_status.offset += start;
    message = transcript_error (text, length, transcript_status, game.moves, game.n_moves);
  } else {
    /* Separators and move numbers, but no move. */
    message = g_strdup (_("there is no game in this text"));
  }
  set_bad_file (error, message);
  return NULL;
}

/* The game of a record read from text, under its own rules or else under rules. */
static VersoGame *game_from_text (VersoPlayer black, VersoPlayer white, LevelId level,
                                  VersoRecord *record, const TextExtras *extras, Rules rules)
{
  VersoGame *game = verso_game_new_with_record (black, white, level, record, FALSE);

  game->rules = extras->has_rules ? extras->rules : rules;
  game->given_moves = extras->given_moves;
  return game;
}

VersoGame *verso_game_new_from_text_with_rules (const char *text, gsize length, VersoPlayer black,
                                                VersoPlayer white, LevelId level, Rules rules,
                                                char **notice, GError **error)
{
  VersoRecord *record;
  TextExtras extras;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (level < LEVEL_COUNT, NULL);
  g_return_val_if_fail (rules == RULES_STANDARD || rules == RULES_REVERSE, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (notice)
    *notice = NULL;
  record = record_from_text (text ? text : "", length, notice, &extras, error);
  if (!record)
    return NULL;
  return game_from_text (black, white, level, record, &extras, rules);
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
  if (lower && (g_str_has_suffix (lower, ".obf") || g_str_has_suffix (lower, ".board")))
    return VERSO_FORMAT_BOARD;
  return VERSO_FORMAT_TRANSCRIPT;
}

/* Copies a name into a GGF name field, cut where a character starts. */
static void copy_name (char out[NOTATION_NAME_SIZE], const char *name)
{
  const char *end = name;

  g_utf8_validate_len (name, MIN (strlen (name), NOTATION_NAME_SIZE - 1), &end);
  memcpy (out, name, (gsize) (end - name));
  out[end - name] = '\0';
}

static char *player_name (VersoGame *self, VersoColor color)
{
  const char *real_name;

  if (verso_game_get_player (self, color) == VERSO_PLAYER_COMPUTER)
    /* TRANSLATORS: the computer's name in a saved game record, with its level. */
    return g_strdup_printf (_("Verso (%s)"), _(level_get (verso_game_get_level_for (self, color))->name));
  real_name = g_get_real_name ();
  if (real_name && *real_name && strcmp (real_name, "Unknown") != 0 && g_utf8_validate (real_name, -1, NULL))
    return g_strdup (real_name);
  return g_strdup (g_get_user_name ());
}

static char *ggf_text (VersoGame *self)
{
  NotationGame game;
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d_%H:%M:%S.UTC");
  g_autofree char *black = player_name (self, VERSO_COLOR_BLACK);
  g_autofree char *white = player_name (self, VERSO_COLOR_WHITE);
  char *text;
  gsize size;

  verso_record_to_notation (self->record, &game);
  game.rules = self->rules;
  game.given_moves = self->given_moves;
  copy_name (game.black, black);
  copy_name (game.white, white);
  size = notation_format_ggf (&game, date, NULL, 0) + 1;
  text = g_malloc (size);
  notation_format_ggf (&game, date, text, size);
  return text;
}

static char *board_text (const Position *position)
{
  char board[NOTATION_BOARD_SIZE];

  notation_format_board (position, board);
  return g_strdup (board);
}

char *verso_game_to_text (VersoGame *self, VersoFormat format)
{
  guint length;

  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);

  length = verso_record_get_length (self->record);
  switch (format) {
  case VERSO_FORMAT_GGF:
    return ggf_text (self);
  case VERSO_FORMAT_BOARD:
    return board_text (verso_record_get_position (self->record, verso_record_get_current (self->record)));
  case VERSO_FORMAT_TRANSCRIPT:
  default:
    /* A transcript reads from the standard start; from another one, the last position is the
     * most a text without a board can keep. No move at all is no transcript either: the board
     * string of the start reads back as the same game. */
    if (!verso_record_starts_standard (self->record) || length == 0)
      return board_text (verso_record_get_position (self->record, length));
    return verso_record_get_transcript (self->record, length);
  }
}

/* Files. */

typedef struct {
  GFile *file;
  VersoPlayer black;
  VersoPlayer white;
  LevelId level;
} OpenRequest;

typedef struct {
  VersoRecord *record;
  TextExtras extras;
  char *notice;
} OpenResult;

static void open_request_free (OpenRequest *request)
{
  g_object_unref (request->file);
  g_free (request);
}

static void open_result_free (OpenResult *result)
{
  verso_record_free (result->record);
  g_free (result->notice);
  g_free (result);
}

static void set_too_large (GError **error, guint64 size)
{
  g_autofree char *shown = g_format_size (size);
  g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
               _("the file is too large (%s) to be a game"), shown);
}

/* Reads the file's text: its size is checked before reading and the read is bounded, so a huge
 * or endless file costs nothing; a file with bytes that are not text is refused before parsing. */
static char *read_text (GFile *file, gsize *length, GCancellable *cancellable, GError **error)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GFileInputStream) stream = NULL;
  g_autofree char *text = NULL;
  gsize read = 0;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, G_FILE_QUERY_INFO_NONE,
                            cancellable, error);
  if (!info)
    return NULL;
  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_SIZE)
      && g_file_info_get_size (info) > VERSO_GAME_MAX_FILE_SIZE) {
    set_too_large (error, (guint64) g_file_info_get_size (info));
    return NULL;
  }
  stream = g_file_read (file, cancellable, error);
  if (!stream)
    return NULL;
  /* One byte more than allowed tells a file that grew since from one that fits. */
  text = g_malloc (VERSO_GAME_MAX_FILE_SIZE + 2);
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), text, VERSO_GAME_MAX_FILE_SIZE + 1, &read,
                                cancellable, error))
    return NULL;
  if (read > VERSO_GAME_MAX_FILE_SIZE) {
    set_too_large (error, read);
    return NULL;
  }
  if (memchr (text, '\0', read) || !g_utf8_validate_len (text, read, NULL)) {
    set_bad_file (error, _("this is not a text file"));
    return NULL;
  }
  text[read] = '\0';
  *length = read;
  return g_steal_pointer (&text);
}

static void open_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  OpenRequest *request = task_data;
  g_autofree char *text = NULL;
  GError *error = NULL;
  OpenResult *result;
  gsize length = 0;

  (void) source;
  text = read_text (request->file, &length, cancellable, &error);
  if (!text) {
    g_task_return_error (task, error);
    return;
  }
  result = g_new0 (OpenResult, 1);
  result->record = record_from_text (text, length, &result->notice, &result->extras, &error);
  if (!result->record) {
    open_result_free (result);
    g_task_return_error (task, error);
    return;
  }
  g_task_return_pointer (task, result, (GDestroyNotify) open_result_free);
}

void verso_game_open_async (GFile *file, VersoPlayer black, VersoPlayer white, LevelId level,
                            GCancellable *cancellable, GAsyncReadyCallback callback,
                            gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  OpenRequest *request;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (level < LEVEL_COUNT);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, verso_game_open_async);
  request = g_new0 (OpenRequest, 1);
  request->file = g_object_ref (file);
  request->black = black;
  request->white = white;
  request->level = level;
  g_task_set_task_data (task, request, (GDestroyNotify) open_request_free);
  g_task_run_in_thread (task, open_in_thread);
}

VersoGame *verso_game_open_finish (GAsyncResult *result, char **notice, GError **error)
{
  OpenRequest *request;
  OpenResult *opened;
  VersoGame *game;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == verso_game_open_async, NULL);

  if (notice)
    *notice = NULL;
  request = g_task_get_task_data (G_TASK (result));
  opened = g_task_propagate_pointer (G_TASK (result), error);
  if (!opened)
    return NULL;
  /* The game is made here, on the caller's thread, where its computer will run. */
  game = game_from_text (request->black, request->white, request->level,
                         g_steal_pointer (&opened->record), &opened->extras, RULES_STANDARD);
  game->file = g_object_ref (request->file);
  if (notice)
    *notice = g_steal_pointer (&opened->notice);
  open_result_free (opened);
  return game;
}

gboolean verso_game_write (VersoGame *self, GFile *file, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  g_autofree char *contents = NULL;

  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  name = g_file_get_basename (file);
  text = verso_game_to_text (self, verso_format_for_name (name));
  contents = g_strconcat (text, "\n", NULL);
  /* Written beside the old file and renamed over it: a reader never sees half a game. */
  if (!g_file_replace_contents (file, contents, strlen (contents), NULL, FALSE, G_FILE_CREATE_NONE,
                                NULL, NULL, error))
    return FALSE;
  verso_game_set_file (self, file);
  verso_game_set_modified (self, FALSE);
  return TRUE;
}

/* The saved session. */

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
  g_key_file_set_string (file, SAVE_GROUP, "Rules", rules_names[self->rules]);
  g_key_file_set_integer (file, SAVE_GROUP, "GivenMoves", (int) self->given_moves);
  if (!verso_record_starts_standard (self->record)) {
    g_autofree char *start = board_text (verso_record_get_start (self->record));
    g_key_file_set_string (file, SAVE_GROUP, "Start", start);
  }
  g_key_file_set_string (file, SAVE_GROUP, "Moves", moves);
  g_key_file_set_integer (file, SAVE_GROUP, "Shown", (int) verso_record_get_current (self->record));
  g_key_file_set_boolean (file, SAVE_GROUP, "Paused", self->navigated);
  if (self->file) {
    g_autofree char *uri = g_file_get_uri (self->file);
    g_key_file_set_string (file, SAVE_GROUP, "File", uri);
  }
  g_key_file_set_boolean (file, SAVE_GROUP, "Modified", self->modified);

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
  NotationGame game = { .n_moves = 0 };
  NotationStatus status;
  Position position;

  position_init (&game.start);
  if (start) {
    status = notation_parse_board (start, strlen (start), &game.start);
    if (status.error) {
      g_autofree char *message = board_error (start, strlen (start), status);
      g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                   _("The start of the saved game is not a board: %s"), message);
      return NULL;
    }
  }
  position = game.start;
  status = notation_parse_transcript (moves, strlen (moves), &position, game.moves,
                                      G_N_ELEMENTS (game.moves), &game.n_moves);
  if (status.error) {
    g_autofree char *message = transcript_error (moves, strlen (moves), status, game.moves, game.n_moves);
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE,
                 _("The saved moves are wrong: %s"), message);
    return NULL;
  }
  return verso_record_new_from_notation (&game);
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
  gboolean paused, modified = FALSE;
  VersoGame *game;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, &local_error)) {
    if (local_error->domain == G_FILE_ERROR)
      g_propagate_error (error, g_steal_pointer (&local_error));
    else
      g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Not a saved game: %s"), local_error->message);
    return NULL;
  }
  if (!g_key_file_has_group (file, SAVE_GROUP)) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Not a saved game: no [%s] section"), SAVE_GROUP);
    return NULL;
  }
  version = g_key_file_get_integer (file, SAVE_GROUP, "Version", &local_error);
  if (local_error || version != SAVE_VERSION) {
    set_bad_file (error, _("Unknown saved game version"));
    return NULL;
  }
  if (!parse_player (file, "Black", &black, &local_error) || !parse_player (file, "White", &white, &local_error)
      || !parse_level (file, "Level", &level, &local_error)
      || !(moves = get_string (file, "Moves", &local_error))) {
    if (local_error->domain == VERSO_GAME_ERROR)
      g_propagate_error (error, g_steal_pointer (&local_error));
    else
      g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Saved game is incomplete: %s"), local_error->message);
    return NULL;
  }
  shown = g_key_file_get_integer (file, SAVE_GROUP, "Shown", &local_error);
  if (local_error) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("Saved game is incomplete: %s"), local_error->message);
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
  /* Saved games without the key were left in the middle of their record by navigating. */
  paused = (guint) shown < verso_record_get_length (record);
  black_level = white_level = level;
  if (!parse_optional_level (file, "BlackLevel", &black_level, error)
      || !parse_optional_level (file, "WhiteLevel", &white_level, error)
      || !parse_rules (file, &rules, error)
      || !parse_given_moves (file, record, &given, error)
      || !get_optional_boolean (file, "Paused", &paused, error)
      || !get_optional_boolean (file, "Modified", &modified, error)
      || !get_optional_string (file, "File", &uri, error))
    return NULL;
  /* GLib 2.74 calls "file:\r" a valid URI, but a URI never holds control characters (they
   * would be percent-encoded), and one that did would be written back escaped and refused. */
  if (uri && (!g_uri_is_valid (uri, G_URI_FLAGS_NONE, NULL) || has_control_characters (uri))) {
    g_set_error (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE, _("The file of the saved game is not a URI: “%s”"), uri);
    return NULL;
  }

  game = verso_game_new_with_record (black, white, level, g_steal_pointer (&record), paused);
  game->levels[VERSO_COLOR_BLACK] = black_level;
  game->levels[VERSO_COLOR_WHITE] = white_level;
  game->rules = rules;
  game->given_moves = given;
  game->modified = modified;
  if (uri)
    game->file = g_file_new_for_uri (uri);
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
