/* verso-opening-progress.h: the person's progress in the opening trainer, per opening and
 * colour: the lines tried, those played without a mistake and when last, kept in a key file in
 * the user data directory (openings.ini) and written atomically after every line. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The keys of the book's main lines from the start and of the lines of the person's own games
 * (the trainer answering as their opponents did), beside the named openings' names. */
#define VERSO_OPENING_MAIN_LINES "main-lines"
#define VERSO_OPENING_YOUR_GAMES "your-games"

typedef struct {
  guint tried;   /* lines played to their end */
  guint clean;   /* of them, played without a mistake */
  gint64 last;   /* when the last one ended, seconds since 1970; 0 for never */
} VersoOpeningRecord;

#define VERSO_TYPE_OPENING_PROGRESS (verso_opening_progress_get_type ())
G_DECLARE_FINAL_TYPE (VersoOpeningProgress, verso_opening_progress, VERSO, OPENING_PROGRESS, GObject)

/* Reads the progress from path (NULL: "verso/openings.ini" in g_get_user_data_dir ()). A missing
 * file is nothing yet; a damaged one is warned about and what reads is kept, the file kept aside
 * as "openings.ini.damaged" before it is next written (verso-keyfile.h). */
VersoOpeningProgress *verso_opening_progress_new (const char *path);

/* The record of opening (a named opening's name, VERSO_OPENING_MAIN_LINES or VERSO_OPENING_YOUR_GAMES) played as colour
 * (POSITION_BLACK or POSITION_WHITE); zeros when none was played. */
VersoOpeningRecord verso_opening_progress_get (VersoOpeningProgress *progress, const char *opening,
                                               int colour);
/* Counts a line of opening played as colour to its end at now, clean when it had no mistake, and
 * saves. FALSE with error when the file could not be written (the count stays in memory). */
gboolean verso_opening_progress_add (VersoOpeningProgress *progress, const char *opening, int colour,
                                     gboolean clean, gint64 now, GError **error);

G_END_DECLS
