/* verso-eval-graph.c: the evaluation graph under the move list. The score after each move from
 * Black's side, drawn with the board theme's colours (Black's lead in black, White's in white, on
 * the squares' colour), its scale growing from ±16 to ±64 as the scores need; a click, a drag or
 * the arrow keys show the position after the move under them. */
#include "verso-eval-graph.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "verso-game-analysis.h"
#include "verso-paint.h"
#include "verso-theme-choice.h"

#define GRAPH_HEIGHT 120
#define GRAPH_MOST_HEIGHT 280  /* the height at a wide side pane's width: half its width, up to this */
#define PADDING 6.0      /* around the plot, where the focus ring and the current move's dot go */
#define MAX_SCORE 64     /* the most a disc difference can be */

struct _VersoEvalGraph {
  GtkWidget parent_instance;

  VersoGame *game;
  GSignalGroup *game_signals;  /* "changed" and "move-scored" of game */

  VersoThemeChoice theme;  /* the board-theme setting, or high contrast when the desktop asks */
};

G_DEFINE_FINAL_TYPE (VersoEvalGraph, verso_eval_graph, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_THEME,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

/* Where the plot lies in the widget. */
typedef struct {
  double left, right, top, bottom;
  guint plies;   /* the x axis runs from ply 0 to this */
  int range;     /* the y axis runs from -range to +range */
} Plot;

static double plot_x (const Plot *plot, guint ply)
{
  return plot->left + (plot->right - plot->left) * ply / plot->plies;
}

static double plot_y (const Plot *plot, int score)
{
  double middle = (plot->top + plot->bottom) / 2;
  int clamped = CLAMP (score, -plot->range, plot->range);

  return middle - (plot->bottom - plot->top) / 2 * clamped / plot->range;
}

/* The x axis is as long as a game from the record's start can be (the empties, or the moves if
 * passes make more), so the line grows from the left as the game goes on. The y scale is the
 * first of ±16, ±32, ±64 that holds every score, so that small leads stay visible. */
static Plot graph_plot (VersoEvalGraph *self)
{
  Plot plot = {
    .left = PADDING,
    .right = MAX (gtk_widget_get_width (GTK_WIDGET (self)) - PADDING, PADDING + 1),
    .top = PADDING,
    .bottom = MAX (gtk_widget_get_height (GTK_WIDGET (self)) - PADDING, PADDING + 1),
    .plies = 1,
    .range = 16,
  };
  guint length = self->game ? verso_game_get_length (self->game) : 0;
  int largest = 0;

  if (self->game) {
    const Position *start = verso_record_get_start (verso_game_get_record (self->game));
    plot.plies = MAX (length, (guint) (BOARD_SQUARES - board_count (position_black (start) | position_white (start))));
  }
  plot.plies = MAX (plot.plies, 1);
  for (guint ply = 1; ply <= length; ply++) {
    VersoMoveScore score = verso_game_get_move_score (self->game, ply);
    if (score.known)
      largest = MAX (largest, ABS (score.score));
  }
  while (plot.range < largest && plot.range < MAX_SCORE)
    plot.range *= 2;
  return plot;
}

/* The ply whose x is nearest to x. */
static guint ply_at (VersoEvalGraph *self, double x)
{
  Plot plot = graph_plot (self);
  guint length = self->game ? verso_game_get_length (self->game) : 0;
  double ply = round ((x - plot.left) / (plot.right - plot.left) * plot.plies);

  return (guint) CLAMP (ply, 0, (double) length);
}

/* The first ply from which every known score is exact, or 0 when the last known one is not. */
static guint first_exact_ply (VersoEvalGraph *self)
{
  guint first = 0;

  for (guint ply = verso_game_get_length (self->game); ply >= 1; ply--) {
    VersoMoveScore score = verso_game_get_move_score (self->game, ply);
    if (!score.known)
      continue;
    if (!score.exact)
      break;
    first = ply;
  }
  return first;
}

/* Text */

/* "Black +6", "White +3" or "Even": who leads, from a score for Black. */
static char *describe_score (int score)
{
  if (score > 0)
    /* Translators: the evaluation graph's reading: Black is predicted to win by this many discs */
    return g_strdup_printf (_("Black +%d"), score);
  if (score < 0)
    /* Translators: the evaluation graph's reading: White is predicted to win by this many discs */
    return g_strdup_printf (_("White +%d"), -score);
  /* Translators: the evaluation graph's reading: a draw is predicted */
  return g_strdup (_("Even"));
}

/* Accessibility: the move shown, its score and its time, then the trend: who leads at the last
 * scored move and since which move. */
static void update_description (VersoEvalGraph *self)
{
  g_autoptr (GString) text = g_string_new (NULL);
  guint length = self->game ? verso_game_get_length (self->game) : 0;
  guint ply = self->game ? verso_game_get_ply (self->game) : 0;
  guint last_known = 0, leader_since = 0;
  int last_sign = 0;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) length,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) ply, -1);
  if (length == 0) {
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    _("No moves yet."), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT,
                                    _("No moves yet."), -1);
    return;
  }

  if (ply == 0) {
    /* Translators: the evaluation graph shows the start, before move 1 of 41 */
    g_string_append_printf (text, _("Start, %u moves recorded"), length);
  } else {
    VersoMoveScore score = verso_game_get_move_score (self->game, ply);
    double seconds = verso_game_get_move_seconds (self->game, ply);
    /* Translators: the evaluation graph's current move, e.g. "Move 23 of 41" */
    g_string_append_printf (text, _("Move %u of %u"), ply, length);
    if (score.known) {
      g_autofree char *reading = describe_score (score.score);
      g_string_append_printf (text, ": %s", reading);
      if (score.exact)
        /* Translators: after a score in the evaluation graph: it is the exact result */
        g_string_append_printf (text, " %s", _("(exact)"));
    } else {
      /* Translators: after the current move in the evaluation graph: it has no score yet */
      g_string_append_printf (text, ": %s", _("not analysed"));
    }
    /* The time the move took, when the clock knows it, as the move list says it (a pass, played
     * at once, has none). */
    if (seconds >= 0 && verso_record_get_move (verso_game_get_record (self->game), ply) != BOARD_PASS) {
      g_autofree char *duration = verso_format_duration (seconds);
      g_string_append (text, ", ");
      g_string_append_printf (text, _("played in %s"), duration);
    }
  }
  g_string_append (text, ".");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text->str, -1);

  /* The trend: the lead at the last scored move, and the move since which that side has it. */
  for (guint i = 1; i <= length; i++) {
    VersoMoveScore score = verso_game_get_move_score (self->game, i);
    int sign;
    if (!score.known)
      continue;
    sign = score.score > 0 ? 1 : score.score < 0 ? -1 : 0;
    if (sign != last_sign || leader_since == 0)
      leader_since = i;
    last_sign = sign;
    last_known = i;
  }
  if (last_known > 0) {
    VersoMoveScore last = verso_game_get_move_score (self->game, last_known);
    g_autofree char *reading = describe_score (last.score);
    if (last_sign == 0)
      /* Translators: the evaluation graph's trend: the score at the last scored move is even */
      g_string_append_printf (text, " %s", _("Even at the last scored move."));
    else
      /* Translators: the evaluation graph's trend, e.g. "Black +6 at move 41, ahead since move 14." */
      g_string_append_printf (text, _(" %s at move %u, ahead since move %u."), reading, last_known, leader_since);
  } else {
    g_string_append_printf (text, " %s", _("No move analysed yet."));
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text->str, -1);
}

/* Drawing */

/* Each run of known plies: the area between the line and zero (pass 0 above zero in the black
 * discs' colour, pass 1 below in the white discs'), then the line over both (pass 2); the line
 * breaks where a ply is not known, and a lone known ply is a dot. */
static void draw_runs (VersoEvalGraph *self, cairo_t *cr, const Plot *plot)
{
  guint length = verso_game_get_length (self->game);
  double zero = plot_y (plot, 0);
  double line = 1.5 * self->theme.drawn->mark_scale;

  for (int pass = 0; pass < 3; pass++) {
    guint first = 0;
    for (guint ply = 1; ply <= length + 1; ply++) {
      gboolean known = ply <= length && verso_game_get_move_score (self->game, ply).known;
      if (known && first == 0)
        first = ply;
      if (known || first == 0)
        continue;
      /* A run of known plies: first .. ply - 1. */
      if (pass < 2) {
        cairo_save (cr);
        if (pass == 0)
          cairo_rectangle (cr, plot->left, plot->top, plot->right - plot->left, zero - plot->top);
        else
          cairo_rectangle (cr, plot->left, zero, plot->right - plot->left, plot->bottom - zero);
        cairo_clip (cr);
        cairo_move_to (cr, plot_x (plot, first), zero);
        for (guint i = first; i < ply; i++)
          cairo_line_to (cr, plot_x (plot, i), plot_y (plot, verso_game_get_move_score (self->game, i).score));
        cairo_line_to (cr, plot_x (plot, ply - 1), zero);
        cairo_close_path (cr);
        verso_paint_set_color (cr, pass == 0 ? &self->theme.drawn->black.edge : &self->theme.drawn->white.shine, 1);
        cairo_fill (cr);
        cairo_restore (cr);
      } else {
        for (guint i = first; i < ply; i++) {
          double x = plot_x (plot, i), y = plot_y (plot, verso_game_get_move_score (self->game, i).score);
          if (i == first)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
        if (first == ply - 1) {
          cairo_new_path (cr);
          cairo_arc (cr, plot_x (plot, first), plot_y (plot, verso_game_get_move_score (self->game, first).score),
                     line * 1.5, 0, 2 * G_PI);
          verso_paint_set_color (cr, &self->theme.drawn->lines, 1);
          cairo_fill (cr);
        } else {
          cairo_set_line_width (cr, line);
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          verso_paint_set_color (cr, &self->theme.drawn->lines, 1);
          cairo_stroke (cr);
        }
      }
      first = 0;
    }
  }
}

static void draw_scale (VersoEvalGraph *self, cairo_t *cr, const Plot *plot)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");
  g_autofree char *top = verso_format_score (plot->range);
  g_autofree char *bottom = verso_format_score (-plot->range);
  int width, height;

  pango_font_description_set_absolute_size (font, 9 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  verso_paint_set_color (cr, &self->theme.drawn->labels, 0.9);
  pango_layout_set_text (layout, top, -1);
  cairo_move_to (cr, plot->left + 3, plot->top + 1);
  pango_cairo_show_layout (cr, layout);
  pango_layout_set_text (layout, bottom, -1);
  pango_layout_get_pixel_size (layout, &width, &height);
  cairo_move_to (cr, plot->left + 3, plot->bottom - height - 1);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void verso_eval_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  VersoEvalGraph *self = VERSO_EVAL_GRAPH (widget);
  const VersoBoardTheme *theme = self->theme.drawn;
  Plot plot = graph_plot (self);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  double zero = plot_y (&plot, 0);
  cairo_t *cr;

  if (width <= 2 * PADDING || height <= 2 * PADDING)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* The plot in the board's frame, on the squares' colour a shade darker: it is not a board (the
   * window tests find the board by its squares' colour). */
  verso_paint_rounded_rectangle (cr, plot.left - 2, plot.top - 2, plot.right - plot.left + 4, plot.bottom - plot.top + 4, 6);
  verso_paint_set_color (cr, &theme->frame, 1);
  cairo_fill (cr);
  cairo_rectangle (cr, plot.left, plot.top, plot.right - plot.left, plot.bottom - plot.top);
  verso_paint_set_color (cr, &theme->squares, 1);
  cairo_fill_preserve (cr);
  verso_paint_set_color (cr, &theme->frame, 0.25);
  cairo_fill (cr);

  if (self->game) {
    guint exact = first_exact_ply (self);
    guint ply = verso_game_get_ply (self->game);

    /* The exact part: a lighter band from the first exact ply to the end. */
    if (exact > 0) {
      cairo_rectangle (cr, plot_x (&plot, exact), plot.top, plot.right - plot_x (&plot, exact), plot.bottom - plot.top);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.18);
      cairo_fill (cr);
    }

    draw_runs (self, cr, &plot);

    /* The zero line over the areas. */
    cairo_move_to (cr, plot.left, zero);
    cairo_line_to (cr, plot.right, zero);
    cairo_set_line_width (cr, 1);
    verso_paint_set_color (cr, &theme->lines, 1);
    cairo_stroke (cr);

    if (exact > 0) {
      double x = plot_x (&plot, exact);
      static const double dash[] = { 3, 3 };
      cairo_move_to (cr, x, plot.top);
      cairo_line_to (cr, x, plot.bottom);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      verso_paint_set_color (cr, &theme->labels, 1);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

    draw_scale (self, cr, &plot);

    /* The move shown: a line across the plot and a dot on its score, in the hint's colour (the
     * keyboard cursor's blue is the accent colour that marks the move shown in the list). */
    {
      double x = plot_x (&plot, ply);
      double line = MAX (2 * theme->mark_scale, 2);
      VersoMoveScore score = ply > 0 ? verso_game_get_move_score (self->game, ply) : (VersoMoveScore) { 0 };

      cairo_move_to (cr, x, plot.top);
      cairo_line_to (cr, x, plot.bottom);
      cairo_set_line_width (cr, line);
      verso_paint_set_color (cr, &theme->hint, 1);
      cairo_stroke (cr);
      if (score.known) {
        cairo_arc (cr, x, plot_y (&plot, score.score), line * 2, 0, 2 * G_PI);
        cairo_fill_preserve (cr);
        cairo_set_line_width (cr, 1);
        verso_paint_set_color (cr, &theme->frame, 1);
        cairo_stroke (cr);
      }
    }
  }
  cairo_destroy (cr);
}

/* Following the game */

static void on_game_changed (VersoGame *game, VersoEvalGraph *self)
{
  update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void on_move_scored (VersoGame *game, guint ply, VersoEvalGraph *self)
{
  on_game_changed (game, self);
}

void verso_eval_graph_set_game (VersoEvalGraph *self, VersoGame *game)
{
  g_return_if_fail (VERSO_IS_EVAL_GRAPH (self));

  if (self->game == game)
    return;
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  on_game_changed (game, self);
}

/* Input */

static void go_to (VersoEvalGraph *self, guint ply)
{
  if (self->game && ply != verso_game_get_ply (self->game))
    verso_game_go_to (self->game, ply);
}

/* One move back or forward; the position before a forced pass shows the one after it, so a step
 * over a pass may land where it already is: then one more (as the window's go-back does). */
static void step (VersoEvalGraph *self, int direction)
{
  guint ply = verso_game_get_ply (self->game), length = verso_game_get_length (self->game);

  for (guint target = ply; verso_game_get_ply (self->game) == ply;) {
    if ((direction < 0 && target == 0) || (direction > 0 && target >= length))
      break;
    target = direction < 0 ? target - 1 : target + 1;
    verso_game_go_to (self->game, target);
  }
}

static void on_drag_begin (GtkGestureDrag *gesture, double x, double y, VersoEvalGraph *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  go_to (self, ply_at (self, x));
}

static void on_drag_update (GtkGestureDrag *gesture, double offset_x, double offset_y, VersoEvalGraph *self)
{
  double start_x, start_y;

  if (gtk_gesture_drag_get_start_point (gesture, &start_x, &start_y))
    go_to (self, ply_at (self, start_x + offset_x));
}

static gboolean on_key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode,
                                GdkModifierType state, VersoEvalGraph *self)
{
  if (!self->game || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)))
    return GDK_EVENT_PROPAGATE;

  switch (keyval) {
  case GDK_KEY_Left: case GDK_KEY_KP_Left: step (self, -1); break;
  case GDK_KEY_Right: case GDK_KEY_KP_Right: step (self, 1); break;
  case GDK_KEY_Home: case GDK_KEY_KP_Home: go_to (self, 0); break;
  case GDK_KEY_End: case GDK_KEY_KP_End: go_to (self, verso_game_get_length (self->game)); break;
  default: return GDK_EVENT_PROPAGATE;
  }
  return GDK_EVENT_STOP;
}

/* Object */

static void verso_eval_graph_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  VersoEvalGraph *self = VERSO_EVAL_GRAPH (object);

  switch (prop_id) {
  case PROP_THEME: g_value_set_string (value, self->theme.chosen->name); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void verso_eval_graph_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  VersoEvalGraph *self = VERSO_EVAL_GRAPH (object);

  switch (prop_id) {
  case PROP_THEME: verso_theme_choice_set (&self->theme, g_value_get_string (value), pspec); break;
  default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void verso_eval_graph_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                                      int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = 120;
  else
    *minimum = *natural = CLAMP (for_size / 2, GRAPH_HEIGHT, GRAPH_MOST_HEIGHT);
}

/* Taller as the side pane is wider (its width is a share of the window's). */
static GtkSizeRequestMode verso_eval_graph_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void verso_eval_graph_dispose (GObject *object)
{
  VersoEvalGraph *self = VERSO_EVAL_GRAPH (object);

  verso_eval_graph_set_game (self, NULL);
  g_clear_object (&self->game_signals);
  verso_theme_choice_clear (&self->theme);
  G_OBJECT_CLASS (verso_eval_graph_parent_class)->dispose (object);
}

static void verso_eval_graph_class_init (VersoEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = verso_eval_graph_dispose;
  object_class->get_property = verso_eval_graph_get_property;
  object_class->set_property = verso_eval_graph_set_property;
  widget_class->snapshot = verso_eval_graph_snapshot;
  widget_class->measure = verso_eval_graph_measure;
  widget_class->get_request_mode = verso_eval_graph_get_request_mode;

  /* The board theme's name (the board-theme setting): the graph uses the board's colours. */
  properties[PROP_THEME] = verso_theme_choice_param_spec ();
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  /* A slider over the moves: its value is the move shown, as the arrow keys change it. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);
}

static void verso_eval_graph_init (VersoEvalGraph *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->game_signals = g_signal_group_new (VERSO_TYPE_GAME);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (on_game_changed), self);
  g_signal_group_connect (self->game_signals, "move-scored", G_CALLBACK (on_move_scored), self);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  verso_theme_choice_init (&self->theme, GTK_WIDGET (self));

  /* Translators: the tooltip of the graph of the scores after each move */
  gtk_widget_set_tooltip_text (GTK_WIDGET (self),
                               _("The predicted final score after each move: Black's lead above the line, "
                                 "White's below; the lighter part is exact. Click or use the arrow keys "
                                 "to go to a move."));
  /* Translators: the accessible name of the graph of the scores after each move */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation graph"), -1);
  update_description (self);
}

