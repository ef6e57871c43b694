/* verso-game-sgf.c: SGF records of Othello (GM[2]) with their variations, as other Othello
 * programs exchange them: B[f5] W[d6] moves (two letters "fe" and passes as B[], B[tt] or
 * B[PA] are read too; passes are written B[]), AB, AW, AE and PL for a set-up start, PB, PW and
 * RE; each variation a tree "(;...)". Messages name the line and column in error. */
#include "verso-game-text.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Variations nested deeper than a game is long are not a game. */
#define SGF_MAX_DEPTH 256

typedef struct {
  const char *text;
  gsize length;
  gsize pos;
  VersoRecord *record;     /* made at the first move, or at the end, from the set-up */
  Position start;
  gboolean has_setup;      /* AB, AW or AE gave the board */
  gboolean pass_pending;   /* the record played a forced pass the text may write next */
  VersoTextExtras *extras; /* the players' details (PB PW BR WR PC DT), first of each kept */
  char *message;           /* the first error */
} SgfReader;

/* Reading. */

static void fail_at (SgfReader *reader, gsize offset, const char *what)
{
  guint line, column;

  if (reader->message)
    return;
  verso_text_line_and_column (reader->text, reader->length, offset, &line, &column);
  /* Translators: where an error is in a file, then what is wrong */
  reader->message = g_strdup_printf (_("line %u, column %u: %s"), line, column, what);
}

static void skip_space (SgfReader *reader)
{
  while (reader->pos < reader->length && g_ascii_isspace (reader->text[reader->pos]))
    reader->pos++;
}

static gboolean at (SgfReader *reader, char c)
{
  skip_space (reader);
  return reader->pos < reader->length && reader->text[reader->pos] == c;
}

/* A property value from '[' to its ']', escapes removed; NULL (and an error) when unclosed. */
static char *read_value (SgfReader *reader)
{
  GString *value = g_string_new (NULL);

  reader->pos++;
  while (reader->pos < reader->length && reader->text[reader->pos] != ']') {
    if (reader->text[reader->pos] == '\\' && reader->pos + 1 < reader->length)
      reader->pos++;
    g_string_append_c (value, reader->text[reader->pos++]);
  }
  if (reader->pos >= reader->length) {
    g_string_free (value, TRUE);
    if (!reader->message)
      reader->message = g_strdup (_("the record is not closed"));
    return NULL;
  }
  reader->pos++;
  return g_string_free (value, FALSE);
}

/* A square "f5" or "fe" (column, then row as a digit or a letter), or a pass: "", "tt", "PA" or
 * "pass"; FALSE when the value is none of these. */
static gboolean parse_move (const char *value, int *move)
{
  gsize length = strlen (value);
  char column, row;

  if (length == 0 || g_ascii_strcasecmp (value, "tt") == 0 || g_ascii_strcasecmp (value, "pa") == 0
      || g_ascii_strcasecmp (value, "pass") == 0) {
    *move = BOARD_PASS;
    return TRUE;
  }
  if (length != 2)
    return FALSE;
  column = g_ascii_tolower (value[0]);
  row = g_ascii_tolower (value[1]);
  if (column < 'a' || column > 'h')
    return FALSE;
  if (row >= '1' && row <= '8')
    *move = board_square (column - 'a', row - '1');
  else if (row >= 'a' && row <= 'h')
    *move = board_square (column - 'a', row - 'a');
  else
    return FALSE;
  return TRUE;
}

static void ensure_record (SgfReader *reader)
{
  if (reader->record)
    return;
  reader->record = verso_record_new (&reader->start);
  /* A start where a pass is forced has it played. */
  reader->pass_pending = verso_record_get_current (reader->record) > 0;
}


/* A move of color ("B" or "W") at the record's position shown; offset is its property's. */
static void read_move (SgfReader *reader, gsize offset, const char *color, const char *value)
{
  const Position *shown;
  guint number;
  int move, side = color[0] == 'B' ? POSITION_BLACK : POSITION_WHITE;
  g_autofree char *square = verso_text_excerpt (value, strlen (value), 0, VERSO_TEXT_EXCERPT_CHARS);
  g_autofree char *what = NULL;
  NotationError error = NOTATION_OK;
  gboolean passed = FALSE;

  ensure_record (reader);
  shown = verso_record_get_position (reader->record, verso_record_get_current (reader->record));
  number = verso_record_get_current (reader->record) + 1;
  if (!parse_move (value, &move)) {
    error = NOTATION_ERROR_BAD_COLUMN;
  } else if (move == BOARD_PASS) {
    /* The record plays forced passes itself: a pass written is the one just played. */
    if (reader->pass_pending && (int) shown->side_to_move != side) {
      reader->pass_pending = FALSE;
      return;
    }
    error = board_is_game_over (&shown->board) ? NOTATION_ERROR_GAME_OVER : NOTATION_ERROR_ILLEGAL_PASS;
  } else if (board_is_game_over (&shown->board)) {
    error = NOTATION_ERROR_GAME_OVER;
  } else if ((int) shown->side_to_move != side) {
    /* Translators: a move of a game file played by the colour that is not to move */
    what = g_strdup_printf (_("move %u (%s) is played by the side not to move"), number, square);
  } else if (!verso_record_play (reader->record, move, &passed)) {
    error = NOTATION_ERROR_ILLEGAL_MOVE;
  }
  reader->pass_pending = passed;
  if (error)
    what = verso_text_move_message (error, number, square);
  if (what)
    fail_at (reader, offset, what);
}

/* AB, AW and AE add black, white or empty squares to the start; PL says who moves first. */
static void read_setup (SgfReader *reader, gsize offset, const char *name, const char *value)
{
  int square;

  if (reader->record) {
    fail_at (reader, offset, _("the set-up (AB, AW, AE, PL) comes after the first move"));
    return;
  }
  if (strcmp (name, "PL") == 0) {
    char side = g_ascii_toupper (value[0]);
    Position *start = &reader->start;
    guint64 black = position_black (start), white = position_white (start);

    if (side != 'B' && side != 'W') {
      /* Translators: PL says who moves first in a set-up position of a game file */
      fail_at (reader, offset, _("the side to move (PL) is not B or W"));
      return;
    }
    start->side_to_move = side == 'B' ? POSITION_BLACK : POSITION_WHITE;
    start->board.player = side == 'B' ? black : white;
    start->board.opponent = side == 'B' ? white : black;
    return;
  }
  if (!parse_move (value, &square) || square == BOARD_PASS) {
    g_autofree char *excerpt = verso_text_excerpt (value, strlen (value), 0, VERSO_TEXT_EXCERPT_CHARS);
    g_autofree char *what = g_strdup_printf (_("“%s” is not a square"), excerpt);
    fail_at (reader, offset, what);
    return;
  }
  if (!reader->has_setup) {
    /* A set-up gives the whole board: the four discs of the standard start are not assumed. */
    reader->start.board.player = reader->start.board.opponent = 0;
    reader->has_setup = TRUE;
  }
  {
    guint64 bit = board_bit (square);
    gboolean black_moves = reader->start.side_to_move == POSITION_BLACK;
    guint64 *black = black_moves ? &reader->start.board.player : &reader->start.board.opponent;
    guint64 *white = black_moves ? &reader->start.board.opponent : &reader->start.board.player;

    *black &= ~bit;
    *white &= ~bit;
    if (name[1] == 'B')
      *black |= bit;
    else if (name[1] == 'W')
      *white |= bit;
  }
}

/* GM (2 is Othello) and SZ (8). */
static void read_game_type (SgfReader *reader, gsize offset, const char *name, const char *value)
{
  g_autofree char *excerpt = verso_text_excerpt (value, strlen (value), 0, VERSO_TEXT_EXCERPT_CHARS);
  g_autofree char *what = NULL;
  g_autofree char *trimmed = g_strstrip (g_strdup (value));

  if (strcmp (name, "GM") == 0 && strcmp (trimmed, "2") != 0)
    what = g_strdup_printf (_("the record is not a game of Othello (GM[%s])"), excerpt);
  else if (strcmp (name, "SZ") == 0 && strcmp (trimmed, "8") != 0 && strcmp (trimmed, "8:8") != 0)
    /* Translators: SZ is an SGF file's board size */
    what = g_strdup_printf (_("the board (SZ[%s]) is not 8×8"), excerpt);
  if (what)
    fail_at (reader, offset, what);
}

/* The SGF properties of a record's details, as GGF names them too (verso-game-ggf.c). */
static const char *const detail_properties[VERSO_N_DETAILS] = {
  [VERSO_DETAIL_BLACK_NAME] = "PB", [VERSO_DETAIL_WHITE_NAME] = "PW",
  [VERSO_DETAIL_BLACK_RATING] = "BR", [VERSO_DETAIL_WHITE_RATING] = "WR",
  [VERSO_DETAIL_PLACE] = "PC", [VERSO_DETAIL_DATE] = "DT",
  [VERSO_DETAIL_RESULT] = "RE",
};

/* A detail, kept as the first of its kind said it, cut where a character starts. */
static void read_detail (SgfReader *reader, const char *name, const char *value)
{
  for (guint i = 0; i < VERSO_N_DETAILS; i++) {
    if (strcmp (name, detail_properties[i]) == 0 && !reader->extras->details[i][0])
      verso_text_copy_name (reader->extras->details[i], value);
  }
}

static void read_property (SgfReader *reader, gsize offset, const char *name, const char *value)
{
  if (strcmp (name, "B") == 0 || strcmp (name, "W") == 0)
    read_move (reader, offset, name, value);
  else if (strcmp (name, "AB") == 0 || strcmp (name, "AW") == 0 || strcmp (name, "AE") == 0
           || strcmp (name, "PL") == 0)
    read_setup (reader, offset, name, value);
  else if (strcmp (name, "GM") == 0 || strcmp (name, "SZ") == 0)
    read_game_type (reader, offset, name, value);
  else
    read_detail (reader, name, value);
  /* Other properties (comments, marks) are not kept. */
}

/* A node after its ';': properties NAME[value][value]... (lower-case letters in a name, as old
 * SGF writes "GaMe", are skipped). */
static void read_node (SgfReader *reader)
{
  while (!reader->message) {
    g_autoptr (GString) name = g_string_new (NULL);
    gsize offset;

    skip_space (reader);
    offset = reader->pos;
    while (reader->pos < reader->length && g_ascii_isalpha (reader->text[reader->pos])) {
      if (g_ascii_isupper (reader->text[reader->pos]))
        g_string_append_c (name, reader->text[reader->pos]);
      reader->pos++;
    }
    if (reader->pos == offset)
      return;
    if (name->len == 0 || !at (reader, '[')) {
      fail_at (reader, offset, _("expected a property such as B[f5]"));
      return;
    }
    while (!reader->message && at (reader, '[')) {
      g_autofree char *value = read_value (reader);
      if (value)
        read_property (reader, offset, name->str, value);
    }
  }
}

/* A tree after its '(': its nodes, then its variations, each from the position its nodes lead
 * to, then ')'. */
static void read_tree (SgfReader *reader, guint depth)
{
  guint branch_point;
  gboolean pass_pending;

  if (depth > SGF_MAX_DEPTH) {
    fail_at (reader, reader->pos, _("the variations are nested too deeply"));
    return;
  }
  if (!at (reader, ';')) {
    fail_at (reader, reader->pos, _("expected a node (;)"));
    return;
  }
  while (!reader->message && at (reader, ';')) {
    reader->pos++;
    read_node (reader);
  }
  ensure_record (reader);
  branch_point = verso_record_get_current (reader->record);
  pass_pending = reader->pass_pending;
  while (!reader->message && at (reader, '(')) {
    reader->pos++;
    verso_record_go_to (reader->record, branch_point);
    reader->pass_pending = pass_pending;
    read_tree (reader, depth + 1);
  }
  if (reader->message)
    return;
  if (reader->pos >= reader->length)
    reader->message = g_strdup (_("the record is not closed"));
  else if (reader->text[reader->pos] != ')')
    fail_at (reader, reader->pos, _("expected a property such as B[f5]"));
  else
    reader->pos++;
}

/* Skips a tree after its '(' without reading it; FALSE when it is not closed. */
static gboolean skip_tree (SgfReader *reader)
{
  guint open = 1;

  while (reader->pos < reader->length && open > 0) {
    char c = reader->text[reader->pos++];
    if (c == '[') {
      while (reader->pos < reader->length && reader->text[reader->pos] != ']')
        reader->pos += reader->text[reader->pos] == '\\' ? 2 : 1;
      reader->pos++;
    } else if (c == '(') {
      open++;
    } else if (c == ')') {
      open--;
    }
  }
  return open == 0 && reader->pos <= reader->length;
}

/* The games of the collection after the first one; an error for anything else after it. */
static guint count_more_games (SgfReader *reader)
{
  guint more = 0;

  while (at (reader, '(')) {
    reader->pos++;
    if (!skip_tree (reader))
      return more;
    more++;
  }
  skip_space (reader);
  if (reader->pos < reader->length)
    fail_at (reader, reader->pos, _("unexpected text after the record"));
  return more;
}

VersoGame *verso_game_new_from_sgf_collection (const char *text, gsize length, gsize *offset,
                                               GError **error)
{
  VersoTextExtras extras;
  VersoRecord *record;
  VersoGame *game;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!(record = verso_sgf_read_next (text, length, offset, &extras, error)))
    return NULL;
  game = verso_text_game (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_DEFAULT, record, &extras,
                          RULES_STANDARD);
  verso_board_forget_positions (&extras);
  return game;
}

/* The record read, as the window shows one: Verso's own games say PC[Verso], as in GGF, any
 * other is a record of its players; shown at the end of its main line, as the other formats
 * show their last position. */
static VersoRecord *finish_record (SgfReader *reader)
{
  reader->extras->is_record = strcmp (reader->extras->details[VERSO_DETAIL_PLACE], VERSO_TEXT_PLACE) != 0;
  verso_record_show_main_line (reader->record);
  verso_record_go_to (reader->record, verso_record_get_length (reader->record));
  return reader->record;
}

gboolean verso_sgf_looks_like (const char *text, gsize length)
{
  gsize i = 0;
  g_autofree char *head = NULL;

  while (i < length && g_ascii_isspace (text[i]))
    i++;
  if (i >= length || text[i] != '(')
    return FALSE;
  /* The first node says: GM[2] (or an SGF file format, FF) rather than GGF's GM[Othello]. */
  head = g_strndup (text + i, MIN (length - i, 512));
  return (strstr (head, "GM[2]") || strstr (head, "FF[")) && !strstr (head, "GM[Othello]");
}

VersoRecord *verso_sgf_read (const char *text, gsize length, char **notice, VersoTextExtras *extras,
                             GError **error)
{
  SgfReader reader = { .text = text, .length = length, .extras = extras };
  guint more;

  position_init (&reader.start);
  if (at (&reader, '(')) {
    reader.pos++;
    read_tree (&reader, 0);
  } else {
    fail_at (&reader, reader.pos, _("expected a node (;)"));
  }
  more = reader.message ? 0 : count_more_games (&reader);
  if (reader.message) {
    verso_text_set_bad_file (error, reader.message);
    g_free (reader.message);
    g_clear_pointer (&reader.record, verso_record_free);
    return NULL;
  }
  if (more > 0 && notice)
    *notice = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "The file holds %u game; the first one is shown.",
                                            "The file holds %u games; the first one is shown.",
                                            more + 1),
                               more + 1);
  return finish_record (&reader);
}

VersoRecord *verso_sgf_read_next (const char *text, gsize length, gsize *offset,
                                  VersoTextExtras *extras, GError **error)
{
  SgfReader reader = { .text = text, .length = length, .pos = *offset, .extras = extras };
  gsize begin;

  g_return_val_if_fail (offset != NULL && *offset <= length, NULL);
  verso_text_extras_init (extras);
  position_init (&reader.start);
  skip_space (&reader);
  begin = reader.pos;
  if (begin >= length) {
    *offset = length;
    return NULL;
  }
  if (at (&reader, '(')) {
    reader.pos++;
    read_tree (&reader, 0);
  } else {
    fail_at (&reader, reader.pos, _("expected a node (;)"));
  }
  if (reader.message) {
    verso_text_set_bad_file (error, reader.message);
    g_clear_pointer (&reader.message, g_free);
    g_clear_pointer (&reader.record, verso_record_free);
    /* The next game comes after this one's brackets, if they close; else nothing does. */
    reader.pos = begin + 1;
    *offset = text[begin] == '(' && skip_tree (&reader) ? reader.pos : length;
    return NULL;
  }
  *offset = reader.pos;
  return finish_record (&reader);
}

/* Writing. */

static void append_escaped (GString *out, const char *name, const char *value)
{
  g_string_append_printf (out, "%s[", name);
  for (const char *c = value; *c; c++) {
    if (*c == ']' || *c == '\\')
      g_string_append_c (out, '\\');
    g_string_append_c (out, *c);
  }
  g_string_append_c (out, ']');
}

/* AB, AW (or AE) and PL of a set-up start. */
static void append_setup (GString *out, const Position *start)
{
  char name[3];

  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++) {
    guint64 discs = color == VERSO_COLOR_BLACK ? position_black (start) : position_white (start);
    if (discs == 0)
      continue;
    g_string_append (out, color == VERSO_COLOR_BLACK ? "AB" : "AW");
    for (int square = 0; square < BOARD_SQUARES; square++)
      if (discs & board_bit (square)) {
        notation_format_square (square, name);
        g_string_append_printf (out, "[%s]", name);
      }
  }
  /* An empty board says it is set up by an empty square: PL alone keeps the standard discs. */
  if ((position_black (start) | position_white (start)) == 0)
    g_string_append (out, "AE[a1]");
  g_string_append (out, start->side_to_move == POSITION_BLACK ? "PL[B]" : "PL[W]");
}

/* RE of a finished main line: "B+12", "W+4" or "0" (the standard count); else the result the
 * record was read with (given: a resignation, a loss on time), if any. */
static void append_result (GString *out, const VersoRecord *record, const char *given)
{
  NotationGame game;
  Position last;
  int black;

  verso_record_to_notation (record, &game);
  last = notation_game_position (&game, game.n_moves);
  if (!board_is_game_over (&last.board)) {
    if (given && *given)
      append_escaped (out, "RE", given);
    return;
  }
  black = board_final_score (&last.board);
  if (last.side_to_move == POSITION_WHITE)
    black = -black;
  if (black == 0)
    g_string_append (out, "RE[0]");
  else
    g_string_append_printf (out, "RE[%c+%d]", black > 0 ? 'B' : 'W', ABS (black));
}

/* The move of record's line at ply, as a node. */
static void append_move (GString *out, const VersoRecord *record, guint ply)
{
  int move = verso_record_get_move (record, ply);
  gboolean black = verso_record_get_position (record, ply - 1)->side_to_move == POSITION_BLACK;
  char square[3] = "";

  if (move != BOARD_PASS)
    notation_format_square (move, square);
  g_string_append_printf (out, ";%s[%s]", black ? "B" : "W", square);
}

/* The moves of the line of record from ply on; where it branches, each branch as a tree of its
 * own, the main continuation first. record's line is moved and left elsewhere. */
static void append_line (GString *out, VersoRecord *record, guint ply)
{
  for (; ply <= verso_record_get_length (record); ply++) {
    guint count = verso_record_count_branches (record, ply);

    if (count > 1) {
      for (guint index = 0; index < count; index++) {
        g_string_append_c (out, '(');
        verso_record_enter_branch (record, ply, index);
        append_move (out, record, ply);
        append_line (out, record, ply + 1);
        g_string_append_c (out, ')');
      }
      return;
    }
    append_move (out, record, ply);
  }
}

/* A record's details as they were read (its place "?" when it had none, which keeps it a record);
 * a game played here: the players' names, PC[Verso] and the date. */
static void append_details (GString *out, VersoGame *self)
{
  if (verso_game_is_record (self)) {
    for (guint i = 0; i < VERSO_N_DETAILS; i++) {
      const char *detail = verso_game_get_detail (self, i);

      if (i == VERSO_DETAIL_RESULT)
        continue;  /* append_result */
      if (detail && *detail)
        append_escaped (out, detail_properties[i], detail);
      else if (i == VERSO_DETAIL_PLACE)
        append_escaped (out, "PC", "?");
    }
  } else {
    g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
    g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
    g_autofree char *black = verso_text_player_name (self, VERSO_COLOR_BLACK);
    g_autofree char *white = verso_text_player_name (self, VERSO_COLOR_WHITE);

    append_escaped (out, "PB", black);
    append_escaped (out, "PW", white);
    append_escaped (out, "PC", VERSO_TEXT_PLACE);
    append_escaped (out, "DT", date);
  }
}

/* The root node's first properties: an Othello game written by Verso. */
#define SGF_HEAD "(;GM[2]FF[4]CA[UTF-8]AP[Verso]SZ[8]"

/* The rest of the root node (a set-up start) and every line of record, the main line first. */
static void append_tree (GString *out, const VersoRecord *record)
{
  g_autoptr (VersoRecord) copy = verso_record_copy (record);

  if (!verso_record_starts_standard (copy))
    append_setup (out, verso_record_get_start (copy));
  /* From the main line: the first tree of each branching is its main continuation. */
  verso_record_show_main_line (copy);
  append_line (out, copy, 1);
}

char *verso_sgf_write (VersoGame *self)
{
  GString *out = g_string_new (SGF_HEAD);

  append_details (out, self);
  append_result (out, self->record,
                 verso_game_is_record (self) ? verso_game_get_detail (self, VERSO_DETAIL_RESULT) : NULL);
  append_tree (out, self->record);
  g_string_append (out, ")\n");
  return g_string_free (out, FALSE);
}

char *verso_sgf_write_record (const VersoRecord *record)
{
  GString *out = g_string_new (SGF_HEAD);

  g_return_val_if_fail (record != NULL, NULL);
  append_tree (out, record);
  g_string_append_c (out, ')');
  return g_string_free (out, FALSE);
}
