/* ggf.h: reading GGF game records, as NBoard sends them:
 * (;GM[Othello]PC[..]TY[8]BO[8 <64 squares> <side>]B[f5]W[d6//1.2]...;) */
#pragma once

#include <stddef.h>

#include "position.h"

#define GGF_MAX_MOVES 128

typedef struct GgfGame {
  Position start;
  int moves[GGF_MAX_MOVES]; /* 0..63 or BOARD_PASS, all legal from `start` */
  int n_moves;
} GgfGame;

/* Parses a whole record. On error returns false and writes a short message naming the problem
 * (at most `size` bytes, NUL-terminated). */
bool ggf_parse (const char *text, size_t length, GgfGame *game, char *error, size_t size);

/* The position after the first n moves. */
Position ggf_position (const GgfGame *game, int n);
