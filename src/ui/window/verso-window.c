/* verso-window.c: the main window: its class and template, the layout for its width, and the
 * wiring of its parts (verso-window-*.c) to the game shown and to the settings. */
#include "verso-window-private.h"

#include <string.h>

#include "verso-application.h"
#include "verso-board-view.h"
#include "verso-database-panel.h"
#include "verso-eval-graph.h"
#include "verso-move-list.h"
#include "verso-position-editor.h"
#include "verso-settings-batch.h"
#include "verso-sounds.h"

G_DEFINE_FINAL_TYPE (VersoWindow, verso_window, ADW_TYPE_APPLICATION_WINDOW)

gboolean window_versus_computer (VersoWindow *self)
{
  return verso_game_get_mode (self->game) == VERSO_MODE_VERSUS_COMPUTER;
}

const char *window_player_words (VersoWindow *self, VersoColor color, const char *you,
                                 const char *computer, const char *black, const char *white)
{
  if (window_versus_computer (self))
    return verso_game_get_player (self->game, color) == VERSO_PLAYER_HUMAN ? you : computer;
  return color == VERSO_COLOR_BLACK ? black : white;
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
void window_set_subtitle (VersoWindow *self, const char *text)
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

/* The side pane takes a share of the window's width, between these: at 720 px its notes and the
 * Database's rows fit without being cut, at 2560 px its graph is large enough to read. */
#define SIDE_PANE_SHARE 0.3
#define SIDE_PANE_LEAST 200
#define SIDE_PANE_MOST 480

static int side_pane_width (int width)
{
  return CLAMP ((int) (width * SIDE_PANE_SHARE), SIDE_PANE_LEAST, SIDE_PANE_MOST);
}

/* The layout for the window's width: the wide header, its subtitle on one line or else on two;
 * when neither fits, the narrow header, with the game's buttons in the bar under the board. The
 * side pane, a share of the width, folds over the board, shown on demand (Moves, F9), only when
 * it would leave the board too little room: a long subtitle that makes the header narrow does
 * not make the pane hide two columns of the board. Only the width decides, so
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
  GtkWidget *pane = adw_flap_get_flap (self->flap);
  int pane_width = side_pane_width (width);
  AdwFlapFoldPolicy fold = width - pane_width < BOARD_BESIDE_PANE
                           ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_AUTO;
  g_autofree char *text = NULL;
  int requested;

  gtk_widget_get_size_request (pane, &requested, NULL);
  if (requested != pane_width) {
    if (!apply)
      return FALSE;
    gtk_widget_set_size_request (pane, pane_width, -1);
  }
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

/* The game shown: each part of the window follows it */

/* Every change of the position is saved at once, so a killed game loses at most its last move. */
static void on_game_changed (VersoGame *game, VersoWindow *self)
{
  window_save_game (self);
  window_cancel_hint (self);
  window_withdraw_notice (self, NOTICE_ILLEGAL);
  window_withdraw_notice (self, NOTICE_HINT);
  if (verso_game_get_ply (game) < self->pass_ply)
    window_withdraw_notice (self, NOTICE_PASS);
  if (verso_game_get_ply (game) != self->engine_failed_ply)
    window_withdraw_notice (self, NOTICE_ENGINE);
  window_update_status (self);
  window_update_scores (self);
}

static void on_game_notify (VersoGame *game, GParamSpec *pspec, VersoWindow *self)
{
  window_update_stall_probe (self);
  window_update_status (self);
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

void window_set_game (VersoWindow *self, VersoGame *game)
{
  /* The game left, unless it is the same one shown again, is kept as it stands. */
  if (game != self->game)
    window_keep_game_left (self);
  window_stop_editing (self);
  window_stop_review (self);
  window_cancel_hint (self);
  window_withdraw_notice (self, self->notice_kind);
  /* The old game's last notices (its search stopped) reach the window no more. */
  g_signal_group_set_target (self->game_signals, game);
  if (self->game)
    verso_game_stop_computer (self->game);
  g_set_object (&self->game, game);
  verso_sounds_set_game (self->sounds, game);
  window_update_move_delay (self);
  window_update_hint_engine (self);
  window_game_over_watch_game (self);
  window_files_watch_game (self);
  verso_board_view_set_game (self->board_view, game);
  verso_move_list_set_game (VERSO_MOVE_LIST (self->move_list), game);
  verso_eval_graph_set_game (VERSO_EVAL_GRAPH (self->eval_graph), game);
  verso_database_panel_set_game (VERSO_DATABASE_PANEL (self->database_panel), game);
  window_status_watch_game (self);
  window_update_coach (self);
  window_save_game (self);
  window_update_status (self);
  verso_game_start_computer (game);
  window_update_stall_probe (self);
}

VersoGame *verso_window_get_game (VersoWindow *self)
{
  g_return_val_if_fail (VERSO_IS_WINDOW (self), NULL);
  return self->game;
}

/* At start and whenever a dialog gives the window back, the keys act on the board, and its
 * cursor shows where. */
/* A row of the Database panel activated: its move is played as a click on its square would. */
static void on_database_move_activated (VersoDatabasePanel *panel, int square, VersoWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (self->editing || verso_game_play (self->game, square, &error))
    return;
  verso_board_view_flash_square (self->board_view, square);
  window_show_notice (self, NOTICE_ILLEGAL, error->message, 2);
}

/* The Database panel shown (F8): the side pane it is in comes out with it. */
static void on_database_shown (VersoWindow *self)
{
  if (gtk_widget_get_visible (self->database_panel))
    adw_flap_set_reveal_flap (self->flap, TRUE);
}

static void on_active_changed (VersoWindow *self)
{
  if (!gtk_window_is_active (GTK_WINDOW (self)))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  verso_board_view_show_cursor (self->board_view);
}

static gboolean verso_window_close_request (GtkWindow *window)
{
  VersoWindow *self = VERSO_WINDOW (window);
  int width, height;

  if (window_files_close_request (self))
    return TRUE;
  window_cancel_hint (self);
  verso_game_stop_computer (self->game);
  window_save_game (self);

  gtk_window_get_default_size (window, &width, &height);
  g_autoptr (GSettings) batch = verso_settings_batch (self->settings);

  g_settings_set_boolean (batch, "window-maximized", gtk_window_is_maximized (window));
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0) {
    g_settings_set_int (batch, "window-width", width);
    g_settings_set_int (batch, "window-height", height);
  }
  g_settings_apply (batch);

  return GTK_WINDOW_CLASS (verso_window_parent_class)->close_request (window);
}

enum {
  PROP_0,
  PROP_PROFILE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void verso_window_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  VersoWindow *self = VERSO_WINDOW (object);

  switch (prop_id) {
  case PROP_PROFILE:
    g_set_object (&self->profile, g_value_get_object (value));
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void verso_window_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  VersoWindow *self = VERSO_WINDOW (object);

  switch (prop_id) {
  case PROP_PROFILE:
    g_value_set_object (value, self->profile);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

/* What needs the profile, which comes as a property after init: the game restored or a new one
 * (Match my level plays at the person's rating), and a damaged deck said. */
static void verso_window_constructed (GObject *object)
{
  VersoWindow *self = VERSO_WINDOW (object);

  G_OBJECT_CLASS (verso_window_parent_class)->constructed (object);
  g_return_if_fail (VERSO_IS_PROFILE (self->profile));

  window_practice_watch_profile (self);
  if (!window_restore_game (self))
    verso_window_start_new_game (self);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (on_active_changed), NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  verso_board_view_show_cursor (self->board_view);
}

static void verso_window_dispose (GObject *object)
{
  VersoWindow *self = VERSO_WINDOW (object);

  window_cancel_hint (self);
  window_stop_review (self);
  window_files_dispose (self);
  window_export_dispose (self);
  window_session_dispose (self);
  window_clock_dispose (self);
  g_clear_handle_id (&self->stall_probe, g_source_remove);
  g_clear_weak_pointer (&self->game_over_dialog);
  g_clear_handle_id (&self->notice_timeout, g_source_remove);
  g_clear_weak_pointer (&self->new_game_dialog);
  g_clear_object (&self->game_signals);
  if (self->game)
    verso_game_stop_computer (self->game);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), VERSO_TYPE_WINDOW);
  g_clear_object (&self->sounds);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  g_clear_object (&self->profile);
  G_OBJECT_CLASS (verso_window_parent_class)->dispose (object);
}

void window_install_actions (GtkWidgetClass *widget_class, const VersoWindowAction *actions, gsize n_actions)
{
  for (gsize i = 0; i < n_actions; i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, NULL, actions[i].activate);
}

static void verso_window_class_init (VersoWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = verso_window_dispose;
  object_class->constructed = verso_window_constructed;
  object_class->set_property = verso_window_set_property;
  object_class->get_property = verso_window_get_property;
  window_class->close_request = verso_window_close_request;
  widget_class->realize = verso_window_realize;
  widget_class->size_allocate = verso_window_size_allocate;

  /* The person's statistics and practice deck: the one the application read at start-up. */
  properties[PROP_PROFILE] =
    g_param_spec_object ("profile", NULL, NULL, VERSO_TYPE_PROFILE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (VERSO_TYPE_BOARD_VIEW);
  g_type_ensure (VERSO_TYPE_EVAL_GRAPH);
  g_type_ensure (VERSO_TYPE_DATABASE_PANEL);
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
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, black_clock_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, white_clock_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, turn_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, hint_stack);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, hint_spinner);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, notice_revealer);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, moves_button);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, resume_button);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, status_stack);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, position_editor);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, eval_graph);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, database_panel);
  gtk_widget_class_bind_template_callback (widget_class, on_database_move_activated);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, scores_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, pause_button);
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
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, record_box);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, record_players_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, record_event_label);
  gtk_widget_class_bind_template_child (widget_class, VersoWindow, play_from_here_button);
  window_actions_class_init (widget_class);
  window_editor_class_init (widget_class);
  window_game_over_class_init (widget_class);
  window_practice_class_init (widget_class);
  window_review_class_init (widget_class);
  window_variations_class_init (widget_class);
  window_library_class_init (widget_class);
  window_files_class_init (widget_class);
  window_export_class_init (widget_class);
}

static void verso_window_init (VersoWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* F9 and the Moves toggles (in the header bar, or in the bar under the board of a narrow
   * window) show and hide the move list; the flap hides it by itself when it folds in a narrow
   * window and shows it again when there is room. */
  {
    g_autoptr (GPropertyAction) show_moves = g_property_action_new ("show-moves", self->flap, "reveal-flap");
    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show_moves));
    /* F8 shows the Database panel under the move list, and the side pane with it. */
    g_autoptr (GPropertyAction) show_database = g_property_action_new ("show-database", self->database_panel,
                                                                        "visible");
    g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (show_database));
    g_signal_connect_swapped (self->database_panel, "notify::visible", G_CALLBACK (on_database_shown), self);
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
  /* The game's signals, in the order their handlers run: the window's own, then its parts'. */
  self->game_signals = g_signal_group_new (VERSO_TYPE_GAME);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (on_game_changed), self);
  g_signal_group_connect (self->game_signals, "notify::thinking", G_CALLBACK (on_game_notify), self);
  g_signal_group_connect (self->game_signals, "notify::level", G_CALLBACK (on_game_notify), self);
  g_signal_group_connect (self->game_signals, "notify::paused", G_CALLBACK (on_game_notify), self);
  g_signal_group_connect (self->game_signals, "notify::record", G_CALLBACK (on_game_notify), self);
  window_notices_init (self);
  window_game_over_init (self);
  window_settings_init (self);
  window_practice_init (self);
  window_session_init (self);
  window_status_init (self);
  g_settings_bind (self->settings, "board-theme", self->eval_graph, "theme", G_SETTINGS_BIND_GET);
  window_review_init (self);
  window_files_init (self);
}

VersoWindow *verso_window_new (GtkApplication *application, VersoProfile *profile)
{
  g_return_val_if_fail (VERSO_IS_PROFILE (profile), NULL);

  return g_object_new (VERSO_TYPE_WINDOW, "application", application, "profile", profile, NULL);
}
