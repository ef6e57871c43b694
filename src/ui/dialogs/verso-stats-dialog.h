/* verso-stats-dialog.h: the Statistics window: the person's results against the computer per
 * rules and level (verso-stats.h), the practice deck (verso-deck.h), both of the profile
 * (verso-profile.h), and a Reset button that asks first (it resets the results, not the deck). */
#pragma once

#include <adwaita.h>

#include "verso-profile.h"

G_BEGIN_DECLS

#define VERSO_TYPE_STATS_DIALOG (verso_stats_dialog_get_type ())
G_DECLARE_FINAL_TYPE (VersoStatsDialog, verso_stats_dialog, VERSO, STATS_DIALOG, AdwWindow)

/* Shows profile's statistics, and its practice deck in a Practice group (when it holds a card),
 * and follows them while open; show it with verso_dialog_present (). */
GtkWidget *verso_stats_dialog_new (GtkWindow *parent, VersoProfile *profile);
/* The mean disc difference as it is read: "+3.4", "−2.0" (a true minus sign), "0.0". */
char *verso_stats_format_mean (const VersoStatsEntry *entry);

G_END_DECLS
