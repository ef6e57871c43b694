/* verso-engine-settings.h: the other engines the person has added (the settings' "engines", each
 * a name, the command that starts it and its depth), those New Game chose ("opponent" against the
 * person, "black-engine" and "white-engine" when the computer plays itself) and the one that gives
 * the hints ("hint-engine"). */
#pragma once

#include <gio/gio.h>

#include "verso-game-types.h"

G_BEGIN_DECLS

/* The depths an engine may be told (`set depth`), and the one Preferences offers first. */
#define VERSO_ENGINE_DEPTH_MIN 1
#define VERSO_ENGINE_DEPTH_MAX 60
#define VERSO_ENGINE_DEPTH_DEFAULT 8

/* The engines' names, in the order they were added. Free with g_strfreev. */
char **verso_engine_settings_dup_names (GSettings *settings);
/* Whether an engine is called name, with its command (free with g_free) and depth; either may be
 * NULL. */
gboolean verso_engine_settings_lookup (GSettings *settings, const char *name, char **command, int *depth);
/* Adds an engine under name, or under "name 2", "name 3"... when that is taken; returns the
 * name it got. Free with g_free. */
char *verso_engine_settings_add (GSettings *settings, const char *name, const char *command, int depth);
/* Removes the engine called name; each of New Game's choices and the hints go back to Verso if
 * it was that one. */
void verso_engine_settings_remove (GSettings *settings, const char *name);
/* The key of New Game's choice of who plays color for the computer in mode: "black-engine" or
 * "white-engine" when the computer plays itself, else "opponent". */
const char *verso_engine_settings_key (VersoMode mode, VersoColor color);
/* The engine New Game chose to play color for the computer in the settings' "game-mode": TRUE
 * with its name, command and depth (free the strings with g_free; each may be NULL), FALSE for
 * Verso's own levels, or an engine since removed. */
gboolean verso_engine_settings_for (GSettings *settings, VersoColor color, char **name, char **command, int *depth);
/* The engine chosen to give the hints ("hint-engine"), as for New Game's choices; FALSE for
 * Verso's own hints. */
gboolean verso_engine_settings_hint_engine (GSettings *settings, char **name, char **command, int *depth);

G_END_DECLS
