/* test-analysis-agreement.c: one answer per position, on real positions (tournament games of WTHOR
 * 2020, from tests/data/midgame.obf): the hint is the best of the scores shown, before and
 * after they deepen; a move's grade is the best shown score minus the played move's shown score,
 * from the coach and after Analyse Game deepens the position. The numbers are printed. */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-glib.h"
#include "game-test.h"
#include "notation.h"
#include "test-main-loop.h"
#include "verso-game-private.h"

/* Small depths, so valgrind can run it; none is solved exactly (20 empties and more). */
#define HINT_DEPTH 4
#define SHOWN_DEPTH 6
#define REVIEW_DEPTH 8
#define EXACT 12

/* midgame.obf lines: three positions after 30 moves, one after 40, each with moves of different
 * scores to grade. */
static const int position_lines[] = { 4, 7, 10, 8 };

typedef struct {
  gboolean done;
  int move, score, depth;
  gboolean exact;
  GError *error;
} Hint;

static void hint_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Hint *hint = user_data;

  hint->move = verso_game_hint_finish (VERSO_GAME (source), result, &hint->score, &hint->exact, &hint->error);
  hint->depth = verso_game_hint_get_depth (VERSO_GAME (source), result);
  hint->done = TRUE;
}

static gboolean hint_done (gpointer data)
{
  return ((Hint *) data)->done;
}

static Hint ask_hint (VersoGame *game)
{
  Hint hint = { 0 };

  verso_game_hint_async (game, NULL, hint_ready, &hint);
  REQUIRE (wait_for (hint_done, &hint, 120));
  CHECK_NO_ERROR (hint.error);
  g_clear_error (&hint.error);
  CHECK (verso_game_get_legal_moves (game) & board_bit (hint.move));
  return hint;
}

typedef struct {
  VersoGame *game;
  int depth;
} ScoresWanted;

static gboolean scores_deep_enough (gpointer data)
{
  ScoresWanted *wanted = data;
  const Analysis *scores = verso_game_get_scores (wanted->game);

  return scores && (scores->exact || scores->depth >= wanted->depth);
}

/* The scores shown, once every move's is at least depth deep. */
static Analysis shown_scores (VersoGame *game, int depth)
{
  ScoresWanted wanted = { game, depth };

  REQUIRE (wait_for (scores_deep_enough, &wanted, 120));
  return *verso_game_get_scores (game);
}

static int best_score (const Analysis *scores)
{
  int best = 0;

  REQUIRE (analysis_best_score (scores, &best));
  return best;
}

static const char *square_name (int move, char name[3])
{
  notation_format_square (move, name);
  return name;
}

/* The hint is a move with the best shown score, with its score and depth. */
static void check_hint_is_best_shown (const Hint *hint, const Analysis *scores, const char *when)
{
  const AnalysisMove *shown = analysis_find (scores, hint->move);
  char name[3];

  REQUIRE (shown != NULL);
  check_note ("  %s: hint %s %+d (depth %d); best shown score %+d at depth %d", when,
              square_name (hint->move, name), hint->score, hint->depth, best_score (scores), scores->depth);
  CHECK_CMP_INT (shown->score, ==, best_score (scores));
  CHECK_CMP_INT (hint->score, ==, shown->score);
  CHECK_CMP_INT (hint->depth, ==, shown->depth);
  CHECK_CMP_INT (hint->exact, ==, shown->exact);
}

/* The move with the best shown score below the best one, or NULL when every move scores the same. */
static const AnalysisMove *second_shown (const Analysis *scores)
{
  const AnalysisMove *second = NULL;
  int best = best_score (scores);

  for (int k = 0; k < scores->count; k++)
    if (scores->moves[k].score < best && (!second || scores->moves[k].score > second->score))
      second = &scores->moves[k];
  return second;
}

static gboolean first_move_scored (gpointer data)
{
  return verso_game_get_move_score (VERSO_GAME (data), 1).known;
}

/* A move's grade is its position's best shown score minus its own shown score. */
static void check_grade_is_shown_difference (VersoGame *game, const Analysis *scores, const char *when)
{
  VersoMoveScore score = verso_game_get_move_score (game, 1);
  int played = verso_record_get_move (verso_game_get_record (game), 1);
  const AnalysisMove *shown = analysis_find (scores, played);
  const AnalysisMove *best = analysis_find (scores, score.best_move);
  char name[3], best_name[3];

  REQUIRE (score.known && shown && best);
  check_note ("  %s: %s graded %s, loss %d = best %s %+d (depth %d) - played %+d (depth %d)", when,
              square_name (played, name), verso_grade_get_name (score.grade), score.loss,
              square_name (best->move, best_name), best->score, best->depth, shown->score, shown->depth);
  CHECK_CMP_INT (best->score, ==, best_score (scores));
  CHECK_CMP_INT (score.loss, ==, best->score - shown->score);
  CHECK_CMP_INT (score.grade, ==, verso_grade_for_loss (score.loss));
  CHECK_CMP_INT (score.depth, ==, shown->depth);
  CHECK_CMP_INT (score.best_depth, ==, best->depth);
}

typedef struct {
  gboolean done;
  GError *error;
} Review;

static void review_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Review *review = user_data;

  verso_game_review_finish (VERSO_GAME (source), result, &review->error);
  review->done = TRUE;
}

static gboolean review_done (gpointer data)
{
  return ((Review *) data)->done;
}

static void check_position (int line)
{
  Position start = data_position ("midgame.obf", line);
  g_autoptr (VersoGame) game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                                             LEVEL_BEGINNER, &start);
  char board_text[NOTATION_BOARD_SIZE];
  Analysis scores, deeper;
  Review review = { 0 };
  Hint hint;

  notation_format_board (&start, board_text);
  check_note ("midgame.obf line %d: %s (%d empties)", line, board_text, board_empties (&start.board));

  /* A hint asked for with no scores shown: its analysis is what the board then shows. */
  verso_game_set_analysis_limits (game, HINT_DEPTH, EXACT, 0);
  hint = ask_hint (game);
  verso_game_set_show_scores (game, TRUE);
  scores = shown_scores (game, HINT_DEPTH);
  check_hint_is_best_shown (&hint, &scores, "hint first");

  /* The scores deepen; a hint then is the best of the deeper ones. */
  verso_game_set_analysis_limits (game, SHOWN_DEPTH, EXACT, 0);
  verso_game_set_show_scores (game, FALSE);
  verso_game_set_show_scores (game, TRUE);
  scores = shown_scores (game, SHOWN_DEPTH);
  hint = ask_hint (game);
  check_hint_is_best_shown (&hint, &scores, "scores first");
  CHECK_CMP_INT (memcmp (&scores, verso_game_get_scores (game), sizeof scores), ==, 0);

  /* The coach grades the second best shown move by the shown scores. */
  if (!second_shown (&scores)) {
    check_note ("  every move scores the same: nothing to grade");
    return;
  }
  verso_game_set_coach (game, TRUE);
  CHECK (verso_game_play (game, second_shown (&scores)->move, NULL));
  REQUIRE (wait_for (first_move_scored, game, 120));
  check_grade_is_shown_difference (game, &scores, "coach");

  /* Analyse Game deepens the position before the move: the grade follows what the board then
   * shows there. */
  verso_game_set_analysis_limits (game, REVIEW_DEPTH, EXACT, 0);
  verso_game_review_async (game, NULL, NULL, NULL, review_ready, &review);
  REQUIRE (wait_for (review_done, &review, 120));
  CHECK_NO_ERROR (review.error);
  g_clear_error (&review.error);
  verso_game_go_to (game, 0);
  deeper = shown_scores (game, REVIEW_DEPTH);
  CHECK_CMP_INT (deeper.depth, >=, REVIEW_DEPTH);
  check_grade_is_shown_difference (game, &deeper, "review");
  hint = ask_hint (game);
  check_hint_is_best_shown (&hint, &deeper, "after review");
}

static void test_hint_and_grades_agree_with_shown_scores (void)
{
  for (size_t k = 0; k < G_N_ELEMENTS (position_lines); k++)
    check_position (position_lines[k]);
}

int main (int argc, char **argv)
{
  check_glib_init ();
  check_run ("/analysis-agreement/hint-and-grades-agree-with-shown-scores",
             test_hint_and_grades_agree_with_shown_scores);
  return check_finish ();
}
