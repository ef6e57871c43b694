/* obf.c: OBF (Othello board format) lines: a board string and the scores of its moves. */
#include "notation.h"

#include <assert.h>

#include "notation_internal.h"

/* Reads an OBF score: an optional sign and one or two digits, -64..64. */
static NotationStatus read_score (const char *text, size_t length, size_t *i, int *score)
{
  size_t at = *i;
  int sign = 1;
  if (at < length && (text[at] == '+' || text[at] == '-')) {
    sign = text[at] == '-' ? -1 : 1;
    at++;
  }
  size_t first_digit = at;
  int value = 0;
  while (at < length && text[at] >= '0' && text[at] <= '9') {
    value = value * 10 + (text[at] - '0');
    if (value > 64)
      return notation_status_error (NOTATION_ERROR_BAD_SCORE, *i);
    at++;
  }
  if (at == first_digit)
    return notation_status_error (NOTATION_ERROR_BAD_SCORE, *i);
  *score = sign * value;
  *i = at;
  return notation_status_ok ();
}

NotationStatus notation_parse_obf (const char *text, size_t length, NotationObf *obf)
{
  assert (text || length == 0);
  assert (obf);
  NotationObf parsed;
  parsed.n_moves = 0;
  size_t i = 0;
  NotationStatus status = notation_read_board (text, length, &i, false, &parsed.position);
  if (status.error)
    return status;
  const Board *board = &parsed.position.board;
  uint64_t legal = board_moves (board->player, board->opponent);
  bool must_pass = position_must_pass (&parsed.position);
  bool listed[BOARD_PASS + 1] = { false };
  for (;;) {
    i = notation_skip_space (text, length, i);
    if (i >= length)
      break;
    if (text[i] != ';')
      return notation_status_error (NOTATION_ERROR_TRAILING, i);
    i = notation_skip_space (text, length, i + 1);
    if (i >= length)
      break;
    size_t at = i;
    int move, score;
    status = notation_read_square (text, length, &i, &move);
    if (status.error)
      return status;
    if (move == BOARD_PASS ? !must_pass : !(legal & board_bit (move)))
      return notation_status_error (move == BOARD_PASS ? NOTATION_ERROR_ILLEGAL_PASS
                                              : NOTATION_ERROR_ILLEGAL_MOVE, at);
    if (listed[move])
      return notation_status_error (NOTATION_ERROR_DUPLICATE_MOVE, at);
    listed[move] = true;
    i = notation_skip_space (text, length, i);
    if (i >= length || text[i] != ':')
      return notation_status_error (NOTATION_ERROR_MISSING_COLON, i);
    i = notation_skip_space (text, length, i + 1);
    status = read_score (text, length, &i, &score);
    if (status.error)
      return status;
    /* At most 60 legal moves or one pass, so the list cannot overflow. */
    assert (parsed.n_moves < NOTATION_OBF_MAX_MOVES);
    parsed.moves[parsed.n_moves].move = move;
    parsed.moves[parsed.n_moves].score = score;
    parsed.n_moves++;
  }
  *obf = parsed;
  return notation_status_ok ();
}
