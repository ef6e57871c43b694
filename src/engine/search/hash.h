/* hash.h: the transposition table, shared without locks by the threads of a search.
 * Each entry is two 64-bit words, the key xor-ed with the data and the data, so a torn read by
 * one thread while another writes is seen as a miss rather than a wrong answer. */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The depth stored for scores that are exact (searched to the end of the game). */
#define HASH_DEPTH_EXACT 127
/* The depth stored for scores of the selective endgame search (endgame.h): searched to the end
 * of the game but with ProbCut, so only a selective search takes them as bounds. */
#define HASH_DEPTH_SELECTIVE 126

/* Entries in a bucket: a key may be stored in any of them. */
#define HASH_BUCKET_ENTRIES 4

typedef struct HashEntry {
  _Atomic uint64_t check; /* key ^ data */
  _Atomic uint64_t data;
} HashEntry;

typedef struct HashTable {
  HashEntry *entries;
  uint64_t bucket_mask; /* number of buckets - 1 */
  uint8_t date;         /* bumped by each search so old entries are replaced first */
} HashTable;

/* What the table knows of a position: bounds of its score in EVAL_SCALE units, valid for
 * searches of at most `depth` plies (HASH_DEPTH_EXACT: any), and the best move found. */
typedef struct HashHit {
  int lower;
  int upper;
  int depth;
  int move; /* BOARD_NO_MOVE when none */
} HashHit;

/* bytes is rounded down to a power of two (at least one bucket). False when memory is short. */
bool hash_init (HashTable *hash, size_t bytes);
void hash_destroy (HashTable *hash);
/* Empties the table; no search may be using it. */
void hash_clear (HashTable *hash);
void hash_new_date (HashTable *hash);

/* The fields of an entry's data word (see hash.c's pack). */
static inline int hash_data_lower (uint64_t data) { return (int) (data & 0xFFFF) - 32768; }
static inline int hash_data_upper (uint64_t data) { return (int) ((data >> 16) & 0xFFFF) - 32768; }
static inline int hash_data_move (uint64_t data) { return (int) ((data >> 32) & 0xFF); }
static inline int hash_data_depth (uint64_t data) { return (int) ((data >> 40) & 0xFF); }
static inline uint8_t hash_data_date (uint64_t data) { return (uint8_t) (data >> 48); }

static inline HashEntry *hash_bucket (const HashTable *hash, uint64_t key)
{
  return hash->entries + (key & hash->bucket_mask) * HASH_BUCKET_ENTRIES;
}

/* The table's knowledge of `key`: false when it has none. Inline, so that the solvers compiled
 * for newer instruction sets have it in their own code, without a call. */
static inline bool hash_probe (const HashTable *hash, uint64_t key, HashHit *hit)
{
  HashEntry *entry = hash_bucket (hash, key);
  for (int i = 0; i < HASH_BUCKET_ENTRIES; i++) {
    uint64_t data = atomic_load_explicit (&entry[i].data, memory_order_relaxed);
    uint64_t check = atomic_load_explicit (&entry[i].check, memory_order_relaxed);
    if (data && (check ^ data) == key) {
      hit->lower = hash_data_lower (data);
      hit->upper = hash_data_upper (data);
      hit->depth = hash_data_depth (data);
      hit->move = hash_data_move (data);
      return true;
    }
  }
  return false;
}

/* Starts loading the bucket of key into the cache, for a probe of it soon after. */
static inline void hash_prefetch (const HashTable *hash, uint64_t key)
{
  __builtin_prefetch (hash_bucket (hash, key));
}
/* Narrows the window (*alpha, *beta) by the bounds of `hit`, divided by `scale` (EVAL_SCALE for
 * the solvers' scores in discs, 1 for the midgame's): true when they decide the search, whose
 * score is then *score. */
static inline bool hash_narrow (const HashHit *hit, int scale, int *alpha, int *beta, int *score)
{
  int lower = hit->lower / scale, upper = hit->upper / scale;
  if (lower >= *beta || lower == upper) {
    *score = lower;
    return true;
  }
  if (upper <= *alpha) {
    *score = upper;
    return true;
  }
  if (lower > *alpha)
    *alpha = lower;
  if (upper < *beta)
    *beta = upper;
  return false;
}
/* Stores the result `score` of a fail-soft search in the window (alpha, beta). */
void hash_store (HashTable *hash, uint64_t key, int depth, int alpha, int beta, int score,
                 int move);
