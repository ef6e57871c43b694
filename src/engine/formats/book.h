/* book.h: the opening book: positions of tournament openings, each valued by the engine's own
 * searches negamaxed through the book, and choosing a book move with variety. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"

/* One book position, in canonical form (board_canonical). value is the negamax, in discs for
 * the side to move, of its book children (positions after a move that are in the book) and of
 * its best move leading out of the book, alt_move (BOOK_NO_ALT when every legal move leads
 * into the book), valued alt_value by a fixed-depth search. */
typedef struct BookEntry {
  Board board;
  int value;
  int alt_move;
  int alt_value;
} BookEntry;

#define BOOK_NO_ALT 255

/* A move of a book position, in the position's own orientation. */
typedef struct BookMove {
  int move;
  int score;        /* discs for the side to move */
  bool leaves_book; /* the searched alternative: the position after it is not in the book */
} BookMove;

typedef struct Book Book;

/* Book files: "VERSOBOK", u32 version, u32 entries, u32 search depth, u32 FNV-1a of the
 * payload (all little-endian), then the entries sorted by (player, opponent): u64 player,
 * u64 opponent, i8 value, u8 alt_move, i8 alt_value. */
#define BOOK_HEADER 24
#define BOOK_RECORD 19

/* Returns NULL and a message in error when anything is wrong with the bytes (naming the entry)
 * or memory is short. */
Book *book_decode (const uint8_t *bytes, size_t size, char *error, size_t error_size);
void book_free (Book *book);
/* Encodes entries (sorted or not; their boards canonical); a malloc'ed buffer and its size, or
 * NULL when memory is short. */
uint8_t *book_encode (const BookEntry *entries, size_t count, int depth, size_t *size);
/* Writes the checksum of a book file of size bytes into its header. */
void book_seal (uint8_t *bytes, size_t size);

size_t book_count (const Book *book);
int book_depth (const Book *book);
const BookEntry *book_entry (const Book *book, size_t index);
/* The entry of board in any orientation, or NULL when it is not in the book. */
const BookEntry *book_find (const Book *book, const Board *board);

/* The book moves of board, best first: the moves whose positions are in the book, valued by
 * them, and the searched alternative. 0 when board is not in the book. */
int book_lookup_in (const Book *book, const Board *board, BookMove moves[BOARD_SQUARES]);
/* A move drawn (seeded) among the book moves within max_loss discs of the best, or
 * BOARD_NO_MOVE when board is not in the book; fills chosen when it is not NULL. */
int book_choose_in (const Book *book, const Board *board, uint64_t seed, int max_loss,
                    BookMove *chosen);

/* The lines the side to move at board must learn to play book move `move` there to the book's
 * end against every reply the book knows (book_lines.c: the umigame count): 1 for a move that
 * leaves the book. -1 when board is not in the book, move is not one of its book moves, or
 * memory is short. Costs at most one visit of each book position. */
int64_t book_lines_to_learn (const Book *book, const Board *board, int move);

/* The book compiled into the program (data/book.bin), decoded once; safe from any thread.
 * NULL when it is missing or damaged: then book_error () says why and no book move is played. */
const Book *book_compiled (void);
const char *book_error (void);
/* book_lookup_in and book_choose_in on the compiled-in book (nothing when there is none). */
int book_lookup (const Board *board, BookMove moves[BOARD_SQUARES]);
int book_choose (const Board *board, uint64_t seed, int max_loss, BookMove *chosen);
