/* test-eval-pattern.c: pattern indices match a square-by-square reference and are symmetric,
 * the weight format round-trips, and damaged weights are refused without a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "binary-file.h"
#include "board.h"
#include "eval_pattern.h"
#include "check.h"
#include "random-game.h"

/* A position after a random number of random legal moves from the start (a pass counts as one). */
static Board random_position (uint64_t *state)
{
  Board board;
  board_init (&board);
  int plies = (int) (random_next (state) % 61);
  for (int i = 0; i < plies && random_game_step (state, &board); i++)
    continue;
  return board;
}

static int compare_u32 (const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return (x > y) - (x < y);
}

static void test_features_match_reference (void)
{
  uint64_t state = 1;
  for (int i = 0; i < 2000; i++) {
    Board board = random_position (&state);
    if (i % 7 == 0) /* arbitrary bit sets too, not only reachable positions */
      board.player = random_next (&state), board.opponent = random_next (&state) & ~board.player;
    for (int s = 0; s < BOARD_SYMMETRIES; s++) {
      Board image = board_symmetry (&board, s);
      uint32_t fast[PATTERN_INSTANCES], reference[PATTERN_INSTANCES];
      pattern_features (&image, fast);
      pattern_features_reference (&image, reference);
      for (int k = 0; k < PATTERN_INSTANCES; k++)
        CHECK (fast[k] == reference[k], "position %d symmetry %d instance %d: %u != %u", i, s, k,
               fast[k], reference[k]);
    }
  }
}

/* Every symmetry of a position has the same features once mirror images share entries. */
static void test_features_symmetric (void)
{
  uint32_t *map = malloc (sizeof *map * (size_t) pattern_full_size ());
  REQUIRE (map, "out of memory");
  pattern_compact_map (map);
  uint64_t state = 2;
  for (int i = 0; i < 2000; i++) {
    Board board = random_position (&state);
    uint32_t base[PATTERN_INSTANCES];
    pattern_features (&board, base);
    for (int k = 0; k < PATTERN_INSTANCES; k++)
      base[k] = map[base[k]];
    qsort (base, PATTERN_INSTANCES, sizeof base[0], compare_u32);
    for (int s = 1; s < BOARD_SYMMETRIES; s++) {
      Board image = board_symmetry (&board, s);
      uint32_t features[PATTERN_INSTANCES];
      pattern_features (&image, features);
      for (int k = 0; k < PATTERN_INSTANCES; k++)
        features[k] = map[features[k]];
      qsort (features, PATTERN_INSTANCES, sizeof features[0], compare_u32);
      CHECK (memcmp (base, features, sizeof base) == 0, "position %d symmetry %d differs", i, s);
    }
  }
  free (map);
}

static void test_compact_map (void)
{
  int full = pattern_full_size (), compact = pattern_compact_size ();
  uint32_t *map = malloc (sizeof *map * (size_t) full);
  REQUIRE (map, "out of memory");
  pattern_compact_map (map);
  uint32_t highest = 0;
  for (int i = 0; i < full; i++)
    highest = map[i] > highest ? map[i] : highest;
  CHECK ((int) highest + 1 == compact, "map reaches %u, compact size %d", highest, compact);
  CHECK (compact < full && compact > full / 2, "compact %d of %d", compact, full);
  /* a1..h1 empty but b1 = player, mirrored: g1 = player. */
  const PatternFamily *edge = pattern_family (0);
  CHECK (map[edge->offset + 3] == map[edge->offset + 729], "b1 and g1 edge entries differ");
  free (map);
}

static int16_t *random_compact (uint64_t seed)
{
  size_t count = (size_t) PATTERN_PHASES * (size_t) pattern_compact_size ();
  int16_t *compact = malloc (count * sizeof *compact);
  REQUIRE (compact, "out of memory");
  for (size_t i = 0; i < count; i++) {
    uint64_t r = random_next (&seed);
    /* Mostly zero, some small, a few extreme values. */
    compact[i] = r % 3 == 0 ? 0 : r % 97 == 1 ? (int16_t) (r >> 40) : (int16_t) ((int) (r >> 32) % 601 - 300);
  }
  return compact;
}

static void test_weights_round_trip_and_symmetric_evaluation (void)
{
  int16_t *compact = random_compact (3);
  size_t size = 0;
  uint8_t *bytes = pattern_weights_encode (compact, &size);
  CHECK (bytes && size > 28, "encode failed");
  char error[160];
  PatternWeights *weights = pattern_weights_decode (bytes, size, error, sizeof error);
  REQUIRE (weights, "decode failed: %s", error);
  uint32_t *map = malloc (sizeof *map * (size_t) pattern_full_size ());
  REQUIRE (map, "out of memory");
  pattern_compact_map (map);
  int compact_size = pattern_compact_size ();
  for (int phase = 0; phase < PATTERN_PHASES; phase++)
    for (int i = 0; i < pattern_full_size (); i++)
      CHECK (weights->phase[phase][i] == compact[(size_t) phase * compact_size + map[i]],
             "phase %d entry %d", phase, i);
  Evaluation evaluation = pattern_evaluation (weights);
  uint64_t state = 4;
  for (int i = 0; i < 1000; i++) {
    Board board = random_position (&state);
    int score = eval_board (&evaluation, &board);
    CHECK (score < EVAL_MAX && score > -EVAL_MAX, "score %d out of range", score);
    /* The evaluation (the fastest kernel this CPU has: with AVX-512, indices gathered by
     * PEXT) sums the weights of the portable features, clamped inside the exact scores'
     * range. */
    uint32_t features[PATTERN_INSTANCES];
    pattern_features (&board, features);
    const int16_t *w = weights->phase[pattern_phase (board_empties (&board))];
    int sum = 0;
    for (int k = 0; k < PATTERN_INSTANCES; k++)
      sum += w[features[k]];
    sum = sum > EVAL_MAX - EVAL_SCALE ? EVAL_MAX - EVAL_SCALE
        : sum < -EVAL_MAX + EVAL_SCALE ? -EVAL_MAX + EVAL_SCALE : sum;
    CHECK (score == sum, "position %d: evaluation %d, features sum %d", i, score, sum);
    for (int s = 1; s < BOARD_SYMMETRIES; s++) {
      Board image = board_symmetry (&board, s);
      CHECK (eval_board (&evaluation, &image) == score, "position %d symmetry %d", i, s);
    }
  }
  pattern_weights_free (weights);
  free (map);
  free (bytes);
  free (compact);
}

static bool decodes (const uint8_t *bytes, size_t size, char *error, size_t error_size)
{
  PatternWeights *weights = pattern_weights_decode (bytes, size, error, error_size);
  pattern_weights_free (weights);
  return weights != NULL;
}

static void expect_refused (const uint8_t *bytes, size_t size, const char *what)
{
  char error[160] = "";
  CHECK (!decodes (bytes, size, error, sizeof error), "%s: accepted", what);
  CHECK (error[0], "%s: refused without a message", what);
}

static void test_damaged_weights_refused (void)
{
  int16_t *compact = random_compact (5);
  size_t size = 0;
  uint8_t *good = pattern_weights_encode (compact, &size);
  REQUIRE (good, "encode failed");
  uint8_t *bytes = malloc (size + 16);
  REQUIRE (bytes, "out of memory");

  check_header_refused (decodes, good, size, PATTERN_WEIGHTS_HEADER, "no weights", "weight");
  expect_refused (good, 0, "empty");
  expect_refused (good, 27, "header cut short");
  for (size_t cut = 28; cut < size; cut += size / 7 + 1)
    expect_refused (good, cut, "truncated");

  memcpy (bytes, good, size);
  bytes_write_u32 (bytes + 16, (uint32_t) pattern_compact_size () - 1);
  expect_refused (bytes, size, "other layout");
  memcpy (bytes, good, size);
  bytes[size / 2] ^= 0x10;
  expect_refused (bytes, size, "flipped bit");
  memcpy (bytes, good, size);
  bytes[size] = 0;
  expect_refused (bytes, size + 1, "trailing byte");

  /* Payloads with a valid checksum that still do not make a weight set. */
  static const uint8_t too_few[] = { 0x02, 0x03 };       /* 2 zeros, one value */
  static const uint8_t unfinished[] = { 0x83, 0x80 };     /* varint never ends */
  static const uint8_t too_long[] = { 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01 };
  uint8_t too_many[8];
  size_t many = 0;
  uint32_t run = 2 * ((uint32_t) (PATTERN_PHASES * pattern_compact_size ()) - 1); /* all zero */
  while (run >= 0x80) {
    too_many[many++] = (uint8_t) (run | 0x80);
    run >>= 7;
  }
  too_many[many++] = (uint8_t) run;
  too_many[many++] = 0x03; /* one value past the end */
  const struct { const uint8_t *payload; size_t size; const char *what; } payloads[] = {
    { too_few, sizeof too_few, "too few weights" },
    { unfinished, sizeof unfinished, "unfinished varint" },
    { too_long, sizeof too_long, "overlong varint" },
    { too_many, many, "too many weights" },
  };
  for (size_t i = 0; i < sizeof payloads / sizeof payloads[0]; i++) {
    memcpy (bytes, good, 28);
    memcpy (bytes + 28, payloads[i].payload, payloads[i].size);
    pattern_weights_seal (bytes, 28 + payloads[i].size);
    expect_refused (bytes, 28 + payloads[i].size, payloads[i].what);
  }
  /* The all-zero set itself is fine. */
  many--;
  memcpy (bytes + 28, too_many, many);
  pattern_weights_seal (bytes, 28 + many);
  PatternWeights *zero = pattern_weights_decode (bytes, 28 + many, NULL, 0);
  CHECK (zero && zero->phase[3][100] == 0, "all-zero weights refused");
  pattern_weights_free (zero);

  /* Random garbage, with and without a good header. */
  uint64_t state = 6;
  for (int i = 0; i < 200; i++) {
    size_t n = 28 + random_next (&state) % 200;
    for (size_t j = 0; j < n; j++)
      bytes[j] = (uint8_t) random_next (&state);
    if (i % 2) {
      memcpy (bytes, good, 20);
      pattern_weights_seal (bytes, n);
    }
    expect_refused (bytes, n, "garbage");
  }
  free (bytes);
  free (good);
  free (compact);
}

/* The compiled-in evaluation is the trained one, unless the build allowed the simple fallback
 * (-Dallow_simple_evaluation=true); either is usable. */
static void test_compiled_evaluation (void)
{
  const Evaluation *evaluation = eval_pattern ();
  REQUIRE (evaluation && evaluation->evaluate, "no evaluation");
  const char *error = eval_pattern_error ();
#ifdef VERSO_ALLOW_SIMPLE_EVALUATION
  if (error)
    check_note ("compiled weights not used (%s): falls back to %s", error, evaluation->name);
#else
  CHECK (!error, "the compiled-in weights do not decode: %s", error);
#endif
  if (!error)
    CHECK (strcmp (evaluation->name, "pattern") == 0, "name %s", evaluation->name);
  uint64_t state = 7;
  for (int i = 0; i < 200; i++) {
    Board board = random_position (&state);
    int score = eval_board (evaluation, &board);
    for (int s = 1; s < BOARD_SYMMETRIES; s++) {
      Board image = board_symmetry (&board, s);
      CHECK (eval_board (evaluation, &image) == score, "position %d symmetry %d", i, s);
    }
  }
}

int main (void)
{
  test_features_match_reference ();
  test_features_symmetric ();
  test_compact_map ();
  test_weights_round_trip_and_symmetric_evaluation ();
  test_damaged_weights_refused ();
  test_compiled_evaluation ();
  return check_finish ();
}
