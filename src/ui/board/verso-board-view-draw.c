/* verso-board-view-draw.c: draws the board with Cairo and GSK: the board and one disc of each
 * colour cached per size, look and orientation, the discs (turning over while a move is
 * animated) and their move numbers, the marks, the flips a move would make and the analysis'
 * score of each legal move. Every square is drawn in the cell its orientation gives it. */
#include "verso-board-view-private.h"

#include <math.h>

#include "verso-game-analysis.h"
#include "verso-paint.h"

static void add_color_stop (cairo_pattern_t *pattern, double offset, const VersoBoardColor *color)
{
  cairo_pattern_add_color_stop_rgba (pattern, offset, color->red, color->green, color->blue, color->alpha);
}

/* A disc at (x, y) of radius r, squeezed horizontally by width (1 = seen face on). */
static void draw_disc (const VersoBoardTheme *theme, cairo_t *cr, double x, double y, double r, VersoColor color,
                       double width)
{
  const VersoBoardDisc *disc = color == VERSO_COLOR_BLACK ? &theme->black : &theme->white;
  cairo_pattern_t *shine;

  width = MAX (width, 0.04);
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, width, 1);

  if (theme->shadow > 0) {
    cairo_arc (cr, r * 0.05, r * 0.09, r, 0, 2 * G_PI);
    cairo_set_source_rgba (cr, 0, 0, 0, theme->shadow);
    cairo_fill (cr);
  }

  shine = cairo_pattern_create_radial (-r * 0.35, -r * 0.35, r * 0.05, 0, 0, r);
  add_color_stop (shine, 0, &disc->shine);
  add_color_stop (shine, 1, &disc->edge);
  cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);
  cairo_set_source (cr, shine);
  cairo_pattern_destroy (shine);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (r * 0.04, 1));
  verso_paint_set_color (cr, &disc->outline, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The label of the line of cells from first to last (two cells of the view): the letter of the
 * board column or the digit of the board row that stays the same along it, where it is drawn. */
static char line_label (const Geometry *g, int first, int last)
{
  int a = verso_orientation_to_board (g->orientation, first);
  int b = verso_orientation_to_board (g->orientation, last);

  return board_column (a) == board_column (b) ? (char) ('a' + board_column (a)) : (char) ('1' + board_row (a));
}

/* The labels above the columns and left of the rows as drawn: "a" stays above a1 however the
 * board is turned. */
static void draw_coordinates (VersoBoardView *self, cairo_t *cr, const Geometry *g)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

  pango_font_description_set_absolute_size (font, MAX (g->frame * 0.55, 8) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  verso_paint_set_color (cr, &self->theme.drawn->labels, 1);
  for (int i = 0; i < 8; i++) {
    for (int top = 0; top < 2; top++) {
      char text[2] = { top ? line_label (g, board_square (i, 0), board_square (i, 7))
                           : line_label (g, board_square (0, i), board_square (7, i)), 0 };
      int w, h;
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      if (top)
        cairo_move_to (cr, g->x + (i + 0.5) * g->cell - w / 2.0, g->y - g->frame / 2 - h / 2.0);
      else
        cairo_move_to (cr, g->x - g->frame / 2 - w / 2.0, g->y + (i + 0.5) * g->cell - h / 2.0);
      pango_cairo_show_layout (cr, layout);
    }
  }
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void draw_board (VersoBoardView *self, cairo_t *cr, const Geometry *g)
{
  const VersoBoardTheme *theme = self->theme.drawn;
  double side = 8 * g->cell;
  double line = MAX (round (g->cell / 40), 1);

  /* Frame with rounded corners, then the cells. */
  {
    double x = g->x - g->frame, y = g->y - g->frame, size = side + 2 * g->frame;
    double radius = MIN (g->frame, 12);

    verso_paint_rounded_rectangle (cr, x, y, size, size, radius);
    verso_paint_set_color (cr, &theme->frame, 1);
    cairo_fill (cr);
  }
  cairo_rectangle (cr, g->x, g->y, side, side);
  verso_paint_set_color (cr, &theme->squares, 1);
  cairo_fill (cr);

  verso_paint_set_color (cr, &theme->lines, 1);
  cairo_set_line_width (cr, line);
  for (int i = 0; i <= 8; i++) {
    double offset = i * g->cell;
    cairo_move_to (cr, g->x + offset, g->y);
    cairo_line_to (cr, g->x + offset, g->y + side);
    cairo_move_to (cr, g->x, g->y + offset);
    cairo_line_to (cr, g->x + side, g->y + offset);
  }
  cairo_stroke (cr);
  /* The four points that mark the centre sixteen squares. */
  for (int i = 0; i < 4; i++) {
    cairo_arc (cr, g->x + g->cell * (i & 1 ? 6 : 2), g->y + g->cell * (i & 2 ? 6 : 2),
               MAX (g->cell * 0.06, 2), 0, 2 * G_PI);
    cairo_fill (cr);
  }

  if (self->show_coordinates)
    draw_coordinates (self, cr, g);
}
/* The empty board and one disc of each colour are drawn once per size and look, and the same
 * render nodes are used in every frame, so GTK redraws only the squares that changed. */
static void ensure_cached_nodes (VersoBoardView *self, const Geometry *g)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self)), height = gtk_widget_get_height (GTK_WIDGET (self));
  double r = g->cell * 0.42;
  graphene_rect_t bounds;
  cairo_t *cr;

  if (self->board_node && self->cached_width == width && self->cached_height == height
      && self->cached_theme == self->theme.drawn && self->cached_coordinates == self->show_coordinates
      && self->cached_orientation == self->orientation)
    return;
  g_clear_pointer (&self->board_node, gsk_render_node_unref);
  g_clear_pointer (&self->disc_nodes[0], gsk_render_node_unref);
  g_clear_pointer (&self->disc_nodes[1], gsk_render_node_unref);
  self->cached_width = width;
  self->cached_height = height;
  self->cached_theme = self->theme.drawn;
  self->cached_coordinates = self->show_coordinates;
  self->cached_orientation = self->orientation;

  graphene_rect_init (&bounds, 0, 0, width, height);
  self->board_node = gsk_cairo_node_new (&bounds);
  cr = gsk_cairo_node_get_draw_context (self->board_node);
  draw_board (self, cr, g);
  cairo_destroy (cr);

  graphene_rect_init (&bounds, -r * 1.2, -r * 1.2, r * 2.4, r * 2.4);
  for (int color = 0; color < 2; color++) {
    self->disc_nodes[color] = gsk_cairo_node_new (&bounds);
    cr = gsk_cairo_node_get_draw_context (self->disc_nodes[color]);
    draw_disc (self->theme.drawn, cr, 0, 0, r, color, 1);
    cairo_destroy (cr);
  }
}

void verso_board_view_clear_cached_nodes (VersoBoardView *self)
{
  g_clear_pointer (&self->board_node, gsk_render_node_unref);
  g_clear_pointer (&self->disc_nodes[0], gsk_render_node_unref);
  g_clear_pointer (&self->disc_nodes[1], gsk_render_node_unref);
}

/* The centre of the cell where square is drawn. */
static void square_centre (const Geometry *g, int square, double *x, double *y)
{
  int cell = verso_orientation_to_view (g->orientation, square);

  *x = g->x + (board_column (cell) + 0.5) * g->cell;
  *y = g->y + (board_row (cell) + 0.5) * g->cell;
}

/* A Cairo context for drawing on one square (and a little around it), origin at its centre. */
static cairo_t *square_context (GtkSnapshot *snapshot, const Geometry *g, int square)
{
  graphene_rect_t bounds;
  double x, y;
  cairo_t *cr;

  square_centre (g, square, &x, &y);
  /* Bounds on whole pixels: a renderer that draws the node into a texture of whole pixels and
   * stretches it over fractional bounds can drop a one-pixel stroke, such as the bar of a "+". */
  double left = floor (x - g->cell * 0.6), top = floor (y - g->cell * 0.6);
  graphene_rect_init (&bounds, left, top, ceil (x + g->cell * 0.6) - left, ceil (y + g->cell * 0.6) - top);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  cairo_translate (cr, x, y);
  return cr;
}

static void append_disc (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g, int square,
                         VersoColor color, double opacity)
{
  double x, y;

  square_centre (g, square, &x, &y);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (x, y));
  if (opacity < 1)
    gtk_snapshot_push_opacity (snapshot, opacity);
  gtk_snapshot_append_node (snapshot, self->disc_nodes[color]);
  if (opacity < 1)
    gtk_snapshot_pop (snapshot);
  gtk_snapshot_restore (snapshot);
}

static void snapshot_discs (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g, gint64 now)
{
  guint64 black = verso_board_view_shown_discs (self, VERSO_COLOR_BLACK);
  guint64 white = verso_board_view_shown_discs (self, VERSO_COLOR_WHITE);
  double radius = g->cell * 0.42;

  for (int square = 0; square < BOARD_SQUARES; square++) {
    VersoColor color;
    double t;

    if (black & board_bit (square))
      color = VERSO_COLOR_BLACK;
    else if (white & board_bit (square))
      color = VERSO_COLOR_WHITE;
    else
      continue;

    t = verso_board_view_flip_progress (self, square, now);
    if (t < 1) {
      /* Edge on at the half-way point; the old colour shows until then. */
      cairo_t *cr = square_context (snapshot, g, square);
      draw_disc (self->theme.drawn, cr, 0, 0, radius, t < 0.5 ? verso_color_other (color) : color, fabs (cos (G_PI * t)));
      cairo_destroy (cr);
    } else if (self->anim_start && square == self->anim_square) {
      double grow = self->anim_waiting ? 0 : CLAMP ((double) (now - self->anim_start) / PLACE_USEC, 0, 1);
      cairo_t *cr = square_context (snapshot, g, square);
      draw_disc (self->theme.drawn, cr, 0, 0, radius * (0.75 + 0.25 * grow), color, 1);
      cairo_destroy (cr);
    } else {
      append_disc (self, snapshot, g, square, color, 1);
    }
  }
}

/* Each disc's move number (the ply that placed it; none on the start's discs) in the other
 * colour, as the line's numbered discs have it; not on a disc turning over or being placed. */
static void snapshot_move_numbers (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g, gint64 now)
{
  const VersoBoardTheme *theme = self->theme.drawn;
  const VersoRecord *record;
  guint64 black = verso_board_view_shown_discs (self, VERSO_COLOR_BLACK);
  guint plies[BOARD_SQUARES];
  PangoLayout *layout;
  PangoFontDescription *font;

  if (!self->show_move_numbers || self->editing || !self->game)
    return;
  record = verso_game_get_record (self->game);
  verso_record_get_placing_plies (record, verso_record_get_current (record), plies);
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, MAX (g->cell * 0.3, 7) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  for (int square = 0; square < BOARD_SQUARES; square++) {
    char text[12];
    PangoRectangle ink_rect;
    cairo_t *cr;

    if (!plies[square] || verso_board_view_flip_progress (self, square, now) < 1
        || (self->anim_start && square == self->anim_square))
      continue;
    g_snprintf (text, sizeof text, "%u", plies[square]);
    pango_layout_set_text (layout, text, -1);
    pango_layout_get_pixel_extents (layout, &ink_rect, NULL);
    cr = square_context (snapshot, g, square);
    verso_paint_set_color (cr, black & board_bit (square) ? &theme->white.shine : &theme->black.edge, 1);
    cairo_move_to (cr, -ink_rect.x - ink_rect.width / 2.0, -ink_rect.y - ink_rect.height / 2.0);
    pango_cairo_show_layout (cr, layout);
    cairo_destroy (cr);
  }
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* The discs the previewed move would flip, each with a small disc of the mover's colour on it:
 * the colour it would turn to, which stands out on the colour it has in every theme. */
static void snapshot_flips (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g, VersoColor turn)
{
  int square = verso_board_view_preview_square (self);
  guint64 flips;

  if (square < 0)
    return;
  flips = board_flips (verso_board_view_shown_discs (self, turn),
                       verso_board_view_shown_discs (self, verso_color_other (turn)), square);
  for (int flipped = 0; flipped < BOARD_SQUARES; flipped++) {
    if (flips & board_bit (flipped)) {
      cairo_t *cr = square_context (snapshot, g, flipped);
      draw_disc (self->theme.drawn, cr, 0, 0, g->cell * 0.17, turn, 1);
      cairo_destroy (cr);
    }
  }
}

static void snapshot_cell_fill (GtkSnapshot *snapshot, const Geometry *g, int square, const VersoBoardColor *wash,
                                double opacity)
{
  GdkRGBA color = { wash->red, wash->green, wash->blue, wash->alpha * opacity };
  double x, y;
  graphene_rect_t cell;

  square_centre (g, square, &x, &y);
  graphene_rect_init (&cell, x - g->cell / 2 + 1, y - g->cell / 2 + 1, g->cell - 2, g->cell - 2);
  gtk_snapshot_append_color (snapshot, &color, &cell);
}

/* Marks under the discs: hover and the refused-move glow. */
static void snapshot_under_marks (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g, gint64 now)
{
  if (self->hover >= 0 && (self->editing || verso_game_is_human_turn (self->game)))
    snapshot_cell_fill (snapshot, g, self->hover, &self->theme.drawn->hover, 1);
  if (self->flash_start) {
    double t = self->flash_waiting ? 0 : (double) (now - self->flash_start) / FLASH_USEC;
    if (t < 1)
      snapshot_cell_fill (snapshot, g, self->flash_square, &self->theme.drawn->refused, 1 - t);
  }
}

/* A move's score on its square: the number in a chip of the side to move's colour (translucent
 * in the pictorial themes, opaque in high contrast) with the other colour's text, so it reads on
 * any square; the best move(s) ringed in the hint's colour; an exact score underlined. */
static void snapshot_score (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g, int square,
                            const AnalysisMove *move, VersoColor turn, PangoLayout *layout)
{
  const VersoBoardTheme *theme = self->theme.drawn;
  /* The darkest of the black disc's colours and the lightest of the white's. */
  const VersoBoardColor *chip = turn == VERSO_COLOR_BLACK ? &theme->black.edge : &theme->white.shine;
  const VersoBoardColor *ink = turn == VERSO_COLOR_BLACK ? &theme->white.shine : &theme->black.edge;
  double radius = g->cell * 0.36;
  g_autofree char *text = verso_format_score (move->score);
  PangoRectangle ink_rect, logical;
  double underline = MAX (g->cell * 0.04, 1.5);
  cairo_t *cr = square_context (snapshot, g, square);

  cairo_arc (cr, 0, 0, radius, 0, 2 * G_PI);
  verso_paint_set_color (cr, chip, theme->mark_scale > 1 ? 1 : 0.7);
  cairo_fill (cr);
  if (verso_board_view_is_best_score (self, move)) {
    double width = MAX (g->cell * 0.05 * theme->mark_scale, 2);
    cairo_arc (cr, 0, 0, g->cell * 0.42 + width / 2, 0, 2 * G_PI);
    cairo_set_line_width (cr, width);
    verso_paint_set_color (cr, &theme->hint, 1);
    cairo_stroke (cr);
  }

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink_rect, &logical);
  /* Centred on the digits' ink, raised a little when an underline goes below them. */
  {
    double x = -ink_rect.x - ink_rect.width / 2.0;
    double y = -ink_rect.y - ink_rect.height / 2.0 - (move->exact ? underline * 1.2 : 0);
    verso_paint_set_color (cr, ink, 1);
    cairo_move_to (cr, x, y);
    pango_cairo_show_layout (cr, layout);
    if (move->exact) {
      cairo_rectangle (cr, x + ink_rect.x, y + ink_rect.y + ink_rect.height + underline * 0.9,
                       ink_rect.width, underline);
      cairo_fill (cr);
    }
  }
  cairo_destroy (cr);
}

void verso_board_view_draw_numbered_disc (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g,
                                          int square, VersoColor color, int number, PangoLayout *layout,
                                          const VersoBoardTheme *theme)
{
  /* The number in the other side's colour: it reads on the disc as the scores read on chips. */
  const VersoBoardColor *ink = color == VERSO_COLOR_BLACK ? &theme->white.shine : &theme->black.edge;
  g_autofree char *text = g_strdup_printf ("%d", number);
  PangoRectangle ink_rect, logical;
  cairo_t *cr = square_context (snapshot, g, square);

  cairo_push_group (cr);
  draw_disc (theme, cr, 0, 0, g->cell * 0.4, color, 1);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink_rect, &logical);
  verso_paint_set_color (cr, ink, 1);
  cairo_move_to (cr, -ink_rect.x - ink_rect.width / 2.0, -ink_rect.y - ink_rect.height / 2.0);
  pango_cairo_show_layout (cr, layout);
  cairo_pop_group_to_source (cr);
  /* Translucent in the pictorial themes, nearly opaque in high contrast, as the score chips. */
  cairo_paint_with_alpha (cr, theme->mark_scale > 1 ? 0.9 : 0.75);
  cairo_destroy (cr);
}

static void snapshot_scores (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g, VersoColor turn)
{
  PangoLayout *layout;
  PangoFontDescription *font;

  if (!self->scores || self->editing)
    return;
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  font = pango_font_description_from_string ("Sans Bold");
  /* "−12" fits the chip; never below 8 px, which a 320 px wide window reaches. */
  pango_font_description_set_absolute_size (font, MAX (g->cell * 0.27, 8) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  for (int square = 0; square < BOARD_SQUARES; square++) {
    const AnalysisMove *move = verso_board_view_scored_move (self, square);
    if (move && !verso_board_view_line_covers (self, square))
      snapshot_score (self, snapshot, g, square, move, turn, layout);
  }
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void snapshot_marks (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g)
{
  const VersoBoardTheme *theme = self->theme.drawn;
  double scale = theme->mark_scale;
  gboolean human = !self->editing && verso_game_is_human_turn (self->game);
  guint64 legal = self->editing ? 0 : verso_game_get_legal_moves (self->game);
  VersoColor turn = self->editing ? VERSO_COLOR_BLACK : verso_game_get_turn (self->game);
  int last = self->editing ? BOARD_NO_MOVE : verso_game_get_last_move (self->game);
  cairo_t *cr;

  if (self->hover >= 0 && human && (legal & board_bit (self->hover)))
    append_disc (self, snapshot, g, self->hover, turn, 0.4);
  snapshot_flips (self, snapshot, g, turn);

  if (self->show_legal_moves && human) {
    for (int square = 0; square < BOARD_SQUARES; square++) {
      if (!(legal & board_bit (square)) || square == self->hover || square == self->hint
          || verso_board_view_scored_move (self, square))
        continue;
      cr = square_context (snapshot, g, square);
      cairo_arc (cr, 0, 0, g->cell * 0.09 * scale, 0, 2 * G_PI);
      verso_paint_set_color (cr, turn == VERSO_COLOR_BLACK ? &theme->legal_black : &theme->legal_white, 1);
      cairo_fill (cr);
      cairo_destroy (cr);
    }
  }

  if (self->show_last_move && last >= 0 && last < BOARD_SQUARES) {
    /* Beside the disc, in the cell's top right corner, when a move number is on it. */
    double corner = self->show_move_numbers ? g->cell * 0.37 : 0;
    cr = square_context (snapshot, g, last);
    cairo_arc (cr, corner, -corner, MAX (g->cell * (corner ? 0.055 : 0.07), 2.5) * scale, 0, 2 * G_PI);
    verso_paint_set_color (cr, &theme->last_move, 1);
    cairo_fill (cr);
    cairo_destroy (cr);
  }

  if (self->hint >= 0 && human) {
    /* The ring lies on the square just outside the disc, so that it is seen against the square. */
    double width = MAX (g->cell * 0.05 * scale, 2);
    append_disc (self, snapshot, g, self->hint, turn, 0.5);
    cr = square_context (snapshot, g, self->hint);
    cairo_arc (cr, 0, 0, g->cell * 0.42 + width / 2, 0, 2 * G_PI);
    cairo_set_line_width (cr, width);
    verso_paint_set_color (cr, &theme->hint, 1);
    cairo_stroke (cr);
    cairo_destroy (cr);
  }

  snapshot_scores (self, snapshot, g, turn);
  verso_board_view_snapshot_line (self, snapshot, g);

  if (self->cursor_shown && gtk_widget_has_focus (GTK_WIDGET (self))) {
    double width = MAX (round (g->cell * 0.06 * scale), 2), half = g->cell / 2;
    cr = square_context (snapshot, g, self->cursor);
    cairo_rectangle (cr, -half + width / 2 + 1, -half + width / 2 + 1, g->cell - width - 2, g->cell - width - 2);
    cairo_set_line_width (cr, width);
    verso_paint_set_color (cr, &theme->cursor, 1);
    cairo_stroke (cr);
    cairo_destroy (cr);
  }
}

void verso_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  VersoBoardView *self = VERSO_BOARD_VIEW (widget);
  Geometry geometry = verso_board_view_geometry (self);
  gint64 now = verso_board_view_frame_time (self);

  ensure_cached_nodes (self, &geometry);
  gtk_snapshot_append_node (snapshot, self->board_node);
  if (self->game || self->editing) {
    snapshot_under_marks (self, snapshot, &geometry, now);
    snapshot_discs (self, snapshot, &geometry, now);
    snapshot_move_numbers (self, snapshot, &geometry, now);
    snapshot_marks (self, snapshot, &geometry);
  }
}
