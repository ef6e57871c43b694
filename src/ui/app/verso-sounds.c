/* verso-sounds.c: plays the sounds made by tools/generate/sounds/make-sounds through GSound (libcanberra) when a
 * move is played, a player passes or the game ends; silent when the "sounds" setting is off. */
#include "config.h"

#include <gsound.h>
#if HAVE_ALSA
#include <alsa/asoundlib.h>
#endif

#include "verso-sounds.h"

/* The pass or end sound waits this long after the disc sound of the move that caused it, so the
 * two are heard one after the other rather than as one blurred noise. */
#define FOLLOW_DELAY_MS 160

typedef enum {
  SOUND_DISC,
  SOUND_PASS,
  SOUND_WIN,
  SOUND_LOSS,
  SOUND_DRAW,
  N_SOUNDS,
} Sound;

/* File stems (data/sounds/meson.build), also the names the debug output prints. */
static const char *const sound_names[N_SOUNDS] = { "disc", "pass", "win", "loss", "draw" };

struct _VersoSounds {
  GObject parent_instance;

  GSettings *settings;
  gboolean debug;           /* VERSO_DEBUG_SOUNDS: "sound: disc" on stderr for each sound */
  char *directory;

  VersoGame *game;
  GSignalGroup *game_signals;  /* "move-played", "changed", "pass" and "game-over" of game */
  /* The position a move just reached; any other change of the position shown (undo, redo,
   * navigation) resets it, so "game-over" reached by navigating makes no sound. */
  guint played_ply;
  gboolean played;
  Sound following;          /* the sound waiting FOLLOW_DELAY_MS after a disc */
  guint follow_source;
};

G_DEFINE_FINAL_TYPE (VersoSounds, verso_sounds, G_TYPE_OBJECT)

enum {
  SIGNAL_PLAYED,
  N_SIGNALS,
};
static guint signals[N_SIGNALS];

/* The process's sound output. One context, made at the first sound (so nothing connects while
 * sounds are off) and never destroyed: destroying a context unloads libcanberra's output driver
 * while a sound may still be playing in one of its threads, which then runs into unmapped code
 * (the sound test crashed so under ASan once). The first failure, to make the context or to
 * play a sound, leaves the rest of the session silent: without a sound device every sound fails
 * alike, after libcanberra has tried each of its outputs again. Main thread only. */
static struct {
  GSoundContext *context;
  gboolean silent;
} output;

#if HAVE_ALSA
/* alsa-lib writes its errors to stderr: without a sound device libcanberra's ALSA output made it
 * print eight lines for every sound. They go to the debug log instead, in a domain of their own
 * (G_MESSAGES_DEBUG=Verso-ALSA). Called from libcanberra's threads too. */
G_GNUC_PRINTF (5, 6)
static void alsa_error_to_debug (const char *file, int line, const char *function, int err,
                                 const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_log ("Verso-ALSA", G_LOG_LEVEL_DEBUG, "%s:%d (%s) %s%s%s", file ? file : "?", line,
         function ? function : "?", message, err ? ": " : "", err ? snd_strerror (err) : "");
}
#endif

static void sounds_fall_silent (const char *what, const GError *error)
{
  output.silent = TRUE;
  g_debug ("Sounds: %s: %s (no more sounds are played)", what, error->message);
}

/* The context to play in; NULL once the session is silent. */
static GSoundContext *sounds_context (void)
{
  g_autoptr (GError) error = NULL;

  if (output.silent)
    return NULL;
  if (output.context != NULL)
    return output.context;
#if HAVE_ALSA
  snd_lib_error_set_handler (alsa_error_to_debug);
#endif
  output.context = gsound_context_new (NULL, &error);
  if (output.context == NULL)
    sounds_fall_silent ("no sound context", error);
  return output.context;
}

static void sounds_play (VersoSounds *self, Sound sound)
{
  GSoundContext *context;
  g_autofree char *file_name = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;

  if (!g_settings_get_boolean (self->settings, "sounds"))
    return;
  if (self->debug)
    g_printerr ("sound: %s\n", sound_names[sound]);
  g_signal_emit (self, signals[SIGNAL_PLAYED], 0, sound_names[sound]);
  context = sounds_context ();
  if (context == NULL)
    return;
  file_name = g_strconcat (sound_names[sound], ".wav", NULL);
  path = g_build_filename (self->directory, file_name, NULL);
  if (!gsound_context_play_simple (context, NULL, &error,
                                   GSOUND_ATTR_MEDIA_FILENAME, path,
                                   GSOUND_ATTR_EVENT_ID, sound_names[sound],
                                   GSOUND_ATTR_MEDIA_ROLE, "event",
                                   NULL))
    sounds_fall_silent (path, error);
}

static void sounds_cancel_following (VersoSounds *self)
{
  g_clear_handle_id (&self->follow_source, g_source_remove);
}

static gboolean sounds_follow_timeout (gpointer user_data)
{
  VersoSounds *self = user_data;

  self->follow_source = 0;
  sounds_play (self, self->following);
  return G_SOURCE_REMOVE;
}

static void sounds_play_after_disc (VersoSounds *self, Sound sound)
{
  /* A move makes at most one pass or one end, so a sound still waiting belongs to an earlier
   * move: it plays now rather than being lost. */
  if (self->follow_source != 0) {
    sounds_cancel_following (self);
    sounds_play (self, self->following);
  }
  self->following = sound;
  self->follow_source = g_timeout_add (FOLLOW_DELAY_MS, sounds_follow_timeout, self);
}

static void on_move_played (VersoGame *game, int square, guint64 flips, VersoSounds *self)
{
  self->played = TRUE;
  self->played_ply = verso_game_get_ply (game);
  sounds_play (self, SOUND_DISC);
}

static void on_changed (VersoGame *game, VersoSounds *self)
{
  if (self->played && verso_game_get_ply (game) != self->played_ply)
    self->played = FALSE;
}

static void on_pass (VersoGame *game, int color, VersoSounds *self)
{
  sounds_play_after_disc (self, SOUND_PASS);
}

static Sound sounds_for_end (VersoGame *game)
{
  int winner = verso_game_get_winner (game);
  gboolean black_human = verso_game_get_player (game, VERSO_COLOR_BLACK) == VERSO_PLAYER_HUMAN;
  gboolean white_human = verso_game_get_player (game, VERSO_COLOR_WHITE) == VERSO_PLAYER_HUMAN;

  if (winner < 0)
    return SOUND_DRAW;
  /* One person against the computer hears their own result; otherwise someone won. */
  if (black_human != white_human) {
    VersoColor person = black_human ? VERSO_COLOR_BLACK : VERSO_COLOR_WHITE;
    return winner == (int) person ? SOUND_WIN : SOUND_LOSS;
  }
  return SOUND_WIN;
}

static void on_game_over (VersoGame *game, VersoSounds *self)
{
  if (!self->played || verso_game_get_ply (game) != self->played_ply)
    return;
  self->played = FALSE;  /* once per end */
  sounds_play_after_disc (self, sounds_for_end (game));
}

void verso_sounds_set_game (VersoSounds *self, VersoGame *game)
{
  g_return_if_fail (VERSO_IS_SOUNDS (self));

  if (self->game == game)
    return;
  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  sounds_cancel_following (self);
  self->played = FALSE;
}

static void verso_sounds_dispose (GObject *object)
{
  VersoSounds *self = VERSO_SOUNDS (object);

  verso_sounds_set_game (self, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (verso_sounds_parent_class)->dispose (object);
}

static void verso_sounds_finalize (GObject *object)
{
  VersoSounds *self = VERSO_SOUNDS (object);

  g_free (self->directory);
  G_OBJECT_CLASS (verso_sounds_parent_class)->finalize (object);
}

static void verso_sounds_class_init (VersoSoundsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = verso_sounds_dispose;
  object_class->finalize = verso_sounds_finalize;

  signals[SIGNAL_PLAYED] =
    g_signal_new ("played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void verso_sounds_init (VersoSounds *self)
{
  const char *debug = g_getenv ("VERSO_DEBUG_SOUNDS");
  const char *directory = g_getenv ("VERSO_SOUNDDIR");

  self->game_signals = g_signal_group_new (VERSO_TYPE_GAME);
  g_signal_group_connect (self->game_signals, "move-played", G_CALLBACK (on_move_played), self);
  g_signal_group_connect (self->game_signals, "changed", G_CALLBACK (on_changed), self);
  g_signal_group_connect (self->game_signals, "pass", G_CALLBACK (on_pass), self);
  g_signal_group_connect (self->game_signals, "game-over", G_CALLBACK (on_game_over), self);
  self->debug = debug != NULL && *debug != '\0' && g_strcmp0 (debug, "0") != 0;
  /* The build tree's sounds when run uninstalled (tests, tools/play), else the installed ones. */
  self->directory = g_strdup (directory != NULL && *directory != '\0' ? directory : SOUNDDIR);
}

VersoSounds *verso_sounds_new (GSettings *settings)
{
  VersoSounds *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  self = g_object_new (VERSO_TYPE_SOUNDS, NULL);
  self->settings = g_object_ref (settings);
  return self;
}
