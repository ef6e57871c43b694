/* fuzz.h: what the libFuzzer harnesses share: the entry point, the tests' REQUIRE (libFuzzer
 * reports its exit () as a finding and saves the input that caused it), and a scratch file for
 * the readers that take a path. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bytes.h"
#include "check.h"

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
    REQUIRE (fd >= 0, "cannot make a scratch file in %s", directory);
    close (fd);
    atexit (fuzz_scratch_remove);
  }
  FILE *out = fopen (fuzz_scratch_path, "wb");
  REQUIRE (out, "cannot write %s", fuzz_scratch_path);
  REQUIRE (fwrite (data, 1, size, out) == size && fclose (out) == 0, "cannot write %s",
           fuzz_scratch_path);
  return fuzz_scratch_path;
}

/* The input as a file of the format whose header (header_size bytes) starts with the 8 bytes of
 * magic: the input itself when it starts so (*whole is then true), else the input as the payload
 * after a header of magic and the fields, three 32-bit numbers. An exact copy (malloc), so that
 * reading past the end is caught; its size in *file_size. */
static inline uint8_t *fuzz_file (const uint8_t *data, size_t size, const char *magic,
                                  size_t header_size, const uint32_t fields[3], bool *whole,
                                  size_t *file_size)
{
  *whole = size >= header_size && memcmp (data, magic, 8) == 0;
  size_t payload = *whole ? size - header_size : size;
  uint8_t *file = malloc (header_size + payload);
  REQUIRE (file, "out of memory");
  if (*whole) {
    memcpy (file, data, size);
  } else {
    memcpy (file, magic, 8);
    for (int i = 0; i < 3; i++)
      bytes_write_u32 (file + 8 + 4 * i, fields[i]);
    memcpy (file + header_size, data, payload);
  }
  *file_size = header_size + payload;
  return file;
}
