/* fuzz-glib.h: for the harnesses of the game library (GLib): GLib's warnings and criticals
 * abort, so that libFuzzer counts them as findings; and the contract every reader of a game's
 * text keeps. */
#pragma once

#include <glib.h>
#include <stdbool.h>
#include <stdlib.h>

#include "check.h"
#include "verso-game.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);

/* Writes every message as GLib would, and aborts after a warning or a critical: libFuzzer catches
 * the abort, where GLib's own fatal messages end in a breakpoint trap that it does not catch. */
static GLogWriterOutput fuzz_abort_on_warnings (GLogLevelFlags level, const GLogField *fields,
                                                gsize n_fields, gpointer user_data)
{
  GLogWriterOutput output = g_log_writer_default (level, fields, n_fields, user_data);
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return output;
}

int LLVMFuzzerInitialize (int *argc, char ***argv)
{
  (void) argc;
  (void) argv;
  g_log_set_writer_func (fuzz_abort_on_warnings, NULL, NULL);
  return 0;
}

/* What a reader of a game's text gave, held to the readers' contract: nothing read (read false) is
 * a bad-file error with a message in UTF-8 and no notice; a game or record read comes with no
 * error, and with a notice only in UTF-8. Returns read. */
static inline bool fuzz_game_read (bool read, const GError *error, const char *notice)
{
  if (!read) {
    REQUIRE (g_error_matches (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE),
             "not a bad-file error: %s", error ? error->message : "(none)");
    REQUIRE (error->message[0] && g_utf8_validate (error->message, -1, NULL),
             "an empty message or one that is not UTF-8");
    REQUIRE (!notice, "a notice without a game: %s", notice);
    return false;
  }
  REQUIRE (!error, "read, with an error: %s", error->message);
  REQUIRE (!notice || g_utf8_validate (notice, -1, NULL), "a notice that is not UTF-8");
  return true;
}
