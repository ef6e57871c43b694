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

static void decode (const uint8_t *bytes, size_t size)
{
  char error[160];
  memset (error, 'x', sizeof error);
  Book *book = book_decode (bytes, size, error, sizeof error);
  size_t length = strnlen (error, sizeof error);
  if (!book) {
    CHECK (length > 0 && length < sizeof error, "an error message of %zu bytes", length);
    return;
  }
  CHECK (length == 0, "decoded, with the error '%.*s'", (int) length, error);
  size_t count = book_count (book);
  BookEntry *entries = malloc ((count ? count : 1) * sizeof *entries);
  CHECK (entries, "out of memory");
  for (size_t i = 0; i < count; i++) {
    entries[i] = *book_entry (book, i);
    BookMove moves[BOARD_SQUARES];
    int n = book_lookup_in (book, &entries[i].board, moves);
    CHECK (n >= 0 && n <= board_count (board_legal_moves (&entries[i].board)), "%d moves", n);
    for (int k = 0; k < n; k++)
      CHECK (board_legal_moves (&entries[i].board) & board_bit (moves[k].move), "illegal move");
    int chosen = book_choose_in (book, &entries[i].board, i, 64, NULL);
    CHECK (n == 0 ? chosen == BOARD_NO_MOVE : chosen >= 0 && chosen < 64, "chose %d", chosen);
  }
  size_t again_size;
  uint8_t *again = book_encode (entries, count, book_depth (book), &again_size);
  CHECK (again && again_size == size && memcmp (again, bytes, size) == 0,
         "encoding the decoded book gives other bytes");
  free (again);
  free (entries);
  book_free (book);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  bool whole_file = size >= BOOK_HEADER && memcmp (data, MAGIC, 8) == 0;
  if (whole_file)
    decode (data, size);
  /* An exact copy, so that reading past the end is caught. */
  size_t payload = whole_file ? size - BOOK_HEADER : size;
  uint8_t *file = malloc (BOOK_HEADER + payload);
  CHECK (file, "out of memory");
  if (whole_file) {
    memcpy (file, data, size);
  } else {
    memcpy (file, MAGIC, 8);
    bytes_write_u32 (file + 8, 1);
    bytes_write_u32 (file + 12, (uint32_t) (payload / BOOK_RECORD));
    bytes_write_u32 (file + 16, 8);
  }
  if (!whole_file)
    memcpy (file + BOOK_HEADER, data, payload);
  book_seal (file, BOOK_HEADER + payload);
  decode (file, BOOK_HEADER + payload);
  free (file);
  return 0;
}
