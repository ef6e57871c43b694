/* fuzz-book.c: opening book files (book.h). An input that starts like a book file is decoded as
 * it is, then again with its checksum made right; any other input is decoded as the entries of a
 * file with a right header, so that the fuzzer reaches the checks of each entry. A decoded book,
 * encoded again, gives the same bytes, and every lookup in it gives legal moves. */
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "bytes.h"
#include "fuzz.h"

#define MAGIC "VERSOBOK"

static void *decode (const uint8_t *bytes, size_t size, char *error, size_t error_size)
{
  return book_decode (bytes, size, error, error_size);
}

static void check (void *decoded, const uint8_t *bytes, size_t size)
{
  Book *book = decoded;
  size_t count = book_count (book);
  BookEntry *entries = malloc ((count ? count : 1) * sizeof *entries);
  REQUIRE (entries, "out of memory");
  for (size_t i = 0; i < count; i++) {
    entries[i] = *book_entry (book, i);
    BookMove moves[BOARD_SQUARES];
    int n = book_lookup_in (book, &entries[i].board, moves);
    REQUIRE (n >= 0 && n <= board_count (board_legal_moves (&entries[i].board)), "%d moves", n);
    for (int k = 0; k < n; k++)
      REQUIRE (board_legal_moves (&entries[i].board) & board_bit (moves[k].move), "illegal move");
    int chosen = book_choose_in (book, &entries[i].board, i, 64, NULL);
    REQUIRE (n == 0 ? chosen == BOARD_NO_MOVE : chosen >= 0 && chosen < 64, "chose %d", chosen);
  }
  size_t again_size;
  uint8_t *again = book_encode (entries, count, book_depth (book), &again_size);
  REQUIRE (again && again_size == size && memcmp (again, bytes, size) == 0,
           "encoding the decoded book gives other bytes");
  free (again);
  free (entries);
  book_free (book);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const FuzzFormat book = { MAGIC, BOOK_HEADER, { 1, (uint32_t) (size / BOOK_RECORD), 8 }, book_seal,
                           decode, check };
  fuzz_decode_file (data, size, &book);
  return 0;
}
