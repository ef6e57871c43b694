/* xz-file.h: files compressed by the xz program (XZ Utils), written whole or not at all and
 * read back, for the training data: the tools need no compression library, only the xz that
 * every Debian system has. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Compresses size bytes with `xz -6 -T1` (the same bytes for the same input, whatever the
 * machine's cores) and writes them to path atomically (write-file.h). False with the reason in
 * error; path is then as it was. */
bool xz_write_atomically (const char *path, const void *bytes, size_t size, char *error,
                          size_t error_size);

/* The decompressed contents of path (malloc'ed, *size bytes), or NULL with the reason in error
 * ("cannot open", or what xz said of a damaged or truncated file and how many bytes it gave
 * before it stopped). */
uint8_t *xz_read (const char *path, size_t *size, char *error, size_t error_size);
