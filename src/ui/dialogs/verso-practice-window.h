/* verso-practice-window.h: Practise: the cards of the practice deck (verso-deck.h) that are due,
 * one at a time on a board of their own: the person finds the best move, the answer is graded in
 * discs from the card's scores with the best line, the card is rescheduled, then Next. */
#pragma once

#include <adwaita.h>

#include "verso-profile.h"

G_BEGIN_DECLS

#define VERSO_TYPE_PRACTICE_WINDOW (verso_practice_window_get_type ())
G_DECLARE_FINAL_TYPE (VersoPracticeWindow, verso_practice_window, VERSO, PRACTICE_WINDOW, AdwWindow)

/* Shows the due cards of profile's deck, answered through profile; show it with
 * verso_dialog_present (). */
GtkWidget *verso_practice_window_new (GtkWindow *parent, VersoProfile *profile);

/* When a time is, in words, from now: "in 10 minutes", "in 3 hours", "in 2 days". */
char *verso_practice_describe_wait (gint64 seconds);

G_END_DECLS
