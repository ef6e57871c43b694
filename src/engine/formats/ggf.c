/* ggf.c: GGF game records, as GGS and NBoard write them: read (the board, the moves, the names,
 * ratings, place and date, the game type and the clock) and written. */
#include "notation.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_locale.h"
#include "notation_internal.h"

static bool is_upper (char c)
{
  return c >= 'A' && c <= 'Z';
}

/* Whether value[0..length) starts with `word`, in either case. */
static bool starts_with_word (const char *value, size_t length, const char *word)
{
  size_t n = strlen (word);
  if (length < n)
    return false;
  for (size_t k = 0; k < n; k++)
    if (notation_lower (value[k]) != word[k])
      return false;
  return true;
}

/* PB[..], PW[..] or another text property: the value without its escapes, cut to fit `out` where a UTF-8 character
 * starts, so that a cut name stays valid text. */
static void read_name (const char *value, size_t length, char out[NOTATION_NAME_SIZE])
{
  size_t n = 0;
  bool cut = false;
  for (size_t k = 0; k < length; k++) {
    if (value[k] == '\\' && k + 1 < length)
      k++;
    if (n + 1 >= NOTATION_NAME_SIZE) {
      cut = true;
      break;
    }
    out[n++] = value[k];
  }
  if (cut) {
    /* Drop a last character whose bytes did not all fit. */
    size_t lead = n;
    while (lead > 0 && n - lead < 4 && ((unsigned char) out[lead - 1] & 0xC0) == 0x80)
      lead--;
    if (lead > 0 && ((unsigned char) out[lead - 1] & 0xC0) == 0xC0) {
      unsigned char first = (unsigned char) out[lead - 1];
      size_t needed = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2;
      if (n - (lead - 1) < needed)
        n = lead - 1;
    }
  }
  out[n] = '\0';
}

/* BO[8 <64 squares> <side>], squares and side as board strings have them, white space allowed
 * between squares. */
static NotationError read_ggf_board (const char *value, size_t length, Position *position)
{
  size_t i = notation_skip_space (value, length, 0);
  bool more_digits = i + 1 < length && value[i + 1] >= '0' && value[i + 1] <= '9';
  if (i >= length || value[i] != '8' || more_digits)
    return NOTATION_ERROR_NOT_OTHELLO;
  i++;
  Position parsed;
  NotationStatus status = notation_read_board (value, length, &i, true, &parsed);
  if (status.error == NOTATION_ERROR_EMPTY)
    return NOTATION_ERROR_SHORT_BOARD;
  if (status.error)
    return status.error;
  if (notation_skip_space (value, length, i) < length)
    return NOTATION_ERROR_TRAILING;
  *position = parsed;
  return NOTATION_OK;
}

/* The value without the white space around it: returns where it starts, and cuts *length. */
static size_t trim_space (const char *value, size_t *length)
{
  size_t start = notation_skip_space (value, *length, 0);
  while (*length > start && notation_is_space (value[*length - 1]))
    (*length)--;
  return start;
}

/* Reads the digits at value[*i] as a number and advances *i past them all; once the number
 * passes `cap` it stops growing, so that no digit string overflows it. */
static size_t read_number (const char *value, size_t length, size_t *i, size_t cap)
{
  size_t n = 0;
  for (; *i < length && value[*i] >= '0' && value[*i] <= '9'; (*i)++)
    if (n <= cap)
      n = n * 10 + (size_t) (value[*i] - '0');
  return n;
}

/* TY[..]: the board size with GGS's letters around it (notation.h). */
static NotationError read_ggf_type (const char *value, size_t length, Rules *rules)
{
  size_t i = trim_space (value, &length);
  bool anti = false, have_size = false;
  size_t size = 0;
  while (i < length) {
    char c = value[i];
    if (c == 's' || c == 'k' || c == 'a') {
      anti |= c == 'a';
      i++;
    } else if (c == 'r') {
      i++;
      read_number (value, length, &i, 0); /* random start: the number of discs BO gives */
    } else if (c >= '0' && c <= '9' && !have_size) {
      have_size = true;
      size = read_number (value, length, &i, 8);
    } else {
      return NOTATION_ERROR_BAD_TYPE;
    }
  }
  if (!have_size)
    return NOTATION_ERROR_BAD_TYPE;
  if (size != 8)
    return NOTATION_ERROR_BOARD_SIZE;
  *rules = anti ? RULES_REVERSE : RULES_STANDARD;
  return NOTATION_OK;
}

/* BS[n]: a whole number, n_moves not known yet (the caller checks it at the end). */
static NotationError read_ggf_given (const char *value, size_t length, size_t *given)
{
  size_t i = trim_space (value, &length), digits = i;
  size_t n = read_number (value, length, &i, NOTATION_MAX_MOVES);
  if (i == digits || i < length || n > NOTATION_MAX_MOVES)
    return NOTATION_ERROR_BAD_GIVEN;
  *given = n;
  return NOTATION_OK;
}

/* One GGS clock part, "[[h:]m:]s" with an optional ",flags" after it; empty is 0. */
static bool read_clock_part (const char *text, size_t length, double *seconds)
{
  double total = 0;
  size_t i = 0;
  *seconds = 0;
  if (length == 0)
    return true;
  for (int field = 0; ; field++) {
    if (field == 3 || i >= length || text[i] < '0' || text[i] > '9')
      return false;
    double value = 0;
    while (i < length && text[i] >= '0' && text[i] <= '9' && value < 1e9)
      value = value * 10 + (text[i++] - '0');
    if (i < length && text[i] == '.') {
      double scale = 0.1;
      for (i++; i < length && text[i] >= '0' && text[i] <= '9'; i++, scale /= 10)
        value += (text[i] - '0') * scale;
    }
    total = total * 60 + value;
    if (i < length && text[i] == ':') {
      i++;
      continue;
    }
    break;
  }
  if (i < length && text[i] != ',')
    return false;
  *seconds = total;
  return true;
}

/* TI, TB or TW: "main/increment/extension" (the extension is not kept). */
static void read_ggf_clock (const char *value, size_t length, char which, NotationClock *clock,
                            bool per_colour[2])
{
  size_t first = 0;
  while (first < length && value[first] != '/')
    first++;
  double main_time, increment = 0;
  if (!read_clock_part (value, first, &main_time))
    return;
  if (first < length) {
    size_t second = first + 1;
    while (second < length && value[second] != '/')
      second++;
    if (!read_clock_part (value + first + 1, second - first - 1, &increment))
      return;
  }
  for (int colour = POSITION_BLACK; colour <= POSITION_WHITE; colour++) {
    bool this_colour = which == (colour == POSITION_BLACK ? 'B' : 'W');
    if (this_colour || (which == 'I' && !per_colour[colour])) {
      clock->main[colour] = main_time;
      clock->increment[colour] = increment;
      per_colour[colour] |= this_colour;
      clock->known = true;
    }
  }
}

/* A move's seconds, its annotations' second field ("f5/eval/seconds" gives "eval/seconds"):
 * counted when it reads as a number of seconds. */
static void read_move_seconds (const char *annotations, size_t length, int colour, size_t index,
                               NotationClock *clock)
{
  size_t slash = 0;
  while (slash < length && annotations[slash] != '/')
    slash++;
  if (slash + 1 >= length || length - slash - 1 >= 32)
    return;
  char number[32];
  memcpy (number, annotations + slash + 1, length - slash - 1);
  number[length - slash - 1] = '\0';
  char *stop;
  double seconds = c_locale_strtod (number, &stop);
  if (stop != number && *stop == '\0' && seconds >= 0 && seconds < 1e7) {
    clock->used[colour] += seconds;
    clock->move_seconds[index] = seconds;
  }
}

/* A move's evaluation, its annotations' first field ("f5/eval/seconds" gives "eval/seconds"):
 * kept when it reads as a disc difference. */
static void read_move_eval (const char *annotations, size_t length, NotationEval *eval)
{
  size_t slash = 0;
  while (slash < length && annotations[slash] != '/')
    slash++;
  if (slash == 0 || slash >= 32)
    return;
  char number[32];
  memcpy (number, annotations, slash);
  number[slash] = '\0';
  char *stop;
  double discs = c_locale_strtod (number, &stop);
  if (stop != number && *stop == '\0' && discs >= -64 && discs <= 64)
    *eval = (NotationEval) { .known = true, .discs = discs };
}

/* B[move] or W[move/eval/time] by `colour`: plays it, after the pass that precedes it when that
 * was left out. */
static NotationError read_ggf_move (const char *value, size_t length, int colour,
                                    NotationGame *game, Position *position)
{
  size_t end = 0;
  while (end < length && value[end] != '/')
    end++;
  size_t start = trim_space (value, &end);
  int move;
  if (end - start == 4 && starts_with_word (value + start, 4, "pass"))
    move = BOARD_PASS;
  else {
    NotationStatus status = notation_parse_square (value + start, end - start, &move);
    if (status.error)
      return status.error;
  }
  if (board_is_game_over (&position->board))
    return NOTATION_ERROR_GAME_OVER;
  if (position->side_to_move != colour) {
    if (move == BOARD_PASS || !position_must_pass (position))
      return NOTATION_ERROR_OUT_OF_TURN;
    if (game->n_moves >= NOTATION_MAX_MOVES)
      return NOTATION_ERROR_TOO_MANY_MOVES;
    position_play (position, BOARD_PASS);
    game->moves[game->n_moves++] = BOARD_PASS;
  }
  if (game->n_moves >= NOTATION_MAX_MOVES)
    return NOTATION_ERROR_TOO_MANY_MOVES;
  if (!position_play (position, move))
    return move == BOARD_PASS ? NOTATION_ERROR_ILLEGAL_PASS : NOTATION_ERROR_ILLEGAL_MOVE;
  game->moves[game->n_moves++] = move;
  game->clock.moves[colour]++;
  size_t slash = 0;
  while (slash < length && value[slash] != '/')
    slash++;
  if (slash < length) {
    read_move_eval (value + slash + 1, length - slash - 1, &game->evals[game->n_moves - 1]);
    read_move_seconds (value + slash + 1, length - slash - 1, colour, game->n_moves - 1,
                       &game->clock);
  }
  return NOTATION_OK;
}

NotationStatus notation_parse_ggf (const char *text, size_t length, NotationGame *game,
                                   size_t *end)
{
  assert (text || length == 0);
  assert (game);
  memset (game, 0, sizeof *game);
  for (size_t k = 0; k < NOTATION_MAX_MOVES; k++)
    game->clock.move_seconds[k] = -1;
  position_init (&game->start);
  Position position = game->start;
  size_t i = notation_skip_space (text, length, 0);
  if (i >= length)
    return notation_status_error (NOTATION_ERROR_EMPTY, i);
  if (length - i < 2 || text[i] != '(' || text[i + 1] != ';')
    return notation_status_error (NOTATION_ERROR_NOT_GGF, i);
  i += 2;
  bool have_board = false;
  size_t given_key = 0; /* where BS was, checked against the moves at the end */
  bool clock_per_colour[2] = { false, false }; /* TB or TW seen: TI does not override them */
  for (;;) {
    i = notation_skip_space (text, length, i);
    if (i >= length)
      return notation_status_error (NOTATION_ERROR_UNCLOSED, length);
    if (text[i] == ';' && i + 1 < length && text[i + 1] == ')')
      break;
    size_t key = i;
    while (i < length && is_upper (text[i]))
      i++;
    size_t key_length = i - key;
    if (key_length == 0 || i >= length || text[i] != '[')
      return notation_status_error (NOTATION_ERROR_BAD_PROPERTY, key);
    size_t value = ++i;
    while (i < length && text[i] != ']')
      i += text[i] == '\\' ? 2 : 1;
    if (i >= length)
      return notation_status_error (NOTATION_ERROR_UNCLOSED, key);
    const char *v = text + value;
    size_t value_length = i - value;
    i++;
    const char *name = text + key;
    NotationError error = NOTATION_OK;
    if (key_length == 2 && memcmp (name, "GM", 2) == 0) {
      if (!starts_with_word (v, value_length, "othello"))
        error = NOTATION_ERROR_NOT_OTHELLO;
    } else if (key_length == 2 && memcmp (name, "BO", 2) == 0) {
      if (game->n_moves > 0)
        error = NOTATION_ERROR_LATE_BOARD;
      else if (!(error = read_ggf_board (v, value_length, &position))) {
        game->start = position;
        have_board = true;
      }
    } else if (key_length == 1 && (name[0] == 'B' || name[0] == 'W')) {
      if (!have_board)
        error = NOTATION_ERROR_NO_BOARD;
      else
        error = read_ggf_move (v, value_length,
                               name[0] == 'B' ? POSITION_BLACK : POSITION_WHITE, game, &position);
    } else if (key_length == 2 && (memcmp (name, "PB", 2) == 0 || memcmp (name, "PW", 2) == 0)) {
      read_name (v, value_length, name[1] == 'B' ? game->black : game->white);
    } else if (key_length == 2 && (memcmp (name, "BR", 2) == 0 || memcmp (name, "WR", 2) == 0)) {
      read_name (v, value_length, name[0] == 'B' ? game->black_rating : game->white_rating);
    } else if (key_length == 2 && memcmp (name, "PC", 2) == 0) {
      read_name (v, value_length, game->place);
    } else if (key_length == 2 && memcmp (name, "DT", 2) == 0) {
      read_name (v, value_length, game->date);
    } else if (key_length == 2 && memcmp (name, "RE", 2) == 0) {
      read_name (v, value_length, game->result);
    } else if (key_length == 2 && memcmp (name, "TY", 2) == 0) {
      error = read_ggf_type (v, value_length, &game->rules);
    } else if (key_length == 2 && name[0] == 'T' && (name[1] == 'I' || name[1] == 'B' || name[1] == 'W')) {
      read_ggf_clock (v, value_length, name[1], &game->clock, clock_per_colour);
    } else if (key_length == 2 && memcmp (name, "BS", 2) == 0) {
      error = read_ggf_given (v, value_length, &game->given_moves);
      given_key = key;
    }
    if (error)
      return notation_status_error (error, key);
  }
  if (!have_board)
    return notation_status_error (NOTATION_ERROR_NO_BOARD, i);
  if (game->given_moves > game->n_moves)
    return notation_status_error (NOTATION_ERROR_BAD_GIVEN, given_key);
  i += 2;
  if (end)
    *end = i;
  else if (notation_skip_space (text, length, i) < length)
    return notation_status_error (NOTATION_ERROR_TRAILING, notation_skip_space (text, length, i));
  return notation_status_ok ();
}

Position notation_game_position (const NotationGame *game, size_t n)
{
  assert (game);
  Position position = game->start;
  for (size_t k = 0; k < n && k < game->n_moves; k++)
    position_play (&position, game->moves[k]);
  return position;
}

/* snprintf-like output: counts everything, stores what fits and keeps room for the NUL. */
typedef struct Writer {
  char *out;
  size_t size;
  size_t length;
} Writer;

static void write_char (Writer *writer, char c)
{
  if (writer->length + 1 < writer->size)
    writer->out[writer->length] = c;
  writer->length++;
}

static void write_text (Writer *writer, const char *text)
{
  while (*text)
    write_char (writer, *text++);
}

/* A property value with its '\' and ']' escaped. */
static void write_value (Writer *writer, const char *key, const char *value)
{
  write_text (writer, key);
  write_char (writer, '[');
  for (; *value; value++) {
    if (*value == '\\' || *value == ']')
      write_char (writer, '\\');
    write_char (writer, *value);
  }
  write_char (writer, ']');
}

/* A clock's seconds as GGS writes them, "mm:ss" with a fraction when there is one ("05:00",
 * "00:30.5"), hours added past an hour ("1:00:00"). */
static void write_clock_time (Writer *writer, double seconds)
{
  char text[48];
  if (!(seconds >= 0 && seconds < 1e7))
    seconds = 0;
  long whole = (long) seconds;
  double fraction = seconds - (double) whole;
  long hours = whole / 3600, minutes = whole / 60 % 60;
  double rest = (double) (whole % 60) + fraction;
  locale_t previous = c_locale_enter ();
  if (hours > 0)
    snprintf (text, sizeof text, "%ld:%02ld:", hours, minutes);
  else
    snprintf (text, sizeof text, "%02ld:", minutes);
  write_text (writer, text);
  snprintf (text, sizeof text, fraction > 0.0005 ? "%06.3f" : "%02.0f", rest);
  /* "05.500" reads back the same as "05.5": the zeros a fraction ends with are cut. */
  if (strchr (text, '.')) {
    size_t n = strlen (text);
    while (text[n - 1] == '0')
      text[--n] = '\0';
    if (text[n - 1] == '.')
      text[--n] = '\0';
  }
  c_locale_leave (previous);
  write_text (writer, text);
}

/* TI (or TB and TW when the colours differ): "main/increment", the increment in seconds. */
static void write_clock (Writer *writer, const NotationClock *clock)
{
  bool same = clock->main[0] == clock->main[1] && clock->increment[0] == clock->increment[1];
  for (int colour = 0; colour < (same ? 1 : 2); colour++) {
    write_text (writer, same ? "TI[" : colour == POSITION_BLACK ? "TB[" : "TW[");
    write_clock_time (writer, clock->main[colour]);
    write_char (writer, '/');
    char increment[32];
    double seconds = clock->increment[colour] >= 0 && clock->increment[colour] < 1e7
                   ? clock->increment[colour] : 0;
    locale_t previous = c_locale_enter ();
    snprintf (increment, sizeof increment, "%.6g", seconds);
    c_locale_leave (previous);
    write_text (writer, increment);
    write_char (writer, ']');
  }
}

size_t notation_format_ggf (const NotationGame *game, const char *date, char *out, size_t size)
{
  assert (game);
  assert (out || size == 0);
  Writer writer = { out, size, 0 };
  write_text (&writer, "(;GM[Othello]");
  write_value (&writer, "PC", game->place[0] ? game->place : "Verso");
  if (date || game->date[0])
    write_value (&writer, "DT", date ? date : game->date);
  write_value (&writer, "PB", game->black);
  write_value (&writer, "PW", game->white);
  if (game->black_rating[0])
    write_value (&writer, "BR", game->black_rating);
  if (game->white_rating[0])
    write_value (&writer, "WR", game->white_rating);
  size_t n_moves = game->n_moves < NOTATION_MAX_MOVES ? game->n_moves : NOTATION_MAX_MOVES;
  Position end = notation_game_position (game, n_moves);
  if (board_is_game_over (&end.board)) {
    int score = board_final_score (&end.board);
    if (end.side_to_move != POSITION_BLACK)
      score = -score;
    char result[8];
    snprintf (result, sizeof result, score ? "%+d" : "%d", score);
    write_value (&writer, "RE", result);
  } else if (game->result[0]) {
    write_value (&writer, "RE", game->result);
  }
  write_text (&writer, game->rules == RULES_REVERSE ? "TY[8a]" : "TY[8]");
  if (game->clock.known)
    write_clock (&writer, &game->clock);
  size_t given_moves = game->given_moves < n_moves ? game->given_moves : n_moves;
  if (given_moves > 0) {
    char given[24];
    snprintf (given, sizeof given, "%zu", given_moves);
    write_value (&writer, "BS", given);
  }
  write_text (&writer, "BO[8 ");
  uint64_t black = position_black (&game->start), white = position_white (&game->start);
  for (int square = 0; square < BOARD_SQUARES; square++)
    write_char (&writer, (black & board_bit (square))   ? '*'
                         : (white & board_bit (square)) ? 'O'
                                                        : '-');
  write_text (&writer, game->start.side_to_move == POSITION_BLACK ? " *]" : " O]");
  Position position = game->start;
  for (size_t k = 0; k < n_moves; k++) {
    char name[3];
    notation_format_square (game->moves[k], name);
    write_char (&writer, position.side_to_move == POSITION_BLACK ? 'B' : 'W');
    write_char (&writer, '[');
    write_text (&writer, name);
    bool timed = game->clock.known && game->clock.move_seconds[k] >= 0
                 && game->clock.move_seconds[k] < 1e7;
    bool evaluated = game->evals[k].known && game->evals[k].discs >= -64
                     && game->evals[k].discs <= 64;
    char annotations[64] = "";
    locale_t previous = c_locale_enter ();
    if (evaluated && timed)
      snprintf (annotations, sizeof annotations, "/%.2f/%.2f", game->evals[k].discs,
                game->clock.move_seconds[k]);
    else if (evaluated)
      snprintf (annotations, sizeof annotations, "/%.2f", game->evals[k].discs);
    else if (timed)
      snprintf (annotations, sizeof annotations, "//%.2f", game->clock.move_seconds[k]);
    c_locale_leave (previous);
    write_text (&writer, annotations);
    write_char (&writer, ']');
    /* A move that is not legal (never so in a parsed game) still hands the turn over. */
    if (!position_play (&position, game->moves[k]))
      position.side_to_move ^= 1;
  }
  write_text (&writer, ";)");
  if (size > 0)
    out[writer.length < size ? writer.length : size - 1] = '\0';
  return writer.length;
}
