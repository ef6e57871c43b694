/* match.c: playing engine configurations against each other from the match starts
 * (data/match-starts.txt compiled in), and scoring the result. */
#include "match.h"
#include "clock.h"
#include "position.h"
#include "random.h"
#include "rating.h"
#include "start.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>

static StartList starts = START_LIST (match_start_text);

const char *match_start_moves (int index)
{
  return index >= 0 && index < MATCH_STARTS && (size_t) index < start_list_count (&starts)
    ? start_list_get (&starts, (size_t) index) : NULL;
}

bool match_start (int index, Board *board, bool *black_to_move)
{
  assert (board && black_to_move);
  const char *moves = match_start_moves (index);
  if (!moves)
    return false;
  board_init (board);
  bool black = true;
  for (const char *m = moves; m[0] && m[1]; m += 2) {
    int square = board_square (m[0] - 'a', m[1] - '1');
    if (!board_legal_moves (board)) {
      board_pass (board);
      black = !black;
    }
    bool legal = board_play (board, square);
    assert (legal);
    (void) legal;
    black = !black;
  }
  *black_to_move = black;
  return true;
}

/* Seconds past its flag a player by its own limits may think before its search is stopped. */
#define MATCH_FLAG_MARGIN 0.05

/* A player on a clock thinks for the time it gives (time_control.h); otherwise by its limits. */
static int choose_move (const MatchPlayer *player, Search *search, const Board *board,
                        uint64_t seed, const MatchTurn *turn)
{
  const TimeClock *clock = turn->clock;
  int colour = turn->colour;
  if (player->choose)
    return player->choose (player, search, board, seed, turn);
  SearchLimits limits = player->limits;
  if (clock && player->on_clock) {
    double now = clock_seconds ();
    double seconds = time_control_think_seconds (time_clock_remaining (clock, colour, now),
                                                 clock->control.increment, board_empties (board));
    limits.soft_time = limits.hard_time = 0;
    search_limits_set_budget (&limits, seconds);
  } else if (clock) {
    /* A player by its own limits is stopped a little after its flag falls, which it then has:
     * the game is lost on time, and waiting for the end of the search would tell nothing. */
    double flag = time_clock_remaining (clock, colour, clock_seconds ()) + MATCH_FLAG_MARGIN;
    if (limits.hard_time <= 0 || limits.hard_time > flag)
      limits.hard_time = flag;
  }
  SearchResult result = search_run (search, board, &limits, NULL, NULL);
  return result.move;
}

int match_play_game (const MatchPlayer *black, Search *black_search, const MatchPlayer *white,
                     Search *white_search, const Board *start, bool black_to_move,
                     uint64_t seed)
{
  return match_play_game_on_clock (black, black_search, white, white_search, start,
                                   black_to_move, seed, NULL).black_score;
}

MatchGame match_play_game_on_clock (const MatchPlayer *black, Search *black_search,
                                    const MatchPlayer *white, Search *white_search,
                                    const Board *start, bool black_to_move, uint64_t seed,
                                    const TimeControl *control)
{
  assert (black && black_search && white && white_search && start);
  MatchGame game = { .lost_on_time = -1 };
  search_clear (black_search);
  search_clear (white_search);
  assert (black->rules == white->rules);
  const MatchPlayer *players[2] = { black, white };
  Search *searches[2] = { black_search, white_search };
  for (int i = 0; i < 2; i++) {
    search_set_rules (searches[i], players[i]->rules);
    if (players[i]->rules == RULES_REVERSE)
      search_set_reverse_evaluation (searches[i], players[i]->evaluation);
    else
      search_set_evaluation (searches[i], players[i]->evaluation);
  }
  TimeClock clock;
  if (control)
    time_clock_init (&clock, control);
  Board board = *start;
  bool black_moves = black_to_move;
  /* The record the players are shown; it has room for every move a game can have. */
  MatchTurn turn = { .start = *start, .start_black_to_move = black_to_move,
                     .clock = control ? &clock : NULL };
  for (int ply = 0;; ply++) {
    uint64_t legal = board_legal_moves (&board);
    if (!legal) {
      board_pass (&board);
      black_moves = !black_moves;
      if (!board_legal_moves (&board))
        break;
      assert (turn.n_moves < MATCH_MAX_MOVES);
      turn.seconds[turn.n_moves] = -1;
      turn.moves[turn.n_moves++] = BOARD_PASS;
      continue;
    }
    const MatchPlayer *player = black_moves ? black : white;
    int colour = black_moves ? POSITION_BLACK : POSITION_WHITE;
    turn.colour = colour;
    if (control)
      time_clock_start (&clock, colour, clock_seconds ());
    int move = choose_move (player, black_moves ? black_search : white_search, &board,
                            random_mix (seed ^ (uint64_t) ply), &turn);
    assert (turn.n_moves < MATCH_MAX_MOVES);
    turn.seconds[turn.n_moves] = -1;
    turn.moves[turn.n_moves] = move;
    if (control) {
      double seconds = time_clock_move_done (&clock, clock_seconds ());
      turn.seconds[turn.n_moves] = seconds;
      game.seconds[colour] += seconds;
      if (seconds > game.longest[colour])
        game.longest[colour] = seconds;
      game.moves[colour]++;
      if (clock.flagged[colour]) {
        game.lost_on_time = colour;
        game.black_score = black_moves ? -64 : 64;
        return game;
      }
    }
    if (move < 0 || move >= 64 || !(legal & board_bit (move))) {
      game.black_score = black_moves ? -64 : 64;
      return game;
    }
    board_play (&board, move);
    turn.n_moves++;
    black_moves = !black_moves;
  }
  int score = rules_final_score (black->rules, board_final_score (&board));
  game.black_score = black_moves ? score : -score;
  return game;
}

MatchStatistics match_statistics (const int *differences, int games)
{
  MatchStatistics statistics = { .games = games };
  if (games <= 0)
    return statistics;
  double sum = 0, discs = 0;
  for (int i = 0; i < games; i++) {
    double points = differences[i] > 0 ? 1.0 : differences[i] == 0 ? 0.5 : 0.0;
    statistics.wins += differences[i] > 0;
    statistics.draws += differences[i] == 0;
    statistics.losses += differences[i] < 0;
    sum += points;
    discs += differences[i];
  }
  double score = sum / games;
  /* Wilson's interval for a proportion: sensible even for a clean sweep, and a little wide
   * when there are draws (they make the true variance smaller). */
  const double z = 1.96;
  double n = games, shrink = 1 + z * z / n;
  double centre = (score + z * z / (2 * n)) / shrink;
  double half = z / shrink * sqrt (score * (1 - score) / n + z * z / (4 * n * n));
  statistics.score = score;
  statistics.mean_difference = discs / games;
  statistics.elo = rating_difference_of_score (score);
  statistics.elo_low = rating_difference_of_score (centre - half);
  statistics.elo_high = rating_difference_of_score (centre + half);
  return statistics;
}

bool match_run (const MatchPlayer *first, const MatchPlayer *second, int count,
                size_t hash_bytes, int *differences, MatchProgress progress, void *user_data)
{
  return match_run_on_clock (first, second, count, hash_bytes, NULL, differences, NULL, progress,
                             user_data) >= 0;
}

int match_run_on_clock (const MatchPlayer *first, const MatchPlayer *second, int count,
                         size_t hash_bytes, const TimeControl *control, int *differences,
                         MatchTimes *times, MatchProgress progress, void *user_data)
{
  assert (first && second && differences);
  assert (count >= 0 && count <= MATCH_STARTS);
  MatchTimes total = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
  Search *first_search = search_new (hash_bytes);
  Search *second_search = search_new (hash_bytes);
  bool ok = first_search && second_search, going = true;
  int played = 0;
  for (int i = 0; ok && going && i < count; i++) {
    Board board;
    bool black_to_move;
    match_start (i, &board, &black_to_move);
    for (int colour = 0; going && colour < 2; colour++) {
      bool first_black = colour == 0;
      uint64_t seed = random_mix ((uint64_t) i * 2 + (uint64_t) colour);
      MatchGame game = first_black
        ? match_play_game_on_clock (first, first_search, second, second_search, &board,
                                    black_to_move, seed, control)
        : match_play_game_on_clock (second, second_search, first, first_search, &board,
                                    black_to_move, seed, control);
      /* The first player is black in the first game of a start, white in the second. */
      int first_colour = first_black ? POSITION_BLACK : POSITION_WHITE;
      for (int player = 0; player < 2; player++) {
        int side = player == 0 ? first_colour : !first_colour;
        total.lost_on_time[player] += game.lost_on_time == side;
        total.seconds[player] += game.seconds[side];
        total.moves[player] += game.moves[side];
        if (game.longest[side] > total.longest[player])
          total.longest[player] = game.longest[side];
      }
      int difference = first_black ? game.black_score : -game.black_score;
      differences[2 * i + colour] = difference;
      played++;
      if (progress)
        going = progress (2 * i + colour, i, first_black, difference, user_data);
    }
  }
  if (first_search)
    search_free (first_search);
  if (second_search)
    search_free (second_search);
  if (times)
    *times = total;
  return ok ? played : -1;
}
