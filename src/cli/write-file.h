/* write-file.h: writing a file atomically, for the commands and the tools that write data/. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* Writes size bytes to a temporary file beside path, then renames it over path, so that path
 * holds either its old contents or all of the new ones. False (errno set) on failure, when
 * the old file is left as it was. */
bool write_file_atomically (const char *path, const void *bytes, size_t size);
