/* binary-file.h: the refusals every binary file of the engine shares (bytes_check_header's, then
 * the checksum of the payload), checked the same way for each format's decoder. */
#pragma once

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "check.h"

/* A format's decoder as the tests call it: true when the bytes decode (what they decode to is
 * freed), else false with the reason in error. */
typedef bool BinaryDecodes (const uint8_t *bytes, size_t size, char *error, size_t error_size);

/* The bytes refused, with a message that holds expected. */
static inline void check_refused (BinaryDecodes *decodes, const uint8_t *bytes, size_t size,
                                  const char *expected)
{
  char error[200] = "";
  CHECK (!decodes (bytes, size, error, sizeof error), "decoded, '%s' expected", expected);
  CHECK (error[0] && strstr (error, expected), "'%s' does not say '%s'", error, expected);
}

/* A good file of a format, damaged one way at a time: no bytes at all (the message `none`),
 * another magic, another version, a byte of the payload after its header_size bytes of header
 * changed; `kind` names the format in the messages ("book", "weight"). */
static inline void check_header_refused (BinaryDecodes *decodes, const uint8_t *good, size_t size,
                                         size_t header_size, const char *none, const char *kind)
{
  REQUIRE (size > header_size, "a file with a payload");
  uint8_t *copy = malloc (size);
  REQUIRE (copy);
  char expected[80];
  check_refused (decodes, NULL, 0, none);
  memcpy (copy, good, size);
  copy[0] = 'X';
  snprintf (expected, sizeof expected, "not a %s file", kind);
  check_refused (decodes, copy, size, expected);
  memcpy (copy, good, size);
  bytes_write_u32 (copy + 8, 99);
  snprintf (expected, sizeof expected, "%s file version 99", kind);
  check_refused (decodes, copy, size, expected);
  memcpy (copy, good, size);
  copy[header_size] ^= 1;
  snprintf (expected, sizeof expected, "%s file checksum does not match", kind);
  check_refused (decodes, copy, size, expected);
  free (copy);
}
