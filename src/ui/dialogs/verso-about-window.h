/* verso-about-window.h: the About window: version, credits, translators, licence, release notes. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

GtkWidget *verso_about_window_new (GtkWindow *parent);

G_END_DECLS
