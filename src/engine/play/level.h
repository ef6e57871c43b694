/* level.h: the difficulty levels, all defined in one table, and choosing a move at a level. */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "search.h"

typedef enum LevelId {
  LEVEL_NONE = -1, /* no level: what level_from_id answers for an unknown id */
  LEVEL_BEGINNER,
  LEVEL_NOVICE,
  LEVEL_CASUAL,
  LEVEL_INTERMEDIATE,
  LEVEL_ADVANCED,
  LEVEL_EXPERT,
  LEVEL_MASTER,
  LEVEL_COUNT      /* how many levels there are */
} LevelId;

#define LEVEL_DEFAULT LEVEL_INTERMEDIATE

typedef struct Level {
  const char *id;      /* stable key, as stored in settings: "beginner" .. "master" */
  const char *name;    /* English name, for translation by the caller */
  const char *description; /* how it plays, in a short English phrase, for translation too */
  int depth;           /* midgame depth limit */
  double seconds;      /* time per move */
  int exact_empties;   /* exact endgame from this many empties */
  double errors;       /* how often it errs: the odds that tournament players lose discs in the
                        * same phase and difficulty (human_errors.h) times this; 0: it plays its
                        * search's best move */
  bool simple_eval;    /* use the simple evaluation instead of the trained one */
} Level;

const Level *level_get (LevelId level);
/* LEVEL_NONE when the id is unknown. */
LevelId level_from_id (const char *id);

/* Chooses a move at the level: the search's best, or for a level that errs, every legal move
 * scored and one drawn so that its loss follows the people's (human_errors_draw).
 * seed makes the choice reproducible; stop may be NULL. Fills result when it is not NULL. */
int level_choose_move (Search *search, const Board *board, LevelId level, uint64_t seed,
                       const atomic_bool *stop, SearchResult *result);
/* The same for a level given by value: a table entry, or a copy with other limits (the match
 * tool scales the time of every level alike). */
int level_choose_move_with (Search *search, const Board *board, const Level *level, uint64_t seed,
                            const atomic_bool *stop, SearchResult *result);
