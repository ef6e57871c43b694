/* verso-engine-settings.c: the "engines" key, a(ssi), read and written whole: it holds a handful
 * of engines, and one write keeps the names unique; "opponent", "black-engine", "white-engine"
 * and "hint-engine" name one. */
#include "verso-engine-settings.h"

#include "verso-settings-batch.h"

char **verso_engine_settings_dup_names (GSettings *settings)
{
  g_autoptr (GVariant) engines = NULL;
  g_autoptr (GStrvBuilder) names = g_strv_builder_new ();
  GVariantIter iter;
  const char *name;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  engines = g_settings_get_value (settings, "engines");
  g_variant_iter_init (&iter, engines);
  while (g_variant_iter_next (&iter, "(&s&si)", &name, NULL, NULL))
    g_strv_builder_add (names, name);
  return g_strv_builder_end (names);
}

gboolean verso_engine_settings_lookup (GSettings *settings, const char *name, char **command, int *depth)
{
  g_autoptr (GVariant) engines = NULL;
  GVariantIter iter;
  const char *each_name, *each_command;
  int each_depth;

  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  engines = g_settings_get_value (settings, "engines");
  g_variant_iter_init (&iter, engines);
  while (g_variant_iter_next (&iter, "(&s&si)", &each_name, &each_command, &each_depth)) {
    if (!g_str_equal (each_name, name))
      continue;
    if (command)
      *command = g_strdup (each_command);
    if (depth)
      *depth = each_depth;
    return TRUE;
  }
  return FALSE;
}

char *verso_engine_settings_add (GSettings *settings, const char *name, const char *command, int depth)
{
  g_autoptr (GVariant) engines = NULL;
  g_autofree char *unique = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  GVariant *engine;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (name != NULL && *name, NULL);
  g_return_val_if_fail (command != NULL && *command, NULL);
  g_return_val_if_fail (depth >= VERSO_ENGINE_DEPTH_MIN && depth <= VERSO_ENGINE_DEPTH_MAX, NULL);

  /* New Game lists the engines by name, so two may not share one: the same program added
   * twice, at two depths, is "Edax" and "Edax 2". */
  unique = g_strdup (name);
  for (int n = 2; verso_engine_settings_lookup (settings, unique, NULL, NULL); n++) {
    g_free (unique);
    unique = g_strdup_printf ("%s %d", name, n);
  }
  engines = g_settings_get_value (settings, "engines");
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(ssi)"));
  g_variant_iter_init (&iter, engines);
  while ((engine = g_variant_iter_next_value (&iter))) {
    g_variant_builder_add_value (&builder, engine);
    g_variant_unref (engine);
  }
  g_variant_builder_add (&builder, "(ssi)", unique, command, depth);
  g_settings_set_value (settings, "engines", g_variant_builder_end (&builder));
  return g_steal_pointer (&unique);
}

/* The keys that choose one of the engines by name: New Game's for the computer's players, and
 * who gives the hints. */
static const char *const choice_keys[] = { "opponent", "black-engine", "white-engine", "hint-engine" };

void verso_engine_settings_remove (GSettings *settings, const char *name)
{
  g_autoptr (GVariant) engines = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  GVariant *engine;

  g_return_if_fail (G_IS_SETTINGS (settings));
  g_return_if_fail (name != NULL);

  engines = g_settings_get_value (settings, "engines");
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(ssi)"));
  g_variant_iter_init (&iter, engines);
  while ((engine = g_variant_iter_next_value (&iter))) {
    const char *each_name;

    g_variant_get_child (engine, 0, "&s", &each_name);
    if (!g_str_equal (each_name, name))
      g_variant_builder_add_value (&builder, engine);
    g_variant_unref (engine);
  }
  g_autoptr (GSettings) batch = verso_settings_batch (settings);

  g_settings_set_value (batch, "engines", g_variant_builder_end (&builder));
  /* Whatever chose the engine goes back to Verso. */
  for (guint i = 0; i < G_N_ELEMENTS (choice_keys); i++) {
    g_autofree char *chosen = g_settings_get_string (settings, choice_keys[i]);

    if (g_str_equal (chosen, name))
      g_settings_set_string (batch, choice_keys[i], "");
  }
  g_settings_apply (batch);
}

/* The engine a key names: TRUE with its name, command and depth, FALSE for Verso (an empty name,
 * or one since removed). */
static gboolean chosen_engine (GSettings *settings, const char *key, char **name, char **command, int *depth)
{
  g_autofree char *chosen = NULL;
  int found_depth = 0;

  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);

  chosen = g_settings_get_string (settings, key);
  if (!*chosen || !verso_engine_settings_lookup (settings, chosen, command, &found_depth))
    return FALSE;
  /* A depth written in the key file by hand is brought into the range an engine is told. */
  if (depth)
    *depth = CLAMP (found_depth, VERSO_ENGINE_DEPTH_MIN, VERSO_ENGINE_DEPTH_MAX);
  if (name)
    *name = g_steal_pointer (&chosen);
  return TRUE;
}

const char *verso_engine_settings_key (VersoMode mode, VersoColor color)
{
  if (mode != VERSO_MODE_COMPUTER_ONLY)
    return "opponent";
  return color == VERSO_COLOR_WHITE ? "white-engine" : "black-engine";
}

gboolean verso_engine_settings_for (GSettings *settings, VersoColor color, char **name, char **command, int *depth)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), FALSE);
  g_return_val_if_fail (color == VERSO_COLOR_BLACK || color == VERSO_COLOR_WHITE, FALSE);

  return chosen_engine (settings, verso_engine_settings_key (g_settings_get_enum (settings, "game-mode"), color),
                        name, command, depth);
}

gboolean verso_engine_settings_hint_engine (GSettings *settings, char **name, char **command, int *depth)
{
  return chosen_engine (settings, "hint-engine", name, command, depth);
}
