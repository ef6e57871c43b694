/* test-game-analysis.c: the game's analysis (verso-game-analysis.c): the coach's scores and
 * grades against an independent analysis, scores that follow the record, Analyse Game with its
 * cancel, book moves graded from the book, live scores, jobs that outlive their game, and hints that wait for their analysis.
 * Depths are small so valgrind can run it. */
#include <glib.h>
#include <string.h>

#include "book.h"
#include "check-glib.h"
#include "game-test.h"
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

  REQUIRE (search != NULL);
  limits.max_depth = 0;
  limits.exact_empties = EXACT;
  analysis_run (search, board, &limits, NULL, NULL, analysis);
  search_free (search);
  CHECK (analysis->exact);
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
  CHECK (verso_game_get_coach (game));

  independent_analysis (&verso_record_get_position (verso_game_get_record (game), 0)->board, first);
  CHECK (verso_game_play (game, first->moves[0].move, NULL));
  ply = verso_game_get_ply (game);
  independent_analysis (&verso_record_get_position (verso_game_get_record (game), ply)->board, second);
  worst = worst_move (second);
  CHECK (analysis_best_score (second, &best_score));
  /* The position was chosen for it: a move there loses at least 6 discs. */
  CHECK_CMP_INT (best_score - worst->score, >=, 6);
  CHECK (verso_game_play (game, worst->move, NULL));

  CHECK (wait_for (all_scored, game, 30));
  CHECK_CMP_INT (scored, >=, (int) verso_game_get_length (game));

  score = verso_game_get_move_score (game, 1);
  CHECK (score.known && score.exact);
  CHECK_CMP_INT (score.loss, ==, 0);
  CHECK_CMP_INT (score.grade, ==, VERSO_GRADE_BEST);
  CHECK_CMP_INT (score.score, ==, first->moves[0].score); /* black moved */

  score = verso_game_get_move_score (game, ply + 1);
  CHECK (score.known && score.exact);
  CHECK_CMP_INT (score.loss, ==, best_score - worst->score);
  CHECK_CMP_INT (score.grade, ==, verso_grade_for_loss (best_score - worst->score));
  CHECK_CMP_INT (score.grade, >=, VERSO_GRADE_MISTAKE);
  CHECK_CMP_INT (score.score, ==, verso_record_get_position (verso_game_get_record (game), ply)->side_to_move
                                  == POSITION_WHITE ? -worst->score : worst->score);

  /* (c) The summary of the colour that blundered names the blunder. */
  {
    VersoColor blunderer = verso_record_get_position (verso_game_get_record (game), ply)->side_to_move
                         == POSITION_WHITE ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK;
    VersoCoachSummary sum = verso_game_get_coach_summary (game, blunderer);
    char square[3];
    g_autofree char *worst_text = NULL;

    CHECK_CMP_INT (sum.graded, ==, 1);
    CHECK_CMP_INT (sum.moves, ==, 1);
    CHECK_CMP_INT (sum.grades[score.grade], ==, 1);
    CHECK_CMP_INT (sum.discs_lost, ==, score.loss);
    CHECK_CMP_UINT (sum.worst_ply, ==, ply + 1);
    CHECK_CMP_INT (sum.worst_square, ==, worst->move);
    CHECK_CMP_INT (sum.worst_loss, ==, score.loss);
    summary = verso_game_describe_coach_summary (game, blunderer);
    notation_format_square (worst->move, square);
    /* Numbered as in the move list: black starts, so plies 1 and 2 are move 1, 3 and 4 move 2. */
    worst_text = g_strdup_printf ("\nWorst: %u.\u00a0%s, %d discs lost\n", ply / 2 + 1, square, score.loss);
    REQUIRE (strstr (summary, worst_text) != NULL);
    REQUIRE (g_str_has_prefix (summary, score.grade == VERSO_GRADE_BLUNDER ? "1 blunder\n" : "1 mistake\n"));
    /* Every move of the colour is graded: no word of a partial review. */
    REQUIRE (strstr (summary, "Reviewed") == NULL);
    g_clear_pointer (&summary, g_free);
    summary = verso_game_describe_coach_summary (game, verso_color_other (blunderer));
    CHECK_CMP_STR (summary, ==, "Every move was the best one");
  }

  /* To the end, always the first legal move: the last score is the result. */
  while (!verso_game_is_over (game))
    CHECK (verso_game_play (game, __builtin_ctzll (verso_game_get_legal_moves (game)), NULL));
  CHECK (wait_for (all_scored, game, 30));
  black = verso_game_count (game, VERSO_COLOR_BLACK);
  white = verso_game_count (game, VERSO_COLOR_WHITE);
  empties = 64 - black - white;
  result = black > white ? black - white + empties : black < white ? black - white - empties : 0;
  score = verso_game_get_move_score (game, verso_game_get_length (game));
  CHECK (score.exact);
  CHECK_CMP_INT (score.score, ==, result);
  g_free (first);
  g_free (second);
}

/* (b) */
static void test_grade_thresholds (void)
{
  CHECK_CMP_INT (verso_grade_for_loss (0), ==, VERSO_GRADE_BEST);
  CHECK_CMP_INT (verso_grade_for_loss (1), ==, VERSO_GRADE_GOOD);
  CHECK_CMP_INT (verso_grade_for_loss (2), ==, VERSO_GRADE_GOOD);
  CHECK_CMP_INT (verso_grade_for_loss (3), ==, VERSO_GRADE_INACCURACY);
  CHECK_CMP_INT (verso_grade_for_loss (5), ==, VERSO_GRADE_INACCURACY);
  CHECK_CMP_INT (verso_grade_for_loss (6), ==, VERSO_GRADE_MISTAKE);
  CHECK_CMP_INT (verso_grade_for_loss (11), ==, VERSO_GRADE_MISTAKE);
  CHECK_CMP_INT (verso_grade_for_loss (12), ==, VERSO_GRADE_BLUNDER);
  CHECK_CMP_INT (verso_grade_for_loss (64), ==, VERSO_GRADE_BLUNDER);
  CHECK_CMP_STR (verso_grade_get_name (VERSO_GRADE_BEST), ==, "best");
  CHECK_CMP_STR (verso_grade_get_name (VERSO_GRADE_BLUNDER), ==, "blunder");
  CHECK (verso_grade_get_name (VERSO_GRADE_NONE) == NULL);
}

/* Scores and averages are written with a true minus sign, and nothing that rounds to zero has a
 * sign ("−0.0" read as a loss). */
static void check_formats (char *text, const char *expected)
{
  CHECK_CMP_STR (text, ==, expected);
  g_free (text);
}

static void test_score_formats (void)
{
  check_formats (verso_format_score (4), "+4");
  check_formats (verso_format_score (-2), "\u22122");
  check_formats (verso_format_score (0), "0");
  check_formats (verso_format_average (0.83), "+0.8");
  check_formats (verso_format_average (-12.34), "\u221212.3");
  check_formats (verso_format_average (-0.04), "0.0");
  check_formats (verso_format_average (0.04), "0.0");
  check_formats (verso_format_average (-0.05), "\u22120.1");
}

static void check_describes (const VersoCoachSummary *summary, const char *expected)
{
  g_autofree char *text = verso_coach_summary_describe (summary);

  CHECK_CMP_STR (text, ==, expected);
}

/* (c) The summary in words, from known grades (C locale). */
static void test_summary_text (void)
{
  VersoCoachSummary summary = {
    .graded = 10, .moves = 10, .discs_lost = 62,
    .grades = { [VERSO_GRADE_BEST] = 1, [VERSO_GRADE_GOOD] = 1, [VERSO_GRADE_INACCURACY] = 4,
                [VERSO_GRADE_MISTAKE] = 3, [VERSO_GRADE_BLUNDER] = 1 },
    .worst_ply = 17, .worst_number = 9, .worst_square = square ("g2"), .worst_loss = 17,
  };
  VersoCoachSummary one = {
    .graded = 2, .moves = 2, .discs_lost = 7,
    .grades = { [VERSO_GRADE_GOOD] = 1, [VERSO_GRADE_MISTAKE] = 1 },
    .worst_ply = 5, .worst_number = 3, .worst_square = square ("c4"), .worst_loss = 6,
  };
  VersoCoachSummary good = {
    .graded = 3, .moves = 3, .discs_lost = 3, .grades = { [VERSO_GRADE_BEST] = 1, [VERSO_GRADE_GOOD] = 2 },
    .worst_ply = 23, .worst_number = 12, .worst_square = square ("c4"), .worst_loss = 2,
  };
  VersoCoachSummary best = { .graded = 2, .moves = 2, .grades = { [VERSO_GRADE_BEST] = 2 } };
  VersoCoachSummary none = { .moves = 30 };

  check_describes (&summary, "1 blunder, 3 mistakes, 4 inaccuracies\n"
                             "Worst: 9.\u00a0g2, 17 discs lost\n"
                             "62 discs lost in all: each move's loss against the best move then, which can add up "
                             "to more than the final margin");
  summary.moves = 30;
  check_describes (&summary, "1 blunder, 3 mistakes, 4 inaccuracies\n"
                             "Worst: 9.\u00a0g2, 17 discs lost\n"
                             "62 discs lost in all: each move's loss against the best move then, which can add up "
                             "to more than the final margin\n"
                             "Reviewed 10 of 30 moves");
  check_describes (&one, "1 mistake\n"
                         "Worst: 3.\u00a0c4, 6 discs lost\n"
                         "7 discs lost in all: each move's loss against the best move then, which can add up "
                         "to more than the final margin");
  one.grades[VERSO_GRADE_MISTAKE] = 0;
  one.grades[VERSO_GRADE_INACCURACY] = 2;
  one.graded = 3;
  one.moves = 3;
  check_describes (&one, "2 inaccuracies\n"
                         "Worst: 3.\u00a0c4, 6 discs lost\n"
                         "7 discs lost in all: each move's loss against the best move then, which can add up "
                         "to more than the final margin");
  check_describes (&good, "3 discs lost, no mistakes; worst: 12.\u00a0c4, \u22122");
  check_describes (&best, "Every move was the best one");
  best.moves = 5;
  check_describes (&best, "Every move was the best one\nReviewed 2 of 5 moves");
  check_describes (&none, NULL);
}

/* (d) Navigation keeps the scores; a new line from an earlier position is scored from the game's
 * analysis of each position before its moves: the new move at once (its position was analysed for
 * the move it replaces), the moves after it not until their new positions are. */
static void test_new_line_reads_the_store (void)
{
  g_autoptr (VersoGame) game = endgame_game ();
  guint64 moves;
  int replaced;
  VersoMoveScore old, score;

  verso_game_set_coach (game, TRUE);
  for (int k = 0; k < 3; k++)
    CHECK (verso_game_play (game, __builtin_ctzll (verso_game_get_legal_moves (game)), NULL));
  CHECK (wait_for (all_scored, game, 30));
  verso_game_go_to (game, 0);
  verso_game_redo (game);
  CHECK (verso_game_get_move_score (game, 3).known);
  verso_game_go_to (game, 1);
  moves = verso_game_get_legal_moves (game);
  replaced = verso_record_get_move (verso_game_get_record (game), 2);
  old = verso_game_get_move_score (game, 2);
  moves &= ~board_bit (replaced);
  if (moves == 0) {
    check_skip ("the second move is forced");
    return;
  }
  verso_game_set_coach (game, FALSE);
  CHECK (verso_game_play (game, __builtin_ctzll (moves), NULL));
  CHECK (verso_game_get_move_score (game, 1).known);
  score = verso_game_get_move_score (game, 2);
  CHECK (score.known && score.exact);
  /* The same position before it: the same best move, and a loss against its score. */
  CHECK_CMP_INT (score.best_move, ==, old.best_move);
  CHECK_CMP_INT (score.loss, >=, 0);
  CHECK_CMP_INT (score.loss == 0, ==, score.grade == VERSO_GRADE_BEST);
  CHECK (!(verso_game_get_move_score (game, 3).known));
  run_for (0.2);
  CHECK (!(verso_game_get_move_score (game, 3).known));
}

/* A game of 60 moves from the start (a fixed random one). */
static VersoGame *long_game (void)
{
  VersoGame *game = random_whole_game (7);

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

  CHECK_CMP_UINT (done, >=, state->last_done);
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
/* The game's GGF record gives each move its score as its evaluation, for the mover (GGF's
 * B[f5/eval]), and nothing where there is none. */
static void check_record_evaluations (VersoGame *game)
{
  g_autofree char *ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
  g_autofree NotationGame *record = g_new (NotationGame, 1);
  guint evaluated = 0;

  REQUIRE (notation_parse_ggf (ggf, strlen (ggf), record, NULL).error == NOTATION_OK, "%s", ggf);
  CHECK_CMP_UINT (record->n_moves, ==, verso_game_get_length (game));
  for (guint ply = 1; ply <= record->n_moves; ply++) {
    VersoMoveScore scored = verso_game_get_move_score (game, ply);
    const NotationEval *eval = &record->evals[ply - 1];
    Position before = notation_game_position (record, ply - 1);

    if (!scored.known || record->moves[ply - 1] == BOARD_PASS) {
      CHECK (!eval->known, "move %u", ply);
      continue;
    }
    CHECK (eval->known, "move %u", ply);
    CHECK ((int) eval->discs == (before.side_to_move == POSITION_BLACK ? scored.score : -scored.score),
           "move %u: %g in the record, %d for black", ply, eval->discs, scored.score);
    evaluated++;
  }
  check_note ("%u of %zu moves evaluated in the record", evaluated, record->n_moves);
  CHECK_CMP_UINT (evaluated, >=, record->n_moves / 2);
}

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
  int partial = 0;
  gint64 started = g_get_monotonic_time ();

  CHECK_CMP_UINT (length, >=, 60);
  verso_game_review_async (game, analyse_progress, &state, NULL, analyse_ready, &state);
  CHECK (wait_for (analyse_done, &state, 120));
  check_note ("analysed %u positions in %.1f s", length,
                  (g_get_monotonic_time () - started) / 1e6);
  CHECK_NO_ERROR (state.error);
  CHECK (state.ok);
  CHECK_CMP_UINT (state.last_done, ==, length);
  CHECK_CMP_UINT (state.total, ==, length);
  CHECK (all_scored (game));
  /* Every score is for black: the last one is the result. */
  CHECK (verso_game_get_move_score (game, length).exact);
  check_record_evaluations (game);

  REQUIRE (again != NULL);
  CHECK_CMP_UINT (verso_game_get_length (again), ==, length);
  CHECK (!(verso_game_get_move_score (again, length).known));
  verso_game_set_analysis_limits (again, 3, 10, 0);
  cancelled.cancel_at_first = cancellable;
  verso_game_review_async (again, analyse_progress, &cancelled, cancellable, analyse_ready, &cancelled);
  CHECK (wait_for (analyse_done, &cancelled, 60));
  CHECK (!cancelled.ok);
  CHECK_ERROR (cancelled.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&cancelled.error);
  for (guint ply = 1; ply <= length; ply++)
    known += verso_game_get_move_score (again, ply).known;
  CHECK_CMP_UINT (known, >=, 1);
  CHECK_CMP_UINT (known, <, length);
  /* The summary of a cancelled review says how far it got. */
  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++) {
    VersoCoachSummary sum = verso_game_get_coach_summary (again, color);
    g_autofree char *text = verso_game_describe_coach_summary (again, color);
    g_autofree char *reviewed = g_strdup_printf ("Reviewed %d of %d moves", sum.graded, sum.moves);

    if (sum.graded > 0 && sum.graded < sum.moves) {
      CHECK (g_str_has_suffix (text, reviewed));
      partial++;
    }
  }
  CHECK_CMP_INT (partial, >=, 1);
  /* No more scores arrive after the cancel. */
  run_for (0.3);
  {
    guint later = 0;
    for (guint ply = 1; ply <= length; ply++)
      later += verso_game_get_move_score (again, ply).known;
    CHECK_CMP_UINT (later, ==, known);
  }
}

/* Issue 45: a book move is graded from the book, as the Database values it (its loss is the best
 * book value minus its own), and Analyse Game searches nothing for it; the first move out of the
 * book is searched and graded as before. */
static void test_book_moves_are_graded_from_the_book (void)
{
  /* The Tiger, then g4: out of the book at the last move. */
  g_autoptr (VersoGame) game = game_read ("f5d6c3d3c4f4f6f3e6e7g4", VERSO_PLAYER_HUMAN,
                                          VERSO_PLAYER_HUMAN, LEVEL_BEGINNER, NULL);
  AnalyseState state = { 0 };
  guint length = verso_game_get_length (game), book = 0, searched = 0;

  verso_game_set_analysis_limits (game, 3, 10, 0);
  verso_game_review_async (game, analyse_progress, &state, NULL, analyse_ready, &state);
  CHECK (wait_for (analyse_done, &state, 60));
  CHECK (state.ok);
  for (guint ply = 1; ply <= length; ply++) {
    const Position *before = verso_record_get_position (verso_game_get_record (game), ply - 1);
    int move = verso_record_get_move (verso_game_get_record (game), ply);
    BookMove moves[BOARD_SQUARES];
    int count = book_lookup (&before->board, moves);
    const BookMove *played = NULL;
    VersoMoveScore score = verso_game_get_move_score (game, ply);

    for (int i = 0; i < count; i++)
      if (moves[i].move == move && !moves[i].leaves_book)
        played = &moves[i];
    CHECK (score.known, "ply %u", ply);
    CHECK (score.book == (played != NULL), "ply %u", ply);
    CHECK (verso_game_is_book_move (game, ply) == (played != NULL), "ply %u", ply);
    if (played) {
      int mover = before->side_to_move == POSITION_WHITE ? -score.score : score.score;
      CHECK_CMP_INT (mover, ==, played->score);
      CHECK_CMP_INT (score.best_move, ==, moves[0].move);
      CHECK_CMP_INT (score.loss, ==, moves[0].score - played->score);
      CHECK_CMP_INT (score.grade, ==, verso_grade_for_loss (score.loss));
      /* Nothing searched: the position before it has no analysis. */
      CHECK (verso_game_get_analysis (game, ply - 1) == NULL, "ply %u", ply);
      book++;
    } else {
      CHECK (verso_game_get_analysis (game, ply - 1) != NULL, "ply %u", ply);
      searched++;
    }
  }
  CHECK_CMP_UINT (book, >=, 8);
  CHECK_CMP_UINT (searched, >=, 1);
}

/* Review Depth (issue 45): normal by default, deeper choices search deeper, quick no shallower
 * than the review searched before (depth 10). */
static void test_review_depths (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);

  CHECK_CMP_INT (verso_game_get_review_depth (game), ==, VERSO_REVIEW_NORMAL);
  CHECK_CMP_INT (verso_review_depth_plies (VERSO_REVIEW_QUICK), >=, 10);
  CHECK_CMP_INT (verso_review_depth_plies (VERSO_REVIEW_NORMAL), >, verso_review_depth_plies (VERSO_REVIEW_QUICK));
  CHECK_CMP_INT (verso_review_depth_plies (VERSO_REVIEW_DEEP), >, verso_review_depth_plies (VERSO_REVIEW_NORMAL));
  verso_game_set_review_depth (game, VERSO_REVIEW_DEEP);
  CHECK_CMP_INT (verso_game_get_review_depth (game), ==, VERSO_REVIEW_DEEP);
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
  CHECK (verso_game_get_scores (game) == NULL);
  verso_game_set_show_scores (game, TRUE);
  CHECK (wait_for (has_scores, game, 30));
  CHECK_CMP_INT (changed, >=, 1);
  scores = verso_game_get_scores (game);
  CHECK_CMP_INT (scores->count, ==, 4);
  for (int k = 0; k < scores->count; k++)
    CHECK (verso_game_get_legal_moves (game) & board_bit (scores->moves[k].move));

  changed = 0;
  CHECK (verso_game_play (game, scores->moves[0].move, NULL));
  CHECK (verso_game_get_scores (game) == NULL);
  CHECK_CMP_INT (changed, ==, 1);
  CHECK (wait_for (has_scores, game, 30));
  scores = verso_game_get_scores (game);
  CHECK_CMP_INT (scores->count, ==, board_count (verso_game_get_legal_moves (game)));
  for (int k = 0; k < scores->count; k++)
    CHECK (verso_game_get_legal_moves (game) & board_bit (scores->moves[k].move));

  verso_game_set_show_scores (game, FALSE);
  CHECK (verso_game_get_scores (game) == NULL);
}

static gboolean scores_exact (gpointer data)
{
  const Analysis *scores = verso_game_get_scores (VERSO_GAME (data));

  return scores && scores->exact;
}

/* The exact scores of a position of 12 empties, solved by the analyst on one thread and on two
 * (verso_game_set_analysis_threads): the same scores for every move. */
static void test_threads_same_exact_scores (void)
{
  Analysis found[2];

  for (guint threads = 1; threads <= 2; threads++) {
    g_autoptr (VersoGame) game = random_whole_game (7);
    const Analysis *scores;
    guint ply = 0;

    while (board_empties (&verso_game_shown_position (game)->board) > 12 || !verso_game_get_legal_moves (game))
      verso_game_go_to (game, ++ply);
    verso_game_set_analysis_limits (game, 60, 12, 0);
    verso_game_set_analysis_threads (game, threads);
    verso_game_set_show_scores (game, TRUE);
    CHECK (wait_for (scores_exact, game, 60));
    scores = verso_game_get_scores (game);
    REQUIRE (scores != NULL);
    found[threads - 1] = *scores;
  }
  CHECK_CMP_INT (found[1].count, ==, found[0].count);
  for (int k = 0; k < found[0].count; k++) {
    const AnalysisMove *two = analysis_find (&found[1], found[0].moves[k].move);

    REQUIRE (two != NULL);
    CHECK (found[0].moves[k].exact && two->exact);
    CHECK_CMP_INT (two->score, ==, found[0].moves[k].score);
  }
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
  CHECK (wait_for (has_scores, game, 30));
  CHECK (verso_game_play (game, board_square (5, 4), NULL));
  CHECK (verso_game_play (game, board_square (3, 5), NULL));
  /* Book moves are not searched: the first legal move each time until one leaves the book. */
  while (verso_game_is_book_move (game, verso_game_get_length (game))) {
    uint64_t legal = board_legal_moves (&verso_game_shown_position (game)->board);
    REQUIRE (legal != 0);
    CHECK (verso_game_play (game, __builtin_ctzll (legal), NULL));
  }
  verso_game_review_async (game, NULL, NULL, cancellable, analyse_ready, &state);
  run_for (0.1);
  g_cancellable_cancel (cancellable);
  CHECK (wait_for (analyse_done, &state, 30));
  CHECK_ERROR (state.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&state.error);
  g_object_unref (game);
  run_for (0.5);
  CHECK_CMP_INT (scored, ==, 0);
}

typedef struct {
  gboolean done;
  int move;
  GError *error;
} HintState;

static void hint_state_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HintState *state = user_data;

  state->move = verso_game_hint_finish (VERSO_GAME (source), result, NULL, NULL, &state->error);
  state->done = TRUE;
}

static gboolean hint_state_done (gpointer data)
{
  return ((HintState *) data)->done;
}

/* (h) A hint waits for the analysis of its position: its cancel answers at once, a move played
 * meanwhile ends it (the position changed), and the job for it then stops. */
static void test_hint_cancelled_or_stale (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  HintState cancelled = { 0 }, stale = { 0 };

  /* No depth limit: the hint's job would run for minutes. */
  verso_game_set_analysis_limits (game, 0, 20, 0);
  verso_game_hint_async (game, cancellable, hint_state_ready, &cancelled);
  verso_game_hint_async (game, NULL, hint_state_ready, &stale);
  run_for (0.1);
  CHECK (!cancelled.done && !stale.done);
  g_cancellable_cancel (cancellable);
  CHECK (wait_for (hint_state_done, &cancelled, 5));
  CHECK_ERROR (cancelled.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  CHECK_CMP_INT (cancelled.move, ==, -1);
  run_for (0.1);
  CHECK (!stale.done);
  CHECK (verso_game_play (game, board_square (5, 4), NULL));
  CHECK (wait_for (hint_state_done, &stale, 5));
  CHECK_ERROR (stale.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_clear_error (&cancelled.error);
  g_clear_error (&stale.error);
}

int main (int argc, char **argv)
{
  check_glib_init ();
  check_run ("/game-analysis/grade-thresholds", test_grade_thresholds);
  check_run ("/game-analysis/score-formats", test_score_formats);
  check_run ("/game-analysis/coach-grades", test_coach_grades);
  check_run ("/game-analysis/summary-text", test_summary_text);
  check_run ("/game-analysis/new-line-reads-the-store", test_new_line_reads_the_store);
  check_run ("/game-analysis/analyse-game", test_analyse_game);
  check_run ("/game-analysis/book-moves-are-graded-from-the-book",
             test_book_moves_are_graded_from_the_book);
  check_run ("/game-analysis/review-depths", test_review_depths);
  check_run ("/game-analysis/live-scores", test_live_scores);
  check_run ("/game-analysis/threads-same-exact-scores", test_threads_same_exact_scores);
  check_run ("/game-analysis/dropped-while-running", test_dropped_while_running);
  check_run ("/game-analysis/hint-cancelled-or-stale", test_hint_cancelled_or_stale);
  return check_finish ();
}
