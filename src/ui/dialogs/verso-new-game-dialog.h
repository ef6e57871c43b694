/* verso-new-game-dialog.h: chooses the players, the person's colour, who plays for the computer
 * (Verso or an engine added in Preferences: the opponent, or each colour when it plays itself),
 * the levels (or Match My Level), the rules, the start and the clock of a new game. */
#pragma once

#include <adwaita.h>

#include "time_control.h"
#include "verso-stats.h"

G_BEGIN_DECLS

#define VERSO_TYPE_NEW_GAME_DIALOG (verso_new_game_dialog_get_type ())
G_DECLARE_FINAL_TYPE (VersoNewGameDialog, verso_new_game_dialog, VERSO, NEW_GAME_DIALOG, AdwMessageDialog)

/* Shows the choices stored in settings; responses are "cancel" and "start". */
GtkWidget *verso_new_game_dialog_new (GtkWindow *parent, GSettings *settings);
/* Makes the Match My Level row say the strength the person's rating in stats gives. */
void verso_new_game_dialog_set_stats (VersoNewGameDialog *dialog, VersoStats *stats);
/* The choices made, as values apart from the dialog: the game starts from them after the question
 * about unsaved changes, when the dialog may be gone (a dialog kept alive for it would outlive
 * its window at Ctrl+Q). Freed with g_free. */
typedef struct _VersoNewGameChoices VersoNewGameChoices;
VersoNewGameChoices *verso_new_game_dialog_get_choices (VersoNewGameDialog *dialog);
/* Stores the choices in settings, at once. */
void verso_new_game_choices_save (const VersoNewGameChoices *choices, GSettings *settings);
/* The clock the settings choose ("clock", and "clock-custom" for a custom one) as *control;
 * FALSE for none, or a custom text that is no clock. */
gboolean verso_new_game_clock_from_settings (GSettings *settings, TimeControl *control);

G_END_DECLS
