/* game-test.h: what the game model's tests share besides the main loop (test-main-loop.h):
 * squares by name, a transcript played on a game, and the whole line a game records. */
#pragma once

#include <glib.h>

#include "check-glib.h"
#include "verso-game.h"

/* The square of a name such as "d3". */
static inline int square (const char *name)
{
  return board_square (name[0] - 'a', name[1] - '1');
}

/* Plays every move of a transcript ("f5d6c3") on game, each one checked. */
static inline void play_transcript (VersoGame *game, const char *transcript)
{
  for (size_t i = 0; transcript[i]; i += 2) {
    g_autoptr (GError) error = NULL;
    CHECK (verso_game_play (game, square (transcript + i), &error));
    CHECK_NO_ERROR (error);
  }
}

/* The line the game shows, from its start to the end of the line. Free with g_free. */
static inline char *whole_transcript (VersoGame *game)
{
  const VersoRecord *record = verso_game_get_record (game);
  return verso_record_get_transcript (record, verso_record_get_length (record));
}
