/* verso-application.h: the application: one main window, app-wide actions and accelerators, and
 * the person's profile that every window and dialog shows. */
#pragma once

#include <adwaita.h>

#include "verso-profile.h"

G_BEGIN_DECLS

#define VERSO_TYPE_APPLICATION (verso_application_get_type ())
G_DECLARE_FINAL_TYPE (VersoApplication, verso_application, VERSO, APPLICATION, AdwApplication)

VersoApplication *verso_application_new (void);
/* When the application object was made (monotonic microseconds), for start-up timing. */
gint64 verso_application_get_start_time (VersoApplication *application);
/* The person's statistics, rating and practice deck, read once when the application starts
 * (NULL before): the one profile its windows and dialogs show and change. */
VersoProfile *verso_application_get_profile (VersoApplication *application);

G_END_DECLS
