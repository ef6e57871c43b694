/* game-test.h: what the game model's tests share besides the main loop (test-main-loop.h):
 * squares by name, a game read from text or text refused, a transcript played on a game, the whole
 * line a game records, a whole game of seeded random moves, and a position of the test data. */
#pragma once

#include <glib.h>
#include <string.h>

#include "check-glib.h"
#include "notation.h"
#include "random.h"
#include "verso-game.h"
#include "verso-game-files.h"

/* The square of a name such as "d3". */
static inline int square (const char *name)
{
  return board_square (name[0] - 'a', name[1] - '1');
}

/* The game text reads as (verso_game_new_from_text), for black and white at level; it must read.
 * notice, when not NULL, receives the reader's notice. */
static inline VersoGame *game_read (const char *text, VersoPlayer black, VersoPlayer white,
                                    LevelId level, char **notice)
{
  g_autoptr (GError) error = NULL;
  VersoGame *game = verso_game_new_from_text (text, strlen (text), black, white, level, notice,
                                              &error);

  CHECK_NO_ERROR (error);
  REQUIRE (game != NULL);
  return game;
}

/* The message of the error reading text as a game gives: it must not read, and fail as a bad file
 * without a notice. Free with g_free. */
static inline char *game_read_refused (const char *text)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *notice = NULL;
  g_autoptr (VersoGame) game = verso_game_new_from_text (text, strlen (text), VERSO_PLAYER_HUMAN,
                                                         VERSO_PLAYER_HUMAN, LEVEL_BEGINNER,
                                                         &notice, &error);

  CHECK (game == NULL, "“%s” reads", text);
  CHECK (notice == NULL, "“%s” gives a notice: %s", text, notice);
  REQUIRE (error, "“%s”: no error", text);
  CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
  return g_strdup (error->message);
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

/* A whole game between two people from the standard start, its moves drawn from seed (each legal
 * move as likely). Unref when done. */
static inline VersoGame *random_whole_game (uint64_t seed)
{
  VersoGame *game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);

  while (!verso_game_is_over (game))
    REQUIRE (verso_game_play (game, random_square (verso_game_get_legal_moves (game), &seed), NULL));
  return game;
}

/* The position of line (from 1) of the OBF file name of tests/data. */
static inline Position data_position (const char *name, int line)
{
  g_autofree char *contents = check_data_contents (name, NULL);
  g_auto (GStrv) lines = g_strsplit (contents, "\n", -1);
  NotationObf obf;

  REQUIRE ((int) g_strv_length (lines) >= line, "%s has no line %d", name, line);
  REQUIRE (notation_parse_obf (lines[line - 1], strlen (lines[line - 1]), &obf).error == NOTATION_OK,
           "%s line %d is not an OBF position", name, line);
  return obf.position;
}
