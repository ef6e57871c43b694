/* verso-library-window.c: the Library window: the games of the game library, a page of them at a
 * time, found by one search text (either player's name or the opening's), by the position shown
 * in the main window under its 8 symmetries, by where they came from or a tag, in the order
 * chosen; a game opened, tagged or deleted; game files imported, and the games found (or those
 * selected) exported as GGF or SGF, each in a worker thread with a connection of its own, the
 * import with progress and Cancel. */
#include "verso-library-window.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "verso-dialog.h"
#include "verso-kept-game.h"
#include "verso-results-rows.h"

/* The games listed at once, the newest that match: a search narrows a large library. */
#define LIBRARY_PAGE 200
/* The characters of a tag that Show's choice shows. */
#define TAG_SHOWN_LENGTH 12
/* How often the import's progress bar follows the worker thread, in milliseconds. */
#define IMPORT_PROGRESS_MS 100

/* An import under way: the worker thread's files and counts, read by the window's timer. */
typedef struct {
  char **paths;
  char *library_path;
  atomic_bool cancel;
  _Atomic int64_t done, total;  /* of the file being read */
  int64_t added, duplicates, bad;
  char *first_problem;          /* the first bad record's message, or NULL */
  char *error;                  /* why the library or a file could not be read at all */
} ImportJob;

struct _VersoLibraryWindow {
  AdwWindow parent_instance;

  VersoProfile *profile;
  Library *library;             /* the profile's; NULL when it cannot be opened */
  Position shown;               /* the main window's position, for This Position */
  GtkEditable *search_entry;
  GtkToggleButton *position_button;
  GtkDropDown *sort_dropdown;   /* SORTS */
  GtkDropDown *show_dropdown;   /* SHOWN, then "Tagged" with each of tags */
  GStrv tags;                   /* the tags in the library when the list was made */
  GtkListBox *list;             /* several rows selected by Ctrl or Shift: those exported */
  GtkListBoxRow *anchor;        /* the row a Shift+click selects from (not a reference) */
  GtkLabel *summary_label;
  GtkStack *stack;              /* "games", "openings" or "empty" */
  GtkBox *openings_box;         /* Show ▸ Your Openings */
  AdwStatusPage *empty_page;
  GtkWidget *import_button;
  GtkWidget *export_button;
  GtkRevealer *import_revealer;
  GtkProgressBar *import_progress;
  AdwToastOverlay *toasts;
  GtkNativeDialog *chooser;
  ImportJob *job;               /* the import under way (the task's), or NULL */
  guint progress_source;
  gboolean closed;
};

G_DEFINE_FINAL_TYPE (VersoLibraryWindow, verso_library_window, ADW_TYPE_WINDOW)

enum {
  SIGNAL_GAME_CHOSEN,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

/* The orders of the Sort choice, as the dropdown lists them. */
static const struct {
  LibrarySort sort;
  gboolean descending;
} SORTS[] = {
  { LIBRARY_SORT_DATE, TRUE }, { LIBRARY_SORT_DATE, FALSE }, { LIBRARY_SORT_PLAYER, FALSE },
  { LIBRARY_SORT_OPENING, FALSE },
};

/* The first choices of Show; the library's tags follow them. */
static const LibraryOrigin SHOWN[] = { LIBRARY_ORIGIN_ANY, LIBRARY_ORIGIN_PLAYED, LIBRARY_ORIGIN_IMPORTED };
/* Show's choices after SHOWN: the person's openings instead of games, then each tag. */
#define SHOW_OPENINGS G_N_ELEMENTS (SHOWN)
#define SHOW_TAGS (SHOW_OPENINGS + 1)
/* The most openings listed (the person's, as Black and as White). */
#define OPENING_ROWS 100

/* What the window lists, read from its controls: the list and the export find the same games. */
typedef struct {
  char *text;          /* the search's, or NULL */
  char *tag;           /* the tag chosen in Show, or NULL */
  LibraryOrigin origin;
  guint sort;          /* an index of SORTS */
  gboolean by_position;
} Query;

static void query_read (VersoLibraryWindow *self, Query *search)
{
  const char *text = gtk_editable_get_text (self->search_entry);
  guint shown = gtk_drop_down_get_selected (self->show_dropdown);

  search->text = *text ? g_strdup (text) : NULL;
  search->origin = shown < G_N_ELEMENTS (SHOWN) ? SHOWN[shown] : LIBRARY_ORIGIN_ANY;
  search->tag = shown >= SHOW_TAGS && self->tags && shown - SHOW_TAGS < g_strv_length (self->tags)
                ? g_strdup (self->tags[shown - SHOW_TAGS]) : NULL;
  search->sort = MIN (gtk_drop_down_get_selected (self->sort_dropdown), G_N_ELEMENTS (SORTS) - 1);
  search->by_position = gtk_toggle_button_get_active (self->position_button);
}

static void query_clear (Query *search)
{
  g_clear_pointer (&search->text, g_free);
  g_clear_pointer (&search->tag, g_free);
}

/* The library's filter for search, which must outlive it. */
static LibraryFilter query_filter (const Query *search)
{
  LibraryFilter filter = LIBRARY_FILTER_INIT;

  filter.text = search->text;
  filter.tag = search->tag;
  filter.origin = search->origin;
  filter.sort = SORTS[search->sort].sort;
  filter.descending = SORTS[search->sort].descending;
  return filter;
}

char *verso_library_describe_result (const LibraryGame *game)
{
  int difference = game->disc_difference;
  /* GGF's count is the standard one whatever the rules: under Reverse the fewest discs win. */
  gboolean black_won = game->rules == RULES_REVERSE ? difference < 0 : difference > 0;

  if (game->ending == LIBRARY_ENDING_UNFINISHED)
    /* Translators: a game's result in the Library: it was left before its end */
    return g_strdup (_("Unfinished"));
  if (game->ending == LIBRARY_ENDING_TIME)
    return g_strdup (difference > 0 ? _("Black won on time") : _("White won on time"));
  if (game->ending == LIBRARY_ENDING_RESIGN)
    return g_strdup (difference > 0 ? _("White resigned") : _("Black resigned"));
  if (difference == 0)
    return g_strdup (_("Draw"));
  /* Translators: a game's result in the Library, e.g. "Black won by 12" (discs) */
  return g_strdup_printf (black_won ? _("Black won by %d") : _("White won by %d"), abs (difference));
}

/* The list. */

static void refresh (VersoLibraryWindow *self);

static void on_delete_response (AdwMessageDialog *dialog, const char *response, VersoLibraryWindow *self)
{
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "game"));

  if (g_strcmp0 (response, "delete") != 0 || !self->library)
    return;
  if (!library_delete (self->library, id)) {
    /* Translators: a message in the Library; the reason follows */
    g_autofree char *text = g_strdup_printf (_("The game could not be deleted: %s"), library_error (self->library));

    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
  }
  refresh (self);
}

static void on_delete_clicked (GtkButton *button, VersoLibraryWindow *self)
{
  const LibraryGame *game = g_object_get_data (G_OBJECT (button), "game");
  g_autofree char *players = g_strdup_printf ("%s – %s", game->black, game->white);
  GtkWidget *dialog = verso_dialog_new_question (GTK_WINDOW (self), _("Delete This Game?"), players, "cancel",
                                                 _("_Cancel"), "delete", _("_Delete"), ADW_RESPONSE_DESTRUCTIVE);

  g_object_set_data (G_OBJECT (dialog), "game", GSIZE_TO_POINTER ((gsize) game->id));
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_delete_response), self, 0);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

static void on_tags_response (AdwMessageDialog *dialog, const char *response, VersoLibraryWindow *self)
{
  gint64 id = (gint64) GPOINTER_TO_SIZE (g_object_get_data (G_OBJECT (dialog), "game"));
  GtkEditable *entry = g_object_get_data (G_OBJECT (dialog), "entry");

  if (g_strcmp0 (response, "save") != 0 || !self->library)
    return;
  if (!library_set_tags (self->library, id, gtk_editable_get_text (entry))) {
    /* Translators: a message in the Library; the reason follows */
    g_autofree char *text = g_strdup_printf (_("The tags could not be saved: %s"), library_error (self->library));

    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
  }
  refresh (self);
}

/* The game's tags in one line to edit, commas between them; Enter saves. */
static void on_tags_clicked (GtkButton *button, VersoLibraryWindow *self)
{
  const LibraryGame *game = g_object_get_data (G_OBJECT (button), "game");
  g_autofree char *players = g_strdup_printf ("%s – %s", game->black, game->white);
  /* Translators: the heading of the Library's question that edits a game's tags */
  GtkWidget *dialog = verso_dialog_new_question (GTK_WINDOW (self), _("Tags"), players, "cancel",
                                                 _("_Cancel"), "save", _("_Save"), ADW_RESPONSE_SUGGESTED);
  GtkWidget *entry = gtk_entry_new ();

  gtk_editable_set_text (GTK_EDITABLE (entry), game->tags);
  /* Translators: the placeholder of the entry of a game's tags in the Library */
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), _("study, club, to review"));
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* Translators: the accessible name of the entry of a game's tags */
                                  _("Tags, separated by commas"), -1);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), entry);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  g_object_set_data (G_OBJECT (dialog), "game", GSIZE_TO_POINTER ((gsize) game->id));
  g_object_set_data (G_OBJECT (dialog), "entry", entry);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_tags_response), self, 0);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
  /* The cursor after the tags, none selected: typing adds one, as a person tagging expects. */
  gtk_widget_grab_focus (entry);
  gtk_editable_select_region (GTK_EDITABLE (entry), -1, -1);
}

/* One game: its players, then its date, result, opening and tags; Tags and Delete beside it. */
static GtkWidget *game_row_new (VersoLibraryWindow *self, const LibraryGame *game)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *delete_button = gtk_button_new_from_icon_name ("user-trash-symbolic");
  GtkWidget *tags_button = gtk_button_new_from_icon_name ("verso-tag-symbolic");
  LibraryGame *copy = g_memdup2 (game, sizeof *game);
  g_autofree char *players = g_strdup_printf ("%s – %s", game->black[0] ? game->black : _("Black"),
                                              game->white[0] ? game->white : _("White"));
  g_autofree char *result = verso_library_describe_result (game);
  g_autofree char *date = g_strndup (game->date, 10);  /* the day, not the time */
  g_autoptr (GString) details = g_string_new (NULL);
  g_autofree char *title = g_markup_escape_text (players, -1);
  g_autofree char *subtitle = NULL;
  /* Translators: the accessible name of a game's Delete button in the Library, e.g.
   * "Delete the game Ann – Bob" */
  g_autofree char *delete_name = g_strdup_printf (_("Delete the game %s"), players);
  /* Translators: the accessible name of a game's Tags button in the Library, e.g.
   * "Tags of the game Ann – Bob" */
  g_autofree char *tags_name = g_strdup_printf (_("Tags of the game %s"), players);

  g_string_append_printf (details, "%s · %s", date, result);
  if (game->opening[0])
    g_string_append_printf (details, " · %s", game->opening);
  if (game->tags[0]) {
    g_autofree char *tags = g_utf8_make_valid (game->tags, -1);

    g_string_append (details, " · ");
    /* Translators: a game's tags in the Library's list, e.g. "Tags: club, study" */
    g_string_append_printf (details, _("Tags: %s"), tags);
  }
  subtitle = g_markup_escape_text (details->str, -1);

  copy->record = copy->clock = NULL;
  g_object_set_data_full (G_OBJECT (row), "game", copy, g_free);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_add_css_class (delete_button, "flat");
  gtk_widget_set_valign (delete_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (delete_button, _("Delete Game"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (delete_button), GTK_ACCESSIBLE_PROPERTY_LABEL, delete_name, -1);
  g_object_set_data (G_OBJECT (delete_button), "game", copy);
  g_signal_connect (delete_button, "clicked", G_CALLBACK (on_delete_clicked), self);
  gtk_widget_add_css_class (tags_button, "flat");
  gtk_widget_set_valign (tags_button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (tags_button, _("Edit Tags"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (tags_button), GTK_ACCESSIBLE_PROPERTY_LABEL, tags_name, -1);
  g_object_set_data (G_OBJECT (tags_button), "game", copy);
  g_signal_connect (tags_button, "clicked", G_CALLBACK (on_tags_clicked), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), tags_button);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), delete_button);
  return row;
}

typedef struct {
  VersoLibraryWindow *self;
  int rows;
} Listing;

static bool add_row (const LibraryGame *game, void *user_data)
{
  Listing *listing = user_data;

  if (listing->rows == LIBRARY_PAGE)
    return false;  /* one more than a page: the summary says there are more */
  gtk_list_box_append (listing->self->list, game_row_new (listing->self, game));
  listing->rows++;
  return true;
}

static void show_empty (VersoLibraryWindow *self, const Query *search)
{
  if (!self->library) {
    adw_status_page_set_title (self->empty_page, _("The Library Cannot Be Opened"));
  } else if (library_count (self->library) == 0) {
    adw_status_page_set_title (self->empty_page, _("No Games Yet"));
    adw_status_page_set_description (self->empty_page,
                                     _("Every game you play is kept here. Import game files to add others."));
  } else {
    adw_status_page_set_title (self->empty_page, _("No Games Found"));
    adw_status_page_set_description (self->empty_page,
                                     search->origin != LIBRARY_ORIGIN_ANY || search->tag
                                     /* Translators: in the Library, when the games of the Show choice
                                      * (played here, imported, a tag) have none that the search finds */
                                     ? _("None of the games shown matches the search.")
                                     : search->by_position && search->text ? _("No game with these words reached the position shown.")
                                     : search->by_position ? _("No game reached the position shown.")
                                     : _("No game has these words in its players’ names or its opening."));
  }
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

static bool add_tag (const char *tag, int64_t games, void *data)
{
  g_ptr_array_add (data, g_strdup (tag));
  return true;
}

/* Show lists the tags the library has now; the choice stays on the same tag while it exists,
 * else goes back to All Games. */
static void update_tags (VersoLibraryWindow *self)
{
  g_autoptr (GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GtkStringList) choices = NULL;
  g_auto (GStrv) tags = NULL;
  guint selected = gtk_drop_down_get_selected (self->show_dropdown);
  g_autofree char *chosen = NULL;

  if (self->library)
    library_list_tags (self->library, add_tag, found);
  g_ptr_array_add (found, NULL);
  tags = (GStrv) g_ptr_array_free (g_steal_pointer (&found), FALSE);
  if (self->tags && g_strv_equal ((const char *const *) tags, (const char *const *) self->tags))
    return;
  if (selected >= SHOW_TAGS && self->tags && selected - SHOW_TAGS < g_strv_length (self->tags))
    chosen = g_strdup (self->tags[selected - SHOW_TAGS]);
  choices = gtk_string_list_new ((const char *[]) {
    /* Translators: choices of the Library's Show: every game, the games played in Verso, the
     * games read from files, and the person's results per opening instead of games */
    _("All Games"), _("Played Here"), _("Imported"), _("Your Openings"), NULL });
  G_STATIC_ASSERT (SHOW_OPENINGS == 3);
  if (selected >= SHOW_TAGS)
    selected = 0;
  for (guint i = 0; tags[i]; i++) {
    /* A long tag is shortened, so that Show keeps its place beside Sort at 360 pixels. */
    g_autofree char *valid = g_utf8_make_valid (tags[i], -1);
    g_autofree char *shown = NULL;

    if (g_utf8_strlen (valid, -1) > TAG_SHOWN_LENGTH) {
      g_autofree char *start = g_utf8_substring (valid, 0, TAG_SHOWN_LENGTH - 1);

      shown = g_strconcat (start, "…", NULL);
    } else {
      shown = g_strdup (valid);
    }
    /* Translators: a choice of the Library's Show: the games given this tag */
    g_autofree char *choice = g_strdup_printf (_("Tagged “%s”"), shown);

    gtk_string_list_append (choices, choice);
    if (chosen && g_str_equal (chosen, tags[i]))
      selected = SHOW_TAGS + i;
  }
  g_strfreev (self->tags);
  self->tags = g_steal_pointer (&tags);
  /* The model is replaced without listing twice: refresh reads the choice afterwards. */
  g_signal_handlers_block_matched (self->show_dropdown, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
  gtk_drop_down_set_model (self->show_dropdown, G_LIST_MODEL (choices));
  gtk_drop_down_set_selected (self->show_dropdown, selected);
  g_signal_handlers_unblock_matched (self->show_dropdown, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, self);
}

/* Export… says what it writes, in its tooltip and to a screen reader: the games selected when
 * there are any, else all those listed. Its label stays short, for the header bar at 360 pixels;
 * the rows selected show in the accent colour. */
static void update_export_button (VersoLibraryWindow *self)
{
  g_autoptr (GList) selected = gtk_list_box_get_selected_rows (self->list);

  if (selected) {
    /* Translators: the accessible name of the Library's export button when games are selected
     * in its list (its label stays "Export…") */
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->export_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Export Selected…"), -1);
    gtk_widget_set_tooltip_text (self->export_button,
                                 _("Write the games selected to a GGF or SGF file, which other Othello programs read"));
  } else {
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->export_button), GTK_ACCESSIBLE_PROPERTY_LABEL);
    gtk_widget_set_tooltip_text (self->export_button,
                                 _("Write the games listed to a GGF or SGF file, which other Othello programs read"));
  }
}

/* An opening's row in Show ▸ Your Openings: its games (the opening's name searched). */
static void on_opening_activated (const char *opening, gpointer data)
{
  VersoLibraryWindow *self = data;

  gtk_editable_set_text (self->search_entry, opening);
  gtk_drop_down_set_selected (self->show_dropdown, 0);
}

/* Show ▸ Your Openings: the person's results per opening and colour, those lost most first,
 * each row leading to its games. */
static void show_openings (VersoLibraryWindow *self)
{
  GtkWidget *child, *group;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->openings_box))))
    gtk_box_remove (self->openings_box, child);
  gtk_widget_set_sensitive (self->export_button, FALSE);
  group = self->library ? verso_openings_group_new (self->library, OPENING_ROWS, on_opening_activated, self) : NULL;
  if (!group) {
    adw_status_page_set_title (self->empty_page, _("No Openings Yet"));
    adw_status_page_set_description (self->empty_page,
                                     /* Translators: in the Library's Show ▸ Your Openings, before any */
                                     _("Finish a game against the computer to see how you do with its opening."));
    gtk_stack_set_visible_child_name (self->stack, "empty");
    return;
  }
  gtk_box_append (self->openings_box, group);
  gtk_stack_set_visible_child_name (self->stack, "openings");
}

static void refresh (VersoLibraryWindow *self)
{
  Query search = { 0 };
  LibraryFilter filter;
  Listing listing = { self, 0 };
  GtkWidget *child;
  int64_t found = 0;

  update_tags (self);
  if (gtk_drop_down_get_selected (self->show_dropdown) == SHOW_OPENINGS) {
    show_openings (self);
    return;
  }
  query_read (self, &search);
  filter = query_filter (&search);
  self->anchor = NULL;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))))
    gtk_list_box_remove (self->list, child);
  filter.limit = LIBRARY_PAGE + 1;
  if (self->library)
    found = search.by_position ? library_list_position (self->library, &self->shown, &filter, add_row, &listing)
                               : library_list (self->library, &filter, add_row, &listing);
  gtk_widget_set_sensitive (self->export_button, listing.rows > 0);
  update_export_button (self);
  if (listing.rows == 0) {
    show_empty (self, &search);
    query_clear (&search);
    return;
  }
  query_clear (&search);
  gtk_stack_set_visible_child_name (self->stack, "games");
  if (found > LIBRARY_PAGE) {
    /* Translators: under the Library's search, when more games match than are listed */
    g_autofree char *text = g_strdup_printf (_("The first %d games: search to find others"), LIBRARY_PAGE);
    gtk_label_set_text (self->summary_label, text);
  } else {
    /* Translators: how many games the Library lists */
    g_autofree char *text = g_strdup_printf (ngettext ("%d game", "%d games", listing.rows), listing.rows);
    gtk_label_set_text (self->summary_label, text);
  }
}

static void on_row_activated (GtkListBox *list, GtkListBoxRow *row, VersoLibraryWindow *self)
{
  const LibraryGame *game = g_object_get_data (G_OBJECT (row), "game");
  char *text;

  if (!game || !self->library || !(text = library_game_text (self->library, game)))
    return;
  g_signal_emit (self, signals[SIGNAL_GAME_CHOSEN], 0, text);
  free (text);
  gtk_window_close (GTK_WINDOW (self));
}

/* Ctrl+click selects a game or unselects it, Shift+click the games from the last one so clicked
 * to this one, without opening either: a plain click opens the game, as before. The keyboard
 * selects as GtkListBox does (Shift with the arrows, Ctrl+Space, Ctrl+A, Shift+Ctrl+A none). */
static void on_list_pressed (GtkGestureClick *gesture, int n_press, double x, double y, VersoLibraryWindow *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  GtkListBoxRow *row = gtk_list_box_get_row_at_y (self->list, (int) y);

  if (!row || !(state & (GDK_CONTROL_MASK | GDK_SHIFT_MASK)))
    return;
  /* Claimed, the list's own click neither selects nor opens. */
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  if ((state & GDK_SHIFT_MASK) && self->anchor) {
    int from = gtk_list_box_row_get_index (self->anchor), to = gtk_list_box_row_get_index (row);

    if (!(state & GDK_CONTROL_MASK))
      gtk_list_box_unselect_all (self->list);
    for (int i = MIN (from, to); i <= MAX (from, to); i++)
      gtk_list_box_select_row (self->list, gtk_list_box_get_row_at_index (self->list, i));
  } else {
    if (gtk_list_box_row_is_selected (row))
      gtk_list_box_unselect_row (self->list, row);
    else
      gtk_list_box_select_row (self->list, row);
    self->anchor = row;
  }
  gtk_widget_grab_focus (GTK_WIDGET (row));
}

/* Enter in the search opens the first game found. */
static void on_search_activate (VersoLibraryWindow *self)
{
  GtkListBoxRow *first = gtk_list_box_get_row_at_index (self->list, 0);

  if (first && gtk_widget_is_visible (GTK_WIDGET (self->list)) && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "games") == 0)
    on_row_activated (self->list, first, self);
}

/* Escape in the search clears it, and closes the window when it is empty already. */
static void on_stop_search (VersoLibraryWindow *self)
{
  if (*gtk_editable_get_text (self->search_entry))
    gtk_editable_set_text (self->search_entry, "");
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* Import. */

static void import_job_free (ImportJob *job)
{
  g_strfreev (job->paths);
  g_free (job->library_path);
  g_free (job->first_problem);
  g_free (job->error);
  g_free (job);
}

static void job_message (const char *text, void *user_data)
{
  ImportJob *job = user_data;

  if (!job->first_problem)
    job->first_problem = g_strdup (text);
}

static void job_progress (int64_t done, int64_t total, void *user_data)
{
  ImportJob *job = user_data;

  atomic_store (&job->done, done);
  atomic_store (&job->total, total);
}

/* In the worker thread: one file or folder imported, SGF by the game layer (which alone reads
 * it), the others by the library; the counts added to the job's. */
static gboolean import_one (Library *library, ImportJob *job, const char *path,
                            gboolean (*import_path) (Library *, const char *, LibraryImport *))
{
  LibraryImport import = { .message = job_message, .progress = job_progress, .user_data = job,
                           .cancel = &job->cancel };
  gboolean done;

  atomic_store (&job->done, 0);
  atomic_store (&job->total, 0);
  done = import_path (library, path, &import);
  if (!done && !job->error)
    job->error = g_strdup (job->first_problem ? job->first_problem : path);
  job->added += import.added;
  job->duplicates += import.duplicates;
  job->bad += import.bad;
  return done;
}

static gboolean import_by_library (Library *library, const char *path, LibraryImport *import)
{
  return library_import_path (library, path, import);
}

static gboolean is_sgf (const char *name)
{
  g_autofree char *lower = g_ascii_strdown (name, -1);

  return g_str_has_suffix (lower, ".sgf");
}

/* A folder: its files the library reads, if it has any, then each SGF file in it. */
static void import_folder (Library *library, ImportJob *job, const char *folder)
{
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr (GPtrArray) sgf = g_ptr_array_new_with_free_func (g_free);
  gboolean others = FALSE;
  const char *name;

  while (dir && (name = g_dir_read_name (dir))) {
    if (is_sgf (name))
      g_ptr_array_add (sgf, g_build_filename (folder, name, NULL));
    else
      others = TRUE;
  }
  if (others || sgf->len == 0)
    import_one (library, job, folder, import_by_library);
  g_ptr_array_sort (sgf, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < sgf->len && !atomic_load (&job->cancel); i++)
    import_one (library, job, sgf->pdata[i], verso_kept_games_import_sgf);
}

/* In the worker thread: each file into a connection of its own. */
static void import_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ImportJob *job = data;
  char error[512];
  Library *library = library_open (job->library_path, NULL, 0, error, sizeof error);

  if (!library) {
    job->error = g_strdup (error);
    g_task_return_boolean (task, FALSE);
    return;
  }
  for (char **path = job->paths; *path && !atomic_load (&job->cancel); path++) {
    if (g_file_test (*path, G_FILE_TEST_IS_DIR))
      import_folder (library, job, *path);
    else
      import_one (library, job, *path, is_sgf (*path) ? verso_kept_games_import_sgf : import_by_library);
  }
  library_close (library);
  g_task_return_boolean (task, TRUE);
}

static gboolean follow_import (gpointer data)
{
  VersoLibraryWindow *self = data;
  int64_t done = atomic_load (&self->job->done), total = atomic_load (&self->job->total);

  if (total > 0)
    gtk_progress_bar_set_fraction (self->import_progress, MIN (1.0, (double) done / total));
  else
    gtk_progress_bar_pulse (self->import_progress);
  return G_SOURCE_CONTINUE;
}

static void import_done (GObject *source, GAsyncResult *result, gpointer data)
{
  VersoLibraryWindow *self = VERSO_LIBRARY_WINDOW (source);
  ImportJob *job = g_task_get_task_data (G_TASK (result));
  g_autofree char *text = NULL;

  g_clear_handle_id (&self->progress_source, g_source_remove);
  self->job = NULL;
  if (self->closed)
    return;
  gtk_revealer_set_reveal_child (self->import_revealer, FALSE);
  gtk_widget_set_sensitive (self->import_button, TRUE);
  if (job->error && job->added == 0) {
    /* Translators: a message in the Library when files could not be imported; the reason follows */
    text = g_strdup_printf (_("The files could not be imported: %s"), job->error);
  } else {
    int added = (int) MIN (job->added, G_MAXINT), duplicates = (int) MIN (job->duplicates, G_MAXINT);
    int bad = (int) MIN (job->bad, G_MAXINT);
    /* Translators: the first part of the Library's report after an import */
    g_autofree char *added_text = g_strdup_printf (ngettext ("%d game added", "%d games added", added), added);
    /* Translators: the second part of the Library's report after an import: games it held already */
    g_autofree char *duplicates_text = g_strdup_printf (ngettext ("%d already there", "%d already there", duplicates),
                                                        duplicates);
    /* Translators: the last part of the Library's report after an import */
    g_autofree char *bad_text = g_strdup_printf (ngettext ("%d record unreadable", "%d records unreadable", bad), bad);

    /* Translators: the Library's report after an import, e.g. "3 games added, 1 already there,
     * 2 records unreadable"; each %s is one of the three parts above */
    text = g_strdup_printf (_("%s, %s, %s"), added_text, duplicates_text, bad_text);
  }
  if (job->first_problem)
    g_message ("Library import: %s", job->first_problem);
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
  refresh (self);
}

static void start_import (VersoLibraryWindow *self, char **paths)
{
  const char *library_path = verso_profile_get_library_path (self->profile);
  g_autoptr (GTask) task = NULL;
  ImportJob *job;

  if (!library_path || self->job) {
    g_strfreev (paths);
    return;
  }
  job = g_new0 (ImportJob, 1);
  job->paths = paths;
  job->library_path = g_strdup (library_path);
  self->job = job;
  task = g_task_new (self, NULL, import_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) import_job_free);
  gtk_progress_bar_set_fraction (self->import_progress, 0);
  gtk_revealer_set_reveal_child (self->import_revealer, TRUE);
  gtk_widget_set_sensitive (self->import_button, FALSE);
  self->progress_source = g_timeout_add (IMPORT_PROGRESS_MS, follow_import, self);
  g_task_run_in_thread (task, import_thread);
}

static void on_import_response (GtkNativeDialog *chooser, int response, VersoLibraryWindow *self)
{
  g_autoptr (GListModel) files = NULL;
  GPtrArray *paths;

  if (response != GTK_RESPONSE_ACCEPT)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  G_GNUC_END_IGNORE_DEPRECATIONS
  paths = g_ptr_array_new ();
  for (guint i = 0; i < g_list_model_get_n_items (files); i++) {
    g_autoptr (GFile) file = g_list_model_get_item (files, i);
    char *path = g_file_get_path (file);

    if (path)
      g_ptr_array_add (paths, path);
  }
  g_ptr_array_add (paths, NULL);
  start_import (self, (char **) g_ptr_array_free (paths, FALSE));
}

static void on_import_clicked (VersoLibraryWindow *self)
{
  GtkFileChooserNative *chooser = verso_dialog_new_file_chooser (&self->chooser, GTK_WINDOW (self), _("Import Games"),
                                                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Import"));
  GtkFileFilter *filter = gtk_file_filter_new ();

  /* Translators: a file type in the Library's import chooser */
  gtk_file_filter_set_name (filter, _("GGF, SGF, WTHOR and transcript files"));
  gtk_file_filter_add_suffix (filter, "ggf");
  gtk_file_filter_add_suffix (filter, "sgf");
  gtk_file_filter_add_suffix (filter, "wtb");
  gtk_file_filter_add_suffix (filter, "txt");
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_object_unref (filter);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_import_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void on_cancel_import_clicked (VersoLibraryWindow *self)
{
  if (self->job)
    atomic_store (&self->job->cancel, true);
}

/* Export: every game the list keeps (not only the page shown), or the games selected in it, as
 * GGF records one a line or an SGF collection (each game one tree, with its variations), which
 * other Othello programs read, written atomically in a worker thread with its own connection.
 * A game that cannot be written as SGF fails the export, naming the game: nothing is dropped
 * unsaid. */

typedef struct {
  char *library_path;
  Query query;                /* the games listed */
  Position shown;
  GArray *chosen;             /* LibraryGame: the games selected, in the list's order; else NULL */
  gboolean sgf;               /* an SGF collection, else GGF */
  char *path;                 /* the file to write */
  GString *out;
  int64_t games;
  char *error;                /* why nothing was written */
} ExportJob;

static void export_job_free (ExportJob *job)
{
  g_free (job->library_path);
  query_clear (&job->query);
  g_free (job->path);
  if (job->chosen)
    g_array_unref (job->chosen);
  if (job->out)
    g_string_free (job->out, TRUE);
  g_free (job->error);
  g_free (job);
}

typedef struct {
  Library *library;
  ExportJob *job;
} ExportVisit;

static bool export_game (const LibraryGame *game, void *data)
{
  ExportVisit *visit = data;
  char *text;

  if (visit->job->sgf) {
    g_autoptr (GError) error = NULL;
    g_autofree char *sgf = verso_kept_game_to_sgf (visit->library, game, &error);

    if (!sgf) {
      /* Translators: why the Library's export failed: the game's players, e.g. "Ann – Bob",
       * then what is wrong with its record */
      visit->job->error = g_strdup_printf (_("the game %s – %s cannot be written as SGF: %s"), game->black,
                                           game->white, error->message);
      return false;
    }
    g_string_append (visit->job->out, sgf);  /* a tree and a new line */
    visit->job->games++;
    return true;
  }
  if (!(text = library_game_ggf (visit->library, game)))
    return false;
  g_string_append (visit->job->out, text);
  g_string_append_c (visit->job->out, '\n');
  visit->job->games++;
  free (text);
  return true;
}

static void export_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ExportJob *job = data;
  char error[512];
  ExportVisit visit = { library_open (job->library_path, NULL, 0, error, sizeof error), job };
  LibraryFilter filter = query_filter (&job->query);
  g_autoptr (GError) write_error = NULL;
  int64_t listed;

  if (!visit.library) {
    job->error = g_strdup (error);
    g_task_return_boolean (task, FALSE);
    return;
  }
  job->out = g_string_new (NULL);
  if (job->chosen) {
    for (guint i = 0; i < job->chosen->len; i++)
      if (!export_game (&g_array_index (job->chosen, LibraryGame, i), &visit))
        break;
    listed = job->chosen->len;  /* the games to write: fewer written is a failure */
  } else {
    listed = job->query.by_position ? library_list_position (visit.library, &job->shown, &filter, export_game, &visit)
                                    : library_list (visit.library, &filter, export_game, &visit);
  }
  if (!job->error && (listed < 0 || listed != job->games))
    job->error = g_strdup (listed < 0 ? library_error (visit.library) : g_strerror (ENOMEM));
  if (!job->error && !g_file_set_contents (job->path, job->out->str, (gssize) job->out->len, &write_error))
    job->error = g_strdup (write_error->message);
  library_close (visit.library);
  g_task_return_boolean (task, job->error == NULL);
}

static void export_done (GObject *source, GAsyncResult *result, gpointer data)
{
  VersoLibraryWindow *self = VERSO_LIBRARY_WINDOW (source);
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  g_autofree char *name = g_path_get_basename (job->path);
  g_autofree char *text = NULL;

  if (self->closed)
    return;
  gtk_widget_set_sensitive (self->export_button, TRUE);
  if (job->error) {
    /* Translators: a message in the Library when the games could not be exported; the file's
     * name and the reason follow */
    text = g_strdup_printf (_("The games could not be exported to %s: %s"), name, job->error);
  } else {
    int games = (int) MIN (job->games, G_MAXINT);

    /* Translators: a message in the Library after an export, e.g. "12 games exported to games.ggf" */
    text = g_strdup_printf (ngettext ("%d game exported to %s", "%d games exported to %s", games), games, name);
  }
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

/* SGF for a name ending in .sgf, GGF for .ggf; another name takes the type chosen in the
 * chooser's filter, GGF when none. */
static gboolean export_is_sgf (GtkNativeDialog *chooser, const char *path)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);
  GtkFileFilter *filter;

  if (g_str_has_suffix (lower, ".sgf") || g_str_has_suffix (lower, ".ggf"))
    return g_str_has_suffix (lower, ".sgf");
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (chooser));
  G_GNUC_END_IGNORE_DEPRECATIONS
  return filter && filter == g_object_get_data (G_OBJECT (chooser), "sgf-filter");
}

static void on_export_response (GtkNativeDialog *chooser, int response, VersoLibraryWindow *self)
{
  g_autoptr (GFile) file = NULL;
  g_autoptr (GTask) task = NULL;
  const char *library_path = verso_profile_get_library_path (self->profile);
  ExportJob *job;
  char *path;

  if (response != GTK_RESPONSE_ACCEPT || !library_path)
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  G_GNUC_END_IGNORE_DEPRECATIONS
  if (!file || !(path = g_file_get_path (file)))
    return;
  job = g_new0 (ExportJob, 1);
  job->library_path = g_strdup (library_path);
  query_read (self, &job->query);
  job->shown = self->shown;
  job->path = path;
  job->sgf = export_is_sgf (chooser, path);
  for (GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->list, 0); row;
       row = GTK_LIST_BOX_ROW (gtk_widget_get_next_sibling (GTK_WIDGET (row)))) {
    const LibraryGame *game = g_object_get_data (G_OBJECT (row), "game");

    if (!game || !gtk_list_box_row_is_selected (row))
      continue;
    if (!job->chosen)
      job->chosen = g_array_new (FALSE, FALSE, sizeof (LibraryGame));
    g_array_append_vals (job->chosen, game, 1);
  }
  gtk_widget_set_sensitive (self->export_button, FALSE);
  task = g_task_new (self, NULL, export_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) export_job_free);
  g_task_run_in_thread (task, export_thread);
}

static GtkFileFilter *export_filter_new (const char *name, const char *suffix)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_suffix (filter, suffix);
  return filter;
}

static void on_export_clicked (VersoLibraryWindow *self)
{
  g_autoptr (GList) selected = gtk_list_box_get_selected_rows (self->list);
  guint count = g_list_length (selected);
  /* The chooser's title says when only the games selected are written (moving through the list
   * by the keyboard selects the row reached). */
  g_autofree char *title = count > 0
    /* Translators: the title of the Library's export chooser when games are selected in its list */
    ? g_strdup_printf (ngettext ("Export %u Selected Game", "Export %u Selected Games", count), count)
    : g_strdup (_("Export Games"));
  GtkFileChooserNative *chooser = verso_dialog_new_file_chooser (&self->chooser, GTK_WINDOW (self), title,
                                                                 GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"));
  /* Translators: file types in the Library's export chooser */
  g_autoptr (GtkFileFilter) ggf = export_filter_new (_("GGF files (one game a line)"), "ggf");
  g_autoptr (GtkFileFilter) sgf = export_filter_new (_("SGF files (with variations)"), "sgf");

  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), ggf);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), sgf);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), "games.ggf");
  G_GNUC_END_IGNORE_DEPRECATIONS
  g_object_set_data_full (G_OBJECT (chooser), "sgf-filter", g_object_ref (sgf), g_object_unref);
  g_signal_connect_object (chooser, "response", G_CALLBACK (on_export_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* The window. */

static gboolean verso_library_window_close_request (GtkWindow *window)
{
  VersoLibraryWindow *self = VERSO_LIBRARY_WINDOW (window);

  /* An import under way stops at its next game; the games before it are kept. */
  self->closed = TRUE;
  on_cancel_import_clicked (self);
  return GTK_WINDOW_CLASS (verso_library_window_parent_class)->close_request (window);
}

static void verso_library_window_dispose (GObject *object)
{
  VersoLibraryWindow *self = VERSO_LIBRARY_WINDOW (object);

  self->closed = TRUE;
  on_cancel_import_clicked (self);
  g_clear_handle_id (&self->progress_source, g_source_remove);
  verso_dialog_clear_chooser (&self->chooser);
  g_clear_object (&self->profile);
  g_clear_pointer (&self->tags, g_strfreev);
  G_OBJECT_CLASS (verso_library_window_parent_class)->dispose (object);
}

static void verso_library_window_class_init (VersoLibraryWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = verso_library_window_dispose;
  GTK_WINDOW_CLASS (klass)->close_request = verso_library_window_close_request;
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);

  /* A game was chosen to open: its text (GGF or SGF). */
  signals[SIGNAL_GAME_CHOSEN] =
    g_signal_new ("game-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

/* The list's width at most, and the width from which it narrows towards it (AdwClamp's): the
 * search above the list is clamped alike, so their edges line up. */
#define LIBRARY_WIDTH 720
#define LIBRARY_TIGHTENING 480

static GtkWidget *clamped (GtkWidget *child)
{
  GtkWidget *clamp = adw_clamp_new ();

  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), LIBRARY_WIDTH);
  adw_clamp_set_tightening_threshold (ADW_CLAMP (clamp), LIBRARY_TIGHTENING);
  adw_clamp_set_child (ADW_CLAMP (clamp), child);
  return clamp;
}

/* A dropdown of the search bar, named for screen readers, that lists again when changed. */
static GtkWidget *choice_new (VersoLibraryWindow *self, const char *const *choices, const char *name,
                              const char *tooltip)
{
  GtkWidget *dropdown = gtk_drop_down_new_from_strings (choices);

  gtk_widget_set_hexpand (dropdown, TRUE);
  gtk_widget_set_tooltip_text (dropdown, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_signal_connect_swapped (dropdown, "notify::selected", G_CALLBACK (refresh), self);
  return dropdown;
}

/* The search text and This Position above the list, the order and the games shown under them;
 * the import's progress under those. */
static GtkWidget *search_bar_new (VersoLibraryWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *choices = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* Translators: the orders of the Library's list */
  const char *const sorts[] = { _("Newest First"), _("Oldest First"), _("By Players"), _("By Opening"), NULL };
  const char *const shown[] = { _("All Games"), _("Played Here"), _("Imported"), NULL };
  GtkWidget *sort, *show;
  GtkWidget *search = gtk_search_entry_new ();
  /* Translators: a toggle in the Library: only the games that reached the position shown */
  GtkWidget *position = gtk_toggle_button_new_with_mnemonic (_("This _Position"));
  GtkWidget *progress_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *progress = gtk_progress_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));
  GtkWidget *revealer = gtk_revealer_new ();

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  /* Translators: the placeholder of the Library's search */
  g_object_set (search, "placeholder-text", _("Player or opening"), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  /* Translators: the accessible name of the Library's search */
                                  _("Search the games"), -1);
  gtk_widget_set_hexpand (search, TRUE);
  gtk_widget_set_tooltip_text (position, _("Only the games that reached the position shown, turned or mirrored"));
  self->search_entry = GTK_EDITABLE (search);
  self->position_button = GTK_TOGGLE_BUTTON (position);
  g_signal_connect_swapped (search, "search-changed", G_CALLBACK (refresh), self);
  g_signal_connect_swapped (search, "activate", G_CALLBACK (on_search_activate), self);
  g_signal_connect_swapped (search, "stop-search", G_CALLBACK (on_stop_search), self);
  g_signal_connect_swapped (position, "toggled", G_CALLBACK (refresh), self);
  gtk_box_append (GTK_BOX (row), search);
  gtk_box_append (GTK_BOX (row), position);
  G_STATIC_ASSERT (G_N_ELEMENTS (sorts) == G_N_ELEMENTS (SORTS) + 1);
  G_STATIC_ASSERT (G_N_ELEMENTS (shown) == G_N_ELEMENTS (SHOWN) + 1);
  /* Translators: the accessible name and tooltip of the Library's order */
  sort = choice_new (self, sorts, _("Sort"), _("The order of the games"));
  /* Translators: the accessible name and tooltip of the Library's choice of games: all, played
   * here, imported, or those of a tag */
  show = choice_new (self, shown, _("Show"), _("Which games are listed: where they come from, or a tag"));
  self->sort_dropdown = GTK_DROP_DOWN (sort);
  self->show_dropdown = GTK_DROP_DOWN (show);
  gtk_box_set_homogeneous (GTK_BOX (choices), TRUE);
  gtk_box_append (GTK_BOX (choices), sort);
  gtk_box_append (GTK_BOX (choices), show);

  gtk_widget_set_hexpand (progress, TRUE);
  gtk_widget_set_valign (progress, GTK_ALIGN_CENTER);
  /* Translators: the accessible name of the Library's import progress bar */
  gtk_accessible_update_property (GTK_ACCESSIBLE (progress), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Importing games"), -1);
  self->import_progress = GTK_PROGRESS_BAR (progress);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (on_cancel_import_clicked), self);
  gtk_box_append (GTK_BOX (progress_box), progress);
  gtk_box_append (GTK_BOX (progress_box), cancel);
  gtk_revealer_set_child (GTK_REVEALER (revealer), progress_box);
  self->import_revealer = GTK_REVEALER (revealer);

  gtk_box_append (GTK_BOX (box), row);
  gtk_box_append (GTK_BOX (box), choices);
  gtk_box_append (GTK_BOX (box), revealer);
  return clamped (box);
}

static GtkWidget *openings_page_new (VersoLibraryWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 12);
  self->openings_box = GTK_BOX (box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamped (box));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  return scrolled;
}

static GtkWidget *games_page_new (VersoLibraryWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *summary = gtk_label_new (NULL);
  GtkWidget *list = gtk_list_box_new ();
  GtkGesture *pressed = gtk_gesture_click_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_label_set_xalign (GTK_LABEL (summary), 0);
  gtk_label_set_wrap (GTK_LABEL (summary), TRUE);
  gtk_widget_add_css_class (summary, "dim-label");
  gtk_widget_add_css_class (summary, "caption");
  self->summary_label = GTK_LABEL (summary);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_MULTIPLE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_widget_add_css_class (list, "library-games");
  gtk_widget_set_valign (list, GTK_ALIGN_START);
  /* Translators: the accessible name of the Library's list of games */
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Games"), -1);
  self->list = GTK_LIST_BOX (list);
  g_signal_connect (list, "row-activated", G_CALLBACK (on_row_activated), self);
  g_signal_connect_swapped (list, "selected-rows-changed", G_CALLBACK (update_export_button), self);
  /* Before the list's own click, which opens the game. */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (pressed), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (pressed), GTK_PHASE_CAPTURE);
  g_signal_connect (pressed, "pressed", G_CALLBACK (on_list_pressed), self);
  gtk_widget_add_controller (list, GTK_EVENT_CONTROLLER (pressed));
  gtk_box_append (GTK_BOX (box), summary);
  gtk_box_append (GTK_BOX (box), list);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 12);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamped (box));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  return scrolled;
}

static void verso_library_window_init (VersoLibraryWindow *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *import = gtk_button_new_with_mnemonic (_("_Import…"));
  GtkWidget *export = gtk_button_new_with_mnemonic (_("_Export…"));
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *empty = adw_status_page_new ();
  GtkWidget *toasts = adw_toast_overlay_new ();

  /* Translators: the title of the Library window, which keeps the games played and imported */
  gtk_window_set_title (GTK_WINDOW (self), _("Library"));
  gtk_window_set_default_size (GTK_WINDOW (self), 640, 720);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  gtk_widget_set_tooltip_text (import, _("Add the games of GGF, SGF, WTHOR or transcript files"));
  g_signal_connect_swapped (import, "clicked", G_CALLBACK (on_import_clicked), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), import);
  self->import_button = import;
  g_signal_connect_swapped (export, "clicked", G_CALLBACK (on_export_clicked), self);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), export);
  self->export_button = export;
  self->stack = GTK_STACK (stack);
  self->empty_page = ADW_STATUS_PAGE (empty);
  adw_status_page_set_icon_name (self->empty_page, "system-search-symbolic");
  gtk_stack_add_named (self->stack, games_page_new (self), "games");
  gtk_stack_add_named (self->stack, openings_page_new (self), "openings");
  gtk_stack_add_named (self->stack, empty, "empty");
  gtk_widget_set_vexpand (stack, TRUE);
  gtk_box_append (GTK_BOX (content), header);
  gtk_box_append (GTK_BOX (content), search_bar_new (self));
  gtk_box_append (GTK_BOX (content), stack);
  adw_toast_overlay_set_child (ADW_TOAST_OVERLAY (toasts), content);
  self->toasts = ADW_TOAST_OVERLAY (toasts);
  adw_window_set_content (ADW_WINDOW (self), toasts);
  /* Typing finds: the search has the keyboard first. */
  gtk_window_set_focus (GTK_WINDOW (self), GTK_WIDGET (self->search_entry));
}

GtkWidget *verso_library_window_new (GtkWindow *parent, VersoProfile *profile, const Position *shown)
{
  VersoLibraryWindow *self;
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL;

  g_return_val_if_fail (VERSO_IS_PROFILE (profile), NULL);
  g_return_val_if_fail (shown != NULL, NULL);

  self = g_object_new (VERSO_TYPE_LIBRARY_WINDOW, "transient-for", parent, NULL);
  self->profile = g_object_ref (profile);
  self->shown = *shown;
  self->library = verso_profile_get_library (profile, &notice, &error);
  if (!self->library) {
    adw_status_page_set_description (self->empty_page, error->message);
    gtk_widget_set_sensitive (self->import_button, FALSE);
  }
  if (notice) {
    /* Translators: a message when the game library's file was damaged or written by a newer
     * Verso: it was renamed and a new library begun; the file's name and what was wrong follow */
    g_autofree char *text = g_strdup_printf (_("The game library could not be read and was set aside: %s"), notice);

    adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
  }
  refresh (self);
  return GTK_WIDGET (self);
}
