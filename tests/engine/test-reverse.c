/* test-reverse.c: the engine under Reverse rules (the fewest discs win): exact scores against a
 * plain minimax written here, game-over scores, the table forgotten when the rules change, and
 * the Reverse evaluation (symmetric, its own, and better at Reverse than the standard one negated). */
#include <stdio.h>
#include <stdlib.h>

#include "board.h"
#include "check.h"
#include "random-game.h"
#include "eval_pattern.h"
#include "eval_reverse.h"
#include "match.h"
#include "search.h"

/* Final score under the rules with empties to the winner, counted here from the discs. */
static int minimax_final (const Board *board, Rules rules)
{
  int player = board_count (board->player), opponent = board_count (board->opponent);
  int empties = 64 - player - opponent;
  int standard = player > opponent ? player - opponent + empties
               : player < opponent ? player - opponent - empties : 0;
  return rules == RULES_REVERSE ? -standard : standard;
}

/* Plain alpha-beta negamax over the whole game: no table, no ordering, no shortcuts. */
static int minimax (const Board *board, Rules rules, int alpha, int beta, bool passed)
{
  uint64_t moves = board_legal_moves (board);
  if (!moves) {
    if (passed)
      return minimax_final (board, rules);
    Board next = { board->opponent, board->player };
    return -minimax (&next, rules, -beta, -alpha, true);
  }
  int best = -1000;
  for (; moves; moves &= moves - 1) {
    Board next = *board;
    board_play (&next, __builtin_ctzll (moves));
    int score = -minimax (&next, rules, -beta, -alpha, false);
    if (score > best)
      best = score;
    if (best > alpha)
      alpha = best;
    if (alpha >= beta)
      break;
  }
  return best;
}

static int minimax_exact (const Board *board, Rules rules)
{
  return minimax (board, rules, -100, 100, false);
}

/* A position of a random game with `empties` empty squares whose side to move can move. */
static bool random_position (CheckRandom *random, int empties, Board *board)
{
  board_init (board);
  while (board_empties (board) > empties) {
    int move = check_random_move (random, board);
    if (move == BOARD_PASS) {
      board_pass (board);
      if (!board_legal_moves (board))
        return false;
      continue;
    }
    board_play (board, move);
  }
  return board_legal_moves (board) != 0;
}

static SearchLimits exact_limits (void)
{
  SearchLimits limits = search_limits_default ();
  limits.exact_empties = 64;
  return limits;
}

static void test_reverse_solve_equals_minimax (void)
{
  Search *search = search_new ((size_t) 8 << 20);
  search_set_rules (search, RULES_REVERSE);
  CheckRandom random = { 0x5EED0F0E1ULL };
  SearchLimits limits = exact_limits ();
  SearchLimits wld = limits;
  wld.win_loss_draw = true;
  int positions = 0, differ_from_standard = 0;
  for (int empties = 6; empties <= 14; empties++) {
    for (int n = 0; n < (empties <= 11 ? 8 : 3); n++) {
      Board board;
      if (!random_position (&random, empties, &board))
        continue;
      positions++;
      int expected = minimax_exact (&board, RULES_REVERSE);
      SearchResult result = search_run (search, &board, &limits, NULL, NULL);
      CHECK (result.exact);
      CHECK (result.score == expected);
      /* The move chosen achieves the best score. */
      Board next = board;
      CHECK (board_play (&next, result.move));
      CHECK (-minimax_exact (&next, RULES_REVERSE) == expected);
      /* Win, loss or draw, and the midgame search reaching the end, agree. */
      search_clear (search);
      SearchResult sign = search_run (search, &board, &wld, NULL, NULL);
      CHECK (sign.score == (expected > 0) - (expected < 0));
      if (expected != -minimax_exact (&board, RULES_STANDARD))
        differ_from_standard++;
      if (result.score != expected)
        fprintf (stderr, "  %d empties: reverse solve %+d, minimax %+d\n", empties,
                 result.score, expected);
    }
  }
  /* Reverse is not the standard game negated move by move: the best lines differ. */
  printf ("  %d positions solved; %d of them score other than the negated standard score\n",
          positions, differ_from_standard);
  CHECK (positions >= 40);
  CHECK (differ_from_standard > 0);
  search_free (search);
}

/* Midgame search reaching the end inside its depth scores by the rules too. */
static void test_reverse_midgame_reaches_end (void)
{
  Search *search = search_new ((size_t) 8 << 20);
  search_set_rules (search, RULES_REVERSE);
  CheckRandom random = { 42 };
  for (int n = 0; n < 20; n++) {
    Board board;
    if (!random_position (&random, 6 + n % 3, &board))
      continue;
    SearchLimits limits = search_limits_default ();
    limits.exact_empties = -1;
    limits.max_depth = 10; /* deeper than the empties: every leaf is a game end */
    SearchResult result = search_run (search, &board, &limits, NULL, NULL);
    CHECK (result.score == minimax_exact (&board, RULES_REVERSE));
  }
  search_free (search);
}

static void test_game_over_score_negated (void)
{
  Search *search = search_new ((size_t) 1 << 20);
  SearchLimits limits = exact_limits ();
  /* The player holds row 1 and the opponent a8: no one can flip, 55 squares stay empty and go
   * to the winner, the player in the standard game (+62) and the opponent in Reverse (-62). A
   * full board (40 discs to 24) has no empties to give. */
  const Board boards[2] = {
    { 0x00000000000000FFULL, 0x0100000000000000ULL },
    { 0x000000FFFFFFFFFFULL, 0xFFFFFF0000000000ULL },
  };
  const int standard_scores[2] = { 62, 16 };
  for (int i = 0; i < 2; i++) {
    const Board *board = &boards[i];
    CHECK (board_is_game_over (board));
    CHECK (board_final_score (board) == standard_scores[i]);
    search_set_rules (search, RULES_STANDARD);
    SearchResult result = search_run (search, board, &limits, NULL, NULL);
    CHECK (result.score == standard_scores[i]);
    search_set_rules (search, RULES_REVERSE);
    CHECK (search_get_rules (search) == RULES_REVERSE);
    result = search_run (search, board, &limits, NULL, NULL);
    CHECK (result.exact && result.move == BOARD_NO_MOVE);
    CHECK (result.score == -standard_scores[i]);
    CHECK (result.score == minimax_final (board, RULES_REVERSE));
  }
  search_free (search);
}

/* The same search object alternating the rules answers each game right: the table of one game
 * is never read in the other. */
static void test_rules_change_clears_table (void)
{
  Search *search = search_new ((size_t) 8 << 20);
  CheckRandom random = { 7 };
  SearchLimits limits = exact_limits ();
  int checked = 0;
  for (int n = 0; n < 12; n++) {
    Board board;
    if (!random_position (&random, 12, &board))
      continue;
    int standard = minimax_exact (&board, RULES_STANDARD);
    int reverse = minimax_exact (&board, RULES_REVERSE);
    search_set_rules (search, RULES_STANDARD);
    CHECK (search_run (search, &board, &limits, NULL, NULL).score == standard);
    search_set_rules (search, RULES_REVERSE);
    CHECK (search_run (search, &board, &limits, NULL, NULL).score == reverse);
    search_set_rules (search, RULES_STANDARD);
    CHECK (search_run (search, &board, &limits, NULL, NULL).score == standard);
    checked += standard != -reverse;
  }
  CHECK (checked > 0); /* positions where a table kept across the change would mislead */
  search_free (search);
}

static void test_eval_reverse_symmetric_and_own (void)
{
  const Evaluation *reverse = eval_reverse ();
  CheckRandom random = { 99 };
  int positions = 0, differ = 0;
  Search *search = search_new ((size_t) 1 << 20);
  search_set_rules (search, RULES_REVERSE);
  for (int n = 0; n < 200; n++) {
    Board board;
    if (!random_position (&random, 10 + (int) check_random_below (&random, 48), &board))
      continue;
    positions++;
    int score = eval_board (reverse, &board);
    for (int s = 1; s < BOARD_SYMMETRIES; s++) {
      Board image = board_symmetry (&board, s);
      CHECK (eval_board (reverse, &image) == score);
    }
    if (score != -eval_board (eval_pattern (), &board))
      differ++;
    /* The search evaluates Reverse with it whatever evaluation was chosen for the standard game. */
    search_set_evaluation (search, eval_simple ());
    int rounded = score >= 0 ? (score + EVAL_SCALE / 2) / EVAL_SCALE
                             : -((-score + EVAL_SCALE / 2) / EVAL_SCALE);
    CHECK (search_evaluate (search, &board) == rounded);
  }
  printf ("  %d positions, %d where eval_reverse differs from the negated standard evaluation\n",
          positions, differ);
  CHECK (differ > positions * 9 / 10);
  search_free (search);
}

/* At equal depth, the Reverse evaluation plays Reverse better than the standard one negated. */
static void test_reverse_evaluation_pays (void)
{
  enum { OPENINGS = 24 };
  SearchLimits limits = search_limits_default ();
  limits.max_depth = 4;
  limits.exact_empties = -1;
  MatchPlayer own = { .name = "reverse", .rules = RULES_REVERSE, .evaluation = eval_reverse (),
                      .limits = limits };
  MatchPlayer naive = { .name = "negated", .rules = RULES_REVERSE,
                        .evaluation = eval_reverse_naive (), .limits = limits };
  int differences[2 * OPENINGS];
  CHECK (match_run (&own, &naive, OPENINGS, (size_t) 4 << 20, differences, NULL, NULL));
  MatchStatistics stats = match_statistics (differences, 2 * OPENINGS);
  printf ("  eval_reverse against the negated standard evaluation, depth 4, %d games: "
          "%d-%d-%d (W-L-D), score %.1f %%, mean %+.1f discs\n", stats.games, stats.wins,
          stats.losses, stats.draws, 100 * stats.score, stats.mean_difference);
  CHECK (stats.score > 0.6);
}

int main (void)
{
  check_run ("reverse_solve_equals_minimax", test_reverse_solve_equals_minimax);
  check_run ("reverse_midgame_reaches_end", test_reverse_midgame_reaches_end);
  check_run ("game_over_score_negated", test_game_over_score_negated);
  check_run ("rules_change_clears_table", test_rules_change_clears_table);
  check_run ("eval_reverse_symmetric_and_own", test_eval_reverse_symmetric_and_own);
  check_run ("reverse_evaluation_pays", test_reverse_evaluation_pays);
  return check_finish ();
}
