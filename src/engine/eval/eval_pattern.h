/* eval_pattern.h: the trained pattern evaluation (edges, corners, lines, diagonals, mobility,
 * parity), one weight set per game phase, and the format its weights are stored in. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "eval.h"

/* Game phases of 4 plies each, by the number of discs on the board: phase 0 holds the
 * positions with 60..57 empties, phase 14 those with 4..0. */
#define PATTERN_PHASES 15
/* Pattern families (edge, corner blocks, lines, diagonals, mobility, parity). */
#define PATTERN_FAMILIES 14
/* Feature instances read from one position: 46 patterns, 2 mobility counts, 1 parity. */
#define PATTERN_INSTANCES 49

typedef struct PatternFamily {
  const char *name;
  int squares;   /* digits of the base-3 index (0 for the counting features) */
  int size;      /* entries in the full table: 3^squares, or the range of a count */
  int instances; /* how many instances one position has */
  int offset;    /* where the family starts in one phase's full table */
} PatternFamily;

const PatternFamily *pattern_family (int family);
/* Entries in one phase's full table (every index of every family). */
int pattern_full_size (void);
/* Entries in one phase's compact table: indices that are mirror images of each other share one
 * entry, so a stored weight set is about half the full size. */
int pattern_compact_size (void);
/* compact[i] for every full-table entry i; the caller provides pattern_full_size () entries. */
void pattern_compact_map (uint32_t *compact);

static inline int pattern_phase (int empties)
{
  int phase = (60 - empties) / 4;
  return phase < 0 ? 0 : phase >= PATTERN_PHASES ? PATTERN_PHASES - 1 : phase;
}

/* The full-table index of every instance in the position, seen from the side to move
 * (0 empty, 1 the side to move, 2 the opponent per base-3 digit). */
void pattern_features (const Board *board, uint32_t features[PATTERN_INSTANCES]);

/* The same indices computed square by square, slowly and plainly: a reference for tests. */
void pattern_features_reference (const Board *board, uint32_t features[PATTERN_INSTANCES]);

/* Decoded weights: PATTERN_PHASES full tables of int16 in EVAL_SCALE units. */
typedef struct PatternWeights {
  int16_t *phase[PATTERN_PHASES];
  int16_t *storage;
} PatternWeights;

/* Weight files: "VERSOEVW", u32 version, u32 phases, u32 compact size, u32 payload bytes,
 * u32 FNV-1a of the payload (all little-endian), then the payload: the compact tables of all
 * phases as varints, zero runs packed. Returns NULL and a message in error when anything is
 * wrong with the bytes or memory is short. */
PatternWeights *pattern_weights_decode (const uint8_t *bytes, size_t size, char *error,
                                        size_t error_size);
void pattern_weights_free (PatternWeights *weights);
/* Encodes compact tables (phases * pattern_compact_size () values); returns a malloc'ed buffer
 * and its size, or NULL when memory is short. */
uint8_t *pattern_weights_encode (const int16_t *compact, size_t *size);
/* The header's bytes; the payload follows them. */
#define PATTERN_WEIGHTS_HEADER 28
/* Writes the payload size and checksum of a weight file of size bytes into its header. */
void pattern_weights_seal (uint8_t *bytes, size_t size);

/* The evaluation with these weights; weights must outlive it. */
Evaluation pattern_evaluation (const PatternWeights *weights);

/* The evaluation trained on tournament games, with the weights compiled into the program.
 * Falls back to eval_simple () when those weights are missing or damaged (then
 * eval_pattern_error () says why). Safe to call from any thread. */
const Evaluation *eval_pattern (void);
/* NULL when the compiled-in weights are in use, otherwise why they are not. */
const char *eval_pattern_error (void);
