/* test-game-analysis.c: the game's analysis (verso-game-analysis.c): the coach's scores and
 * grades against an independent analysis, scores that follow the record, Analyse Game with its
 * cancel, live scores, and jobs that outlive their game. Depths are small so valgrind can run it. */
#include <glib.h>
#include <string.h>

#include "notation.h"
#include "test-main-loop.h"
#include "random-game.h"
#include "verso-game-private.h"

/* Exact from this many empties: the endgame tests' scores do not depend on the tables. */
#define EXACT 14

static gboolean all_scored (gpointer data)
{
  VersoGame *game = data;

  for (guint ply = 1; ply <= verso_game_get_length (game); ply++)
    if (!verso_game_get_move_score (game, ply).known)
      return FALSE;
  return TRUE;
}

/* An endgame position (12 empties) from a fixed random game, black to move. */
static Position endgame_position (void)
{
  uint64_t state = 20240611;
  Board board;
  Position position;

  while (!random_game_position (&state, 12, &board) || board_legal_moves (&board) == 0)
    continue;
  position.board = board;
  /* Which colour is to move does not matter to the engine: call it black. */
  position.side_to_move = POSITION_BLACK;
  return position;
}

static void independent_analysis (const Board *board, Analysis *analysis)
{
  Search *search = search_new ((size_t) 4 << 20);
  SearchLimits limits = search_limits_default ();

  g_assert_nonnull (search);
  limits.max_depth = 0;
  limits.exact_empties = EXACT;
  analysis_run (search, board, &limits, NULL, NULL, analysis);
  search_free (search);
  g_assert_true (analysis->exact);
}

static const AnalysisMove *worst_move (const Analysis *analysis)
{
  const AnalysisMove *worst = &analysis->moves[0];

  for (int k = 1; k < analysis->count; k++)
    if (analysis->moves[k].score < worst->score)
      worst = &analysis->moves[k];
  return worst;
}

static int count_scored (VersoGame *game, guint ply, gpointer data)
{
  (void) game;
  (void) ply;
  return ++*(int *) data;
}

static void count_changes (gpointer data)
{
  ++*(int *) data;
}

static VersoGame *endgame_game (void)
{
  Position start = endgame_position ();
  VersoGame *game = verso_game_new_from_position (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                                  LEVEL_BEGINNER, &start);

  verso_game_set_analysis_limits (game, 4, EXACT, 0);
  return game;
}

/* (a) The coach scores the best move as best and a blunder as the independent analysis says,
 * and the last move's score is the final result. */
static void test_coach_grades (void)
{
  g_autoptr (VersoGame) game = endgame_game ();
  Analysis *first = g_new0 (Analysis, 1), *second = g_new0 (Analysis, 1);
  const AnalysisMove *worst;
  VersoMoveScore score;
  int scored = 0, best_score;
  guint ply;
  g_autofree char *summary = NULL;
  int black, white, empties, result;

  g_signal_connect (game, "move-scored", G_CALLBACK (count_scored), &scored);
  verso_game_set_coach (game, TRUE);
  g_assert_true (verso_game_get_coach (game));

  independent_analysis (&verso_record_get_position (verso_game_get_record (game), 0)->board, first);
  g_assert_true (verso_game_play (game, first->moves[0].move, NULL));
  ply = verso_game_get_ply (game);
  independent_analysis (&verso_record_get_position (verso_game_get_record (game), ply)->board, second);
  worst = worst_move (second);
  g_assert_true (analysis_best_score (second, &best_score));
  /* The position was chosen for it: a move there loses at least 6 discs. */
  g_assert_cmpint (best_score - worst->score, >=, 6);
  g_assert_true (verso_game_play (game, worst->move, NULL));

  g_assert_true (wait_for (all_scored, game, 30));
  g_assert_cmpint (scored, >=, (int) verso_game_get_length (game));

  score = verso_game_get_move_score (game, 1);
  g_assert_true (score.known && score.exact);
  g_assert_cmpint (score.loss, ==, 0);
  g_assert_cmpint (score.grade, ==, VERSO_GRADE_BEST);
  g_assert_cmpint (score.score, ==, first->moves[0].score); /* black moved */

  score = verso_game_get_move_score (game, ply + 1);
  g_assert_true (score.known && score.exact);
  g_assert_cmpint (score.loss, ==, best_score - worst->score);
  g_assert_cmpint (score.grade, ==, verso_grade_for_loss (best_score - worst->score));
  g_assert_cmpint (score.grade, >=, VERSO_GRADE_MISTAKE);
  g_assert_cmpint (score.score, ==, verso_record_get_position (verso_game_get_record (game), ply)->side_to_move
                                    == POSITION_WHITE ? -worst->score : worst->score);

  /* (c) The summary of the colour that blundered names the blunder. */
  {
    VersoColor blunderer = verso_record_get_position (verso_game_get_record (game), ply)->side_to_move
                         == POSITION_WHITE ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
    VersoCoachSummary sum = verso_game_get_coach_summary (game, blunderer);
    char square[3];
    g_autofree char *worst_text = NULL;

    g_assert_cmpint (sum.graded, ==, 1);
    g_assert_cmpint (sum.mistakes, ==, 1);
    g_assert_cmpint (sum.discs_lost, ==, score.loss);
    g_assert_cmpuint (sum.worst_ply, ==, ply + 1);
    g_assert_cmpint (sum.worst_square, ==, worst->move);
    g_assert_cmpint (sum.worst_loss, ==, score.loss);
    summary = verso_game_describe_coach_summary (game, blunderer);
    notation_format_square (worst->move, square);
    /* Numbered as in the move list: black starts, so plies 1 and 2 are move 1, 3 and 4 move 2. */
    worst_text = g_strdup_printf ("worst: %u. %s, \u2212%d", ply / 2 + 1, square, score.loss);
    g_assert_nonnull (strstr (summary, worst_text));
    g_assert_nonnull (strstr (summary, "in 1 mistake;"));
    g_clear_pointer (&summary, g_free);
    summary = verso_game_describe_coach_summary (game, verso_color_other (blunderer));
    g_assert_cmpstr (summary, ==, "Every move was the best one");
  }

  /* To the end, always the first legal move: the last score is the result. */
  while (!verso_game_is_over (game))
    g_assert_true (verso_game_play (game, __builtin_ctzll (verso_game_get_legal_moves (game)), NULL));
  g_assert_true (wait_for (all_scored, game, 30));
  black = verso_game_count (game, VERSO_COLOR_BLACK);
  white = verso_game_count (game, VERSO_COLOR_WHITE);
  empties = 64 - black - white;
  result = black > white ? black - white + empties : black < white ? black - white - empties : 0;
  score = verso_game_get_move_score (game, verso_game_get_length (game));
  g_assert_true (score.exact);
  g_assert_cmpint (score.score, ==, result);
  g_free (first);
  g_free (second);
}

/* (b) */
static void test_grade_thresholds (void)
{
  g_assert_cmpint (verso_grade_for_loss (0), ==, VERSO_GRADE_BEST);
  g_assert_cmpint (verso_grade_for_loss (1), ==, VERSO_GRADE_GOOD);
  g_assert_cmpint (verso_grade_for_loss (2), ==, VERSO_GRADE_GOOD);
  g_assert_cmpint (verso_grade_for_loss (3), ==, VERSO_GRADE_INACCURACY);
  g_assert_cmpint (verso_grade_for_loss (5), ==, VERSO_GRADE_INACCURACY);
  g_assert_cmpint (verso_grade_for_loss (6), ==, VERSO_GRADE_MISTAKE);
  g_assert_cmpint (verso_grade_for_loss (11), ==, VERSO_GRADE_MISTAKE);
  g_assert_cmpint (verso_grade_for_loss (12), ==, VERSO_GRADE_BLUNDER);
  g_assert_cmpint (verso_grade_for_loss (64), ==, VERSO_GRADE_BLUNDER);
  g_assert_cmpstr (verso_grade_get_name (VERSO_GRADE_BEST), ==, "best");
  g_assert_cmpstr (verso_grade_get_name (VERSO_GRADE_BLUNDER), ==, "blunder");
  g_assert_null (verso_grade_get_name (VERSO_GRADE_NONE));
}

/* (d) Navigation keeps the scores; a new line from an earlier position drops the replaced ones. */
static void test_new_line_drops_scores (void)
{
  g_autoptr (VersoGame) game = endgame_game ();
  guint64 moves;
  int replaced;

  verso_game_set_coach (game, TRUE);
  for (int k = 0; k < 3; k++)
    g_assert_true (verso_game_play (game, __builtin_ctzll (verso_game_get_legal_moves (game)), NULL));
  g_assert_true (wait_for (all_scored, game, 30));
  verso_game_go_to (game, 0);
  verso_game_redo (game);
  g_assert_true (verso_game_get_move_score (game, 3).known);
  verso_game_go_to (game, 1);
  moves = verso_game_get_legal_moves (game);
  replaced = verso_record_get_move (verso_game_get_record (game), 2);
  moves &= ~board_bit (replaced);
  if (moves == 0) {
    g_test_skip ("the second move is forced");
    return;
  }
  verso_game_set_coach (game, FALSE);
  g_assert_true (verso_game_play (game, __builtin_ctzll (moves), NULL));
  g_assert_true (verso_game_get_move_score (game, 1).known);
  g_assert_false (verso_game_get_move_score (game, 2).known);
  g_assert_false (verso_game_get_move_score (game, 3).known);
  run_for (0.2);
  g_assert_false (verso_game_get_move_score (game, 2).known);
}

/* A game of 60 moves from the start (a fixed random one). */
static VersoGame *long_game (void)
{
  VersoGame *game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  uint64_t state = 7;

  while (!verso_game_is_over (game)) {
    guint64 moves = verso_game_get_legal_moves (game);
    int n = (int) (random_next (&state) % (uint64_t) board_count (moves));
    for (int i = 0; i < n; i++)
      moves &= moves - 1;
    g_assert_true (verso_game_play (game, __builtin_ctzll (moves), NULL));
  }
  verso_game_set_analysis_limits (game, 3, 10, 0);
  return game;
}

typedef struct {
  gboolean done;
  gboolean ok;
  GError *error;
  guint progress_calls, last_done, total;
  GCancellable *cancel_at_first;
} AnalyseState;

static void analyse_progress (guint done, guint total, gpointer user_data)
{
  AnalyseState *state = user_data;

  g_assert_cmpuint (done, >=, state->last_done);
  state->progress_calls++;
  state->last_done = done;
  state->total = total;
  if (state->cancel_at_first && done >= 1)
    g_cancellable_cancel (state->cancel_at_first);
}

static void analyse_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AnalyseState *state = user_data;

  state->ok = verso_game_review_finish (VERSO_GAME (source), result, &state->error);
  state->done = TRUE;
}

static gboolean analyse_done (gpointer data)
{
  return ((AnalyseState *) data)->done;
}

/* (e) */
static void test_analyse_game (void)
{
  g_autoptr (VersoGame) game = long_game ();
  g_autofree char *transcript = verso_game_get_transcript (game);
  /* The same game as if opened from a file: made whole, with no move played in it. */
  g_autoptr (VersoGame) again = verso_game_new_from_text (transcript, strlen (transcript),
                                                         VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                                         LEVEL_BEGINNER, NULL, NULL);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  AnalyseState state = { 0 }, cancelled = { 0 };
  guint length = verso_game_get_length (game), known = 0;
  gint64 started = g_get_monotonic_time ();

  g_assert_cmpuint (length, >=, 60);
  verso_game_review_async (game, analyse_progress, &state, NULL, analyse_ready, &state);
  g_assert_true (wait_for (analyse_done, &state, 120));
  g_test_message ("analysed %u positions in %.1f s", length,
                  (g_get_monotonic_time () - started) / 1e6);
  g_assert_no_error (state.error);
  g_assert_true (state.ok);
  g_assert_cmpuint (state.last_done, ==, length);
  g_assert_cmpuint (state.total, ==, length);
  g_assert_true (all_scored (game));
  /* Every score is for black: the last one is the result. */
  g_assert_true (verso_game_get_move_score (game, length).exact);

  g_assert_nonnull (again);
  g_assert_cmpuint (verso_game_get_length (again), ==, length);
  g_assert_false (verso_game_get_move_score (again, length).known);
  verso_game_set_analysis_limits (again, 3, 10, 0);
  cancelled.cancel_at_first = cancellable;
  verso_game_review_async (again, analyse_progress, &cancelled, cancellable, analyse_ready, &cancelled);
  g_assert_true (wait_for (analyse_done, &cancelled, 60));
  g_assert_false (cancelled.ok);
  g_assert_error (cancelled.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&cancelled.error);
  for (guint ply = 1; ply <= length; ply++)
    known += verso_game_get_move_score (again, ply).known;
  g_assert_cmpuint (known, >=, 1);
  g_assert_cmpuint (known, <, length);
  /* No more scores arrive after the cancel. */
  run_for (0.3);
  {
    guint later = 0;
    for (guint ply = 1; ply <= length; ply++)
      later += verso_game_get_move_score (again, ply).known;
    g_assert_cmpuint (later, ==, known);
  }
}

static gboolean has_scores (gpointer data)
{
  return verso_game_get_scores (VERSO_GAME (data)) != NULL;
}

/* (f) */
static void test_live_scores (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  const Analysis *scores;
  int changed = 0;

  verso_game_set_analysis_limits (game, 4, 10, 0);
  g_signal_connect_swapped (game, "scores-changed", G_CALLBACK (count_changes), &changed);
  g_assert_null (verso_game_get_scores (game));
  verso_game_set_show_scores (game, TRUE);
  g_assert_true (wait_for (has_scores, game, 30));
  g_assert_cmpint (changed, >=, 1);
  scores = verso_game_get_scores (game);
  g_assert_cmpint (scores->count, ==, 4);
  for (int k = 0; k < scores->count; k++)
    g_assert_true (verso_game_get_legal_moves (game) & board_bit (scores->moves[k].move));

  changed = 0;
  g_assert_true (verso_game_play (game, scores->moves[0].move, NULL));
  g_assert_null (verso_game_get_scores (game));
  g_assert_cmpint (changed, ==, 1);
  g_assert_true (wait_for (has_scores, game, 30));
  scores = verso_game_get_scores (game);
  g_assert_cmpint (scores->count, ==, board_count (verso_game_get_legal_moves (game)));
  for (int k = 0; k < scores->count; k++)
    g_assert_true (verso_game_get_legal_moves (game) & board_bit (scores->moves[k].move));

  verso_game_set_show_scores (game, FALSE);
  g_assert_null (verso_game_get_scores (game));
}

/* (g) A game dropped while its jobs run: the answers find no game, nothing leaks. */
static void test_dropped_while_running (void)
{
  VersoGame *game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  AnalyseState state = { 0 };
  int scored = 0;

  /* No depth limit: the jobs would run for minutes. */
  verso_game_set_analysis_limits (game, 0, 20, 0);
  verso_game_set_coach (game, TRUE);
  verso_game_set_show_scores (game, TRUE);
  g_signal_connect (game, "move-scored", G_CALLBACK (count_scored), &scored);
  g_assert_true (wait_for (has_scores, game, 30));
  g_assert_true (verso_game_play (game, board_square (5, 4), NULL));
  g_assert_true (verso_game_play (game, board_square (3, 5), NULL));
  verso_game_review_async (game, NULL, NULL, cancellable, analyse_ready, &state);
  run_for (0.1);
  g_cancellable_cancel (cancellable);
  g_assert_true (wait_for (analyse_done, &state, 30));
  g_assert_error (state.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&state.error);
  g_object_unref (game);
  run_for (0.5);
  g_assert_cmpint (scored, ==, 0);
}

int main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-analysis/grade-thresholds", test_grade_thresholds);
  g_test_add_func ("/game-analysis/coach-grades", test_coach_grades);
  g_test_add_func ("/game-analysis/new-line-drops-scores", test_new_line_drops_scores);
  g_test_add_func ("/game-analysis/analyse-game", test_analyse_game);
  g_test_add_func ("/game-analysis/live-scores", test_live_scores);
  g_test_add_func ("/game-analysis/dropped-while-running", test_dropped_while_running);
  return g_test_run ();
}
