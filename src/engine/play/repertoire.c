/* repertoire.c: the repertoire (repertoire.h) as one sorted array of (position, move) pairs with
 * their counts, each position stored under its 8 symmetries so that a lookup is one binary
 * search of the board as it stands. */
#include "repertoire.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "position.h"

typedef struct {
  Board board;   /* the opponent to move */
  int move;      /* in board's own frame */
  uint64_t count;
} RepertoireEntry;

struct Repertoire {
  RepertoireEntry *entries;
  size_t n_entries;
  size_t n_games;
};

static int compare_entries (const void *a, const void *b)
{
  const RepertoireEntry *x = a, *y = b;
  if (x->board.player != y->board.player)
    return x->board.player < y->board.player ? -1 : 1;
  if (x->board.opponent != y->board.opponent)
    return x->board.opponent < y->board.opponent ? -1 : 1;
  return (x->move > y->move) - (x->move < y->move);
}

Repertoire *repertoire_new (const int *const *moves, const size_t *lengths, size_t n_games,
                            int colour)
{
  assert (colour == POSITION_BLACK || colour == POSITION_WHITE);
  assert (n_games == 0 || (moves && lengths));
  Repertoire *repertoire = calloc (1, sizeof *repertoire);
  if (!repertoire)
    return NULL;
  size_t capacity = 0;
  for (size_t g = 0; g < n_games; g++)
    capacity += lengths[g] * 8;
  repertoire->entries = capacity ? malloc (capacity * sizeof *repertoire->entries) : NULL;
  if (capacity && !repertoire->entries) {
    free (repertoire);
    return NULL;
  }
  for (size_t g = 0; g < n_games; g++) {
    Position position;
    position_init (&position);
    for (size_t i = 0; i < lengths[g]; i++) {
      int move = moves[g][i];
      /* A record may leave passes out. */
      if (move != BOARD_PASS && position_must_pass (&position))
        position_play (&position, BOARD_PASS);
      if (position.side_to_move != colour && move != BOARD_PASS)
        for (int s = 0; s < 8; s++)
          repertoire->entries[repertoire->n_entries++] = (RepertoireEntry) {
            board_symmetry (&position.board, s), board_square_symmetry (move, s), 1 };
      if (!position_play (&position, move))
        break;
    }
  }
  repertoire->n_games = n_games;
  /* Sorted, then each (position, move) once with its count. */
  if (repertoire->n_entries > 0)  /* qsort's array may not be NULL, even empty */
    qsort (repertoire->entries, repertoire->n_entries, sizeof *repertoire->entries, compare_entries);
  size_t kept = 0;
  for (size_t i = 0; i < repertoire->n_entries; i++) {
    if (kept > 0 && compare_entries (&repertoire->entries[kept - 1], &repertoire->entries[i]) == 0)
      repertoire->entries[kept - 1].count++;
    else
      repertoire->entries[kept++] = repertoire->entries[i];
  }
  repertoire->n_entries = kept;
  return repertoire;
}

void repertoire_free (Repertoire *repertoire)
{
  if (!repertoire)
    return;
  free (repertoire->entries);
  free (repertoire);
}

size_t repertoire_games (const Repertoire *repertoire)
{
  return repertoire->n_games;
}

int repertoire_moves (const Repertoire *repertoire, const Board *board, int moves[BOARD_SQUARES],
                      uint64_t counts[BOARD_SQUARES])
{
  assert (repertoire && board && moves && counts);
  /* The first entry of board: the least index whose entry is not before (board, -1). */
  RepertoireEntry key = { *board, -1, 0 };
  size_t low = 0, high = repertoire->n_entries;
  while (low < high) {
    size_t middle = low + (high - low) / 2;
    if (compare_entries (&repertoire->entries[middle], &key) < 0)
      low = middle + 1;
    else
      high = middle;
  }
  int count = 0;
  for (size_t i = low; i < repertoire->n_entries && count < BOARD_SQUARES
                       && repertoire->entries[i].board.player == board->player
                       && repertoire->entries[i].board.opponent == board->opponent; i++) {
    moves[count] = repertoire->entries[i].move;
    counts[count++] = repertoire->entries[i].count;
  }
  /* Most played first (insertion sort: a position has a few moves), squares in order on ties. */
  for (int i = 1; i < count; i++)
    for (int j = i; j > 0 && counts[j] > counts[j - 1]; j--) {
      int move = moves[j];
      uint64_t n = counts[j];
      moves[j] = moves[j - 1], counts[j] = counts[j - 1];
      moves[j - 1] = move, counts[j - 1] = n;
    }
  return count;
}
