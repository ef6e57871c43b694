/* board-x86.h: board_moves and board_flips with AVX2 and AVX-512, for hot loops that choose a
 * BoardKernel at run time. Compiled only by GCC-compatible compilers for x86-64, each function
 * with its own target attribute, so the rest of the program stays portable.
 *
 * To use them, define the hot loop once per kernel with that kernel's target attribute
 * (BOARD_TARGET_AVX2 with board_moves_avx2 and board_flips_empty_avx2, and so on; see
 * DEFINE_COUNT in perft.c), so they inline, and pick one by board_kernel_best () outside it. */
#pragma once

#include "board.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define BOARD_X86 1

#include <immintrin.h>

#define BOARD_TARGET_AVX2 __attribute__ ((target ("avx2,bmi,bmi2,popcnt")))
#define BOARD_TARGET_AVX512 \
  __attribute__ ((target ("avx2,bmi,bmi2,popcnt,avx512f,avx512vl,avx512cd")))

static inline BOARD_TARGET_AVX2 uint64_t board_or_lanes_avx2 (__m256i v)
{
  __m128i x = _mm_or_si128 (_mm256_castsi256_si128 (v), _mm256_extracti128_si256 (v, 1));
  x = _mm_or_si128 (x, _mm_unpackhi_epi64 (x, x));
  return (uint64_t) _mm_cvtsi128_si64 (x);
}

/* board_moves with the four direction pairs in the four lanes: shifts by 1, 8, 7 and 9. */
static inline BOARD_TARGET_AVX2 uint64_t board_moves_avx2 (uint64_t player, uint64_t opponent)
{
  const __m256i shift = _mm256_set_epi64x (9, 7, 8, 1);
  const __m256i shift2 = _mm256_set_epi64x (18, 14, 16, 2);
  const long long inner = 0x7E7E7E7E7E7E7E7ELL;
  __m256i p = _mm256_set1_epi64x ((long long) player);
  __m256i o = _mm256_and_si256 (_mm256_set1_epi64x ((long long) opponent),
                                _mm256_set_epi64x (inner, inner, -1, inner));
  __m256i left = _mm256_and_si256 (o, _mm256_sllv_epi64 (p, shift));
  __m256i right = _mm256_and_si256 (o, _mm256_srlv_epi64 (p, shift));
  __m256i inner_left = _mm256_and_si256 (o, _mm256_sllv_epi64 (o, shift));
  __m256i inner_right = _mm256_and_si256 (o, _mm256_srlv_epi64 (o, shift));
  left = _mm256_or_si256 (left, _mm256_and_si256 (o, _mm256_sllv_epi64 (left, shift)));
  right = _mm256_or_si256 (right, _mm256_and_si256 (o, _mm256_srlv_epi64 (right, shift)));
  left = _mm256_or_si256 (left, _mm256_and_si256 (inner_left, _mm256_sllv_epi64 (left, shift2)));
  right = _mm256_or_si256 (right, _mm256_and_si256 (inner_right, _mm256_srlv_epi64 (right, shift2)));
  left = _mm256_or_si256 (left, _mm256_and_si256 (inner_left, _mm256_sllv_epi64 (left, shift2)));
  right = _mm256_or_si256 (right, _mm256_and_si256 (inner_right, _mm256_srlv_epi64 (right, shift2)));
  __m256i moves = _mm256_or_si256 (_mm256_sllv_epi64 (left, shift), _mm256_srlv_epi64 (right, shift));
  return board_or_lanes_avx2 (moves) & ~(player | opponent);
}

/* The portable flips, compiled here for AVX2's scalar instructions: measured faster than
 * vector flips on AVX2 alone. */
static inline BOARD_TARGET_AVX2 uint64_t board_flips_empty_avx2 (uint64_t player,
                                                                  uint64_t opponent, int square)
{
  return board_flips_empty (player, opponent, square);
}

/* board_moves with all eight directions in the eight lanes of one register. Shifts are
 * rotations (left by 1, 8, 7, 9; right as left by 63, 56, 57, 55); a rotation wraps bits round,
 * so each lane's opponent mask and result mask drop the squares a wrap could land on, which no
 * run in that direction can reach anyway (the a and h files, and the first or last row). */
static inline BOARD_TARGET_AVX512 uint64_t board_moves_avx512 (uint64_t player,
                                                                uint64_t opponent)
{
  const __m512i rotate = _mm512_set_epi64 (55, 57, 56, 63, 9, 7, 8, 1);
  const __m512i rotate2 = _mm512_set_epi64 (46, 50, 48, 62, 18, 14, 16, 2);
  const long long inner = 0x7E7E7E7E7E7E7E7ELL;
  const long long not_row_1 = (long long) ~0xFFULL, not_row_8 = (long long) ~0xFF00000000000000ULL;
  const __m512i opponent_mask = _mm512_set_epi64 (inner & not_row_8, inner & not_row_8, not_row_8,
                                                  inner, inner & not_row_1, inner & not_row_1,
                                                  not_row_1, inner);
  const __m512i result_mask = _mm512_set_epi64 (not_row_8, not_row_8, not_row_8, -1,
                                                not_row_1, not_row_1, not_row_1, -1);
  __m512i p = _mm512_set1_epi64 ((long long) player);
  __m512i o = _mm512_and_si512 (_mm512_set1_epi64 ((long long) opponent), opponent_mask);
  __m512i run = _mm512_and_si512 (o, _mm512_rolv_epi64 (p, rotate));
  __m512i inner_run = _mm512_and_si512 (o, _mm512_rolv_epi64 (o, rotate));
  run = _mm512_or_si512 (run, _mm512_and_si512 (o, _mm512_rolv_epi64 (run, rotate)));
  run = _mm512_or_si512 (run, _mm512_and_si512 (inner_run, _mm512_rolv_epi64 (run, rotate2)));
  run = _mm512_or_si512 (run, _mm512_and_si512 (inner_run, _mm512_rolv_epi64 (run, rotate2)));
  __m512i moves = _mm512_and_si512 (_mm512_rolv_epi64 (run, rotate), result_mask);
  return (uint64_t) _mm512_reduce_or_epi64 (moves) & ~(player | opponent);
}

/* board_flips_empty with the four rays up in one register and the four down in another; the
 * highest bit going down comes from a vector leading-zero count. */
static inline BOARD_TARGET_AVX512 uint64_t board_flips_empty_avx512 (uint64_t player,
                                                                      uint64_t opponent,
                                                                      int square)
{
  const BoardRays *rays = &board_rays[square];
  const __m256i zero = _mm256_setzero_si256 ();
  __m256i p = _mm256_set1_epi64x ((long long) player);
  __m256i o = _mm256_set1_epi64x ((long long) opponent);
  __m256i up = _mm256_load_si256 ((const __m256i *) rays->up);
  __m256i down = _mm256_load_si256 ((const __m256i *) rays->down);
  /* Up: the lowest non-opponent square, if the player's; the flips are the ray below it:
   * outflank - 1, with the compare (all ones where outflank is 0) taking the -1 back. */
  __m256i stop = _mm256_andnot_si256 (o, up);
  __m256i outflank = _mm256_and_si256 (_mm256_and_si256 (stop, _mm256_sub_epi64 (zero, stop)), p);
  __m256i flips = _mm256_sub_epi64 (_mm256_add_epi64 (outflank, _mm256_set1_epi64x (-1)),
                                    _mm256_cmpeq_epi64 (outflank, zero));
  flips = _mm256_and_si256 (flips, up);
  /* Down: the highest non-opponent square; a shift by 64 (no such square) gives 0. */
  stop = _mm256_andnot_si256 (o, down);
  outflank = _mm256_and_si256 (_mm256_srlv_epi64 (_mm256_set1_epi64x ((long long) (1ULL << 63)),
                                                  _mm256_lzcnt_epi64 (stop)), p);
  __m256i flips_down = _mm256_sub_epi64 (zero, _mm256_add_epi64 (outflank, outflank));
  flips = _mm256_or_si256 (flips, _mm256_and_si256 (flips_down, down));
  return board_or_lanes_avx2 (flips);
}

#endif
