/* verso-window-files.c: the main window's files and clipboard: Open, Save, Save As, copy and
 * paste, dropped files, the title that names the file, the question before unsaved changes
 * to a file are lost, the choice among an OBF file's positions and the scores it lists. Reading
 * and writing are the game model's (verso-game.h). */
#include "verso-window-private.h"

#include <glib/gi18n.h>
#include <string.h>

#include "verso-dialog.h"
#include "verso-game-analysis.h"
#include "verso-game-files.h"
#include "verso-position-chooser.h"

/* Something to do once the unsaved changes are saved or given up: replace the game, close. */
typedef struct {
  VersoWindowThen then;
  gpointer data;
  GDestroyNotify destroy;
} Continuation;

static Continuation *continuation_new (VersoWindowThen then, gpointer data, GDestroyNotify destroy)
{
  Continuation *continuation = g_new (Continuation, 1);

  continuation->then = then;
  continuation->data = data;
  continuation->destroy = destroy;
  return continuation;
}

static void continuation_free (Continuation *continuation)
{
  if (continuation->destroy)
    continuation->destroy (continuation->data);
  g_free (continuation);
}

/* Runs and frees it. */
static void continuation_run (VersoWindow *self, Continuation *continuation)
{
  if (continuation->then)
    continuation->then (self, continuation->data);
  continuation_free (continuation);
}

/* The file's name as the title shows it, e.g. "game.ggf". */
static char *display_name (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);

  return base ? g_filename_display_name (base) : g_file_get_parse_name (file);
}

static void show_error (VersoWindow *self, const char *heading, const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

/* The players and level a game from a file or the clipboard gets: those of the settings, as
 * for a new game. */
static void settings_players (VersoWindow *self, VersoPlayer *black, VersoPlayer *white, LevelId *level)
{
  VersoMode mode = g_settings_get_enum (self->settings, "game-mode");
  VersoColor human = g_settings_get_enum (self->settings, "player-color");

  *black = mode == VERSO_MODE_TWO_PLAYERS || (mode == VERSO_MODE_VERSUS_COMPUTER && human == VERSO_COLOR_BLACK)
         ? VERSO_PLAYER_HUMAN : VERSO_PLAYER_COMPUTER;
  *white = mode == VERSO_MODE_TWO_PLAYERS || (mode == VERSO_MODE_VERSUS_COMPUTER && human == VERSO_COLOR_WHITE)
         ? VERSO_PLAYER_HUMAN : VERSO_PLAYER_COMPUTER;
  *level = g_settings_get_enum (self->settings, "level");
}

static void add_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

/* Listed scores */

/* The scores an OBF file lists for the position shown, under the board while the engine's are
 * shown (Show Scores, F7): the two side by side. */
static void update_listed_scores (VersoWindow *self)
{
  GtkWidget *label = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), VERSO_TYPE_WINDOW,
                                                                 "listed_label"));
  gsize n_moves = 0;
  const NotationScoredMove *moves = self->game && g_settings_get_boolean (self->settings, "show-scores")
                                  ? verso_game_get_listed_scores (self->game, &n_moves) : NULL;
  g_autofree char *scores = NULL;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (label, moves != NULL);
  if (!moves)
    return;
  scores = verso_position_chooser_scores_text (moves, n_moves, 6);
  /* Translators: under the board, the scores an OBF file lists for this position's moves, best
   * first, beside the engine's on the board, e.g. "File: g8 +18, h1 +12, a1 −4" */
  text = g_strdup_printf (_("File: %s"), scores);
  gtk_label_set_text (GTK_LABEL (label), text);
}

static void on_listed_game_changed (VersoGame *game, VersoWindow *self)
{
  update_listed_scores (self);
}

static void on_listed_show_scores_changed (GSettings *settings, const char *key, VersoWindow *self)
{
  update_listed_scores (self);
}

/* Title */

static void update_title (VersoWindow *self)
{
  GFile *file = verso_game_get_file (self->game);
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *window_title = NULL;

  if (!file && !verso_game_get_file_position_name (self->game)) {
    adw_window_title_set_title (self->window_title, _("Verso"));
    gtk_window_set_title (GTK_WINDOW (self), _("Verso"));
    return;
  }
  /* A position chosen from an OBF file of several has no file of its own, but comes from one. */
  name = file ? display_name (file) : g_strdup (verso_game_get_file_position_name (self->game));
  /* Translators: the title of a game whose changes are not saved, e.g. "• game.ggf" */
  title = verso_game_get_modified (self->game) ? g_strdup_printf (_("• %s"), name) : g_strdup (name);
  /* Translators: the window's name in the window list, e.g. "game.ggf — Verso" */
  window_title = g_strdup_printf (_("%s — Verso"), title);
  adw_window_title_set_title (self->window_title, title);
  gtk_window_set_title (GTK_WINDOW (self), window_title);
}

static void on_document_notify (VersoGame *game, GParamSpec *pspec, VersoWindow *self)
{
  update_title (self);
}

void window_files_watch_game (VersoWindow *self)
{
  update_title (self);
  update_listed_scores (self);
}

/* Saving */

/* A transcript holds only moves from the standard start: a game from a set-up position would
 * lose its moves, so it is refused rather than saved in part. */
static gboolean format_holds_game (VersoWindow *self, GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);

  return verso_format_for_name (base) != VERSO_FORMAT_TRANSCRIPT
         || verso_record_starts_standard (verso_game_get_record (self->game));
}

static gboolean write_game (VersoWindow *self, GFile *file)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *name = display_name (file);
  g_autofree char *heading = NULL;

  if (!format_holds_game (self, file)) {
    /* Translators: a dialog heading; %s is a file name */
    heading = g_strdup_printf (_("“%s” Was Not Saved"), name);
    show_error (self, heading, _("A game from a set-up position can only be saved as a GGF file (.ggf); a transcript (.txt) would lose its moves."));
    return FALSE;
  }
  if (!verso_game_write (self->game, file, &error)) {
    /* Translators: a dialog heading; %s is a file name */
    heading = g_strdup_printf (_("Cannot Save “%s”"), name);
    show_error (self, heading, error->message);
    return FALSE;
  }
  add_recent (file);
  return TRUE;
}

/* Writes the game to file, then runs continuation (which may be NULL), or frees it when the game
 * is not written. */
static void write_then_run (VersoWindow *self, GFile *file, Continuation *continuation)
{
  if (write_game (self, file)) {
    if (continuation)
      continuation_run (self, continuation);
  } else if (continuation) {
    continuation_free (continuation);
  }
}

static void on_main_line_only_response (AdwMessageDialog *dialog, const char *response, VersoWindow *self)
{
  Continuation *continuation = g_object_steal_data (G_OBJECT (dialog), "continuation");
  GFile *file = g_object_get_data (G_OBJECT (dialog), "file");

  if (g_strcmp0 (response, "save") == 0)
    write_then_run (self, file, continuation);
  else if (continuation)
    continuation_free (continuation);
}

/* As write_then_run; but a file that keeps one line (GGF, a transcript) of a game with variations
 * is written only once the person agrees, asked before, not told after. */
static void write_game_then (VersoWindow *self, GFile *file, Continuation *continuation)
{
  g_autofree char *base = g_file_get_basename (file);
  g_autofree char *name = NULL;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (!verso_game_has_variations (self->game) || verso_format_for_name (base) == VERSO_FORMAT_SGF
      || !format_holds_game (self, file)) {
    write_then_run (self, file, continuation);
    return;
  }
  name = display_name (file);
  /* Translators: the body of the question before saving a game with variations as GGF or a
   * transcript; %s is the file's name */
  body = g_strdup_printf (_("“%s” keeps one line of play: the variations would not be in the file. "
                            "Save as SGF (.sgf) to keep them."), name);
  dialog = verso_dialog_new_question (GTK_WINDOW (self), _("Save Only the Main Line?"), body,
                                      "cancel", _("_Cancel"), "save", _("Save _Main Line"),
                                      ADW_RESPONSE_SUGGESTED);
  /* Its name in window lists, and what the tests look for. */
  gtk_window_set_title (GTK_WINDOW (dialog), _("Save Only the Main Line?"));
  g_object_set_data_full (G_OBJECT (dialog), "file", g_object_ref (file), g_object_unref);
  if (continuation)
    g_object_set_data_full (G_OBJECT (dialog), "continuation", continuation, (GDestroyNotify) continuation_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_main_line_only_response), self, 0);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}


static void save_as (VersoWindow *self, Continuation *continuation);

/* Saves to the game's file, or asks for one; then runs continuation (which may be NULL). */
static void save (VersoWindow *self, Continuation *continuation)
{
  GFile *file = verso_game_get_file (self->game);

  /* A set-up game opened from a transcript-named file goes to Save As, which suggests GGF. */
  if (!file || !format_holds_game (self, file)) {
    save_as (self, continuation);
    return;
  }
  write_game_then (self, file, continuation);
}

static GtkFileFilter *add_filter (GtkFileChooser *chooser, const char *name, const char *const *suffixes)
{
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; suffixes && suffixes[i]; i++)
    gtk_file_filter_add_suffix (filter, suffixes[i]);
  if (!suffixes)
    gtk_file_filter_add_pattern (filter, "*");
  /* The suffix Save As gives a name that has none while this filter is chosen. */
  g_object_set_data (G_OBJECT (filter), "suffix", suffixes ? (gpointer) suffixes[0] : NULL);
  gtk_file_chooser_add_filter (chooser, filter);
  return filter;
}

/* Returns the GGF filter. */
static GtkFileFilter *add_filters (GtkFileChooser *chooser, gboolean opening)
{
  static const char *const games[] = { "ggf", "sgf", "txt", "obf", "board", NULL };
  static const char *const ggf[] = { "ggf", NULL };
  static const char *const sgf[] = { "sgf", NULL };
  static const char *const transcripts[] = { "txt", NULL };
  static const char *const boards[] = { "obf", "board", NULL };
  GtkFileFilter *ggf_filter;

  if (opening)
    add_filter (chooser, _("Games (*.ggf, *.sgf, *.txt, *.obf, *.board)"), games);
  ggf_filter = add_filter (chooser, _("GGF game records (*.ggf)"), ggf);
  add_filter (chooser, _("SGF game records, with variations (*.sgf)"), sgf);
  add_filter (chooser, _("Transcripts (*.txt)"), transcripts);
  add_filter (chooser, _("Board positions (*.obf, *.board)"), boards);
  if (opening)
    add_filter (chooser, _("All files"), NULL);
  return ggf_filter;
}

/* A name typed without a suffix gets the chosen filter's ("game" becomes "game.ggf"). */
static GFile *with_suffix (GtkFileChooser *chooser, GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);
  GtkFileFilter *filter = gtk_file_chooser_get_filter (chooser);
  const char *suffix = filter ? g_object_get_data (G_OBJECT (filter), "suffix") : NULL;
  g_autoptr (GFile) parent = NULL;
  g_autofree char *named = NULL;

  if (!base || strchr (base, '.'))
    return g_object_ref (file);
  parent = g_file_get_parent (file);
  named = g_strconcat (base, ".", suffix ? suffix : "ggf", NULL);
  return parent ? g_file_get_child (parent, named) : g_object_ref (file);
}

static void on_save_as_response (GtkNativeDialog *chooser, int response, VersoWindow *self)
{
  Continuation *continuation = g_object_steal_data (G_OBJECT (chooser), "continuation");
  g_autoptr (GFile) chosen = NULL;
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (chosen)
    file = with_suffix (GTK_FILE_CHOOSER (chooser), chosen);
  if (file)
    write_game_then (self, file, continuation);
  else if (continuation)
    continuation_free (continuation);
}

static void save_as (VersoWindow *self, Continuation *continuation)
{
  GFile *file = verso_game_get_file (self->game);
  GtkFileChooserNative *chooser;
  GtkFileFilter *ggf_filter;
  g_autofree char *name = NULL;

  chooser = verso_dialog_new_file_chooser (&self->file_chooser, GTK_WINDOW (self), _("Save Game"),
                                           GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"));
  ggf_filter = add_filters (GTK_FILE_CHOOSER (chooser), FALSE);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (chooser), ggf_filter);
  if (file) {
    g_autoptr (GFile) parent = g_file_get_parent (file);
    g_autofree char *base = g_file_get_basename (file);
    char *dot = strrchr (base, '.');

    if (parent)
      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), parent, NULL);
    /* Only GGF holds a game from a set-up position: its name is suggested with that suffix. */
    if (!format_holds_game (self, file)) {
      g_autofree char *stem = dot ? g_strndup (base, dot - base) : g_strdup (base);
      g_autofree char *ggf_name = g_strconcat (stem, ".ggf", NULL);
      name = g_filename_display_name (ggf_name);
    } else {
      name = g_filename_display_name (base);
    }
  } else {
    /* Translators: the file name Save As suggests; keep the .ggf suffix */
    name = g_strdup (_("game.ggf"));
  }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  if (continuation)
    g_object_set_data_full (G_OBJECT (chooser), "continuation", continuation, (GDestroyNotify) continuation_free);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_save_as_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Unsaved changes */

/* Changes to a file are asked about. A game never saved lives in the session, which the window
 * keeps after every move, so quitting does not ask for it; replacing an unfinished one (New Game,
 * Open, Paste, a set-up position) does, since it would be gone without a trace. */
static gboolean has_unsaved_changes (VersoWindow *self, gboolean unsaved_game_too)
{
  if (!verso_game_get_modified (self->game))
    return FALSE;
  if (verso_game_get_file (self->game))
    return TRUE;
  return unsaved_game_too && verso_game_get_length (self->game) > 0
      && !verso_game_is_over (self->game);
}

static void on_save_changes_response (AdwMessageDialog *dialog, const char *response, VersoWindow *self)
{
  Continuation *continuation = g_object_steal_data (G_OBJECT (dialog), "continuation");

  if (!continuation)
    return;
  if (g_strcmp0 (response, "discard") == 0) {
    self->discarding = TRUE;
    continuation_run (self, continuation);
    self->discarding = FALSE;
  } else if (g_strcmp0 (response, "save") == 0) {
    save (self, continuation);
  } else {
    continuation_free (continuation);
  }
}

static void confirm (VersoWindow *self, gboolean unsaved_game_too, VersoWindowThen then, gpointer data,
                     GDestroyNotify destroy)
{
  Continuation *continuation = continuation_new (then, data, destroy);
  GFile *file = verso_game_get_file (self->game);
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  GtkWidget *dialog;

  if (!has_unsaved_changes (self, unsaved_game_too)) {
    continuation_run (self, continuation);
    return;
  }
  /* One question at a time; the request that came while it was asked is dropped. */
  if (self->save_changes_dialog && gtk_widget_get_visible (self->save_changes_dialog)) {
    gtk_window_present (GTK_WINDOW (self->save_changes_dialog));
    continuation_free (continuation);
    return;
  }
  if (file) {
    name = display_name (file);
    /* Translators: a dialog heading; %s is a file name, e.g. "Save Changes to “game.ggf”?" */
    heading = g_strdup_printf (_("Save Changes to “%s”?"), name);
    dialog = adw_message_dialog_new (GTK_WINDOW (self), heading,
                                     _("The moves played since the game was last saved are lost if you discard them."));
  } else {
    dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save the Game in Progress?"),
                                     _("The other game takes its place, and its moves are lost if you discard them."));
  }
  /* Its name in window lists, and what the tests look for. */
  gtk_window_set_title (GTK_WINDOW (dialog), _("Save Changes"));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "continuation", continuation, (GDestroyNotify) continuation_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_save_changes_response), self, 0);
  g_set_weak_pointer (&self->save_changes_dialog, dialog);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

void window_files_confirm (VersoWindow *self, VersoWindowThen then, gpointer data, GDestroyNotify destroy)
{
  confirm (self, TRUE, then, data, destroy);
}

/* Closing the window: the game's file comes first. After Discard the session is a new game,
 * so the changes given up do not come back at the next start. */
static void close_after_confirm (VersoWindow *self, gpointer data)
{
  if (self->discarding)
    verso_window_start_new_game (self);
  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

gboolean window_files_close_request (VersoWindow *self)
{
  if (self->close_confirmed || !has_unsaved_changes (self, FALSE))
    return FALSE;
  confirm (self, FALSE, close_after_confirm, NULL, NULL);
  return TRUE;
}

/* Opening and pasting: the new game replaces the one shown once its changes are dealt with. */

typedef struct {
  VersoGame *game;
  char *notice;
} Replacement;

static void replacement_free (Replacement *replacement)
{
  g_clear_object (&replacement->game);
  g_free (replacement->notice);
  g_free (replacement);
}

static void replace_game (VersoWindow *self, gpointer data)
{
  Replacement *replacement = data;
  GFile *file = verso_game_get_file (replacement->game);

  window_set_game (self, replacement->game);
  if (replacement->notice)
    window_show_notice (self, NOTICE_FILE, replacement->notice, 6);
  if (file)
    add_recent (file);
}

static void offer_game (VersoWindow *self, VersoGame *game, char *notice)
{
  Replacement *replacement = g_new0 (Replacement, 1);

  replacement->game = game;
  replacement->notice = notice;
  window_files_confirm (self, replace_game, replacement, (GDestroyNotify) replacement_free);
}

/* OBF text of several positions: the user chooses one (verso-position-chooser.c), which opens as
 * a position to play from; Cancel leaves the game shown as it is. */

static void on_position_chosen (VersoPositionChooser *chooser, guint index, VersoWindow *self)
{
  VersoGame *game = verso_game_new_from_file_position (verso_position_chooser_get_game (chooser), index);

  if (game)
    offer_game (self, game, NULL);
}

/* Offers game, or the choice among its positions when its text held several; takes game. */
static void offer_read_game (VersoWindow *self, VersoGame *game, char *notice)
{
  GtkWidget *chooser;

  if (verso_game_get_n_file_positions (game) <= 1) {
    offer_game (self, game, notice);
    return;
  }
  chooser = verso_position_chooser_new (GTK_WINDOW (self), game);
  g_signal_connect_object (chooser, "position-chosen", G_CALLBACK (on_position_chosen), self, 0);
  verso_dialog_present (GTK_WINDOW (chooser), GTK_WINDOW (self));
  g_object_unref (game);
  g_free (notice);
}

typedef struct {
  VersoWindow *self;
  GFile *file;
  gint64 started;
} OpenRequest;

static void open_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  OpenRequest *request = user_data;
  g_autoptr (VersoWindow) self = request->self;
  g_autoptr (GFile) file = request->file;
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL;
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  VersoGame *game;

  game = verso_game_open_finish (result, &notice, &error);
  g_debug ("Read %s in %.1f ms", g_file_peek_path (file) ? g_file_peek_path (file) : "a file",
           (g_get_monotonic_time () - request->started) / 1e3);
  g_free (request);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  g_clear_object (&self->open_cancellable);
  if (!game) {
    name = display_name (file);
    /* Translators: a dialog heading; %s is a file name */
    heading = g_strdup_printf (_("Cannot Open “%s”"), name);
    show_error (self, heading, error ? error->message : _("The file could not be read."));
    return;
  }
  offer_read_game (self, game, g_steal_pointer (&notice));
}

void verso_window_open_file (VersoWindow *self, GFile *file)
{
  OpenRequest *request;
  VersoPlayer black, white;
  LevelId level;

  g_return_if_fail (VERSO_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  settings_players (self, &black, &white, &level);
  if (self->open_cancellable)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  self->open_cancellable = g_cancellable_new ();
  request = g_new (OpenRequest, 1);
  request->self = g_object_ref (self);
  request->file = g_object_ref (file);
  request->started = g_get_monotonic_time ();
  verso_game_open_async (file, black, white, level, self->open_cancellable, open_ready, request);
}

static void on_open_response (GtkNativeDialog *chooser, int response, VersoWindow *self)
{
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file)
    verso_window_open_file (self, file);
}

/* Actions */

static void open_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  GtkFileChooserNative *chooser;

  chooser = verso_dialog_new_file_chooser (&self->file_chooser, GTK_WINDOW (self), _("Open Game"),
                                           GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"));
  add_filters (GTK_FILE_CHOOSER (chooser), TRUE);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_open_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void save_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  save (VERSO_WINDOW (widget), NULL);
}

static void save_as_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  save_as (VERSO_WINDOW (widget), NULL);
}

/* A transcript is what people paste into other programs; only a game from a set-up position,
 * which a transcript cannot hold, is copied as GGF. */
static void copy_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);
  gboolean standard = verso_record_starts_standard (verso_game_get_record (self->game));
  g_autofree char *text = verso_game_to_text (self->game, standard ? VERSO_FORMAT_TRANSCRIPT : VERSO_FORMAT_GGF);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void copy_position_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  g_autofree char *text = verso_game_to_text (VERSO_WINDOW (widget)->game, VERSO_FORMAT_BOARD);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

/* Text from the clipboard or a drop: a game replaces the one shown; anything else leaves it as
 * it is and the notice says why. */
static void open_text (VersoWindow *self, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL;
  g_autofree char *message = NULL;
  VersoPlayer black, white;
  LevelId level;
  VersoGame *game;
  gsize length = text ? strlen (text) : 0;

  settings_players (self, &black, &white, &level);
  if (length == 0) {
    window_show_notice (self, NOTICE_FILE, _("The clipboard holds no text to paste"), 5);
    return;
  }
  /* A transcript or board string cannot say the rules: what is pasted keeps the game's. */
  game = verso_game_new_from_text_with_rules (text, length, black, white, level,
                                              verso_game_get_rules (self->game), &notice, &error);
  if (!game) {
    /* Translators: a notice; %s says what was wrong and where, e.g. "move 23 (e2) is not legal" */
    message = g_strdup_printf (_("The pasted text is not a game: %s"), error->message);
    window_show_notice (self, NOTICE_FILE, message, 6);
    return;
  }
  offer_read_game (self, game, g_steal_pointer (&notice));
}

void window_files_offer_text (VersoWindow *self, const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL;
  VersoPlayer black, white;
  LevelId level;
  VersoGame *game;

  settings_players (self, &black, &white, &level);
  game = verso_game_new_from_text (text, strlen (text), black, white, level, &notice, &error);
  if (!game) {
    /* Translators: a notice when a game of the library cannot be read; %s says what was wrong
     * and where */
    g_autofree char *message = g_strdup_printf (_("The library’s game cannot be read: %s"), error->message);

    window_show_notice (self, NOTICE_FILE, message, 6);
    return;
  }
  offer_read_game (self, game, g_steal_pointer (&notice));
}

static void paste_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (VersoWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (!self->game)  /* the window was closed meanwhile */
    return;
  if (!text)
    g_debug ("Nothing to paste: %s", error ? error->message : "no text");
  open_text (self, text);
}

static void paste_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_ready, g_object_ref (widget));
}

/* Dropped files: the first one is opened. */
static gboolean on_drop (GtkDropTarget *target, const GValue *value, double x, double y, VersoWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files)
    verso_window_open_file (self, files->data);
  g_slist_free (files);
  return files != NULL;
}

static const VersoWindowAction actions[] = {
  { "win.open", open_activated },
  { "win.save", save_activated },
  { "win.save-as", save_as_activated },
  { "win.copy", copy_activated },
  { "win.copy-position", copy_position_activated },
  { "win.paste", paste_activated },
};

void window_files_class_init (GtkWidgetClass *widget_class)
{
  window_install_actions (widget_class, actions, G_N_ELEMENTS (actions));
  /* Found by its name (update_listed_scores): the window's structure needs no field for it. */
  gtk_widget_class_bind_template_child_full (widget_class, "listed_label", FALSE, 0);
}

void window_files_init (VersoWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_group_connect (self->game_signals, "notify::file", G_CALLBACK (on_document_notify), self);
  g_signal_group_connect (self->game_signals, "notify::modified", G_CALLBACK (on_document_notify), self);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (on_listed_game_changed), self);
  g_signal_connect (target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
  /* Disconnected with the window's other settings handlers at dispose. */
  g_signal_connect (self->settings, "changed::show-scores", G_CALLBACK (on_listed_show_scores_changed), self);
}

void window_files_dispose (VersoWindow *self)
{
  if (self->open_cancellable)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  verso_dialog_clear_chooser (&self->file_chooser);
  g_clear_weak_pointer (&self->save_changes_dialog);
}
