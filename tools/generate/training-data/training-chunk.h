/* training-chunk.h: the training data's chunk format, games as moves and labels (not boards),
 * written by generate-training and read by the trainer. docs/training-data.md describes it for
 * readers in other languages; this is its definition.
 *
 * A chunk (the bytes inside one xz file, all integers little-endian):
 *
 *   offset  size
 *    0      8     magic "VERSOTRD"
 *    8      4     version (TRAINING_VERSION)
 *   12      4     index of the chunk's first game (games are numbered from 0 for a seed)
 *   16      4     games in the chunk
 *   20      1     the engine's search depth          21  1  exact solve from this many empties
 *   22      1     one exact position every this many games (0: none)     23  1  0
 *   24      8     seed
 *   32      4     payload bytes P
 *   36      P     the games, one record after the other
 *   36 + P  4     FNV-1a (bytes.h) of every byte before it
 *
 * A game record: start plies S, moves N, black's result R (signed), exact positions B; then N
 * moves (a square 0..63 each, a1 = 0, h8 = 63; passes are not written: a side with no move
 * passes); then N - S scores (signed); then B exact positions, each: ply K, length L, L moves,
 * exact score (signed).
 *
 * What it means: the first S moves are the start (a balanced start or random moves) and are not
 * data; the engine played the rest, to the end, searching every position at the chunk's depth
 * and solving it exactly from the chunk's empties on. The label of every position after the
 * start (before each of moves S..N-1) is R, the game's final disc difference (empties to the
 * winner), for the side to move: the result of best play from the exact solve on, so the same
 * for every position of the game. Score i is what the engine's search said of the position
 * before move S + i, for the side to move (exact from the solve on). An exact position is the
 * game's position after K moves, then L more moves (off the game's line), labelled by an exact
 * solve for its side to move. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"

#define TRAINING_MAGIC "VERSOTRD"
#define TRAINING_VERSION 1u
#define TRAINING_HEADER 36
#define TRAINING_EXACT_MAX 4 /* exact positions a game at most */
#define TRAINING_BRANCH_MAX 4 /* moves off the game's line at most */

/* What made a chunk: every game of a chunk is a function of these and its index. */
typedef struct TrainingSettings {
  uint64_t seed;
  int depth;           /* the engine's search depth, 1..30 */
  int exact_empties;   /* positions with this many empties or fewer are solved exactly */
  int exact_every;     /* one exact position tried every this many games (0: none), 0..255 */
} TrainingSettings;

typedef struct TrainingExact {
  uint8_t ply;        /* from the game's position after this many moves */
  uint8_t length;     /* these moves */
  uint8_t moves[TRAINING_BRANCH_MAX];
  int8_t score;       /* exact, for the side to move */
} TrainingExact;

typedef struct TrainingGame {
  uint8_t start_plies;
  uint8_t move_count;
  int8_t result;      /* black's final disc difference */
  uint8_t exact_count;
  uint8_t moves[60];
  int8_t scores[60];  /* scores[i]: the search's score before moves[start_plies + i] */
  TrainingExact exact[TRAINING_EXACT_MAX];
} TrainingGame;

typedef struct TrainingChunk {
  TrainingSettings settings;
  uint32_t first;     /* the index of its first game */
  uint32_t count;
} TrainingChunk;

/* The chunk's bytes for count games (malloc'ed, *size bytes); NULL when memory is short. */
uint8_t *training_chunk_encode (const TrainingChunk *chunk, const TrainingGame *games,
                                size_t *size);

typedef enum TrainingKind {
  TRAINING_GAME_POSITION,  /* a position of a game after its start */
  TRAINING_EXACT_POSITION, /* an exact position off a game's line */
} TrainingKind;

typedef struct TrainingPosition {
  Board board;        /* the side to move has a move */
  TrainingKind kind;
  int label;          /* final disc difference for the side to move (see the top) */
  int score;          /* the engine's search score (exact positions: the label) */
  uint32_t game;      /* the index of its game */
} TrainingPosition;

/* Called for every position of a chunk in order: each game's positions, then its exact ones. */
typedef void (*TrainingVisit) (const TrainingPosition *position, void *user_data);

/* Checks a chunk's bytes whole (header, checksum, every game replayed: legal moves, played to
 * the end, the result the final board's) and then, if all is well and visit is not NULL, visits
 * its positions. Fills *chunk. False with "offset N: what is wrong" in error (nothing visited). */
bool training_chunk_decode (const uint8_t *bytes, size_t size, TrainingChunk *chunk,
                            TrainingVisit visit, void *user_data, char *error, size_t error_size);

/* A side without a move passes (black: whether black is to move), unless the game is over. */
void training_pass_if_stuck (Board *board, bool *black);

/* The board after a game's first `ply` moves, passes played as needed (before each move and
 * after the last), and whether black is to move; false when a move is not legal there. */
bool training_replay (const uint8_t *moves, int ply, Board *board, bool *black);
