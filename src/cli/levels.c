/* levels.c: `verso-engine levels`, the ladder that proves the difficulty order: every level plays
 * the level below it from the match openings (balanced tournament openings), each opening twice
 * with the colours swapped; games run on several threads. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cli.h"
#include "level.h"
#include "match.h"
#include "search.h"
#include "random.h"

#define LEVELS_HASH_BYTES ((size_t) 16 << 20)
#define LEVELS_MAX_GAMES (2 * MATCH_OPENINGS)
#define LEVELS_MAX_JOBS 64

typedef struct LevelsOptions {
  int games;            /* per pair of levels; even, so every opening is played with both colours */
  LevelId from, to;     /* the ladder: from+1 against from, ..., to against to-1 */
  double time_scale;    /* every level's time per move is multiplied by this */
  uint64_t seed;
  int jobs;
  bool random_baseline; /* first, the lowest level against a uniformly random player */
  Rules rules;          /* --reverse: Reverse games (the fewest discs win) */
} LevelsOptions;

/* One pairing of the ladder: the stronger level and the one below it. */
typedef struct Pairing {
  Level upper, lower;
  MatchPlayer upper_player, lower_player;
  int differences[LEVELS_MAX_GAMES]; /* the upper level's final disc differences, one a game */
} Pairing;

typedef struct Ladder {
  const LevelsOptions *options;
  Pairing *pairings;
  int pairing_count;
  atomic_int next_game;            /* index over pairings x games */
  pthread_mutex_t lock;
  bool failed;
} Ladder;

static int choose_at_level (const MatchPlayer *player, Search *search, const Board *board,
                            uint64_t seed)
{
  return level_choose_move_with (search, board, player->user_data, seed, NULL, NULL);
}

/* The baseline: any legal move, all equally likely. */
static int choose_at_random (const MatchPlayer *player, Search *search, const Board *board,
                             uint64_t seed)
{
  return random_square (board_legal_moves (board), &seed);
}

static void *ladder_worker (void *data)
{
  Ladder *ladder = data;
  Search *upper_search = search_new (LEVELS_HASH_BYTES);
  Search *lower_search = search_new (LEVELS_HASH_BYTES);
  int games = ladder->options->games;
  while (upper_search && lower_search) {
    int index = atomic_fetch_add (&ladder->next_game, 1);
    if (index >= ladder->pairing_count * games)
      break;
    Pairing *pairing = &ladder->pairings[index / games];
    int game = index % games;
    Board opening;
    bool black_to_move;
    match_opening (game / 2, &opening, &black_to_move);
    bool upper_black = game % 2 == 0;
    uint64_t seed = random_mix (ladder->options->seed ^ random_mix ((uint64_t) index));
    int black_score = upper_black
      ? match_play_game (&pairing->upper_player, upper_search, &pairing->lower_player, lower_search,
                         &opening, black_to_move, seed)
      : match_play_game (&pairing->lower_player, lower_search, &pairing->upper_player, upper_search,
                         &opening, black_to_move, seed);
    pairing->differences[game] = upper_black ? black_score : -black_score;
  }
  if (!upper_search || !lower_search) {
    pthread_mutex_lock (&ladder->lock);
    ladder->failed = true;
    pthread_mutex_unlock (&ladder->lock);
  }
  search_free (upper_search);
  search_free (lower_search);
  return NULL;
}

static bool parse_int (const char *text, int min, int max, int *value)
{
  char *end;
  errno = 0;
  long parsed = strtol (text, &end, 10);
  if (errno || end == text || *end || parsed < min || parsed > max)
    return false;
  *value = (int) parsed;
  return true;
}

static bool parse_double (const char *text, double min, double max, double *value)
{
  char *end;
  double parsed = strtod (text, &end);
  if (end == text || *end || !isfinite (parsed) || parsed <= min || parsed > max)
    return false;
  *value = parsed;
  return true;
}

static bool parse_seed (const char *text, uint64_t *value)
{
  char *end;
  errno = 0;
  unsigned long long parsed = strtoull (text, &end, 10);
  if (errno || end == text || *end || text[0] == '-')
    return false;
  *value = parsed;
  return true;
}

static bool parse_level (const char *text, LevelId *level)
{
  *level = level_from_id (text);
  return *level != LEVEL_NONE;
}

int cli_levels (int argc, char **argv)
{
  LevelsOptions options = {
    .games = 100,
    .from = LEVEL_BEGINNER,
    .to = LEVEL_MASTER,
    .time_scale = 1.0,
    .seed = 1,
    .jobs = 1,
  };
  for (int i = 1; i < argc; i += 2) {
    const char *option = argv[i];
    if (strcmp (option, "--random-baseline") == 0) {
      options.random_baseline = true;
      i--;  /* a flag: no value follows */
      continue;
    }
    if (strcmp (option, "--reverse") == 0) {
      options.rules = RULES_REVERSE;
      i--;
      continue;
    }
    const char *value = i + 1 < argc ? argv[i + 1] : NULL;
    bool ok = value != NULL;
    if (strcmp (option, "--games") == 0) {
      ok = ok && parse_int (value, 2, LEVELS_MAX_GAMES, &options.games) && options.games % 2 == 0;
    } else if (strcmp (option, "--from") == 0) {
      ok = ok && parse_level (value, &options.from);
    } else if (strcmp (option, "--to") == 0) {
      ok = ok && parse_level (value, &options.to);
    } else if (strcmp (option, "--time-scale") == 0) {
      ok = ok && parse_double (value, 0, 100, &options.time_scale);
    } else if (strcmp (option, "--seed") == 0) {
      ok = ok && parse_seed (value, &options.seed);
    } else if (strcmp (option, "--jobs") == 0) {
      ok = ok && parse_int (value, 1, LEVELS_MAX_JOBS, &options.jobs);
    } else {
      cli_error ("levels: unknown option '%s'", option);
      return 2;
    }
    if (!ok) {
      cli_error ("levels: %s needs %s", option,
                 strcmp (option, "--games") == 0 ? "an even number from 2 to 256"
                 : strcmp (option, "--from") == 0 || strcmp (option, "--to") == 0
                   ? "a level: beginner, novice, casual, intermediate, advanced, expert or master"
                 : strcmp (option, "--time-scale") == 0 ? "a number above 0 and at most 100"
                 : strcmp (option, "--seed") == 0 ? "a non-negative integer"
                 : "a number from 1 to 64");
      return 2;
    }
  }
  if (options.to < options.from || (options.to == options.from && !options.random_baseline)) {
    cli_error ("levels: --to must name a level above --from");
    return 2;
  }

  int baseline = options.random_baseline ? 1 : 0;
  int pairing_count = options.to - options.from + baseline;
  Pairing *pairings = calloc ((size_t) pairing_count, sizeof *pairings);
  if (!pairings) {
    cli_error ("levels: out of memory");
    return 1;
  }
  Ladder ladder = {
    .options = &options,
    .pairings = pairings,
    .pairing_count = pairing_count,
  };
  pthread_mutex_init (&ladder.lock, NULL);
  for (int i = 0; i < ladder.pairing_count; i++) {
    pairings[i].upper = *level_get (options.from + i + 1 - baseline);
    pairings[i].lower = i < baseline ? (Level) { "random", "Random", "", 1, 1.0, -1, 64, true }
                                     : *level_get (options.from + i - baseline);
    pairings[i].upper.seconds *= options.time_scale;
    pairings[i].lower.seconds *= options.time_scale;
    pairings[i].upper_player = (MatchPlayer) { .name = pairings[i].upper.id, .choose = choose_at_level,
                                               .rules = options.rules,
                                               .user_data = &pairings[i].upper };
    pairings[i].lower_player = (MatchPlayer) { .name = pairings[i].lower.id,
                                               .rules = options.rules,
                                               .choose = i < baseline ? choose_at_random : choose_at_level,
                                               .user_data = &pairings[i].lower };
  }
  pthread_t threads[LEVELS_MAX_JOBS];
  int started = 0;
  for (; started < options.jobs; started++)
    if (pthread_create (&threads[started], NULL, ladder_worker, &ladder) != 0)
      break;
  if (started == 0)
    ladder_worker (&ladder);
  for (int i = 0; i < started; i++)
    pthread_join (threads[i], NULL);
  pthread_mutex_destroy (&ladder.lock);

  printf ("%-13s %-13s %6s %5s %6s %7s %7s %8s %18s\n", "level", "against", "games", "wins",
          "draws", "losses", "score%", "discs/g", "Elo (95%)");
  for (int i = 0; i < ladder.pairing_count; i++) {
    const Pairing *pairing = &pairings[i];
    MatchStatistics statistics = match_statistics (pairing->differences, options.games);
    printf ("%-13s %-13s %6d %5d %6d %7d %7.1f %+8.1f %+6.0f [%+.0f, %+.0f]\n", pairing->upper.id,
            pairing->lower.id, statistics.games, statistics.wins, statistics.draws,
            statistics.losses, 100 * statistics.score, statistics.mean_difference, statistics.elo + 0.0,
            statistics.elo_low, statistics.elo_high);
  }
  printf ("openings: the first %d match openings, each played with both colours; time scale %g; "
          "seed %llu\n", options.games / 2, options.time_scale, (unsigned long long) options.seed);
  free (pairings);
  if (ladder.failed) {
    cli_error ("levels: a search could not be created (out of memory)");
    return 1;
  }
  return 0;
}
