/* fuzz-transcript.c: square names and move transcripts played from the start. Whatever parses
 * (all of it, or the moves before an error) is legal, written back with or without its passes
 * it parses to the same moves and position, and a shorter move list stops at the same moves. */
#include <string.h>

#include "fuzz.h"
#include "notation.h"

#define CAPACITY 128

static bool same_position (const Position *a, const Position *b)
{
  return a->board.player == b->board.player && a->board.opponent == b->board.opponent
      && a->side_to_move == b->side_to_move;
}

static void check_square (const char *text, size_t size)
{
  int move;
  NotationStatus status = notation_parse_square (text, size, &move);
  if (status.error) {
    REQUIRE (status.offset <= size, "square: error at %zu of %zu", status.offset, size);
    return;
  }
  REQUIRE (move >= 0 && move <= BOARD_PASS, "square %d", move);
  char name[3];
  notation_format_square (move, name);
  int again;
  REQUIRE (!notation_parse_square (name, 2, &again).error && again == move,
           "'%s' does not parse back to %d", name, move);
}

/* Parses a transcript written from moves[0..n) and expects the same moves and position. */
static void check_written (const int *moves, size_t n, bool with_passes, const Position *expected)
{
  char text[2 * CAPACITY + 1];
  size_t length = notation_format_transcript (moves, n, with_passes, text, sizeof text);
  REQUIRE (length < sizeof text && strlen (text) == length, "transcript of %zu moves is %zu long",
           n, length);
  Position position;
  position_init (&position);
  int again[CAPACITY];
  size_t n_again;
  NotationStatus status = notation_parse_transcript (text, length, &position, again, CAPACITY,
                                                     &n_again);
  REQUIRE (!status.error, "'%s' does not parse: %s at %zu", text,
           notation_error_message (status.error), status.offset);
  REQUIRE (n_again == n && memcmp (again, moves, n * sizeof *moves) == 0,
           "'%s' parses to other moves (%zu, not %zu)", text, n_again, n);
  REQUIRE (same_position (&position, expected), "'%s' ends in another position", text);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  check_square (text, size < 3 ? size : 3);

  Position position;
  position_init (&position);
  int moves[CAPACITY];
  size_t n = 0;
  NotationStatus status = notation_parse_transcript (text, size, &position, moves, CAPACITY, &n);
  REQUIRE (n <= CAPACITY, "%zu moves", n);
  REQUIRE (status.error ? status.offset <= size : status.offset == 0, "error %d at %zu of %zu",
           status.error, status.offset, size);

  Position replay;
  position_init (&replay);
  for (size_t k = 0; k < n; k++)
    REQUIRE (position_play (&replay, moves[k]), "move %zu (%d) is not legal", k + 1, moves[k]);
  REQUIRE (same_position (&replay, &position), "the moves do not lead to the position");
  check_written (moves, n, true, &position);
  /* Unwritten passes are played before the next move, so a final pass needs writing. */
  if (n > 0 && moves[n - 1] == BOARD_PASS) {
    Position before_pass = position;
    before_pass.board = (Board) { position.board.opponent, position.board.player };
    before_pass.side_to_move ^= 1;
    check_written (moves, n - 1, false, &before_pass);
  } else {
    check_written (moves, n, false, &position);
  }

  /* With room for fewer moves, the same moves up to where the list is full. */
  size_t capacity = size % 8;
  if (capacity < n) {
    Position short_position;
    position_init (&short_position);
    int short_moves[8];
    size_t n_short;
    status = notation_parse_transcript (text, size, &short_position, short_moves, capacity,
                                        &n_short);
    REQUIRE (status.error == NOTATION_ERROR_TOO_MANY_MOVES && n_short <= capacity && n_short + 2 > capacity
             && memcmp (short_moves, moves, n_short * sizeof *moves) == 0,
             "with room for %zu moves: error %d after %zu moves", capacity, status.error, n_short);
  }
  return 0;
}
