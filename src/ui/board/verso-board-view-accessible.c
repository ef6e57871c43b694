/* verso-board-view-accessible.c: the board in words for screen readers: the position, whose
 * turn it is, the square under the cursor (with its move number when they are shown) and the
 * scores shown. */
#include "verso-board-view-private.h"

#include <glib/gi18n.h>

#include "notation.h"
#include "verso-game-analysis.h"

/* "Scores: f5 +4 best exact, d6 +2 exact, c4 −3.", best first; NULL when no move has one. */
static char *describe_scores (VersoBoardView *self)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (int i = 0; i < self->scores->count; i++) {
    const AnalysisMove *move = &self->scores->moves[i];
    char name[3];
    g_autofree char *score = NULL;

    if (move->move < 0 || move->move >= BOARD_SQUARES || verso_board_view_scored_move (self, move->move) != move)
      continue;
    notation_format_square (move->move, name);
    score = verso_format_score (move->score);
    g_string_append_printf (text, "%s%s %s", text->len ? ", " : "", name, score);
    if (verso_board_view_is_best_score (self, move))
      /* Translators: after a move's score on the board, in the accessible description: it is the best */
      g_string_append_printf (text, " %s", C_("score", "best"));
    if (move->exact)
      /* Translators: after a move's score on the board, in the accessible description: it is exact */
      g_string_append_printf (text, " %s", C_("score", "exact"));
  }
  if (text->len == 0)
    return NULL;
  /* Translators: the scores of the legal moves, e.g. "Scores: f5 +4 best exact, d6 +2." */
  return g_strdup_printf (_("Scores: %s."), text->str);
}

/* The ply that placed the disc under the cursor when move numbers are shown, else 0. */
static guint cursor_move_number (VersoBoardView *self)
{
  const VersoRecord *record;
  guint plies[BOARD_SQUARES];

  if (!self->show_move_numbers || self->editing || !self->game)
    return 0;
  record = verso_game_get_record (self->game);
  verso_record_get_placing_plies (record, verso_record_get_current (record), plies);
  return plies[self->cursor];
}

/* Accessibility: the position, whose turn it is and the square under the cursor, in words, then
 * the scores of the moves when they are shown. */
void verso_board_view_update_description (VersoBoardView *self)
{
  char name[3];
  g_autofree char *description = NULL;
  g_autofree char *square_text = NULL;
  const char *turn, *square_state;
  guint64 bit;
  guint numbered;

  if (!self->game && !self->editing)
    return;
  if (self->editing)
    turn = self->edit_position.side_to_move == POSITION_BLACK ? _("Black to move.") : _("White to move.");
  else if (verso_game_is_over (self->game))
    turn = _("The game is over.");
  else if (verso_game_get_turn (self->game) == VERSO_COLOR_BLACK)
    turn = _("Black to move.");
  else
    turn = _("White to move.");

  bit = board_bit (self->cursor);
  if (verso_board_view_shown_discs (self, VERSO_COLOR_BLACK) & bit)
    square_state = _("black disc");
  else if (verso_board_view_shown_discs (self, VERSO_COLOR_WHITE) & bit)
    square_state = _("white disc");
  else if (!self->editing && verso_game_is_human_turn (self->game) && (verso_game_get_legal_moves (self->game) & bit))
    square_state = _("empty, a legal move");
  else
    square_state = _("empty");

  notation_format_square (self->cursor, name);
  numbered = cursor_move_number (self);
  if (numbered)
    /* Translators: a disc under the cursor and the move that placed it, in the board's
     * accessible description when move numbers are shown, e.g. "black disc, move 12" */
    square_state = square_text = g_strdup_printf (_("%s, move %u"), square_state, numbered);
  /* Translators: "Black 12, white 9. Black to move. Cursor on d3: empty, a legal move." */
  description = g_strdup_printf (_("Black %d, white %d. %s Cursor on %s: %s."),
                                 board_count (verso_board_view_shown_discs (self, VERSO_COLOR_BLACK)),
                                 board_count (verso_board_view_shown_discs (self, VERSO_COLOR_WHITE)),
                                 turn, name, square_state);
  if (self->line) {
    /* Translators: the line of moves of the scored move under the cursor, e.g. "Line: d3 c3 c4 …, depth 14." */
    char *with_line = g_strdup_printf (_("%s Line: %s."), description, self->line);
    g_free (description);
    description = with_line;
  }
  if (!self->editing && self->scores) {
    g_autofree char *scores = describe_scores (self);
    if (scores) {
      char *with_scores = g_strconcat (description, " ", scores, NULL);
      g_free (description);
      description = with_scores;
    }
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}
