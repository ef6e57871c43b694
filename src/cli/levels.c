/* levels.c: `verso-engine levels`, the ladder that proves the difficulty order: every level plays
 * the level below it from balanced openings, each opening twice with the colours swapped. */
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
#include "search.h"

#define LEVELS_HASH_BYTES ((size_t) 16 << 20)
#define LEVELS_MAX_GAMES 10000
#define LEVELS_MAX_JOBS 64

typedef struct LevelsOptions {
  int games;            /* per pair of levels; even, so every opening is played with both colours */
  LevelId from, to;     /* the ladder: from+1 against from, ..., to against to-1 */
  double time_scale;    /* every level's time per move is multiplied by this */
  uint64_t seed;
  int jobs;
  int opening_plies;
  int balance;          /* an opening is balanced when a shallow search scores it within this */
} LevelsOptions;

/* One pairing of the ladder: the stronger level and the one below it. */
typedef struct Pairing {
  Level upper, lower;
  int games, wins, draws, losses;  /* of the upper level */
  int disc_sum;                    /* the upper level's final disc difference, summed */
} Pairing;

typedef struct Ladder {
  const LevelsOptions *options;
  const Board *openings;
  Pairing *pairings;
  int pairing_count;
  atomic_int next_game;            /* index over pairings x games */
  pthread_mutex_t lock;
  bool failed;
} Ladder;

static uint64_t mix (uint64_t x)
{
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

/* Balanced openings: seeded random play of `plies` moves, kept when a depth-6 search with the
 * simple evaluation scores it within `balance` discs and no symmetric copy was kept before. */
static bool make_openings (const LevelsOptions *options, Board *openings, int count)
{
  Search *search = search_new (LEVELS_HASH_BYTES);
  if (!search)
    return false;
  search_set_evaluation (search, eval_simple ());
  SearchLimits limits = search_limits_default ();
  limits.max_depth = 6;
  limits.exact_empties = -1;
  uint64_t state = options->seed;
  int found = 0;
  for (int attempt = 0; found < count && attempt < count * 1000; attempt++) {
    Board board;
    board_init (&board);
    bool ok = true;
    for (int ply = 0; ply < options->opening_plies && ok; ply++) {
      uint64_t moves = board_legal_moves (&board);
      if (!moves) {
        ok = false;
        break;
      }
      int pick = (int) ((state = mix (state)) % (uint64_t) board_count (moves));
      while (pick-- > 0)
        moves &= moves - 1;
      board_play (&board, __builtin_ctzll (moves));
    }
    if (!ok || !board_legal_moves (&board))
      continue;
    Board canonical = board_canonical (&board);
    bool seen = false;
    for (int i = 0; i < found && !seen; i++) {
      Board other = board_canonical (&openings[i]);
      seen = board_equal (&canonical, &other);
    }
    if (seen)
      continue;
    SearchResult result = search_run (search, &board, &limits, NULL, NULL);
    if (abs (result.score) <= options->balance)
      openings[found++] = board;
  }
  search_free (search);
  return found == count;
}

/* Plays one game from the opening; first_is_upper says whether the upper level moves first.
 * Returns the upper level's final disc difference. */
static int play_game (Search *upper_search, Search *lower_search, const Pairing *pairing,
                      const Board *opening, bool first_is_upper, uint64_t seed)
{
  Board board = *opening;
  bool upper_to_move = first_is_upper;
  search_clear (upper_search);
  search_clear (lower_search);
  for (int ply = 0; !board_is_game_over (&board); ply++) {
    if (!board_legal_moves (&board)) {
      board_pass (&board);
      upper_to_move = !upper_to_move;
      continue;
    }
    uint64_t move_seed = mix (seed ^ mix ((uint64_t) ply));
    int move = upper_to_move
      ? level_choose_move_with (upper_search, &board, &pairing->upper, move_seed, NULL, NULL)
      : level_choose_move_with (lower_search, &board, &pairing->lower, move_seed, NULL, NULL);
    if (!board_play (&board, move))
      return 0x7fff;  /* cannot happen with a correct engine; reported as a failure */
    upper_to_move = !upper_to_move;
  }
  int score = board_final_score (&board);
  return upper_to_move ? score : -score;
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
    uint64_t seed = mix (ladder->options->seed ^ mix ((uint64_t) index));
    int score = play_game (upper_search, lower_search, pairing, &ladder->openings[game / 2],
                           game % 2 == 0, seed);
    pthread_mutex_lock (&ladder->lock);
    if (score == 0x7fff) {
      ladder->failed = true;
    } else {
      pairing->games++;
      pairing->disc_sum += score;
      if (score > 0)
        pairing->wins++;
      else if (score < 0)
        pairing->losses++;
      else
        pairing->draws++;
    }
    pthread_mutex_unlock (&ladder->lock);
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
  return *level != LEVEL_COUNT;
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
    .opening_plies = 8,
    .balance = 4,
  };
  for (int i = 1; i < argc; i += 2) {
    const char *option = argv[i];
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
    } else if (strcmp (option, "--opening-plies") == 0) {
      ok = ok && parse_int (value, 0, 20, &options.opening_plies);
    } else {
      cli_error ("levels: unknown option '%s'", option);
      return 2;
    }
    if (!ok) {
      cli_error ("levels: %s needs %s", option,
                 strcmp (option, "--games") == 0 ? "an even number from 2 to 10000"
                 : strcmp (option, "--from") == 0 || strcmp (option, "--to") == 0
                   ? "a level: beginner, novice, casual, intermediate, advanced, expert or master"
                 : strcmp (option, "--time-scale") == 0 ? "a number above 0 and at most 100"
                 : strcmp (option, "--seed") == 0 ? "a non-negative integer"
                 : strcmp (option, "--jobs") == 0 ? "a number from 1 to 64"
                 : "a number from 0 to 20");
      return 2;
    }
  }
  if (options.to <= options.from) {
    cli_error ("levels: --to must name a level above --from");
    return 2;
  }

  int opening_count = options.games / 2;
  Board *openings = calloc ((size_t) opening_count, sizeof *openings);
  Pairing *pairings = calloc ((size_t) (options.to - options.from), sizeof *pairings);
  if (!openings || !pairings) {
    free (openings);
    free (pairings);
    cli_error ("levels: out of memory");
    return 1;
  }
  if (!make_openings (&options, openings, opening_count)) {
    free (openings);
    free (pairings);
    cli_error ("levels: could not find %d balanced openings of %d plies", opening_count,
               options.opening_plies);
    return 1;
  }

  Ladder ladder = {
    .options = &options,
    .openings = openings,
    .pairings = pairings,
    .pairing_count = options.to - options.from,
  };
  pthread_mutex_init (&ladder.lock, NULL);
  for (int i = 0; i < ladder.pairing_count; i++) {
    pairings[i].upper = *level_get (options.from + i + 1);
    pairings[i].lower = *level_get (options.from + i);
    pairings[i].upper.seconds *= options.time_scale;
    pairings[i].lower.seconds *= options.time_scale;
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

  printf ("%-13s %-13s %6s %5s %6s %7s %7s %9s\n", "level", "against", "games", "wins", "draws",
          "losses", "score%", "discs/g");
  for (int i = 0; i < ladder.pairing_count; i++) {
    const Pairing *pairing = &pairings[i];
    double score = pairing->games ? 100.0 * (pairing->wins + 0.5 * pairing->draws) / pairing->games : 0;
    double discs = pairing->games ? (double) pairing->disc_sum / pairing->games : 0;
    printf ("%-13s %-13s %6d %5d %6d %7d %7.1f %+9.1f\n", pairing->upper.id, pairing->lower.id,
            pairing->games, pairing->wins, pairing->draws, pairing->losses, score, discs);
  }
  printf ("openings: %d of %d plies (|score| <= %d at depth 6), colours swapped; time scale %g; seed %llu\n",
          opening_count, options.opening_plies, options.balance, options.time_scale,
          (unsigned long long) options.seed);
  free (openings);
  free (pairings);
  if (ladder.failed) {
    cli_error ("levels: a level chose an illegal move or a search could not be created");
    return 1;
  }
  return 0;
}
