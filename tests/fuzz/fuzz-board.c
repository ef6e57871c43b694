/* fuzz-board.c: board strings. A string that parses writes back in the canonical form, which
 * parses to the same position and writes back unchanged. */
#include <string.h>

#include "fuzz.h"
#include "notation.h"

static bool same_position (const Position *a, const Position *b)
{
  return a->board.player == b->board.player && a->board.opponent == b->board.opponent
      && a->side_to_move == b->side_to_move;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  Position position;
  NotationStatus status = notation_parse_board (text, size, &position);
  if (status.error) {
    REQUIRE (status.error < NOTATION_ERROR_COUNT && status.offset <= size,
             "error %d at %zu of %zu", status.error, status.offset, size);
    return 0;
  }
  REQUIRE (status.offset == 0, "offset %zu without an error", status.offset);
  REQUIRE ((position.board.player & position.board.opponent) == 0, "a square of both colours");
  REQUIRE (position.side_to_move == POSITION_BLACK || position.side_to_move == POSITION_WHITE,
           "side to move %d", position.side_to_move);

  char written[NOTATION_BOARD_SIZE];
  notation_format_board (&position, written);
  REQUIRE (strlen (written) == NOTATION_BOARD_SIZE - 1, "'%s' is not 66 characters", written);
  Position again;
  status = notation_parse_board (written, strlen (written), &again);
  REQUIRE (!status.error, "'%s' does not parse: %s at %zu", written,
           notation_error_message (status.error), status.offset);
  REQUIRE (same_position (&position, &again), "'%s' parses to another position", written);
  char rewritten[NOTATION_BOARD_SIZE];
  notation_format_board (&again, rewritten);
  REQUIRE (strcmp (written, rewritten) == 0, "'%s' writes back as '%s'", written, rewritten);
  return 0;
}
