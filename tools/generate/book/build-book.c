/* build-book.c: makes the opening book, data/book.bin (book.h), from WTHOR games and the
 * engine's own searches, deterministically.
 *
 *   build-book [--wthor DIR] [--out FILE] [--plies N] [--min-games K] [--depth D]
 *
 * 1. Every position of the first N plies (default 22) of every game of DIR's .wtb files, read
 *    in name order, is put in canonical form (the least of its 8 symmetries); the positions
 *    reached by at least K games (default 14) are the book.
 * 2. Each book position gets the best of its moves that lead out of the book, by a search of
 *    fixed depth D (default 12, selective, one thread, no exact solve, a fresh table for each
 *    position so the result does not depend on the order of work): a position with no book
 *    child is searched at depth D, otherwise each move out of the book at depth D - 1.
 * 3. Values are negamaxed from the deepest positions up: a position's value is the best of its
 *    alternative and of -value of each of its book children, so the book judges a move leading
 *    out of it as fairly as one staying in.
 * The script build-book beside this file runs it (nice -n 10) and writes data/book.bin. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "book.h"
#include "clock.h"
#include "eval_pattern.h"
#include "options.h"
#include "search.h"
#include "write-file.h"
#include "wthor.h"

#define BUILD_BOOK_USAGE "build-book [--wthor DIR] [--out FILE] [--plies N] [--min-games K] [--depth D]"

typedef struct Options {
  const char *wthor;
  const char *out;
  int plies;
  int min_games;
  int depth;
} Options;

/* Every position seen, before counting. */
typedef struct Seen {
  Board *boards;
  size_t count, capacity;
  int plies;
  bool failed;
} Seen;

static int compare_boards (const void *a, const void *b)
{
  return board_compare (a, b);
}

static void visit (const Board *board, bool black_to_move, int move, void *user_data)
{
  Seen *seen = user_data;
  if (board_count (board->player | board->opponent) - 4 >= seen->plies || seen->failed)
    return;
  Board *boards = array_grow (seen->boards, &seen->capacity, seen->count + 1, sizeof *boards,
                              (size_t) 1 << 20);
  if (!boards) {
    seen->failed = true;
    return;
  }
  seen->boards = boards;
  seen->boards[seen->count++] = board_canonical (board);
}

typedef struct Reading {
  Seen *seen;
  size_t games;
} Reading;

static void read_file (const WthorFile *file, void *user_data)
{
  Reading *reading = user_data;
  for (size_t g = 0; g < file->count; g++)
    wthor_replay (&file->games[g], visit, reading->seen);
  reading->games += file->count;
}

/* Reads the games of every .wtb file of the directory in name order. */
static bool read_games (const Options *options, Seen *seen, size_t *games)
{
  Reading reading = { seen, 0 };
  char error[512];
  if (!wthor_read_directory (options->wthor, read_file, &reading, stderr, error, sizeof error)) {
    fprintf (stderr, "build-book: %s\n", error);
    return false;
  }
  *games += reading.games;
  if (seen->failed) {
    fprintf (stderr, "build-book: out of memory\n");
    return false;
  }
  return true;
}

static const BookEntry *find (const BookEntry *entries, size_t count, const Board *board)
{
  Board canonical = board_canonical (board);
  size_t low = 0, high = count;
  while (low < high) {
    size_t middle = low + (high - low) / 2;
    int order = board_compare (&entries[middle].board, &canonical);
    if (order == 0)
      return &entries[middle];
    if (order < 0)
      low = middle + 1;
    else
      high = middle;
  }
  return NULL;
}

static int compare_discs_descending (const void *a, const void *b)
{
  const BookEntry *const *x = a, *const *y = b;
  int dx = board_count ((*x)->board.player | (*x)->board.opponent);
  int dy = board_count ((*y)->board.player | (*y)->board.opponent);
  if (dx != dy)
    return dy - dx;
  return board_compare (&(*x)->board, &(*y)->board);
}

/* A search of board at depth, scored for its side to move (passes handled). */
static int search_score (Search *search, const Board *board, int depth, int *move,
                         uint64_t *nodes)
{
  if (board_is_game_over (board)) {
    *move = BOARD_NO_MOVE;
    return board_final_score (board);
  }
  SearchLimits limits = search_limits_default ();
  limits.max_depth = depth < 1 ? 1 : depth;
  limits.exact_empties = -1;
  limits.threads = 1;
  search_clear (search);
  SearchResult result = search_run (search, board, &limits, NULL, NULL);
  *nodes += result.nodes;
  *move = result.move;
  return result.score;
}

/* The alternative of one book position and its value (its children are valued already). */
static void value_entry (Search *search, BookEntry *entry, const BookEntry *entries, size_t count,
                         int depth, uint64_t *nodes)
{
  const Board *board = &entry->board;
  int best = -1000;
  bool has_child = false;
  uint64_t out_moves = 0;
  for (uint64_t legal = board_legal_moves (board); legal; legal &= legal - 1) {
    int square = __builtin_ctzll (legal);
    Board next = *board;
    board_play_flips (&next, square, board_flips (board->player, board->opponent, square));
    const BookEntry *child = find (entries, count, &next);
    if (child) {
      has_child = true;
      if (-child->value > best)
        best = -child->value;
    } else {
      out_moves |= board_bit (square);
    }
  }
  entry->alt_move = BOOK_NO_ALT;
  entry->alt_value = 0;
  if (!has_child) {
    int move;
    entry->alt_value = search_score (search, board, depth, &move, nodes);
    entry->alt_move = move;
  } else {
    int alt_best = -1000;
    for (; out_moves; out_moves &= out_moves - 1) {
      int square = __builtin_ctzll (out_moves), move;
      Board next = *board;
      board_play_flips (&next, square, board_flips (board->player, board->opponent, square));
      int score;
      if (!board_legal_moves (&next) && !board_is_game_over (&next)) {
        board_pass (&next);
        score = search_score (search, &next, depth - 1, &move, nodes);
      } else {
        score = -search_score (search, &next, depth - 1, &move, nodes);
      }
      if (score > alt_best) {
        alt_best = score;
        entry->alt_move = square;
      }
    }
    if (entry->alt_move != BOOK_NO_ALT)
      entry->alt_value = alt_best;
  }
  if (entry->alt_move != BOOK_NO_ALT && entry->alt_value > best)
    best = entry->alt_value;
  entry->value = best;
}

int main (int argc, char **argv)
{
  Options options = { "../shared/data/wthor", "data/book.bin", 22, 14, 12 };
  const Option table[] = {
    { "--wthor", OPTION_TEXT, &options.wthor, 0, 0 },
    { "--out", OPTION_TEXT, &options.out, 0, 0 },
    { "--plies", OPTION_INT, &options.plies, 1, 40 },
    { "--min-games", OPTION_INT, &options.min_games, 1, 1000000 },
    { "--depth", OPTION_INT, &options.depth, 2, 20 },
  };
  OptionParser parser = { .program = "build-book", .usage = BUILD_BOOK_USAGE,
                          .options = table, .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return parser.help ? 0 : 2;
  if (eval_pattern_error ())
    fprintf (stderr, "build-book: warning: %s; searching with the simple evaluation\n",
             eval_pattern_error ());

  double start = clock_seconds ();
  Seen seen = { .plies = options.plies };
  size_t games = 0;
  if (!read_games (&options, &seen, &games)) {
    free (seen.boards);
    return 1;
  }
  qsort (seen.boards, seen.count, sizeof *seen.boards, compare_boards);
  BookEntry *entries = malloc ((seen.count ? seen.count : 1) * sizeof *entries);
  if (!entries) {
    fprintf (stderr, "build-book: out of memory\n");
    free (seen.boards);
    return 1;
  }
  size_t count = 0, distinct = 0;
  for (size_t i = 0; i < seen.count;) {
    size_t run = 1;
    while (i + run < seen.count && board_equal (&seen.boards[i], &seen.boards[i + run]))
      run++;
    distinct++;
    if (run >= (size_t) options.min_games && board_legal_moves (&seen.boards[i]))
      entries[count++] = (BookEntry) { .board = seen.boards[i], .alt_move = BOOK_NO_ALT };
    i += run;
  }
  free (seen.boards);
  printf ("build-book: %zu games, %zu positions in their first %d plies (%zu distinct), %zu "
          "reached by at least %d games (%.1f s)\n", games, seen.count, options.plies, distinct,
          count, options.min_games, clock_seconds () - start);
  fflush (stdout);

  /* Deepest first, so that every child is valued before its parent. */
  BookEntry **order = malloc ((count ? count : 1) * sizeof *order);
  Search *search = search_new ((size_t) 4 << 20);
  if (!order || !search) {
    fprintf (stderr, "build-book: out of memory\n");
    free (order);
    free (entries);
    search_free (search);
    return 1;
  }
  search_set_evaluation (search, eval_pattern ());
  for (size_t i = 0; i < count; i++)
    order[i] = &entries[i];
  qsort (order, count, sizeof *order, compare_discs_descending);
  uint64_t nodes = 0;
  double searching = clock_seconds ();
  for (size_t i = 0; i < count; i++) {
    value_entry (search, order[i], entries, count, options.depth, &nodes);
    if ((i + 1) % 2000 == 0) {
      printf ("build-book: %zu of %zu valued (%.0f s)\n", i + 1, count, clock_seconds () - searching);
      fflush (stdout);
    }
  }
  search_free (search);
  free (order);

  size_t size;
  uint8_t *bytes = book_encode (entries, count, options.depth, &size);
  Board start_board;
  board_init (&start_board);
  const BookEntry *root = find (entries, count, &start_board);
  int status = 0;
  bool written = bytes && write_file_atomically (options.out, bytes, size);
  if (!bytes) {
    fprintf (stderr, "build-book: out of memory\n");
    status = 1;
  } else if (!written) {
    fprintf (stderr, "build-book: cannot write %s: %s\n", options.out, strerror (errno));
    status = 1;
  } else {
    printf ("build-book: %zu positions, %zu bytes, depth %d, %llu nodes, start valued %+d, "
            "%.1f s in all -> %s\n", count, size, options.depth, (unsigned long long) nodes,
            root ? root->value : 0, clock_seconds () - start, options.out);
  }
  free (bytes);
  free (entries);
  return status;
}
