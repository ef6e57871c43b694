/* verso-database-index.h: the games a player added to the Database panel (Add Games…): a folder
 * of WTHOR files indexed in a worker thread (database_index_directory), kept in the user's cache
 * (g_get_user_cache_dir ()/verso/) and built again when the files' names, sizes or times change. */
#pragma once

#include <gio/gio.h>

#include "database.h"

G_BEGIN_DECLS

/* The folder whose games were added last, as the cache remembers it; NULL when none. */
char *verso_database_index_folder (void);

/* Called on the main thread while the files are indexed: the share of the files read, 0 to 1. */
typedef void (*VersoDatabaseIndexProgress) (GObject *owner, double fraction);

/* In a worker: the index of folder's .wtb files, read from the cache when it was made from the same
 * files, else made anew (progress told) and cached. owner is kept until the end. */
void verso_database_index_load_async (GObject *owner, const char *folder, GCancellable *cancellable,
                                      VersoDatabaseIndexProgress progress,
                                      GAsyncReadyCallback callback, gpointer user_data);
/* The database (database_free), or NULL with the error (G_IO_ERROR_CANCELLED after a Cancel). */
Database *verso_database_index_load_finish (GAsyncResult *result, GError **error);

G_END_DECLS
