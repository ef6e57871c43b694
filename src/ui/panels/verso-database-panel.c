/* verso-database-panel.c: the Database panel (verso-database-panel.h): a heading, then one row a
 * move of the compiled-in tournament database (database_moves, well under a millisecond, so it is
 * asked on the main thread), or a line saying no game reaches the position. */
#include "verso-database-panel.h"

#include <glib/gi18n.h>

#include "book.h"
#include "database.h"
#include "notation.h"
#include "opening.h"
#include "verso-database-index.h"
#include "verso-game-analysis.h"
#include "verso-dialog.h"

struct _VersoDatabasePanel {
  GtkWidget parent_instance;
  GtkWidget *box;
  GtkWidget *scroller;   /* around the list */
  GtkWidget *list;       /* GtkListBox, one row a move */
  GtkWidget *empty;      /* "No games reach this position" */
  VersoGame *game;
  GSignalGroup *game_signals;  /* "changed" of game */
  /* Add Games…: the folder chooser, the indexing under way (its progress and Cancel), what the
   * panel shows (the added games, or the shipped index when NULL) and the line saying which. */
  GtkNativeDialog *chooser;
  GtkWidget *add_button;
  GtkWidget *cancel_button;
  GtkWidget *progress_bar;
  GtkWidget *source_label;
  GCancellable *cancellable;
  gboolean adding;  /* the load under way is Add Games…'s, not the earlier session's coming back */
  Database *added;
  char *added_folder;
  gboolean cache_asked;  /* the folder added in an earlier session was looked for */
};

G_DEFINE_FINAL_TYPE (VersoDatabasePanel, verso_database_panel, GTK_TYPE_WIDGET)

enum { MOVE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* The named openings, parsed once. */
static const OpeningTable *panel_openings (void)
{
  static OpeningTable *table;
  if (g_once_init_enter (&table))
    g_once_init_leave (&table, opening_table_parse (opening_table_text, opening_table_text_length,
                                                    NULL, NULL));
  return table;
}

/* The position shown, as the engine writes it. */
static Position panel_position (VersoGame *game)
{
  VersoColor turn = verso_game_get_turn (game);
  return position_from_discs (verso_game_get_discs (game, VERSO_COLOR_BLACK),
                              verso_game_get_discs (game, VERSO_COLOR_WHITE),
                              turn == VERSO_COLOR_BLACK ? POSITION_BLACK : POSITION_WHITE);
}

/* The book's value of move in Black's discs, or G_MININT when it is not a book move. */
static int panel_book_value (const Position *position, int move)
{
  BookMove book[BOARD_SQUARES];
  int count = book_lookup (&position->board, book);
  for (int i = 0; i < count; i++)
    if (book[i].move == move)
      return position->side_to_move == POSITION_BLACK ? book[i].score : -book[i].score;
  return G_MININT;
}

static const char *panel_opening (const Position *position, int move)
{
  Position after = *position;
  const OpeningTable *openings = panel_openings ();
  if (!openings || !position_play (&after, move))
    return NULL;
  return opening_table_name_at (openings, &after);
}

/* The lines the person must learn to play move to the book's end (book_lines_to_learn), or -1. */
static int64_t panel_lines (const Position *position, int move)
{
  return book_lines_to_learn (book_compiled (), &position->board, move);
}

/* The second line of a row: Black's shares, then the opening, the book's value and the lines to
 * learn behind the move. */
static char *panel_details (int wins, int draws, int losses,
                            const char *opening, int book, int64_t lines)
{
  /* Translators: Black's win, draw and loss shares of the games after a move, e.g. "44–6–50 %" */
  g_autofree char *shares = g_strdup_printf (_("%d–%d–%d %%"), wins, draws, losses);
  g_autofree char *book_value = book == G_MININT ? NULL : verso_format_score (book);
  g_autofree char *book_text = book == G_MININT ? NULL
    /* Translators: the opening book's value of a move, in discs for Black, e.g. "book +2" (a
     * true minus sign for a loss: "book −3") */
    : g_strdup_printf (_("book %s"), book_value);
  int shown_lines = (int) MIN (lines, G_MAXINT);
  g_autofree char *lines_text = lines < 0 ? NULL
    /* Translators: in the Database panel, the lines one must learn to play a book move to the
     * book's end against every reply (the umigame count), e.g. "12 lines to learn" */
    : g_strdup_printf (ngettext ("%'d line to learn", "%'d lines to learn", shown_lines), shown_lines);
  const char *parts[4] = { NULL };
  int n = 0;

  if (opening)
    parts[n++] = opening;
  if (book_text)
    parts[n++] = book_text;
  if (lines_text)
    parts[n++] = lines_text;
  return g_strjoin (" · ", shares, parts[0], parts[1], parts[2], NULL);
}

static GtkWidget *panel_label (const char *text, gboolean dim)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* Wrapped to the pane's width, whole ("Ganglion · bo…" was cut), rather than widening it. */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 12);
  gtk_widget_add_css_class (label, "numeric");
  if (dim) {
    gtk_widget_add_css_class (label, "dim-label");
    gtk_widget_add_css_class (label, "caption");
  }
  return label;
}

/* A row of the list: top over details (dimmed), its move played when it is activated, and name
 * what a screen reader says of it and its tooltip. */
static GtkWidget *panel_list_row (int move, const char *top, const char *details, const char *name)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  /* Inset as a boxed list's rows are: the text stood against the card's rounded edge. */
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), panel_label (top, FALSE));
  gtk_box_append (GTK_BOX (box), panel_label (details, TRUE));
  GtkWidget *list_row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (list_row), box);
  g_object_set_data (G_OBJECT (list_row), "move", GINT_TO_POINTER (move));
  gtk_accessible_update_property (GTK_ACCESSIBLE (list_row), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  gtk_widget_set_tooltip_text (list_row, name);
  return list_row;
}

/* A move into the same position as an earlier row's, turned or mirrored (d3, c4 and e6 after
 * f5 at the start): "c4   the games of d3" over "The same position, turned or mirrored". */
static GtkWidget *panel_repeat_row (const DatabaseRow *row)
{
  char square[3], same[3];
  notation_format_square (row->move, square);
  notation_format_square (row->same_as, same);
  /* Translators: a move of the Database panel that leads to the same position as another move
   * (turned or mirrored), so to the same games, e.g. "c4   the games of d3" */
  g_autofree char *top = g_strdup_printf (_("%s   the games of %s"), square, same);
  /* Translators: under "c4   the games of d3" in the Database panel */
  const char *details = _("The same position, turned or mirrored");
  g_autofree char *name = g_strdup_printf ("%s; %s", top, details);
  return panel_list_row (row->move, top, details, name);
}

/* One row: "d6   80861 games   −0.83" over "44–6–50 % · Perpendicular · book +1". */
static GtkWidget *panel_row (const Position *position, const DatabaseRow *row)
{
  const DatabaseCounts *counts = &row->counts;
  char square[3];
  if (row->same_as >= 0)
    return panel_repeat_row (row);
  notation_format_square (row->move, square);
  int wins = (int) (100.0 * counts->wins / counts->games + 0.5);
  int draws = (int) (100.0 * counts->draws / counts->games + 0.5);
  int losses = 100 - wins - draws;
  double average = (double) counts->disc_sum / counts->games;
  const char *opening = panel_opening (position, row->move);
  int book = panel_book_value (position, row->move);
  /* Translators: the games that played a move, in the Database panel: "80861 games" (%'u
   * groups the thousands as the language does: "80,861", "80 861") */
  g_autofree char *games = g_strdup_printf (ngettext ("%'u game", "%'u games", counts->games),
                                            counts->games);
  g_autofree char *shown = verso_format_average (average);
  g_autofree char *top = g_strdup_printf ("%s   %s   %s", square, games, shown);
  g_autofree char *details = panel_details (wins, draws, losses, opening, book, panel_lines (position, row->move));
  /* Translators: a row of the Database panel for a screen reader: the move, the games that played
   * it, Black's average final disc difference and Black's win, draw and loss shares, then the
   * details (opening, book), e.g. "d6: 80861 games, Black −0.8 discs on average, wins 44 %,
   * draws 6 %, loses 50 %; 44–6–50 % · Perpendicular · book +1" */
  g_autofree char *name = g_strdup_printf (_("%s: %s, Black %s discs on average, wins %d %%, "
                                             "draws %d %%, loses %d %%; %s"),
                                           square, games, shown, wins, draws, losses, details);
  return panel_list_row (row->move, top, details, name);
}

static void panel_clear (VersoDatabasePanel *self)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (self->list)))
    gtk_list_box_remove (GTK_LIST_BOX (self->list), child);
}

static void panel_update (VersoDatabasePanel *self)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    return;
  panel_clear (self);
  const Database *database = self->added ? self->added : database_compiled ();
  int count = 0;
  if (self->game && database && verso_game_get_rules (self->game) == RULES_STANDARD
      && !verso_game_is_over (self->game)) {
    Position position = panel_position (self->game);
    DatabaseRow rows[BOARD_SQUARES];
    count = database_moves (database, &position, rows);
    for (int i = 0; i < count; i++)
      gtk_list_box_append (GTK_LIST_BOX (self->list), panel_row (&position, &rows[i]));
  }
  gtk_widget_set_visible (self->scroller, count > 0);
  gtk_widget_set_visible (self->empty, count == 0);
}

/* Whose games the panel lists: "124106 games of wthor" or "124106 tournament games". */
static char *panel_source_text (VersoDatabasePanel *self, const char *folder)
{
  g_autofree char *base = folder ? g_path_get_basename (folder) : NULL;
  g_autofree char *text = folder
    /* Translators: under the Database panel's heading: whose games it lists, e.g.
     * "124106 games of wthor" (the folder's name) */
    ? g_strdup_printf (ngettext ("%'u game of %s", "%'u games of %s", database_games (self->added)),
                       database_games (self->added), base)
    /* Translators: under the Database panel's heading, when it lists the games shipped */
    : g_strdup_printf (ngettext ("%'u tournament game", "%'u tournament games",
                                 database_compiled () ? database_games (database_compiled ()) : 0),
                       database_compiled () ? database_games (database_compiled ()) : 0);
  return g_steal_pointer (&text);
}

static void panel_show_source (VersoDatabasePanel *self, const char *folder)
{
  g_autofree char *text = panel_source_text (self, folder);
  gtk_label_set_text (GTK_LABEL (self->source_label), text);
}

static void on_index_progress (GObject *owner, double fraction)
{
  VersoDatabasePanel *self = VERSO_DATABASE_PANEL (owner);
  if (self->cancellable)
    gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), fraction);
}

/* While games are indexed: the progress bar, and Cancel in the place of Add Games…. */
static void panel_show_loading (VersoDatabasePanel *self, gboolean loading)
{
  gtk_widget_set_visible (self->progress_bar, loading);
  gtk_widget_set_visible (self->cancel_button, loading);
  gtk_widget_set_visible (self->add_button, !loading);
}

/* The progress hidden and Add Games… offered again. */
static void panel_stop_loading (VersoDatabasePanel *self)
{
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  panel_show_loading (self, FALSE);
}

static void on_index_loaded (GObject *source, GAsyncResult *result, gpointer folder)
{
  VersoDatabasePanel *self = VERSO_DATABASE_PANEL (source);
  g_autoptr (GError) error = NULL;
  g_autofree char *path = folder;
  Database *database = verso_database_index_load_finish (result, &error);
  /* Cancelled: by Cancel, by a newer load or by the panel's end, which have tidied up already. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  panel_stop_loading (self);
  if (database) {
    g_clear_pointer (&self->added, database_free);
    self->added = database;
    g_free (self->added_folder);
    self->added_folder = g_strdup (path);
    if (self->adding) {
      g_autofree char *games = panel_source_text (self, path);
      /* Translators: under the Database panel's heading once Add Games… is done: "124106 games of
       * wthor" and the positions indexed, e.g. "Added 124106 games of wthor: 98012 positions" */
      g_autofree char *text = g_strdup_printf (_("Added %s: %zu positions"), games,
                                               database_count (self->added));
      gtk_label_set_text (GTK_LABEL (self->source_label), text);
    } else {
      panel_show_source (self, path);
    }
    panel_update (self);
  } else {
    /* Translators: under the Database panel's heading when Add Games failed; %s says why */
    g_autofree char *text = g_strdup_printf (_("The games could not be added: %s"), error->message);
    gtk_label_set_text (GTK_LABEL (self->source_label), text);
  }
}

/* The games of folder indexed (or read from the cache) in a worker, with a progress bar. */
static void panel_load (VersoDatabasePanel *self, const char *folder)
{
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->adding = FALSE;
  gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (self->progress_bar), 0);
  panel_show_loading (self, TRUE);
  verso_database_index_load_async (G_OBJECT (self), folder, self->cancellable, on_index_progress,
                                   on_index_loaded, g_strdup (folder));
}

static void on_cancel_clicked (VersoDatabasePanel *self)
{
  g_autofree char *source = panel_source_text (self, self->added ? self->added_folder : NULL);
  /* Translators: under the Database panel's heading after Cancel: nothing was added, and whose
   * games it still lists, e.g. "Nothing was added; the panel lists 124106 tournament games" */
  g_autofree char *text = g_strdup_printf (_("Nothing was added; the panel lists %s"), source);
  panel_stop_loading (self);
  gtk_label_set_text (GTK_LABEL (self->source_label), text);
}

static void on_folder_chosen (GtkNativeDialog *chooser, int response, VersoDatabasePanel *self)
{
  if (response != GTK_RESPONSE_ACCEPT)
    return;
  g_autoptr (GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_autofree char *path = folder ? g_file_get_path (folder) : NULL;
  if (path) {
    panel_load (self, path);
    self->adding = TRUE;
  }
}

static void on_add_clicked (VersoDatabasePanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  /* Translators: the title of the folder chooser of Add Games… in the Database panel */
  const char *title = _("Choose a Folder of WTHOR Games");
  GtkFileChooserNative *chooser = verso_dialog_new_file_chooser (&self->chooser,
                                                                 GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                                 title, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                                 _("_Add"));
  g_signal_connect (chooser, "response", G_CALLBACK (on_folder_chosen), self);
  gtk_native_dialog_show (self->chooser);
}

/* The first time the panel is shown, the games added in an earlier session come back (from the
 * cache, or indexed again when their files changed). */
static void panel_ask_cache (VersoDatabasePanel *self)
{
  if (self->cache_asked || !gtk_widget_get_visible (GTK_WIDGET (self)))
    return;
  self->cache_asked = TRUE;
  g_autofree char *folder = verso_database_index_folder ();
  if (folder && g_file_test (folder, G_FILE_TEST_IS_DIR))
    panel_load (self, folder);
}

static void on_row_activated (GtkListBox *list, GtkListBoxRow *row, VersoDatabasePanel *self)
{
  g_signal_emit (self, signals[MOVE_ACTIVATED], 0,
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "move")));
}

void verso_database_panel_set_game (VersoDatabasePanel *self, VersoGame *game)
{
  g_return_if_fail (VERSO_IS_DATABASE_PANEL (self));
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  panel_update (self);
}

static void verso_database_panel_dispose (GObject *object)
{
  VersoDatabasePanel *self = VERSO_DATABASE_PANEL (object);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  verso_dialog_clear_chooser (&self->chooser);
  g_clear_pointer (&self->added, database_free);
  g_clear_pointer (&self->added_folder, g_free);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (verso_database_panel_parent_class)->dispose (object);
}

static void verso_database_panel_class_init (VersoDatabasePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = verso_database_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "database-panel");
  signals[MOVE_ACTIVATED] = g_signal_new ("move-activated", G_TYPE_FROM_CLASS (klass),
                                          G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                          G_TYPE_INT);
}

/* The heading with Add Games…, the line saying whose games are listed, and the progress of an
 * indexing with its Cancel. */
static void panel_build_header (VersoDatabasePanel *self)
{
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* Translators: the heading of the panel listing the moves played in tournament games */
  GtkWidget *heading = gtk_label_new (_("Database"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_set_hexpand (heading, TRUE);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (header), heading);
  /* An icon, so that the side pane keeps its width; its name and tooltip say what it does. */
  self->add_button = gtk_button_new_from_icon_name ("list-add-symbolic");
  gtk_widget_add_css_class (self->add_button, "flat");
  gtk_widget_set_tooltip_text (self->add_button, _("Add Games… (a folder of WTHOR files, WTH_*.wtb)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->add_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Add Games…"), -1);
  g_signal_connect_swapped (self->add_button, "clicked", G_CALLBACK (on_add_clicked), self);
  gtk_box_append (GTK_BOX (header), self->add_button);
  /* In its place while the games are indexed. */
  self->cancel_button = gtk_button_new_from_icon_name ("process-stop-symbolic");
  gtk_widget_add_css_class (self->cancel_button, "flat");
  gtk_widget_set_visible (self->cancel_button, FALSE);
  /* Translators: the button that stops Add Games' indexing */
  gtk_widget_set_tooltip_text (self->cancel_button, _("Cancel"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->cancel_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Cancel"), -1);
  g_signal_connect_swapped (self->cancel_button, "clicked", G_CALLBACK (on_cancel_clicked), self);
  gtk_box_append (GTK_BOX (header), self->cancel_button);
  gtk_box_append (GTK_BOX (self->box), header);

  self->source_label = panel_label ("", TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (self->source_label), PANGO_ELLIPSIZE_NONE);
  gtk_label_set_wrap (GTK_LABEL (self->source_label), TRUE);
  gtk_box_append (GTK_BOX (self->box), self->source_label);

  self->progress_bar = gtk_progress_bar_new ();
  gtk_widget_set_visible (self->progress_bar, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress_bar), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Indexing games"), -1);
  gtk_box_append (GTK_BOX (self->box), self->progress_bar);
}

static void verso_database_panel_init (VersoDatabasePanel *self)
{
  self->game_signals = g_signal_group_new (VERSO_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "changed", G_CALLBACK (panel_update), self);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_start (self->box, 6);
  gtk_widget_set_margin_end (self->box, 6);
  gtk_widget_set_margin_top (self->box, 6);
  panel_build_header (self);
  self->list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (self->list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (self->list, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Moves played in tournament games"), -1);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (on_row_activated), self);
  /* At most a few rows tall: the move list above keeps its room. */
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (self->scroller), 220);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (self->scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->list);
  gtk_box_append (GTK_BOX (self->box), self->scroller);
  self->empty = gtk_label_new (_("No games reach this position"));
  gtk_label_set_wrap (GTK_LABEL (self->empty), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->empty), 0);
  gtk_widget_add_css_class (self->empty, "dim-label");
  gtk_box_append (GTK_BOX (self->box), self->empty);
  g_signal_connect (self, "notify::visible", G_CALLBACK (panel_update), NULL);
  g_signal_connect (self, "notify::visible", G_CALLBACK (panel_ask_cache), NULL);
  panel_show_source (self, NULL);
}

