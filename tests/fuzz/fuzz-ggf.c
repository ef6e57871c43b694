/* fuzz-ggf.c: GGF game records (notation_parse_ggf). A record that parses holds only legal moves
 * from its board and NUL-terminated names that fit; written back with notation_format_ggf it
 * parses to the same game (its rules and balanced start too). A record that does not parse says what and where, inside the text. */
#include <string.h>

#include "fuzz.h"
#include "notation.h"

/* Room for the header, two names escaped (2 x 126), the board and NOTATION_MAX_MOVES moves of
 * "B[PA]": under 1200 bytes. */
#define RECORD_SIZE 2048

static bool same_game (const NotationGame *a, const NotationGame *b)
{
  return a->start.board.player == b->start.board.player
      && a->start.board.opponent == b->start.board.opponent
      && a->start.side_to_move == b->start.side_to_move && a->n_moves == b->n_moves
      && memcmp (a->moves, b->moves, a->n_moves * sizeof *a->moves) == 0
      && strcmp (a->black, b->black) == 0 && strcmp (a->white, b->white) == 0
      && a->rules == b->rules && a->given_moves == b->given_moves;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const char *text = (const char *) data;
  NotationGame game;
  size_t end = 0;
  NotationStatus first = notation_parse_ggf (text, size, &game, &end);
  NotationStatus status = notation_parse_ggf (text, size, &game, NULL);
  REQUIRE (game.n_moves <= NOTATION_MAX_MOVES, "%zu moves", game.n_moves);
  REQUIRE (game.given_moves <= game.n_moves || status.error, "BS %zu of %zu moves",
           game.given_moves, game.n_moves);
  if (status.error) {
    REQUIRE (status.error < NOTATION_ERROR_COUNT && status.offset <= size, "error %d at %zu of %zu",
             status.error, status.offset, size);
    REQUIRE (strlen (notation_error_message (status.error)) > 0, "no message for %d", status.error);
    /* Only what follows the first record can tell the two calls apart. */
    REQUIRE (first.error == status.error || status.error == NOTATION_ERROR_TRAILING,
             "error %d with end, %d without", first.error, status.error);
    if (first.error)
      return 0;
    REQUIRE (end <= size && status.offset >= end, "record ends at %zu, trailing text at %zu", end,
             status.offset);
  } else {
    REQUIRE (status.offset == 0 && !first.error && end <= size, "ok, but offset %zu end %zu",
             status.offset, end);
  }
  const Board *start = &game.start.board;
  REQUIRE ((start->player & start->opponent) == 0, "a square of both colours");
  REQUIRE (strnlen (game.black, NOTATION_NAME_SIZE) < NOTATION_NAME_SIZE
           && strnlen (game.white, NOTATION_NAME_SIZE) < NOTATION_NAME_SIZE, "a name without NUL");
  Position position = game.start;
  for (size_t k = 0; k < game.n_moves; k++)
    REQUIRE (position_play (&position, game.moves[k]), "move %zu (%d) is not legal", k + 1,
             game.moves[k]);
  Position last = notation_game_position (&game, game.n_moves);
  REQUIRE (last.board.player == position.board.player
           && last.board.opponent == position.board.opponent
           && last.side_to_move == position.side_to_move,
           "notation_game_position disagrees with a replay");

  char record[RECORD_SIZE];
  size_t length = notation_format_ggf (&game, "2024", record, sizeof record);
  REQUIRE (length < sizeof record && strlen (record) == length, "a record of %zu bytes", length);
  NotationGame again;
  status = notation_parse_ggf (record, length, &again, NULL);
  REQUIRE (!status.error, "'%s' does not parse: %s at %zu", record,
           notation_error_message (status.error), status.offset);
  REQUIRE (same_game (&again, &game), "'%s': another game", record);
  return 0;
}
