/* fuzz-wthor.c: WTHOR game files, read from a file as the trainer reads them. Every record is
 * kept or skipped; a kept game replays legally from the start and its scores are in range. */
#include <string.h>

#include "fuzz.h"
#include "wthor.h"

static FILE *sink;

typedef struct Replay {
  int moves;
  bool legal;
} Replay;

static void visit (const Board *board, bool black_to_move, int move, void *user_data)
{
  Replay *replay = user_data;
  (void) black_to_move;
  replay->legal &= move >= 0 && move < 64 && (board_legal_moves (board) & board_bit (move)) != 0;
  replay->moves++;
}

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (!sink)
    sink = fopen ("/dev/null", "w");
  REQUIRE (sink, "cannot open /dev/null");
  const char *path = fuzz_scratch_write (data, size);
  WthorFile file;
  char error[512];
  memset (error, 'x', sizeof error);
  if (!wthor_read (path, &file, sink, error, sizeof error)) {
    size_t length = strnlen (error, sizeof error);
    REQUIRE (length > 0 && length < sizeof error, "an error message of %zu bytes", length);
    REQUIRE (!file.games && file.count == 0, "a failed read keeps %zu games", file.count);
    return 0;
  }
  REQUIRE (size >= WTHOR_HEADER, "a file of %zu bytes is read", size);
  uint32_t declared = (uint32_t) data[4] | (uint32_t) data[5] << 8 | (uint32_t) data[6] << 16
                    | (uint32_t) data[7] << 24;
  size_t present = (size - WTHOR_HEADER) / WTHOR_RECORD;
  size_t records = present < declared ? present : declared;
  REQUIRE (file.count + file.skipped == records, "%zu kept and %zu skipped of %zu records",
           file.count, file.skipped, records);
  REQUIRE (file.depth >= 0 && file.depth <= 60, "depth %d", file.depth);
  int previous = -1;
  for (size_t i = 0; i < file.count; i++) {
    const WthorGame *game = &file.games[i];
    REQUIRE (game->record > previous && (size_t) game->record < records, "record %d", game->record);
    previous = game->record;
    REQUIRE (game->move_count >= 0 && game->move_count <= 60, "%d moves", game->move_count);
    REQUIRE (game->black_discs <= 64 && game->theoretical <= 64, "disc counts over 64");
    REQUIRE (game->final_score >= -64 && game->final_score <= 64, "final score %d",
             game->final_score);
    Replay replay = { 0, true };
    wthor_replay (game, visit, &replay);
    REQUIRE (replay.legal && replay.moves == game->move_count, "record %d replays wrongly",
             game->record);
  }
  wthor_file_clear (&file);
  return 0;
}
