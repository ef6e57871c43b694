/* levels.c: `verso-engine levels`, the ladder that proves the difficulty order: every level plays
 * the level below it from the match starts (match.h), each start twice with the colours
 * swapped; games run on several threads. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cli.h"
#include "level.h"
#include "match.h"
#include "options.h"
#include "search.h"
#include "random.h"
#include "workers.h"

#define LEVELS_HASH_BYTES ((size_t) 16 << 20)
#define LEVELS_MAX_GAMES (2 * MATCH_STARTS)
#define LEVELS_MAX_JOBS 64

typedef struct LevelsOptions {
  int games;            /* per pair of levels; even, so every start is played with both colours */
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
    Board start;
    bool black_to_move;
    match_start (game / 2, &start, &black_to_move);
    bool upper_black = game % 2 == 0;
    uint64_t seed = random_mix (ladder->options->seed ^ random_mix ((uint64_t) index));
    int black_score = upper_black
      ? match_play_game (&pairing->upper_player, upper_search, &pairing->lower_player, lower_search,
                         &start, black_to_move, seed)
      : match_play_game (&pairing->lower_player, lower_search, &pairing->upper_player, upper_search,
                         &start, black_to_move, seed);
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

/* Reads the options into *options; false after saying what is wrong. */
static bool read_options (int argc, char **argv, LevelsOptions *options)
{
  const char *from = "beginner", *to = "master";
  bool reverse = false;
  const Option table[] = {
    { "--games", OPTION_INT, &options->games, 2, LEVELS_MAX_GAMES },
    { "--from", OPTION_TEXT, &from, 0, 0 },
    { "--to", OPTION_TEXT, &to, 0, 0 },
    { "--time-scale", OPTION_DOUBLE, &options->time_scale, 0.001, 100 },
    { "--seed", OPTION_SEED, &options->seed, 0, 0 },
    { "--jobs", OPTION_INT, &options->jobs, 1, LEVELS_MAX_JOBS },
    { "--random-baseline", OPTION_FLAG, &options->random_baseline, 0, 0 },
    { "--reverse", OPTION_FLAG, &reverse, 0, 0 },
  };
  OptionParser parser = { .program = "verso-engine: levels",
                          .options = table, .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return false;
  options->rules = reverse ? RULES_REVERSE : RULES_STANDARD;
  options->from = level_from_id (from);
  options->to = level_from_id (to);
  if (options->from == LEVEL_NONE || options->to == LEVEL_NONE) {
    cli_error ("levels: --from and --to take a level: beginner, novice, casual, intermediate, "
               "advanced, expert or master");
    return false;
  }
  if (options->games % 2) {
    cli_error ("levels: --games needs an even number, each start played with both colours");
    return false;
  }
  if (options->to < options->from || (options->to == options->from && !options->random_baseline)) {
    cli_error ("levels: --to must name a level above --from");
    return false;
  }
  return true;
}

int cli_levels (int argc, char **argv)
{
  LevelsOptions options = { .games = 100, .time_scale = 1.0, .seed = 1, .jobs = 1 };
  if (!read_options (argc, argv, &options))
    return 2;

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
    pairings[i].lower = i < baseline ? (Level) { "random", "Random", "", 1, 1.0, -1, 0, true }
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
  workers_run (options.jobs, ladder_worker, &ladder);
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
  printf ("starts: the first %d match starts, each played with both colours; time scale %g; "
          "seed %llu\n", options.games / 2, options.time_scale, (unsigned long long) options.seed);
  free (pairings);
  if (ladder.failed) {
    cli_error ("levels: a search could not be created (out of memory)");
    return 1;
  }
  return 0;
}
