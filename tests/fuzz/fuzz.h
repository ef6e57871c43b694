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

/* A decoder's error buffer (char error[FUZZ_ERROR_SIZE]) filled with 'x', so that an answer that
 * leaves it unterminated or writes past its end shows. */
#define FUZZ_ERROR_SIZE 160
static inline void fuzz_error_fill (char error[FUZZ_ERROR_SIZE])
{
  memset (error, 'x', FUZZ_ERROR_SIZE);
}

/* The contract of a decoder that answers NULL and a reason in its error buffer: a message of at
 * least one byte, terminated inside the buffer, when it refuses; an empty one when it decodes.
 * Returns whether it decoded. */
static inline bool fuzz_decoded (const void *decoded, const char error[FUZZ_ERROR_SIZE])
{
  size_t length = strnlen (error, FUZZ_ERROR_SIZE);
  if (!decoded) {
    REQUIRE (length > 0 && length < FUZZ_ERROR_SIZE, "an error message of %zu bytes", length);
    return false;
  }
  REQUIRE (length == 0, "decoded, with the error '%.*s'", (int) length, error);
  return true;
}

/* A binary format of the engine's (the weights, the book): a header of header_size bytes that
 * starts with the 8 bytes of magic, then three 32-bit fields; `seal` makes a file's checksum
 * right; `decode` is the format's decoder (NULL and a reason in error when it refuses), `check`
 * the harness's check of what it decoded, which it then frees. */
typedef struct FuzzFormat {
  const char *magic;
  size_t header_size;
  uint32_t fields[3];
  void (*seal) (uint8_t *bytes, size_t size);
  void *(*decode) (const uint8_t *bytes, size_t size, char *error, size_t error_size);
  void (*check) (void *decoded, const uint8_t *bytes, size_t size);
} FuzzFormat;

/* One file decoded, the decoder held to the contract of its error buffer, then checked. */
static inline void fuzz_decode_checked (const FuzzFormat *format, const uint8_t *bytes, size_t size)
{
  char error[FUZZ_ERROR_SIZE];
  fuzz_error_fill (error);
  void *decoded = format->decode (bytes, size, error, sizeof error);
  if (fuzz_decoded (decoded, error))
    format->check (decoded, bytes, size);
}

/* The input decoded as it is when it starts with the magic; then, sealed, as a file: the input
 * itself when it starts so, else the input as the payload after a header of the magic and the
 * fields (so that the decoder gets past the header and its checksum). That file is an exact copy
 * (malloc), so that reading past its end is caught. */
static inline void fuzz_decode_file (const uint8_t *data, size_t size, const FuzzFormat *format)
{
  bool whole = size >= format->header_size && memcmp (data, format->magic, 8) == 0;
  size_t payload = whole ? size - format->header_size : size;
  size_t file_size = format->header_size + payload;
  uint8_t *file = malloc (file_size);
  REQUIRE (file, "out of memory");
  if (whole) {
    fuzz_decode_checked (format, data, size);
    memcpy (file, data, size);
  } else {
    memcpy (file, format->magic, 8);
    for (int i = 0; i < 3; i++)
      bytes_write_u32 (file + 8 + 4 * i, format->fields[i]);
    memcpy (file + format->header_size, data, payload);
  }
  format->seal (file, file_size);
  fuzz_decode_checked (format, file, file_size);
  free (file);
}
