/* verso-trainer-window.h: Train Openings: a named opening or the book's main lines, played on a
 * board of its own: the person finds their side's moves, the trainer answers as strong players
 * did (opening_trainer.h), a move off the lines is shown with the right ones, and each line
 * played to its end counts in the person's progress (verso-opening-progress.h). */
#pragma once

#include <adwaita.h>

#include "verso-profile.h"

G_BEGIN_DECLS

#define VERSO_TYPE_TRAINER_WINDOW (verso_trainer_window_get_type ())
G_DECLARE_FINAL_TYPE (VersoTrainerWindow, verso_trainer_window, VERSO, TRAINER_WINDOW, AdwWindow)

/* The chooser of openings, the progress kept through profile; show it with
 * verso_dialog_present (). */
GtkWidget *verso_trainer_window_new (GtkWindow *parent, VersoProfile *profile);

G_END_DECLS
