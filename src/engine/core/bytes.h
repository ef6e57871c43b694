/* bytes.h: little-endian integers in byte buffers and the FNV-1a checksum, for the binary files
 * the engine reads and the tools write (evaluation weights, opening book, WTHOR databases), and
 * the checks their decoders share. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "board.h"

static inline uint32_t bytes_read_u16 (const uint8_t *bytes)
{
  return (uint32_t) bytes[0] | (uint32_t) bytes[1] << 8;
}

static inline uint32_t bytes_read_u32 (const uint8_t *bytes)
{
  return (uint32_t) bytes[0] | (uint32_t) bytes[1] << 8 | (uint32_t) bytes[2] << 16
       | (uint32_t) bytes[3] << 24;
}

static inline uint64_t bytes_read_u64 (const uint8_t *bytes)
{
  return (uint64_t) bytes_read_u32 (bytes) | (uint64_t) bytes_read_u32 (bytes + 4) << 32;
}

static inline void bytes_write_u32 (uint8_t *bytes, uint32_t value)
{
  for (int i = 0; i < 4; i++)
    bytes[i] = (uint8_t) (value >> (8 * i));
}

static inline void bytes_write_u64 (uint8_t *bytes, uint64_t value)
{
  bytes_write_u32 (bytes, (uint32_t) value);
  bytes_write_u32 (bytes + 4, (uint32_t) (value >> 32));
}

/* FNV-1a, 32 bits: the checksum of a file's payload. */
static inline uint32_t bytes_fnv1a (const uint8_t *bytes, size_t size)
{
  uint32_t hash = 2166136261u;
  for (size_t i = 0; i < size; i++)
    hash = (hash ^ bytes[i]) * 16777619u;
  return hash;
}

/* The start every binary file of the engine shares: at least `header` bytes, the 8-byte `magic`,
 * then the format's `version` as a little-endian u32. False with the reason in `error`: `none`
 * when there are no bytes at all ("no book"), "not a KIND file", or "KIND file version V,
 * expected W", KIND being e.g. "book" or "weight". */
static inline bool bytes_check_header (const uint8_t *bytes, size_t size, size_t header,
                                       const char magic[8], uint32_t version, const char *none,
                                       const char *kind, char *error, size_t error_size)
{
  if (!bytes || size == 0)
    snprintf (error, error_size, "%s", none);
  else if (size < header || memcmp (bytes, magic, 8) != 0)
    snprintf (error, error_size, "not a %s file", kind);
  else if (bytes_read_u32 (bytes + 8) != version)
    snprintf (error, error_size, "%s file version %u, expected %u", kind, bytes_read_u32 (bytes + 8),
              version);
  else
    return true;
  return false;
}

/* After `header` bytes, records of `record` bytes, as many as the u32 at offset 12 says: their
 * count in *count, or false with "KIND file is N bytes, its header says C entries" in `error`. */
static inline bool bytes_check_records (const uint8_t *bytes, size_t size, size_t header,
                                        size_t record, const char *kind, size_t *count,
                                        char *error, size_t error_size)
{
  *count = bytes_read_u32 (bytes + 12);
  if ((size - header) % record == 0 && (size - header) / record == *count)
    return true;
  snprintf (error, error_size, "%s file is %zu bytes, its header says %zu entries", kind, size,
            *count);
  return false;
}

/* The FNV-1a checksum of the payload after `header` bytes, stored as a u32 at `at`: false with
 * "KIND file checksum does not match: damaged" in `error` when they differ. */
static inline bool bytes_check_checksum (const uint8_t *bytes, size_t size, size_t header,
                                         size_t at, const char *kind, char *error,
                                         size_t error_size)
{
  if (bytes_fnv1a (bytes + header, size - header) == bytes_read_u32 (bytes + at))
    return true;
  snprintf (error, error_size, "%s file checksum does not match: damaged", kind);
  return false;
}

/* Why `board` cannot be the key after `previous` (NULL for the first) in a file's table of
 * positions in canonical form, sorted without repeats (the book, the database); NULL when it can.
 * Each check keeps a lookup sound: a canonical key is what a lookup searches for. */
static inline const char *bytes_board_key_problem (const Board *board, const Board *previous)
{
  if (board->player & board->opponent)
    return "a square holds discs of both sides";
  Board canonical = board_canonical (board);
  if (!board_equal (&canonical, board))
    return "the position is not in canonical form";
  if (previous && board_compare (previous, board) >= 0)
    return "entries are not sorted or repeat";
  return NULL;
}
