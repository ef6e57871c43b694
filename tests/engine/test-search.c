/* test-search.c: the search returns legal moves, solves endgames exactly, honours its limits. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "board.h"
#include "clock.h"
#include "search.h"
#include "check.h"
#include "random-game.h"
#include "stop-later.h"

static void test_search_returns_legal_move_or_pass (void)
{
  uint64_t state = 1;
  Search *search = search_new (1 << 20);
  REQUIRE (search, "search_new failed");
  for (int i = 0; i < 200; i++) {
    Board board;
    if (!random_game_position (&state, 4 + (int) (random_next (&state) % 56), &board))
      continue;
    SearchLimits limits = search_limits_default ();
    limits.max_depth = 1 + i % 4;
    limits.exact_empties = i % 3 ? 8 : -1;
    limits.max_nodes = i % 5 ? 0 : 500;
    SearchResult result = search_run (search, &board, &limits, NULL, NULL);
    uint64_t moves = board_legal_moves (&board);
    if (moves)
      CHECK (result.move >= 0 && result.move < 64 && (moves & board_bit (result.move)),
             "position %d: illegal move %d", i, result.move);
    else if (board_is_game_over (&board))
      CHECK (result.move == BOARD_NO_MOVE, "position %d: move %d after game end", i, result.move);
    else
      CHECK (result.move == BOARD_PASS, "position %d: %d instead of a pass", i, result.move);
  }
  search_free (search);
}

/* The plain game-tree value: no pruning, no tables, nothing clever to get wrong. */
static int minimax (const Board *board, bool passed)
{
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    if (passed)
      return -board_final_score (&(Board) { board->opponent, board->player });
    Board next = { board->opponent, board->player };
    return -minimax (&next, true);
  }
  int best = -1000;
  for (; moves; moves &= moves - 1) {
    Board next = *board;
    board_play (&next, __builtin_ctzll (moves));
    int score = -minimax (&next, false);
    if (score > best)
      best = score;
  }
  return best;
}

static int score_after (const Board *board, int move)
{
  Board next = board_after_move (board, move);
  return -minimax (&next, false);
}

static void test_solver_matches_minimax (void)
{
  uint64_t state = 2;
  Search *search = search_new (4 << 20);
  REQUIRE (search, "search_new failed");
  int solved = 0;
  for (int i = 0; solved < 400; i++) {
    Board board;
    int empties = 1 + i % 10;
    if (!random_game_position (&state, empties, &board) || board_is_game_over (&board))
      continue;
    int expected = minimax (&board, false);
    SearchLimits limits = search_limits_default ();
    limits.threads = 1 + i % 2;
    /* Half of them reach the end through the midgame search's iterations. */
    if (i % 4 >= 2) {
      limits.exact_empties = -1;
      limits.max_depth = 60;
    }
    if (i % 3 == 0)
      search_clear (search);
    SearchResult result = search_run (search, &board, &limits, NULL, NULL);
    CHECK (result.exact && !result.stopped, "position %d: not solved (%d %d %d)", i, result.exact, result.stopped, result.move);
    CHECK (result.score == expected, "position %d (%d empties): score %d, minimax %d", i,
           empties, result.score, expected);
    CHECK (score_after (&board, result.move) == expected, "position %d: move %d scores %d, not %d",
           i, result.move, score_after (&board, result.move), expected);
    /* The principal variation is legal and ends with the promised score when complete. */
    Board line = board;
    for (int k = 0; k < result.pv_length; k++) {
      int move = result.pv[k];
      if (move == BOARD_PASS) {
        CHECK (!board_legal_moves (&line), "position %d: pv passes with moves", i);
        board_pass (&line);
      } else {
        CHECK (board_play (&line, move), "position %d: pv move %d illegal", i, move);
      }
    }
    if (board_is_game_over (&line)) {
      int final = board_final_score (&line);
      CHECK ((result.pv_length % 2 ? -final : final) == expected,
             "position %d: pv ends at %d, score %d", i, final, expected);
    }

    limits.win_loss_draw = true;
    limits.exact_empties = 60;
    result = search_run (search, &board, &limits, NULL, NULL);
    int sign = (expected > 0) - (expected < 0);
    CHECK (result.score == sign, "position %d: win/draw/loss %d, minimax %d", i, result.score,
           expected);
    solved++;
  }
  search_free (search);
}

/* One and two threads agree on exact scores (10 to 17 empties). */
static void test_threads_agree (void)
{
  uint64_t state = 3;
  Search *one = search_new (8 << 20), *two = search_new (8 << 20);
  REQUIRE (one && two, "search_new failed");
  for (int i = 0; i < 12; i++) {
    Board board;
    if (!random_game_position (&state, 10 + i % 8, &board) || board_is_game_over (&board))
      continue;
    SearchLimits limits = search_limits_default ();
    SearchResult single = search_run (one, &board, &limits, NULL, NULL);
    limits.threads = 2;
    SearchResult pair = search_run (two, &board, &limits, NULL, NULL);
    CHECK (single.exact && pair.exact, "position %d: not exact", i);
    CHECK (single.score == pair.score, "position %d: 1 thread %d, 2 threads %d", i,
           single.score, pair.score);
    CHECK (board_empties (&board) > 12 || score_after (&board, pair.move) == pair.score,
           "position %d: two threads chose a worse move", i);
  }
  search_free (one);
  search_free (two);
}

typedef struct Progress {
  int calls;
  int last_depth;
  bool ordered;
} Progress;

static void count_progress (const SearchResult *progress, void *user_data)
{
  Progress *seen = user_data;
  if (progress->depth < seen->last_depth)
    seen->ordered = false;
  seen->last_depth = progress->depth;
  seen->calls++;
}

static void test_progress_reports_every_iteration (void)
{
  Search *search = search_new (1 << 20);
  Board board;
  board_init (&board);
  SearchLimits limits = search_limits_default ();
  limits.max_depth = 6;
  Progress seen = { 0, 0, true };
  SearchResult result = search_run (search, &board, &limits, count_progress, &seen);
  CHECK (seen.calls == 6 && seen.ordered, "%d progress calls", seen.calls);
  CHECK (result.depth == 6 && !result.stopped && result.pv_length >= 1,
         "depth %d, pv length %d", result.depth, result.pv_length);
  search_free (search);
}

/* From the stop flag set to search_run returned. The search looks at the flag every few thousand
 * nodes, well under a millisecond optimised (the latencies are printed); the bound only tells a
 * search that honours the flag from one that runs to its 20 s net, with room for valgrind and a
 * loaded two-core machine, where the searching threads may wait seconds for a core. */
#define STOP_LATENCY_BOUND 2.0

/* A search without limits ends soon after another thread sets the stop flag, with a legal move. */
static void test_stop_flag_ends_search (void)
{
  Search *search = search_new (8 << 20);
  uint64_t state = 4;
  double worst = 0, total = 0;
  int searches = 8;
  for (int i = 0; i < searches; i++) {
    Board board;
    if (!random_game_position (&state, i % 2 ? 40 : 24, &board) || !board_legal_moves (&board)) {
      i--;
      continue;
    }
    atomic_bool stop;
    atomic_init (&stop, false);
    SearchLimits limits = search_limits_default ();
    limits.exact_empties = i % 2 ? -1 : 30;
    limits.threads = 1 + i % 4 / 2;
    limits.stop = &stop;
    /* Only a net: a search that ignores the flag fails the bound below instead of hanging. */
    limits.hard_time = 20;
    Stopper stopper = { &stop, 0.05, 0 };
    pthread_t thread;
    REQUIRE (pthread_create (&thread, NULL, stop_later, &stopper) == 0, "no thread");
    SearchResult result = search_run (search, &board, &limits, NULL, NULL);
    double returned = clock_seconds ();
    pthread_join (thread, NULL);
    CHECK (result.stopped, "search %d not stopped", i);
    double latency = returned - stopper.stopped_at;
    printf ("stop latency of search %d (%d empties, %d thread%s): %.2f ms\n", i,
            board_empties (&board), limits.threads, limits.threads > 1 ? "s" : "", latency * 1e3);
    CHECK (latency < STOP_LATENCY_BOUND, "search %d returned %.1f ms after the stop, over %.0f ms",
           i, latency * 1e3, STOP_LATENCY_BOUND * 1e3);
    worst = latency > worst ? latency : worst;
    total += latency;
    CHECK (result.move < 64 && (board_legal_moves (&board) & board_bit (result.move)),
           "search %d: illegal move %d", i, result.move);
  }
  printf ("stop latency: worst %.2f ms, mean %.2f ms over %d searches (bound %.0f ms)\n",
          worst * 1e3, total / searches * 1e3, searches, STOP_LATENCY_BOUND * 1e3);
  /* A stop set before the search starts still gives a legal move. */
  atomic_bool stop;
  atomic_init (&stop, true);
  Board board;
  board_init (&board);
  SearchLimits limits = search_limits_default ();
  limits.stop = &stop;
  SearchResult result = search_run (search, &board, &limits, NULL, NULL);
  CHECK (result.stopped && result.move < 64 && (board_legal_moves (&board) & board_bit (result.move)),
         "stopped before the start: move %d", result.move);
  search_free (search);
}

static void test_time_and_node_limits (void)
{
  Search *search = search_new (8 << 20);
  Board board;
  board_init (&board);
  SearchLimits limits = search_limits_default ();
  limits.hard_time = 0.2;
  limits.threads = 2;
  double start = clock_seconds ();
  SearchResult result = search_run (search, &board, &limits, NULL, NULL);
  double seconds = clock_seconds () - start;
  CHECK (result.stopped && seconds < 5.0, "hard limit 0.2 s: %.3f s", seconds);
  CHECK (result.seconds <= seconds, "reported %.3f s of %.3f", result.seconds, seconds);

  /* A soft limit lets the running iteration finish but starts no other. */
  limits = search_limits_default ();
  limits.soft_time = 0.05;
  limits.exact_empties = -1;
  Progress seen = { 0, 0, true };
  result = search_run (search, &board, &limits, count_progress, &seen);
  CHECK (!result.stopped && result.depth < 60 && seen.calls == result.depth,
         "soft limit: depth %d, stopped %d", result.depth, result.stopped);

  limits = search_limits_default ();
  limits.max_nodes = 20000;
  result = search_run (search, &board, &limits, NULL, NULL);
  CHECK (result.stopped && result.nodes < 20000 + 2 * 4096 + 100,
         "node limit 20000: %llu nodes", (unsigned long long) result.nodes);
  search_free (search);
}

static void test_game_over_and_pass (void)
{
  Search *search = search_new (1 << 20);
  SearchLimits limits = search_limits_default ();
  /* Black owns everything but h8: white cannot move, black can't either: game over. */
  Board over = { ~0ULL >> 1, 0 };
  SearchResult result = search_run (search, &over, &limits, NULL, NULL);
  CHECK (result.move == BOARD_NO_MOVE && result.exact && result.score == 64,
         "game over: move %d score %d", result.move, result.score);
  /* White b1 against black a1, white to move: white must pass, black takes c1 and wins. */
  Board pass = { 0x2ULL, 0x1ULL };
  result = search_run (search, &pass, &limits, NULL, NULL);
  CHECK (result.move == BOARD_PASS && result.score == -64, "pass: move %d score %d",
         result.move, result.score);
  CHECK (result.pv_length == 2 && result.pv[0] == BOARD_PASS && result.pv[1] == 2,
         "pass: pv length %d", result.pv_length);
  search_free (search);
}

int main (void)
{
  test_search_returns_legal_move_or_pass ();
  test_game_over_and_pass ();
  test_solver_matches_minimax ();
  test_threads_agree ();
  test_progress_reports_every_iteration ();
  test_stop_flag_ends_search ();
  test_time_and_node_limits ();
  return check_finish ();
}
