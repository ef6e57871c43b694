/* verso-window-game-over.c: the end of a game: the dialog with the result, the rating's change and
 * the coach's summary, the game's count in the statistics, the game kept in the library when it
 * ends or is left, and the statistics dialog. */
#include "verso-window-private.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "verso-dialog.h"
#include "verso-game-analysis.h"
#include "verso-stats-dialog.h"

static void start_new_game_confirmed (VersoWindow *self, gpointer data)
{
  verso_window_start_new_game (self);
}

static void on_game_over_response (AdwMessageDialog *dialog, const char *response, VersoWindow *self)
{
  if (g_strcmp0 (response, "new-game") == 0)
    window_files_confirm (self, start_new_game_confirmed, NULL, NULL);
}

/* The game is counted when the profile's rule says it counts (verso_finished_game_counts); the
 * window knows what the game cannot: whether it was over when it came, and whether it was
 * counted when it first ended. */
static void count_result (VersoWindow *self)
{
  g_autoptr (GError) error = NULL;
  VersoFinishedGame finished;
  VersoGameCount count;

  verso_finished_game_init (&finished, self->game);
  finished.over_when_given = self->game_over_when_given;
  finished.counted = self->game_counted;
  count = verso_profile_record_game (self->profile, &finished, verso_profile_now (), &error);
  if (count == VERSO_GAME_NOT_COUNTED)
    return;
  self->game_counted = TRUE;
  self->game_rated = count == VERSO_GAME_RATED;
  if (error) {
    /* Translators: a message when the statistics file could not be written; the reason follows */
    g_autofree char *text = g_strdup_printf (_("The statistics could not be saved: %s"), error->message);

    g_message ("%s", text);
    verso_window_show_toast (self, text);
  }
}

/* Every game played here is kept in the library (verso_profile_keep_game) when it ends, and when
 * it is left unfinished for another: not a record read from a file (unless played on from it),
 * nor a game already over when it came, nor one without a move of its players. */
static void keep_game (VersoWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL;

  if (!verso_profile_keep_game (self->profile, self->game, &notice, &error)) {
    /* Translators: a message when a game could not be stored in the game library; the reason follows */
    g_autofree char *text = g_strdup_printf (_("The game could not be kept in the library: %s"), error->message);

    g_message ("%s", text);
    verso_window_show_toast (self, text);
  }
  if (notice) {
    /* Translators: a message when the game library's file was damaged or written by a newer
     * Verso: it was renamed and a new library begun; the file's name and what was wrong follow */
    g_autofree char *text = g_strdup_printf (_("The game library could not be read and was set aside: %s"), notice);

    g_message ("%s", text);
    verso_window_show_toast (self, text);
  }
  self->game_kept = TRUE;
}

static gboolean game_played_here (VersoWindow *self)
{
  return !self->game_over_when_given && !verso_game_is_record (self->game)
         && verso_game_get_length (self->game) > verso_game_get_given_moves (self->game);
}

void window_keep_game_left (VersoWindow *self)
{
  if (self->game && !self->game_kept && !verso_game_is_over (self->game) && game_played_here (self))
    keep_game (self);
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
      g_string_append (text, "\n\n");
    if (two_players)
      /* Translators: the coach's summary of one colour's moves at the end of a game, e.g.
       * "Black: 1 blunder, 3 mistakes" with more lines after it */
      g_string_append_printf (text, color == VERSO_COLOR_BLACK ? _("Black: %s") : _("White: %s"), line);
    else
      /* Translators: the coach's summary of the person's moves at the end of a game against the
       * computer, e.g. "Your moves: 1 blunder, 3 mistakes" with more lines after it */
      g_string_append_printf (text, _("Your moves: %s"), line);
  }
  if (text->len == 0) {
    g_string_free (text, TRUE);
    return NULL;
  }
  return g_string_free (text, FALSE);
}

/* The rating after the game just counted, with its change: "Your rating: 1180 (+24)"; NULL when
 * the game was not rated (verso_profile_record_game says which are). */
static char *rating_change_text (VersoWindow *self)
{
  Rating after;
  double change;
  long rounded;

  if (!self->game_rated
      || !verso_stats_get_last_rating_change (verso_profile_get_stats (self->profile), &after, &change))
    return NULL;
  rounded = lround (change);
  /* Translators: the rating after a game and its change, e.g. "Your rating: 1180 (+24)"; the
   * change has its sign (a true minus sign when it fell) */
  return g_strdup_printf (_("Your rating: %.0f (%s%ld)"), after.value,
                          rounded > 0 ? "+" : rounded < 0 ? "−" : "±", labs (rounded));
}

/* The result, the rating's change and the coach's summary under it. */
static char *game_over_body (VersoWindow *self)
{
  g_autofree char *result = window_result_text (self);
  g_autofree char *rating = rating_change_text (self);
  g_autofree char *summary = coach_summary_text (self);
  GString *body = g_string_new (result);

  if (rating)
    g_string_append_printf (body, "\n%s", rating);
  if (summary)
    g_string_append_printf (body, "\n\n%s", summary);
  return g_string_free (body, FALSE);
}

static void on_game_over (VersoGame *game, VersoWindow *self)
{
  g_autofree char *body = NULL;
  const char *heading;
  int winner = verso_game_get_winner (game);
  GtkWidget *dialog;

  /* Counted first: the text says how the game changed the rating. */
  count_result (self);
  /* Kept at its first end, as it is counted: an end reached again after undo is the same game. */
  if (game_played_here (self) && !self->game_kept)
    keep_game (self);
  body = game_over_body (self);
  /* A record's end is reviewed, not announced: the status line gives its result. */
  if (self->game_over_dialog || verso_game_is_record (game))
    return;
  if (winner < 0)
    heading = _("Draw");
  else
    heading = window_player_words (self, winner, _("You Win!"), _("You Lose"), _("Black Wins"), _("White Wins"));

  dialog = verso_dialog_new_question (GTK_WINDOW (self), heading, body, "close", _("_Close"), "new-game", _("_New Game"),
                                      ADW_RESPONSE_SUGGESTED);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_game_over_response), self, 0);
  g_set_weak_pointer (&self->game_over_dialog, dialog);
  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

/* The last move's grade may come after the game is over: the dialog then shows it. */
static void on_move_scored (VersoGame *game, guint ply, VersoWindow *self)
{
  if (self->game_over_dialog && verso_game_is_over (game)) {
    g_autofree char *body = game_over_body (self);
    adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (self->game_over_dialog), body);
  }
}

static void statistics_activated (GtkWidget *widget, const char *action, GVariant *parameter)
{
  VersoWindow *self = VERSO_WINDOW (widget);

  GtkWidget *dialog = verso_stats_dialog_new (GTK_WINDOW (self), self->profile);

  verso_dialog_present (GTK_WINDOW (dialog), GTK_WINDOW (self));
}

void window_game_over_init (VersoWindow *self)
{
  g_signal_group_connect (self->game_signals, "game-over", G_CALLBACK (on_game_over), self);
  g_signal_group_connect (self->game_signals, "move-scored", G_CALLBACK (on_move_scored), self);
}

void window_game_over_watch_game (VersoWindow *self)
{
  /* A game already over when it comes (opened, set up) is not a result of play. */
  self->game_over_when_given = verso_game_is_over (self->game);
  self->game_counted = FALSE;
  self->game_rated = FALSE;
  self->game_kept = FALSE;
}

void window_game_over_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.statistics", NULL, statistics_activated);
}
