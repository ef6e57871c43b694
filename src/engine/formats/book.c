/* book.c: the opening book (book.h): decoding its file, finding positions in any orientation,
 * and the seeded choice among its moves. */
#include "book.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "compiled.h"
#include "random.h"

/* The compiled-in book (embed-bytes); empty when data/book.bin was missing at build time. */
extern const uint8_t book_bytes_data[];
extern const size_t book_bytes_size;

#define BOOK_MAGIC "VERSOBOK"
#define BOOK_VERSION 1

struct Book {
  size_t count;
  int depth;
  BookEntry entries[]; /* sorted by (player, opponent) */
};

static int compare_entries (const void *a, const void *b)
{
  return board_compare (&((const BookEntry *) a)->board, &((const BookEntry *) b)->board);
}

void book_seal (uint8_t *bytes, size_t size)
{
  assert (bytes && size >= BOOK_HEADER);
  bytes_write_u32 (bytes + 20, bytes_fnv1a (bytes + BOOK_HEADER, size - BOOK_HEADER));
}

uint8_t *book_encode (const BookEntry *entries, size_t count, int depth, size_t *size)
{
  assert ((entries || count == 0) && size);
  BookEntry *sorted = malloc ((count ? count : 1) * sizeof *sorted);
  uint8_t *bytes = malloc (BOOK_HEADER + count * BOOK_RECORD);
  if (!sorted || !bytes) {
    free (sorted);
    free (bytes);
    return NULL;
  }
  if (count)
    memcpy (sorted, entries, count * sizeof *sorted);
  qsort (sorted, count, sizeof *sorted, compare_entries);
  uint8_t *out = bytes + BOOK_HEADER;
  for (size_t i = 0; i < count; i++, out += BOOK_RECORD) {
    bytes_write_u64 (out, sorted[i].board.player);
    bytes_write_u64 (out + 8, sorted[i].board.opponent);
    out[16] = (uint8_t) (int8_t) sorted[i].value;
    out[17] = (uint8_t) sorted[i].alt_move;
    out[18] = (uint8_t) (int8_t) sorted[i].alt_value;
  }
  free (sorted);
  memcpy (bytes, BOOK_MAGIC, 8);
  bytes_write_u32 (bytes + 8, BOOK_VERSION);
  bytes_write_u32 (bytes + 12, (uint32_t) count);
  bytes_write_u32 (bytes + 16, (uint32_t) depth);
  book_seal (bytes, BOOK_HEADER + count * BOOK_RECORD);
  *size = BOOK_HEADER + count * BOOK_RECORD;
  return bytes;
}

#define FAIL(...) do { snprintf (error, error_size, __VA_ARGS__); goto fail; } while (0)

Book *book_decode (const uint8_t *bytes, size_t size, char *error, size_t error_size)
{
  char ignored[1];
  if (!error) {
    error = ignored;
    error_size = sizeof ignored;
  }
  Book *book = NULL;
  if (!bytes_check_header (bytes, size, BOOK_HEADER, BOOK_MAGIC, BOOK_VERSION, "no book", "book",
                           error, error_size))
    goto fail;
  size_t count;
  if (!bytes_check_records (bytes, size, BOOK_HEADER, BOOK_RECORD, "book", &count, error,
                            error_size))
    goto fail;
  uint32_t depth = bytes_read_u32 (bytes + 16);
  if (depth < 1 || depth > 60)
    FAIL ("book search depth %u is not 1 to 60", depth);
  if (!bytes_check_checksum (bytes, size, BOOK_HEADER, 20, "book", error, error_size))
    goto fail;

  book = malloc (sizeof *book + count * sizeof *book->entries);
  if (!book)
    FAIL ("out of memory for the book");
  book->count = count;
  book->depth = (int) depth;
  const uint8_t *in = bytes + BOOK_HEADER;
  for (size_t i = 0; i < count; i++, in += BOOK_RECORD) {
    BookEntry *entry = &book->entries[i];
    entry->board = (Board) { bytes_read_u64 (in), bytes_read_u64 (in + 8) };
    entry->value = (int8_t) in[16];
    entry->alt_move = in[17];
    entry->alt_value = (int8_t) in[18];
    /* Each check keeps lookups sound: a position without moves or with an illegal alternative
     * would give moves that are not. */
    const Board *board = &entry->board;
    const char *problem = bytes_board_key_problem (board, i ? &book->entries[i - 1].board : NULL);
    if (problem)
      FAIL ("book entry %zu: %s", i, problem);
    uint64_t moves = board_legal_moves (board);
    if (!moves)
      FAIL ("book entry %zu: the side to move has no move", i);
    if (entry->value < -64 || entry->value > 64)
      FAIL ("book entry %zu: value %d is not -64 to 64", i, entry->value);
    if (entry->alt_move != BOOK_NO_ALT
        && (entry->alt_move >= 64 || !(moves & board_bit (entry->alt_move))))
      FAIL ("book entry %zu: alternative move %d is not legal there", i, entry->alt_move);
    if (entry->alt_value < -64 || entry->alt_value > 64)
      FAIL ("book entry %zu: alternative value %d is not -64 to 64", i, entry->alt_value);
  }
  if (error_size > 0)
    error[0] = '\0';
  return book;

fail:
  book_free (book);
  return NULL;
}

void book_free (Book *book)
{
  free (book);
}

size_t book_count (const Book *book)
{
  assert (book);
  return book->count;
}

int book_depth (const Book *book)
{
  assert (book);
  return book->depth;
}

const BookEntry *book_entry (const Book *book, size_t index)
{
  assert (book && index < book->count);
  return &book->entries[index];
}

/* The entry of a canonical board. */
static const BookEntry *find_canonical (const Book *book, const Board *canonical)
{
  size_t low = 0, high = book->count;
  while (low < high) {
    size_t middle = low + (high - low) / 2;
    int order = board_compare (&book->entries[middle].board, canonical);
    if (order == 0)
      return &book->entries[middle];
    if (order < 0)
      low = middle + 1;
    else
      high = middle;
  }
  return NULL;
}

const BookEntry *book_find (const Book *book, const Board *board)
{
  assert (book && board);
  Board canonical = board_canonical (board);
  return find_canonical (book, &canonical);
}

int book_lookup_in (const Book *book, const Board *board, BookMove moves[BOARD_SQUARES])
{
  assert (book && board && moves);
  Board canonical = board_canonical (board);
  const BookEntry *entry = find_canonical (book, &canonical);
  if (!entry)
    return 0;
  /* The alternative is stored in the canonical orientation: bring it back to the board's. A
   * position that is its own mirror image has as many equal alternatives as symmetries that
   * turn it into the canonical form: all of them are given, whatever the orientation. */
  uint64_t alt = 0;
  if (entry->alt_move != BOOK_NO_ALT) {
    for (int s = 0; s < BOARD_SYMMETRIES; s++) {
      Board turned = board_symmetry (board, s);
      if (board_equal (&turned, &canonical))
        for (int square = 0; square < BOARD_SQUARES; square++)
          if (board_square_symmetry (square, s) == entry->alt_move)
            alt |= board_bit (square);
    }
  }
  int count = 0;
  for (uint64_t legal = board_legal_moves (board); legal; legal &= legal - 1) {
    int square = __builtin_ctzll (legal);
    Board next = *board;
    board_play_flips (&next, square, board_flips (board->player, board->opponent, square));
    const BookEntry *child = book_find (book, &next);
    BookMove move;
    if (child)
      move = (BookMove) { square, -child->value, false };
    else if (alt & board_bit (square))
      move = (BookMove) { square, entry->alt_value, true };
    else
      continue;
    /* Insertion by score, best first; ties keep square order, so the list is reproducible. */
    int k = count++;
    while (k > 0 && moves[k - 1].score < move.score) {
      moves[k] = moves[k - 1];
      k--;
    }
    moves[k] = move;
  }
  return count;
}

int book_choose_in (const Book *book, const Board *board, uint64_t seed, int max_loss,
                    BookMove *chosen)
{
  BookMove moves[BOARD_SQUARES];
  int count = book_lookup_in (book, board, moves);
  if (count == 0)
    return BOARD_NO_MOVE;
  int candidates = 1;
  while (candidates < count && moves[0].score - moves[candidates].score <= max_loss)
    candidates++;
  uint64_t state = seed;
  int pick = (int) (random_next (&state) % (uint64_t) candidates);
  if (chosen)
    *chosen = moves[pick];
  return moves[pick].move;
}

static void *decode_compiled (const void *bytes, size_t size, char *error, size_t error_size)
{
  return book_decode (bytes, size, error, error_size);
}

static Compiled compiled = COMPILED_INIT (book_bytes_data, &book_bytes_size, decode_compiled,
  "no opening book: data/book.bin was missing when the program was built");

const Book *book_compiled (void)
{
  return compiled_get (&compiled);
}

const char *book_error (void)
{
  return compiled_error (&compiled);
}

int book_lookup (const Board *board, BookMove moves[BOARD_SQUARES])
{
  const Book *book = book_compiled ();
  return book ? book_lookup_in (book, board, moves) : 0;
}

int book_choose (const Board *board, uint64_t seed, int max_loss, BookMove *chosen)
{
  const Book *book = book_compiled ();
  return book ? book_choose_in (book, board, seed, max_loss, chosen) : BOARD_NO_MOVE;
}
