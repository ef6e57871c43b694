/* opening_trainer.c: the opening trainer's rules (opening_trainer.h), over the book's lookups
 * and the database's counts; no search. */
#include "opening_trainer.h"

#include <assert.h>
#include <string.h>

#include "random.h"

int trainer_right_moves (const Book *book, const Board *board, BookMove right[BOARD_SQUARES])
{
  assert (book && board && right);
  int count = book_lookup_in (book, board, right);
  int n_right = 0;
  /* book_lookup_in sorts best first: the right ones are a prefix. */
  while (n_right < count && right[0].score - right[n_right].score <= TRAINER_RIGHT_LOSS)
    n_right++;
  return n_right;
}

bool trainer_judge (const Book *book, const Board *board, int move, TrainerVerdict *verdict)
{
  assert (book && board && verdict);
  assert (move >= 0 && move < BOARD_SQUARES && (board_legal_moves (board) & board_bit (move)));
  BookMove moves[BOARD_SQUARES];
  int count = book_lookup_in (book, board, moves);
  memset (verdict, 0, sizeof *verdict);
  verdict->n_right = trainer_right_moves (book, board, verdict->right_moves);
  for (int i = 0; i < count; i++)
    if (moves[i].move == move) {
      verdict->scored = true;
      verdict->score = moves[i].score;
      verdict->right = i < verdict->n_right;
    }
  return verdict->right;
}

/* Whether the position after move stays in the book. */
static bool stays_in_book (const Book *book, const Board *board, int move)
{
  Board after = board_after_move (board, move);
  return book_find (book, &after) != NULL;
}

int trainer_reply (const Book *book, const Database *database, const Position *position,
                   uint64_t *state)
{
  assert (book && position && state);
  const Board *board = &position->board;
  if (database) {
    DatabaseRow rows[BOARD_SQUARES];
    int count = database_moves (database, position, rows);
    /* A row with same_as leads to the same position as an earlier one and shares its games: the
     * games are counted once, for the first, and a draw among the first and its repeats picks
     * the square, so that the start's four equal moves are each as likely. */
    uint64_t total = 0;
    for (int i = 0; i < count; i++)
      if (rows[i].same_as < 0 && stays_in_book (book, board, rows[i].move))
        total += rows[i].counts.games;
    if (total > 0) {
      uint64_t pick = random_next (state) % total;
      for (int i = 0; i < count; i++) {
        if (rows[i].same_as >= 0 || !stays_in_book (book, board, rows[i].move))
          continue;
        if (pick >= rows[i].counts.games) {
          pick -= rows[i].counts.games;
          continue;
        }
        int n_same = 1;
        while (i + n_same < count && rows[i + n_same].same_as == rows[i].move)
          n_same++;
        return rows[i + (int) (random_next (state) % (uint64_t) n_same)].move;
      }
    }
  }
  BookMove moves[BOARD_SQUARES];
  int count = book_lookup_in (book, board, moves);
  for (int i = 0; i < count; i++)
    if (!moves[i].leaves_book)
      return moves[i].move;
  return BOARD_NO_MOVE;
}

int trainer_reply_from_repertoire (const Book *book, const Repertoire *repertoire,
                                   const Database *database, const Position *position,
                                   uint64_t *state)
{
  assert (book && repertoire && position && state);
  int moves[BOARD_SQUARES];
  uint64_t counts[BOARD_SQUARES], total = 0;
  int count = repertoire_moves (repertoire, &position->board, moves, counts);
  for (int i = 0; i < count; i++)
    if (stays_in_book (book, &position->board, moves[i]))
      total += counts[i];
  if (total > 0) {
    uint64_t pick = random_next (state) % total;
    for (int i = 0; i < count; i++) {
      if (!stays_in_book (book, &position->board, moves[i]))
        continue;
      if (pick < counts[i])
        return moves[i];
      pick -= counts[i];
    }
  }
  return trainer_reply (book, database, position, state);
}

bool trainer_line_goes_on (const Book *book, const Position *position, int plies)
{
  assert (book && position && plies >= 0);
  return plies < TRAINER_LINE_PLIES && board_legal_moves (&position->board) != 0
      && book_find (book, &position->board) != NULL;
}
