/* verso-record.h: the moves and positions of one game, from its start (the standard one or a
 * set-up position) to the last move recorded, and which of them is shown. Passes are recorded
 * as moves (BOARD_PASS) and played as soon as they are forced, so the position shown always has
 * a legal move for the side to move, or is the end of the game. No files, no threads, no signals. */
#pragma once

#include <glib.h>

#include "notation.h"
#include "position.h"

G_BEGIN_DECLS

typedef struct _VersoRecord VersoRecord;

/* A record holding only start (the pass it forces, if any, is played). start must be a position
 * where both sides' discs do not overlap. */
VersoRecord *verso_record_new (const Position *start);
/* A record of a parsed game, shown at its last position. */
VersoRecord *verso_record_new_from_notation (const NotationGame *game);
VersoRecord *verso_record_copy (const VersoRecord *record);
void verso_record_free (VersoRecord *record);

/* The record as notation: start and every move (passes included), names left empty. */
void verso_record_to_notation (const VersoRecord *record, NotationGame *game);

const Position *verso_record_get_start (const VersoRecord *record);
gboolean verso_record_starts_standard (const VersoRecord *record);
/* Moves recorded, passes included: positions are numbered 0 (the start) to this. */
guint verso_record_get_length (const VersoRecord *record);
/* The number of the position shown. */
guint verso_record_get_current (const VersoRecord *record);
const Position *verso_record_get_position (const VersoRecord *record, guint ply);
/* The number move ply (1..) has in a move list ("12." for the 12th move of black and of white):
 * passes are moves, so the colours alternate from the start's side to move. */
static inline guint verso_move_number (const Position *start, guint ply)
{
  return (ply - 1 + (guint) start->side_to_move) / 2 + 1;
}
/* The move that led to position ply (1..length): a square or BOARD_PASS. */
int verso_record_get_move (const VersoRecord *record, guint ply);
/* The discs that move turned over. */
guint64 verso_record_get_flips (const VersoRecord *record, guint ply);
/* Whether play can rest on position ply: the side to move has a move, or the game is over. */
gboolean verso_record_is_resting (const VersoRecord *record, guint ply);

/* Plays a legal move (a square) in the position shown. When it is the move recorded next the
 * rest of the record is kept; otherwise what followed is replaced. A pass it forces is played too
 * (*passed, which may be NULL, says so). Returns FALSE and changes nothing when it is not legal. */
gboolean verso_record_play (VersoRecord *record, int square, gboolean *passed);
/* Shows position ply (0..length); a position before a forced pass shows the one after it. */
void verso_record_go_to (VersoRecord *record, guint ply);

/* The moves up to position ply as a transcript, "f5d6c3", passes as "PA". */
char *verso_record_get_transcript (const VersoRecord *record, guint ply);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VersoRecord, verso_record_free)

G_END_DECLS
