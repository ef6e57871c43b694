/* verso-trainer-window.c: the Train Openings window: a chooser (the openings the book covers, the
 * main lines and the lines of the person's own games, the person's colour, the progress in each),
 * then a line on a board of its own,
 * a private game between people whose every move the window plays: the person's moves judged by
 * the trainer's rules (opening_trainer.h), a wrong one taken back with the right ones named, the
 * trainer's reply after a pause long enough to see, and at the line's end its count in the
 * progress, with Another Line. */
#include "verso-trainer-window.h"

#include <glib/gi18n.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "database.h"
#include "notation.h"
#include "opening.h"
#include "opening_trainer.h"
#include "random.h"
#include "repertoire.h"
#include "verso-board-view.h"
#include "verso-dialog.h"
#include "verso-game-analysis.h"

/* Long enough to see the person's move land before the trainer's reply does. */
#define REPLY_DELAY_MS 600
/* How deep a mistake's position is analysed for its practice card (every move scored, in a
 * worker thread): as deep as the coach grades a game's moves, a second or so in the opening. */
#define TRAINER_MISTAKE_DEPTH 10

/* One choice of the chooser: the line it begins from and where its progress is kept. */
typedef struct {
  const char *key;       /* the opening's name, VERSO_OPENING_MAIN_LINES or VERSO_OPENING_YOUR_GAMES */
  const int *moves;      /* from the standard start, owned by the openings' table */
  size_t n_moves;
} Choice;

struct _VersoTrainerWindow {
  AdwWindow parent_instance;

  VersoProfile *profile;
  const Book *book;
  GArray *choices;          /* Choice, the main lines and the person's games first */
  uint64_t random;          /* the replies' generator */
  Repertoire *repertoire;   /* the person's games as the line's colour, for Your games */

  /* The line being played. */
  const Choice *choice;
  int colour;               /* the person's */
  Position position;
  VersoGame *game;
  int plies;                /* moves played since the line's start */
  guint mistakes;
  gboolean over;
  guint reply_source;

  GtkStack *stack;
  AdwWindowTitle *title;
  GtkDropDown *opening_dropdown;
  GtkDropDown *colour_dropdown;
  GtkLabel *progress_label;
  GtkLabel *prompt_label;
  VersoBoardView *board_view;
  GtkLabel *verdict_label;
  GtkLabel *detail_label;
  GtkWidget *another_button;
  GtkWidget *choose_button;
};

G_DEFINE_FINAL_TYPE (VersoTrainerWindow, verso_trainer_window, ADW_TYPE_WINDOW)

static const OpeningTable *openings (void)
{
  static OpeningTable *table;

  /* Parsed once, kept for the program's life: the choices point into it. */
  if (g_once_init_enter (&table))
    g_once_init_leave (&table, opening_table_parse (opening_table_text, opening_table_text_length, NULL, NULL));
  return table;
}

static const char *square_name (int move, char name[3])
{
  notation_format_square (move, name);
  return name;
}

/* What the person sees of a choice: a named opening's name is its own in every language. */
static const char *choice_title (const Choice *choice)
{
  if (g_str_equal (choice->key, VERSO_OPENING_YOUR_GAMES))
    /* Translators: the opening trainer's choice of the lines of the person's own games in the
     * Library, the trainer answering as their opponents did */
    return _("Your games");
  /* Translators: the opening trainer's choice of the book's main lines from the start */
  return choice->moves ? choice->key : _("Main lines");
}

typedef struct {
  GPtrArray *games;   /* LibraryGame */
  int colour;
} Gathering;

static bool gather_game (const LibraryGame *game, void *data)
{
  Gathering *gathering = data;
  Position start;
  gboolean black = !game->black_level[0] && game->white_level[0];
  gboolean white = !game->white_level[0] && game->black_level[0];

  position_init (&start);
  if ((gathering->colour == POSITION_BLACK ? black : white)
      && memcmp (&game->start, &start, sizeof start) == 0)
    g_ptr_array_add (gathering->games, g_memdup2 (game, sizeof *game));
  return true;
}

/* The person's games kept in the library as colour: played here, against the computer or an
 * engine (the other side's level set, theirs not), from the standard start under the standard
 * rules. No library file is made to look. */
static GPtrArray *games_as (VersoTrainerWindow *self, int colour)
{
  Gathering gathering = { g_ptr_array_new_with_free_func (g_free), colour };
  const char *path = verso_profile_get_library_path (self->profile);
  LibraryFilter filter = LIBRARY_FILTER_INIT;
  Library *library;

  if (!path || !g_file_test (path, G_FILE_TEST_EXISTS)
      || !(library = verso_profile_get_library (self->profile, NULL, NULL)))
    return gathering.games;
  filter.origin = LIBRARY_ORIGIN_PLAYED;
  filter.rules = RULES_STANDARD;
  library_list (library, &filter, gather_game, &gathering);
  return gathering.games;
}

/* The repertoire of the person's games as colour; NULL when they have none. */
static Repertoire *repertoire_of (VersoTrainerWindow *self, int colour)
{
  g_autoptr (GPtrArray) games = games_as (self, colour);
  g_autofree const int **moves = g_new (const int *, MAX (games->len, 1));
  g_autofree size_t *lengths = g_new (size_t, MAX (games->len, 1));

  if (games->len == 0)
    return NULL;
  for (guint i = 0; i < games->len; i++) {
    const LibraryGame *game = games->pdata[i];

    moves[i] = game->moves;
    lengths[i] = game->n_moves;
  }
  return repertoire_new (moves, lengths, games->len, colour);
}

/* The main lines, then each named opening whose line the book covers to its end. */
static void fill_choices (VersoTrainerWindow *self)
{
  const OpeningTable *table = openings ();
  Choice main_lines = { VERSO_OPENING_MAIN_LINES, NULL, 0 };
  Choice your_games = { VERSO_OPENING_YOUR_GAMES, NULL, 0 };

  g_array_append_val (self->choices, main_lines);
  g_array_append_val (self->choices, your_games);
  for (size_t i = 0; table && self->book && i < opening_table_count (table); i++) {
    Choice choice;
    Position position;
    gboolean legal = TRUE;

    choice.key = opening_table_line (table, i, &choice.moves, &choice.n_moves);
    position_init (&position);
    for (size_t m = 0; m < choice.n_moves && legal; m++)
      legal = position_play (&position, choice.moves[m]);
    if (legal && book_find (self->book, &position.board))
      g_array_append_val (self->choices, choice);
  }
}

static const Choice *chosen (VersoTrainerWindow *self)
{
  guint index = gtk_drop_down_get_selected (self->opening_dropdown);

  return &g_array_index (self->choices, Choice, MIN (index, self->choices->len - 1));
}

static int chosen_colour (VersoTrainerWindow *self)
{
  return gtk_drop_down_get_selected (self->colour_dropdown) == 1 ? POSITION_WHITE : POSITION_BLACK;
}

/* The progress of the choice and colour chosen, in words. */
static void update_progress (VersoTrainerWindow *self)
{
  VersoOpeningRecord record = verso_opening_progress_get (verso_profile_get_opening_progress (self->profile),
                                                          chosen (self)->key, chosen_colour (self));
  g_autofree char *text = NULL;
  g_autofree char *games = NULL;

  if (g_str_equal (chosen (self)->key, VERSO_OPENING_YOUR_GAMES)) {
    g_autoptr (GPtrArray) kept = games_as (self, chosen_colour (self));
    guint n = kept->len;

    if (n == 0)
      games = g_strdup (chosen_colour (self) == POSITION_BLACK
                        /* Translators: the opening trainer's Your games, before the person played any */
                        ? _("No game of yours as Black in the Library yet: the trainer answers as strong players did.")
                        : _("No game of yours as White in the Library yet: the trainer answers as strong players did."));
    else if (chosen_colour (self) == POSITION_BLACK)
      /* Translators: the opening trainer's Your games: how many of the person's games it follows */
      games = g_strdup_printf (g_dngettext (NULL, "The trainer answers as your opponents did in your %u game as Black.",
                                            "The trainer answers as your opponents did in your %u games as Black.", n), n);
    else
      games = g_strdup_printf (g_dngettext (NULL, "The trainer answers as your opponents did in your %u game as White.",
                                            "The trainer answers as your opponents did in your %u games as White.", n), n);
  }

  if (record.tried == 0) {
    /* Translators: the opening trainer's progress in an opening not played yet */
    text = g_strdup (_("Not trained yet."));
  } else {
    g_autoptr (GDateTime) last = g_date_time_new_from_unix_local (record.last);
    g_autofree char *day = last ? g_date_time_format (last, "%x") : g_strdup ("");
    /* Translators: the opening trainer's progress in an opening: lines played to their end, those
     * without a mistake, and the day of the last one (in the locale's date format) */
    text = g_strdup_printf (g_dngettext (NULL, "%u line trained, %u without a mistake; last on %s.",
                                         "%u lines trained, %u without a mistake; last on %s.", record.tried),
                            record.tried, record.clean, day);
  }
  if (games) {
    g_autofree char *both = g_strconcat (games, "\n", text, NULL);

    gtk_label_set_text (self->progress_label, both);
    return;
  }
  gtk_label_set_text (self->progress_label, text);
}

static void on_choice_changed (VersoTrainerWindow *self)
{
  update_progress (self);
}

static void show_chooser (VersoTrainerWindow *self)
{
  g_clear_handle_id (&self->reply_source, g_source_remove);
  adw_window_title_set_subtitle (self->title, "");
  update_progress (self);
  gtk_stack_set_visible_child_name (self->stack, "chooser");
  gtk_widget_grab_focus (GTK_WIDGET (self->opening_dropdown));
}

/* "d3 +1, c3 0": the right moves with their scores. */
static char *right_moves_text (const TrainerVerdict *verdict)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < verdict->n_right; i++) {
    char name[3];
    g_autofree char *score = verso_format_score (verdict->right_moves[i].score);
    /* Translators: the separator between the right moves of the opening trainer, "d3 +1, c3 0" */
    g_string_append_printf (text, "%s%s %s", i ? _(", ") : "", square_name (verdict->right_moves[i].move, name),
                            score);
  }
  return g_string_free (text, FALSE);
}

static void show_position (VersoTrainerWindow *self)
{
  g_autoptr (VersoGame) game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                                             LEVEL_BEGINNER, &self->position);

  g_set_object (&self->game, game);
  verso_board_view_set_game (self->board_view, game);
}

static void prompt_move (VersoTrainerWindow *self)
{
  gtk_label_set_text (self->prompt_label, self->colour == POSITION_BLACK
                                          /* Translators: the opening trainer's task */
                                          ? _("Your move as Black")
                                          /* Translators: the opening trainer's task */
                                          : _("Your move as White"));
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  verso_board_view_show_cursor (self->board_view);
}

static void end_line (VersoTrainerWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *detail = NULL;

  self->over = TRUE;
  verso_profile_add_opening_line (self->profile, self->choice->key, self->colour, self->mistakes == 0, verso_profile_now (),
                                  &error);
  /* Translators: the opening trainer's heading at the end of a line */
  gtk_label_set_text (self->prompt_label, self->mistakes == 0 ? _("Line learned") : _("Line finished"));
  if (self->mistakes == 0)
    /* Translators: the end of a line in the opening trainer */
    detail = g_strdup (_("Every move on the lines. Try another line or choose another opening."));
  else
    /* Translators: the end of a line in the opening trainer, with the moves off the lines */
    detail = g_strdup_printf (g_dngettext (NULL, "%u move off the lines. Try another line to learn it.",
                                           "%u moves off the lines. Try another line to learn them.", self->mistakes),
                              self->mistakes);
  if (error) {
    /* Translators: the opening trainer's progress could not be written; the reason follows */
    g_autofree char *failed = g_strdup_printf (_("The progress could not be saved: %s"), error->message);
    g_message ("%s", failed);
    g_free (detail);
    detail = g_steal_pointer (&failed);
  }
  gtk_label_set_text (self->detail_label, detail);
  gtk_widget_set_visible (self->another_button, TRUE);
  gtk_widget_grab_focus (self->another_button);
}

static gboolean line_goes_on (VersoTrainerWindow *self)
{
  return self->book && trainer_line_goes_on (self->book, &self->position, self->plies);
}

static void play (VersoTrainerWindow *self, int move)
{
  g_autoptr (GError) error = NULL;

  position_play (&self->position, move);
  self->plies++;
  if (!verso_game_play (self->game, move, &error))
    g_warning ("The opening trainer's move was refused: %s", error->message);
}

static void next_turn (VersoTrainerWindow *self);

static gboolean reply (gpointer data)
{
  VersoTrainerWindow *self = data;
  int move;
  char name[3];
  g_autofree char *text = NULL;

  self->reply_source = 0;
  move = self->repertoire ? trainer_reply_from_repertoire (self->book, self->repertoire, database_compiled (),
                                                           &self->position, &self->random)
                          : trainer_reply (self->book, database_compiled (), &self->position, &self->random);
  if (move == BOARD_NO_MOVE) {
    end_line (self);
    return G_SOURCE_REMOVE;
  }
  play (self, move);
  /* Translators: the opening trainer's reply, e.g. "The trainer played d6." */
  text = g_strdup_printf (_("The trainer played %s."), square_name (move, name));
  gtk_label_set_text (self->detail_label, text);
  next_turn (self);
  return G_SOURCE_REMOVE;
}

/* After each move: the line's end, the person's turn, or the trainer's reply after a pause. */
static void next_turn (VersoTrainerWindow *self)
{
  if (!line_goes_on (self)) {
    end_line (self);
  } else if (self->position.side_to_move == self->colour) {
    prompt_move (self);
  } else {
    /* Translators: the opening trainer's heading while it chooses its reply */
    gtk_label_set_text (self->prompt_label, _("The trainer’s move"));
    self->reply_source = g_timeout_add (REPLY_DELAY_MS, reply, self);
  }
}

static void start_line (VersoTrainerWindow *self)
{
  g_clear_handle_id (&self->reply_source, g_source_remove);
  self->choice = chosen (self);
  self->colour = chosen_colour (self);
  g_clear_pointer (&self->repertoire, repertoire_free);
  if (g_str_equal (self->choice->key, VERSO_OPENING_YOUR_GAMES))
    self->repertoire = repertoire_of (self, self->colour);
  position_init (&self->position);
  for (size_t m = 0; m < self->choice->n_moves; m++)
    position_play (&self->position, self->choice->moves[m]);
  self->plies = 0;
  self->mistakes = 0;
  self->over = FALSE;
  show_position (self);
  adw_window_title_set_subtitle (self->title, choice_title (self->choice));
  gtk_label_set_text (self->verdict_label, "");
  gtk_label_set_text (self->detail_label, "");
  gtk_widget_set_visible (self->another_button, FALSE);
  gtk_stack_set_visible_child_name (self->stack, "line");
  next_turn (self);
}

static void answer (VersoTrainerWindow *self, int move)
{
  TrainerVerdict verdict;
  char name[3];
  g_autofree char *text = NULL;
  g_autofree char *right = NULL;

  if (trainer_judge (self->book, &self->position.board, move, &verdict)) {
    g_autofree char *score = verso_format_score (verdict.score);
    /* Translators: the opening trainer's verdict on a right move, e.g. "Right: f4 is a book move (+1)" */
    text = g_strdup_printf (_("Right: %s is a book move (%s)"), square_name (move, name), score);
    gtk_label_set_text (self->verdict_label, text);
    gtk_label_set_text (self->detail_label, "");
    play (self, move);
    next_turn (self);
    return;
  }
  /* Off the lines: the move is taken back and the person tries again, knowing the right ones;
   * the position joins the practice deck, analysed meanwhile. */
  self->mistakes++;
  verso_profile_add_position_mistake (self->profile, &self->position, move, TRAINER_MISTAKE_DEPTH, verso_profile_now ());
  right = right_moves_text (&verdict);
  if (verdict.scored) {
    int loss = verdict.right_moves[0].score - verdict.score;
    /* Translators: the opening trainer's verdict on a book move too far from the best: the move, the
     * discs it loses, the right moves with their scores, e.g. "Off the lines: c4 loses 6 discs; the
     * right ones: d3 +1, c3 0" */
    text = g_strdup_printf (g_dngettext (NULL, "Off the lines: %s loses %d disc; the right ones: %s",
                                         "Off the lines: %s loses %d discs; the right ones: %s", (gulong) loss),
                            square_name (move, name), loss, right);
  } else {
    /* Translators: the opening trainer's verdict on a move the book does not play: the move, then the
     * right moves with their scores, e.g. "Off the lines: c4 is no book move; the right ones: d3 +1" */
    text = g_strdup_printf (_("Off the lines: %s is no book move; the right ones: %s"),
                            square_name (move, name), right);
  }
  gtk_label_set_text (self->verdict_label, text);
  /* Translators: after a move off the lines in the opening trainer */
  gtk_label_set_text (self->detail_label, _("Try a right move."));
  verso_board_view_flash_square (self->board_view, move);
  prompt_move (self);
}

static void on_square_activated (VersoBoardView *view, int square, VersoTrainerWindow *self)
{
  if (self->over || self->reply_source || self->position.side_to_move != self->colour
      || !(board_legal_moves (&self->position.board) & board_bit (square))) {
    verso_board_view_flash_square (self->board_view, square);
    return;
  }
  answer (self, square);
}

static void verso_trainer_window_dispose (GObject *object)
{
  VersoTrainerWindow *self = VERSO_TRAINER_WINDOW (object);

  g_clear_handle_id (&self->reply_source, g_source_remove);
  if (self->board_view)
    verso_board_view_set_game (self->board_view, NULL);
  g_clear_object (&self->game);
  g_clear_object (&self->profile);
  g_clear_pointer (&self->choices, g_array_unref);
  g_clear_pointer (&self->repertoire, repertoire_free);
  G_OBJECT_CLASS (verso_trainer_window_parent_class)->dispose (object);
}

static void verso_trainer_window_class_init (VersoTrainerWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = verso_trainer_window_dispose;
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkWidget *pill_button_new (const char *mnemonic, gboolean suggested)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (mnemonic);

  gtk_widget_add_css_class (button, "pill");
  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
  gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
  return button;
}

/* The shown choice of a dropdown of strings cut short with "…" where the window is narrow (360
 * px): a dropdown is otherwise as wide as its longest opening's name. The list keeps whole names. */
static void setup_cut_label (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), 8);
  gtk_list_item_set_child (item, label);
}

static void bind_cut_label (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), gtk_string_object_get_string (string));
}

static void cut_shown_choice (GtkDropDown *dropdown)
{
  GtkListItemFactory *shown = gtk_signal_list_item_factory_new ();
  GtkListItemFactory *whole = gtk_signal_list_item_factory_new ();

  g_signal_connect (shown, "setup", G_CALLBACK (setup_cut_label), NULL);
  g_signal_connect (shown, "bind", G_CALLBACK (bind_cut_label), NULL);
  g_signal_connect (whole, "setup", G_CALLBACK (setup_cut_label), NULL);
  g_signal_connect (whole, "bind", G_CALLBACK (bind_cut_label), NULL);
  gtk_drop_down_set_factory (dropdown, shown);
  gtk_drop_down_set_list_factory (dropdown, whole);
  g_object_unref (shown);
  g_object_unref (whole);
}

/* A labelled row of the chooser: the label names the dropdown for a screen reader. */
static void add_chooser_row (GtkGrid *grid, int row, const char *mnemonic, GtkWidget *dropdown)
{
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), dropdown);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (dropdown, TRUE);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_RELATION_LABELLED_BY, label, NULL, -1);
  gtk_grid_attach (grid, label, 0, row, 1, 1);
  gtk_grid_attach (grid, dropdown, 1, row, 1, 1);
}

static GtkWidget *chooser_page_new (VersoTrainerWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 18);
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *intro = verso_dialog_label_new ("dim-label");
  GtkWidget *start = pill_button_new (_("_Start"), TRUE);
  g_autoptr (GtkStringList) names = gtk_string_list_new (NULL);
  const char *colours[] = { N_("Black"), N_("White"), NULL };
  g_autoptr (GtkStringList) colour_names = gtk_string_list_new (NULL);

  for (guint i = 0; i < self->choices->len; i++)
    gtk_string_list_append (names, choice_title (&g_array_index (self->choices, Choice, i)));
  for (guint i = 0; colours[i]; i++)
    gtk_string_list_append (colour_names, _(colours[i]));
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_label_set_text (GTK_LABEL (intro),
                      /* Translators: the opening trainer's introduction */
                      _("Find your side’s moves; the trainer answers as strong players did."));
  gtk_grid_set_row_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  self->opening_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&names)), NULL));
  self->colour_dropdown = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&colour_names)), NULL));
  cut_shown_choice (self->opening_dropdown);
  /* Translators: the opening trainer's choice of an opening */
  add_chooser_row (GTK_GRID (grid), 0, _("_Opening"), GTK_WIDGET (self->opening_dropdown));
  /* Translators: the opening trainer's choice of the person's colour */
  add_chooser_row (GTK_GRID (grid), 1, _("_Your colour"), GTK_WIDGET (self->colour_dropdown));
  g_signal_connect_swapped (self->opening_dropdown, "notify::selected", G_CALLBACK (on_choice_changed), self);
  g_signal_connect_swapped (self->colour_dropdown, "notify::selected", G_CALLBACK (on_choice_changed), self);
  self->progress_label = GTK_LABEL (verso_dialog_label_new (NULL));
  g_signal_connect_swapped (start, "clicked", G_CALLBACK (start_line), self);
  /* Without the book there are no lines to train. */
  gtk_widget_set_sensitive (start, self->book != NULL);
  gtk_box_append (GTK_BOX (box), intro);
  gtk_box_append (GTK_BOX (box), grid);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->progress_label));
  gtk_box_append (GTK_BOX (box), start);
  return box;
}

static GtkWidget *line_page_new (VersoTrainerWindow *self)
{
  GtkWidget *box = verso_dialog_task_page_new ();
  /* Translators: the accessible name of the board in Train Openings */
  GtkWidget *board = verso_board_view_new_for_task (_("Training board"));
  /* Side by side the two pills are wider than a 360 px window: one above the other. */
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  self->prompt_label = GTK_LABEL (verso_dialog_label_new ("heading"));
  self->board_view = VERSO_BOARD_VIEW (board);
  g_signal_connect (board, "square-activated", G_CALLBACK (on_square_activated), self);
  self->verdict_label = GTK_LABEL (verso_dialog_label_new ("title-4"));
  self->detail_label = GTK_LABEL (verso_dialog_label_new ("dim-label"));
  /* Translators: a button of the opening trainer: the same opening and colour again */
  self->another_button = pill_button_new (_("_Another Line"), TRUE);
  /* Translators: a button of the opening trainer: back to the choice of an opening */
  self->choose_button = pill_button_new (_("_Choose Opening"), FALSE);
  g_signal_connect_swapped (self->another_button, "clicked", G_CALLBACK (start_line), self);
  g_signal_connect_swapped (self->choose_button, "clicked", G_CALLBACK (show_chooser), self);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (buttons), self->choose_button);
  gtk_box_append (GTK_BOX (buttons), self->another_button);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->prompt_label));
  gtk_box_append (GTK_BOX (box), board);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->verdict_label));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->detail_label));
  gtk_box_append (GTK_BOX (box), buttons);
  return box;
}

static void verso_trainer_window_init (VersoTrainerWindow *self)
{
  const char *seed = g_getenv ("VERSO_TRAINER_SEED");

  self->choices = g_array_new (FALSE, FALSE, sizeof (Choice));
  self->book = book_compiled ();
  /* The window tests fix the replies with VERSO_TRAINER_SEED; people get new lines each time. */
  self->random = seed ? g_ascii_strtoull (seed, NULL, 10) : random_mix ((uint64_t) g_get_real_time ());
}

GtkWidget *verso_trainer_window_new (GtkWindow *parent, VersoProfile *profile)
{
  VersoTrainerWindow *self;
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  g_return_val_if_fail (VERSO_IS_PROFILE (profile), NULL);

  self = g_object_new (VERSO_TYPE_TRAINER_WINDOW, "transient-for", parent, NULL);
  self->profile = g_object_ref (profile);
  fill_choices (self);
  /* Translators: the title of the opening trainer's window */
  gtk_window_set_title (GTK_WINDOW (self), _("Train Openings"));
  gtk_window_set_default_size (GTK_WINDOW (self), 480, 680);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  self->title = ADW_WINDOW_TITLE (adw_window_title_new (_("Train Openings"), ""));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  self->stack = GTK_STACK (stack);
  gtk_stack_add_named (self->stack, chooser_page_new (self), "chooser");
  gtk_stack_add_named (self->stack, line_page_new (self), "line");
  /* At 360 pixels wide and short screens the page scrolls rather than squeezing the board. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), stack);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (content), header);
  gtk_box_append (GTK_BOX (content), scrolled);
  adw_window_set_content (ADW_WINDOW (self), content);
  show_chooser (self);
  return GTK_WIDGET (self);
}
