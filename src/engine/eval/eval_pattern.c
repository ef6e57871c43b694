/* eval_pattern.c: pattern indices, the weight format, and the trained evaluation. */
#include "eval_pattern.h"

#include <assert.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board-x86.h"
#include "bytes.h"
#include "compiled.h"

/* The compiled-in weight file (generated at build time from data/eval-weights.bin; empty when
 * that file was missing). */
extern const uint8_t eval_weights_data[];
extern const size_t eval_weights_size;

enum {
  FAMILY_EDGE_X, FAMILY_CORNER_3X3, FAMILY_CORNER_2X5, FAMILY_LINE_2, FAMILY_LINE_3,
  FAMILY_LINE_4, FAMILY_DIAGONAL_8, FAMILY_DIAGONAL_7, FAMILY_DIAGONAL_6, FAMILY_DIAGONAL_5,
  FAMILY_DIAGONAL_4, FAMILY_MOBILITY, FAMILY_OPPONENT_MOBILITY, FAMILY_PARITY,
};

#define MOBILITY_SIZE 34 /* no reachable position has more than 33 legal moves */

#define OFFSET_EDGE_X 0
#define OFFSET_CORNER_3X3 (OFFSET_EDGE_X + 59049)
#define OFFSET_CORNER_2X5 (OFFSET_CORNER_3X3 + 19683)
#define OFFSET_LINE_2 (OFFSET_CORNER_2X5 + 59049)
#define OFFSET_LINE_3 (OFFSET_LINE_2 + 6561)
#define OFFSET_LINE_4 (OFFSET_LINE_3 + 6561)
#define OFFSET_DIAGONAL_8 (OFFSET_LINE_4 + 6561)
#define OFFSET_DIAGONAL_7 (OFFSET_DIAGONAL_8 + 6561)
#define OFFSET_DIAGONAL_6 (OFFSET_DIAGONAL_7 + 2187)
#define OFFSET_DIAGONAL_5 (OFFSET_DIAGONAL_6 + 729)
#define OFFSET_DIAGONAL_4 (OFFSET_DIAGONAL_5 + 243)
#define OFFSET_MOBILITY (OFFSET_DIAGONAL_4 + 81)
#define OFFSET_OPPONENT_MOBILITY (OFFSET_MOBILITY + MOBILITY_SIZE)
#define OFFSET_PARITY (OFFSET_OPPONENT_MOBILITY + MOBILITY_SIZE)
#define FULL_SIZE (OFFSET_PARITY + 2)

static const PatternFamily families[PATTERN_FAMILIES] = {
  { "edge+2X", 10, 59049, 4, OFFSET_EDGE_X },
  { "corner 3x3", 9, 19683, 4, OFFSET_CORNER_3X3 },
  { "corner 2x5", 10, 59049, 8, OFFSET_CORNER_2X5 },
  { "line 2", 8, 6561, 4, OFFSET_LINE_2 },
  { "line 3", 8, 6561, 4, OFFSET_LINE_3 },
  { "line 4", 8, 6561, 4, OFFSET_LINE_4 },
  { "diagonal 8", 8, 6561, 2, OFFSET_DIAGONAL_8 },
  { "diagonal 7", 7, 2187, 4, OFFSET_DIAGONAL_7 },
  { "diagonal 6", 6, 729, 4, OFFSET_DIAGONAL_6 },
  { "diagonal 5", 5, 243, 4, OFFSET_DIAGONAL_5 },
  { "diagonal 4", 4, 81, 4, OFFSET_DIAGONAL_4 },
  { "mobility", 0, MOBILITY_SIZE, 1, OFFSET_MOBILITY },
  { "opponent mobility", 0, MOBILITY_SIZE, 1, OFFSET_OPPONENT_MOBILITY },
  { "parity", 0, 2, 1, OFFSET_PARITY },
};

const PatternFamily *pattern_family (int family)
{
  assert (family >= 0 && family < PATTERN_FAMILIES);
  return &families[family];
}

int pattern_full_size (void)
{
  return FULL_SIZE;
}

/* Where digit k of a family's index goes under the family's own mirror symmetry (the one
 * symmetry of the board that maps each instance onto itself), or -1 for none. */
static int mirror_digit (int family, int k)
{
  switch (family) {
  case FAMILY_EDGE_X: /* a1..h1 reversed, b2 and g2 swapped */
    return k < 8 ? 7 - k : 17 - k;
  case FAMILY_CORNER_3X3: /* (column, row) = (k % 3, k / 3) transposed */
    return (k % 3) * 3 + k / 3;
  case FAMILY_LINE_2: case FAMILY_LINE_3: case FAMILY_LINE_4: case FAMILY_DIAGONAL_8:
  case FAMILY_DIAGONAL_7: case FAMILY_DIAGONAL_6: case FAMILY_DIAGONAL_5: case FAMILY_DIAGONAL_4:
    return families[family].squares - 1 - k;
  default:
    return -1;
  }
}

/* Walks the indices of a family in order, keeping the digits and the mirrored index up to date
 * as an odometer does (amortised constant time an index), and numbers the entries: the smaller
 * index of a mirror pair owns the entry, and it is always met first. Returns the next number. */
static uint32_t family_compact_map (int f, uint32_t next, uint32_t *compact)
{
  const PatternFamily *family = &families[f];
  int squares = family->squares;
  bool mirrored = squares > 0 && mirror_digit (f, 0) >= 0;
  if (!mirrored) {
    for (int i = 0; i < family->size; i++)
      compact[family->offset + i] = next++;
    return next;
  }
  uint32_t power[10] = { 1 };
  for (int k = 1; k < squares; k++)
    power[k] = 3 * power[k - 1];
  uint32_t step[10]; /* what a digit's increment adds to the mirrored index */
  for (int k = 0; k < squares; k++)
    step[k] = power[mirror_digit (f, k)];
  int digits[10] = { 0 };
  uint32_t mirror = 0;
  for (uint32_t i = 0; i < (uint32_t) family->size; i++) {
    compact[family->offset + i] = mirror < i ? compact[family->offset + mirror] : next++;
    for (int k = 0; k < squares; k++) {
      if (digits[k] < 2) {
        digits[k]++;
        mirror += step[k];
        break;
      }
      digits[k] = 0;
      mirror -= 2 * step[k];
    }
  }
  return next;
}

void pattern_compact_map (uint32_t *compact)
{
  assert (compact);
  uint32_t next = 0;
  for (int f = 0; f < PATTERN_FAMILIES; f++)
    next = family_compact_map (f, next, compact);
}

int pattern_compact_size (void)
{
  /* Each mirror pair of distinct indices shares an entry; a symmetric index has its own. */
  int count = 0;
  for (int f = 0; f < PATTERN_FAMILIES; f++) {
    const PatternFamily *family = &families[f];
    if (family->squares == 0 || mirror_digit (f, 0) < 0) {
      count += family->size;
      continue;
    }
    /* Symmetric indices: each orbit of digit positions under the mirror holds one digit. */
    int orbits = 0;
    for (int k = 0; k < family->squares; k++)
      orbits += mirror_digit (f, k) >= k;
    int symmetric = 1;
    for (int k = 0; k < orbits; k++)
      symmetric *= 3;
    count += (family->size + symmetric) / 2;
  }
  return count;
}

/* ---- Pattern indices ---- */

/* Base-3 value of a bit set read as digits 0/1: the sum of 3^k over its set bits k. Built by
 * doubling: the table for k + 1 bits is the table for k bits, then the same plus 3^k. */
#define TERNARY_1(n) (n), (n) + 1
#define TERNARY_2(n) TERNARY_1 (n), TERNARY_1 ((n) + 3)
#define TERNARY_3(n) TERNARY_2 (n), TERNARY_2 ((n) + 9)
#define TERNARY_4(n) TERNARY_3 (n), TERNARY_3 ((n) + 27)
#define TERNARY_5(n) TERNARY_4 (n), TERNARY_4 ((n) + 81)
#define TERNARY_6(n) TERNARY_5 (n), TERNARY_5 ((n) + 243)
#define TERNARY_7(n) TERNARY_6 (n), TERNARY_6 ((n) + 729)
#define TERNARY_8(n) TERNARY_7 (n), TERNARY_7 ((n) + 2187)
#define TERNARY_9(n) TERNARY_8 (n), TERNARY_8 ((n) + 6561)
#define TERNARY_10(n) TERNARY_9 (n), TERNARY_9 ((n) + 19683)
static const uint16_t ternary[1024] = { TERNARY_10 (0) };

/* The 8 images of a bit set, numbered as board_bits_symmetry numbers them (bit 2: transpose
 * first; bit 0: mirror columns; bit 1: mirror rows). */
static inline void symmetries (uint64_t x, uint64_t image[8])
{
  uint64_t t = board_transpose (x);
  image[0] = x;
  image[1] = board_mirror_columns (x);
  image[2] = board_mirror_rows (x);
  image[3] = board_mirror_rows (image[1]);
  image[4] = t;
  image[5] = board_mirror_columns (t);
  image[6] = board_mirror_rows (t);
  image[7] = board_mirror_rows (image[5]);
}

/* Every pattern is read from the corner a1 of one image of the board: the symmetries listed
 * for a family take that corner to each of the family's instances. */
static inline uint32_t edge_x_bits (uint64_t x)    /* a1..h1, b2, g2 */
{
  return (uint32_t) ((x & 0xFF) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200));
}
static inline uint32_t corner_3x3_bits (uint64_t x) /* a1 b1 c1, a2 b2 c2, a3 b3 c3 */
{
  return (uint32_t) ((x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1C0));
}
static inline uint32_t corner_2x5_bits (uint64_t x) /* a1..e1, a2..e2 */
{
  return (uint32_t) ((x & 0x1F) | ((x >> 3) & 0x3E0));
}
/* The squares with column - row == d, gathered into one byte by column: each column holds one
 * square of the diagonal, so the shifted copies summed by the multiply never carry. */
static inline uint32_t diagonal_bits (uint64_t x, int d)
{
  const uint64_t main_diagonal = 0x8040201008040201ULL;
  uint64_t mask = d >= 0 ? main_diagonal >> (8 * d) : main_diagonal << (-8 * d);
  uint32_t byte = (uint32_t) (((x & mask) * 0x0101010101010101ULL) >> 56);
  return d >= 0 ? byte >> d : byte & ((1u << (8 + d)) - 1);
}

static inline uint32_t ternary_index (uint32_t player_bits, uint32_t opponent_bits)
{
  return (uint32_t) ternary[player_bits] + 2u * ternary[opponent_bits];
}

/* The pattern instances' indices (all but the last three features: the counts), inlined into
 * each evaluation kernel below. */
static inline __attribute__ ((always_inline)) void pattern_indices (const Board *board,
                                                                   uint32_t *features)
{
  uint64_t p[8], o[8];
  symmetries (board->player, p);
  symmetries (board->opponent, o);
  int n = 0;
  static const int sides[4] = { 0, 2, 4, 6 }; /* bottom row to each edge */
  for (int i = 0; i < 4; i++) {
    int s = sides[i];
    features[n++] = OFFSET_EDGE_X + ternary_index (edge_x_bits (p[s]), edge_x_bits (o[s]));
    features[n++] = OFFSET_LINE_2 + ternary_index ((p[s] >> 8) & 0xFF, (o[s] >> 8) & 0xFF);
    features[n++] = OFFSET_LINE_3 + ternary_index ((p[s] >> 16) & 0xFF, (o[s] >> 16) & 0xFF);
    features[n++] = OFFSET_LINE_4 + ternary_index ((p[s] >> 24) & 0xFF, (o[s] >> 24) & 0xFF);
  }
  for (int s = 0; s < 4; s++) /* corner a1 to each corner */
    features[n++] = OFFSET_CORNER_3X3 + ternary_index (corner_3x3_bits (p[s]),
                                                       corner_3x3_bits (o[s]));
  for (int s = 0; s < 8; s++) /* both orientations at each corner */
    features[n++] = OFFSET_CORNER_2X5 + ternary_index (corner_2x5_bits (p[s]),
                                                       corner_2x5_bits (o[s]));
  for (int s = 0; s < 2; s++) { /* diagonals, then (mirrored) anti-diagonals */
    features[n++] = OFFSET_DIAGONAL_8 + ternary_index (diagonal_bits (p[s], 0),
                                                       diagonal_bits (o[s], 0));
    static const int offsets[5] = { 0, OFFSET_DIAGONAL_7, OFFSET_DIAGONAL_6, OFFSET_DIAGONAL_5,
                                    OFFSET_DIAGONAL_4 };
    for (int d = 1; d <= 4; d++) {
      features[n++] = (uint32_t) offsets[d] + ternary_index (diagonal_bits (p[s], d),
                                                             diagonal_bits (o[s], d));
      features[n++] = (uint32_t) offsets[d] + ternary_index (diagonal_bits (p[s], -d),
                                                             diagonal_bits (o[s], -d));
    }
  }
  assert (n == PATTERN_INSTANCES - 3);
}

/* The counting features, last: both sides' legal moves and the parity of the empties. */
static inline __attribute__ ((always_inline)) void pattern_counts (uint32_t *features,
                                                                  int mobility,
                                                                  int opponent_mobility,
                                                                  int empties)
{
  uint32_t *count = features + PATTERN_INSTANCES - 3;
  count[0] = OFFSET_MOBILITY + (uint32_t) (mobility < MOBILITY_SIZE ? mobility : MOBILITY_SIZE - 1);
  count[1] = OFFSET_OPPONENT_MOBILITY
           + (uint32_t) (opponent_mobility < MOBILITY_SIZE ? opponent_mobility : MOBILITY_SIZE - 1);
  count[2] = OFFSET_PARITY + (uint32_t) (empties & 1);
}

void pattern_features (const Board *board, uint32_t features[PATTERN_INSTANCES])
{
  assert (board && features);
  pattern_indices (board, features);
  pattern_counts (features, board_count (board_moves (board->player, board->opponent)),
                  board_count (board_moves (board->opponent, board->player)),
                  board_empties (board));
}

/* ---- The reference: square lists, read one square at a time ---- */

static int reference_digit (const Board *board, int square)
{
  if (board->player & board_bit (square))
    return 1;
  if (board->opponent & board_bit (square))
    return 2;
  return 0;
}

/* The index of the squares (given in the coordinates of the board's image under symmetry)
 * read from the board itself: the square that symmetry takes to q is the one to read. */
static uint32_t reference_index (const Board *board, int symmetry, const int *squares, int count)
{
  uint32_t index = 0;
  for (int k = count - 1; k >= 0; k--) {
    int source = -1;
    for (int sq = 0; sq < 64; sq++)
      if (board_square_symmetry (sq, symmetry) == squares[k])
        source = sq;
    index = index * 3 + (uint32_t) reference_digit (board, source);
  }
  return index;
}

void pattern_features_reference (const Board *board, uint32_t features[PATTERN_INSTANCES])
{
  static const int edge_x[10] = { 0, 1, 2, 3, 4, 5, 6, 7, 9, 14 };
  static const int corner_3x3[9] = { 0, 1, 2, 8, 9, 10, 16, 17, 18 };
  static const int corner_2x5[10] = { 0, 1, 2, 3, 4, 8, 9, 10, 11, 12 };
  int n = 0;
  for (int s = 0; s < 8; s += 2) {
    features[n++] = OFFSET_EDGE_X + reference_index (board, s, edge_x, 10);
    for (int row = 1; row <= 3; row++) {
      int line[8];
      for (int c = 0; c < 8; c++)
        line[c] = board_square (c, row);
      features[n++] = (uint32_t) (OFFSET_LINE_2 + (row - 1) * 6561)
                    + reference_index (board, s, line, 8);
    }
  }
  for (int s = 0; s < 4; s++)
    features[n++] = OFFSET_CORNER_3X3 + reference_index (board, s, corner_3x3, 9);
  for (int s = 0; s < 8; s++)
    features[n++] = OFFSET_CORNER_2X5 + reference_index (board, s, corner_2x5, 10);
  for (int s = 0; s < 2; s++) {
    static const int offsets[5] = { OFFSET_DIAGONAL_8, OFFSET_DIAGONAL_7, OFFSET_DIAGONAL_6,
                                    OFFSET_DIAGONAL_5, OFFSET_DIAGONAL_4 };
    for (int d = 0; d <= 4; d++) {
      for (int sign = 1; sign >= (d ? -1 : 1); sign -= 2) {
        int diagonal[8], count = 0;
        for (int c = 0; c < 8; c++) {
          int r = c - sign * d;
          if (r >= 0 && r < 8)
            diagonal[count++] = board_square (c, r);
        }
        features[n++] = (uint32_t) offsets[d] + reference_index (board, s, diagonal, count);
      }
    }
  }
  int mobility = board_count (board_legal_moves (board));
  Board passed = *board;
  board_pass (&passed);
  int opponent_mobility = board_count (board_legal_moves (&passed));
  features[n++] = OFFSET_MOBILITY + (uint32_t) (mobility > 33 ? 33 : mobility);
  features[n++] = OFFSET_OPPONENT_MOBILITY + (uint32_t) (opponent_mobility > 33 ? 33 : opponent_mobility);
  features[n++] = OFFSET_PARITY + (uint32_t) (board_empties (board) % 2);
}

/* ---- Weight files ---- */

#define WEIGHTS_MAGIC "VERSOEVW"
#define WEIGHTS_VERSION 1
#define WEIGHTS_HEADER PATTERN_WEIGHTS_HEADER

/* Payload tokens are varints (7 bits a byte, low first). An even token 2n stands for n + 1
 * zeros; an odd token 2z + 1 for one nonzero value v, where z = 2v - 1 when v > 0 and
 * z = -2v - 2 when v < 0. */
static size_t put_varint (uint8_t *out, uint32_t value)
{
  size_t n = 0;
  while (value >= 0x80) {
    out[n++] = (uint8_t) (value | 0x80);
    value >>= 7;
  }
  out[n++] = (uint8_t) value;
  return n;
}

uint8_t *pattern_weights_encode (const int16_t *compact, size_t *size)
{
  assert (compact && size);
  size_t count = (size_t) PATTERN_PHASES * (size_t) pattern_compact_size ();
  /* At worst 3 bytes a value. */
  uint8_t *bytes = malloc (WEIGHTS_HEADER + 3 * count);
  if (!bytes)
    return NULL;
  size_t n = WEIGHTS_HEADER;
  for (size_t i = 0; i < count;) {
    if (compact[i] == 0) {
      size_t run = 1;
      while (i + run < count && compact[i + run] == 0 && run < 0x10000)
        run++;
      n += put_varint (bytes + n, (uint32_t) (2 * (run - 1)));
      i += run;
    } else {
      int32_t v = compact[i];
      uint32_t zigzag = v > 0 ? (uint32_t) (2 * v - 1) : (uint32_t) (-2 * v - 2);
      n += put_varint (bytes + n, 2 * zigzag + 1);
      i++;
    }
  }
  memcpy (bytes, WEIGHTS_MAGIC, 8);
  bytes_write_u32 (bytes + 8, WEIGHTS_VERSION);
  bytes_write_u32 (bytes + 12, PATTERN_PHASES);
  bytes_write_u32 (bytes + 16, (uint32_t) pattern_compact_size ());
  pattern_weights_seal (bytes, n);
  *size = n;
  return bytes;
}

void pattern_weights_seal (uint8_t *bytes, size_t size)
{
  assert (bytes != NULL && size >= WEIGHTS_HEADER);
  bytes_write_u32 (bytes + 20, (uint32_t) (size - WEIGHTS_HEADER));
  bytes_write_u32 (bytes + 24, bytes_fnv1a (bytes + WEIGHTS_HEADER, size - WEIGHTS_HEADER));
}

void pattern_weights_free (PatternWeights *weights)
{
  if (!weights)
    return;
  free (weights->storage);
  free (weights);
}

#define FAIL(...) do { snprintf (error, error_size, __VA_ARGS__); goto fail; } while (0)

PatternWeights *pattern_weights_decode (const uint8_t *bytes, size_t size, char *error,
                                        size_t error_size)
{
  char ignored[1];
  if (!error) {
    error = ignored;
    error_size = sizeof ignored;
  }
  PatternWeights *weights = NULL;
  int16_t *compact = NULL;
  uint32_t *map = NULL;
  size_t compact_size = (size_t) pattern_compact_size ();
  if (!bytes_check_header (bytes, size, WEIGHTS_HEADER, WEIGHTS_MAGIC, WEIGHTS_VERSION, "no weights",
                           "weight", error, error_size))
    goto fail;
  if (bytes_read_u32 (bytes + 12) != PATTERN_PHASES || bytes_read_u32 (bytes + 16) != compact_size)
    FAIL ("weights made for another pattern layout (%u phases of %u)", bytes_read_u32 (bytes + 12),
          bytes_read_u32 (bytes + 16));
  size_t payload = bytes_read_u32 (bytes + 20);
  if (payload != size - WEIGHTS_HEADER)
    FAIL ("weight file is %zu bytes, its header says %zu", size, payload + WEIGHTS_HEADER);
  if (!bytes_check_checksum (bytes, size, WEIGHTS_HEADER, 24, "weight", error, error_size))
    goto fail;

  size_t count = (size_t) PATTERN_PHASES * compact_size;
  compact = malloc (count * sizeof *compact);
  map = malloc ((size_t) FULL_SIZE * sizeof *map);
  weights = calloc (1, sizeof *weights);
  if (!compact || !map || !weights)
    FAIL ("out of memory for the weights");
  weights->storage = malloc ((size_t) PATTERN_PHASES * FULL_SIZE * sizeof (int16_t));
  if (!weights->storage)
    FAIL ("out of memory for the weights");

  const uint8_t *in = bytes + WEIGHTS_HEADER, *end = bytes + size;
  size_t i = 0;
  while (in < end) {
    uint32_t token = 0;
    int shift = 0;
    for (;;) {
      /* A token has 32 bits: the fifth byte holds bits 28..31, and nothing follows it. */
      if (in >= end || shift > 28 || (shift == 28 && (*in & 0xF0)))
        FAIL ("weight file payload is malformed");
      uint8_t byte = *in++;
      token |= (uint32_t) (byte & 0x7F) << shift;
      shift += 7;
      if (!(byte & 0x80))
        break;
    }
    if (token & 1) {
      uint32_t zigzag = token >> 1;
      int32_t v = (zigzag & 1) ? (int32_t) ((zigzag + 1) / 2) : -(int32_t) ((zigzag + 2) / 2);
      if (i >= count || v < INT16_MIN || v > INT16_MAX)
        FAIL ("weight file payload is malformed");
      compact[i++] = (int16_t) v;
    } else {
      size_t run = (size_t) (token >> 1) + 1;
      if (run > count - i)
        FAIL ("weight file payload is malformed");
      memset (compact + i, 0, run * sizeof *compact);
      i += run;
    }
  }
  if (i != count)
    FAIL ("weight file holds %zu weights, expected %zu", i, count);

  pattern_compact_map (map);
  for (int phase = 0; phase < PATTERN_PHASES; phase++) {
    weights->phase[phase] = weights->storage + (size_t) phase * FULL_SIZE;
    const int16_t *source = compact + (size_t) phase * compact_size;
    for (int j = 0; j < FULL_SIZE; j++)
      weights->phase[phase][j] = source[map[j]];
  }
  free (compact);
  free (map);
  if (error_size)
    error[0] = '\0';
  return weights;

fail:
  free (compact);
  free (map);
  pattern_weights_free (weights);
  return NULL;
}

/* ---- Pattern indices by bit gathering ----
 *
 * Where PEXT is fast, each instance's squares are gathered straight from the board in square
 * order, and a table per instance turns the gathered bits into the index's digits in the
 * instance's own order: no images of the board are built. The squares and their digits are
 * found by asking pattern_indices about one square at a time, so both ways read the same
 * patterns by construction (test-eval-pattern compares them on many positions). */

typedef struct Gather {
  uint64_t mask[PATTERN_INSTANCES - 3];
  /* digits[n][bits]: sum of 3^digit over the squares of bits gathered by mask[n] */
  uint16_t *digits[PATTERN_INSTANCES - 3];
  uint32_t offset[PATTERN_INSTANCES - 3]; /* the family's offset in the full table */
  uint16_t *storage;
} Gather;

static Gather gather;
static pthread_once_t gather_once = PTHREAD_ONCE_INIT;

static void gather_init (void)
{
  enum { N = PATTERN_INSTANCES - 3 };
  uint32_t empty[PATTERN_INSTANCES], one[PATTERN_INSTANCES];
  Board nothing = { 0, 0 };
  pattern_indices (&nothing, empty);
  int digit[N][64];
  size_t total = 0;
  for (int n = 0; n < N; n++) {
    gather.offset[n] = empty[n];
    gather.mask[n] = 0;
  }
  for (int square = 0; square < 64; square++) {
    Board board = { board_bit (square), 0 };
    pattern_indices (&board, one);
    for (int n = 0; n < N; n++) {
      uint32_t value = one[n] - empty[n]; /* 3^digit, or 0 when the square is not in it */
      digit[n][square] = -1;
      for (int k = 0, power = 1; value && k < 10; k++, power *= 3)
        if (value == (uint32_t) power) {
          digit[n][square] = k;
          gather.mask[n] |= board_bit (square);
        }
    }
  }
  for (int n = 0; n < N; n++)
    total += (size_t) 1 << board_count (gather.mask[n]);
  gather.storage = malloc (total * sizeof *gather.storage);
  if (!gather.storage)
    return;
  uint16_t *next = gather.storage;
  for (int n = 0; n < N; n++) {
    int squares[10], count = 0;
    for (uint64_t m = gather.mask[n]; m; m &= m - 1)
      squares[count++] = __builtin_ctzll (m);
    gather.digits[n] = next;
    for (uint32_t bits = 0; bits < (1u << count); bits++) {
      uint32_t value = 0;
      for (int j = 0; j < count; j++)
        if (bits & (1u << j)) {
          uint32_t power = 1;
          for (int k = 0; k < digit[n][squares[j]]; k++)
            power *= 3;
          value += power;
        }
      next[bits] = (uint16_t) value;
    }
    next += (size_t) 1 << count;
  }
}

/* ---- The evaluation ---- */

/* The pattern instances' indices gathered by PEXT (see gather_init). */
#ifdef BOARD_X86
static inline BOARD_TARGET_AVX2 void gather_indices (const Board *board, uint32_t *features)
{
  for (int n = 0; n < PATTERN_INSTANCES - 3; n++)
    features[n] = gather.offset[n] + gather.digits[n][_pext_u64 (board->player, gather.mask[n])]
                + 2u * gather.digits[n][_pext_u64 (board->opponent, gather.mask[n])];
}
#endif

/* One evaluation function per board kernel and way of finding the indices, from one
 * definition: compiled for x86-64-v3 the indices, bit counts and move generation take about a
 * fifth less time, and gathered by PEXT a fifth less again (bench-eval). */
#define DEFINE_EVALUATE(NAME, TARGET, MOVES, INDICES)                                         \
  static TARGET int NAME (const Evaluation *evaluation, const Board *board)                  \
  {                                                                                          \
    assert (evaluation && board);                                                            \
    const PatternWeights *weights = evaluation->weights;                                     \
    int empties = board_empties (board);                                                     \
    const int16_t *w = weights->phase[pattern_phase (empties)];                              \
    uint32_t features[PATTERN_INSTANCES];                                                    \
    INDICES (board, features);                                                               \
    pattern_counts (features, board_count (MOVES (board->player, board->opponent)),         \
                    board_count (MOVES (board->opponent, board->player)), empties);         \
    int score = 0;                                                                           \
    for (int i = 0; i < PATTERN_INSTANCES; i++)                                              \
      score += w[features[i]];                                                               \
    return eval_clamp (score);                                                               \
  }

DEFINE_EVALUATE (pattern_evaluate, , board_moves, pattern_indices)
#ifdef BOARD_X86
DEFINE_EVALUATE (pattern_evaluate_avx2, BOARD_TARGET_AVX2, board_moves_avx2, pattern_indices)
DEFINE_EVALUATE (pattern_evaluate_gather, BOARD_TARGET_AVX2, board_moves_avx2, gather_indices)
#endif

Evaluation pattern_evaluation (const PatternWeights *weights)
{
  assert (weights);
  Evaluation evaluation = {
    .name = "pattern",
    .evaluate = pattern_evaluate,
    .weights = weights,
  };
#ifdef BOARD_X86
  if (board_kernel_best () != BOARD_KERNEL_PORTABLE)
    evaluation.evaluate = pattern_evaluate_avx2;
  /* PEXT is fast on every CPU with AVX-512 (and microcoded, hundreds of cycles, on some
   * without it). */
  if (board_kernel_available (BOARD_KERNEL_AVX512)) {
    pthread_once (&gather_once, gather_init);
    if (gather.storage)
      evaluation.evaluate = pattern_evaluate_gather;
  }
#endif
  return evaluation;
}

/* The compiled-in weights (their decoder judges an empty file too), and their evaluation. */
static Evaluation compiled_evaluation;

static void *decode_compiled (const void *bytes, size_t size, char *error, size_t error_size)
{
  PatternWeights *weights = pattern_weights_decode (bytes, size, error, error_size);
  if (weights)
    compiled_evaluation = pattern_evaluation (weights);
  return weights;
}

static Compiled compiled = COMPILED_INIT (eval_weights_data, &eval_weights_size, decode_compiled,
                                          NULL);

const Evaluation *eval_pattern (void)
{
  return compiled_get (&compiled) ? &compiled_evaluation : eval_simple ();
}

const char *eval_pattern_error (void)
{
  return compiled_error (&compiled);
}
