/* fuzz-glib.h: for the harnesses of the game library (GLib): GLib's warnings and criticals
 * abort, so that libFuzzer counts them as findings. */
#pragma once

#include <glib.h>
#include <stdlib.h>

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
