/* position-argument.c: a position given on the command line (explore, library find): a board
 * string or an OBF line, else moves from the standard start; both readers' complaints said when
 * it is neither. */
#include <string.h>

#include "cli.h"

int cli_parse_position (const char *command, const char *text, Position *position)
{
  NotationObf obf;
  NotationStatus status = notation_parse_obf (text, strlen (text), &obf);
  if (status.error == NOTATION_OK) {
    *position = obf.position;
    return 0;
  }
  int moves[NOTATION_MAX_MOVES];
  size_t n_moves;
  position_init (position);
  NotationStatus transcript = notation_parse_transcript (text, strlen (text), position, moves,
                                                         NOTATION_MAX_MOVES, &n_moves);
  if (transcript.error == NOTATION_OK)
    return 0;
  cli_error ("%s: '%s' is neither a board (character %zu: %s) nor moves (character %zu: %s)",
             command, text, status.offset + 1, notation_error_message (status.error),
             transcript.offset + 1, notation_error_message (transcript.error));
  return 2;
}
