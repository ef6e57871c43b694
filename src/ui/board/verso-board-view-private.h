/* verso-board-view-private.h: the board view's state, shared by the files that make up the view:
 * verso-board-view.c (the object, its properties and setters), -draw.c, -animation.c, -input.c,
 * -line.c and -accessible.c; -orientation.c turns squares into the cells where they are drawn. */
#pragma once

#include "verso-board-view.h"
#include "verso-board-view-orientation.h"
#include "verso-theme-choice.h"

G_BEGIN_DECLS

/* A flipped disc turns over in FLIP_USEC; each step of distance from the move delays it by
 * STEP_USEC, so the flips spread out from the played square. */
#define FLIP_USEC 160000
#define STEP_USEC 35000
#define PLACE_USEC 120000
#define FLASH_USEC 450000

struct _VersoBoardView {
  GtkWidget parent_instance;

  VersoGame *game;
  GSignalGroup *game_signals;  /* "changed" and "move-played" of game */

  gboolean show_legal_moves, show_last_move, show_coordinates, animate;
  gboolean show_move_numbers;  /* each disc placed by a move shows that move's ply */
  gboolean show_flips;         /* the discs a legal move would flip, marked under the pointer */
  VersoOrientation orientation;
  VersoThemeChoice theme;  /* the board-theme setting, or high contrast when the desktop asks */

  int hover;          /* square under the pointer, or -1 */
  int cursor;         /* keyboard cursor square */
  gboolean cursor_shown;
  int hint;           /* -1 when none */
  Analysis *scores;   /* the analysis of the position shown, or NULL */
  char *line;         /* the text of the line shown (verso-board-view-line.c), or NULL */
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
  VersoOrientation cached_orientation;
};

typedef struct {
  double x, y;    /* top left of a1's cell */
  double cell;
  double frame;
  VersoOrientation orientation;  /* which cell each square is drawn in */
} Geometry;

/* verso-board-view.c */
Geometry verso_board_view_geometry (VersoBoardView *self);
/* The discs drawn: those of the position being set up, or the game's. */
guint64 verso_board_view_shown_discs (VersoBoardView *self, VersoColor color);
const AnalysisMove *verso_board_view_scored_move (VersoBoardView *self, int square);
gboolean verso_board_view_is_best_score (VersoBoardView *self, const AnalysisMove *move);

/* verso-board-view-draw.c */
void verso_board_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot);
void verso_board_view_clear_cached_nodes (VersoBoardView *self);

/* verso-board-view-animation.c */
gint64 verso_board_view_frame_time (VersoBoardView *self);
double verso_board_view_flip_progress (VersoBoardView *self, int square, gint64 now);
void verso_board_view_stop_animation (VersoBoardView *self);
/* The game's "move-played": the placed disc grows and the flipped ones turn over. */
void verso_board_view_animate_move (VersoGame *game, int square, guint64 flips, VersoBoardView *self);

/* verso-board-view-input.c */
void verso_board_view_input_init (VersoBoardView *self);
/* The square whose flips are previewed: a legal move under the pointer, else under the focused
 * keyboard cursor, on a person's turn with no animation running; -1 when none. */
int verso_board_view_preview_square (VersoBoardView *self);

/* verso-board-view-line.c */
/* The scored move whose line is shown: under the pointer, else under the focused cursor. */
const AnalysisMove *verso_board_view_line_move (VersoBoardView *self);
/* After the pointer, the cursor, the focus, the scores or the position changed: "notify::line". */
void verso_board_view_update_line (VersoBoardView *self);
/* Whether the line shown puts a numbered disc on square (its score chip then gives way). */
gboolean verso_board_view_line_covers (VersoBoardView *self, int square);
void verso_board_view_snapshot_line (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g);

/* verso-board-view-draw.c: a translucent disc of color on square with number on it. */
void verso_board_view_draw_numbered_disc (VersoBoardView *self, GtkSnapshot *snapshot, const Geometry *g,
                                          int square, VersoColor color, int number, PangoLayout *layout,
                                          const VersoBoardTheme *theme);

/* verso-board-view.c */
void verso_board_view_notify_line (VersoBoardView *self);

/* verso-board-view-accessible.c */
void verso_board_view_update_description (VersoBoardView *self);

G_END_DECLS
