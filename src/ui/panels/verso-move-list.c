/* verso-move-list.c: a view of the game's record: one row per move number, black's move then
 * white's, each a button that shows the position after it. The move shown is highlighted and
 * scrolled into view; the moves after it stay, greyed, since redo reaches them. Where the line
 * branches, the other moves recorded there are listed under it (verso-move-list-branches.c). The
 * time a move took, when the game's clock knows it, and the coach's grade follow its square, with
 * the coach's summary and the progress of Analyse Game below. */
#include "verso-move-list-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "notation.h"
#include "verso-board-view.h"
#include "verso-game-analysis.h"


G_DEFINE_FINAL_TYPE (VersoMoveList, verso_move_list, GTK_TYPE_WIDGET)

char *verso_move_list_move_name (int move)
{
  char name[3];

  if (move == BOARD_PASS)
    /* Translators: a pass in the list of moves */
    return g_strdup (C_("move", "pass"));
  notation_format_square (move, name);
  return g_strdup (name);
}

/* The style class of each grade (style.css colours them), indexed by VersoGrade. */
static const char *const grade_classes[] = { NULL, "best", "good", "inaccuracy", "mistake", "blunder" };

static VersoColor move_color (VersoMoveList *self, guint ply)
{
  return move_side (self, ply) == POSITION_BLACK ? VERSO_COLOR_BLACK : VERSO_COLOR_WHITE;
}

/* The list grades people's moves; the computer's too once the window has analysed the game. */
static gboolean shows_grades_of (VersoMoveList *self, VersoColor color)
{
  return self->game && (self->grade_computer || verso_game_get_player (self->game, color) == VERSO_PLAYER_HUMAN);
}

/* "Mistake" from "mistake": the grade opens the tooltip. */
static char *capitalised (const char *text)
{
  gunichar first = g_utf8_get_char (text);
  char title[8] = { 0 };

  g_unichar_to_utf8 (g_unichar_totitle (first), title);
  return g_strconcat (title, g_utf8_next_char (text), NULL);
}

/* How a grade was found, as the status line says it of the scores on the board: "book move"
 * for a move graded from the opening book, "exact" when both scores are, else the depth of the
 * shallower. */
static char *found_how (const VersoMoveScore *score)
{
  if (score->book)
    /* Translators: after a move's grade in its tooltip, e.g. "Best move (+1) · book move": the
     * move and its grade come from the opening book, not a search. */
    return g_strdup (_("book move"));
  if (score->exact)
    return g_strdup (C_("scores", "exact"));
  return g_strdup_printf (_("depth %d"), MIN (score->depth, score->best_depth));
}

/* Shows the time move ply took beside its square ("0:12", "1:05"), or nothing when it is not
 * known (a game without a clock looks as it always did); returns what a screen reader says of
 * it ("played in 12 seconds"), or NULL. */
static char *update_time (VersoMoveList *self, guint ply)
{
  GtkWidget *label = g_ptr_array_index (self->times, ply - 1);
  /* A pass shows none: the game plays it at once for a side without a move. */
  double seconds = g_array_index (self->moves, int, ply - 1) == BOARD_PASS
                   ? -1 : verso_game_get_move_seconds (self->game, ply);
  g_autofree char *text = NULL;
  g_autofree char *duration = NULL;

  gtk_widget_set_visible (label, seconds >= 0);
  if (seconds < 0)
    return NULL;
  text = verso_format_clock (seconds, 0);
  gtk_label_set_text (GTK_LABEL (label), text);
  duration = verso_format_duration (seconds);
  /* Translators: how long a move took, after the move in the move list's accessible names and
   * in the evaluation graph's reading, e.g. "12. White e3, played in 1 minute 5 seconds" */
  return g_strdup_printf (_("played in %s"), duration);
}

/* Shows the grade of move ply beside its square, in its tooltip (with how it was found) and in its accessible name,
 * or only the move when it has none (not analysed, a pass, or a move the list does not grade);
 * the name ends with the time the move took, when it is known. */
static void update_grade (VersoMoveList *self, guint ply)
{
  GtkWidget *button = g_ptr_array_index (self->buttons, ply - 1);
  GtkWidget *label = g_ptr_array_index (self->grades, ply - 1);
  g_autofree char *taken = update_time (self, ply);
  int side = move_side (self, ply);
  g_autofree char *name = verso_move_list_move_name (g_array_index (self->moves, int, ply - 1));
  g_autofree char *move = NULL;
  g_autofree char *accessible = NULL;
  VersoMoveScore score = { 0 };

  /* Translators: the accessible name of a move in the list: its number, who played it and the
   * square or "pass", e.g. "12. White e3" */
  move = g_strdup_printf (side == POSITION_BLACK ? _("%u. Black %s") : _("%u. White %s"),
                          move_row (self, ply) + 1, name);
  if (shows_grades_of (self, move_color (self, ply)))
    score = verso_game_get_move_score (self->game, ply);
  for (guint i = 1; i < G_N_ELEMENTS (grade_classes); i++)
    gtk_widget_remove_css_class (label, grade_classes[i]);

  if (!score.known || score.grade <= VERSO_GRADE_NONE || score.grade > VERSO_GRADE_BLUNDER) {
    gtk_widget_set_visible (label, FALSE);
    /* The moves of a balanced start are never graded: they were drawn, not chosen. */
    gtk_widget_set_tooltip_text (button, ply <= verso_game_get_given_moves (self->game)
                                         ? _("Drawn for the balanced start") : NULL);
    accessible = g_steal_pointer (&move);
  } else {
    int mover_score = side == POSITION_BLACK ? score.score : -score.score;
    g_autofree char *best = verso_format_score (mover_score + score.loss);
    g_autofree char *grade = capitalised (verso_grade_get_name (score.grade));
    g_autofree char *tooltip = NULL;
    g_autofree char *how = NULL;
    g_autofree char *tooltip_how = NULL;
    g_autofree char *mark = NULL;

    if (score.grade == VERSO_GRADE_BEST) {
      /* A dot: the best move needs no number. */
      mark = g_strdup ("●");
      /* Translators: the tooltip of a move that was the best one, with the final disc difference
       * the engine predicts after it for its player, e.g. "Best move (+2)" */
      tooltip = g_strdup_printf (_("Best move (%s)"), best);
      /* Translators: the accessible name of a move graded best, e.g. "12. White e3, best move" */
      accessible = g_strdup_printf (_("%s, best move"), move);
    } else {
      g_autofree char *best_name = verso_move_list_move_name (score.best_move);
      mark = verso_format_score (-score.loss);
      /* Translators: the tooltip of a graded move: its grade, the discs it lost against the best
       * move, that move and its predicted final disc difference, e.g.
       * "Mistake: 7 discs lost; best was c4 (+2)" */
      tooltip = g_strdup_printf (ngettext ("%s: %d disc lost; best was %s (%s)",
                                           "%s: %d discs lost; best was %s (%s)", score.loss),
                                 grade, score.loss, best_name, best);
      /* Translators: the accessible name of a graded move: the move, its grade and the discs it
       * lost, e.g. "12. White e3, mistake, 7 discs lost" */
      accessible = g_strdup_printf (ngettext ("%s, %s, %d disc lost", "%s, %s, %d discs lost", score.loss),
                                    move, verso_grade_get_name (score.grade), score.loss);
    }
    gtk_label_set_text (GTK_LABEL (label), mark);
    gtk_widget_add_css_class (label, grade_classes[score.grade]);
    gtk_widget_set_visible (label, TRUE);
    how = found_how (&score);
    tooltip_how = g_strdup_printf ("%s · %s", tooltip, how);
    if (score.grade != VERSO_GRADE_BEST) {
      const Analysis *before = verso_game_get_analysis (self->game, ply - 1);
      g_autofree char *line = before ? verso_format_line_moves (analysis_find (before, score.best_move)) : NULL;
      if (line) {
        /* Translators: under a graded move's tooltip: the line the engine expected after the best
         * move, e.g. "Better line: c4 d3 c3 …" */
        char *with_line = g_strdup_printf (_("%s\nBetter line: %s"), tooltip_how, line);
        g_free (tooltip_how);
        tooltip_how = with_line;
      }
    }
    gtk_widget_set_tooltip_text (button, tooltip_how);
  }
  if (taken) {
    char *with_time = g_strdup_printf ("%s, %s", accessible, taken);
    g_free (accessible);
    accessible = with_time;
  }
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
}

static void scroll_to_current (VersoMoveList *self);

/* A colour's summary is shown while the coach grades the game as it is played, and otherwise
 * once at least half its moves are graded (Analyse Game goes through them all): a hint or the
 * scores of a few positions of a record grade a move here and there, which is no account of the
 * game ("Reviewed 1 of 32 moves"). */
static char *colour_summary (VersoMoveList *self, VersoColor color)
{
  VersoCoachSummary summary;

  if (!shows_grades_of (self, color))
    return NULL;
  summary = verso_game_get_coach_summary (self->game, color);
  if (summary.graded == 0 || (!verso_game_get_coach (self->game) && summary.graded * 2 < summary.moves))
    return NULL;
  return verso_coach_summary_describe (&summary);
}

/* The first line of the coach's account of each graded colour (verso_coach_summary_describe) as
 * the expander's title, so that the moves keep most of the pane; the whole of each, a blank line
 * between the two, with the thresholds of the grades, inside it. Hidden while no colour has one. */
static void update_summary (VersoMoveList *self)
{
  char *lines[2] = { NULL, NULL };
  gboolean both;
  g_autoptr (GString) headline = g_string_new (NULL);
  g_autoptr (GString) details = g_string_new (NULL);

  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE && self->game; color++)
    lines[color] = colour_summary (self, color);
  both = lines[VERSO_COLOR_BLACK] && lines[VERSO_COLOR_WHITE];
  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++) {
    g_autofree char *first = NULL;

    if (!lines[color])
      continue;
    first = g_strndup (lines[color], strcspn (lines[color], "\n"));
    if (headline->len)
      g_string_append (headline, "\n");
    if (details->len)
      g_string_append (details, "\n\n");
    if (both) {
      /* Translators: the coach's summary of one colour's moves in the move list, e.g.
       * "Black: 1 blunder, 3 mistakes" with more lines after it */
      g_string_append_printf (headline, color == VERSO_COLOR_BLACK ? _("Black: %s") : _("White: %s"), first);
      g_string_append_printf (details, color == VERSO_COLOR_BLACK ? _("Black: %s") : _("White: %s"), lines[color]);
    } else {
      g_string_append (headline, first);
      g_string_append (details, lines[color]);
    }
  }
  g_free (lines[0]);
  g_free (lines[1]);
  gtk_label_set_text (GTK_LABEL (self->summary_label), headline->str);
  gtk_label_set_text (GTK_LABEL (self->details_label), details->str);
  if (gtk_widget_get_visible (self->summary_expander) != (headline->len > 0)) {
    gtk_widget_set_visible (self->summary_expander, headline->len > 0);
    /* The list just grew or shrank: the current move may have left its visible part. */
    scroll_to_current (self);
  }
}

/* "Discs lost: best 0 · good 1–2 · inaccuracy 3–5 · mistake 6–11 · blunder 12+", with the
 * grades named as everywhere else; each grade stays on one line with its range. */
static char *legend_text (void)
{
  static const char *const ranges[] = { NULL, "0", "1\u2060–\u20602", "3\u2060–\u20605", "6\u2060–\u206011", "12+" };
  g_autoptr (GString) grades = g_string_new (NULL);

  for (VersoGrade grade = VERSO_GRADE_BEST; grade <= VERSO_GRADE_BLUNDER; grade++) {
    if (grades->len)
      g_string_append (grades, " · ");
    g_string_append_printf (grades, "%s\u00a0%s", verso_grade_get_name (grade), ranges[grade]);
  }
  /* Translators: the thresholds of the coach's grades under the move list; %s lists them,
   * e.g. "best 0 · good 1–2 · inaccuracy 3–5 · mistake 6–11 · blunder 12+" */
  return g_strdup_printf (_("Discs lost: %s"), grades->str);
}

static void update_grades (VersoMoveList *self)
{
  for (guint ply = 1; ply <= self->buttons->len; ply++)
    update_grade (self, ply);
  update_summary (self);
}

static void on_move_clicked (GtkButton *button, VersoMoveList *self)
{
  guint ply = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "ply"));

  if (self->game && ply <= verso_game_get_length (self->game))
    verso_game_go_to (self->game, ply);
}

/* Removes the buttons of moves after ply, and the rows left empty. */
static void truncate_moves (VersoMoveList *self, guint ply)
{
  guint rows = ply == 0 ? 0 : move_row (self, ply) + 1;

  while (self->buttons->len > ply) {
    GtkWidget *button = g_ptr_array_steal_index (self->buttons, self->buttons->len - 1);
    g_ptr_array_steal_index (self->grades, self->grades->len - 1);
    g_ptr_array_steal_index (self->times, self->times->len - 1);
    gtk_grid_remove (GTK_GRID (self->grid), button);
  }
  while (self->numbers->len > rows) {
    GtkWidget *label = g_ptr_array_steal_index (self->numbers, self->numbers->len - 1);
    gtk_grid_remove (GTK_GRID (self->grid), label);
  }
  g_array_set_size (self->moves, ply);
}

static void append_move (VersoMoveList *self, int move)
{
  guint ply = self->buttons->len + 1;
  guint row = move_row (self, ply);
  int side = move_side (self, ply);
  g_autofree char *name = verso_move_list_move_name (move);
  GtkWidget *button, *box, *square, *taken, *grade;

  if (row >= self->numbers->len) {
    g_autofree char *number = g_strdup_printf ("%u.", row + 1);
    GtkWidget *label = gtk_label_new (number);
    gtk_label_set_xalign (GTK_LABEL (label), 1);
    gtk_widget_add_css_class (label, "dim-label");
    gtk_widget_add_css_class (label, "numeric");
    gtk_grid_attach (GTK_GRID (self->grid), label, 0, grid_row (row), 1, 1);
    g_ptr_array_add (self->numbers, label);
  }
  /* The square; at the right end the time it took, dim, when the clock knows it, and the grade
   * once the coach or an analysis gives one. */
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  square = gtk_label_new (name);
  gtk_label_set_xalign (GTK_LABEL (square), 0);
  gtk_widget_set_hexpand (square, TRUE);
  gtk_box_append (GTK_BOX (box), square);
  taken = gtk_label_new (NULL);
  gtk_widget_add_css_class (taken, "time");
  gtk_widget_add_css_class (taken, "dim-label");
  gtk_widget_add_css_class (taken, "numeric");
  gtk_widget_set_visible (taken, FALSE);
  gtk_box_append (GTK_BOX (box), taken);
  grade = gtk_label_new (NULL);
  gtk_widget_add_css_class (grade, "grade");
  gtk_widget_add_css_class (grade, "numeric");
  gtk_widget_set_visible (grade, FALSE);
  gtk_box_append (GTK_BOX (box), grade);
  button = gtk_button_new ();
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "move");
  gtk_widget_set_hexpand (button, TRUE);
  g_object_set_data (G_OBJECT (button), "ply", GUINT_TO_POINTER (ply));
  g_signal_connect (button, "clicked", G_CALLBACK (on_move_clicked), self);
  gtk_grid_attach (GTK_GRID (self->grid), button, 1 + side, grid_row (row), 1, 1);
  g_ptr_array_add (self->buttons, button);
  g_ptr_array_add (self->grades, grade);
  g_ptr_array_add (self->times, taken);
  g_array_append_val (self->moves, move);
  /* The accessible name, with the grade when the move already has one (a move redone), and the
   * time. */
  update_grade (self, ply);
}

/* Keeps the current move's button inside the visible part of the list. Its place is known once
 * the grid has been laid out, which may take a frame or two after it was added. */
static gboolean scroll_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer user_data)
{
  VersoMoveList *self = VERSO_MOVE_LIST (widget);
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));
  graphene_rect_t bounds;
  double value, page;
  GtkWidget *button;

  if (self->current == 0 || self->current > self->buttons->len) {
    gtk_adjustment_set_value (adjustment, 0);
    self->scroll_id = 0;
    return G_SOURCE_REMOVE;
  }
  button = g_ptr_array_index (self->buttons, self->current - 1);
  /* A button added since the last layout has no size yet (its bounds are its margins alone). */
  if (gtk_widget_get_height (button) <= 0 || !gtk_widget_compute_bounds (button, self->grid, &bounds)
      || gtk_adjustment_get_upper (adjustment) < bounds.origin.y + bounds.size.height) {
    if (++self->scroll_tries < 10)
      return G_SOURCE_CONTINUE;
    self->scroll_id = 0;
    return G_SOURCE_REMOVE;
  }
  value = gtk_adjustment_get_value (adjustment);
  page = gtk_adjustment_get_page_size (adjustment);
  if (bounds.origin.y < value)
    gtk_adjustment_set_value (adjustment, bounds.origin.y);
  else if (bounds.origin.y + bounds.size.height > value + page)
    gtk_adjustment_set_value (adjustment, bounds.origin.y + bounds.size.height - page);
  self->scroll_id = 0;
  return G_SOURCE_REMOVE;
}

static void scroll_to_current (VersoMoveList *self)
{
  self->scroll_tries = 0;
  if (!self->scroll_id)
    self->scroll_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), scroll_tick, NULL, NULL);
}

static void update (VersoMoveList *self)
{
  const VersoRecord *record;
  const Position *start;
  guint length, same = 0;
  const char *opening;
  gboolean refocus = verso_move_list_branch_has_focus (self);

  if (!self->game) {
    verso_move_list_update_branches (self);
    verso_move_list_update_variation_bar (self);
    truncate_moves (self, 0);
    gtk_widget_set_visible (self->opening_label, FALSE);
    gtk_widget_set_visible (self->empty_label, TRUE);
    return;
  }
  record = verso_game_get_record (self->game);
  start = verso_record_get_start (record);
  length = verso_record_get_length (record);

  /* Only the moves that changed are rebuilt, so that a button keeps the focus while the
   * person goes back and forth. */
  if (start->side_to_move == self->start.side_to_move && board_equal (&start->board, &self->start.board))
    while (same < length && same < self->moves->len
           && g_array_index (self->moves, int, same) == verso_record_get_move (record, same + 1))
      same++;
  truncate_moves (self, same);
  self->start = *start;
  for (guint ply = same + 1; ply <= length; ply++)
    append_move (self, verso_record_get_move (record, ply));
  verso_move_list_update_branches (self);
  verso_move_list_update_variation_bar (self);

  self->current = verso_record_get_current (record);
  for (guint ply = 1; ply <= self->buttons->len; ply++) {
    GtkWidget *button = g_ptr_array_index (self->buttons, ply - 1);
    /* The moves of a balanced start were drawn, not chosen: set apart in italics. */
    if (ply <= verso_game_get_given_moves (self->game))
      gtk_widget_add_css_class (button, "given");
    else
      gtk_widget_remove_css_class (button, "given");
    if (ply == self->current)
      gtk_widget_add_css_class (button, "current");
    else
      gtk_widget_remove_css_class (button, "current");
    if (ply > self->current)
      gtk_widget_add_css_class (button, "future");
    else
      gtk_widget_remove_css_class (button, "future");
  }
  gtk_widget_set_visible (self->empty_label, length == 0);

  opening = verso_game_get_opening (self->game);
  gtk_label_set_text (GTK_LABEL (self->opening_label), opening ? opening : "");
  gtk_widget_set_visible (self->opening_label, opening != NULL);
  /* The players may have changed, and with them whose moves are graded. */
  update_grades (self);
  /* A branch entered from the keyboard: the focus goes on to the move it shows. */
  if (refocus && self->current >= 1 && self->current <= self->buttons->len)
    gtk_widget_grab_focus (g_ptr_array_index (self->buttons, self->current - 1));
  scroll_to_current (self);
}

static void on_game_changed (VersoGame *game, VersoMoveList *self)
{
  update (self);
}

static void on_move_scored (VersoGame *game, guint ply, VersoMoveList *self)
{
  if (ply >= 1 && ply <= self->buttons->len)
    update_grade (self, ply);
  update_summary (self);
}

void verso_move_list_set_game (VersoMoveList *self, VersoGame *game)
{
  g_return_if_fail (VERSO_IS_MOVE_LIST (self));
  g_return_if_fail (game == NULL || VERSO_IS_GAME (game));

  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  self->grade_computer = FALSE;
  verso_move_list_set_analysis_progress (self, 0, 0);
  /* Another game: every row is built again (its start may look the same). */
  truncate_moves (self, 0);
  update (self);
}

void verso_move_list_set_grade_computer (VersoMoveList *self, gboolean grade)
{
  g_return_if_fail (VERSO_IS_MOVE_LIST (self));

  if (self->grade_computer == !!grade)
    return;
  self->grade_computer = !!grade;
  update_grades (self);
}

void verso_move_list_set_analysis_progress (VersoMoveList *self, guint done, guint total)
{
  g_autofree char *text = NULL;

  g_return_if_fail (VERSO_IS_MOVE_LIST (self));

  gtk_widget_set_visible (self->analysis_bar, total > 0);
  if (total == 0)
    return;
  done = MIN (done, total);
  /* Translators: the progress of Analyse Game: positions analysed and their number, e.g.
   * "Analysing… 12 of 60" */
  text = g_strdup_printf (_("Analysing… %u of %u"), done, total);
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), (double) done / total);
  gtk_progress_bar_set_text (GTK_PROGRESS_BAR (self->progress_bar), text);
}


static GtkWidget *navigation_button (const char *icon, const char *action, const char *tooltip)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip, -1);
  gtk_widget_set_hexpand (button, TRUE);
  return button;
}

static void verso_move_list_dispose (GObject *object)
{
  VersoMoveList *self = VERSO_MOVE_LIST (object);
  GtkWidget *child;

  if (self->scroll_id) {
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->scroll_id);
    self->scroll_id = 0;
  }
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))))
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (verso_move_list_parent_class)->dispose (object);
}

static void verso_move_list_finalize (GObject *object)
{
  VersoMoveList *self = VERSO_MOVE_LIST (object);

  g_ptr_array_unref (self->buttons);
  g_ptr_array_unref (self->numbers);
  g_ptr_array_unref (self->grades);
  g_ptr_array_unref (self->times);
  g_ptr_array_unref (self->branch_rows);
  g_array_unref (self->moves);
  G_OBJECT_CLASS (verso_move_list_parent_class)->finalize (object);
}

static void verso_move_list_class_init (VersoMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = verso_move_list_dispose;
  object_class->finalize = verso_move_list_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movelist");
}

/* A wrapped line of text, hidden until it has something to say. */
static GtkWidget *note_new (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* Wrapped to the list's width rather than widening it (and shrinking the board). */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 12);
  gtk_widget_add_css_class (label, css_class);
  gtk_widget_set_visible (label, FALSE);
  return label;
}

static GtkWidget *append_note (GtkWidget *box, const char *css_class)
{
  GtkWidget *label = note_new (css_class);

  gtk_box_append (GTK_BOX (box), label);
  return label;
}

/* The coach's notes (summary, legend) under the moves: as tall as they are up to a third of the
 * list's usual height, then scrolled, so that the moves keep most of the pane. */
#define NOTES_MAX_HEIGHT 160

static GtkWidget *notes_scrolled (GtkWidget *notes)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), NOTES_MAX_HEIGHT);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), notes);
  return scrolled;
}

static void verso_move_list_init (VersoMoveList *self)
{
  GtkWidget *header, *overlay, *navigation, *title, *coach, *notes, *cancel;
  g_autofree char *legend = NULL;

  self->game_signals = g_signal_group_new (VERSO_TYPE_GAME);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (on_game_changed), self);
  g_signal_group_connect (self->game_signals, "move-scored", G_CALLBACK (on_move_scored), self);
  self->buttons = g_ptr_array_new ();
  self->numbers = g_ptr_array_new ();
  self->grades = g_ptr_array_new ();
  self->times = g_ptr_array_new ();
  self->branch_rows = g_ptr_array_new ();
  self->moves = g_array_new (FALSE, FALSE, sizeof (int));
  position_init (&self->start);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);

  header = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (header, "header");
  title = gtk_label_new (_("Moves"));
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (header), title);
  self->opening_label = append_note (header, "opening");
  gtk_widget_set_parent (header, GTK_WIDGET (self));

  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 4);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 2);
  gtk_widget_set_valign (self->grid, GTK_ALIGN_START);
  gtk_widget_add_css_class (self->grid, "moves");
  /* Row 0 names the columns; the moves start on row 1. */
  for (int side = 0; side < 2; side++) {
    GtkWidget *label = gtk_label_new (side == 0 ? _("Black") : _("White"));
    gtk_label_set_xalign (GTK_LABEL (label), 0);
    gtk_widget_add_css_class (label, "caption-heading");
    gtk_widget_add_css_class (label, "dim-label");
    gtk_widget_add_css_class (label, "column-title");
    gtk_grid_attach (GTK_GRID (self->grid), label, 1 + side, 0, 1, 1);
  }
  self->empty_label = gtk_label_new (_("No moves yet"));
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_widget_set_valign (self->empty_label, GTK_ALIGN_START);
  gtk_widget_set_margin_top (self->empty_label, 36);
  gtk_widget_set_can_target (self->empty_label, FALSE);
  overlay = gtk_overlay_new ();
  gtk_overlay_set_child (GTK_OVERLAY (overlay), self->grid);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), self->empty_label);
  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), overlay);
  gtk_widget_set_vexpand (self->scrolled, TRUE);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
  /* The list's height or its content's changes (the coach's summaries shown after a review, the
   * grades' marks, a larger window): the current move is brought back into view. A scroll by
   * the person changes only the value, which this leaves alone. */
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled)),
                           "changed", G_CALLBACK (scroll_to_current), self, G_CONNECT_SWAPPED);

  coach = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (coach, "coach");
  notes = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  self->details_label = append_note (notes, "details");
  gtk_widget_set_visible (self->details_label, TRUE);
  legend = legend_text ();
  self->legend_label = append_note (notes, "caption");
  gtk_label_set_text (GTK_LABEL (self->legend_label), legend);
  gtk_widget_add_css_class (self->legend_label, "dim-label");
  gtk_widget_set_visible (self->legend_label, TRUE);
  self->summary_label = note_new ("summary");
  gtk_widget_set_visible (self->summary_label, TRUE);
  self->summary_expander = gtk_expander_new (NULL);
  gtk_expander_set_label_widget (GTK_EXPANDER (self->summary_expander), self->summary_label);
  gtk_expander_set_child (GTK_EXPANDER (self->summary_expander), notes_scrolled (notes));
  gtk_widget_set_visible (self->summary_expander, FALSE);
  gtk_box_append (GTK_BOX (coach), self->summary_expander);

  /* Analyse Game's progress; Cancel keeps the scores found so far. The button under the bar:
   * beside it, the narrow pane cut the bar's text ("Analysing… 44 of…"). */
  self->analysis_bar = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_add_css_class (self->analysis_bar, "analysis");
  self->progress_bar = gtk_progress_bar_new ();
  gtk_progress_bar_set_show_text (GTK_PROGRESS_BAR (self->progress_bar), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress_bar), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Analysis of the game"), -1);
  gtk_widget_set_hexpand (self->progress_bar, TRUE);
  gtk_widget_set_valign (self->progress_bar, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->analysis_bar), self->progress_bar);
  cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (cancel), "win.cancel-analysis");
  gtk_widget_set_tooltip_text (cancel, _("Stop the analysis; the scores found so far stay"));
  /* GTK 4.18 names a button after its label through a relation that comes before the label
   * given here; without it the screen reader says only "Cancel". */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (cancel), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property (GTK_ACCESSIBLE (cancel), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Cancel the Analysis"), -1);
  gtk_widget_set_halign (cancel, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (self->analysis_bar), cancel);
  gtk_widget_set_visible (self->analysis_bar, FALSE);
  gtk_box_append (GTK_BOX (coach), self->analysis_bar);

  gtk_box_append (GTK_BOX (coach), verso_move_list_variation_bar_new (self));
  gtk_widget_set_parent (coach, GTK_WIDGET (self));

  navigation = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_widget_add_css_class (navigation, "linked");
  gtk_widget_add_css_class (navigation, "navigation");
  gtk_box_append (GTK_BOX (navigation), navigation_button ("go-first-symbolic", "win.go-start", _("First Position")));
  gtk_box_append (GTK_BOX (navigation), navigation_button ("go-previous-symbolic", "win.go-back", _("Previous Move")));
  gtk_box_append (GTK_BOX (navigation), navigation_button ("go-next-symbolic", "win.go-forward", _("Next Move")));
  gtk_box_append (GTK_BOX (navigation), navigation_button ("go-last-symbolic", "win.go-end", _("Last Move")));
  gtk_widget_set_parent (navigation, GTK_WIDGET (self));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves"), -1);
}
