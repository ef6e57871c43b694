/* book_lines.c: the lines a player must learn to play a book move to the book's end against every
 * reply the book knows, the count Japanese players call umigame: where the player is to move, the
 * book's best move (of several as good, the one with the fewest lines); where the opponent is,
 * every reply in the book, each a line or more; a position out of the book, a reply that leaves it
 * (the book's searched alternative) or the game's end close one line. Computed on the book's own
 * graph with each position's count remembered for the call, so a query costs at most one visit of
 * each book position. */
#include <stdlib.h>

#include "book.h"

typedef struct Lines {
  const Book *book;
  uint64_t *memo;  /* two counts an entry, [2 * index + learner_to_move]; 0: not counted yet */
} Lines;

static uint64_t lines_at (Lines *lines, const Board *board, bool learner);

/* The lines after move, played by the side to move at board (learner or not). */
static uint64_t lines_after (Lines *lines, const Board *board, const BookMove *move, bool learner)
{
  if (move->leaves_book)
    return 1;
  Board next = board_after_move (board, move->move);
  return lines_at (lines, &next, !learner);
}

static uint64_t lines_at (Lines *lines, const Board *board, bool learner)
{
  if (board_legal_moves (board) == 0) {
    Board passed = *board;
    board_pass (&passed);
    if (board_legal_moves (&passed) == 0)
      return 1;  /* the game's end */
    return lines_at (lines, &passed, !learner);
  }
  const BookEntry *entry = book_find (lines->book, board);
  if (!entry)
    return 1;
  size_t slot = 2 * (size_t) (entry - book_entry (lines->book, 0)) + learner;
  if (lines->memo[slot])
    return lines->memo[slot];
  BookMove moves[BOARD_SQUARES];
  int count = book_lookup_in (lines->book, board, moves);
  uint64_t total = 0;
  for (int i = 0; i < count; i++) {
    if (learner && moves[i].score < moves[0].score)
      break;  /* best first: the learner plays only the best */
    uint64_t after = lines_after (lines, board, &moves[i], learner);
    if (learner)
      total = total == 0 || after < total ? after : total;
    else
      total = after > UINT64_MAX - total ? UINT64_MAX : total + after;
  }
  if (total == 0)
    total = 1;  /* a book position whose moves were all left out: a line ends there */
  lines->memo[slot] = total;
  return total;
}

int64_t book_lines_to_learn (const Book *book, const Board *board, int move)
{
  if (!book || !book_find (book, board))
    return -1;
  BookMove moves[BOARD_SQUARES];
  int count = book_lookup_in (book, board, moves);
  const BookMove *chosen = NULL;
  for (int i = 0; i < count && !chosen; i++)
    if (moves[i].move == move)
      chosen = &moves[i];
  if (!chosen)
    return -1;
  Lines lines = { book, calloc (2 * book_count (book), sizeof (uint64_t)) };
  if (!lines.memo)
    return -1;
  uint64_t result = lines_after (&lines, board, chosen, true);
  free (lines.memo);
  return result > INT64_MAX ? INT64_MAX : (int64_t) result;
}
