/* perft.h: counting the leaves of the game tree to a fixed depth, the standard check (and
 * benchmark) of move generation. */
#pragma once

#include <stdint.h>

#include "board.h"

/* Depths above this are refused: the count grows about tenfold a ply, so perft(20) (near 10^17
 * leaves from the start) would already take years, and a couple of plies more would overflow
 * the 64-bit count. */
#define PERFT_MAX_DEPTH 20

/* Leaves at `depth` plies (0..PERFT_MAX_DEPTH) from board. A pass is a ply, and a finished game
 * counts as one leaf at every deeper ply. */
uint64_t perft_count (const Board *board, int depth);

/* The same count, shared over `threads` threads (1 or less: the calling thread alone). */
uint64_t perft_count_threads (const Board *board, int depth, int threads);

/* The same count with a chosen move generation kernel, which must be available. perft_count and
 * perft_count_threads use the fastest one. */
uint64_t perft_count_kernel (const Board *board, int depth, int threads, BoardKernel kernel);
