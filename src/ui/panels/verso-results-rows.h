/* verso-results-rows.h: the person's results as rows, as Statistics and the Library show them:
 * one row of results (counts and the mean disc difference), and the group of the person's
 * openings from the game library. */
#pragma once

#include <adwaita.h>

#include "library.h"

G_BEGIN_DECLS

/* A row: title over subtitle (the counts), the mean disc difference (written) beside it. */
GtkWidget *verso_results_row_new (const char *title, const char *subtitle, const char *mean);

/* Called with the name of the opening of a row activated ("" for the games of no named one). */
typedef void (*VersoOpeningActivated) (const char *opening, gpointer user_data);

/* The group "Your Openings": the person's results per opening and colour in library
 * (library_opening_stats), those they lose most with first, at most max_rows of them; NULL when
 * there is none. With activated, the rows can be activated and call it. */
GtkWidget *verso_openings_group_new (Library *library, int max_rows, VersoOpeningActivated activated,
                                     gpointer user_data);

G_END_DECLS
