/* verso-game-transcript.c: transcripts ("f5d6c3", "1. f5 d6 2. c3") as the game reads them:
 * through the engine's transcript parser, with messages that name the
 * move in error by its number. Writing one is the record's (verso_record_get_transcript). */
#include "verso-game-text.h"

#include <glib/gi18n-lib.h>

VersoRecord *verso_transcript_read (const char *text, gsize length, NotationGame *game,
                                    NotationStatus *status)
{
  Position position = game->start;

  game->n_moves = 0;
  *status = notation_parse_transcript (text, length, &position, game->moves,
                                       G_N_ELEMENTS (game->moves), &game->n_moves);
  return status->error ? NULL : verso_record_new_from_notation (game);
}

/* The number a reader gives the move at offset of a transcript: discs played before it, and
 * the passes written before it (a 'p' can only start a "PA" before the error), plus one. */
static guint move_number (const char *text, gsize offset, const int *moves, gsize n_moves)
{
  guint number = 1;

  for (gsize k = 0; k < n_moves; k++)
    if (moves[k] != BOARD_PASS)
      number++;
  for (gsize i = 0; i < offset; i++)
    if (text[i] == 'p' || text[i] == 'P')
      number++;
  return number;
}

char *verso_transcript_message (const char *text, gsize length, NotationStatus status,
                                const int *moves, gsize n_moves)
{
  guint number = move_number (text, status.offset, moves, n_moves);
  /* A missing row digit is reported at the digit; the square starts one before. */
  gsize start = status.error == NOTATION_ERROR_BAD_ROW && status.offset > 0 ? status.offset - 1
                                                                            : status.offset;
  g_autofree char *square = verso_text_excerpt (text, length, start, 2);
  char *message;

  if (status.error == NOTATION_ERROR_EMPTY)
    return g_strdup (_("there is no game in this text"));
  if ((message = verso_text_move_message (status.error, number, square)))
    return message;
  return g_strdup_printf (_("move %u: %s"), number, _(notation_error_message (status.error)));
}
