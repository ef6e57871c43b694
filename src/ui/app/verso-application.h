/* verso-application.h: the application: one main window, app-wide actions and accelerators. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define VERSO_TYPE_APPLICATION (verso_application_get_type ())
G_DECLARE_FINAL_TYPE (VersoApplication, verso_application, VERSO, APPLICATION, AdwApplication)

VersoApplication *verso_application_new (void);
/* When the application object was made (monotonic microseconds), for start-up timing. */
gint64 verso_application_get_start_time (VersoApplication *application);

G_END_DECLS
