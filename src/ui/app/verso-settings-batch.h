/* verso-settings-batch.h: several settings changed at once, as one write, without leaving the
 * window's settings object in GLib's delay-apply mode (which it never leaves: every later change
 * would then stay in memory until the next apply, unsaved, hiding the changes made outside). */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A new settings object on the same schema, path and backend as settings, in delay-apply mode:
 * set the keys on it, then g_settings_apply and unref it. */
GSettings *verso_settings_batch (GSettings *settings);

G_END_DECLS
