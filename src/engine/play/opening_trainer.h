/* opening_trainer.h: the opening trainer's rules: which of the person's moves are right (book
 * moves close to the book's best), and the trainer's replies as strong players chose them (the
 * tournament database's moves weighted by how often they were played, kept in the book; else the
 * book's best), until the line leaves the book, the game ends or the line is long enough. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "book.h"
#include "database.h"
#include "position.h"
#include "repertoire.h"

/* A book move losing at most this many discs against the book's best is right: the book's
 * values come from searches, and one disc is within their noise. */
#define TRAINER_RIGHT_LOSS 1
/* A line ends after this many moves from where it began: long enough to be a line, short enough
 * to learn in a sitting. */
#define TRAINER_LINE_PLIES 12

typedef struct TrainerVerdict {
  bool right;       /* one of the right moves */
  bool scored;      /* a book move, whose score is known (else only a search can tell) */
  int score;        /* discs for the side that played it, when scored */
  int n_right;
  BookMove right_moves[BOARD_SQUARES]; /* the right moves, best first */
} TrainerVerdict;

/* The right moves of board, best first: the book moves within TRAINER_RIGHT_LOSS of the best
 * (the searched alternative leading out of the book included); 0 when board is not in the
 * book. */
int trainer_right_moves (const Book *book, const Board *board, BookMove right[BOARD_SQUARES]);

/* Judges move, a legal move of board, into *verdict; returns verdict->right. */
bool trainer_judge (const Book *book, const Board *board, int move, TrainerVerdict *verdict);

/* The trainer's reply at position: drawn (from *state, seeded) among the moves the database's
 * games played there that keep the position in the book, each as likely as the games that
 * played it (database may be NULL); without one, the book's best move that stays in it;
 * BOARD_NO_MOVE when there is none. */
int trainer_reply (const Book *book, const Database *database, const Position *position,
                   uint64_t *state);

/* The trainer's reply at position as the person's opponents played in their own games: drawn
 * among the repertoire's moves there that keep the position in the book, each as likely as the
 * games that played it; without one, trainer_reply's (database may be NULL). */
int trainer_reply_from_repertoire (const Book *book, const Repertoire *repertoire,
                                   const Database *database, const Position *position,
                                   uint64_t *state);

/* Whether a line that has gone plies moves from where it began goes on at position: it is in
 * the book, the side to move has a move, and plies is below TRAINER_LINE_PLIES. */
bool trainer_line_goes_on (const Book *book, const Position *position, int plies);
