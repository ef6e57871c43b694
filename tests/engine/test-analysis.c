/* test-analysis.c: the score of every move (analysis.h) is what a search of the position after it
 * says, exact near the end, best first, and the analysis honours the stop flag; a search resumed
 * from the table (what the analysis does from one depth to the next) finds what one from the
 * first ply finds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "board.h"
#include "notation.h"
#include "search.h"
#include "check.h"
#include "random-game.h"

#define TEST_HASH_BYTES ((size_t) 8 << 20)

/* What search_run() says of the position after move, with a fresh table. */
static SearchResult search_after (Search *search, const Board *board, int move,
                                  const SearchLimits *limits, int max_depth)
{
  Board next = board_after_move (board, move);
  SearchLimits child = *limits;
  child.max_depth = max_depth;
  search_clear (search);
  return search_run (search, &next, &child, NULL, NULL);
}

static void check_best_first (const Analysis *analysis, const char *what)
{
  for (int i = 1; i < analysis->count; i++)
    CHECK (analysis->moves[i - 1].score >= analysis->moves[i].score,
           "%s: move %d (%+d) before move %d (%+d)", what, analysis->moves[i - 1].move,
           analysis->moves[i - 1].score, analysis->moves[i].move, analysis->moves[i].score);
}

/* Every legal move once, and nothing else. */
static void check_moves_listed (const Board *board, const Analysis *analysis, const char *what)
{
  uint64_t legal = board_legal_moves (board), seen = 0;
  CHECK (analysis->count == board_count (legal), "%s: %d moves listed, %d legal", what,
         analysis->count, board_count (legal));
  for (int i = 0; i < analysis->count; i++) {
    int move = analysis->moves[i].move;
    CHECK (move >= 0 && move < 64 && (legal & board_bit (move)) && !(seen & board_bit (move)),
           "%s: move %d illegal or listed twice", what, move);
    seen |= board_bit (move);
    CHECK (analysis->moves[i].pv_length >= 1 && analysis->moves[i].pv[0] == move,
           "%s: the line of move %d does not start with it", what, move);
    CHECK (analysis_find (analysis, move) == &analysis->moves[i], "%s: analysis_find (%d)", what,
           move);
  }
}

/* (a) Midgame: at each depth every move's score is minus a fresh search of the position after
 * it one ply shallower (minus its evaluation at depth 1), and the depths are right. */
static void test_scores_match_search (void)
{
  Search *analyst = search_new (TEST_HASH_BYTES), *reference = search_new (TEST_HASH_BYTES);
  REQUIRE (analyst && reference, "search_new failed");
  uint64_t state = 10;
  int checked = 0;
  for (int game = 0; game < 8; game++) {
    Board board;
    int played = 10 + game * 4; /* 10 to 38 moves played */
    if (!random_game_position (&state, 60 - played, &board) || !board_legal_moves (&board))
      continue;
    for (int depth = 1; depth <= 6; depth++) {
      SearchLimits limits = search_limits_default ();
      limits.max_depth = depth;
      limits.exact_empties = 8;
      /* Selective cuts depend on the windows and the table's contents: only full-width scores
       * are the same whichever way they are reached. */
      limits.exhaustive = true;
      search_clear (analyst);
      Analysis analysis;
      analysis_run (analyst, &board, &limits, NULL, NULL, &analysis);
      char what[64];
      snprintf (what, sizeof what, "game %d depth %d", game, depth);
      check_moves_listed (&board, &analysis, what);
      check_best_first (&analysis, what);
      CHECK (analysis.depth == depth && !analysis.exact && !analysis.stopped,
             "%s: depth %d exact %d stopped %d", what, analysis.depth, analysis.exact,
             analysis.stopped);
      int best;
      CHECK (analysis_best_score (&analysis, &best) && best == analysis.moves[0].score,
             "%s: best score", what);
      for (int i = 0; i < analysis.count; i++) {
        const AnalysisMove *entry = &analysis.moves[i];
        int expected;
        if (depth == 1) {
          Board next = board_after_move (&board, entry->move);
          expected = -search_evaluate (reference, &next);
        } else {
          expected = -search_after (reference, &board, entry->move, &limits, depth - 1).score;
        }
        CHECK (entry->score == expected && entry->depth == depth && !entry->exact,
               "%s: move %d scored %+d at depth %d (exact %d), search says %+d", what,
               entry->move, entry->score, entry->depth, entry->exact, expected);
        checked++;
      }
    }
  }
  CHECK (checked > 200, "only %d scores checked", checked);
  search_free (analyst);
  search_free (reference);
}

/* A random position with `empties` empty squares where the side to move has a move. */
static Board test_position (uint64_t *state, int empties)
{
  Board board;
  while (!random_game_position (state, empties, &board) || !board_legal_moves (&board))
    ;
  return board;
}

/* (b) Near the end every move is exact and equals minus the exact solve after it. */
static void test_exact_near_the_end (void)
{
  Search *analyst = search_new (TEST_HASH_BYTES), *reference = search_new (TEST_HASH_BYTES);
  REQUIRE (analyst && reference, "search_new failed");
  uint64_t state = 20;
  for (int n = 0; n < 6; n++) {
    Board board = test_position (&state, 10 + n);
    SearchLimits limits = search_limits_default ();
    limits.max_depth = 0;
    limits.exact_empties = 20;
    Analysis analysis;
    analysis_run (analyst, &board, &limits, NULL, NULL, &analysis);
    char what[64];
    snprintf (what, sizeof what, "endgame %d (%d empties)", n, 10 + n);
    check_moves_listed (&board, &analysis, what);
    check_best_first (&analysis, what);
    CHECK (analysis.exact && !analysis.stopped && analysis.depth == 10 + n,
           "%s: exact %d stopped %d depth %d", what, analysis.exact, analysis.stopped,
           analysis.depth);
    SearchLimits solve = search_limits_default ();
    solve.exact_empties = 64;
    for (int i = 0; i < analysis.count; i++) {
      const AnalysisMove *entry = &analysis.moves[i];
      SearchResult result = search_after (reference, &board, entry->move, &solve, 0);
      CHECK (result.exact && entry->exact && entry->score == -result.score
             && entry->depth == 10 + n,
             "%s: move %d scored %+d (exact %d, depth %d), solved %+d", what, entry->move,
             entry->score, entry->exact, entry->depth, -result.score);
    }
  }
  search_free (analyst);
  search_free (reference);
}

typedef struct Progress {
  int calls;
  int last_depth;
  int estimates;      /* calls where some move had a midgame score deeper than 1 */
  int stop_after;     /* set the stop flag at this call (0: never) */
  atomic_bool *stop;
  const char *what;
} Progress;

/* (e) The depth never goes down, and every scored move has a depth. */
static void on_progress (const Analysis *analysis, void *user_data)
{
  Progress *progress = user_data;
  progress->calls++;
  CHECK (analysis->depth >= progress->last_depth, "%s: depth went from %d to %d",
         progress->what, progress->last_depth, analysis->depth);
  progress->last_depth = analysis->depth;
  for (int i = 0; i < analysis->count; i++) {
    const AnalysisMove *entry = &analysis->moves[i];
    CHECK (entry->depth >= analysis->depth && entry->score >= -64 && entry->score <= 64,
           "%s: move %d depth %d score %+d at analysis depth %d", progress->what, entry->move,
           entry->depth, entry->score, analysis->depth);
    if (entry->depth > 1 && !entry->exact)
      progress->estimates++;
  }
  if (progress->stop && progress->calls == progress->stop_after)
    atomic_store (progress->stop, true);
}

/* Moves in solving range get midgame estimates first, reported as they come, then exact
 * scores. */
static void test_estimates_then_exact (void)
{
  Search *analyst = search_new (TEST_HASH_BYTES);
  REQUIRE (analyst, "search_new failed");
  uint64_t state = 30;
  Board board = test_position (&state, 18);
  SearchLimits limits = search_limits_default ();
  limits.max_depth = 0;
  limits.exact_empties = 18;
  Progress progress = { .what = "18 empties" };
  Analysis analysis;
  analysis_run (analyst, &board, &limits, on_progress, &progress, &analysis);
  CHECK (analysis.exact && analysis.depth == 18, "exact %d depth %d", analysis.exact,
         analysis.depth);
  CHECK (progress.estimates > 0, "no midgame estimate was reported before the exact scores");
  CHECK (progress.calls > analysis.count, "%d progress calls for %d moves", progress.calls,
         analysis.count);
  check_best_first (&analysis, "18 empties");
  search_free (analyst);
}

/* (c) A pass is the one move, scored by the search of the passed position; at the end of the
 * game there is nothing to score. */
static void test_pass_and_game_over (void)
{
  Search *analyst = search_new (TEST_HASH_BYTES), *reference = search_new (TEST_HASH_BYTES);
  REQUIRE (analyst && reference, "search_new failed");
  uint64_t state = 40;
  int passes = 0, ends = 0;
  for (int tries = 0; tries < 20000 && (passes < 3 || ends < 3); tries++) {
    Board board;
    int empties = 1 + (int) (random_next (&state) % 30);
    random_game_position (&state, empties, &board); /* false when the game ended first */
    bool game_over = board_is_game_over (&board);
    bool must_pass = !game_over && !board_legal_moves (&board);
    if (!game_over && !must_pass)
      continue;
    SearchLimits limits = search_limits_default ();
    limits.max_depth = 4;
    limits.exact_empties = 4;
    Analysis analysis;
    Progress progress = { .what = must_pass ? "pass" : "game over" };
    analysis_run (analyst, &board, &limits, on_progress, &progress, &analysis);
    CHECK (progress.calls >= 1, "%s: no progress call", progress.what);
    int score;
    if (game_over) {
      CHECK (analysis.count == 0 && analysis.exact && !analysis.stopped,
             "game over: count %d exact %d", analysis.count, analysis.exact);
      CHECK (!analysis_best_score (&analysis, &score), "game over: a best score");
      CHECK (!analysis_find (&analysis, BOARD_PASS), "game over: a pass");
      ends++;
      continue;
    }
    CHECK (analysis.count == 1 && analysis.moves[0].move == BOARD_PASS,
           "pass: count %d, move %d", analysis.count, analysis.moves[0].move);
    const AnalysisMove *pass = analysis_find (&analysis, BOARD_PASS);
    CHECK (pass && pass->pv[0] == BOARD_PASS, "pass: not found, or its line does not start with it");
    CHECK (analysis_best_score (&analysis, &score) && score == pass->score, "pass: best score");
    SearchResult result = search_after (reference, &board, BOARD_PASS, &limits, 3);
    CHECK (pass->score == -result.score && pass->exact == result.exact,
           "pass: scored %+d (exact %d), the passed position %+d", pass->score, pass->exact,
           -result.score);
    CHECK (pass->depth == (result.exact ? board_empties (&board) : 4), "pass: depth %d",
           pass->depth);
    passes++;
  }
  CHECK (passes >= 3 && ends >= 3, "found only %d passes and %d game ends", passes, ends);
  search_free (analyst);
  search_free (reference);
}

/* (d) The stop flag, set from the progress callback, ends a long analysis at once; the moves keep
 * the scores they had. Time and node limits end it too. */
static void test_stop (void)
{
  Search *analyst = search_new (TEST_HASH_BYTES);
  REQUIRE (analyst, "search_new failed");
  uint64_t state = 50;
  Board board = test_position (&state, 36);
  atomic_bool stop;
  atomic_init (&stop, false);
  SearchLimits limits = search_limits_default ();
  limits.max_depth = 0; /* would run for hours */
  limits.stop = &stop;
  Progress progress = { .what = "stop", .stop = &stop };
  Analysis analysis;
  /* First learn how many calls a few iterations take, then stop in the middle of one. */
  progress.stop_after = 1000000;
  SearchLimits shallow = limits;
  shallow.max_depth = 3;
  analysis_run (analyst, &board, &shallow, on_progress, &progress, &analysis);
  CHECK (!analysis.stopped && analysis.depth == 3, "3 plies: stopped %d depth %d",
         analysis.stopped, analysis.depth);
  progress = (Progress) { .what = "stop", .stop = &stop, .stop_after = progress.calls + 2 };
  analysis_run (analyst, &board, &limits, on_progress, &progress, &analysis);
  CHECK (analysis.stopped && !analysis.exact, "stop: stopped %d exact %d", analysis.stopped,
         analysis.exact);
  CHECK (progress.calls == progress.stop_after + 1, "stop: %d progress calls, stopped at %d",
         progress.calls, progress.stop_after);
  CHECK (analysis.depth == 3, "stop: depth %d, expected the 3 finished plies", analysis.depth);
  check_moves_listed (&board, &analysis, "stop");
  check_best_first (&analysis, "stop");
  for (int i = 0; i < analysis.count; i++)
    CHECK (analysis.moves[i].depth == 3 || analysis.moves[i].depth == 4,
           "stop: move %d depth %d", analysis.moves[i].move, analysis.moves[i].depth);

  /* Limits on the whole analysis, not on each move's search. */
  atomic_store (&stop, false);
  SearchLimits timed = limits;
  timed.hard_time = 0.3;
  analysis_run (analyst, &board, &timed, NULL, NULL, &analysis);
  CHECK (analysis.stopped && analysis.seconds < 1.5 && analysis.depth >= 1,
         "hard time: stopped %d after %.3f s, depth %d", analysis.stopped, analysis.seconds,
         analysis.depth);
  SearchLimits counted = limits;
  counted.max_nodes = 200000;
  analysis_run (analyst, &board, &counted, NULL, NULL, &analysis);
  CHECK (analysis.stopped && analysis.nodes < counted.max_nodes + 50000,
         "max nodes: stopped %d after %llu nodes", analysis.stopped,
         (unsigned long long) analysis.nodes);
  SearchLimits soft = limits;
  soft.soft_time = 0.05;
  analysis_run (analyst, &board, &soft, NULL, NULL, &analysis);
  CHECK (analysis.stopped && analysis.depth >= 1, "soft time: stopped %d depth %d",
         analysis.stopped, analysis.depth);
  search_free (analyst);
}

/* Two positions from tournament games (tests/data/midgame.obf: WTHOR 2020, after 20 moves). */
static const char *const real_positions[] = {
  "---O-X------O-----XXOOO---XXXOOO--XXOX----XXXX-----XX----------- X",
  "---O-X---OOOOO---OOOXXXX-OOOOOX--OOOOXOO--XXXO-----XX-------X--- X",
};

static Board real_position (int n)
{
  Position position;
  NotationStatus status = notation_parse_board (real_positions[n], strlen (real_positions[n]),
                                                &position);
  REQUIRE (status.error == NOTATION_OK, "position %d: %s", n,
           notation_error_message (status.error));
  return position.board;
}

/* (f) Resuming: at the same depth the same scores. With a table filled by the shallower search,
 * a search resumed at the next depth (around a wrong guess, or the right one, the reply found
 * before first) ends on the score of a search from the first ply with a fresh table; and every
 * move of an analysis of real positions (which resumes each move's search from depth 3 on)
 * scores what a fresh search after it says. Full width: selective cuts depend on the window. */
static void test_resume_same_scores (void)
{
  Search *analyst = search_new (TEST_HASH_BYTES), *reference = search_new (TEST_HASH_BYTES);
  REQUIRE (analyst && reference, "search_new failed");
  for (int n = 0; n < (int) (sizeof real_positions / sizeof real_positions[0]); n++) {
    Board board = real_position (n);
    SearchLimits limits = search_limits_default ();
    limits.exhaustive = true;
    for (int depth = 3; depth <= 7; depth++) {
      limits.max_depth = depth;
      search_clear (reference);
      SearchResult fresh = search_run (reference, &board, &limits, NULL, NULL);
      for (int guess = -40; guess <= 40; guess += 40) {
        SearchLimits before = limits, resumed = limits;
        before.max_depth = depth - 1;
        search_clear (analyst);
        SearchResult shallow = search_run (analyst, &board, &before, NULL, NULL);
        resumed.resume_depth = depth;
        resumed.resume_score = guess == 0 ? fresh.score : guess;
        resumed.resume_move = shallow.move;
        SearchResult result = search_run (analyst, &board, &resumed, NULL, NULL);
        CHECK (result.score == fresh.score && result.depth == depth && !result.stopped,
               "position %d depth %d guess %+d: resumed %+d (depth %d), fresh %+d", n, depth,
               resumed.resume_score, result.score, result.depth, fresh.score);
      }
    }

    limits.max_depth = 7;
    limits.exact_empties = -1;
    search_clear (analyst);
    Analysis analysis;
    analysis_run (analyst, &board, &limits, NULL, NULL, &analysis);
    char what[64];
    snprintf (what, sizeof what, "real position %d", n);
    check_moves_listed (&board, &analysis, what);
    check_best_first (&analysis, what);
    CHECK (analysis.depth == 7 && !analysis.stopped, "%s: depth %d", what, analysis.depth);
    for (int i = 0; i < analysis.count; i++) {
      const AnalysisMove *entry = &analysis.moves[i];
      int expected = -search_after (reference, &board, entry->move, &limits, 6).score;
      CHECK (entry->score == expected && entry->depth == 7,
             "%s: move %d scored %+d at depth %d, a fresh search says %+d", what, entry->move,
             entry->score, entry->depth, expected);
    }
  }
  search_free (analyst);
  search_free (reference);
}

int main (void)
{
  test_scores_match_search ();
  test_exact_near_the_end ();
  test_estimates_then_exact ();
  test_pass_and_game_over ();
  test_stop ();
  test_resume_same_scores ();
  return check_finish ();
}
