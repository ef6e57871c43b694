/* fuzz.h: what the libFuzzer harnesses share: the entry point, the tests' CHECK (libFuzzer
 * reports its exit () as a finding and saves the input that caused it), and a scratch file for
 * the readers that take a path. */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "test-support.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static char fuzz_scratch_path[64];

static inline void fuzz_scratch_remove (void)
{
  unlink (fuzz_scratch_path);
}

/* Writes the input to this process's scratch file, made once in /dev/shm (memory, where there
 * is one) or /tmp and removed at exit, and returns its path. */
static inline const char *fuzz_scratch_write (const uint8_t *data, size_t size)
{
  if (!fuzz_scratch_path[0]) {
    const char *directory = access ("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
    snprintf (fuzz_scratch_path, sizeof fuzz_scratch_path, "%s/verso-fuzz-XXXXXX", directory);
    int fd = mkstemp (fuzz_scratch_path);
    CHECK (fd >= 0, "cannot make a scratch file in %s", directory);
    close (fd);
    atexit (fuzz_scratch_remove);
  }
  FILE *out = fopen (fuzz_scratch_path, "wb");
  CHECK (out, "cannot write %s", fuzz_scratch_path);
  CHECK (fwrite (data, 1, size, out) == size && fclose (out) == 0, "cannot write %s",
         fuzz_scratch_path);
  return fuzz_scratch_path;
}
