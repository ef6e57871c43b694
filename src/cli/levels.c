/* levels.c: `verso-engine levels`, the ladder that proves the difficulty order: every level plays
 * the level below it from the match starts (match.h), each start twice with the colours
 * swapped; games run on several threads. With the random mover at the bottom of the ladder, the
 * levels' ratings are fitted from the games (rating.h; the random mover is 0) and printed, and
 * --write-ratings keeps them as data/level-ratings.txt does (level_ratings.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cli.h"
#include "level.h"
#include "level_ratings.h"
#include "match.h"
#include "options.h"
#include "search.h"
#include "random.h"
#include "workers.h"
#include "write-file.h"

#define LEVELS_HASH_BYTES ((size_t) 16 << 20)
#define LEVELS_MAX_GAMES (2 * MATCH_STARTS)
#define LEVELS_MAX_JOBS 64

typedef struct LevelsOptions {
  int games;            /* per pair of levels; even, so every start is played with both colours */
  int master_games;     /* the same for the pairing with the master, whose moves take seconds
                           (0: as many as the others) */
  LevelId from, to;     /* the ladder: from+1 against from, ..., to against to-1 */
  double time_scale;    /* every level's time per move is multiplied by this */
  uint64_t seed;
  int jobs;
  bool random_baseline; /* first, the lowest level against a uniformly random player */
  Rules rules;          /* --reverse: Reverse games (the fewest discs win) */
  const char *write_ratings; /* the fitted ratings to this file */
} LevelsOptions;

/* One pairing of the ladder: the stronger level and the one below it. */
typedef struct Pairing {
  Level upper, lower;
  MatchPlayer upper_player, lower_player;
  int games;                         /* this pairing's games */
  int first_game;                    /* its first game's index over the whole ladder */
  int differences[LEVELS_MAX_GAMES]; /* the upper level's final disc differences, one a game */
} Pairing;

typedef struct Ladder {
  const LevelsOptions *options;
  Pairing *pairings;
  int pairing_count;
  int total_games;
} Ladder;

static int choose_at_level (const MatchPlayer *player, Search *search, const Board *board,
                            uint64_t seed, const MatchTurn *turn)
{
  return level_choose_move_with (search, board, player->user_data, seed, NULL, NULL);
}

/* The baseline: any legal move, all equally likely. */
static int choose_at_random (const MatchPlayer *player, Search *search, const Board *board,
                             uint64_t seed, const MatchTurn *turn)
{
  return random_square (board_legal_moves (board), &seed);
}

/* Game `index` over every pairing's games, in order; each engine thinks in a table of its own. */
static void play_ladder_game (void *data, Search *upper_search, Search *lower_search, size_t at)
{
  Ladder *ladder = data;
  int index = (int) at;
  int p = 0;
  while (index < ladder->pairings[p].first_game
         || index >= ladder->pairings[p].first_game + ladder->pairings[p].games)
    p++;
  Pairing *pairing = &ladder->pairings[p];
  int game = index - pairing->first_game;
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

/* Reads the options into *options; false after saying what is wrong. */
static bool read_options (int argc, char **argv, LevelsOptions *options)
{
  const char *from = "beginner", *to = "master";
  bool reverse = false;
  const Option table[] = {
    { "--games", OPTION_INT, &options->games, 2, LEVELS_MAX_GAMES },
    { "--master-games", OPTION_INT, &options->master_games, 2, LEVELS_MAX_GAMES },
    { "--from", OPTION_TEXT, &from, 0, 0 },
    { "--to", OPTION_TEXT, &to, 0, 0 },
    { "--time-scale", OPTION_DOUBLE, &options->time_scale, 0.001, 100 },
    { "--seed", OPTION_SEED, &options->seed, 0, 0 },
    { "--jobs", OPTION_INT, &options->jobs, 1, LEVELS_MAX_JOBS },
    { "--random-baseline", OPTION_FLAG, &options->random_baseline, 0, 0 },
    { "--reverse", OPTION_FLAG, &reverse, 0, 0 },
    { "--write-ratings", OPTION_TEXT, &options->write_ratings, 0, 0 },
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
  if (options->games % 2 || options->master_games % 2) {
    cli_error ("levels: --games and --master-games need an even number, each start played with both colours");
    return false;
  }
  if (options->to < options->from || (options->to == options->from && !options->random_baseline)) {
    cli_error ("levels: --to must name a level above --from");
    return false;
  }
  if (options->write_ratings && (!options->random_baseline || options->from != LEVEL_BEGINNER
                                 || options->rules != RULES_STANDARD)) {
    cli_error ("levels: --write-ratings needs --random-baseline, the ladder from beginner and "
               "standard rules (the random mover is the scale's zero)");
    return false;
  }
  return true;
}

/* The ratings fitted from the ladder's pairings: player 0 the random mover, player i the level
 * from + i - 1. False when they could not be fitted. */
static bool fit_ratings (const LevelsOptions *options, const Pairing *pairings, int count,
                         LevelRatings *ratings)
{
  RatingResults results[LEVEL_COUNT];
  Rating fitted[LEVEL_COUNT + 1];
  for (int i = 0; i < count; i++) {
    MatchStatistics statistics = match_statistics (pairings[i].differences, pairings[i].games);
    results[i] = (RatingResults) { i + 1, i, statistics.wins + 0.5 * statistics.draws, statistics.games };
  }
  if (!rating_fit (count + 1, results, count, 0, fitted)) {
    cli_error ("levels: the ratings could not be fitted");
    return false;
  }
  *ratings = (LevelRatings) { 0 };
  for (int i = 1; i <= count; i++) {
    LevelId level = options->from + i - 1;
    ratings->known[level] = true;
    ratings->levels[level] = fitted[i];
  }
  return true;
}

/* Prints the ratings, weakest first, with their 95 % intervals, and writes them when asked. */
static bool report_ratings (const LevelsOptions *options, const LevelRatings *ratings, int argc,
                            char **argv)
{
  printf ("\nratings (the random mover 0; each ± its 95 %% interval, one more draw a pairing):\n");
  for (int level = 0; level < LEVEL_COUNT; level++)
    if (ratings->known[level])
      printf ("%-13s %7.0f ± %.0f\n", level_get ((LevelId) level)->id, ratings->levels[level].value,
              1.96 * ratings->levels[level].deviation);
  if (!options->write_ratings)
    return true;
  char *text = NULL;
  size_t length = 0;
  FILE *memory = open_memstream (&text, &length);
  bool written = memory != NULL;
  if (memory) {
    fprintf (memory, "# level-ratings.txt: the levels' ratings (level_ratings.h), the random mover 0.\n"
             "# Made by verso-engine");
    for (int i = 0; i < argc; i++)
      fprintf (memory, " %s", argv[i]);
    fprintf (memory, "\n# %d games a pairing (%d with the master), time scale %g, seed %llu.\n"
             "# ID RATING DEVIATION (standard error).\n", options->games,
             options->master_games ? options->master_games : options->games, options->time_scale,
             (unsigned long long) options->seed);
    written = level_ratings_write (memory, ratings, NULL);
    written = fclose (memory) == 0 && written;
  }
  if (written && !write_file_atomically (options->write_ratings, text, length)) {
    cli_error ("levels: cannot write %s: %s", options->write_ratings, strerror (errno));
    written = false;
  } else if (!written) {
    cli_error ("levels: out of memory");
  }
  free (text);
  return written;
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
    bool master = options.from + i + 1 - baseline == LEVEL_MASTER;
    pairings[i].games = master && options.master_games ? options.master_games : options.games;

  }
  /* The master's games first: they are the longest, and the others fill the threads beside them. */
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < ladder.pairing_count; i++)
      if ((options.from + i + 1 - baseline == LEVEL_MASTER) == (pass == 0)) {
        pairings[i].first_game = ladder.total_games;
        ladder.total_games += pairings[i].games;
      }
  bool searched = workers_search_pairs (options.jobs, (size_t) ladder.total_games,
                                        LEVELS_HASH_BYTES, play_ladder_game, &ladder);

  printf ("%-13s %-13s %6s %5s %6s %7s %7s %8s %18s\n", "level", "against", "games", "wins",
          "draws", "losses", "score%", "discs/g", "Elo (95%)");
  for (int i = 0; i < ladder.pairing_count; i++) {
    const Pairing *pairing = &pairings[i];
    MatchStatistics statistics = match_statistics (pairing->differences, pairing->games);
    printf ("%-13s %-13s %6d %5d %6d %7d %7.1f %+8.1f %+6.0f [%+.0f, %+.0f]\n", pairing->upper.id,
            pairing->lower.id, statistics.games, statistics.wins, statistics.draws,
            statistics.losses, 100 * statistics.score, statistics.mean_difference, statistics.elo + 0.0,
            statistics.elo_low, statistics.elo_high);
  }
  printf ("starts: the first %d match starts (%d with the master), each played with both colours; "
          "time scale %g; seed %llu\n", options.games / 2,
          (options.master_games ? options.master_games : options.games) / 2, options.time_scale,
          (unsigned long long) options.seed);
  bool ok = searched;
  if (!searched)
    cli_error ("levels: a search could not be created (out of memory)");
  LevelRatings ratings;
  if (ok && baseline && options.rules == RULES_STANDARD) {
    ok = fit_ratings (&options, pairings, ladder.pairing_count, &ratings)
      && report_ratings (&options, &ratings, argc, argv);
  }
  free (pairings);
  return ok ? 0 : 1;
}
