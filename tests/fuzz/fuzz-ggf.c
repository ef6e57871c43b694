/* fuzz-ggf.c: GGF game records. A record that parses holds only legal moves from its board;
 * written back as a plain record (every pass written) it parses to the same game. A record that
 * does not parse says why in a NUL-terminated message. */
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "ggf.h"
#include "notation.h"

/* Room for the board and GGF_MAX_MOVES moves of "B[PA]" (about 750 bytes). */
#define RECORD_SIZE 1024

static void check_error (const char *error, size_t size)
{
  size_t length = strnlen (error, size);
  CHECK (length > 0 && length < size, "an error message of %zu bytes", length);
}

/* (;GM[Othello]BO[8 <squares> <side>]B[f5]W[PA]...;) */
static size_t write_record (const GgfGame *game, char *out, size_t size)
{
  char board[NOTATION_BOARD_SIZE];
  notation_format_board (&game->start, board);
  board[64] = '\0';
  size_t length = (size_t) snprintf (out, size, "(;GM[Othello]BO[8 %s %c]", board,
                                     game->start.side_to_move == POSITION_BLACK ? '*' : 'O');
  Position position = game->start;
  for (int k = 0; k < game->n_moves && length < size; k++) {
    char name[3];
    notation_format_square (game->moves[k], name);
    length += (size_t) snprintf (out + length, size - length, "%c[%s]",
                                 position.side_to_move == POSITION_BLACK ? 'B' : 'W', name);
    position_play (&position, game->moves[k]);
  }
  if (length < size)
    length += (size_t) snprintf (out + length, size - length, ";)");
  CHECK (length < size, "a record of %zu bytes", length);
  return length;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  GgfGame game;
  char error[160];
  memset (error, 'x', sizeof error);
  if (!ggf_parse ((const char *) data, size, &game, error, sizeof error)) {
    check_error (error, sizeof error);
    /* A short buffer gets a cut message, still ended by its NUL. */
    char short_error[8];
    memset (short_error, 'x', sizeof short_error);
    CHECK (!ggf_parse ((const char *) data, size, &game, short_error, sizeof short_error),
           "parses the second time");
    CHECK (strnlen (short_error, sizeof short_error) < sizeof short_error, "no NUL");
    return 0;
  }
  const Board *start = &game.start.board;
  CHECK ((start->player & start->opponent) == 0, "a square of both colours");
  CHECK (game.n_moves >= 0 && game.n_moves <= GGF_MAX_MOVES, "%d moves", game.n_moves);
  Position position = game.start;
  for (int k = 0; k < game.n_moves; k++)
    CHECK (position_play (&position, game.moves[k]), "move %d (%d) is not legal", k + 1,
           game.moves[k]);
  Position last = ggf_position (&game, game.n_moves);
  CHECK (last.board.player == position.board.player
         && last.board.opponent == position.board.opponent
         && last.side_to_move == position.side_to_move, "ggf_position disagrees with a replay");

  char record[RECORD_SIZE];
  size_t length = write_record (&game, record, sizeof record);
  GgfGame again;
  CHECK (ggf_parse (record, length, &again, error, sizeof error), "'%s' does not parse: %s",
         record, error);
  CHECK (again.start.board.player == start->player && again.start.board.opponent == start->opponent
         && again.start.side_to_move == game.start.side_to_move, "'%s': another board", record);
  CHECK (again.n_moves == game.n_moves
         && memcmp (again.moves, game.moves, (size_t) game.n_moves * sizeof *game.moves) == 0,
         "'%s': other moves", record);
  return 0;
}
