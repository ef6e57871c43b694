/* read-file.c: a whole file read into memory (read-file.h). */
#include "read-file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"

uint8_t *read_file_whole (const char *path, size_t max_size, size_t *size, char *error,
                          size_t error_size)
{
  FILE *in = fopen (path, "rb");
  if (!in) {
    snprintf (error, error_size, "%s", strerror (errno));
    return NULL;
  }
  uint8_t *bytes = NULL;
  size_t used = 0, capacity = 0, got = 1;
  const char *problem = NULL;
  char too_large[64];
  while (!problem && got > 0) {
    /* Room for one byte more than max_size, to tell a file of exactly max_size from a larger one,
     * and for the NUL after the bytes. */
    uint8_t *grown = array_grow (bytes, &capacity, used + 2, 1, (size_t) 1 << 16);
    if (!grown) {
      problem = "out of memory";
      break;
    }
    bytes = grown;
    got = fread (bytes + used, 1, capacity - used - 1, in);
    used += got;
    if (used > max_size) {
      snprintf (too_large, sizeof too_large, "more than %zu bytes", max_size);
      problem = too_large;
    }
  }
  if (!problem && ferror (in))
    problem = strerror (errno);
  fclose (in);
  if (problem) {
    snprintf (error, error_size, "%s", problem);
    free (bytes);
    return NULL;
  }
  bytes[used] = '\0';
  *size = used;
  return bytes;
}
