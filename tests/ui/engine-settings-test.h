/* engine-settings-test.h: the settings of other engines in a test: every key of them back to its
 * default, and an engine added as Preferences adds one (verso-engine-settings.h). */
#pragma once

#include <gio/gio.h>

#include "check-glib.h"
#include "verso-engine-settings.h"

/* The settings with the engines, the choices of them and the game mode at their defaults. */
static inline GSettings *check_engine_settings_fresh (void)
{
  static const char *const keys[] = { "engines", "opponent", "black-engine", "white-engine",
                                      "hint-engine", "game-mode" };
  GSettings *settings = g_settings_new ("io.github.verso.Verso");

  for (gsize i = 0; i < G_N_ELEMENTS (keys); i++)
    g_settings_reset (settings, keys[i]);
  return settings;
}

/* Adds an engine as Preferences does, under its own name (the test gives each its own). */
static inline void check_engine_settings_add (GSettings *settings, const char *name, const char *command,
                                              int depth)
{
  g_autofree char *added = verso_engine_settings_add (settings, name, command, depth);

  CHECK_CMP_STR (added, ==, name);
}

/* Whether a change to settings reaches the backend at once, as before a batch of changes was
 * written: another object on the same settings sees it (a settings object left in GLib's
 * delay-apply mode would keep it to itself until its next apply). The key is put back. */
static inline void check_settings_write_through (GSettings *settings)
{
  g_autoptr (GSettings) other = g_settings_new ("io.github.verso.Verso");
  gboolean shown = g_settings_get_boolean (settings, "show-scores");

  g_settings_set_boolean (settings, "show-scores", !shown);
  CHECK (g_settings_get_boolean (other, "show-scores") == !shown);
  g_settings_set_boolean (settings, "show-scores", shown);
  CHECK (g_settings_get_boolean (other, "show-scores") == shown);
}
