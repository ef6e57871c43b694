/* verso-board-view-line.c: a scored move's line (its principal variation) under the pointer or
 * the focused keyboard cursor: which move it is, the line in words, and the numbered translucent
 * discs it puts on the board. */
#include "verso-board-view-private.h"

#include <glib/gi18n.h>

#include "notation.h"

/* The plies of a line drawn on the board and written out; more are shown as "…". */
#define LINE_SHOWN_PLIES 10

char *verso_format_line_moves (const AnalysisMove *move)
{
  GString *text = g_string_new (NULL);

  if (!move || move->pv_length <= 0)
    return g_string_free (text, TRUE);
  for (int i = 0; i < move->pv_length && i < LINE_SHOWN_PLIES; i++) {
    char name[3];
    notation_format_square (move->pv[i], name);
    /* Translators: a pass in a line of moves, e.g. "d3 c3 pass c4" */
    g_string_append_printf (text, "%s%s", i ? " " : "", move->pv[i] == BOARD_PASS ? C_("line", "pass") : name);
  }
  /* A no-break space: a wrapped line never leaves the ellipsis alone on a line of its own. */
  if (move->pv_length > LINE_SHOWN_PLIES)
    g_string_append (text, "\u00a0…");
  return g_string_free (text, FALSE);
}

char *verso_format_line (const AnalysisMove *move)
{
  g_autofree char *moves = verso_format_line_moves (move);

  if (!moves)
    return NULL;
  /* How it was found comes first: a narrow status line cuts the end of the moves, not that. */
  if (move->exact)
    /* Translators: a line of moves the engine solved exactly, e.g. "exact: d3 c3 c4 …" */
    return g_strdup_printf (_("exact: %s"), moves);
  /* Translators: how deep the engine looked and a line of moves, e.g. "depth 14: d3 c3 c4 …" */
  return g_strdup_printf (_("depth %d: %s"), move->depth, moves);
}

const AnalysisMove *verso_board_view_line_move (VersoBoardView *self)
{
  const AnalysisMove *move = NULL;

  if (self->hover >= 0)
    move = verso_board_view_scored_move (self, self->hover);
  if (!move && self->cursor_shown && gtk_widget_has_focus (GTK_WIDGET (self)))
    move = verso_board_view_scored_move (self, self->cursor);
  return move && move->pv_length > 0 ? move : NULL;
}

gboolean verso_board_view_line_covers (VersoBoardView *self, int square)
{
  const AnalysisMove *move = verso_board_view_line_move (self);

  for (int i = 0; move && i < move->pv_length && i < LINE_SHOWN_PLIES; i++)
    if (move->pv[i] == square)
      return TRUE;
  return FALSE;
}

char *verso_board_view_get_line (VersoBoardView *self)
{
  g_return_val_if_fail (VERSO_IS_BOARD_VIEW (self), NULL);

  return verso_format_line (verso_board_view_line_move (self));
}

void verso_board_view_update_line (VersoBoardView *self)
{
  g_autofree char *line = verso_board_view_get_line (self);

  if (g_strcmp0 (line, self->line) == 0)
    return;
  g_free (self->line);
  self->line = g_steal_pointer (&line);
  verso_board_view_notify_line (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The line's first plies as discs of the side playing each, numbered from 1, half transparent
 * so that the position stays readable under them; a pass is skipped but counted. */
void verso_board_view_snapshot_line (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g)
{
  const AnalysisMove *move = verso_board_view_line_move (self);
  const VersoBoardTheme *theme = self->theme.drawn;
  VersoColor turn;
  Board board;
  PangoLayout *layout;
  PangoFontDescription *font;

  if (!move)
    return;
  turn = verso_game_get_turn (self->game);
  board = (Board) { verso_board_view_shown_discs (self, turn),
                    verso_board_view_shown_discs (self, turn == VERSO_COLOR_BLACK ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK) };
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, MAX (g->cell * 0.3, 8) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  for (int i = 0; i < move->pv_length && i < LINE_SHOWN_PLIES; i++) {
    int square = move->pv[i];
    if (square != BOARD_PASS) {
      if (square < 0 || square >= BOARD_SQUARES || !board_play (&board, square))
        break; /* a line that no longer fits the position shown is not drawn further */
      verso_board_view_draw_numbered_disc (self, snapshot, g, square, turn, i + 1, layout, theme);
    } else {
      board_pass (&board);
    }
    turn = turn == VERSO_COLOR_BLACK ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
  }
  pango_font_description_free (font);
  g_object_unref (layout);
}
