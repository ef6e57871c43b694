/* array.h: an array that grows by doubling, for the lists built one item at a time (positions,
 * entries, games). */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/* items (of *capacity items of item_size bytes, NULL when 0) reallocated to hold at least
 * `needed`: the capacity doubles, from `first` for an empty array. NULL when memory is short or
 * the size would overflow; items is then as it was, still the caller's to free. */
static inline void *array_grow (void *items, size_t *capacity, size_t needed, size_t item_size,
                                size_t first)
{
  if (needed <= *capacity)
    return items;
  size_t grown = *capacity ? *capacity : first;
  while (grown < needed) {
    if (grown > SIZE_MAX / 2)
      return NULL;
    grown *= 2;
  }
  if (grown > SIZE_MAX / item_size)
    return NULL;
  void *bigger = realloc (items, grown * item_size);
  if (bigger)
    *capacity = grown;
  return bigger;
}
