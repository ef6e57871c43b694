/* verso-dialog.h: how the game shows its secondary windows (dialogs, preferences, shortcuts,
 * about) so that they behave the same with or without a window manager. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Shows window above parent (which may be NULL) as a window of parent's application, so the
 * application's shortcuts and the parent's game shortcuts work in it too. Closing it hides it
 * first and destroys it from the main loop afterwards, and gives the keyboard back to parent. */
void verso_dialog_present (GtkWindow *window, GtkWindow *parent);

/* A question over parent with two answers: cancel_id (what closing the dialog answers) and
 * action_id, drawn with appearance; Enter gives the action when it is the suggested one, else
 * the cancel. The caller connects "response" and presents it. */
GtkWidget *verso_dialog_new_question (GtkWindow *parent, const char *heading, const char *body,
                                      const char *cancel_id, const char *cancel_label,
                                      const char *action_id, const char *action_label,
                                      AdwResponseAppearance appearance);

/* A modal file chooser over parent (or none) with Cancel and accept_label, kept in *kept in
 * place of the last one, which is destroyed: dropping a chooser inside its own "response" signal
 * is not safe, so each is kept until the next one, or until its owner goes and calls
 * verso_dialog_clear_chooser. The chooser is *kept's; the caller shows it. */
GtkFileChooserNative *verso_dialog_new_file_chooser (GtkNativeDialog **kept, GtkWindow *parent,
                                                     const char *title, GtkFileChooserAction action,
                                                     const char *accept_label);

/* Destroys the chooser kept in *kept, if any, and empties *kept. */
void verso_dialog_clear_chooser (GtkNativeDialog **kept);

/* Installs the application's log writer, which passes libadwaita's warning about measuring a
 * message dialog's heading (verso-dialog.c says why) to the debug log. Call once, first thing. */
void verso_dialog_set_up_log (void);

/* A text of a secondary window's task (a prompt, a verdict): wrapped, centred, with css_class
 * (may be NULL). */
GtkWidget *verso_dialog_label_new (const char *css_class);

/* The page of a secondary window's task on a board of its own (Practise, Train Openings): a
 * vertical box, 12 px between its parts, 12 px from the header bar and 18 px from the edges. */
GtkWidget *verso_dialog_task_page_new (void);

G_END_DECLS
