/* opening.c: the table of named openings (opening.h), read from its text, and the name of the
 * opening a game follows, found by comparing positions under the 8 board symmetries. */
#include "opening.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

typedef struct OpeningLine {
  uint64_t black, white; /* the line's final position */
  int side_to_move;
  size_t n_moves;        /* passes included */
  size_t name;           /* offset of the NUL-terminated name in the table's names */
  size_t first_move;     /* offset of the line's n_moves moves in the table's moves */
} OpeningLine;

struct OpeningTable {
  size_t count;
  size_t longest;        /* the most moves of any line: no game position after it can match */
  OpeningLine *lines;
  char *names;
  int *moves;            /* every line's moves, one after another */
};

static bool is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static NotationStatus table_error (NotationError error, size_t offset)
{
  NotationStatus status = { error, offset };
  return status;
}

/* Reads one line text[begin..end): nothing (blank or comment), or a line of the table, whose name
 * is copied to names + *names_used. */
static NotationStatus read_line (const char *text, size_t begin, size_t end, OpeningLine *line,
                                 bool *is_opening, char *names, size_t *names_used,
                                 int *moves_kept, size_t *moves_used)
{
  *is_opening = false;
  size_t i = begin;
  while (i < end && is_blank (text[i]))
    i++;
  if (i >= end || text[i] == '#')
    return table_error (NOTATION_OK, 0);
  size_t moves_begin = i;
  while (i < end && !is_blank (text[i]))
    i++;
  Position position;
  position_init (&position);
  int moves[NOTATION_MAX_MOVES];
  size_t n_moves;
  NotationStatus status = notation_parse_transcript (text + moves_begin, i - moves_begin,
                                                     &position, moves, NOTATION_MAX_MOVES,
                                                     &n_moves);
  if (status.error) {
    status.offset += moves_begin;
    return status;
  }
  if (n_moves == 0)
    return table_error (NOTATION_ERROR_EMPTY, moves_begin);
  while (i < end && is_blank (text[i]))
    i++;
  size_t name_end = end;
  while (name_end > i && is_blank (text[name_end - 1]))
    name_end--;
  if (name_end == i)
    return table_error (NOTATION_ERROR_EMPTY, i);
  line->black = position_black (&position);
  line->white = position_white (&position);
  line->side_to_move = position.side_to_move;
  line->n_moves = n_moves;
  line->name = *names_used;
  line->first_move = *moves_used;
  memcpy (moves_kept + *moves_used, moves, n_moves * sizeof *moves);
  *moves_used += n_moves;
  memcpy (names + *names_used, text + i, name_end - i);
  names[*names_used + name_end - i] = '\0';
  *names_used += name_end - i + 1;
  *is_opening = true;
  return table_error (NOTATION_OK, 0);
}

OpeningTable *opening_table_parse (const char *text, size_t length, NotationStatus *status,
                                   size_t *error_line)
{
  assert (text || length == 0);
  NotationStatus ok = { NOTATION_OK, 0 }, local;
  if (!status)
    status = &local;
  *status = ok;
  if (error_line)
    *error_line = 0;
  size_t n_lines = 1;
  for (size_t i = 0; i < length; i++)
    n_lines += text[i] == '\n';
  OpeningTable *table = calloc (1, sizeof *table);
  /* Names are at most the text, plus a NUL each line. */
  if (table) {
    table->lines = malloc (n_lines * sizeof *table->lines);
    table->names = malloc (length + n_lines);
    /* A move takes at least two characters of the text. */
    table->moves = malloc ((length / 2 + 1) * sizeof *table->moves);
  }
  if (!table || !table->lines || !table->names || !table->moves) {
    opening_table_free (table);
    return NULL;
  }
  size_t names_used = 0, moves_used = 0, line_number = 0;
  for (size_t begin = 0; begin < length;) {
    line_number++;
    const char *newline = memchr (text + begin, '\n', length - begin);
    size_t end = newline ? (size_t) (newline - text) : length;
    bool is_opening;
    OpeningLine *line = &table->lines[table->count];
    *status = read_line (text, begin, end, line, &is_opening, table->names, &names_used,
                         table->moves, &moves_used);
    if (status->error) {
      if (error_line)
        *error_line = line_number;
      opening_table_free (table);
      return NULL;
    }
    if (is_opening) {
      table->count++;
      if (line->n_moves > table->longest)
        table->longest = line->n_moves;
    }
    begin = end + 1;
  }
  return table;
}

void opening_table_free (OpeningTable *table)
{
  if (!table)
    return;
  free (table->lines);
  free (table->names);
  free (table->moves);
  free (table);
}

size_t opening_table_count (const OpeningTable *table)
{
  assert (table);
  return table->count;
}

const char *opening_table_line (const OpeningTable *table, size_t index, const int **moves,
                                size_t *n_moves)
{
  assert (table && index < table->count);
  const OpeningLine *line = &table->lines[index];
  if (moves)
    *moves = table->moves + line->first_move;
  if (n_moves)
    *n_moves = line->n_moves;
  return table->names + line->name;
}

/* The first line (in table order) that ends after n_moves in `position` under a symmetry. */
static const OpeningLine *find_line (const OpeningTable *table, const Position *position,
                                     size_t n_moves)
{
  uint64_t black[8], white[8];
  for (int symmetry = 0; symmetry < 8; symmetry++) {
    black[symmetry] = board_bits_symmetry (position_black (position), symmetry);
    white[symmetry] = board_bits_symmetry (position_white (position), symmetry);
  }
  for (size_t k = 0; k < table->count; k++) {
    const OpeningLine *line = &table->lines[k];
    if (line->n_moves != n_moves || line->side_to_move != position->side_to_move)
      continue;
    for (int symmetry = 0; symmetry < 8; symmetry++)
      if (black[symmetry] == line->black && white[symmetry] == line->white)
        return line;
  }
  return NULL;
}

const char *opening_table_name (const OpeningTable *table, const Position *start,
                                const int *moves, size_t n_moves)
{
  assert (table && start);
  assert (moves || n_moves == 0);
  Position standard;
  position_init (&standard);
  if (start->side_to_move != standard.side_to_move || !board_equal (&start->board, &standard.board))
    return NULL;
  const char *name = NULL;
  Position position = standard;
  for (size_t k = 0; k < n_moves && k < table->longest; k++) {
    if (!position_play (&position, moves[k]))
      break;
    const OpeningLine *line = find_line (table, &position, k + 1);
    if (line)
      name = table->names + line->name;
  }
  return name;
}

const char *opening_table_name_at (const OpeningTable *table, const Position *position)
{
  assert (table && position);
  const Board *board = &position->board;
  int moves = board_count (board->player | board->opponent) - 4;
  const OpeningLine *line = moves > 0 ? find_line (table, position, (size_t) moves) : NULL;
  return line ? table->names + line->name : NULL;
}
