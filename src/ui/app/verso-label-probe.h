/* verso-label-probe.h: with VERSO_DEBUG_LABELS set, logs every label the window shows cut short. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

void verso_label_probe_start (void);

G_END_DECLS
