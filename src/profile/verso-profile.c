/* verso-profile.c: the person's statistics, rating and practice deck in one object the
 * application holds, the rule for when a finished game counts, the games kept in the game
 * library, and "changed" after each change made through it. */
#include "verso-profile.h"

#include <gio/gio.h>
#include <string.h>

#include "analysis.h"
#include "library.h"
#include "search.h"
#include "verso-kept-game.h"

struct _VersoProfile {
  GObject parent_instance;

  VersoStats *stats;  /* with the rating, in statistics.ini */
  VersoDeck *deck;    /* practice.ini */
  VersoOpeningProgress *openings; /* openings.ini */
  char *library_path; /* library.sqlite, opened when the first game is kept */
  Library *library;
};

G_DEFINE_FINAL_TYPE (VersoProfile, verso_profile, G_TYPE_OBJECT)

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

/* The game's facts. */

/* The smallest win, 33 to 31, given to the side whose opponent's time ran out when the discs
 * on the board did not already make it the winner. */
#define ON_TIME_MIN_DIFFERENCE 2

/* A game lost on time is lost by the side whose time ran out, whatever the discs say: the
 * difference is the discs' on the board (no empty squares to anyone: the game did not end)
 * when it favours the winner, else the smallest win. */
static int on_time_difference (int board_difference, gboolean person_won)
{
  if (person_won)
    return MAX (board_difference, ON_TIME_MIN_DIFFERENCE);
  return MIN (board_difference, -ON_TIME_MIN_DIFFERENCE);
}

void verso_finished_game_init (VersoFinishedGame *finished, VersoGame *game)
{
  VersoColor person = VERSO_COLOR_BLACK;
  VersoColor loser;

  g_return_if_fail (finished != NULL);
  g_return_if_fail (VERSO_IS_GAME (game) && verso_game_is_over (game));

  memset (finished, 0, sizeof *finished);
  finished->mode = verso_game_get_mode (game);
  if (finished->mode == VERSO_MODE_VERSUS_COMPUTER
      && verso_game_get_player (game, VERSO_COLOR_BLACK) != VERSO_PLAYER_HUMAN)
    person = VERSO_COLOR_WHITE;
  finished->rules = verso_game_get_rules (game);
  finished->level = verso_game_get_level_for (game, verso_color_other (person));
  finished->matched = verso_game_get_level_mix (game, &finished->mix);
  finished->against_engine = verso_game_get_engine_for (game, verso_color_other (person), NULL, NULL, NULL);
  finished->disc_difference = verso_game_get_final_score (game, person);
  if (verso_game_lost_on_time (game, &loser)) {
    int discs = verso_game_count (game, person) - verso_game_count (game, verso_color_other (person));

    finished->disc_difference = on_time_difference (rules_final_score (finished->rules, discs), loser != person);
  }
}

gboolean verso_finished_game_counts (const VersoFinishedGame *finished)
{
  g_return_val_if_fail (finished != NULL, FALSE);

  /* The statistics and the rating are of Verso's levels: a game against another engine has none. */
  return finished->mode == VERSO_MODE_VERSUS_COMPUTER && !finished->over_when_given
         && !finished->counted && !finished->against_engine;
}

/* The object. */

static void verso_profile_dispose (GObject *object)
{
  VersoProfile *self = VERSO_PROFILE (object);

  g_clear_object (&self->stats);
  g_clear_object (&self->deck);
  g_clear_object (&self->openings);
  g_clear_pointer (&self->library, library_close);
  G_OBJECT_CLASS (verso_profile_parent_class)->dispose (object);
}

static void verso_profile_finalize (GObject *object)
{
  VersoProfile *self = VERSO_PROFILE (object);

  g_free (self->library_path);
  G_OBJECT_CLASS (verso_profile_parent_class)->finalize (object);
}

static void verso_profile_class_init (VersoProfileClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = verso_profile_dispose;
  G_OBJECT_CLASS (klass)->finalize = verso_profile_finalize;

  /* A game was counted or kept, the statistics were reset, the deck changed (a card joined,
   * was updated or answered), or a line of the opening trainer was counted. */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void verso_profile_init (VersoProfile *self)
{
}

VersoProfile *verso_profile_new (const char *folder)
{
  VersoProfile *self = g_object_new (VERSO_TYPE_PROFILE, NULL);
  /* NULL paths: the files' own default, "verso/NAME" in the user's data folder. */
  g_autofree char *stats_path = folder ? g_build_filename (folder, "statistics.ini", NULL) : NULL;
  g_autofree char *deck_path = folder ? g_build_filename (folder, "practice.ini", NULL) : NULL;
  g_autofree char *openings_path = folder ? g_build_filename (folder, "openings.ini", NULL) : NULL;

  char library_path[4096];

  self->stats = verso_stats_new (stats_path);
  self->deck = verso_deck_new (deck_path);
  self->openings = verso_opening_progress_new (openings_path);
  if (folder)
    self->library_path = g_build_filename (folder, "library.sqlite", NULL);
  else if (library_default_path (library_path, sizeof library_path))
    self->library_path = g_strdup (library_path);
  return self;
}

VersoStats *verso_profile_get_stats (VersoProfile *self)
{
  g_return_val_if_fail (VERSO_IS_PROFILE (self), NULL);
  return self->stats;
}

VersoDeck *verso_profile_get_deck (VersoProfile *self)
{
  g_return_val_if_fail (VERSO_IS_PROFILE (self), NULL);
  return self->deck;
}

/* Changes. */

VersoGameCount verso_profile_record_game (VersoProfile *self, const VersoFinishedGame *finished,
                                          gint64 now, GError **error)
{
  g_return_val_if_fail (VERSO_IS_PROFILE (self), VERSO_GAME_NOT_COUNTED);
  g_return_val_if_fail (finished != NULL, VERSO_GAME_NOT_COUNTED);
  g_return_val_if_fail (error == NULL || *error == NULL, VERSO_GAME_NOT_COUNTED);

  if (!verso_finished_game_counts (finished))
    return VERSO_GAME_NOT_COUNTED;
  verso_stats_add_rated (self->stats, finished->rules, finished->level,
                         finished->matched ? &finished->mix : NULL, finished->disc_difference, now,
                         error);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return verso_stats_get_last_rating_change (self->stats, NULL, NULL) ? VERSO_GAME_RATED
                                                                      : VERSO_GAME_COUNTED;
}

gboolean verso_profile_reset_statistics (VersoProfile *self, GError **error)
{
  gboolean saved;

  g_return_val_if_fail (VERSO_IS_PROFILE (self), FALSE);

  saved = verso_stats_reset (self->stats, error);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return saved;
}

VersoDeckChange verso_profile_add_mistake (VersoProfile *self, VersoGame *game, guint ply,
                                           gint64 now, GError **error)
{
  VersoDeckChange change;

  g_return_val_if_fail (VERSO_IS_PROFILE (self), VERSO_DECK_UNCHANGED);

  change = verso_deck_add_move (self->deck, game, ply, now, error);
  if (change != VERSO_DECK_UNCHANGED)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return change;
}

VersoOpeningProgress *verso_profile_get_opening_progress (VersoProfile *self)
{
  g_return_val_if_fail (VERSO_IS_PROFILE (self), NULL);
  return self->openings;
}

gboolean verso_profile_add_opening_line (VersoProfile *self, const char *opening, int colour,
                                         gboolean clean, gint64 now, GError **error)
{
  gboolean saved;

  g_return_val_if_fail (VERSO_IS_PROFILE (self), FALSE);

  /* Counted in memory even when the file could not be written: "changed" either way. */
  saved = verso_opening_progress_add (self->openings, opening, colour, clean, now, error);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return saved;
}

int verso_profile_answer_card (VersoProfile *self, const Position *position, int move, gint64 now,
                               GError **error)
{
  int loss;

  g_return_val_if_fail (VERSO_IS_PROFILE (self), -1);

  loss = verso_deck_answer (self->deck, position, move, now, error);
  if (loss >= 0)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return loss;
}

Library *verso_profile_get_library (VersoProfile *self, char **notice, GError **error)
{
  char set_aside[1024] = "", message[512] = "";

  g_return_val_if_fail (VERSO_IS_PROFILE (self), NULL);
  g_return_val_if_fail (notice == NULL || *notice == NULL, NULL);

  if (self->library)
    return self->library;
  if (!self->library_path) {
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                         "no folder for the game library (neither XDG_DATA_HOME nor HOME is set)");
    return NULL;
  }
  self->library = library_open (self->library_path, set_aside, sizeof set_aside, message,
                                sizeof message);
  if (!self->library) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", self->library_path, message);
    return NULL;
  }
  if (set_aside[0] && notice)
    *notice = g_strdup (set_aside);
  return self->library;
}

gint64 verso_profile_now (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

gboolean verso_profile_keep_game (VersoProfile *self, VersoGame *game, char **notice,
                                  GError **error)
{
  g_autofree LibraryGame *kept = g_new (LibraryGame, 1);
  g_autofree char *record = NULL, *clock = NULL;
  Library *library;

  g_return_val_if_fail (VERSO_IS_PROFILE (self), FALSE);
  g_return_val_if_fail (VERSO_IS_GAME (game), FALSE);
  g_return_val_if_fail (notice == NULL || *notice == NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!(library = verso_profile_get_library (self, notice, error)))
    return FALSE;
  if (!verso_kept_game_fill (kept, game, &record, &clock)) {
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "the game's record does not read back");
    return FALSE;
  }
  if (library_add (library, kept, NULL) < 0) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", self->library_path,
                 library_error (library));
    return FALSE;
  }
  /* What shows the person's games (Statistics' openings) follows. */
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

const char *verso_profile_get_library_path (VersoProfile *self)
{
  g_return_val_if_fail (VERSO_IS_PROFILE (self), NULL);
  return self->library_path;
}

/* A mistake made elsewhere than in a game: the position analysed in a worker thread, the card
 * added on the main thread when it is done. The task holds the profile. */

/* The table of a mistake's analysis: its few searches need little. */
#define MISTAKE_HASH_BYTES ((size_t) 16 << 20)

typedef struct {
  Position position;
  int played;
  int depth;
  gint64 now;
  Analysis analysis;
} MistakeJob;

static void analyse_mistake (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  MistakeJob *job = data;
  Search *search = search_new (MISTAKE_HASH_BYTES);
  SearchLimits limits = search_limits_default ();

  if (!search) {
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "out of memory for the analysis");
    return;
  }
  limits.max_depth = job->depth;
  analysis_run (search, &job->position.board, &limits, NULL, NULL, &job->analysis);
  search_free (search);
  g_task_return_boolean (task, TRUE);
}

static void mistake_analysed (GObject *source, GAsyncResult *result, gpointer data)
{
  VersoProfile *self = VERSO_PROFILE (source);
  MistakeJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  if (g_task_propagate_boolean (G_TASK (result), &error)
      && verso_deck_add_analysis (self->deck, &job->position, job->played, &job->analysis, job->now,
                                  &error) != VERSO_DECK_UNCHANGED)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  if (error)
    g_message ("A mistake of the opening trainer did not join the practice deck: %s", error->message);
}

void verso_profile_add_position_mistake (VersoProfile *self, const Position *position, int played,
                                         int depth, gint64 now)
{
  g_autoptr (GTask) task = NULL;
  MistakeJob *job;

  g_return_if_fail (VERSO_IS_PROFILE (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (depth >= 1 && depth <= 60);

  job = g_new0 (MistakeJob, 1);
  job->position = *position;
  job->played = played;
  job->depth = depth;
  job->now = now;
  task = g_task_new (self, NULL, mistake_analysed, NULL);
  g_task_set_task_data (task, job, g_free);
  g_task_run_in_thread (task, analyse_mistake);
}
