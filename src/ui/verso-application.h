/* verso-application.h: the application: one main window, app-wide actions and accelerators. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define VERSO_TYPE_APPLICATION (verso_application_get_type ())
G_DECLARE_FINAL_TYPE (VersoApplication, verso_application, VERSO, APPLICATION, AdwApplication)

VersoApplication *verso_application_new (void);

G_END_DECLS
