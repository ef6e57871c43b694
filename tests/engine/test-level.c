/* test-level.c: the level table is ordered, and each level chooses legal, reproducible moves and
 * passes when it must; the beginner varies its play among reasonable moves and never throws a
 * game away at random. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "eval_pattern.h"
#include "level.h"
#include "notation.h"
#include "search.h"
#include "check.h"
#include "random-game.h"

/* A position after random legal moves with `empties` empty squares left and a move to play. */
static Board random_position (uint64_t *state, int empties)
{
  Board board;
  while (!random_game_position (state, empties, &board) || board_count (board_legal_moves (&board)) < 3)
    continue;
  return board;
}

static void test_table_is_ordered (void)
{
  CHECK (LEVEL_COUNT >= 6, "%d levels", LEVEL_COUNT);
  CHECK (level_from_id (NULL) == LEVEL_NONE, "NULL id");
  CHECK (level_from_id ("grandmaster") == LEVEL_NONE, "unknown id");
  CHECK (strcmp (level_get (LEVEL_DEFAULT)->id, "intermediate") == 0, "default level");
  for (int i = 0; i < LEVEL_COUNT; i++) {
    const Level *level = level_get (i);
    CHECK (level->id && level->name && level->name[0], "level %d named", i);
    CHECK (level_from_id (level->id) == (LevelId) i, "round trip of %s", level->id);
    CHECK (level->depth >= 1 && level->seconds > 0 && level->noise >= 0, "limits of %s", level->id);
    CHECK (level->noise == 0 || level->depth >= 2, "%s scores its moves with a search", level->id);
    if (i == 0)
      continue;
    const Level *below = level_get (i - 1);
    CHECK (level->depth >= below->depth, "%s searches at least as deep as %s", level->id, below->id);
    CHECK (level->noise <= below->noise, "%s errs no more than %s", level->id, below->id);
    CHECK (level->exact_empties >= below->exact_empties, "%s solves no later than %s", level->id,
           below->id);
    CHECK (level->seconds >= below->seconds, "%s thinks no shorter than %s", level->id, below->id);
  }
  const Level *beginner = level_get (LEVEL_BEGINNER);
  const Level *master = level_get (LEVEL_MASTER);
  CHECK (beginner->noise > 0, "the beginner varies its play");
  CHECK (master->noise == 0 && !master->simple_eval, "the master plays at full strength");
  CHECK (master->exact_empties >= 24 && master->seconds >= 1, "master solves from %d empties",
         master->exact_empties);
}

static void test_choice_is_legal_and_reproducible (void)
{
  Search *search = search_new (1 << 20);
  REQUIRE (search, "search_new");
  uint64_t state = 7;
  for (int round = 0; round < 6; round++) {
    Board board = random_position (&state, 50 - 7 * round);
    for (int level = LEVEL_BEGINNER; level <= LEVEL_INTERMEDIATE; level++) {
      SearchResult result;
      int move = level_choose_move (search, &board, level, 1234 + round, NULL, &result);
      CHECK (move >= 0 && move < 64 && (board_legal_moves (&board) & board_bit (move)),
             "%s plays a legal move (%d)", level_get (level)->id, move);
      CHECK (result.move == move, "the result names the move");
      int again = level_choose_move (search, &board, level, 1234 + round, NULL, NULL);
      CHECK (again == move, "%s with the same seed plays %d then %d", level_get (level)->id, move,
             again);
    }
  }
  search_free (search);
}

/* Each root move's score at the beginner's depth, seen from the side to move. */
static int root_move_score (Search *search, const Board *board, int square, int depth)
{
  Board next = *board;
  board_play (&next, square);
  SearchLimits limits = search_limits_default ();
  limits.max_depth = depth - 1;
  limits.exact_empties = -1;
  if (board_is_game_over (&next))
    return -board_final_score (&next);
  if (!board_legal_moves (&next)) {
    board_pass (&next);
    return search_run (search, &next, &limits, NULL, NULL).score;
  }
  return -search_run (search, &next, &limits, NULL, NULL).score;
}

static void test_beginner_picks_among_reasonable_moves (void)
{
  Search *search = search_new (1 << 20);
  Search *judge = search_new (1 << 20);
  REQUIRE (search && judge, "search_new");
  const Level *beginner = level_get (LEVEL_BEGINNER);
  search_set_evaluation (judge, beginner->simple_eval ? eval_simple () : eval_pattern ());
  uint64_t state = 99;
  int positions_with_choice = 0;
  for (int round = 0; round < 12; round++) {
    Board board = random_position (&state, 52 - 2 * round);
    int scores[64];
    int best = -1000, worst = 1000;
    for (uint64_t moves = board_legal_moves (&board); moves; moves &= moves - 1) {
      int square = __builtin_ctzll (moves);
      scores[square] = root_move_score (judge, &board, square, beginner->depth);
      best = scores[square] > best ? scores[square] : best;
      worst = scores[square] < worst ? scores[square] : worst;
    }
    int chosen[64] = { 0 };
    int distinct = 0;
    for (uint64_t seed = 0; seed < 200; seed++) {
      int move = level_choose_move (search, &board, LEVEL_BEGINNER, seed, NULL, NULL);
      CHECK (board_legal_moves (&board) & board_bit (move), "legal");
      CHECK (best - scores[move] <= beginner->noise,
             "the beginner played %d, %d discs worse than the best", move, best - scores[move]);
      distinct += chosen[move]++ == 0;
    }
    /* The best move is the likeliest: it is drawn at least as often as any move 3 discs worse. */
    int best_count = 0;
    for (int square = 0; square < 64; square++)
      if (chosen[square] && scores[square] == best && chosen[square] > best_count)
        best_count = chosen[square];
    for (int square = 0; square < 64; square++)
      if (chosen[square] && best - scores[square] >= 3)
        CHECK (chosen[square] < best_count, "a worse move drawn %d times, the best %d",
               chosen[square], best_count);
    if (best - worst > beginner->noise)
      CHECK (distinct < board_count (board_legal_moves (&board)),
             "moves beyond the noise are never drawn");
    positions_with_choice += distinct >= 2;
  }
  CHECK (positions_with_choice >= 8, "the beginner varied its move in %d of 12 positions",
         positions_with_choice);
  search_free (search);
  search_free (judge);
}

static void test_master_plays_the_exact_endgame (void)
{
  Search *search = search_new (1 << 22);
  Search *judge = search_new (1 << 22);
  REQUIRE (search && judge, "search_new");
  uint64_t state = 3;
  for (int round = 0; round < 3; round++) {
    Board board = random_position (&state, 10);
    SearchLimits limits = search_limits_default ();
    limits.exact_empties = 64;
    SearchResult exact = search_run (judge, &board, &limits, NULL, NULL);
    SearchResult result;
    int move = level_choose_move (search, &board, LEVEL_MASTER, 0, NULL, &result);
    CHECK (result.exact && result.score == exact.score, "master scores %d, the exact score is %d",
           result.score, exact.score);
    Board next = board;
    board_play (&next, move);
    SearchResult reply = search_run (judge, &next, &limits, NULL, NULL);
    int after = board_legal_moves (&next) || board_is_game_over (&next) ? -reply.score : reply.score;
    CHECK (after == exact.score, "master's move keeps %d of %d discs", after, exact.score);
  }
  search_free (search);
  search_free (judge);
}

/* Black to move, 12 empties, no legal move while white has several: black must pass. Reached
 * from the start by e6d6c4f6f7d3c2g8c7f5g6f4e3b4c6d2g4h7a4f3g3b2h6b7f8b3a7c5e2g7a2a8c3e7b5b6e8
 * d7a6g5c8h5h8h4h3a5d8a3. */
#define FORCED_PASS "--------XXXXX---OXXXXXXXOOXOOOXXOOOXXXOXOXXXXXOXOXXXXOXXO-XXXXXX X"

/* Every level answers a forced pass with BOARD_PASS, a line that goes on with the opponent's
 * legal move, and the opponent's score turned round: exact where the level solves 12 empties,
 * otherwise what a search of the opponent's turn at the level's depth finds. */
static void test_every_level_passes_when_it_must (void)
{
  Position position;
  NotationStatus status = notation_parse_board (FORCED_PASS, strlen (FORCED_PASS), &position);
  CHECK (!status.error, "%s at %zu", notation_error_message (status.error), status.offset);
  const Board *board = &position.board;
  CHECK (position_must_pass (&position) && board_empties (board) == 12, "not a forced pass");
  Board after_pass = { board->opponent, board->player };
  uint64_t opponent_moves = board_legal_moves (&after_pass);

  Search *judge = search_new (1 << 20);
  REQUIRE (judge, "search_new");
  SearchLimits exact_limits = search_limits_default ();
  exact_limits.exact_empties = 64;
  SearchResult exact = search_run (judge, &after_pass, &exact_limits, NULL, NULL);
  CHECK (exact.exact, "the opponent's turn is solved");

  for (int level = 0; level < LEVEL_COUNT; level++) {
    const Level *entry = level_get (level);
    Search *search = search_new (1 << 20);
    REQUIRE (search, "search_new");
    SearchResult result;
    int move = level_choose_move (search, board, level, 1, NULL, &result);
    CHECK (move == BOARD_PASS && result.move == BOARD_PASS, "%s plays %d, not a pass", entry->id,
           move);
    CHECK (result.pv_length >= 2 && result.pv[0] == BOARD_PASS
           && result.pv[1] >= 0 && result.pv[1] < 64 && (opponent_moves & board_bit (result.pv[1])),
           "%s: the line after the pass is not the opponent's legal move", entry->id);
    if (entry->exact_empties >= 12) {
      CHECK (result.exact && result.score == -exact.score, "%s scores the pass %d, exactly %d",
             entry->id, result.score, -exact.score);
    } else {
      /* The opponent's turn at the level's limits (level.c's level_limits, less the time). */
      Search *reference = search_new (1 << 20);
      REQUIRE (reference, "search_new");
      search_set_evaluation (reference, entry->simple_eval ? eval_simple () : eval_pattern ());
      SearchLimits limits = search_limits_default ();
      limits.max_depth = entry->depth;
      limits.exact_empties = entry->exact_empties;
      SearchResult expected = search_run (reference, &after_pass, &limits, NULL, NULL);
      CHECK (!result.exact && result.score == -expected.score,
             "%s scores the pass %d, the opponent's turn %d", entry->id, result.score,
             expected.score);
      search_free (reference);
    }
    /* Told to stop before it starts, it still passes. */
    atomic_bool stop = true;
    CHECK (level_choose_move (search, board, level, 1, &stop, NULL) == BOARD_PASS,
           "%s stopped does not pass", entry->id);
    search_free (search);
  }
  search_free (judge);
}

static void test_game_over_and_stop (void)
{
  Search *search = search_new (1 << 20);
  REQUIRE (search, "search_new");
  /* Each side's discs far from the other's: neither can move, the game is over. */
  Board board = { .player = 0x000000000000FFFFULL, .opponent = 0xFFFF000000000000ULL };
  CHECK (board_is_game_over (&board), "the game is over");
  SearchResult result;
  int move = level_choose_move (search, &board, LEVEL_BEGINNER, 1, NULL, &result);
  CHECK (move == BOARD_NO_MOVE && result.exact && result.score == 0,
         "game over: move %d, score %d", move, result.score);

  atomic_bool stop = true;
  uint64_t state = 5;
  Board middle = random_position (&state, 40);
  for (int level = 0; level < LEVEL_COUNT; level++) {
    int chosen = level_choose_move (search, &middle, level, 1, &stop, NULL);
    CHECK (board_legal_moves (&middle) & board_bit (chosen),
           "%s stopped before it began still names a legal move", level_get (level)->id);
  }
  search_free (search);
}

int main (void)
{
  test_table_is_ordered ();
  test_choice_is_legal_and_reproducible ();
  test_beginner_picks_among_reasonable_moves ();
  test_master_plays_the_exact_endgame ();
  test_every_level_passes_when_it_must ();
  test_game_over_and_stop ();
  return check_finish ();
}
