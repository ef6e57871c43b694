/* verso-application.h: the application: one main window, app-wide actions and accelerators, and
 * the person's profile (verso-profile.h), read once at start-up and handed to the window and the
 * dialogs it makes. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define VERSO_TYPE_APPLICATION (verso_application_get_type ())
G_DECLARE_FINAL_TYPE (VersoApplication, verso_application, VERSO, APPLICATION, AdwApplication)

VersoApplication *verso_application_new (void);
/* When the application object was made (monotonic microseconds), for start-up timing. */
gint64 verso_application_get_start_time (VersoApplication *application);

G_END_DECLS
