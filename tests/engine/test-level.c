/* test-level.c: the level table is ordered, and each level chooses legal, reproducible moves and
 * passes when it must; the table of how people err (human_errors.h) reads, refuses damaged text
 * and is drawn from at its frequencies, scaled in the same shape; the beginner errs more often
 * than the casual level where one move is good and the others are not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "eval_pattern.h"
#include "human_errors.h"
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
    CHECK (level->depth >= 1 && level->seconds > 0 && level->errors >= 0, "limits of %s", level->id);
    CHECK (level->errors == 0 || level->depth >= 2, "%s scores its moves with a search", level->id);
    if (i == 0)
      continue;
    const Level *below = level_get (i - 1);
    CHECK (level->depth >= below->depth, "%s searches at least as deep as %s", level->id, below->id);
    CHECK (level->errors <= below->errors, "%s errs no more than %s", level->id, below->id);
    CHECK (level->exact_empties >= below->exact_empties, "%s solves no later than %s", level->id,
           below->id);
    CHECK (level->seconds >= below->seconds, "%s thinks no shorter than %s", level->id, below->id);
  }
  const Level *beginner = level_get (LEVEL_BEGINNER);
  const Level *master = level_get (LEVEL_MASTER);
  CHECK (beginner->errors > 0, "the beginner errs");
  CHECK (master->errors == 0 && !master->simple_eval, "the master plays at full strength");
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

/* Each root move's score at a level's depth (level.c's level_score_move, less the time), seen
 * from the side to move. */
static int root_move_score (Search *search, const Board *board, int square, const Level *level)
{
  Board next = *board;
  board_play (&next, square);
  SearchLimits limits = search_limits_default ();
  limits.max_depth = level->depth - 1;
  limits.exact_empties = level->exact_empties > 0 ? level->exact_empties - 1 : level->exact_empties;
  if (board_is_game_over (&next))
    return -board_final_score (&next);
  if (!board_legal_moves (&next)) {
    board_pass (&next);
    return search_run (search, &next, &limits, NULL, NULL).score;
  }
  return -search_run (search, &next, &limits, NULL, NULL).score;
}

/* The moves of board as the level scores them into scores[square]; returns the best score. */
static int score_moves (Search *judge, const Board *board, const Level *level, int scores[64])
{
  search_clear (judge);
  int best = -1000;
  for (uint64_t moves = board_legal_moves (board); moves; moves &= moves - 1) {
    int square = __builtin_ctzll (moves);
    scores[square] = root_move_score (judge, board, square, level);
    best = scores[square] > best ? scores[square] : best;
  }
  return best;
}

/* A position with one good move (within 2 discs of the best) and at least four losing more than
 * 6 discs, as both levels score them. */
static bool one_good_move (Search *judge, const Board *board, const Level *a, const Level *b)
{
  for (int k = 0; k < 2; k++) {
    int scores[64];
    int best = score_moves (judge, board, k ? b : a, scores);
    int good = 0, poor = 0;
    for (uint64_t moves = board_legal_moves (board); moves; moves &= moves - 1) {
      int loss = best - scores[__builtin_ctzll (moves)];
      good += loss <= HUMAN_GOOD_LOSS;
      poor += loss > 6;
    }
    if (good != 1 || poor < 4)
      return false;
  }
  return true;
}

/* How often of 200 seeds the level plays a move other than its best in board. */
static int count_errors (Search *search, Search *judge, const Board *board, LevelId level)
{
  int scores[64];
  int best = score_moves (judge, board, level_get (level), scores);
  int errors = 0;
  for (uint64_t seed = 0; seed < 200; seed++) {
    int move = level_choose_move (search, board, level, seed, NULL, NULL);
    CHECK (board_legal_moves (board) & board_bit (move), "legal");
    errors += scores[move] < best;
  }
  return errors;
}

/* Where one move is good and many are poor, the beginner errs more often than the casual level,
 * and both err sometimes and mostly not into the worst moves. */
static void test_beginner_errs_more_than_casual (void)
{
  Search *search = search_new (1 << 20);
  Search *judge = search_new (1 << 20);
  REQUIRE (search && judge, "search_new");
  search_set_evaluation (judge, eval_pattern ());
  const Level *beginner = level_get (LEVEL_BEGINNER), *casual = level_get (LEVEL_CASUAL);
  uint64_t state = 11;
  Board board;
  int tries = 0;
  do
    board = random_position (&state, 36 - tries % 12);
  while (!one_good_move (judge, &board, beginner, casual) && ++tries < 2000);
  REQUIRE (tries < 2000, "no position with one good move among %d", tries);
  int beginner_errors = count_errors (search, judge, &board, LEVEL_BEGINNER);
  int casual_errors = count_errors (search, judge, &board, LEVEL_CASUAL);
  check_note ("one good move, %d tries: of 200 draws the beginner erred %d times, the casual level %d",
              tries, beginner_errors, casual_errors);
  CHECK (beginner_errors > casual_errors && casual_errors > 0 && beginner_errors < 200,
         "of 200 draws the beginner erred %d times, the casual level %d", beginner_errors,
         casual_errors);
  search_free (search);
  search_free (judge);
}

/* The compiled table reads and has counted moves in every cell. */
static void test_compiled_table (void)
{
  const HumanErrors *people = human_errors_compiled ();
  REQUIRE (people, "data/human-errors.txt does not read");
  for (int p = 0; p < HUMAN_PHASES; p++)
    for (int d = 0; d < HUMAN_DIFFICULTIES; d++)
      CHECK (people->cells[p][d].moves >= 20, "%s %s: %ld moves", human_phase_name (p),
             human_difficulty_name (d), people->cells[p][d].moves);
}

/* Drawn buckets follow the table: at factor 1 its own shares, at other factors the odds of
 * erring scaled and the errors' shape (each bucket's share of the errors) kept. */
static void test_draw_follows_the_table (void)
{
  const HumanErrors *people = human_errors_compiled ();
  REQUIRE (people, "the table reads");
  const int draws = 20000;
  for (int p = 0; p < HUMAN_PHASES; p++) {
    const HumanCell *cell = &people->cells[p][1];
    double clean = (double) cell->counts[0] / (double) cell->moves;
    const double factors[] = { 1.0, 4.0, 0.5 };
    for (int f = 0; f < 3; f++) {
      int counts[HUMAN_BUCKETS] = { 0 };
      uint64_t state = 77 + (uint64_t) f;
      for (int i = 0; i < draws; i++)
        counts[human_errors_draw (people, p, 1, factors[f], &state)]++;
      double odds = factors[f] * (1 - clean) / clean;
      double expected_clean = 1 / (1 + odds);
      CHECK (fabs ((double) counts[0] / draws - expected_clean) < 0.015,
             "%s factor %g: %d of %d clean, expected %.3f", human_phase_name (p), factors[f],
             counts[0], draws, expected_clean);
      for (int b = 1; b < HUMAN_BUCKETS; b++) {
        double shape = (double) cell->counts[b] / (double) (cell->moves - cell->counts[0]);
        double expected = (1 - expected_clean) * shape;
        CHECK (fabs ((double) counts[b] / draws - expected) < 0.015,
               "%s factor %g bucket %s: %d of %d, expected %.3f", human_phase_name (p),
               factors[f], human_bucket_name (b), counts[b], draws, expected);
        CHECK (cell->counts[b] > 0 || counts[b] == 0, "a bucket people never fell in is drawn");
      }
    }
  }
}

/* The text: written then read back the same; damaged lines refused with their line number. */
static void test_table_text (void)
{
  HumanErrors errors = { 0 };
  for (int i = 0; i < 500; i++)
    human_errors_add (&errors, i % 3, (i / 3) % 3, (i * 7) % 40);
  char *text = NULL;
  size_t length = 0;
  FILE *memory = open_memstream (&text, &length);
  REQUIRE (memory && human_errors_write (memory, &errors, "# a test\n"), "write");
  fclose (memory);
  HumanErrors back;
  char error[200];
  CHECK (human_errors_parse (text, length, &back, error, sizeof error)
         && memcmp (&back, &errors, sizeof errors) == 0, "round trip: %s", error);
  free (text);

  const struct { const char *text; const char *message; } damaged[] = {
    { "opening 1 3 9 1 0 1 0 1 0 0 0\nmiddlegame 1 0 0 0 0 0 0 0 0 0 0\n", "line 2: the phase" },
    { "# c\nopening 5 0 0 0 0 0 0 0 0 0 0\n", "line 2: the good moves" },
    { "opening 1 3 9 1 0 1 0 1 0 0 1\n", "line 1: the bucket counts add up to 4" },
    { "opening 1 3 9 1 0 1 0 1 0 0\n", "line 1: expected" },
    { "opening 1 3 9 1 0 1 0 1 0 0 0 7\n", "line 1: expected" },
    { "opening 1 3 -9 1 0 1 0 1 0 0 0\n", "line 1: expected" },
    { "opening 1 3 9 1 0 1 0 1 0 0 0\nopening 1 3 9 1 0 1 0 1 0 0 0\n", "line 2: opening 1 given twice" },
    { "opening 1 3 9 1 0 1 0 1 0 0 0\n", "no line for opening 2-3" },
  };
  for (size_t i = 0; i < sizeof damaged / sizeof damaged[0]; i++) {
    CHECK (!human_errors_parse (damaged[i].text, strlen (damaged[i].text), &back, error,
                                sizeof error)
           && strncmp (error, damaged[i].message, strlen (damaged[i].message)) == 0,
           "damaged text %zu: %s", i, error);
  }
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
  test_compiled_table ();
  test_draw_follows_the_table ();
  test_table_text ();
  test_beginner_errs_more_than_casual ();
  test_master_plays_the_exact_endgame ();
  test_every_level_passes_when_it_must ();
  test_game_over_and_stop ();
  return check_finish ();
}
