/* verso-board-view.c: the board view: the game's position in square cells that scale with the
 * widget, drawn (-draw.c) and animated (-animation.c), played with clicks and keys (-input.c) and
 * described to screen readers (-accessible.c). This file holds the object and its setters. */
#include "verso-board-view-private.h"

#include <glib/gi18n.h>
#include <math.h>

G_DEFINE_FINAL_TYPE (VersoBoardView, verso_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SHOW_LEGAL_MOVES,
  PROP_SHOW_LAST_MOVE,
  PROP_SHOW_COORDINATES,
  PROP_ANIMATE,
  PROP_SHOW_MOVE_NUMBERS,
  PROP_SHOW_FLIPS,
  PROP_ORIENTATION,
  PROP_THEME,
  PROP_LINE,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

enum { SIGNAL_SQUARE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

Geometry verso_board_view_geometry (VersoBoardView *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double size = MIN (width, height);
  Geometry geometry;

  geometry.frame = self->show_coordinates ? MAX (round (size * 0.05), 16) : MAX (round (size * 0.02), 6);
  geometry.cell = MAX (floor ((size - 2 * geometry.frame) / 8), 4);
  geometry.x = floor ((width - 8 * geometry.cell) / 2);
  geometry.y = floor ((height - 8 * geometry.cell) / 2);
  geometry.orientation = self->orientation;
  return geometry;
}

/* The discs drawn: those of the position being set up, or the game's. */
guint64 verso_board_view_shown_discs (VersoBoardView *self, VersoColor color)
{
  if (self->editing)
    return color == VERSO_COLOR_BLACK ? position_black (&self->edit_position) : position_white (&self->edit_position);
  return self->game ? verso_game_get_discs (self->game, color) : 0;
}

/* The analysed move on square that has a score to show, or NULL: only legal moves of the position
 * shown, so that scores of a position left behind never show. */
const AnalysisMove *verso_board_view_scored_move (VersoBoardView *self, int square)
{
  const AnalysisMove *move;

  if (!self->scores || self->editing || !self->game || !(verso_game_get_legal_moves (self->game) & board_bit (square)))
    return NULL;
  move = analysis_find (self->scores, square);
  return move && (move->depth > 0 || move->exact) ? move : NULL;
}

gboolean verso_board_view_is_best_score (VersoBoardView *self, const AnalysisMove *move)
{
  int best;

  return analysis_best_score (self->scores, &best) && move->score == best;
}

static void on_changed (VersoGame *game, VersoBoardView *self)
{
  /* Undo and redo show their position at once. */
  if (self->anim_start && self->anim_ply != verso_game_get_ply (game))
    verso_board_view_stop_animation (self);
  self->hint = -1;
  verso_board_view_update_line (self);
  verso_board_view_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void verso_board_view_set_edit_position (VersoBoardView *self, const Position *position)
{
  g_return_if_fail (VERSO_IS_BOARD_VIEW (self));

  verso_board_view_stop_animation (self);
  self->editing = position != NULL;
  if (position)
    self->edit_position = *position;
  self->hint = -1;
  verso_board_view_update_description (self);
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
  verso_board_view_update_line (self);
  verso_board_view_update_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void verso_board_view_set_hint (VersoBoardView *self, int square)
{
  g_return_if_fail (VERSO_IS_BOARD_VIEW (self));

  self->hint = square >= 0 && square < BOARD_SQUARES ? square : -1;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void verso_board_view_notify_line (VersoBoardView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINE]);
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

  if (self->game == game)
    return;
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  verso_board_view_stop_animation (self);
  self->hint = -1;
  verso_board_view_update_description (self);
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

static void set_orientation (VersoBoardView *self, const char *nick)
{
  VersoOrientation orientation = verso_orientation_from_nick (nick);

  if (self->orientation == orientation)
    return;
  self->orientation = orientation;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ORIENTATION]);
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
  case PROP_SHOW_MOVE_NUMBERS: g_value_set_boolean (value, self->show_move_numbers); break;
  case PROP_SHOW_FLIPS: g_value_set_boolean (value, self->show_flips); break;
  case PROP_ORIENTATION: g_value_set_string (value, verso_orientation_to_nick (self->orientation)); break;
  case PROP_THEME: g_value_set_string (value, self->theme.chosen->name); break;
  case PROP_LINE: g_value_set_string (value, self->line); break;
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
  case PROP_SHOW_MOVE_NUMBERS:
    set_flag (self, &self->show_move_numbers, g_value_get_boolean (value), prop_id);
    verso_board_view_update_description (self);
    break;
  case PROP_SHOW_FLIPS: set_flag (self, &self->show_flips, g_value_get_boolean (value), prop_id); break;
  case PROP_ORIENTATION: set_orientation (self, g_value_get_string (value)); break;
  case PROP_THEME: verso_theme_choice_set (&self->theme, g_value_get_string (value), pspec); break;
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

  verso_board_view_stop_animation (self);
  verso_board_view_set_game (self, NULL);
  g_clear_object (&self->game_signals);
  verso_theme_choice_clear (&self->theme);
  verso_board_view_clear_cached_nodes (self);
  g_clear_pointer (&self->scores, g_free);
  g_clear_pointer (&self->line, g_free);
  G_OBJECT_CLASS (verso_board_view_parent_class)->dispose (object);
}

/* A boolean property that says whether the board shows something. */
static GParamSpec *flag_property (const char *name, gboolean default_value)
{
  return g_param_spec_boolean (name, NULL, NULL, default_value,
                               G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
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
  properties[PROP_SHOW_LEGAL_MOVES] = flag_property ("show-legal-moves", TRUE);
  properties[PROP_SHOW_LAST_MOVE] = flag_property ("show-last-move", TRUE);
  properties[PROP_SHOW_COORDINATES] = flag_property ("show-coordinates", FALSE);
  properties[PROP_ANIMATE] = flag_property ("animate", TRUE);
  properties[PROP_SHOW_MOVE_NUMBERS] = flag_property ("show-move-numbers", FALSE);
  properties[PROP_SHOW_FLIPS] = flag_property ("show-flips", TRUE);
  /* The board-orientation setting's nick ("normal", "rotate-90" ...: verso-board-view-orientation.h). */
  properties[PROP_ORIENTATION] =
    g_param_spec_string ("orientation", NULL, NULL, "normal",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THEME] = verso_theme_choice_param_spec ();
  properties[PROP_LINE] =
    g_param_spec_string ("line", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_SQUARE_ACTIVATED] =
    g_signal_new ("square-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void verso_board_view_init (VersoBoardView *self)
{
  self->game_signals = g_signal_group_new (VERSO_TYPE_GAME);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (on_changed), self);
  g_signal_group_connect (self->game_signals, "move-played", G_CALLBACK (verso_board_view_animate_move), self);
  self->show_legal_moves = TRUE;
  self->show_last_move = TRUE;
  self->animate = TRUE;
  self->show_flips = TRUE;
  self->hover = -1;
  self->hint = -1;
  self->cursor = board_square (3, 2); /* d3, a first move for black */

  verso_board_view_input_init (self);
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

/* The task's texts name squares: the board names its rows and columns. */
#define TASK_BOARD_MIN_SIZE 280

GtkWidget *verso_board_view_new_for_task (const char *name)
{
  GtkWidget *board = verso_board_view_new ();

  gtk_widget_set_vexpand (board, TRUE);
  gtk_widget_set_size_request (board, TASK_BOARD_MIN_SIZE, TASK_BOARD_MIN_SIZE);
  g_object_set (board, "show-coordinates", TRUE, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return board;
}
