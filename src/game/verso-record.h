/* verso-record.h: the moves and positions of one game, from its start (the standard one or a
 * set-up position) to the last move recorded, and which of them is shown. The moves form a tree:
 * a different move from a past position starts a variation and the old line stays. Most calls
 * speak of the current line: the start, through the position shown, to the end of each first
 * continuation after it; plies number its positions. Passes are recorded
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

/* The record's main line as notation (each position's first continuation from the start, passes
 * included), names left empty; variations are left out. */
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
/* For each square, the ply (1..ply) of the move that placed the disc on it in position ply, as
 * the record numbers its moves (passes counted); 0 for an empty square or a disc of the start. A
 * flipped disc keeps the ply that placed it. */
void verso_record_get_placing_plies (const VersoRecord *record, guint ply, guint plies[BOARD_SQUARES]);
/* Whether play can rest on position ply: the side to move has a move, or the game is over. */
gboolean verso_record_is_resting (const VersoRecord *record, guint ply);

/* Plays a legal move (a square) in the position shown. When it is the move recorded next the
 * rest of the line is kept; when it is a variation recorded from there the line follows it;
 * otherwise it starts a new variation (the last of that position's) and what followed stays in
 * the tree as another branch. A pass it forces is played too
 * (*passed, which may be NULL, says so). Returns FALSE and changes nothing when it is not legal. */
gboolean verso_record_play (VersoRecord *record, int square, gboolean *passed);
/* Shows position ply (0..length); a position before a forced pass shows the one after it. */
void verso_record_go_to (VersoRecord *record, guint ply);

/* The moves up to position ply as a transcript, "f5d6c3", passes as "PA". */
char *verso_record_get_transcript (const VersoRecord *record, guint ply);

/* Variations. The branches at ply (1..length) are the moves recorded from position ply - 1: the
 * first is its main continuation, the others its variations. */
guint verso_record_count_branches (const VersoRecord *record, guint ply);
/* Which branch the current line follows at ply (0: the main continuation). */
guint verso_record_get_branch (const VersoRecord *record, guint ply);
/* The move of branch index at ply: a square or BOARD_PASS. */
int verso_record_get_branch_move (const VersoRecord *record, guint ply, guint index);
/* Makes the line follow branch index at ply (and each first continuation after it) and shows
 * position ply (past a forced pass). */
void verso_record_enter_branch (VersoRecord *record, guint ply, guint index);
/* Whether any position has more than one move recorded from it. */
gboolean verso_record_has_variations (const VersoRecord *record);
/* Whether the current line is the main line (every move the first continuation). */
gboolean verso_record_is_main_line (const VersoRecord *record);
/* Makes the main line the current line and shows its start (past a forced pass). */
void verso_record_show_main_line (VersoRecord *record);
/* Makes the current line the main line: each of its moves becomes its position's first
 * continuation, the others keep their order after it. */
void verso_record_promote_line (VersoRecord *record);
/* Deletes the branch the line follows at ply and every move after it, when that position has
 * another branch (else returns FALSE and changes nothing); the line then follows the first branch
 * left and position ply - 1 is shown. */
gboolean verso_record_delete_branch (VersoRecord *record, guint ply);

/* Makes the current line the one that plays moves (n_moves of them, passes included) from the
 * start, and shows its last position. Returns FALSE and changes nothing when they are not a line
 * of the tree to its end: a move not recorded there, or moves recorded after the last. */
gboolean verso_record_follow_moves (VersoRecord *record, const int *moves, guint n_moves);
/* Calls func with every position of the tree, each node's once (the start first), whatever line
 * it is on. */
typedef void (*VersoRecordPositionFunc) (const Position *position, gpointer user_data);
void verso_record_foreach_position (const VersoRecord *record, VersoRecordPositionFunc func,
                                    gpointer user_data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (VersoRecord, verso_record_free)

G_END_DECLS
