/* bytes.h: little-endian integers in byte buffers and the FNV-1a checksum, for the binary files
 * the engine reads and the tools write (evaluation weights, opening book, WTHOR databases). */
#pragma once

#include <stddef.h>
#include <stdint.h>

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
