/* simulate.c: `verso-engine ratings --simulate STRENGTH`, the proof that a person's rating and
 * "Match my level" find each other: a simulated player of known strength (a level, or a rating
 * between two levels, played as their mix) plays game after game against an opponent set to the
 * player's current estimate (level_mix_for_rating), and the estimate is made again after each
 * game as the window makes a person's (rating_estimate from all the games so far, each against its
 * opponent mix's rating, all played the same day). One line a game:
 * the opponent, the result, the estimate and its 95 % interval; then how far the estimate ends
 * from the known strength. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cli.h"
#include "level.h"
#include "level_mix.h"
#include "level_ratings.h"
#include "match.h"
#include "options.h"
#include "random.h"
#include "rating.h"
#include "search.h"

#define SIMULATE_HASH_BYTES ((size_t) 16 << 20)
#define SIMULATE_MAX_GAMES 1000

static int choose_at_mix (const MatchPlayer *player, Search *search, const Board *board, uint64_t seed,
                          const MatchTurn *turn)
{
  return level_mix_choose_move (search, board, player->user_data, seed, NULL, NULL);
}

/* The simulated player's strength: a level's id, or a number (a rating between the weakest and
 * the strongest level, played as the mix at it). */
static bool read_strength (const char *text, LevelMix *mix)
{
  LevelId level = level_from_id (text);
  if (level != LEVEL_NONE) {
    *mix = (LevelMix) { level, level, 0.0 };
    return true;
  }
  char *end;
  double rating = strtod (text, &end);
  return *text && *end == '\0' && isfinite (rating) && level_mix_for_rating (rating, mix);
}

static void describe_mix (const LevelMix *mix, char *text, size_t size)
{
  if (mix->lower == mix->upper || mix->weight == 0)
    snprintf (text, size, "%s", level_get (mix->lower)->id);
  else
    snprintf (text, size, "%s/%s %.2f", level_get (mix->lower)->id, level_get (mix->upper)->id, mix->weight);
}

int cli_ratings_simulate (int argc, char **argv)
{
  const char *strength = NULL;
  int games = 50;
  double start = level_ratings_new_player ().value;
  uint64_t seed = 1;
  const Option table[] = {
    { "--simulate", OPTION_TEXT, &strength, 0, 0 },
    { "--games", OPTION_INT, &games, 1, SIMULATE_MAX_GAMES },
    { "--start", OPTION_DOUBLE, &start, -1000, 5000 },
    { "--seed", OPTION_SEED, &seed, 0, 0 },
  };
  OptionParser parser = { .program = "verso-engine: ratings", .options = table,
                          .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return 2;
  LevelMix player_mix;
  if (!strength || !read_strength (strength, &player_mix)) {
    cli_error ("ratings: --simulate takes a level (beginner .. master) or a rating between theirs");
    return 2;
  }
  Rating known = level_mix_rating (&player_mix);
  Search *player_search = search_new (SIMULATE_HASH_BYTES);
  Search *opponent_search = search_new (SIMULATE_HASH_BYTES);
  RatingGame *played = malloc ((size_t) games * sizeof *played);
  if (!player_search || !opponent_search || !played) {
    free (played);
    search_free (player_search);
    search_free (opponent_search);
    cli_error ("ratings: out of memory");
    return 1;
  }
  char name[64];
  describe_mix (&player_mix, name, sizeof name);
  printf ("simulated player: %s, known rating %.0f; estimate starts at %.0f ± %.0f\n", name, known.value,
          start, 1.96 * RATING_NEW_DEVIATION);
  printf ("%4s %-28s %7s %6s %16s\n", "game", "opponent (Match my level)", "rating", "discs", "estimate (95%)");
  Rating prior = { start, RATING_NEW_DEVIATION }, estimate = prior;
  MatchPlayer player = { .name = "player", .rules = RULES_STANDARD, .choose = choose_at_mix,
                         .user_data = &player_mix };
  uint64_t state = seed;
  for (int game = 0; game < games; game++) {
    LevelMix opponent_mix;
    level_mix_for_rating (estimate.value, &opponent_mix);
    Rating opponent_rating = level_mix_rating (&opponent_mix);
    MatchPlayer opponent = { .name = "opponent", .rules = RULES_STANDARD, .choose = choose_at_mix,
                             .user_data = &opponent_mix };
    Board board;
    bool black_to_move;
    match_start ((int) (random_next (&state) % MATCH_STARTS), &board, &black_to_move);
    bool player_black = game % 2 == 0;
    uint64_t game_seed = random_next (&state);
    int black_score = player_black
      ? match_play_game (&player, player_search, &opponent, opponent_search, &board, black_to_move, game_seed)
      : match_play_game (&opponent, opponent_search, &player, player_search, &board, black_to_move, game_seed);
    int discs = player_black ? black_score : -black_score;
    played[game] = (RatingGame) { opponent_rating, discs > 0 ? 1.0 : discs == 0 ? 0.5 : 0.0, 1.0 };
    for (int i = 0; i < game; i++)
      played[i].weight = rating_fading (game - i, 0.0);
    estimate = rating_estimate (prior, played, game + 1);
    describe_mix (&opponent_mix, name, sizeof name);
    printf ("%4d %-28s %7.0f %+6d %7.0f ± %.0f\n", game + 1, name, opponent_rating.value, discs,
            estimate.value, 1.96 * estimate.deviation);
    fflush (stdout);
  }
  printf ("after %d games: estimate %.0f ± %.0f, known %.0f, off by %+.0f\n", games, estimate.value,
          1.96 * estimate.deviation, known.value, estimate.value - known.value);
  free (played);
  search_free (player_search);
  search_free (opponent_search);
  return 0;
}
