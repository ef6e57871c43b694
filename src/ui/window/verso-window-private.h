/* verso-window-private.h: the main window's state, shared by the files that make up the window:
 * verso-window.c (the class, the layout, the wiring) and verso-window-<part>.c, one a concern.
 * Their functions declared here are private to the window and named window_<what> (for a part's
 * own, window_<part>_<what>), without the verso_ namespace: verso_window_ names only the public
 * functions of verso-window.h, which the rest of the application calls. */
#pragma once

#include <adwaita.h>

#include "verso-board-view.h"
#include "verso-game.h"
#include "verso-profile.h"
#include "verso-sounds.h"
#include "verso-window.h"

G_BEGIN_DECLS

typedef enum {
  NOTICE_NONE,
  NOTICE_ILLEGAL,  /* until the position changes */
  NOTICE_HINT,     /* until the position changes */
  NOTICE_PASS,     /* until an undo goes back before the pass, or another game */
  NOTICE_FILE,     /* a remark on the game opened or pasted, or why a paste failed; for a few seconds */
  NOTICE_ENGINE,   /* what an engine did wrong when it gave up its colour; until the position
                      changes (the person's move, an undo), or another game */
} NoticeKind;

/* A window action ("win.name") without a parameter, and what activating it does. */
typedef struct {
  const char *name;
  GtkWidgetActionActivateFunc activate;
} VersoWindowAction;

struct _VersoWindow {
  AdwApplicationWindow parent_instance;

  AdwWindowTitle *window_title;
  /* The two layouts (update_layout): the header for a wide window, and for a narrow one the
   * header with the bar under the board; the title and the subtitle on one or two lines. */
  GtkWidget *wide_header_clip;
  GtkWidget *wide_header;
  GtkWidget *narrow_header;
  GtkWidget *title_label;
  GtkWidget *subtitle_stack;
  GtkWidget *subtitle_label;
  GtkWidget *subtitle_start;
  GtkWidget *subtitle_end;
  GtkWidget *narrow_subtitle_label;
  GtkWidget *game_bar;
  GtkWidget *bar_pause_button;
  AdwToastOverlay *toast_overlay;
  VersoBoardView *board_view;
  GtkWidget *black_box;
  GtkWidget *white_box;
  GtkLabel *black_label;
  GtkLabel *white_label;
  GtkLabel *turn_label;
  GtkSpinner *spinner;
  /* Each side's time left beside its disc count, while the game has a clock; the timer that
   * checks the flag and redraws them while one runs (verso-window-clock.c), 0 when none runs. */
  GtkLabel *black_clock_label;
  GtkLabel *white_clock_label;
  guint clock_timeout;
  GtkWidget *hint_button;
  GtkStack *hint_stack;
  GtkSpinner *hint_spinner;

  GSettings *settings;
  VersoGame *game;
  /* The game's signals that the window's parts listen to: each part connects its handlers once,
   * from its init, and window_set_game moves them all to each new game. */
  GSignalGroup *game_signals;
  GCancellable *hint_cancellable;
  /* One short notice over the bottom of the board, withdrawn when it stops being true. */
  GtkRevealer *notice_revealer;
  GtkLabel *notice_label;
  NoticeKind notice_kind;
  guint notice_timeout;
  guint pass_ply;           /* a pass notice is true until an undo goes back before the pass */
  guint engine_failed_ply;  /* the position where an engine gave up its colour */
  GtkWidget *game_over_dialog;
  GtkWidget *new_game_dialog;
  gboolean saving_new_game_choices; /* settings written by the New Game dialog, not a change of players */

  /* VERSO_DEBUG_STALLS (verso-window-stall-probe.c): measures the longest gap between main-loop turns while the computer thinks. */
  guint stall_probe;
  gint64 stall_last, stall_longest, thinking_since;
  gint64 stall_cpu_last, stall_cpu_longest; /* the main thread's own CPU time between turns */
  gint64 scores_since;     /* when the scores of the position shown were dropped (asked for anew) */
  int scores_logged_depth; /* the deepest of them logged (G_MAXINT once exact) */

  /* The record: the move list in a flap (verso-window.c), and setting up a position
   * (verso-window-editor.c). */
  AdwFlap *flap;
  GtkWidget *move_list;           /* VersoMoveList */
  GtkWidget *moves_button;
  GtkWidget *resume_button;
  /* A record reviewed (verso-window-status.c): its players over the move list, and Play From
   * Here in the status line (verso-window-actions.c). */
  GtkWidget *record_box;
  GtkLabel *record_players_label;
  GtkLabel *record_event_label;
  GtkWidget *play_from_here_button;
  GtkStack *status_stack;         /* "play": the status line; "edit": the position editor */
  GtkWidget *position_editor;     /* VersoPositionEditor */
  gboolean editing;               /* a position is being set up; the game waits */

  /* Files and the clipboard (verso-window-files.c). */
  GtkNativeDialog *file_chooser;    /* the last Open or Save As chooser, kept until the next */
  GtkWidget *save_changes_dialog;   /* weak: the question before unsaved changes are lost */
  GCancellable *open_cancellable;   /* the file being read */
  gboolean discarding;              /* the person chose Discard: set while what follows runs */
  gboolean close_confirmed;         /* the unsaved changes were dealt with: the window may close */
  GtkNativeDialog *export_chooser;  /* the last Export Position chooser (verso-window-export.c) */

  /* Scores on the board and the evaluation graph (verso-window-status.c). */
  GtkWidget *eval_graph;            /* VersoEvalGraph, under the move list */
  GtkLabel *scores_label;           /* the scores' depth in the status line, while they are shown */
  GtkWidget *database_panel;        /* VersoDatabasePanel, under the move list (F8) */

  /* The coach and the review of the whole game, Analyse Game (verso-window-review.c). */
  GCancellable *review_cancellable; /* the review under way, NULL when none */
  /* The session saved again for new scores (verso-window-session.c), waiting; 0 when none. */
  guint scores_save_source;

  /* The computer against itself (verso-window-status.c, -actions.c). */
  GtkWidget *pause_button;          /* Pause/Resume in the header bar, shown in that mode only */
  /* The person's statistics, rating and practice deck (verso-window-game-over.c, -practice.c). */
  VersoProfile *profile;
  gboolean game_over_when_given;    /* the game shown was over when it came: never counted */
  gboolean game_counted;            /* the game shown is in the statistics */
  gboolean game_rated;              /* counting it moved the rating (the game-over dialog says by how much) */
  gboolean game_kept;               /* the game shown is in the library as it ended or was left */

  /* Sounds of the game shown (verso-sounds.c). */
  VersoSounds *sounds;
};

/* verso-window.c, for the files that make up the window. */
void window_set_game (VersoWindow *self, VersoGame *game);
/* The game is a person's against the computer: messages say "you" and "the computer". */
gboolean window_versus_computer (VersoWindow *self);
/* Of four texts about color's player, the one that names it: the person (you) or the computer
 * against the computer, the colour otherwise. Printf formats among them take the same arguments
 * (the compiler checks you's). */
const char *window_player_words (VersoWindow *self, VersoColor color, const char *you,
                                 const char *computer, const char *black, const char *white)
                                 G_GNUC_FORMAT (3);
void window_set_subtitle (VersoWindow *self, const char *text);
/* From class_init: the files of the window each install their actions so. */
void window_install_actions (GtkWidgetClass *widget_class, const VersoWindowAction *actions, gsize n_actions);

/* verso-window-notices.c */
/* Shows text over the bottom of the board for seconds, or until it is withdrawn when seconds is 0. */
void window_show_notice (VersoWindow *self, NoticeKind kind, const char *text, guint seconds);
/* Withdraws the notice shown if it is of this kind. */
void window_withdraw_notice (VersoWindow *self, NoticeKind kind);
void window_notices_init (VersoWindow *self);

/* verso-window-status.c */
void window_update_status (VersoWindow *self);
void window_update_scores (VersoWindow *self);
/* The result of the game over, in a sentence: "You win, 40 to 24". */
char *window_result_text (VersoWindow *self);
void window_status_init (VersoWindow *self);
void window_status_watch_game (VersoWindow *self);

/* verso-window-clock.c */
/* The clocks follow the game shown: shown or hidden, the running one marked, the timer started
 * or stopped. */
void window_update_clocks (VersoWindow *self);
void window_clock_dispose (VersoWindow *self);

/* verso-window-actions.c */
void window_update_actions (VersoWindow *self);
void window_cancel_hint (VersoWindow *self);
void window_actions_class_init (GtkWidgetClass *widget_class);

/* verso-window-editor.c */
void window_stop_editing (VersoWindow *self);
void window_editor_class_init (GtkWidgetClass *widget_class);

/* verso-window-game-over.c */
void window_game_over_init (VersoWindow *self);
void window_game_over_watch_game (VersoWindow *self);
void window_keep_game_left (VersoWindow *self);
void window_game_over_class_init (GtkWidgetClass *widget_class);

/* verso-window-practice.c */
void window_practice_init (VersoWindow *self);
/* Once the profile is there (constructed): a damaged deck file is said. */
void window_practice_watch_profile (VersoWindow *self);
void window_practice_class_init (GtkWidgetClass *widget_class);

/* verso-window-review.c */
void window_update_coach (VersoWindow *self);
/* Stops the review under way; the scores it found stay with the moves. */
void window_stop_review (VersoWindow *self);
void window_review_init (VersoWindow *self);
void window_review_class_init (GtkWidgetClass *widget_class);

/* verso-window-variations.c */
void window_variations_class_init (GtkWidgetClass *widget_class);

/* verso-window-library.c: Library… and the game chosen there. */
void window_library_class_init (GtkWidgetClass *widget_class);

/* verso-window-settings.c */
VersoPlayer window_settings_player (GSettings *settings, VersoColor color);
/* Match my level, when the settings ask for it: the strength at the person's rating now (the
 * rating moves only between games, so it is the game's start's). */
gboolean window_match_my_level (VersoWindow *self, LevelMix *mix);
void window_apply_level_settings (VersoWindow *self, VersoGame *game);
/* The hint engine of the settings given to the game shown (verso_game_set_hint_engine). */
void window_update_hint_engine (VersoWindow *self);
void window_update_move_delay (VersoWindow *self);
void window_settings_init (VersoWindow *self);

/* verso-window-session.c: the game in progress, kept between sessions. */
/* Shows the saved game; FALSE when there is none to show (a toast says why when it could not be
 * read). */
gboolean window_restore_game (VersoWindow *self);
void window_save_game (VersoWindow *self);
/* Saves the session again, at most once a second, as the game's scores are found. */
void window_session_init (VersoWindow *self);
void window_session_dispose (VersoWindow *self);

/* verso-window-stall-probe.c */
void window_update_stall_probe (VersoWindow *self);
void window_stall_probe_scores (VersoWindow *self, const Analysis *scores);

/* verso-window-export.c: Export Position… and Copy as Image. */
void window_export_class_init (GtkWidgetClass *widget_class);
void window_export_dispose (VersoWindow *self);

/* verso-window-files.c */
typedef void (*VersoWindowThen) (VersoWindow *self, gpointer data);
void window_files_class_init (GtkWidgetClass *widget_class);
void window_files_init (VersoWindow *self);
void window_files_dispose (VersoWindow *self);
/* Text of a game (a GGF or SGF record) replaces the one shown once its changes are dealt with, as
 * an opened file does; text that is no game leaves it, and a notice says why. */
void window_files_offer_text (VersoWindow *self, const char *text);
/* Called whenever the window shows another game: the title follows its file and changes. */
void window_files_watch_game (VersoWindow *self);
/* Runs then (data freed with destroy afterwards) once unsaved changes (to the game's file, or an
 * unfinished game never saved) are saved or discarded (self->discarding says which), at once when
 * there are none; never when the person cancels. Anything that replaces the game (New Game, Open,
 * Paste, a set-up position) goes through it. */
void window_files_confirm (VersoWindow *self, VersoWindowThen then, gpointer data,
                           GDestroyNotify destroy);
/* TRUE when closing waits for the person's answer about unsaved changes. */
gboolean window_files_close_request (VersoWindow *self);

G_END_DECLS
