/* fuzz-weights.c: evaluation weight files. An input that starts like a weight file is decoded
 * as it is, then again with its payload size and checksum made right; any other input is decoded
 * as the payload of a file with a right header, so that the fuzzer reaches the varints. Decoded
 * weights, encoded again, decode to the same tables. */
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "eval_pattern.h"
#include "fuzz.h"

#define MAGIC "VERSOEVW"
#define HEADER PATTERN_WEIGHTS_HEADER

/* Encodes the weights once more and decodes them: every full table must come back the same. */
static void check_round_trip (const PatternWeights *weights)
{
  static uint32_t *map;
  size_t full = (size_t) pattern_full_size (), compact_size = (size_t) pattern_compact_size ();
  if (!map) {
    map = malloc (full * sizeof *map);
    REQUIRE (map, "out of memory");
    pattern_compact_map (map);
  }
  int16_t *compact = calloc ((size_t) PATTERN_PHASES * compact_size, sizeof *compact);
  REQUIRE (compact, "out of memory");
  for (int phase = 0; phase < PATTERN_PHASES; phase++)
    for (size_t j = 0; j < full; j++)
      compact[(size_t) phase * compact_size + map[j]] = weights->phase[phase][j];
  size_t size;
  uint8_t *bytes = pattern_weights_encode (compact, &size);
  REQUIRE (bytes, "out of memory");
  char error[160];
  PatternWeights *again = pattern_weights_decode (bytes, size, error, sizeof error);
  REQUIRE (again, "encoded weights do not decode: %s", error);
  for (int phase = 0; phase < PATTERN_PHASES; phase++)
    REQUIRE (memcmp (again->phase[phase], weights->phase[phase], full * sizeof (int16_t)) == 0,
             "phase %d differs after encoding", phase);
  pattern_weights_free (again);
  free (bytes);
  free (compact);
}

/* True when a varint of the payload holds more than a token's 32 bits: a fifth byte above 0x0F,
 * or a sixth byte. */
static bool payload_overflows (const uint8_t *payload, size_t size)
{
  int bytes = 0;
  for (size_t i = 0; i < size; i++) {
    if (++bytes == 5 && (payload[i] & 0xF0))
      return true;
    if (!(payload[i] & 0x80))
      bytes = 0;
  }
  return false;
}

static void *decode (const uint8_t *bytes, size_t size, char *error, size_t error_size)
{
  return pattern_weights_decode (bytes, size, error, error_size);
}

static void check (void *decoded, const uint8_t *bytes, size_t size)
{
  PatternWeights *weights = decoded;
  REQUIRE (!payload_overflows (bytes + HEADER, size - HEADER), "a varint of over 32 bits decoded");
  check_round_trip (weights);
  pattern_weights_free (weights);
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  const FuzzFormat weights = { MAGIC, HEADER, { 1, PATTERN_PHASES, (uint32_t) pattern_compact_size () },
                              pattern_weights_seal, decode, check };
  fuzz_decode_file (data, size, &weights);
  return 0;
}
