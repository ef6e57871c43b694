/* verso-settings-batch.c: several settings changed at once (see verso-settings-batch.h). */
#include "verso-settings-batch.h"

GSettings *verso_settings_batch (GSettings *settings)
{
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettingsBackend) backend = NULL;
  g_autofree char *path = NULL;
  GSettings *batch;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  g_object_get (settings, "settings-schema", &schema, "backend", &backend, "path", &path, NULL);
  batch = g_settings_new_full (schema, backend, path);
  g_settings_delay (batch);
  return batch;
}
