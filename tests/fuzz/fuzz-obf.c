/* fuzz-obf.c: OBF lines. A line that parses lists legal moves once each with scores in range,
 * and written back as an OBF line it parses to the same position, moves and scores. */
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "notation.h"

static void check_obf (const NotationObf *obf)
{
  const Board *board = &obf->position.board;
  REQUIRE ((board->player & board->opponent) == 0, "a square of both colours");
  uint64_t legal = board_legal_moves (board);
  uint64_t seen = 0;
  bool pass_seen = false;
  REQUIRE (obf->n_moves <= NOTATION_OBF_MAX_MOVES, "%zu moves", obf->n_moves);
  for (size_t k = 0; k < obf->n_moves; k++) {
    int move = obf->moves[k].move, score = obf->moves[k].score;
    REQUIRE (score >= -64 && score <= 64, "score %d", score);
    if (move == BOARD_PASS) {
      REQUIRE (position_must_pass (&obf->position) && !pass_seen, "a pass listed wrongly");
      pass_seen = true;
    } else {
      REQUIRE (move >= 0 && move < 64 && (legal & board_bit (move)) && !(seen & board_bit (move)),
               "move %d illegal or listed twice", move);
      seen |= board_bit (move);
    }
  }
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  NotationObf obf;
  NotationStatus status = notation_parse_obf ((const char *) data, size, &obf);
  if (status.error) {
    REQUIRE (status.error < NOTATION_ERROR_COUNT && status.offset <= size,
             "error %d at %zu of %zu", status.error, status.offset, size);
    return 0;
  }
  check_obf (&obf);

  /* "<board>; F5:+2; PA:-4;" */
  char line[NOTATION_BOARD_SIZE + NOTATION_OBF_MAX_MOVES * 8];
  notation_format_board (&obf.position, line);
  size_t length = strlen (line);
  for (size_t k = 0; k < obf.n_moves; k++) {
    char name[3];
    notation_format_square (obf.moves[k].move, name);
    length += (size_t) snprintf (line + length, sizeof line - length, "; %s:%+d", name,
                                 obf.moves[k].score);
  }
  length += (size_t) snprintf (line + length, sizeof line - length, ";");
  REQUIRE (length < sizeof line, "line of %zu characters", length);

  NotationObf again;
  status = notation_parse_obf (line, length, &again);
  REQUIRE (!status.error, "'%s' does not parse: %s at %zu", line,
           notation_error_message (status.error), status.offset);
  REQUIRE (again.position.board.player == obf.position.board.player
           && again.position.board.opponent == obf.position.board.opponent
           && again.position.side_to_move == obf.position.side_to_move, "'%s': another position",
           line);
  REQUIRE (again.n_moves == obf.n_moves, "'%s': %zu moves, not %zu", line, again.n_moves,
           obf.n_moves);
  for (size_t k = 0; k < obf.n_moves; k++)
    REQUIRE (again.moves[k].move == obf.moves[k].move && again.moves[k].score == obf.moves[k].score,
             "'%s': move %zu differs", line, k + 1);
  return 0;
}
