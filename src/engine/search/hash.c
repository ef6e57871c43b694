/* hash.c: a transposition table of 4-entry buckets (one cache line), lockless by xor. */
#include "hash.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "board.h"

#define BUCKET_ENTRIES HASH_BUCKET_ENTRIES

/* Data word: lower (16 bits, offset), upper (16), move (8), depth (8), date (8, never 0). */
static inline uint64_t pack (int lower, int upper, int move, int depth, uint8_t date)
{
  return (uint64_t) (uint16_t) (lower + 32768)
       | (uint64_t) (uint16_t) (upper + 32768) << 16
       | (uint64_t) (uint8_t) move << 32
       | (uint64_t) (uint8_t) depth << 40
       | (uint64_t) date << 48;
}

/* Tables from this size are aligned to it and asked for in huge pages: each probe is a random
 * access, and with small pages most of them also miss the TLB (fforum-20-39 solved with a
 * 64 MB table: 3.23 s in small pages, 3.13 s in huge ones). */
#define HUGE_PAGE_BYTES ((size_t) 2 << 20)

static void *table_alloc (size_t size)
{
  if (size < HUGE_PAGE_BYTES)
    return malloc (size);
  void *table = aligned_alloc (HUGE_PAGE_BYTES, size);
#ifdef MADV_HUGEPAGE
  if (table)
    madvise (table, size, MADV_HUGEPAGE);
#endif
  return table;
}

bool hash_init (HashTable *hash, size_t bytes)
{
  assert (hash);
  size_t buckets = 1;
  while (buckets * 2 * BUCKET_ENTRIES * sizeof (HashEntry) <= bytes)
    buckets *= 2;
  size_t size = buckets * BUCKET_ENTRIES * sizeof (HashEntry);
  hash->entries = table_alloc (size);
  if (!hash->entries)
    return false;
  hash->bucket_mask = buckets - 1;
  /* Writing every page now keeps the page faults out of the first searches' time limits. */
  hash_clear (hash);
  return true;
}

void hash_destroy (HashTable *hash)
{
  assert (hash);
  free (hash->entries);
  hash->entries = NULL;
}

void hash_clear (HashTable *hash)
{
  assert (hash && hash->entries);
  memset (hash->entries, 0, (hash->bucket_mask + 1) * BUCKET_ENTRIES * sizeof (HashEntry));
  hash->date = 1;
}

void hash_new_date (HashTable *hash)
{
  assert (hash);
  hash->date = hash->date == 255 ? 1 : hash->date + 1;
}

static inline void entry_write (HashEntry *entry, uint64_t key, uint64_t data)
{
  atomic_store_explicit (&entry->data, data, memory_order_relaxed);
  atomic_store_explicit (&entry->check, key ^ data, memory_order_relaxed);
}

void hash_store (HashTable *hash, uint64_t key, int depth, int alpha, int beta, int score,
                 int move)
{
  assert (hash);
  assert (depth >= 0 && depth <= HASH_DEPTH_EXACT);
  assert (move >= 0 && move <= BOARD_NO_MOVE);
  int lower = score >= beta ? score : -32768 + 1;
  int upper = score <= alpha ? score : 32767 - 1;
  if (score > alpha && score < beta)
    lower = upper = score;
  uint8_t date = hash->date;
  HashEntry *entry = hash_bucket (hash, key);
  HashEntry *victim = entry;
  int victim_priority = 1 << 30;
  for (int i = 0; i < BUCKET_ENTRIES; i++) {
    uint64_t data = atomic_load_explicit (&entry[i].data, memory_order_relaxed);
    uint64_t check = atomic_load_explicit (&entry[i].check, memory_order_relaxed);
    if (data && (check ^ data) == key) {
      int old_depth = hash_data_depth (data);
      if (old_depth > depth) {
        /* A deeper result stays; a new best move from a shallower one is still news. */
        if (move == BOARD_NO_MOVE || move == hash_data_move (data))
          return;
        depth = old_depth, lower = hash_data_lower (data), upper = hash_data_upper (data);
      } else if (old_depth == depth) {
        int old_lower = hash_data_lower (data), old_upper = hash_data_upper (data);
        int merged_lower = lower > old_lower ? lower : old_lower;
        int merged_upper = upper < old_upper ? upper : old_upper;
        if (merged_lower <= merged_upper)
          lower = merged_lower, upper = merged_upper;
      }
      if (move == BOARD_NO_MOVE)
        move = hash_data_move (data);
      entry_write (&entry[i], key, pack (lower, upper, move, depth, date));
      return;
    }
    int priority = data ? hash_data_depth (data) + (hash_data_date (data) == date ? 256 : 0) : -1;
    if (priority < victim_priority)
      victim = &entry[i], victim_priority = priority;
  }
  entry_write (victim, key, pack (lower, upper, move, depth, date));
}
