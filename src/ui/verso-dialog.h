/* verso-dialog.h: how the game shows its secondary windows (dialogs, preferences, shortcuts,
 * about) so that they behave the same with or without a window manager. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Shows window above parent (which may be NULL) as a window of parent's application, so the
 * application's shortcuts and the parent's game shortcuts work in it too. Closing it hides it
 * first and destroys it from the main loop afterwards, and gives the keyboard back to parent. */
void verso_dialog_present (GtkWindow *window, GtkWindow *parent);

/* Installs the application's log writer, which passes libadwaita's warning about measuring a
 * message dialog's heading (verso-dialog.c says why) to the debug log. Call once, first thing. */
void verso_dialog_set_up_log (void);

G_END_DECLS
