/* test-book.c: the opening book: the compiled-in book decodes, finds positions in any
 * orientation, its values are the negamax of its children and searched alternatives, damaged
 * files are refused with a message, the seeded choice is reproducible and varied, the levels
 * from advanced up open from it while the lower ones do not, and the lines to learn behind a
 * book move are counted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "binary-file.h"
#include "board.h"
#include "book.h"
#include "level.h"
#include "search.h"
#include "check.h"
#include "random.h"

static const Book *compiled_book (void)
{
  const Book *book = book_compiled ();
  REQUIRE (book, "the compiled-in book: %s", book_error () ? book_error () : "?");
  CHECK (book_error () == NULL, "no error with a book");
  return book;
}

/* Book positions along a seeded walk of book moves from the start. */
static int book_walk (uint64_t seed, Board *positions, int max)
{
  Board board;
  board_init (&board);
  int count = 0;
  BookMove moves[BOARD_SQUARES];
  while (count < max) {
    int n = book_lookup (&board, moves);
    if (n == 0)
      break;
    positions[count++] = board;
    /* Only moves that stay in the book, so the walk goes deep. */
    int staying = 0;
    for (int i = 0; i < n; i++)
      if (!moves[i].leaves_book)
        moves[staying++] = moves[i];
    if (staying == 0)
      break;
    board_play (&board, moves[random_next (&seed) % (uint64_t) staying].move);
  }
  return count;
}

static void test_lookup_from_the_start (void)
{
  const Book *book = compiled_book ();
  CHECK (book_count (book) >= 1000, "%zu positions", book_count (book));
  Board board;
  board_init (&board);
  BookMove moves[BOARD_SQUARES];
  int n = book_lookup (&board, moves);
  /* The four first moves are one position under the symmetries: all in the book, valued alike. */
  CHECK (n == 4, "%d book moves at the start", n);
  for (int i = 0; i < n; i++) {
    CHECK (board_legal_moves (&board) & board_bit (moves[i].move), "legal: %d", moves[i].move);
    CHECK (moves[i].score == moves[0].score && !moves[i].leaves_book, "f5, d6, c3, e4 alike");
    CHECK (i == 0 || moves[i - 1].score >= moves[i].score, "best first");
  }
  /* Far from the opening, nothing. */
  Board late = { 0x00000000FFFFFFFFULL & 0x5555555555555555ULL, 0x00FFFFFF00000000ULL };
  CHECK (book_lookup (&late, moves) == 0, "a position not in the book has no book move");
  CHECK (book_choose (&late, 1, 2, NULL) == BOARD_NO_MOVE, "and no choice");
}

static void test_symmetry (void)
{
  Board positions[40];
  for (uint64_t seed = 1; seed <= 20; seed++) {
    int count = book_walk (seed, positions, 40);
    CHECK (count >= 3, "the walk %llu stays %d plies in the book", (unsigned long long) seed, count);
    for (int p = 0; p < count; p++) {
      BookMove moves[BOARD_SQUARES], turned_moves[BOARD_SQUARES];
      int n = book_lookup (&positions[p], moves);
      for (int s = 1; s < BOARD_SYMMETRIES; s++) {
        Board turned = board_symmetry (&positions[p], s);
        CHECK (book_lookup (&turned, turned_moves) == n, "as many moves under symmetry %d", s);
        for (int i = 0; i < n; i++) {
          int mirrored = board_square_symmetry (moves[i].move, s);
          bool found = false;
          for (int j = 0; j < n; j++)
            if (turned_moves[j].move == mirrored) {
              found = true;
              CHECK (turned_moves[j].score == moves[i].score
                     && turned_moves[j].leaves_book == moves[i].leaves_book,
                     "the mirrored move %d keeps its value", mirrored);
            }
          CHECK (found, "move %d mirrored by symmetry %d is a book move there", moves[i].move, s);
        }
      }
    }
  }
}

static void test_negamax (void)
{
  const Book *book = compiled_book ();
  size_t interior = 0, with_alt = 0;
  for (size_t i = 0; i < book_count (book); i++) {
    const BookEntry *entry = book_entry (book, i);
    const Board *board = &entry->board;
    int best = -1000;
    bool child_found = false;
    for (uint64_t legal = board_legal_moves (board); legal; legal &= legal - 1) {
      Board next = *board;
      board_play (&next, __builtin_ctzll (legal));
      const BookEntry *child = book_find (book, &next);
      if (child) {
        child_found = true;
        best = -child->value > best ? -child->value : best;
        CHECK (__builtin_ctzll (legal) != entry->alt_move, "the alternative leaves the book");
      }
    }
    if (entry->alt_move != BOOK_NO_ALT) {
      with_alt++;
      best = entry->alt_value > best ? entry->alt_value : best;
    }
    interior += child_found;
    CHECK (child_found || entry->alt_move != BOOK_NO_ALT, "entry %zu has a move", i);
    CHECK (entry->value == best, "entry %zu: value %d, its moves give %d", i, entry->value, best);
  }
  CHECK (interior > 100 && with_alt > interior, "%zu interior, %zu with alternatives", interior,
         with_alt);
}

static bool decodes (const uint8_t *bytes, size_t size, char *error, size_t error_size)
{
  Book *book = book_decode (bytes, size, error, error_size);
  book_free (book);
  return book != NULL;
}

static void test_encode_and_damage (void)
{
  const Book *book = compiled_book ();
  size_t count = 50;
  BookEntry entries[50];
  for (size_t i = 0; i < count; i++)
    entries[i] = *book_entry (book, i * (book_count (book) / count));
  size_t size;
  uint8_t *bytes = book_encode (entries, count, 8, &size);
  CHECK (bytes && size == BOOK_HEADER + count * BOOK_RECORD, "encoded %zu bytes", size);
  char error[160];
  Book *again = book_decode (bytes, size, error, sizeof error);
  REQUIRE (again, "decodes: %s", error);
  CHECK (book_count (again) == count && book_depth (again) == 8, "count and depth");
  for (size_t i = 0; i < count; i++) {
    const BookEntry *e = book_entry (again, i);
    CHECK (board_equal (&e->board, &entries[i].board) && e->value == entries[i].value
           && e->alt_move == entries[i].alt_move && e->alt_value == entries[i].alt_value,
           "entry %zu comes back", i);
  }
  book_free (again);

  uint8_t *copy = malloc (size);
  REQUIRE (copy, "memory");
  check_header_refused (decodes, bytes, size, BOOK_HEADER, "no book", "book");
  check_refused (decodes, bytes, 10, "not a book file");
  check_refused (decodes, bytes, size - 1, "header says 50 entries");
  memcpy (copy, bytes, size);
  copy[16] = 0;
  check_refused (decodes, copy, size, "depth 0");
  /* Entries 3 and 4 swapped: not sorted. */
  memcpy (copy, bytes, size);
  memcpy (copy + BOOK_HEADER + 3 * BOOK_RECORD, bytes + BOOK_HEADER + 4 * BOOK_RECORD, BOOK_RECORD);
  memcpy (copy + BOOK_HEADER + 4 * BOOK_RECORD, bytes + BOOK_HEADER + 3 * BOOK_RECORD, BOOK_RECORD);
  book_seal (copy, size);
  check_refused (decodes, copy, size, "entry 4: entries are not sorted");
  /* A value out of range, and an alternative on an occupied square. */
  memcpy (copy, bytes, size);
  copy[BOOK_HEADER + 7 * BOOK_RECORD + 16] = 100;
  book_seal (copy, size);
  check_refused (decodes, copy, size, "entry 7: value 100");
  memcpy (copy, bytes, size);
  copy[BOOK_HEADER + 7 * BOOK_RECORD + 17] = 27; /* d4, never empty */
  book_seal (copy, size);
  check_refused (decodes, copy, size, "entry 7: alternative move 27");
  /* The first entry's discs turned: no longer canonical, or no longer in order. */
  memcpy (copy, bytes, size);
  for (int i = 0; i < 16; i++)
    copy[BOOK_HEADER + i] = bytes[BOOK_HEADER + (i < 8 ? 7 - i : 23 - i)];
  book_seal (copy, size);
  check_refused (decodes, copy, size, "entry 0");
  free (copy);
  free (bytes);
}

static void test_choice (void)
{
  Board positions[40];
  int count = book_walk (7, positions, 40);
  CHECK (count >= 3, "walk of %d", count);
  int varied = 0;
  for (int p = 0; p < count; p++) {
    BookMove moves[BOARD_SQUARES];
    int n = book_lookup (&positions[p], moves);
    bool seen[BOARD_SQUARES] = { false };
    int distinct = 0;
    for (uint64_t seed = 0; seed < 64; seed++) {
      BookMove chosen;
      int move = book_choose (&positions[p], seed, 2, &chosen);
      CHECK (move == chosen.move && move == book_choose (&positions[p], seed, 2, NULL),
             "seed %llu gives the same move again", (unsigned long long) seed);
      CHECK (moves[0].score - chosen.score <= 2, "within 2 discs of the best");
      distinct += !seen[move];
      seen[move] = true;
      CHECK (book_choose (&positions[p], seed, 0, &chosen) >= 0 && chosen.score == moves[0].score,
             "max_loss 0 keeps to the best");
    }
    int candidates = 0;
    for (int i = 0; i < n; i++)
      candidates += moves[0].score - moves[i].score <= 2;
    CHECK (distinct == candidates, "64 seeds drew %d of %d moves", distinct, candidates);
    varied += distinct > 1;
  }
  CHECK (varied >= 1, "some positions offer a choice");
}

static void test_levels (void)
{
  Search *search = search_new (1 << 20);
  REQUIRE (search, "search_new");
  Board board;
  board_init (&board);
  board_play (&board, board_square (5, 4)); /* f5 */
  BookMove moves[BOARD_SQUARES];
  int n = book_lookup (&board, moves);
  CHECK (n > 0, "f5 is in the book");
  for (uint64_t seed = 0; seed < 8; seed++) {
    SearchResult result;
    int move = level_choose_move (search, &board, LEVEL_MASTER, seed, NULL, &result);
    bool in_book = false;
    for (int i = 0; i < n; i++)
      in_book |= moves[i].move == move && moves[i].score == result.score;
    CHECK (in_book && result.move == move, "master played the book move %d", move);
    CHECK (result.nodes == 0 && result.pv[0] == move && result.pv_length >= 2 && !result.exact,
           "a book result: no nodes, the book line (%d moves)", result.pv_length);
    CHECK (level_choose_move (search, &board, LEVEL_MASTER, seed, NULL, NULL) == move,
           "reproducible with the seed");
    CHECK (level_choose_move (search, &board, LEVEL_ADVANCED, seed, NULL, &result) >= 0
           && result.nodes == 0, "advanced opens from the book too");
    level_choose_move (search, &board, LEVEL_BEGINNER, seed, NULL, &result);
    CHECK (result.nodes > 0, "the beginner searches its moves");
    level_choose_move (search, &board, LEVEL_INTERMEDIATE, seed, NULL, &result);
    CHECK (result.nodes > 0, "the intermediate level searches its moves");
  }
  /* Reverse games are not in the book. */
  search_set_rules (search, RULES_REVERSE);
  SearchResult result;
  level_choose_move (search, &board, LEVEL_ADVANCED, 1, NULL, &result);
  CHECK (result.nodes > 0, "advanced searches under the Reverse rules");
  search_free (search);
}

/* A book entry for the position after transcript (squares as column + 8 * row), canonical, with
 * no searched alternative. */
static BookEntry line_entry (const int *moves, int count, int value)
{
  Board board;
  board_init (&board);
  for (int i = 0; i < count; i++)
    REQUIRE (board_play (&board, moves[i]), "move %d of the test line is legal", i + 1);
  return (BookEntry) { board_canonical (&board), value, BOOK_NO_ALT, 0 };
}

static Board line_board (const int *moves, int count)
{
  Board board;
  board_init (&board);
  for (int i = 0; i < count; i++)
    board_play (&board, moves[i]);
  return board;
}

/* The lines to learn behind a book move (umigame), on a book made for the test: after f5 the
 * opponent's book replies are d6 and f4; after f5 d6 the learner's c3 ends the book in one line
 * and c5 leads to two replies; after f5 f4, e3 ends it. Tied best moves: the fewest lines. */
static void test_lines_to_learn (void)
{
  enum { F5 = 37, D6 = 43, F4 = 29, C3 = 18, C5 = 34, E3 = 20 };
  const int f5[] = { F5 }, f5d6[] = { F5, D6 }, f5f4[] = { F5, F4 }, f5d6c3[] = { F5, D6, C3 };
  const int f5d6c5[] = { F5, D6, C5 }, f5f4e3[] = { F5, F4, E3 }, f5d6c5f4[] = { F5, D6, C5, F4 };
  Board after_c5 = line_board (f5d6c5, 3);
  uint64_t replies = board_legal_moves (&after_c5) & ~board_bit (F4);
  REQUIRE (replies, "White has another reply after f5 d6 c5");
  int other[] = { F5, D6, C5, __builtin_ctzll (replies) };
  for (int c5_value = -2; c5_value >= -4; c5_value -= 2) {
    BookEntry entries[] = {
      line_entry (NULL, 0, 2), line_entry (f5, 1, -2), line_entry (f5d6, 2, 2),
      line_entry (f5f4, 2, 0), line_entry (f5d6c3, 3, -2), line_entry (f5d6c5, 3, c5_value),
      line_entry (f5f4e3, 3, 0), line_entry (f5d6c5f4, 4, 0), line_entry (other, 4, 0),
    };
    size_t size;
    uint8_t *bytes = book_encode (entries, sizeof entries / sizeof entries[0], 8, &size);
    REQUIRE (bytes, "encoded");
    char error[160];
    Book *book = book_decode (bytes, size, error, sizeof error);
    REQUIRE (book, "decodes: %s", error);
    Board start = line_board (NULL, 0), after_d6 = line_board (f5d6, 2);
    bool tied = c5_value == -2;
    /* c5 as good as c3: the learner plays c3 (one line), so f5 needs d6's one and f4's one. */
    CHECK_CMP_INT ((int) book_lines_to_learn (book, &start, F5), ==, tied ? 2 : 3);
    /* Every first move is f5 turned: the same count. */
    CHECK_CMP_INT ((int) book_lines_to_learn (book, &start, 19 /* d3 */), ==, tied ? 2 : 3);
    CHECK_CMP_INT ((int) book_lines_to_learn (book, &after_d6, C3), ==, 1);
    CHECK_CMP_INT ((int) book_lines_to_learn (book, &after_d6, C5), ==, 2);
    /* Not a book move there, and a position out of the book. */
    CHECK_CMP_INT ((int) book_lines_to_learn (book, &after_d6, E3), ==, -1);
    const int f5f6[] = { F5, 45 /* f6 */ };
    Board outside = line_board (f5f6, 2);
    CHECK_CMP_INT ((int) book_lines_to_learn (book, &outside, __builtin_ctzll (board_legal_moves (&outside))), ==, -1);
    book_free (book);
    free (bytes);
  }
  /* The compiled-in book: every first move needs as many lines, more than one. */
  Board start;
  board_init (&start);
  int64_t first = book_lines_to_learn (compiled_book (), &start, F5);
  CHECK (first > 1, "f5: %lld lines", (long long) first);
  CHECK (book_lines_to_learn (compiled_book (), &start, 26 /* c4 */) == first, "c4 as f5");
}

int main (void)
{
  test_lookup_from_the_start ();
  test_symmetry ();
  test_negamax ();
  test_encode_and_damage ();
  test_choice ();
  test_levels ();
  test_lines_to_learn ();
  return check_finish ();
}
