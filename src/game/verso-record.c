/* verso-record.c: the moves and positions of one game and the one shown. Positions are kept
 * from the start to the last move recorded ([0] is the start), so navigation is an index and
 * never replays; a forced pass is recorded right after the move that forced it. */
#include "verso-record.h"

#include <string.h>

typedef struct {
  Position position;
  int move;      /* the move that led here: a square, BOARD_PASS, or BOARD_NO_MOVE at the start */
  guint64 flips; /* the discs that move turned over */
} RecordEntry;

struct _VersoRecord {
  GArray *entries; /* of RecordEntry */
  guint current;
};

static inline const RecordEntry *entry_at (const VersoRecord *record, guint ply)
{
  return &g_array_index (record->entries, RecordEntry, ply);
}

static inline const RecordEntry *last_entry (const VersoRecord *record)
{
  return entry_at (record, record->entries->len - 1);
}

static gboolean position_is_resting (const Position *position)
{
  return board_legal_moves (&position->board) != 0 || board_is_game_over (&position->board);
}

/* Appends a move legal in the last position and the pass it forces, if any; returns FALSE (and
 * appends nothing) when the move is not legal. */
static gboolean append_move (VersoRecord *record, int move)
{
  RecordEntry next = { .position = last_entry (record)->position, .move = move, .flips = 0 };

  if (move != BOARD_PASS)
    next.flips = board_flips (next.position.board.player, next.position.board.opponent, move);
  if ((move != BOARD_PASS && next.flips == 0) || !position_play (&next.position, move))
    return FALSE;
  g_array_append_val (record->entries, next);
  if (position_must_pass (&next.position))
    append_move (record, BOARD_PASS);
  return TRUE;
}

VersoRecord *verso_record_new (const Position *start)
{
  VersoRecord *record;
  RecordEntry first = { .move = BOARD_NO_MOVE, .flips = 0 };

  g_return_val_if_fail (start != NULL, NULL);
  g_return_val_if_fail ((start->board.player & start->board.opponent) == 0, NULL);

  record = g_new0 (VersoRecord, 1);
  record->entries = g_array_new (FALSE, FALSE, sizeof (RecordEntry));
  first.position = *start;
  g_array_append_val (record->entries, first);
  /* A start where a pass is forced has the pass recorded after it. */
  if (position_must_pass (start))
    append_move (record, BOARD_PASS);
  record->current = record->entries->len - 1;
  return record;
}

VersoRecord *verso_record_new_from_notation (const NotationGame *game)
{
  VersoRecord *record;

  g_return_val_if_fail (game != NULL, NULL);

  record = verso_record_new (&game->start);
  g_return_val_if_fail (record != NULL, NULL);
  /* Passes are played where they are forced whether the notation wrote them or not, so a pass
   * it writes is one already played. The parsers check every move; one that is not legal here
   * ends the record all the same rather than leaving a position no move led to. */
  for (size_t k = 0; k < game->n_moves && k < NOTATION_MAX_MOVES; k++)
    if (game->moves[k] != BOARD_PASS && !append_move (record, game->moves[k])) {
      g_warning ("The game's move %zu is not legal; the record ends before it", k + 1);
      break;
    }
  record->current = record->entries->len - 1;
  return record;
}

VersoRecord *verso_record_copy (const VersoRecord *record)
{
  VersoRecord *copy;

  g_return_val_if_fail (record != NULL, NULL);

  copy = g_new0 (VersoRecord, 1);
  copy->entries = g_array_copy (record->entries);
  copy->current = record->current;
  return copy;
}

void verso_record_free (VersoRecord *record)
{
  if (record)
    g_array_unref (record->entries);
  g_free (record);
}

void verso_record_to_notation (const VersoRecord *record, NotationGame *game)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail (game != NULL);

  memset (game, 0, sizeof *game);
  game->start = entry_at (record, 0)->position;
  /* At most 60 discs and a pass before each, and one at the start: always fits. */
  for (guint ply = 1; ply < record->entries->len && game->n_moves < NOTATION_MAX_MOVES; ply++)
    game->moves[game->n_moves++] = entry_at (record, ply)->move;
}

const Position *verso_record_get_start (const VersoRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  return &entry_at (record, 0)->position;
}

gboolean verso_record_starts_standard (const VersoRecord *record)
{
  Position standard;

  g_return_val_if_fail (record != NULL, FALSE);
  position_init (&standard);
  return standard.side_to_move == entry_at (record, 0)->position.side_to_move
      && board_equal (&standard.board, &entry_at (record, 0)->position.board);
}

guint verso_record_get_length (const VersoRecord *record)
{
  g_return_val_if_fail (record != NULL, 0);
  return record->entries->len - 1;
}

guint verso_record_get_current (const VersoRecord *record)
{
  g_return_val_if_fail (record != NULL, 0);
  return record->current;
}

const Position *verso_record_get_position (const VersoRecord *record, guint ply)
{
  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (ply < record->entries->len, NULL);
  return &entry_at (record, ply)->position;
}

int verso_record_get_move (const VersoRecord *record, guint ply)
{
  g_return_val_if_fail (record != NULL, BOARD_NO_MOVE);
  g_return_val_if_fail (ply < record->entries->len, BOARD_NO_MOVE);
  return entry_at (record, ply)->move;
}

guint64 verso_record_get_flips (const VersoRecord *record, guint ply)
{
  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (ply < record->entries->len, 0);
  return entry_at (record, ply)->flips;
}

gboolean verso_record_is_resting (const VersoRecord *record, guint ply)
{
  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (ply < record->entries->len, FALSE);
  return position_is_resting (&entry_at (record, ply)->position);
}

gboolean verso_record_play (VersoRecord *record, int square, gboolean *passed)
{
  const Position *shown;

  g_return_val_if_fail (record != NULL, FALSE);

  if (passed)
    *passed = FALSE;
  if (square < 0 || square >= BOARD_SQUARES)
    return FALSE;
  shown = &entry_at (record, record->current)->position;
  if (!(board_legal_moves (&shown->board) & board_bit (square)))
    return FALSE;

  if (record->current < verso_record_get_length (record)
      && entry_at (record, record->current + 1)->move == square) {
    /* The move recorded next: the rest of the line stays. */
    record->current++;
  } else {
    g_array_set_size (record->entries, record->current + 1);
    append_move (record, square);
    record->current++;
  }
  if (record->current < verso_record_get_length (record)
      && entry_at (record, record->current + 1)->move == BOARD_PASS) {
    record->current++;
    if (passed)
      *passed = TRUE;
  }
  return TRUE;
}

void verso_record_go_to (VersoRecord *record, guint ply)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail (ply <= verso_record_get_length (record));

  /* A position where a pass is forced has the pass recorded after it. */
  while (ply < verso_record_get_length (record) && !verso_record_is_resting (record, ply))
    ply++;
  record->current = ply;
}

char *verso_record_get_transcript (const VersoRecord *record, guint ply)
{
  g_autofree int *moves = NULL;
  char *transcript;
  size_t size;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (ply <= verso_record_get_length (record), NULL);

  moves = g_new (int, ply + 1);
  for (guint k = 0; k < ply; k++)
    moves[k] = entry_at (record, k + 1)->move;
  size = notation_format_transcript (moves, ply, true, NULL, 0) + 1;
  transcript = g_malloc (size);
  notation_format_transcript (moves, ply, true, transcript, size);
  return transcript;
}
