/* write-file.c: a temporary file, then a rename. */
#include "write-file.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

bool write_file_atomically (const char *path, const void *bytes, size_t size)
{
  char temporary[4096];
  if (snprintf (temporary, sizeof temporary, "%s.tmp%ld", path, (long) getpid ())
      >= (int) sizeof temporary) {
    errno = ENAMETOOLONG;
    return false;
  }
  FILE *out = fopen (temporary, "wb");
  if (!out)
    return false;
  bool ok = fwrite (bytes, 1, size, out) == size;
  ok = (fclose (out) == 0) && ok;
  if (ok && rename (temporary, path) == 0)
    return true;
  int saved = errno;
  remove (temporary);
  errno = saved;
  return false;
}
