/* training-chunk.c: the training data's chunks written and read back (training-chunk.h). */
#include "training-chunk.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"

void training_pass_if_stuck (Board *board, bool *black)
{
  if (!board_legal_moves (board) && !board_is_game_over (board)) {
    board_pass (board);
    *black = !*black;
  }
}

bool training_replay (const uint8_t *moves, int ply, Board *board, bool *black)
{
  board_init (board);
  *black = true;
  for (int i = 0; i < ply; i++) {
    training_pass_if_stuck (board, black);
    if (moves[i] > 63 || !board_play (board, moves[i]))
      return false;
    *black = !*black;
  }
  training_pass_if_stuck (board, black);
  return true;
}

/* The bytes of one game's record. */
static size_t game_size (const TrainingGame *game)
{
  size_t size = 4 + 2 * (size_t) game->move_count - game->start_plies;
  for (int e = 0; e < game->exact_count; e++)
    size += 3 + (size_t) game->exact[e].length;
  return size;
}

uint8_t *training_chunk_encode (const TrainingChunk *chunk, const TrainingGame *games,
                                size_t *size)
{
  size_t payload = 0;
  for (uint32_t g = 0; g < chunk->count; g++)
    payload += game_size (&games[g]);
  *size = TRAINING_HEADER + payload + 4;
  uint8_t *bytes = malloc (*size);
  if (!bytes)
    return NULL;
  memcpy (bytes, TRAINING_MAGIC, 8);
  bytes_write_u32 (bytes + 8, TRAINING_VERSION);
  bytes_write_u32 (bytes + 12, chunk->first);
  bytes_write_u32 (bytes + 16, chunk->count);
  bytes[20] = (uint8_t) chunk->settings.depth;
  bytes[21] = (uint8_t) chunk->settings.exact_empties;
  bytes[22] = (uint8_t) chunk->settings.exact_every;
  bytes[23] = 0;
  bytes_write_u64 (bytes + 24, chunk->settings.seed);
  bytes_write_u32 (bytes + 32, (uint32_t) payload);
  uint8_t *at = bytes + TRAINING_HEADER;
  for (uint32_t g = 0; g < chunk->count; g++) {
    const TrainingGame *game = &games[g];
    *at++ = game->start_plies;
    *at++ = game->move_count;
    *at++ = (uint8_t) game->result;
    *at++ = game->exact_count;
    memcpy (at, game->moves, game->move_count);
    at += game->move_count;
    for (int i = 0; i < game->move_count - game->start_plies; i++)
      *at++ = (uint8_t) game->scores[i];
    for (int e = 0; e < game->exact_count; e++) {
      const TrainingExact *exact = &game->exact[e];
      *at++ = exact->ply;
      *at++ = exact->length;
      memcpy (at, exact->moves, exact->length);
      at += exact->length;
      *at++ = (uint8_t) exact->score;
    }
  }
  bytes_write_u32 (at, bytes_fnv1a (bytes, TRAINING_HEADER + payload));
  return bytes;
}

/* Where decoding is, and the first thing found wrong. */
typedef struct Reader {
  const uint8_t *bytes;
  size_t at, end;
  char *error;
  size_t error_size;
} Reader;

__attribute__ ((format (printf, 3, 4)))
static bool wrong (const Reader *reader, size_t offset, const char *format, ...)
{
  int n = snprintf (reader->error, reader->error_size, "offset %zu: ", offset);
  va_list arguments;
  va_start (arguments, format);
  if (n >= 0 && (size_t) n < reader->error_size)
    vsnprintf (reader->error + n, reader->error_size - (size_t) n, format, arguments);
  va_end (arguments);
  return false;
}

/* The next `count` bytes of the payload, or NULL (and the error) when it ends first. */
static const uint8_t *take (Reader *reader, size_t count, uint32_t game)
{
  if (reader->end - reader->at < count) {
    wrong (reader, reader->at, "game %u's record runs past the payload's end", game);
    return NULL;
  }
  const uint8_t *taken = reader->bytes + reader->at;
  reader->at += count;
  return taken;
}

static bool is_score (int8_t score)
{
  return score >= -64 && score <= 64;
}

/* Reads game `index`'s record into *game and checks it by playing it. */
static bool read_game (Reader *reader, uint32_t index, TrainingGame *game)
{
  size_t offset = reader->at;
  const uint8_t *head = take (reader, 4, index);
  if (!head)
    return false;
  *game = (TrainingGame) { .start_plies = head[0], .move_count = head[1],
                           .result = (int8_t) head[2], .exact_count = head[3] };
  if (game->move_count > 60 || game->start_plies > game->move_count)
    return wrong (reader, offset, "game %u has %d moves and %d start plies", index,
                  game->move_count, game->start_plies);
  if (game->exact_count > TRAINING_EXACT_MAX)
    return wrong (reader, offset + 3, "game %u has %d exact positions (at most %d)", index,
                  game->exact_count, TRAINING_EXACT_MAX);
  size_t moves_at = reader->at;
  const uint8_t *moves = take (reader, game->move_count, index);
  if (!moves)
    return false;
  memcpy (game->moves, moves, game->move_count);
  Board board;
  board_init (&board);
  bool black = true;
  for (int i = 0; i < game->move_count; i++) {
    training_pass_if_stuck (&board, &black);
    if (moves[i] > 63 || !board_play (&board, moves[i]))
      return wrong (reader, moves_at + (size_t) i, "game %u's move %d (%u) is not legal", index,
                    i + 1, moves[i]);
    black = !black;
  }
  if (!board_is_game_over (&board))
    return wrong (reader, moves_at, "game %u does not play to the end", index);
  int score = board_final_score (&board);
  if (game->result != (black ? score : -score))
    return wrong (reader, offset + 2, "game %u's result is %+d, its final board %+d", index,
                  game->result, black ? score : -score);
  int scored = game->move_count - game->start_plies;
  const uint8_t *scores = take (reader, (size_t) scored, index);
  if (!scores)
    return false;
  for (int i = 0; i < scored; i++) {
    game->scores[i] = (int8_t) scores[i];
    if (!is_score (game->scores[i]))
      return wrong (reader, reader->at - (size_t) (scored - i), "game %u's score %d is %d",
                    index, i + 1, game->scores[i]);
  }
  for (int e = 0; e < game->exact_count; e++) {
    TrainingExact *exact = &game->exact[e];
    size_t exact_at = reader->at;
    const uint8_t *branch = take (reader, 2, index);
    if (!branch)
      return false;
    exact->ply = branch[0];
    exact->length = branch[1];
    if (exact->ply >= game->move_count || exact->length > TRAINING_BRANCH_MAX)
      return wrong (reader, exact_at, "game %u's exact position %d starts at ply %d with %d "
                    "moves", index, e + 1, exact->ply, exact->length);
    const uint8_t *rest = take (reader, (size_t) exact->length + 1, index);
    if (!rest)
      return false;
    memcpy (exact->moves, rest, exact->length);
    exact->score = (int8_t) rest[exact->length];
    Board position;
    bool side;
    training_replay (game->moves, exact->ply, &position, &side);
    for (int i = 0; i < exact->length; i++) {
      training_pass_if_stuck (&position, &side);
      if (rest[i] > 63 || !board_play (&position, rest[i]))
        return wrong (reader, exact_at + 2 + (size_t) i, "game %u's exact position %d: move "
                      "%d (%u) is not legal", index, e + 1, i + 1, rest[i]);
    }
    training_pass_if_stuck (&position, &side);
    if (board_is_game_over (&position) || !is_score (exact->score))
      return wrong (reader, exact_at, "game %u's exact position %d is over or scored %d", index,
                    e + 1, exact->score);
  }
  return true;
}

static void visit_game (const TrainingGame *game, uint32_t index, TrainingVisit visit,
                        void *user_data)
{
  Board board;
  bool black;
  for (int i = game->start_plies; i < game->move_count; i++) {
    training_replay (game->moves, i, &board, &black);
    TrainingPosition position = { .board = board, .kind = TRAINING_GAME_POSITION,
                                  .label = black ? game->result : -game->result,
                                  .score = game->scores[i - game->start_plies], .game = index };
    visit (&position, user_data);
  }
  for (int e = 0; e < game->exact_count; e++) {
    const TrainingExact *exact = &game->exact[e];
    training_replay (game->moves, exact->ply, &board, &black);
    for (int i = 0; i < exact->length; i++) {
      training_pass_if_stuck (&board, &black);
      board_play (&board, exact->moves[i]);
    }
    training_pass_if_stuck (&board, &black);
    TrainingPosition position = { .board = board, .kind = TRAINING_EXACT_POSITION,
                                  .label = exact->score, .score = exact->score, .game = index };
    visit (&position, user_data);
  }
}

bool training_chunk_decode (const uint8_t *bytes, size_t size, TrainingChunk *chunk,
                            TrainingVisit visit, void *user_data, char *error, size_t error_size)
{
  Reader reader = { bytes, 0, size, error, error_size };
  if (size < TRAINING_HEADER || memcmp (bytes, TRAINING_MAGIC, 8) != 0)
    return wrong (&reader, 0, "not a training data chunk (no %s header)", TRAINING_MAGIC);
  if (bytes_read_u32 (bytes + 8) != TRAINING_VERSION)
    return wrong (&reader, 8, "training data version %u, expected %u", bytes_read_u32 (bytes + 8),
                  TRAINING_VERSION);
  size_t payload = bytes_read_u32 (bytes + 32);
  if (size - TRAINING_HEADER < payload + 4)
    return wrong (&reader, size, "the chunk ends here, %zu bytes short of its %zu-byte payload and "
                  "checksum (truncated)", TRAINING_HEADER + payload + 4 - size, payload);
  if (size - TRAINING_HEADER > payload + 4)
    return wrong (&reader, TRAINING_HEADER + payload + 4, "%zu bytes after the chunk's end",
                  size - TRAINING_HEADER - payload - 4);
  size_t sum_at = TRAINING_HEADER + payload;
  if (bytes_read_u32 (bytes + sum_at) != bytes_fnv1a (bytes, sum_at))
    return wrong (&reader, sum_at, "the checksum does not match bytes 0..%zu (damaged)",
                  sum_at - 1);
  *chunk = (TrainingChunk) {
    .settings = { .seed = bytes_read_u64 (bytes + 24), .depth = bytes[20],
                  .exact_empties = bytes[21], .exact_every = bytes[22] },
    .first = bytes_read_u32 (bytes + 12), .count = bytes_read_u32 (bytes + 16),
  };
  if (chunk->count > payload / 4)
    return wrong (&reader, 16, "%u games cannot fit in %zu bytes", chunk->count, payload);
  TrainingGame *games = malloc (((size_t) chunk->count + 1) * sizeof *games);
  if (!games)
    return wrong (&reader, 16, "out of memory for %u games", chunk->count);
  reader.at = TRAINING_HEADER;
  reader.end = sum_at;
  bool ok = true;
  for (uint32_t g = 0; ok && g < chunk->count; g++)
    ok = read_game (&reader, chunk->first + g, &games[g]);
  if (ok && reader.at != reader.end)
    ok = wrong (&reader, reader.at, "%zu bytes after the last game", reader.end - reader.at);
  for (uint32_t g = 0; ok && visit && g < chunk->count; g++)
    visit_game (&games[g], chunk->first + g, visit, user_data);
  free (games);
  return ok;
}
