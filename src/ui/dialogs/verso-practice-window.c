/* verso-practice-window.c: the Practise window: a due card's position on a board of its own (a
 * private game between people, so no computer moves), the person's answer graded in discs from
 * the card's scores without a new search, the best line as text and the scores on the board,
 * then Next (Enter); an empty state saying when the next card is due. */
#include "verso-practice-window.h"

#include <glib/gi18n.h>
#include <string.h>

#include "notation.h"
#include "verso-board-view.h"
#include "verso-dialog.h"
#include "verso-game-analysis.h"

struct _VersoPracticeWindow {
  AdwWindow parent_instance;

  VersoProfile *profile;
  VersoDeck *deck;          /* the profile's */
  VersoGame *game;          /* the card's position */
  Position position;
  gboolean answered;

  GtkStack *stack;
  AdwStatusPage *empty_page;
  GtkLabel *prompt_label;
  VersoBoardView *board_view;
  GtkLabel *verdict_label;
  GtkLabel *line_label;
  GtkWidget *next_button;
};

G_DEFINE_FINAL_TYPE (VersoPracticeWindow, verso_practice_window, ADW_TYPE_WINDOW)

static const char *square_name (int move, char name[3])
{
  notation_format_square (move, name);
  return name;
}

char *verso_practice_describe_wait (gint64 seconds)
{
  gint64 minutes = MAX ((seconds + 59) / 60, 1);

  if (minutes < 60)
    /* Translators: when the next practice card is due */
    return g_strdup_printf (g_dngettext (NULL, "in %d minute", "in %d minutes", (gulong) minutes), (int) minutes);
  if (minutes < 24 * 60)
    /* Translators: when the next practice card is due */
    return g_strdup_printf (g_dngettext (NULL, "in %d hour", "in %d hours", (gulong) (minutes / 60)),
                            (int) (minutes / 60));
  /* Translators: when the next practice card is due */
  return g_strdup_printf (g_dngettext (NULL, "in %d day", "in %d days", (gulong) ((minutes + 12 * 60) / (24 * 60))),
                          (int) ((minutes + 12 * 60) / (24 * 60)));
}

/* No card due: how many there are and when the next one is due. */
static void show_empty (VersoPracticeWindow *self)
{
  guint cards = verso_deck_get_size (self->deck);
  g_autofree char *wait = NULL;
  g_autofree char *text = NULL;

  if (cards == 0) {
    adw_status_page_set_title (self->empty_page, _("Your Deck Is Empty"));
    adw_status_page_set_description (self->empty_page,
                                     _("The moves the coach grades a mistake or a blunder in your games against the computer join your deck, to practise here."));
  } else {
    wait = verso_practice_describe_wait (verso_deck_get_next_due_time (self->deck) - verso_profile_now ());
    adw_status_page_set_title (self->empty_page, _("Nothing to Practise Now"));
    /* Translators: the empty state of Practise: "%u positions" is how many cards, "%s" when the
     * next is due ("in 3 days") */
    text = g_strdup_printf (g_dngettext (NULL, "Your deck holds %u position. The next one is due %s.",
                                         "Your deck holds %u positions. The next one is due %s.", cards),
                            cards, wait);
    adw_status_page_set_description (self->empty_page, text);
  }
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

static void show_card (VersoPracticeWindow *self, const VersoDeckCard *card)
{
  g_autoptr (VersoGame) game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                                             LEVEL_BEGINNER, &card->position);
  char played[3];
  /* Translators: the task of a practice card: the move played in a game and the discs it lost */
  g_autofree char *prompt = g_strdup_printf (g_dngettext (NULL, "Find the best move. You played %s here and lost %d disc.",
                                                          "Find the best move. You played %s here and lost %d discs.",
                                                          (gulong) verso_deck_card_loss (card, card->played)),
                                             square_name (card->played, played),
                                             verso_deck_card_loss (card, card->played));

  self->position = card->position;
  self->answered = FALSE;
  g_set_object (&self->game, game);
  verso_board_view_set_scores (self->board_view, NULL);
  verso_board_view_set_hint (self->board_view, -1);
  verso_board_view_set_game (self->board_view, game);
  gtk_label_set_text (self->prompt_label, prompt);
  gtk_label_set_text (self->verdict_label, "");
  gtk_label_set_text (self->line_label, "");
  gtk_widget_set_sensitive (self->next_button, FALSE);
  gtk_stack_set_visible_child_name (self->stack, "card");
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  verso_board_view_show_cursor (self->board_view);
}

static void show_next (VersoPracticeWindow *self)
{
  const VersoDeckCard *card = verso_deck_next_due (self->deck, verso_profile_now ());

  if (card)
    show_card (self, card);
  else
    show_empty (self);
}

/* The verdict on an answer: "Best move! d3, +6" or "c4: −2, 8 discs worse than d3 (+6)". */
static char *verdict_text (const VersoDeckCard *card, int move)
{
  int best_score = 0, score = 0;
  char name[3], best_name[3];
  g_autofree char *best_text = NULL;
  g_autofree char *score_text = NULL;
  int loss = verso_deck_card_loss (card, move);

  verso_deck_card_score (card, card->best, &best_score);
  verso_deck_card_score (card, move, &score);
  best_text = verso_format_score (best_score);
  score_text = verso_format_score (score);
  if (loss == 0)
    /* Translators: a practice answer that is the best move, with its score, e.g. "Best move! d3, +6" */
    return g_strdup_printf (_("Best move! %s, %s"), square_name (move, name), score_text);
  /* Translators: a practice answer that is not the best: the move and its score, the discs it
   * loses, the best move and its score, e.g. "c4: −2, 8 discs worse than d3 (+6)" */
  return g_strdup_printf (g_dngettext (NULL, "%s: %s, %d disc worse than %s (%s)", "%s: %s, %d discs worse than %s (%s)",
                                       (gulong) loss),
                          square_name (move, name), score_text, loss, square_name (card->best, best_name), best_text);
}

static char *line_text (const VersoDeckCard *card)
{
  GString *moves = g_string_new (NULL);

  for (int i = 0; i < card->line_length; i++) {
    char name[3];
    if (i)
      g_string_append_c (moves, ' ');
    /* Translators: a pass in a line of moves */
    g_string_append (moves, card->line[i] == BOARD_PASS ? _("pass") : square_name (card->line[i], name));
  }
  {
    /* Translators: the engine's line after the best move of a practice card, e.g. "Best line: d3 c3 c4" */
    char *text = g_strdup_printf (_("Best line: %s"), moves->str);
    g_string_free (moves, TRUE);
    return text;
  }
}

/* The card's scores on the board, the best one with its line, as the main window shows them. */
static void show_scores (VersoPracticeWindow *self, const VersoDeckCard *card)
{
  Analysis analysis = { 0 };

  analysis.count = card->n_moves;
  analysis.depth = 1;
  for (int i = 0; i < card->n_moves; i++) {
    AnalysisMove *move = &analysis.moves[i];
    move->move = card->moves[i];
    move->score = card->scores[i];
    move->depth = 1;
    if (move->move == card->best) {
      memcpy (move->pv, card->line, sizeof move->pv);
      move->pv_length = card->line_length;
    }
  }
  verso_board_view_set_scores (self->board_view, &analysis);
  verso_board_view_set_hint (self->board_view, card->best);
}

static void answer (VersoPracticeWindow *self, int move)
{
  g_autoptr (GError) error = NULL;
  const VersoDeckCard *card = verso_deck_find (self->deck, &self->position);
  g_autofree char *verdict = NULL;
  g_autofree char *line = NULL;
  g_autofree char *wait = NULL;
  g_autofree char *when = NULL;
  int loss;

  if (!card || (loss = verso_profile_answer_card (self->profile, &self->position, move, verso_profile_now (), &error)) < 0) {
    verso_board_view_flash_square (self->board_view, move);
    return;
  }
  self->answered = TRUE;
  verdict = verdict_text (card, move);
  wait = verso_practice_describe_wait (card->interval);
  if (loss <= VERSO_DECK_SUCCESS_LOSS)
    /* Translators: after a practice answer that counts as found; %s is when the card is due again ("in 3 days") */
    when = g_strdup_printf (_("Found. This position comes back %s."), wait);
  else
    /* Translators: after a practice answer that counts as missed; %s is when the card is due again ("in 10 minutes") */
    when = g_strdup_printf (_("Missed. This position comes back %s."), wait);
  line = line_text (card);
  gtk_label_set_text (self->verdict_label, verdict);
  {
    g_autofree char *text = g_strdup_printf ("%s\n%s", when, line);
    g_free (line);
    line = g_steal_pointer (&text);
  }
  if (error) {
    /* Translators: the practice deck's file could not be written; the reason follows */
    g_autofree char *failed = g_strdup_printf (_("The practice deck could not be saved: %s"), error->message);
    g_message ("%s", failed);
    g_free (line);
    line = g_strdup (failed);
  }
  gtk_label_set_text (self->line_label, line);
  show_scores (self, card);
  gtk_widget_set_sensitive (self->next_button, TRUE);
  gtk_widget_grab_focus (self->next_button);
}

static void on_square_activated (VersoBoardView *view, int square, VersoPracticeWindow *self)
{
  if (self->answered)
    return;
  if (!(verso_game_get_legal_moves (self->game) & board_bit (square))) {
    verso_board_view_flash_square (self->board_view, square);
    return;
  }
  answer (self, square);
}

static void on_next_clicked (VersoPracticeWindow *self)
{
  show_next (self);
}

static void verso_practice_window_dispose (GObject *object)
{
  VersoPracticeWindow *self = VERSO_PRACTICE_WINDOW (object);

  if (self->board_view)
    verso_board_view_set_game (self->board_view, NULL);
  g_clear_object (&self->game);
  self->deck = NULL;
  g_clear_object (&self->profile);
  G_OBJECT_CLASS (verso_practice_window_parent_class)->dispose (object);
}

static void verso_practice_window_class_init (VersoPracticeWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = verso_practice_window_dispose;
  gtk_widget_class_add_binding_action (GTK_WIDGET_CLASS (klass), GDK_KEY_Escape, 0, "window.close", NULL);
}

static GtkWidget *card_page_new (VersoPracticeWindow *self)
{
  GtkWidget *box = verso_dialog_task_page_new ();
  /* Translators: the accessible name of the board in Practise */
  GtkWidget *board = verso_board_view_new_for_task (_("Practice board"));

  self->prompt_label = GTK_LABEL (verso_dialog_label_new ("heading"));
  self->board_view = VERSO_BOARD_VIEW (board);
  g_signal_connect (board, "square-activated", G_CALLBACK (on_square_activated), self);
  self->verdict_label = GTK_LABEL (verso_dialog_label_new ("title-4"));
  self->line_label = GTK_LABEL (verso_dialog_label_new ("dim-label"));
  /* Translators: the button that shows the next practice position */
  self->next_button = gtk_button_new_with_mnemonic (_("_Next"));
  gtk_widget_add_css_class (self->next_button, "suggested-action");
  gtk_widget_add_css_class (self->next_button, "pill");
  gtk_widget_set_halign (self->next_button, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (self->next_button, "clicked", G_CALLBACK (on_next_clicked), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->prompt_label));
  gtk_box_append (GTK_BOX (box), board);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->verdict_label));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->line_label));
  gtk_box_append (GTK_BOX (box), self->next_button);
  /* No "described by" relation to the prompt: GTK 4.18 lets it replace the board's own
   * description (the discs, whose turn, the square under the cursor), which is the board. */
  return box;
}

static void verso_practice_window_init (VersoPracticeWindow *self)
{
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *empty = adw_status_page_new ();
  GtkWidget *stack = gtk_stack_new ();

  /* Translators: the title of the Practise window */
  gtk_window_set_title (GTK_WINDOW (self), _("Practise"));
  gtk_window_set_default_size (GTK_WINDOW (self), 480, 640);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  self->stack = GTK_STACK (stack);
  self->empty_page = ADW_STATUS_PAGE (empty);
  adw_status_page_set_icon_name (self->empty_page, "object-select-symbolic");
  gtk_stack_add_named (self->stack, card_page_new (self), "card");
  gtk_stack_add_named (self->stack, empty, "empty");
  gtk_widget_set_vexpand (stack, TRUE);
  gtk_box_append (GTK_BOX (content), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (content), stack);
  adw_window_set_content (ADW_WINDOW (self), content);
}

GtkWidget *verso_practice_window_new (GtkWindow *parent, VersoProfile *profile)
{
  VersoPracticeWindow *self;

  g_return_val_if_fail (VERSO_IS_PROFILE (profile), NULL);

  self = g_object_new (VERSO_TYPE_PRACTICE_WINDOW, "transient-for", parent, NULL);
  self->profile = g_object_ref (profile);
  self->deck = verso_profile_get_deck (profile);
  show_next (self);
  return GTK_WIDGET (self);
}
