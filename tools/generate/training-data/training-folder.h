/* training-folder.h: a folder of training data chunks (training-chunk.h), each in its own xz
 * file named games-SEED-FIRST.bin.xz (FIRST: the chunk's first game, 9 digits), read whole. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "training-chunk.h"

/* The name of the chunk of `seed` that starts at game `first`. */
void training_chunk_name (uint64_t seed, uint32_t first, char *out, size_t size);

/* Called for each chunk once its positions are visited: its path, its header, its file's size. */
typedef void (*TrainingChunkDone) (const char *path, const TrainingChunk *chunk,
                                   size_t file_bytes, void *user_data);

/* Reads every chunk file of dir in name order, each checked whole before its positions are
 * visited (visit may be NULL), then calls done (may be NULL). Other files are left alone. False
 * with "PATH: offset N: what is wrong" (or why the folder or a file cannot be read) in error at
 * the first chunk that does not read, or when a chunk's header disagrees with its name. */
bool training_folder_read (const char *dir, TrainingVisit visit, TrainingChunkDone done,
                           void *user_data, char *error, size_t error_size);
