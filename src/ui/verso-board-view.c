/* verso-board-view.c: draws the game's position with Cairo in square cells that scale with the
 * widget, animates flips on the frame clock, shows the analysis' score of each legal move, and
 * turns clicks and keys into "square-activated". */
#include "verso-board-view.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "verso-theme-choice.h"

/* A flipped disc turns over in FLIP_USEC; each step of distance from the move delays it by
 * STEP_USEC, so the flips spread out from the played square. */
#define FLIP_USEC 160000
#define STEP_USEC 35000
#define PLACE_USEC 120000
#define FLASH_USEC 450000

struct _VersoBoardView {
  GtkWidget parent_instance;

  VersoGame *game;
  gulong changed_id, move_played_id;

  gboolean show_legal_moves, show_last_move, show_coordinates, animate;
  VersoThemeChoice theme;  /* the board-theme setting, or high contrast when the desktop asks */

  int hover;          /* square under the pointer, or -1 */
  int cursor;         /* keyboard cursor square */
  gboolean cursor_shown;
  int hint;           /* -1 when none */
  Analysis *scores;   /* the analysis of the position shown, or NULL */
  /* Setting up a position: this one is drawn instead of the game's, without marks. */
  gboolean editing;
  Position edit_position;

  /* The flip animation of the last move, if one runs. */
  guint tick_id;
  gint64 anim_start;  /* frame time, microseconds; 0 when no animation runs */
  int anim_square;
  guint64 anim_flips;
  guint anim_ply;
  gboolean anim_waiting;  /* anim_start is set by the first frame after the move */
  int flash_square;
  gint64 flash_start;
  gboolean flash_waiting;

  GskRenderNode *board_node;
  GskRenderNode *disc_nodes[2];
  int cached_width, cached_height;
  const VersoBoardTheme *cached_theme;
  gboolean cached_coordinates;
};

G_DEFINE_FINAL_TYPE (VersoBoardView, verso_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SHOW_LEGAL_MOVES,
  PROP_SHOW_LAST_MOVE,
  PROP_SHOW_COORDINATES,
  PROP_ANIMATE,
  PROP_THEME,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum { SIGNAL_SQUARE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

typedef struct {
  double x, y;    /* top left of a1's cell */
  double cell;
  double frame;
} Geometry;

static Geometry board_geometry (VersoBoardView *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double size = MIN (width, height);
  Geometry geometry;

  geometry.frame = self->show_coordinates ? MAX (round (size * 0.05), 16) : MAX (round (size * 0.02), 6);
  geometry.cell = MAX (floor ((size - 2 * geometry.frame) / 8), 4);
  geometry.x = floor ((width - 8 * geometry.cell) / 2);
  geometry.y = floor ((height - 8 * geometry.cell) / 2);
  return geometry;
}

static int square_at (VersoBoardView *self, double x, double y)
{
  Geometry geometry = board_geometry (self);
  int column = (int) floor ((x - geometry.x) / geometry.cell);
  int row = (int) floor ((y - geometry.y) / geometry.cell);

  if (column < 0 || column > 7 || row < 0 || row > 7)
    return -1;
  return board_square (column, row);
}

static char *square_name (int square)
{
  return g_strdup_printf ("%c%c", 'a' + board_column (square), '1' + board_row (square));
}

/* The discs drawn: those of the position being set up, or the game's. */
static guint64 shown_discs (VersoBoardView *self, VersoColor color)
{
  if (self->editing)
    return color == VERSO_COLOR_BLACK ? position_black (&self->edit_position) : position_white (&self->edit_position);
  return self->game ? verso_game_get_discs (self->game, color) : 0;
}

static gboolean animations_enabled (VersoBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && self->animate;
}

/* The analysed move on square that has a score to show, or NULL: only legal moves of the position
 * shown, so that scores of a position left behind never show. */
static const AnalysisMove *scored_move (VersoBoardView *self, int square)
{
  const AnalysisMove *move;

  if (!self->scores || self->editing || !self->game || !(verso_game_get_legal_moves (self->game) & board_bit (square)))
    return NULL;
  move = analysis_find (self->scores, square);
  return move && (move->depth > 0 || move->exact) ? move : NULL;
}

static gboolean is_best_score (VersoBoardView *self, const AnalysisMove *move)
{
  int best;

  return analysis_best_score (self->scores, &best) && move->score == best;
}

/* "Scores: f5 +4 best exact, d6 +2 exact, c4 −3.", best first; NULL when no move has one. */
static char *describe_scores (VersoBoardView *self)
{
  g_autoptr (GString) text = g_string_new (NULL);

  for (int i = 0; i < self->scores->count; i++) {
    const AnalysisMove *move = &self->scores->moves[i];
    g_autofree char *name = NULL;
    g_autofree char *score = NULL;

    if (move->move < 0 || move->move >= BOARD_SQUARES || scored_move (self, move->move) != move)
      continue;
    name = square_name (move->move);
    score = verso_format_score (move->score);
    g_string_append_printf (text, "%s%s %s", text->len ? ", " : "", name, score);
    if (is_best_score (self, move))
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

/* Accessibility: the position, whose turn it is and the square under the cursor, in words, then
 * the scores of the moves when they are shown. */
static void update_description (VersoBoardView *self)
{
  g_autofree char *name = NULL;
  g_autofree char *description = NULL;
  const char *turn, *square_state;
  guint64 bit;

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
  if (shown_discs (self, VERSO_COLOR_BLACK) & bit)
    square_state = _("black disc");
  else if (shown_discs (self, VERSO_COLOR_WHITE) & bit)
    square_state = _("white disc");
  else if (!self->editing && verso_game_is_human_turn (self->game) && (verso_game_get_legal_moves (self->game) & bit))
    square_state = _("empty, a legal move");
  else
    square_state = _("empty");

  name = square_name (self->cursor);
  /* Translators: "Black 12, white 9. Black to move. Cursor on d3: empty, a legal move." */
  description = g_strdup_printf (_("Black %d, white %d. %s Cursor on %s: %s."),
                                 board_count (shown_discs (self, VERSO_COLOR_BLACK)),
                                 board_count (shown_discs (self, VERSO_COLOR_WHITE)),
                                 turn, name, square_state);
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

/* Drawing */

static void set_color (cairo_t *cr, const VersoBoardColor *color, double alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
}

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
  set_color (cr, &disc->outline, 1);
  cairo_stroke (cr);
  cairo_restore (cr);
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
    cairo_new_sub_path (cr);
    cairo_arc (cr, x + size - radius, y + radius, radius, -G_PI / 2, 0);
    cairo_arc (cr, x + size - radius, y + size - radius, radius, 0, G_PI / 2);
    cairo_arc (cr, x + radius, y + size - radius, radius, G_PI / 2, G_PI);
    cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
    cairo_close_path (cr);
    set_color (cr, &theme->frame, 1);
    cairo_fill (cr);
  }
  cairo_rectangle (cr, g->x, g->y, side, side);
  set_color (cr, &theme->squares, 1);
  cairo_fill (cr);

  set_color (cr, &theme->lines, 1);
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

  if (self->show_coordinates) {
    PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
    PangoFontDescription *font = pango_font_description_from_string ("Sans Bold");

    pango_font_description_set_absolute_size (font, MAX (g->frame * 0.55, 8) * PANGO_SCALE);
    pango_layout_set_font_description (layout, font);
    set_color (cr, &theme->labels, 1);
    for (int i = 0; i < 8; i++) {
      char text[2] = { (char) ('a' + i), 0 };
      int w, h;
      for (int side_index = 0; side_index < 2; side_index++) {
        text[0] = (char) ((side_index == 0 ? 'a' : '1') + i);
        pango_layout_set_text (layout, text, -1);
        pango_layout_get_pixel_size (layout, &w, &h);
        if (side_index == 0)
          cairo_move_to (cr, g->x + (i + 0.5) * g->cell - w / 2.0, g->y - g->frame / 2 - h / 2.0);
        else
          cairo_move_to (cr, g->x - g->frame / 2 - w / 2.0, g->y + (i + 0.5) * g->cell - h / 2.0);
        pango_cairo_show_layout (cr, layout);
      }
    }
    pango_font_description_free (font);
    g_object_unref (layout);
  }
}

/* Progress 0..1 of the flip at square, or 1 when no animation runs. */
static double flip_progress (VersoBoardView *self, int square, gint64 now)
{
  int distance;
  double t;

  if (!self->anim_start || !(self->anim_flips & board_bit (square)))
    return 1;
  distance = MAX (ABS (board_column (square) - board_column (self->anim_square)),
                  ABS (board_row (square) - board_row (self->anim_square)));
  if (self->anim_waiting)
    return 0;
  t = (double) (now - self->anim_start - (distance - 1) * STEP_USEC) / FLIP_USEC;
  return CLAMP (t, 0, 1);
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
      && self->cached_theme == self->theme.drawn && self->cached_coordinates == self->show_coordinates)
    return;
  g_clear_pointer (&self->board_node, gsk_render_node_unref);
  g_clear_pointer (&self->disc_nodes[0], gsk_render_node_unref);
  g_clear_pointer (&self->disc_nodes[1], gsk_render_node_unref);
  self->cached_width = width;
  self->cached_height = height;
  self->cached_theme = self->theme.drawn;
  self->cached_coordinates = self->show_coordinates;

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

static void clear_cached_nodes (VersoBoardView *self)
{
  g_clear_pointer (&self->board_node, gsk_render_node_unref);
  g_clear_pointer (&self->disc_nodes[0], gsk_render_node_unref);
  g_clear_pointer (&self->disc_nodes[1], gsk_render_node_unref);
}

static void square_centre (const Geometry *g, int square, double *x, double *y)
{
  *x = g->x + (board_column (square) + 0.5) * g->cell;
  *y = g->y + (board_row (square) + 0.5) * g->cell;
}

/* A Cairo context for drawing on one square (and a little around it), origin at its centre. */
static cairo_t *square_context (GtkSnapshot *snapshot, const Geometry *g, int square)
{
  graphene_rect_t bounds;
  double x, y;
  cairo_t *cr;

  square_centre (g, square, &x, &y);
  graphene_rect_init (&bounds, x - g->cell * 0.6, y - g->cell * 0.6, g->cell * 1.2, g->cell * 1.2);
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
  guint64 black = shown_discs (self, VERSO_COLOR_BLACK);
  guint64 white = shown_discs (self, VERSO_COLOR_WHITE);
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

    t = flip_progress (self, square, now);
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

static void snapshot_cell_fill (GtkSnapshot *snapshot, const Geometry *g, int square, const VersoBoardColor *wash,
                                double opacity)
{
  GdkRGBA color = { wash->red, wash->green, wash->blue, wash->alpha * opacity };
  graphene_rect_t cell;

  graphene_rect_init (&cell, g->x + board_column (square) * g->cell + 1, g->y + board_row (square) * g->cell + 1,
                      g->cell - 2, g->cell - 2);
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
  set_color (cr, chip, theme->mark_scale > 1 ? 1 : 0.7);
  cairo_fill (cr);
  if (is_best_score (self, move)) {
    double width = MAX (g->cell * 0.05 * theme->mark_scale, 2);
    cairo_arc (cr, 0, 0, g->cell * 0.42 + width / 2, 0, 2 * G_PI);
    cairo_set_line_width (cr, width);
    set_color (cr, &theme->hint, 1);
    cairo_stroke (cr);
  }

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_extents (layout, &ink_rect, &logical);
  /* Centred on the digits' ink, raised a little when an underline goes below them. */
  {
    double x = -ink_rect.x - ink_rect.width / 2.0;
    double y = -ink_rect.y - ink_rect.height / 2.0 - (move->exact ? underline * 1.2 : 0);
    set_color (cr, ink, 1);
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
    const AnalysisMove *move = scored_move (self, square);
    if (move)
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

  if (self->show_legal_moves && human) {
    for (int square = 0; square < BOARD_SQUARES; square++) {
      if (!(legal & board_bit (square)) || square == self->hover || square == self->hint
          || scored_move (self, square))
        continue;
      cr = square_context (snapshot, g, square);
      cairo_arc (cr, 0, 0, g->cell * 0.09 * scale, 0, 2 * G_PI);
      set_color (cr, turn == VERSO_COLOR_BLACK ? &theme->legal_black : &theme->legal_white, 1);
      cairo_fill (cr);
      cairo_destroy (cr);
    }
  }

  if (self->show_last_move && last >= 0 && last < BOARD_SQUARES) {
    cr = square_context (snapshot, g, last);
    cairo_arc (cr, 0, 0, MAX (g->cell * 0.07, 2.5) * scale, 0, 2 * G_PI);
    set_color (cr, &theme->last_move, 1);
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
    set_color (cr, &theme->hint, 1);
    cairo_stroke (cr);
    cairo_destroy (cr);
  }

  snapshot_scores (self, snapshot, g, turn);

  if (self->cursor_shown && gtk_widget_has_focus (GTK_WIDGET (self))) {
    double width = MAX (round (g->cell * 0.06 * scale), 2), half = g->cell / 2;
    cr = square_context (snapshot, g, self->cursor);
    cairo_rectangle (cr, -half + width / 2 + 1, -half + width / 2 + 1, g->cell - width - 2, g->cell - width - 2);
    cairo_set_line_width (cr, width);
    set_color (cr, &theme->cursor, 1);
    cairo_stroke (cr);
    cairo_destroy (cr);
  }
}

static gint64 frame_time (VersoBoardView *self)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));

  return clock ? gdk_frame_clock_get_frame_time (clock) : g_get_monotonic_time ();
}

static void verso_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  VersoBoardView *self = VERSO_BOARD_VIEW (widget);
  Geometry geometry = board_geometry (self);
  gint64 now = frame_time (self);

  ensure_cached_nodes (self, &geometry);
  gtk_snapshot_append_node (snapshot, self->board_node);
  if (self->game || self->editing) {
    snapshot_under_marks (self, snapshot, &geometry, now);
    snapshot_discs (self, snapshot, &geometry, now);
    snapshot_marks (self, snapshot, &geometry);
  }
}

/* Animation */

static void stop_animation (VersoBoardView *self)
{
  self->anim_start = 0;
  self->anim_waiting = FALSE;
  self->flash_start = 0;
  self->flash_waiting = FALSE;
  if (self->tick_id) {
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
    self->tick_id = 0;
  }
}

static gint64 animation_end (VersoBoardView *self)
{
  gint64 end = 0;

  if (self->anim_start) {
    int farthest = 1;
    for (int square = 0; square < BOARD_SQUARES; square++)
      if (self->anim_flips & board_bit (square))
        farthest = MAX (farthest, MAX (ABS (board_column (square) - board_column (self->anim_square)),
                                       ABS (board_row (square) - board_row (self->anim_square))));
    end = self->anim_start + (farthest - 1) * STEP_USEC + FLIP_USEC;
  }
  if (self->flash_start)
    end = MAX (end, self->flash_start + FLASH_USEC);
  return end;
}

static gboolean animation_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  VersoBoardView *self = VERSO_BOARD_VIEW (widget);

  /* The clock's time is stale after an idle spell: the animation starts with the next frame. */
  if (self->anim_waiting) {
    self->anim_start = gdk_frame_clock_get_frame_time (clock);
    self->anim_waiting = FALSE;
  }
  if (self->flash_waiting) {
    self->flash_start = gdk_frame_clock_get_frame_time (clock);
    self->flash_waiting = FALSE;
  }
  gtk_widget_queue_draw (widget);
  if (gdk_frame_clock_get_frame_time (clock) >= animation_end (self)) {
    self->anim_start = 0;
    self->flash_start = 0;
    self->tick_id = 0;
    return G_SOURCE_REMOVE;
  }
  return G_SOURCE_CONTINUE;
}

static void ensure_ticking (VersoBoardView *self)
{
  if (!self->tick_id)
    self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
}

static void on_move_played (VersoGame *game, int square, guint64 flips, VersoBoardView *self)
{
  stop_animation (self);
  if (self->editing || !animations_enabled (self) || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  self->anim_start = frame_time (self);
  self->anim_waiting = TRUE;
  self->anim_square = square;
  self->anim_flips = flips;
  self->anim_ply = verso_game_get_ply (game);
  ensure_ticking (self);
}

static void on_changed (VersoGame *game, VersoBoardView *self)
{
  /* Undo and redo show their position at once. */
  if (self->anim_start && self->anim_ply != verso_game_get_ply (game))
    stop_animation (self);
  self->hint = -1;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void verso_board_view_flash_square (VersoBoardView *self, int square)
{
  g_return_if_fail (VERSO_IS_BOARD_VIEW (self));
  g_return_if_fail (square >= 0 && square < BOARD_SQUARES);

  self->flash_square = square;
  self->flash_start = frame_time (self);
  self->flash_waiting = TRUE;
  ensure_ticking (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void verso_board_view_set_edit_position (VersoBoardView *self, const Position *position)
{
  g_return_if_fail (VERSO_IS_BOARD_VIEW (self));

  stop_animation (self);
  self->editing = position != NULL;
  if (position)
    self->edit_position = *position;
  self->hint = -1;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void verso_board_view_set_scores (VersoBoardView *self, const Analysis *analysis)
{
  g_return_if_fail (VERSO_IS_BOARD_VIEW (self));

  if (!analysis && !self->scores)
    return;
  g_clear_pointer (&self->scores, g_free);
  if (analysis)
    self->scores = g_memdup2 (analysis, sizeof *analysis);
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void verso_board_view_set_hint (VersoBoardView *self, int square)
{
  g_return_if_fail (VERSO_IS_BOARD_VIEW (self));

  self->hint = square >= 0 && square < BOARD_SQUARES ? square : -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Input */

void verso_board_view_show_cursor (VersoBoardView *self)
{
  g_return_if_fail (VERSO_IS_BOARD_VIEW (self));

  self->cursor_shown = TRUE;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void activate_square (VersoBoardView *self, int square)
{
  self->cursor = square;
  update_description (self);
  g_signal_emit (self, signals[SIGNAL_SQUARE_ACTIVATED], 0, square);
}

static void on_click_released (GtkGestureClick *gesture, int n_press, double x, double y, VersoBoardView *self)
{
  int square = square_at (self, x, y);

  if (square < 0)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->cursor_shown = FALSE;
  activate_square (self, square);
}

static void set_hover (VersoBoardView *self, int square)
{
  if (self->hover == square)
    return;
  self->hover = square;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void on_motion (GtkEventControllerMotion *controller, double x, double y, VersoBoardView *self)
{
  set_hover (self, square_at (self, x, y));
}

static void on_leave (GtkEventControllerMotion *controller, VersoBoardView *self)
{
  set_hover (self, -1);
}

static gboolean on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                                GdkModifierType state, VersoBoardView *self)
{
  int column = board_column (self->cursor), row = board_row (self->cursor);

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return GDK_EVENT_PROPAGATE;

  switch (keyval) {
  case GDK_KEY_Left: case GDK_KEY_KP_Left: column--; break;
  case GDK_KEY_Right: case GDK_KEY_KP_Right: column++; break;
  case GDK_KEY_Up: case GDK_KEY_KP_Up: row--; break;
  case GDK_KEY_Down: case GDK_KEY_KP_Down: row++; break;
  case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space: case GDK_KEY_KP_Space:
    self->cursor_shown = TRUE;
    activate_square (self, self->cursor);
    gtk_widget_queue_draw (GTK_WIDGET (self));
    return GDK_EVENT_STOP;
  default:
    return GDK_EVENT_PROPAGATE;
  }
  self->cursor = board_square (CLAMP (column, 0, 7), CLAMP (row, 0, 7));
  self->cursor_shown = TRUE;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return GDK_EVENT_STOP;
}

static void on_focus_changed (VersoBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Object */

VersoGame *verso_board_view_get_game (VersoBoardView *self)
{
  g_return_val_if_fail (VERSO_IS_BOARD_VIEW (self), NULL);
  return self->game;
}

void verso_board_view_set_game (VersoBoardView *self, VersoGame *game)
{
  g_return_if_fail (VERSO_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || VERSO_IS_GAME (game));

  if (self->game == game)
    return;
  if (self->game) {
    g_clear_signal_handler (&self->changed_id, self->game);
    g_clear_signal_handler (&self->move_played_id, self->game);
  }
  g_set_object (&self->game, game);
  if (game) {
    self->changed_id = g_signal_connect (game, "changed", G_CALLBACK (on_changed), self);
    self->move_played_id = g_signal_connect (game, "move-played", G_CALLBACK (on_move_played), self);
  }
  stop_animation (self);
  self->hint = -1;
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

static void set_flag (VersoBoardView *self, gboolean *flag, gboolean value, int prop_id)
{
  value = !!value;
  if (*flag == value)
    return;
  *flag = value;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void set_theme (VersoBoardView *self, const char *name)
{
  if (verso_theme_choice_set (&self->theme, name))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THEME]);
}

static void verso_board_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  VersoBoardView *self = VERSO_BOARD_VIEW (object);

  switch (prop_id) {
  case PROP_GAME: g_value_set_object (value, self->game); break;
  case PROP_SHOW_LEGAL_MOVES: g_value_set_boolean (value, self->show_legal_moves); break;
  case PROP_SHOW_LAST_MOVE: g_value_set_boolean (value, self->show_last_move); break;
  case PROP_SHOW_COORDINATES: g_value_set_boolean (value, self->show_coordinates); break;
  case PROP_ANIMATE: g_value_set_boolean (value, self->animate); break;
  case PROP_THEME: g_value_set_string (value, self->theme.chosen->name); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void verso_board_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  VersoBoardView *self = VERSO_BOARD_VIEW (object);

  switch (prop_id) {
  case PROP_GAME: verso_board_view_set_game (self, g_value_get_object (value)); break;
  case PROP_SHOW_LEGAL_MOVES: set_flag (self, &self->show_legal_moves, g_value_get_boolean (value), prop_id); break;
  case PROP_SHOW_LAST_MOVE: set_flag (self, &self->show_last_move, g_value_get_boolean (value), prop_id); break;
  case PROP_SHOW_COORDINATES: set_flag (self, &self->show_coordinates, g_value_get_boolean (value), prop_id); break;
  case PROP_ANIMATE: set_flag (self, &self->animate, g_value_get_boolean (value), prop_id); break;
  case PROP_THEME: set_theme (self, g_value_get_string (value)); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void verso_board_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                                      int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = 8 * 22 + 2 * 16;
  *natural = 8 * 60 + 2 * 24;
}

static void verso_board_view_dispose (GObject *object)
{
  VersoBoardView *self = VERSO_BOARD_VIEW (object);

  stop_animation (self);
  verso_board_view_set_game (self, NULL);
  verso_theme_choice_clear (&self->theme);
  clear_cached_nodes (self);
  g_clear_pointer (&self->scores, g_free);
  G_OBJECT_CLASS (verso_board_view_parent_class)->dispose (object);
}

static void verso_board_view_class_init (VersoBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = verso_board_view_dispose;
  object_class->get_property = verso_board_view_get_property;
  object_class->set_property = verso_board_view_set_property;
  widget_class->snapshot = verso_board_view_snapshot;
  widget_class->measure = verso_board_view_measure;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, VERSO_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_LEGAL_MOVES] =
    g_param_spec_boolean ("show-legal-moves", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_LAST_MOVE] =
    g_param_spec_boolean ("show-last-move", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATE] =
    g_param_spec_boolean ("animate", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THEME] =
    g_param_spec_string ("theme", NULL, NULL, "classic",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_SQUARE_ACTIVATED] =
    g_signal_new ("square-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void verso_board_view_init (VersoBoardView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->show_legal_moves = TRUE;
  self->show_last_move = TRUE;
  self->animate = TRUE;
  self->hover = -1;
  self->hint = -1;
  self->cursor = board_square (3, 2); /* d3, a first move for black */

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect (click, "released", G_CALLBACK (on_click_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect (self, "notify::has-focus", G_CALLBACK (on_focus_changed), NULL);
  verso_theme_choice_init (&self->theme, GTK_WIDGET (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"), -1);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_RELATION_ROW_COUNT, 8,
                                  GTK_ACCESSIBLE_RELATION_COL_COUNT, 8, -1);
}

GtkWidget *verso_board_view_new (void)
{
  return g_object_new (VERSO_TYPE_BOARD_VIEW, NULL);
}
