/* read-file.h: a whole file read into memory, for the commands and the tools that read a file of
 * positions, weights or a database. */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* The bytes of the file at path, *size of them, followed by a NUL byte that *size leaves out (so
 * that a text file is also a string). NULL after writing why in error: the file cannot be opened
 * or read (strerror's words), it holds more than max_size bytes, or memory is short. Free with
 * free. */
uint8_t *read_file_whole (const char *path, size_t max_size, size_t *size, char *error,
                          size_t error_size);
