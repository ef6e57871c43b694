/* eval_reverse_weights.h: the weights of the Reverse evaluation (eval_reverse.h), made by
 * `verso-engine train-reverse --games 2000 --rounds 3 --seed 1 --output src/engine/eval/eval_reverse_weights.h`
 * (deterministic). Do not edit. */
#pragma once

#include "eval_reverse.h"

/* EVAL_SCALE units per unit of each feature, one row per phase (empties / 10):
 * mobility potential-mobility corners x-squares c-squares edges discs stable frontier parity. */
static const ReverseWeights reverse_weights = { {
  { 84, 86, -114, 24, 102, 1, -24, -83, -6, -405 },
  { 84, 27, -316, -49, 59, -24, -24, -81, -32, -365 },
  { 60, 26, -430, -52, 56, -53, -6, -105, -53, -355 },
  { 50, 27, -587, -43, 43, -63, 13, -133, -69, -339 },
  { 29, 24, -603, -30, 27, -78, 41, -211, -83, -325 },
  { 30, 10, -731, -65, -72, -154, 133, -323, -147, -305 },
} };
