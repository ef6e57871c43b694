/* test-match.c: the openings are legal and distinct, matches replay identically, games on a clock
 * are timed, and the statistics count and rate results correctly. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "eval_pattern.h"
#include "match.h"
#include "check.h"

static void test_openings_legal_and_distinct (void)
{
  Board seen[MATCH_STARTS];
  for (int i = 0; i < MATCH_STARTS; i++) {
    Board board;
    bool black;
    CHECK (match_start (i, &board, &black), "opening %d missing", i);
    CHECK (strlen (match_start_moves (i)) == 16, "opening %d: %s", i, match_start_moves (i));
    CHECK (board_empties (&board) == 52 && black, "opening %d is not 8 plies, black to move", i);
    CHECK (board_legal_moves (&board), "opening %d has no move", i);
    seen[i] = board_canonical (&board);
    for (int j = 0; j < i; j++)
      CHECK (!board_equal (&seen[i], &seen[j]), "openings %d and %d are the same position", j, i);
  }
  Board board;
  bool black;
  CHECK (!match_start (MATCH_STARTS, &board, &black) && !match_start (-1, &board, &black),
         "index out of range accepted");
}

static void test_statistics (void)
{
  const int differences[] = { 10, -4, 0, 64, 2, -2, 6, 0 };
  MatchStatistics s = match_statistics (differences, 8);
  CHECK (s.games == 8 && s.wins == 4 && s.draws == 2 && s.losses == 2, "W/D/L %d/%d/%d",
         s.wins, s.draws, s.losses);
  CHECK (fabs (s.score - 0.625) < 1e-9, "score %f", s.score);
  CHECK (fabs (s.mean_difference - 9.5) < 1e-9, "mean %f", s.mean_difference);
  CHECK (fabs (s.elo - 88.7) < 0.1, "elo %f", s.elo); /* -400 log10 (1 / 0.625 - 1) */
  CHECK (s.elo_low < s.elo && s.elo < s.elo_high, "interval %f .. %f", s.elo_low, s.elo_high);

  const int even[] = { 3, -3, 0, 0 };
  s = match_statistics (even, 4);
  CHECK (fabs (s.elo) < 1e-9 && fabs (s.elo_low + s.elo_high) < 1e-6, "even match %f (%f .. %f)",
         s.elo, s.elo_low, s.elo_high);
  int sweep[20];
  for (int i = 0; i < 20; i++)
    sweep[i] = 2 + i;
  s = match_statistics (sweep, 20);
  CHECK (isinf (s.elo) && s.elo > 0, "a clean sweep is %f", s.elo);
  CHECK (s.elo_low > 0 && !isinf (s.elo_low) && isinf (s.elo_high), "sweep interval %f .. %f",
         s.elo_low, s.elo_high);
}

static int choose_occupied (const MatchPlayer *player, Search *search, const Board *board,
                            uint64_t seed, const MatchTurn *turn)
{
  (void) player, (void) search, (void) seed;
  return __builtin_ctzll (board->player);
}

static int choose_first (const MatchPlayer *player, Search *search, const Board *board,
                         uint64_t seed, const MatchTurn *turn)
{
  (void) player, (void) search, (void) seed;
  return __builtin_ctzll (board_legal_moves (board));
}

/* What a game between two players needs: a search each and a match start to play from. */
typedef struct Table {
  Search *a, *b;
  Board board;
  bool black;
} Table;

static Table table_new (int start)
{
  Table table = { .a = search_new (1 << 20), .b = search_new (1 << 20) };
  REQUIRE (table.a && table.b, "no search");
  REQUIRE (match_start (start, &table.board, &table.black), "no match start %d", start);
  return table;
}

static void table_clear (Table *table)
{
  search_free (table->a);
  search_free (table->b);
}

static void test_illegal_move_loses (void)
{
  MatchPlayer cheat = { .name = "cheat", .choose = choose_occupied };
  MatchPlayer honest = { .name = "honest", .choose = choose_first };
  Table t = table_new (0);
  CHECK (match_play_game (&cheat, t.a, &honest, t.b, &t.board, t.black, 1) == -64, "cheat black");
  CHECK (match_play_game (&honest, t.a, &cheat, t.b, &t.board, t.black, 1) == 64, "cheat white");
  table_clear (&t);
}

/* A game on a clock between two players that answer at once: the same game as without the clock,
 * nobody loses on time on an hour each, every move timed; a match on it counts its moves per
 * player. (Losses on time take real time: tests/cli/test-cli-match-clock.sh.) */
static void test_clock_times_the_moves (void)
{
  MatchPlayer one = { .name = "one", .choose = choose_first };
  MatchPlayer two = { .name = "two", .choose = choose_first };
  Table t = table_new (3);
  TimeControl hour = { .main_seconds = 3600, .increment = 1 };
  MatchGame game = match_play_game_on_clock (&one, t.a, &two, t.b, &t.board, t.black, 5, &hour);
  CHECK (game.black_score == match_play_game (&one, t.a, &two, t.b, &t.board, t.black, 5),
         "the clock changed the game");
  CHECK (game.lost_on_time == -1, "lost on time");
  CHECK (game.moves[0] + game.moves[1] >= 40 && game.moves[0] > 0 && game.moves[1] > 0,
         "moves timed: %d and %d", game.moves[0], game.moves[1]);
  CHECK (game.seconds[0] >= 0 && game.seconds[0] < 60 && game.longest[0] <= game.seconds[0],
         "black's time %g, longest %g", game.seconds[0], game.longest[0]);
  MatchGame untimed = match_play_game_on_clock (&one, t.a, &two, t.b, &t.board, t.black, 5, NULL);
  CHECK (untimed.moves[0] == 0 && untimed.seconds[0] == 0 && untimed.lost_on_time == -1,
         "a game without a clock was timed");
  table_clear (&t);

  int differences[4];
  MatchTimes times;
  CHECK (match_run_on_clock (&one, &two, 2, 1 << 20, &hour, differences, &times, NULL, NULL) == 4);
  CHECK (times.lost_on_time[0] == 0 && times.lost_on_time[1] == 0);
  CHECK (times.moves[0] > 40 && times.moves[1] > 40, "moves %d and %d", times.moves[0],
         times.moves[1]);
}

/* A player that replays the record it is shown from the start and checks it leads to the
 * board it is asked about, with the side to move and the clock right; then plays the first
 * legal move. */
static int choose_by_record (const MatchPlayer *player, Search *search, const Board *board,
                             uint64_t seed, const MatchTurn *turn)
{
  int *wrong = player->user_data;
  Board replayed = turn->start;
  bool black = turn->start_black_to_move;
  for (int i = 0; i < turn->n_moves; i++) {
    if (turn->moves[i] == BOARD_PASS)
      board_pass (&replayed);
    else if (!board_play (&replayed, turn->moves[i]))
      ++*wrong;
    if (turn->clock && turn->moves[i] != BOARD_PASS && !(turn->seconds[i] >= 0))
      ++*wrong;
    black = !black;
  }
  if (replayed.player != board->player || replayed.opponent != board->opponent
      || (black ? POSITION_BLACK : POSITION_WHITE) != turn->colour
      || (turn->clock && turn->clock->running != turn->colour))
    ++*wrong;
  return choose_first (player, search, board, seed, turn);
}

static void test_players_see_the_record (void)
{
  int wrong = 0;
  MatchPlayer one = { .name = "one", .choose = choose_by_record, .user_data = &wrong };
  MatchPlayer two = { .name = "two", .choose = choose_by_record, .user_data = &wrong };
  TimeControl hour = { .main_seconds = 3600, .increment = 0 };
  int differences[8];
  CHECK (match_run_on_clock (&one, &two, 4, 1 << 20, &hour, differences, NULL, NULL, NULL) == 8);
  CHECK (match_run_on_clock (&one, &two, 4, 1 << 20, NULL, differences, NULL, NULL, NULL) == 8);
  CHECK (wrong == 0, "%d moves saw a wrong record", wrong);
}

static bool stop_after_three (int game, int start, bool first_black, int difference,
                              void *user_data)
{
  int *calls = user_data;
  return ++*calls < 3;
}

static void test_progress_ends_the_match (void)
{
  MatchPlayer one = { .name = "one", .choose = choose_first };
  int differences[10], calls = 0;
  CHECK_CMP_INT (match_run_on_clock (&one, &one, 5, 1 << 20, NULL, differences, NULL,
                                     stop_after_three, &calls), ==, 3);
  CHECK_CMP_INT (calls, ==, 3);
}

static void test_short_match_is_deterministic (void)
{
  MatchPlayer first = { .name = "pattern", .evaluation = eval_pattern () };
  MatchPlayer second = { .name = "simple", .evaluation = eval_simple () };
  first.limits = second.limits = search_limits_default ();
  first.limits.max_depth = second.limits.max_depth = 2;
  first.limits.exact_empties = second.limits.exact_empties = 6;
  enum { OPENINGS = 3 };
  int run1[2 * OPENINGS], run2[2 * OPENINGS];
  CHECK (match_run (&first, &second, OPENINGS, 1 << 20, run1, NULL, NULL), "match failed");
  CHECK (match_run (&first, &second, OPENINGS, 1 << 20, run2, NULL, NULL), "match failed");
  for (int i = 0; i < 2 * OPENINGS; i++) {
    CHECK (run1[i] == run2[i], "game %d: %d then %d", i, run1[i], run2[i]);
    CHECK (run1[i] >= -64 && run1[i] <= 64 && (run1[i] & 1) == 0, "game %d: %d", i, run1[i]);
  }
  /* A configuration against itself scores the same from either side of each opening. */
  int self[2 * OPENINGS];
  CHECK (match_run (&second, &second, OPENINGS, 1 << 20, self, NULL, NULL), "match failed");
  for (int i = 0; i < OPENINGS; i++)
    CHECK (self[2 * i] == -self[2 * i + 1], "opening %d: %d and %d", i, self[2 * i],
           self[2 * i + 1]);
}

int main (void)
{
  test_openings_legal_and_distinct ();
  test_statistics ();
  test_illegal_move_loses ();
  test_clock_times_the_moves ();
  test_players_see_the_record ();
  test_progress_ends_the_match ();
  test_short_match_is_deterministic ();
  return check_finish ();
}
