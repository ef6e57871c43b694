/* verso-window.c: the main window. Clicks become move requests to the game; the game's signals
 * update the board, the status line, the actions and the toasts. */
#include "verso-window-private.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>
#include <time.h>

#include "verso-application.h"
#include "verso-board-view.h"
#include "verso-dialog.h"
#include "verso-eval-graph.h"
#include "verso-move-list.h"
#include "verso-new-game-dialog.h"
#include "verso-position-editor.h"
#include "verso-stats-dialog.h"
#include "verso-sound.h"

#define SAVE_FILE_NAME "game.ini"
/* The computer's least wait before a move, but when it plays itself ("computer-pause"): the
 * game model's own default, set again when the computer stops playing itself. */
#define DEFAULT_MOVE_DELAY_MS 400

G_DEFINE_FINAL_TYPE (VersoWindow, verso_window, ADW_TYPE_APPLICATION_WINDOW)

static char *save_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "verso", SAVE_FILE_NAME, NULL);
}

static void show_toast (VersoWindow *self, const char *title)
{
  AdwToast *toast = adw_toast_new (title);

  adw_toast_set_timeout (toast, 3);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The notices are the window's own, not toasts: libadwaita 1.2 frees a toast twice when it is
 * dismissed at the wrong moment of its animation (a storm of clicks found it), and these must be
 * withdrawn as soon as they are no longer true. */
static void withdraw_notice (VersoWindow *self, NoticeKind kind)
{
  if (self->notice_kind != kind || kind == NOTICE_NONE)
    return;
  self->notice_kind = NOTICE_NONE;
  g_clear_handle_id (&self->notice_timeout, g_source_remove);
  gtk_revealer_set_reveal_child (self->notice_revealer, FALSE);
}

static gboolean notice_timed_out (gpointer user_data)
{
  VersoWindow *self = user_data;

  self->notice_timeout = 0;
  withdraw_notice (self, self->notice_kind);
  return G_SOURCE_REMOVE;
}

static void show_notice (VersoWindow *self, NoticeKind kind, const char *text, guint seconds)
{
  withdraw_notice (self, self->notice_kind);
  self->notice_kind = kind;
  gtk_label_set_text (self->notice_label, text);
  gtk_revealer_set_reveal_child (self->notice_revealer, TRUE);
  self->notice_timeout = g_timeout_add_seconds (seconds, notice_timed_out, self);
}

void verso_window_show_notice (VersoWindow *self, NoticeKind kind, const char *text, guint seconds)
{
  show_notice (self, kind, text, seconds);
}

/* For the application's actions (the help): a message that is never withdrawn. */
void verso_window_show_toast (VersoWindow *self, const char *title)
{
  show_toast (self, title);
}

/* Names for the players in messages: "you" and "the computer" against the computer,
 * the colours otherwise. */
static gboolean versus_computer (VersoWindow *self)
{
  return verso_game_get_mode (self->game) == VERSO_MODE_VERSUS_COMPUTER;
}

/* Layout */

static int minimum_width (GtkWidget *widget)
{
  int minimum;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  return minimum;
}

/* The wide header's minimum width with this page of the subtitle: the header's title is the
 * window title over the subtitle, as wide as the wider of them. */
static int wide_header_needs (VersoWindow *self, GtkWidget *page)
{
  GtkWidget *shown = gtk_stack_get_visible_child (GTK_STACK (self->subtitle_stack));
  int title = minimum_width (self->title_label);

  return minimum_width (self->wide_header) - MAX (title, minimum_width (shown))
         + MAX (title, minimum_width (page));
}

#define SUBTITLE_SEPARATOR " · "

/* The subtitle's parts are joined by " · " in every language: when it wraps, each dot stays at
 * the end of its line rather than starting the next. */
static PangoAttrList *glue_dots (const char *text)
{
  PangoAttrList *attributes = pango_attr_list_new ();

  for (const char *dot = strstr (text, SUBTITLE_SEPARATOR); dot; dot = strstr (dot + 1, SUBTITLE_SEPARATOR)) {
    PangoAttribute *glue = pango_attr_allow_breaks_new (FALSE);
    const char *before = g_utf8_find_prev_char (text, dot);

    glue->start_index = (before ? before : dot) - text;
    glue->end_index = dot + strlen (" ·") - text;
    pango_attr_list_insert (attributes, glue);
  }
  return attributes;
}

/* The subtitle on one line, and on two split at the dot that balances them best; update_layout
 * shows what fits. */
static void set_subtitle (VersoWindow *self, const char *text)
{
  const char *split = NULL;
  glong length = g_utf8_strlen (text, -1), longer = length;
  g_autofree char *first = NULL;

  for (const char *dot = strstr (text, SUBTITLE_SEPARATOR); dot; dot = strstr (dot + 1, SUBTITLE_SEPARATOR)) {
    glong before = g_utf8_pointer_to_offset (text, dot);
    glong after = length - before - g_utf8_strlen (SUBTITLE_SEPARATOR, -1);

    if (MAX (before, after) < longer) {
      longer = MAX (before, after);
      split = dot;
    }
  }
  first = split ? g_strndup (text, split - text) : g_strdup (text);
  gtk_label_set_text (GTK_LABEL (self->subtitle_label), text);
  gtk_label_set_text (GTK_LABEL (self->subtitle_start), first);
  gtk_label_set_text (GTK_LABEL (self->subtitle_end), split ? split + strlen (SUBTITLE_SEPARATOR) : "");
  gtk_widget_set_visible (self->subtitle_end, split != NULL);
}

/* The narrow header's minimum width with a subtitle this wide on its widest line. */
static int narrow_header_needs (VersoWindow *self, int subtitle)
{
  int title = minimum_width (self->title_label);

  return minimum_width (self->narrow_header)
         - MAX (title, minimum_width (self->narrow_subtitle_label)) + MAX (title, subtitle);
}

/* The narrow header's subtitle for this width: on one line or two as the wide header's, wrapped
 * further if even two lines are too wide. */
static char *narrow_subtitle (VersoWindow *self, int width)
{
  const char *text = gtk_label_get_text (GTK_LABEL (self->subtitle_label));
  const char *end = gtk_label_get_text (GTK_LABEL (self->subtitle_end));

  if (!*end || narrow_header_needs (self, minimum_width (self->subtitle_label)) <= width)
    return g_strdup (text);
  return g_strconcat (gtk_label_get_text (GTK_LABEL (self->subtitle_start)), "\n", end, NULL);
}

/* The least width left to the board for the side pane to stay beside it rather than fold over it:
 * the window's own least width. */
#define BOARD_BESIDE_PANE 320

/* The layout for the window's width: the wide header, its subtitle on one line or else on two;
 * when neither fits, the narrow header, with the game's buttons in the bar under the board and
 * the side pane folded over the board, shown on demand (Moves, F9). The side pane folds too when
 * it would leave the board too little room. Only the width decides, so
 * what changes here cannot change the choice back. With apply FALSE, only says whether the
 * layout is the one for the width. The subtitle's page out of sight is out of a screen reader's
 * reach too (a stack only unmaps it). */
static gboolean update_layout (VersoWindow *self, int width, gboolean apply)
{
  GtkStack *stack = GTK_STACK (self->subtitle_stack);
  GtkWidget *one_line = self->subtitle_label;
  GtkWidget *two_lines = gtk_widget_get_parent (self->subtitle_start);
  GtkLabel *narrow_label = GTK_LABEL (self->narrow_subtitle_label);
  GtkWidget *page = wide_header_needs (self, one_line) <= width ? one_line : two_lines;
  gboolean narrow = wide_header_needs (self, page) > width;
  AdwFlapFoldPolicy fold = narrow || width - minimum_width (adw_flap_get_flap (self->flap)) < BOARD_BESIDE_PANE
                           ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_AUTO;
  g_autofree char *text = NULL;

  if (gtk_widget_get_visible (self->narrow_header) != narrow
      || adw_flap_get_fold_policy (self->flap) != fold) {
    if (!apply)
      return FALSE;
    gtk_widget_set_visible (self->wide_header_clip, !narrow);
    gtk_widget_set_visible (self->narrow_header, narrow);
    gtk_widget_set_visible (self->game_bar, narrow);
    adw_flap_set_fold_policy (self->flap, fold);
  }
  if (!narrow && gtk_stack_get_visible_child (stack) != page) {
    if (!apply)
      return FALSE;
    gtk_stack_set_visible_child (stack, page);
    gtk_accessible_update_state (GTK_ACCESSIBLE (one_line), GTK_ACCESSIBLE_STATE_HIDDEN, page != one_line, -1);
    gtk_accessible_update_state (GTK_ACCESSIBLE (two_lines), GTK_ACCESSIBLE_STATE_HIDDEN, page != two_lines, -1);
  }
  if (!narrow)
    return TRUE;
  text = narrow_subtitle (self, width);
  if (g_strcmp0 (gtk_label_get_text (narrow_label), text) != 0) {
    PangoAttrList *attributes = glue_dots (text);

    if (!apply) {
      pango_attr_list_unref (attributes);
      return FALSE;
    }
    gtk_label_set_text (narrow_label, text);
    gtk_label_set_attributes (narrow_label, attributes);
    pango_attr_list_unref (attributes);
    /* A screen reader reads the subtitle as the wide header shows it on one line. */
    gtk_accessible_update_property (GTK_ACCESSIBLE (narrow_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    gtk_label_get_text (GTK_LABEL (one_line)), -1);
  }
  return TRUE;
}

static gboolean apply_layout (gpointer user_data)
{
  VersoWindow *self = user_data;

  if (self->flap)  /* not disposed meanwhile */
    update_layout (self, gtk_widget_get_width (GTK_WIDGET (self->flap)), TRUE);
  return G_SOURCE_REMOVE;
}

/* The layout for the window's width is set before its content is allocated, for the width the
 * content will get: the window's less its shadows (the surface's offset, on each side). Should
 * that be wrong, the layout is set again after, outside GTK's allocation (a widget shown during
 * it would be drawn unallocated), and shows from the next frame. The window's minimum width is
 * the narrow layout's whatever the layout (wide_header_clip), so that it can always be made narrow. */
static void verso_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  double shadow_left, shadow_top;

  gtk_native_get_surface_transform (GTK_NATIVE (widget), &shadow_left, &shadow_top);
  update_layout (self, width - 2 * (int) shadow_left, TRUE);
  GTK_WIDGET_CLASS (verso_window_parent_class)->size_allocate (widget, width, height, baseline);
  if (!update_layout (self, gtk_widget_get_width (GTK_WIDGET (self->flap)), FALSE))
    g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_layout, g_object_ref (self), g_object_unref);
}

static void update_actions (VersoWindow *self)
{
  gboolean human = verso_game_is_human_turn (self->game);

  gboolean playing = !self->editing;  /* while a position is set up, the game waits */
  guint ply = verso_game_get_ply (self->game), length = verso_game_get_length (self->game);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", playing && verso_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", playing && verso_game_can_redo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", playing && human && !self->hint_cancellable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-start", playing && ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-back", playing && ply > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-forward", playing && ply < length);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-end", playing && ply < length);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.resume", playing && verso_game_get_paused (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pause",
                                 playing && verso_game_get_mode (self->game) == VERSO_MODE_COMPUTER_ONLY
                                 && !verso_game_is_over (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.set-up-position", playing);
  /* Analyse Game: one analysis at a time, of a game with moves. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.analyse-game",
                                 playing && length > 0 && !self->analysis_cancellable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-analysis", self->analysis_cancellable != NULL);
}

static char *result_text (VersoWindow *self)
{
  int black = verso_game_count (self->game, VERSO_COLOR_BLACK);
  int white = verso_game_count (self->game, VERSO_COLOR_WHITE);
  int winner = verso_game_get_winner (self->game);
  int won, lost;

  if (winner < 0)
    /* Translators: the final score of a drawn game, e.g. "Draw, 32 to 32" */
    return g_strdup_printf (_("Draw, %d to %d"), black, white);
  /* The winner's discs first: under Reverse they are the fewer, and the message says why. */
  won = winner == VERSO_COLOR_BLACK ? black : white;
  lost = winner == VERSO_COLOR_BLACK ? white : black;
  if (verso_game_get_rules (self->game) == RULES_REVERSE) {
    if (versus_computer (self))
      return verso_game_get_player (self->game, winner) == VERSO_PLAYER_HUMAN
             /* Translators: the result of a Reverse game, where the fewest discs win, e.g. "You win with fewer discs, 24 to 40" */
             ? g_strdup_printf (_("You win with fewer discs, %d to %d"), won, lost)
             : g_strdup_printf (_("The computer wins with fewer discs, %d to %d"), won, lost);
    return winner == VERSO_COLOR_BLACK ? g_strdup_printf (_("Black wins with fewer discs, %d to %d"), won, lost)
                                       : g_strdup_printf (_("White wins with fewer discs, %d to %d"), won, lost);
  }
  if (versus_computer (self))
    return verso_game_get_player (self->game, winner) == VERSO_PLAYER_HUMAN
           ? g_strdup_printf (_("You win, %d to %d"), won, lost)
           : g_strdup_printf (_("The computer wins, %d to %d"), won, lost);
  return winner == VERSO_COLOR_BLACK ? g_strdup_printf (_("Black wins, %d to %d"), won, lost)
                                     : g_strdup_printf (_("White wins, %d to %d"), won, lost);
}

static void update_status (VersoWindow *self)
{
  VersoGame *game = self->game;
  VersoColor turn = verso_game_get_turn (game);
  gboolean over = verso_game_is_over (game);
  gboolean thinking = verso_game_get_thinking (game);
  g_autofree char *black = g_strdup_printf ("%d", verso_game_count (game, VERSO_COLOR_BLACK));
  g_autofree char *white = g_strdup_printf ("%d", verso_game_count (game, VERSO_COLOR_WHITE));
  g_autofree char *text = NULL;
  g_autofree char *players = NULL;
  g_autofree char *subtitle = NULL;
  const char *level = _(level_get (verso_game_get_level (game))->name);
  gboolean computer_only = verso_game_get_mode (game) == VERSO_MODE_COMPUTER_ONLY;
  gboolean paused = verso_game_get_paused (game);

  gtk_label_set_text (self->black_label, black);
  gtk_label_set_text (self->white_label, white);
  /* Translators: accessible names of the disc counts, e.g. "Black: 12 discs" */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->black_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Black discs"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->white_label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("White discs"), -1);
  if (!over && turn == VERSO_COLOR_BLACK)
    gtk_widget_add_css_class (self->black_box, "to-move");
  else
    gtk_widget_remove_css_class (self->black_box, "to-move");
  if (!over && turn == VERSO_COLOR_WHITE)
    gtk_widget_add_css_class (self->white_box, "to-move");
  else
    gtk_widget_remove_css_class (self->white_box, "to-move");

  if (over)
    text = result_text (self);
  else if (paused && computer_only)
    /* Translators: the status line while the computer's game against itself is paused */
    text = g_strdup (_("Paused"));
  else if (paused)
    /* Translators: the status line when the computer waits in a position reached by going back
     * through the moves; the button under it lets the computer play. */
    text = g_strdup (_("The computer waits"));
  else if (verso_game_get_player (game, turn) == VERSO_PLAYER_HUMAN)
    text = g_strdup (versus_computer (self) ? _("Your turn")
                     : turn == VERSO_COLOR_BLACK ? _("Black to move") : _("White to move"));
  else
    text = g_strdup (versus_computer (self) ? _("The computer is thinking…")
                     : turn == VERSO_COLOR_BLACK ? _("Black is thinking…") : _("White is thinking…"));
  gtk_label_set_text (self->turn_label, text);
  /* The header's Resume does it when the computer plays itself. */
  gtk_widget_set_visible (self->resume_button, !over && paused && !computer_only);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), thinking);
  gtk_spinner_set_spinning (self->spinner, thinking);

  switch (verso_game_get_mode (game)) {
  case VERSO_MODE_TWO_PLAYERS:
    players = g_strdup (_("Two players"));
    break;
  case VERSO_MODE_COMPUTER_ONLY:
    /* Translators: the window subtitle: Black's level against White's, e.g.
     * "Computer against itself · Casual against Expert" */
    players = g_strdup_printf (_("Computer against itself · %s against %s"),
                               _(level_get (verso_game_get_level_for (game, VERSO_COLOR_BLACK))->name),
                               _(level_get (verso_game_get_level_for (game, VERSO_COLOR_WHITE))->name));
    break;
  case VERSO_MODE_VERSUS_COMPUTER:
  default:
    /* Translators: the window subtitle, e.g. "You play white · Expert" */
    players = g_strdup_printf (verso_game_get_player (game, VERSO_COLOR_BLACK) == VERSO_PLAYER_HUMAN
                               ? _("You play black · %s") : _("You play white · %s"), level);
  }
  if (verso_game_get_rules (game) == RULES_REVERSE)
    /* Translators: the window subtitle of a game under the Reverse rules (fewest discs win),
     * e.g. "Reverse · You play black · Expert" */
    subtitle = g_strdup_printf (_("Reverse · %s"), players);
  set_subtitle (self, subtitle ? subtitle : players);

  /* Pause and Resume, while the computer plays itself. */
  {
    const char *label = paused ? _("Resume") : _("Pause");

    /* The bar's twin follows its icon, tooltip and visibility (verso-window.ui). */
    gtk_widget_set_visible (self->pause_button, computer_only);
    gtk_button_set_icon_name (GTK_BUTTON (self->pause_button),
                              paused ? "media-playback-start-symbolic" : "media-playback-pause-symbolic");
    gtk_widget_set_tooltip_text (self->pause_button, label);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->pause_button), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->bar_pause_button),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  }
  update_actions (self);
}

/* The hint button turns into a spinner while the engine looks for the best move. */
static void show_hint_searching (VersoWindow *self, gboolean searching)
{
  gtk_stack_set_visible_child_name (self->hint_stack, searching ? "searching" : "idle");
  gtk_spinner_set_spinning (self->hint_spinner, searching);
  gtk_widget_set_tooltip_text (self->hint_button, searching ? _("Looking for the best move…") : _("Hint"));
}

static void cancel_hint (VersoWindow *self)
{
  if (self->hint_cancellable) {
    g_cancellable_cancel (self->hint_cancellable);
    g_clear_object (&self->hint_cancellable);
    show_hint_searching (self, FALSE);
  }
}

static void save_game (VersoWindow *self);
static void update_scores (VersoWindow *self);

/* Every change of the position is saved at once, so a killed game loses at most its last move. */
static void on_game_changed (VersoGame *game, VersoWindow *self)
{
  save_game (self);
  cancel_hint (self);
  withdraw_notice (self, NOTICE_ILLEGAL);
  withdraw_notice (self, NOTICE_HINT);
  if (verso_game_get_ply (game) < self->pass_ply)
    withdraw_notice (self, NOTICE_PASS);
  update_status (self);
  update_scores (self);
}

static gint64 thread_cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

/* The wall-clock gap shows what a person would see; the CPU time the main thread spent in the
 * gap shows what our code cost, apart from waiting for a busy machine's processors. */
static gboolean stall_probe_tick (gpointer user_data)
{
  VersoWindow *self = user_data;
  gint64 now = g_get_monotonic_time (), cpu = thread_cpu_time ();

  self->stall_longest = MAX (self->stall_longest, now - self->stall_last);
  self->stall_cpu_longest = MAX (self->stall_cpu_longest, cpu - self->stall_cpu_last);
  self->stall_last = now;
  self->stall_cpu_last = cpu;
  return G_SOURCE_CONTINUE;
}

static void update_stall_probe (VersoWindow *self)
{
  /* While the computer thinks or the game is being analysed. */
  gboolean thinking = self->game && (verso_game_get_thinking (self->game) || self->analysis_cancellable);

  if (!g_getenv ("VERSO_DEBUG_STALLS"))
    return;
  if (thinking && !self->stall_probe) {
    self->thinking_since = self->stall_last = g_get_monotonic_time ();
    self->stall_cpu_last = thread_cpu_time ();
    self->stall_longest = self->stall_cpu_longest = 0;
    self->stall_probe = g_timeout_add (1, stall_probe_tick, self);
  } else if (!thinking && self->stall_probe) {
    g_clear_handle_id (&self->stall_probe, g_source_remove);
    g_message ("stall probe: thought %.3f s, longest main-loop gap %.2f ms, of which main-thread CPU %.2f ms",
               (g_get_monotonic_time () - self->thinking_since) / 1e6, self->stall_longest / 1e3,
               self->stall_cpu_longest / 1e3);
  }
}

static void on_game_notify (VersoGame *game, GParamSpec *pspec, VersoWindow *self)
{
  update_stall_probe (self);
  update_status (self);
}

static void on_first_frame (GdkFrameClock *clock, VersoWindow *self)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (self));

  g_signal_handlers_disconnect_by_func (clock, on_first_frame, self);
  if (VERSO_IS_APPLICATION (application))
    g_debug ("First frame drawn %.1f ms after start",
             (g_get_monotonic_time () - verso_application_get_start_time (VERSO_APPLICATION (application))) / 1e3);
}

static void verso_window_realize (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (verso_window_parent_class)->realize (widget);
  g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint", G_CALLBACK (on_first_frame), widget, 0);
}

static void on_pass (VersoGame *game, int color, VersoWindow *self)
{
  const char *text;

  if (versus_computer (self))
    text = verso_game_get_player (game, color) == VERSO_PLAYER_HUMAN
         ? _("You have no legal move and pass") : _("The computer has no legal move and passes");
  else
    text = color == VERSO_COLOR_BLACK ? _("Black has no legal move and passes")
                                      : _("White has no legal move and passes");
  self->pass_ply = verso_game_get_ply (game);
  show_notice (self, NOTICE_PASS, text, 3);
}

static void start_new_game_confirmed (VersoWindow *self, gpointer data)
{
  verso_window_start_new_game (self);
}

static void on_game_over_response (AdwMessageDialog *dialog, const char *response, VersoWindow *self)
{
  if (g_strcmp0 (response, "new-game") == 0)
    verso_window_files_confirm (self, start_new_game_confirmed, NULL, NULL);
}

static char *game_over_body (VersoWindow *self);

/* A game against the computer is counted in the statistics the first time it ends by a move:
 * never again for the same game (undo, redo and going back to its end), never for one that was
 * already over when the window got it. The score is the person's final disc difference with the
 * empty squares given to the winner, as the rules count it. */
static void count_result (VersoWindow *self)
{
  VersoGame *game = self->game;
  const VersoRecord *record = verso_game_get_record (game);
  const Position *end = verso_record_get_position (record, verso_record_get_current (record));
  VersoColor person = verso_game_get_player (game, VERSO_COLOR_BLACK) == VERSO_PLAYER_HUMAN
                    ? VERSO_COLOR_BLACK : VERSO_COLOR_WHITE;
  int score = board_final_score (&end->board);
  g_autoptr (GError) error = NULL;

  if (self->game_counted || !versus_computer (self))
    return;
  self->game_counted = TRUE;
  if ((end->side_to_move == POSITION_BLACK) != (person == VERSO_COLOR_BLACK))
    score = -score;
  score = rules_final_score (verso_game_get_rules (game), score);
  if (!verso_stats_add (self->stats, verso_game_get_rules (game),
                        verso_game_get_level_for (game, verso_color_other (person)), score, &error)) {
    /* Translators: a message when the statistics file could not be written; the reason follows */
    g_autofree char *text = g_strdup_printf (_("The statistics could not be saved: %s"), error->message);

    g_message ("%s", text);
    show_toast (self, text);
  }
}

static void on_game_over (VersoGame *game, VersoWindow *self)
{
  g_autofree char *body = game_over_body (self);
  const char *heading;
  int winner = verso_game_get_winner (game);
  GtkWidget *dialog;

  count_result (self);
  if (self->game_over_dialog)
    return;
  if (winner < 0)
    heading = _("Draw");
  else if (versus_computer (self))
    heading = verso_game_get_player (game, winner) == VERSO_PLAYER_HUMAN ? _("You Win!") : _("You Lose");
  else
    heading = winner == VERSO_COLOR_BLACK ? _("Black Wins") : _("White Wins");

  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "close", _("_Close"),
                                    "new-game", _("_New Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "new-game", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "new-game");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_game_over_response), self, 0);
  self->game_over_dialog = dialog;
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &self->game_over_dialog);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

/* The coach and Analyse Game */

/* The coach grades a person's moves against the computer while the preference is on. */
static void update_coach (VersoWindow *self)
{
  verso_game_set_coach (self->game, g_settings_get_boolean (self->settings, "coach") && versus_computer (self));
}

static void on_coach_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  update_coach (self);
}

/* The coach's summary of the people's moves (after Analyse Game in a two-player game), or NULL
 * when none of them is graded. */
static char *coach_summary_text (VersoWindow *self)
{
  gboolean two_players = verso_game_get_mode (self->game) == VERSO_MODE_TWO_PLAYERS;
  GString *text = g_string_new (NULL);

  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++) {
    g_autofree char *line = NULL;

    if (verso_game_get_player (self->game, color) != VERSO_PLAYER_HUMAN
        || !(line = verso_game_describe_coach_summary (self->game, color)))
      continue;
    if (text->len)
      g_string_append_c (text, '\n');
    if (two_players)
      /* Translators: the coach's summary of one colour's moves at the end of a game,
       * e.g. "Black: 18 discs lost in 4 mistakes; worst: 31. e2, −9" */
      g_string_append_printf (text, color == VERSO_COLOR_BLACK ? _("Black: %s") : _("White: %s"), line);
    else
      /* Translators: the coach's summary of the person's moves at the end of a game against the
       * computer, e.g. "Your moves: 18 discs lost in 4 mistakes; worst: 31. e2, −9" */
      g_string_append_printf (text, _("Your moves: %s"), line);
  }
  if (text->len == 0) {
    g_string_free (text, TRUE);
    return NULL;
  }
  return g_string_free (text, FALSE);
}

/* The result, and the coach's summary under it. */
static char *game_over_body (VersoWindow *self)
{
  g_autofree char *result = result_text (self);
  g_autofree char *summary = coach_summary_text (self);

  return summary ? g_strdup_printf ("%s\n\n%s", result, summary) : g_steal_pointer (&result);
}

/* The last move's grade may come after the game is over: the dialog then shows it. */
static void on_move_scored (VersoGame *game, guint ply, VersoWindow *self)
{
  if (self->game_over_dialog && verso_game_is_over (game)) {
    g_autofree char *body = game_over_body (self);
    adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self->game_over_dialog), body);
  }
}

/* One run of Analyse Game. Its answers count while its cancellable is the window's: another
 * game, Cancel or closing the window drop it. */
typedef struct {
  VersoWindow *window;
  GCancellable *cancellable;
} AnalysisJob;

static void analysis_job_free (AnalysisJob *job)
{
  g_object_unref (job->window);
  g_object_unref (job->cancellable);
  g_free (job);
}

/* Stops the analysis under way; the scores it found stay with the moves. */
static void stop_analysis (VersoWindow *self)
{
  if (!self->analysis_cancellable)
    return;
  g_cancellable_cancel (self->analysis_cancellable);
  g_clear_object (&self->analysis_cancellable);
  if (self->move_list)
    verso_move_list_set_analysis_progress (VERSO_MOVE_LIST (self->move_list), 0, 0);
  update_stall_probe (self);
}

static void on_analysis_progress (guint done, guint total, gpointer user_data)
{
  AnalysisJob *job = user_data;

  if (job->cancellable == job->window->analysis_cancellable)
    verso_move_list_set_analysis_progress (VERSO_MOVE_LIST (job->window->move_list), done, total);
}

static void analysis_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AnalysisJob *job = user_data;
  VersoWindow *self = job->window;
  g_autoptr (GError) error = NULL;
  gboolean done = verso_game_review_finish (VERSO_GAME (source), result, &error);

  if (job->cancellable == self->analysis_cancellable) {
    g_clear_object (&self->analysis_cancellable);
    verso_move_list_set_analysis_progress (VERSO_MOVE_LIST (self->move_list), 0, 0);
    update_stall_probe (self);
    if (done) {
      adw_flap_set_reveal_flap (self->flap, TRUE);
    } else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
      /* Not our Cancel: the game stops its analysis when its moves change. */
      show_toast (self, _("The analysis stopped: the moves changed"));
    } else {
      g_message ("Cannot analyse the game: %s", error ? error->message : "no reason given");
      show_toast (self, _("The game could not be analysed"));
    }
    update_actions (self);
  }
  analysis_job_free (job);
}

/* Every position of the record is analysed in the background; the grades and the graph fill as
 * it goes, and the computer's moves are graded too. */
static void analyse_game_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  AnalysisJob *job;

  if (self->analysis_cancellable || self->editing || verso_game_get_length (self->game) == 0)
    return;
  job = g_new0 (AnalysisJob, 1);
  job->window = g_object_ref (self);
  job->cancellable = g_cancellable_new ();
  self->analysis_cancellable = g_object_ref (job->cancellable);
  verso_move_list_set_grade_computer (VERSO_MOVE_LIST (self->move_list), TRUE);
  verso_move_list_set_analysis_progress (VERSO_MOVE_LIST (self->move_list), 0, verso_game_get_length (self->game));
  adw_flap_set_reveal_flap (self->flap, TRUE);
  verso_game_review_async (self->game, on_analysis_progress, job, job->cancellable, analysis_ready, job);
  update_stall_probe (self);
  update_actions (self);
}

static void cancel_analysis_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  stop_analysis (self);
  update_actions (self);
}

/* Scores on the board and the evaluation graph */

/* The board shows the game's latest scores, and the status line how deep they go. */
static void update_scores (VersoWindow *self)
{
  const Analysis *scores = self->game && g_settings_get_boolean (self->settings, "show-scores")
                         ? verso_game_get_scores (self->game) : NULL;

  verso_board_view_set_scores (self->board_view, scores);
  if (scores && scores->exact) {
    /* Translators: in the status line, while scores are shown on the board: they are exact */
    gtk_label_set_text (self->scores_label, C_("scores", "exact"));
  } else if (scores && scores->depth > 0) {
    /* Translators: in the status line, while scores are shown on the board: how many moves ahead
     * the engine has looked, e.g. "depth 14" */
    g_autofree char *text = g_strdup_printf (_("depth %d"), scores->depth);
    gtk_label_set_text (self->scores_label, text);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->scores_label), scores && (scores->exact || scores->depth > 0));
}

static void on_scores_changed (VersoGame *game, VersoWindow *self)
{
  update_scores (self);
}

static void on_show_scores_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  if (self->game)
    verso_game_set_show_scores (self->game, g_settings_get_boolean (settings, "show-scores"));
  update_scores (self);
}

static void stop_editing (VersoWindow *self);

/* The computer against itself */

/* The levels the settings give the game's computer: one for both sides, or one for each when
 * it plays itself. */
static void apply_level_settings (VersoWindow *self, VersoGame *game)
{
  if (verso_game_get_mode (game) == VERSO_MODE_COMPUTER_ONLY) {
    verso_game_set_level_for (game, VERSO_COLOR_BLACK, g_settings_get_enum (self->settings, "black-level"));
    verso_game_set_level_for (game, VERSO_COLOR_WHITE, g_settings_get_enum (self->settings, "white-level"));
  } else {
    verso_game_set_level (game, g_settings_get_enum (self->settings, "level"));
  }
}

/* The pause between moves that lets a person follow the computer playing itself. */
static void update_move_delay (VersoWindow *self)
{
  double seconds = g_settings_get_double (self->settings, "computer-pause");

  verso_game_set_move_delay (self->game, verso_game_get_mode (self->game) == VERSO_MODE_COMPUTER_ONLY
                                         ? (guint) (seconds * 1000 + 0.5) : DEFAULT_MOVE_DELAY_MS);
}

static void on_computer_pause_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  update_move_delay (self);
}

static void pause_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoGame *game = VERSO_WINDOW (widget)->game;

  if (verso_game_get_mode (game) != VERSO_MODE_COMPUTER_ONLY || verso_game_is_over (game))
    return;
  if (verso_game_get_paused (game))
    verso_game_resume (game);
  else
    verso_game_pause (game);
}

static void statistics_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  verso_dialog_present (GTK_WINDOW (verso_stats_dialog_new (GTK_WINDOW (self), self->stats)), GTK_WINDOW (self));
}

static void set_game (VersoWindow *self, VersoGame *game)
{
  stop_editing (self);
  stop_analysis (self);
  cancel_hint (self);
  withdraw_notice (self, self->notice_kind);
  if (self->game) {
    g_signal_handlers_disconnect_by_data (self->game, self);
    verso_game_stop_computer (self->game);
  }
  g_set_object (&self->game, game);
  verso_sounds_set_game (self->sounds, game);
  g_signal_connect (game, "changed", G_CALLBACK (on_game_changed), self);
  g_signal_connect (game, "notify::thinking", G_CALLBACK (on_game_notify), self);
  g_signal_connect (game, "notify::level", G_CALLBACK (on_game_notify), self);
  g_signal_connect (game, "notify::paused", G_CALLBACK (on_game_notify), self);
  /* A game already over when it comes (opened, set up) is not a result of play. */
  self->game_counted = verso_game_is_over (game);
  update_move_delay (self);
  g_signal_connect (game, "pass", G_CALLBACK (on_pass), self);
  g_signal_connect (game, "game-over", G_CALLBACK (on_game_over), self);
  g_signal_connect (game, "move-scored", G_CALLBACK (on_move_scored), self);
  verso_window_files_watch_game (self);
  verso_board_view_set_game (self->board_view, game);
  verso_move_list_set_game (VERSO_MOVE_LIST (self->move_list), game);
  verso_eval_graph_set_game (VERSO_EVAL_GRAPH (self->eval_graph), game);
  g_signal_connect (game, "scores-changed", G_CALLBACK (on_scores_changed), self);
  verso_game_set_show_scores (game, g_settings_get_boolean (self->settings, "show-scores"));
  update_scores (self);
  update_coach (self);
  save_game (self);
  update_status (self);
  verso_game_start_computer (game);
  update_stall_probe (self);
}

void verso_window_set_game (VersoWindow *self, VersoGame *game)
{
  set_game (self, game);
}

VersoGame *verso_window_get_game (VersoWindow *self)
{
  g_return_val_if_fail (VERSO_IS_WINDOW (self), NULL);
  return self->game;
}

static VersoPlayer settings_player (GSettings *settings, VersoColor color);

void verso_window_start_new_game (VersoWindow *self)
{
  g_autoptr (VersoGame) game = NULL;
  VersoGameSetup setup = { 0 };

  g_return_if_fail (VERSO_IS_WINDOW (self));

  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++)
    setup.players[color] = settings_player (self->settings, color);
  if (g_settings_get_enum (self->settings, "game-mode") == VERSO_MODE_COMPUTER_ONLY) {
    setup.levels[VERSO_COLOR_BLACK] = g_settings_get_enum (self->settings, "black-level");
    setup.levels[VERSO_COLOR_WHITE] = g_settings_get_enum (self->settings, "white-level");
  } else {
    setup.levels[VERSO_COLOR_BLACK] = setup.levels[VERSO_COLOR_WHITE] = g_settings_get_enum (self->settings, "level");
  }
  /* The schema's enums have the values of Rules and of "balanced" (1). */
  setup.rules = g_settings_get_enum (self->settings, "rules") == RULES_REVERSE ? RULES_REVERSE : RULES_STANDARD;
  setup.balanced_start = g_settings_get_enum (self->settings, "start") == 1;
  setup.seed = g_random_int ();
  game = verso_game_new_with_setup (&setup);
  set_game (self, game);
}

static void on_new_game_response (VersoNewGameDialog *dialog, const char *response, VersoWindow *self)
{
  if (g_strcmp0 (response, "start") != 0)
    return;
  self->saving_new_game_choices = TRUE;
  verso_new_game_dialog_save (dialog);
  self->saving_new_game_choices = FALSE;
  verso_window_start_new_game (self);
}

static void present_new_game_dialog (VersoWindow *self, gpointer data)
{
  GtkWidget *dialog;

  /* One at a time: Ctrl+N works in the dialog too. */
  if (self->new_game_dialog && gtk_widget_get_visible (self->new_game_dialog)) {
    gtk_window_present (GTK_WINDOW (self->new_game_dialog));
    return;
  }
  dialog = verso_new_game_dialog_new (GTK_WINDOW (self), self->settings);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_new_game_response), self, 0);
  g_set_weak_pointer (&self->new_game_dialog, dialog);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

void verso_window_show_new_game_dialog (VersoWindow *self)
{
  g_return_if_fail (VERSO_IS_WINDOW (self));
  /* Unsaved changes to the game's file are dealt with before another game is chosen. */
  verso_window_files_confirm (self, present_new_game_dialog, NULL, NULL);
}

/* Who plays a colour according to the settings. */
static VersoPlayer settings_player (GSettings *settings, VersoColor color)
{
  VersoMode mode = g_settings_get_enum (settings, "game-mode");
  VersoColor human = g_settings_get_enum (settings, "player-color");

  return mode == VERSO_MODE_TWO_PLAYERS || (mode == VERSO_MODE_VERSUS_COMPUTER && human == color)
         ? VERSO_PLAYER_HUMAN : VERSO_PLAYER_COMPUTER;
}

/* Changes in the preferences apply to the game in progress. */
static void on_players_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  if (self->saving_new_game_choices)
    return;
  verso_game_set_player (self->game, VERSO_COLOR_BLACK, settings_player (settings, VERSO_COLOR_BLACK));
  verso_game_set_player (self->game, VERSO_COLOR_WHITE, settings_player (settings, VERSO_COLOR_WHITE));
  apply_level_settings (self, self->game);
  update_move_delay (self);
  update_coach (self);
  update_status (self);
}

static void on_level_setting_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  if (!self->saving_new_game_choices)
    apply_level_settings (self, self->game);
}

static void on_square_activated (VersoBoardView *view, int square, VersoWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (self->editing) {
    verso_position_editor_cycle_square (VERSO_POSITION_EDITOR (self->position_editor), square);
    return;
  }
  if (verso_game_play (self->game, square, &error))
    return;
  verso_board_view_flash_square (view, square);
  if (g_error_matches (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE))
    show_notice (self, NOTICE_ILLEGAL, _("You cannot play there"), 2);
}

/* Actions */

static void undo_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  verso_game_undo (VERSO_WINDOW (widget)->game);
}

static void redo_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  verso_game_redo (VERSO_WINDOW (widget)->game);
}

/* The hinted square and the final disc difference the engine expects after it, e.g.
 * "Best move: d3, winning by about 4 discs". */
static char *hint_text (int square, int disc_difference, gboolean exact)
{
  g_autofree char *name = g_strdup_printf ("%c%c", 'a' + board_column (square), '1' + board_row (square));
  int margin = ABS (disc_difference);

  if (exact && disc_difference > 0)
    /* Translators: a hint: the best move's square (e.g. "d3") and by how much it wins with the
     * best play of both sides, which the engine has solved exactly. */
    return g_strdup_printf (ngettext ("Best move: %s, winning by %d disc",
                                      "Best move: %s, winning by %d discs", margin), name, margin);
  if (exact && disc_difference < 0)
    /* Translators: a hint: the best move's square and by how much it loses, solved exactly. */
    return g_strdup_printf (ngettext ("Best move: %s, losing by %d disc",
                                      "Best move: %s, losing by %d discs", margin), name, margin);
  if (exact)
    /* Translators: a hint: the best move's square, which draws with the best play, solved exactly. */
    return g_strdup_printf (_("Best move: %s, a draw"), name);
  if (disc_difference > 0)
    /* Translators: a hint: the best move's square and by how much the engine estimates it wins. */
    return g_strdup_printf (ngettext ("Best move: %s, winning by about %d disc",
                                      "Best move: %s, winning by about %d discs", margin), name, margin);
  if (disc_difference < 0)
    /* Translators: a hint: the best move's square and by how much the engine estimates it loses. */
    return g_strdup_printf (ngettext ("Best move: %s, losing by about %d disc",
                                      "Best move: %s, losing by about %d discs", margin), name, margin);
  /* Translators: a hint: the best move's square, after which the engine sees neither side ahead. */
  return g_strdup_printf (_("Best move: %s, about even"), name);
}

static void hint_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VersoWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  int disc_difference = 0;
  gboolean exact = FALSE;
  int square = verso_game_hint_finish (VERSO_GAME (source), result, &disc_difference, &exact,
                                        &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->hint_cancellable);
  show_hint_searching (self, FALSE);
  if (error) {
    show_toast (self, _("No hint is available"));
  } else if (VERSO_GAME (source) == self->game && square >= 0 && square < BOARD_SQUARES) {
    g_autofree char *text = hint_text (square, disc_difference, exact);
    verso_board_view_set_hint (self->board_view, square);
    show_notice (self, NOTICE_HINT, text, 5);
  }
  update_actions (self);
}

static void hint_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  if (self->hint_cancellable || !verso_game_is_human_turn (self->game))
    return;
  self->hint_cancellable = g_cancellable_new ();
  show_hint_searching (self, TRUE);
  verso_game_hint_async (self->game, self->hint_cancellable, hint_ready, g_object_ref (self));
  update_actions (self);
}

/* The record: navigation, the move list and setting up a position */

static void go_start_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  verso_game_go_to (VERSO_WINDOW (widget)->game, 0);
}

static void go_end_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoGame *game = VERSO_WINDOW (widget)->game;

  verso_game_go_to (game, verso_game_get_length (game));
}

/* One move back; the position before a forced pass shows the one after it, so going back over a
 * pass may land where it already is: then one more. */
static void go_back_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoGame *game = VERSO_WINDOW (widget)->game;
  guint ply = verso_game_get_ply (game);

  for (guint target = ply; target > 0 && verso_game_get_ply (game) == ply; target--)
    verso_game_go_to (game, target - 1);
}

/* One move forward, over a forced pass in the same way. */
static void go_forward_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoGame *game = VERSO_WINDOW (widget)->game;
  guint ply = verso_game_get_ply (game), length = verso_game_get_length (game);

  for (guint target = ply + 1; target <= length && verso_game_get_ply (game) == ply; target++)
    verso_game_go_to (game, target);
}

static void resume_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  verso_game_resume (VERSO_WINDOW (widget)->game);
}

static void on_editor_changed (VersoPositionEditor *editor, VersoWindow *self)
{
  if (self->editing)
    verso_board_view_set_edit_position (self->board_view, verso_position_editor_get_position (editor));
}

/* Setting up a position stops the computer; the game is kept as it was until Play replaces it. */
static void set_up_position_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  const VersoRecord *record = verso_game_get_record (self->game);

  if (self->editing)
    return;
  cancel_hint (self);
  withdraw_notice (self, self->notice_kind);
  verso_game_stop_computer (self->game);
  self->editing = TRUE;
  verso_position_editor_set_position (VERSO_POSITION_EDITOR (self->position_editor),
                                      verso_record_get_position (record, verso_record_get_current (record)));
  gtk_stack_set_visible_child_name (self->status_stack, "edit");
  gtk_widget_set_sensitive (self->move_list, FALSE);
  update_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  verso_board_view_show_cursor (self->board_view);
}

static void stop_editing (VersoWindow *self)
{
  if (!self->editing)
    return;
  self->editing = FALSE;
  verso_board_view_set_edit_position (self->board_view, NULL);
  gtk_stack_set_visible_child_name (self->status_stack, "play");
  gtk_widget_set_sensitive (self->move_list, TRUE);
  if (self->game)
    update_actions (self);
}

static void on_editor_cancel (VersoPositionEditor *editor, VersoWindow *self)
{
  stop_editing (self);
  verso_game_start_computer (self->game);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void play_set_up_position (VersoWindow *self, gpointer data)
{
  const Position *start = data;
  g_autoptr (VersoGame) game = verso_game_new_from_position (settings_player (self->settings, VERSO_COLOR_BLACK),
                                                             settings_player (self->settings, VERSO_COLOR_WHITE),
                                                             g_settings_get_enum (self->settings, "level"),
                                                             start);

  apply_level_settings (self, game);
  set_game (self, game);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

/* The new game replaces the old one as a new game or an opened file would: unsaved changes to
 * its file are dealt with first, and the editor stays open when the person cancels. */
static void on_editor_play (VersoPositionEditor *editor, VersoWindow *self)
{
  Position *start = g_new (Position, 1);

  *start = *verso_position_editor_get_position (editor);
  verso_window_files_confirm (self, play_set_up_position, start, g_free);
}

/* Window */

/* At start and whenever a dialog gives the window back, the keys act on the board, and its
 * cursor shows where. */
static void on_active_changed (VersoWindow *self)
{
  if (!gtk_window_is_active (GTK_WINDOW (self)))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  verso_board_view_show_cursor (self->board_view);
}

/* The details of an unreadable saved game: where the file is now, in full and selectable. */
static void on_unreadable_save_details (AdwToast *toast, VersoWindow *self)
{
  const char *kept_as = g_object_get_data (G_OBJECT (toast), "kept-as");
  const char *path = g_object_get_data (G_OBJECT (toast), "path");
  GtkWidget *dialog, *label;

  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The Saved Game Could Not Be Read"),
                                   kept_as ? _("A new game has started. The unreadable file was kept as:")
                                           : _("A new game has started. The unreadable file is still at:"));
  label = gtk_label_new (kept_as ? kept_as : path);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), label);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

static VersoGame *restore_game (VersoWindow *self)
{
  g_autofree char *path = save_path ();
  g_autofree char *set_aside = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) game = verso_game_restore (path, &set_aside, &error);
  AdwToast *toast;

  if (game)
    return verso_game_is_over (game) ? NULL : g_steal_pointer (&game);
  if (!error)
    return NULL;
  g_message ("Cannot restore the saved game %s: %s", path, error->message);
  /* Translators: a toast, kept short: its Details button shows where the file is. */
  toast = adw_toast_new (_("The saved game could not be read"));
  /* Longer than other toasts: it comes at the start, before the person looks at the board. */
  adw_toast_set_timeout (toast, 10);
  adw_toast_set_button_label (toast, _("_Details"));
  g_object_set_data_full (G_OBJECT (toast), "kept-as", g_steal_pointer (&set_aside), g_free);
  g_object_set_data_full (G_OBJECT (toast), "path", g_steal_pointer (&path), g_free);
  g_signal_connect_object (toast, "button-clicked", G_CALLBACK (on_unreadable_save_details), self, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  return NULL;
}

static void save_game (VersoWindow *self)
{
  g_autofree char *path = save_path ();
  g_autoptr (GError) error = NULL;

  if (verso_game_is_over (self->game)) {
    g_unlink (path);
    return;
  }
  if (!verso_game_save (self->game, path, &error))
    g_warning ("Cannot save the game to %s: %s", path, error->message);
}

static gboolean verso_window_close_request (GtkWindow *window)
{
  VersoWindow *self = VERSO_WINDOW (window);
  int width, height;

  if (verso_window_files_close_request (self))
    return TRUE;
  cancel_hint (self);
  verso_game_stop_computer (self->game);
  save_game (self);

  gtk_window_get_default_size (window, &width, &height);
  g_settings_delay (self->settings);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0) {
    g_settings_set_int (self->settings, "window-width", width);
    g_settings_set_int (self->settings, "window-height", height);
  }
  g_settings_apply (self->settings);

  return GTK_WINDOW_CLASS (verso_window_parent_class)->close_request (window);
}

static void verso_window_dispose (GObject *object)
{
  VersoWindow *self = VERSO_WINDOW (object);

  cancel_hint (self);
  stop_analysis (self);
  verso_window_files_dispose (self);
  g_clear_handle_id (&self->stall_probe, g_source_remove);
  if (self->game_over_dialog)
    g_object_remove_weak_pointer (G_OBJECT (self->game_over_dialog), (gpointer *) &self->game_over_dialog);
  g_clear_handle_id (&self->notice_timeout, g_source_remove);
  self->game_over_dialog = NULL;
  g_clear_weak_pointer (&self->new_game_dialog);
  if (self->game) {
    g_signal_handlers_disconnect_by_data (self->game, self);
    verso_game_stop_computer (self->game);
  }
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), VERSO_TYPE_WINDOW);
  g_clear_object (&self->sounds);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  g_clear_object (&self->stats);
  G_OBJECT_CLASS (verso_window_parent_class)->dispose (object);
}

static void verso_window_class_init (VersoWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = verso_window_dispose;
  window_class->close_request = verso_window_close_request;
  widget_class->realize = verso_window_realize;
  widget_class->size_allocate = verso_window_size_allocate;

  g_type_ensure (VERSO_TYPE_BOARD_VIEW);
  g_type_ensure (VERSO_TYPE_EVAL_GRAPH);
  g_type_ensure (VERSO_TYPE_MOVE_LIST);
  g_type_ensure (VERSO_TYPE_POSITION_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/verso/Verso/verso-window.ui");
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, black_box);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, white_box);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, black_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, white_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, turn_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, hint_stack);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, hint_spinner);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, notice_label);
  gtk_widget_class_bind_template_callback (widget_class, on_square_activated);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, moves_button);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, resume_button);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, status_stack);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, position_editor);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, eval_graph);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, scores_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, pause_button);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_play);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_cancel);
  /* The layout for the window's width (update_layout). */
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, wide_header_clip);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, wide_header);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, narrow_header);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, title_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, subtitle_stack);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, subtitle_start);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, subtitle_end);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, narrow_subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, game_bar);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, bar_pause_button);
  gtk_widget_class_install_action (widget_class, "win.go-start", NULL, go_start_activated);
  gtk_widget_class_install_action (widget_class, "win.go-end", NULL, go_end_activated);
  gtk_widget_class_install_action (widget_class, "win.go-back", NULL, go_back_activated);
  gtk_widget_class_install_action (widget_class, "win.go-forward", NULL, go_forward_activated);
  gtk_widget_class_install_action (widget_class, "win.resume", NULL, resume_activated);
  gtk_widget_class_install_action (widget_class, "win.pause", NULL, pause_activated);
  gtk_widget_class_install_action (widget_class, "win.statistics", NULL, statistics_activated);
  gtk_widget_class_install_action (widget_class, "win.set-up-position", NULL, set_up_position_activated);

  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_activated);
  gtk_widget_class_install_action (widget_class, "win.analyse-game", NULL, analyse_game_activated);
  gtk_widget_class_install_action (widget_class, "win.cancel-analysis", NULL, cancel_analysis_activated);
  verso_window_files_class_init (widget_class);
}

static void verso_window_init (VersoWindow *self)
{
  g_autoptr (VersoGame) game = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* F9 and the Moves toggles (in the header bar, or in the bar under the board of a narrow
   * window) show and hide the move list; the flap hides it by itself when it folds in a narrow
   * window and shows it again when there is room. */
  {
    g_autoptr (GPropertyAction) show_moves = g_property_action_new ("show-moves", self->flap, "reveal-flap");
    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show_moves));
  }

  self->settings = g_settings_new ("io.github.verso.Verso");
  self->sounds = verso_sounds_new (self->settings);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_settings_bind (self->settings, "show-legal-moves", self->board_view, "show-legal-moves", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-last-move", self->board_view, "show-last-move", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-coordinates", self->board_view, "show-coordinates", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "animations", self->board_view, "animate", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "board-theme", self->board_view, "theme", G_SETTINGS_BIND_GET);
  g_signal_connect (self->settings, "changed::game-mode", G_CALLBACK (on_players_setting_changed), self);
  g_signal_connect (self->settings, "changed::player-color", G_CALLBACK (on_players_setting_changed), self);
  g_signal_connect (self->settings, "changed::level", G_CALLBACK (on_level_setting_changed), self);
  g_signal_connect (self->settings, "changed::black-level", G_CALLBACK (on_level_setting_changed), self);
  g_signal_connect (self->settings, "changed::white-level", G_CALLBACK (on_level_setting_changed), self);
  g_signal_connect (self->settings, "changed::computer-pause", G_CALLBACK (on_computer_pause_setting_changed), self);
  /* The statistics of games against the computer, in the user data directory. */
  self->stats = verso_stats_new (NULL);
  /* Scores on the board (F7): the action is the setting's, so the menu's check follows it. */
  {
    g_autoptr (GAction) show_scores = g_settings_create_action (self->settings, "show-scores");
    g_action_map_add_action (G_ACTION_MAP (self), show_scores);
  }
  g_signal_connect (self->settings, "changed::show-scores", G_CALLBACK (on_show_scores_setting_changed), self);
  g_settings_bind (self->settings, "board-theme", self->eval_graph, "theme", G_SETTINGS_BIND_GET);
  g_signal_connect (self->settings, "changed::coach", G_CALLBACK (on_coach_setting_changed), self);

  game = restore_game (self);
  if (game)
    set_game (self, game);
  else
    verso_window_start_new_game (self);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (on_active_changed), NULL);
  verso_window_files_init (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  verso_board_view_show_cursor (self->board_view);
}

VersoWindow *verso_window_new (GtkApplication *application)
{
  return g_object_new (VERSO_TYPE_WINDOW, "application", application, NULL);
}
