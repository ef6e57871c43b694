/* training-play.h: one game of the training data, played by the engine from a varied start,
 * and its exact positions (training-chunk.h says what they mean). */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "search.h"
#include "training-chunk.h"

/* Plays game `index` of settings->seed with `search` (cleared first) into *game. Everything in
 * it is a function of the settings and the index: the same game on any thread, any machine.
 * False when *stop was set before the game was finished (*game is then not a game to keep). */
bool training_play_game (const TrainingSettings *settings, uint64_t index, Search *search,
                         const atomic_bool *stop, TrainingGame *game);
