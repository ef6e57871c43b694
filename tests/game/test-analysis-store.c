/* test-analysis-store.c: the game's one analysis per position (verso-analysis-store.c): the replace
 * rule move by move (exact beats an estimate, then deeper beats shallower, never the reverse), the
 * order and summary of what it keeps, its key (the discs and the side to move), and its lines of
 * text for the saved session, written, read back and refused when damaged. */
#include <gio/gio.h>
#include <string.h>

#include "check-glib.h"
#include "notation.h"
#include "verso-analysis-store.h"

/* The start position after f5: three legal moves for white (d6, f6, f4). */
static Board after_f5 (void)
{
  Board board;

  board_init (&board);
  return board_after_move (&board, board_square (5, 4));
}

/* An analysis of board whose moves (in legal order) have these scores, depths and exactness. */
static Analysis analysis_of (const Board *board, const int *scores, const int *depths, const bool *exact)
{
  Analysis analysis = { 0 };
  int k = 0;

  for (uint64_t legal = board_legal_moves (board); legal; legal &= legal - 1, k++) {
    AnalysisMove *move = &analysis.moves[analysis.count++];
    move->move = __builtin_ctzll (legal);
    move->score = scores[k];
    move->depth = depths[k];
    move->exact = exact[k];
  }
  analysis.nodes = 100;
  return analysis;
}

/* The stored entry of the k-th legal move of board. */
static const AnalysisMove *stored_move (const VersoAnalysisStore *store, const Board *board, int k)
{
  uint64_t legal = board_legal_moves (board);
  const Analysis *analysis = verso_analysis_store_lookup (store, board);

  REQUIRE (analysis != NULL);
  while (k-- > 0)
    legal &= legal - 1;
  return analysis_find (analysis, __builtin_ctzll (legal));
}

static const bool inexact[3] = { false, false, false };

static void test_first_analysis_is_kept_best_first (void)
{
  g_autoptr (VersoAnalysisStore) store = verso_analysis_store_new ();
  Board board = after_f5 ();
  Analysis first = analysis_of (&board, (int[]) { -3, 2, 2 }, (int[]) { 8, 9, 8 }, inexact);
  const Analysis *kept;

  REQUIRE (first.count == 3);
  CHECK (verso_analysis_store_lookup (store, &board) == NULL);
  CHECK (verso_analysis_store_merge (store, &board, &first));
  kept = verso_analysis_store_lookup (store, &board);
  REQUIRE (kept != NULL);
  CHECK_CMP_UINT (verso_analysis_store_size (store), ==, 1);
  CHECK_CMP_INT (kept->count, ==, 3);
  /* Best first; the two equal scores in the order they came. */
  CHECK_CMP_INT (kept->moves[0].move, ==, first.moves[1].move);
  CHECK_CMP_INT (kept->moves[1].move, ==, first.moves[2].move);
  CHECK_CMP_INT (kept->moves[2].move, ==, first.moves[0].move);
  CHECK_CMP_INT (kept->depth, ==, 8);
  CHECK (!kept->exact);
  CHECK (verso_analysis_best_move (kept) == &kept->moves[0]);
  /* The same analysis again finds nothing new. */
  CHECK (!verso_analysis_store_merge (store, &board, &first));
  CHECK_CMP_UINT (kept->nodes, ==, 200);
}

static void test_deeper_replaces_shallower_never_the_reverse (void)
{
  g_autoptr (VersoAnalysisStore) store = verso_analysis_store_new ();
  Board board = after_f5 ();
  Analysis deep = analysis_of (&board, (int[]) { 4, 1, -2 }, (int[]) { 12, 12, 12 }, inexact);
  Analysis shallow = analysis_of (&board, (int[]) { -9, 9, 9 }, (int[]) { 6, 6, 6 }, inexact);
  Analysis mixed = analysis_of (&board, (int[]) { 0, 7, 5 }, (int[]) { 11, 13, 12 }, inexact);

  CHECK (verso_analysis_store_merge (store, &board, &deep));
  CHECK (!verso_analysis_store_merge (store, &board, &shallow));
  CHECK_CMP_INT (stored_move (store, &board, 0)->score, ==, 4);
  CHECK_CMP_INT (stored_move (store, &board, 1)->score, ==, 1);
  /* Move by move: only the deeper one (13 against 12) replaces; 11 and an equal 12 do not. */
  CHECK (verso_analysis_store_merge (store, &board, &mixed));
  CHECK_CMP_INT (stored_move (store, &board, 0)->score, ==, 4);
  CHECK_CMP_INT (stored_move (store, &board, 0)->depth, ==, 12);
  CHECK_CMP_INT (stored_move (store, &board, 1)->score, ==, 7);
  CHECK_CMP_INT (stored_move (store, &board, 1)->depth, ==, 13);
  CHECK_CMP_INT (stored_move (store, &board, 2)->score, ==, -2);
  /* The depth every move has reached; the best is now the deeper move's. */
  CHECK_CMP_INT (verso_analysis_store_lookup (store, &board)->depth, ==, 12);
  CHECK_CMP_INT (verso_analysis_best_move (verso_analysis_store_lookup (store, &board))->score, ==, 7);
}

static void test_exact_replaces_estimates_never_the_reverse (void)
{
  g_autoptr (VersoAnalysisStore) store = verso_analysis_store_new ();
  Board board = after_f5 ();
  Analysis estimate = analysis_of (&board, (int[]) { 6, 3, 1 }, (int[]) { 20, 20, 20 }, inexact);
  /* Exact scores carry the empties as their depth: fewer than a deep estimate's plies here. */
  Analysis solved = analysis_of (&board, (int[]) { 2, 0, 0 }, (int[]) { 18, 0, 0 },
                                 (bool[]) { true, false, false });
  Analysis deeper = analysis_of (&board, (int[]) { 10, 10, 10 }, (int[]) { 30, 30, 30 }, inexact);
  Analysis all_solved = analysis_of (&board, (int[]) { 2, -4, 8 }, (int[]) { 18, 18, 18 },
                                     (bool[]) { true, true, true });

  CHECK (verso_analysis_store_merge (store, &board, &estimate));
  CHECK (verso_analysis_store_merge (store, &board, &solved));
  CHECK (stored_move (store, &board, 0)->exact);
  CHECK_CMP_INT (stored_move (store, &board, 0)->score, ==, 2);
  /* A move without a score (depth 0) keeps the one it had. */
  CHECK_CMP_INT (stored_move (store, &board, 1)->score, ==, 3);
  /* A deeper estimate replaces the estimates, not the exact score. */
  CHECK (verso_analysis_store_merge (store, &board, &deeper));
  CHECK (stored_move (store, &board, 0)->exact);
  CHECK_CMP_INT (stored_move (store, &board, 0)->score, ==, 2);
  CHECK_CMP_INT (stored_move (store, &board, 1)->depth, ==, 30);
  CHECK (!verso_analysis_store_lookup (store, &board)->exact);
  CHECK (verso_analysis_store_merge (store, &board, &all_solved));
  CHECK (verso_analysis_store_lookup (store, &board)->exact);
  CHECK_CMP_INT (verso_analysis_store_lookup (store, &board)->depth, ==, 18);
  CHECK_CMP_INT (verso_analysis_best_move (verso_analysis_store_lookup (store, &board))->score, ==, 8);
  CHECK (!verso_analysis_store_merge (store, &board, &deeper));
  CHECK_CMP_INT (stored_move (store, &board, 2)->score, ==, 8);
}

static void test_improves_rule (void)
{
  AnalysisMove none = { .depth = 0 }, d5 = { .depth = 5 }, d9 = { .depth = 9 };
  AnalysisMove exact = { .depth = 4, .exact = true }, exact_again = { .depth = 4, .exact = true };

  CHECK (verso_analysis_move_improves (&none, &d5));
  CHECK (!verso_analysis_move_improves (&d5, &none));
  CHECK (verso_analysis_move_improves (&d5, &d9));
  CHECK (!verso_analysis_move_improves (&d9, &d5));
  CHECK (!verso_analysis_move_improves (&d9, &d9));
  CHECK (verso_analysis_move_improves (&d9, &exact));
  CHECK (!verso_analysis_move_improves (&exact, &d9));
  CHECK (!verso_analysis_move_improves (&exact, &exact_again));
}

/* The side to move is part of the key: the same discs with the other side to move are another
 * position. An analysis without any score, or of a position with no move, is taken as it is. */
static void test_positions_are_apart (void)
{
  g_autoptr (VersoAnalysisStore) store = verso_analysis_store_new ();
  Board board = after_f5 ();
  Board other = { board.opponent, board.player };
  Analysis first = analysis_of (&board, (int[]) { 1, 2, 3 }, (int[]) { 4, 4, 4 }, inexact);
  static const int zeros[ANALYSIS_MAX_MOVES] = { 0 };
  static const bool none[ANALYSIS_MAX_MOVES] = { false };
  Analysis unscored = analysis_of (&other, zeros, zeros, none);
  Board full = { ~UINT64_C (0), 0 };
  Analysis over = { .count = 0, .exact = true };

  CHECK (verso_analysis_store_merge (store, &board, &first));
  CHECK (verso_analysis_store_lookup (store, &other) == NULL);
  CHECK (!verso_analysis_store_merge (store, &other, &unscored));
  CHECK (verso_analysis_store_lookup (store, &other) == NULL);
  CHECK (verso_analysis_store_merge (store, &full, &over));
  CHECK (verso_analysis_store_lookup (store, &full)->exact);
  CHECK (verso_analysis_best_move (verso_analysis_store_lookup (store, &full)) == NULL);
  CHECK_CMP_UINT (verso_analysis_store_size (store), ==, 2);
}

/* White to move after f5. */
static Position position_after_f5 (void)
{
  return (Position) { after_f5 (), POSITION_WHITE };
}

/* A line of the store's analysis of position, read into a new store, is the same analysis: every
 * move's score, depth and exactness, in the same order; the position's side is in the line. */
static void test_line_round_trip (void)
{
  g_autoptr (VersoAnalysisStore) store = verso_analysis_store_new ();
  g_autoptr (VersoAnalysisStore) read = verso_analysis_store_new ();
  g_autoptr (GError) error = NULL;
  Position position = position_after_f5 ();
  Analysis analysis = analysis_of (&position.board, (int[]) { -3, 64, -64 }, (int[]) { 8, 58, 12 },
                                   (bool[]) { false, true, false });
  const Analysis *kept, *back;
  g_autofree char *line = NULL;
  g_autofree char *again = NULL;
  char board[NOTATION_BOARD_SIZE];

  CHECK (verso_analysis_store_write (store, &position) == NULL);
  CHECK (verso_analysis_store_merge (store, &position.board, &analysis));
  line = verso_analysis_store_write (store, &position);
  REQUIRE (line != NULL);
  notation_format_board (&position, board);
  CHECK (g_str_has_prefix (line, board));
  /* Best first: the exact +64, then -3, then -64. */
  {
    char squares[3][3];
    g_autofree char *expected = NULL;

    for (int k = 0; k < 3; k++)
      notation_format_square (analysis.moves[k].move, squares[k]);
    expected = g_strdup_printf ("%s;%s:64:58:exact;%s:-3:8;%s:-64:12", board, squares[1], squares[0],
                                squares[2]);
    CHECK_CMP_STR (line, ==, expected);
  }
  CHECK (verso_analysis_store_read (read, line, &error));
  CHECK_NO_ERROR (error);
  kept = verso_analysis_store_lookup (store, &position.board);
  back = verso_analysis_store_lookup (read, &position.board);
  REQUIRE (back != NULL);
  CHECK_CMP_INT (back->count, ==, kept->count);
  for (int i = 0; i < kept->count; i++) {
    CHECK_CMP_INT (back->moves[i].move, ==, kept->moves[i].move);
    CHECK_CMP_INT (back->moves[i].score, ==, kept->moves[i].score);
    CHECK_CMP_INT (back->moves[i].depth, ==, kept->moves[i].depth);
    CHECK (back->moves[i].exact == kept->moves[i].exact);
  }
  CHECK_CMP_INT (back->depth, ==, 8);
  again = verso_analysis_store_write (read, &position);
  CHECK_CMP_STR (again, ==, line);
}

/* Moves without a score are left out and come back without one; a line read never makes a
 * stored score worse (the replace rule); a pass is written PA. */
static void test_line_keeps_what_is_known (void)
{
  g_autoptr (VersoAnalysisStore) store = verso_analysis_store_new ();
  g_autoptr (GError) error = NULL;
  Position position = position_after_f5 ();
  Analysis partial = analysis_of (&position.board, (int[]) { 0, 5, 0 }, (int[]) { 0, 9, 0 }, inexact);
  Analysis deeper = analysis_of (&position.board, (int[]) { 1, 2, 3 }, (int[]) { 12, 12, 12 }, inexact);
  /* Black to move without a move, white with one: a pass. */
  Position pass = { { UINT64_C (1) << 1, UINT64_C (1) << 0 }, POSITION_WHITE };
  Analysis passing = { .count = 1, .moves = { { .move = BOARD_PASS, .score = -3, .depth = 2 } } };
  g_autofree char *line = NULL;
  g_autofree char *pass_line = NULL;
  g_autofree char *expected = NULL;
  char square[3];

  CHECK (verso_analysis_store_merge (store, &position.board, &partial));
  line = verso_analysis_store_write (store, &position);
  REQUIRE (line != NULL);
  notation_format_square (partial.moves[1].move, square);
  expected = g_strdup_printf (" O;%s:5:9", square);
  CHECK (g_str_has_suffix (line, expected), "%s", line);
  CHECK (verso_analysis_store_merge (store, &position.board, &deeper));
  CHECK (verso_analysis_store_read (store, line, &error));
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (stored_move (store, &position.board, 1)->depth, ==, 12);
  CHECK_CMP_INT (stored_move (store, &position.board, 1)->score, ==, 2);

  REQUIRE (board_legal_moves (&pass.board) == 0);
  CHECK (verso_analysis_store_merge (store, &pass.board, &passing));
  pass_line = verso_analysis_store_write (store, &pass);
  REQUIRE (pass_line != NULL);
  CHECK (g_str_has_suffix (pass_line, ";PA:-3:2"));
  g_clear_pointer (&store, verso_analysis_store_free);
  store = verso_analysis_store_new ();
  CHECK (verso_analysis_store_read (store, line, &error));
  CHECK (verso_analysis_store_read (store, pass_line, &error));
  CHECK_NO_ERROR (error);
  CHECK_CMP_UINT (verso_analysis_store_size (store), ==, 2);
  CHECK_CMP_INT (stored_move (store, &position.board, 0)->depth, ==, 0);
  CHECK_CMP_INT (stored_move (store, &position.board, 1)->score, ==, 5);
  CHECK_CMP_INT (verso_analysis_store_lookup (store, &pass.board)->moves[0].score, ==, -3);
}

/* Each move's line (pv) is kept in the text: written after the move's score as the moves after
 * it, passes as PA, read back into the same line; a line of text without lines (as written
 * before they were kept) still reads. */
static void test_line_keeps_each_moves_line (void)
{
  g_autoptr (VersoAnalysisStore) store = verso_analysis_store_new ();
  g_autoptr (VersoAnalysisStore) read = verso_analysis_store_new ();
  g_autoptr (GError) error = NULL;
  Position position = position_after_f5 ();
  Analysis analysis = analysis_of (&position.board, (int[]) { -3, 2, -4 }, (int[]) { 20, 20, 20 },
                                   inexact);
  /* Black to move without a move, white with one: a pass, then the line goes on. */
  Position pass = { { UINT64_C (1) << 1, UINT64_C (1) << 0 }, POSITION_WHITE };
  Analysis passing = { .count = 1, .moves = { { .move = BOARD_PASS, .score = -3, .depth = 2,
                                                .pv = { BOARD_PASS, 2 }, .pv_length = 2 } } };
  const char *moves = "d6c3d3c4";
  int line[8];
  size_t count = 0;
  Position played = position;
  g_autofree char *text = NULL;
  g_autofree char *pass_text = NULL;
  g_autofree char *again = NULL;
  const AnalysisMove *back;

  REQUIRE (!notation_parse_transcript (moves, strlen (moves), &played, line, 8, &count).error);
  for (int i = 0; i < analysis.count; i++)
    if (analysis.moves[i].move == line[0]) {
      memcpy (analysis.moves[i].pv, line, sizeof (int) * count);
      analysis.moves[i].pv_length = (int) count;
    }
  CHECK (verso_analysis_store_merge (store, &position.board, &analysis));
  text = verso_analysis_store_write (store, &position);
  REQUIRE (text != NULL);
  CHECK (strstr (text, ";d6:2:20:line=c3d3c4;") != NULL, "%s", text);
  CHECK (verso_analysis_store_read (read, text, &error));
  CHECK_NO_ERROR (error);
  back = analysis_find (verso_analysis_store_lookup (read, &position.board), line[0]);
  REQUIRE (back != NULL);
  CHECK_CMP_INT (back->pv_length, ==, 4);
  for (int i = 0; i < 4; i++)
    CHECK_CMP_INT (back->pv[i], ==, line[i]);
  again = verso_analysis_store_write (read, &position);
  CHECK_CMP_STR (again, ==, text);

  CHECK (verso_analysis_store_merge (store, &pass.board, &passing));
  pass_text = verso_analysis_store_write (store, &pass);
  CHECK (g_str_has_suffix (pass_text, ";PA:-3:2:line=c1"), "%s", pass_text);
  CHECK (verso_analysis_store_read (read, pass_text, &error));
  CHECK_NO_ERROR (error);
  back = &verso_analysis_store_lookup (read, &pass.board)->moves[0];
  CHECK_CMP_INT (back->pv_length, ==, 2);
  CHECK_CMP_INT (back->pv[1], ==, 2);

  {
    g_autoptr (VersoAnalysisStore) old = verso_analysis_store_new ();
    char board[NOTATION_BOARD_SIZE];
    g_autofree char *without = NULL;

    notation_format_board (&position, board);
    without = g_strconcat (board, ";d6:-3:20;f4:-5:10:exact", NULL);
    CHECK (verso_analysis_store_read (old, without, &error));
    CHECK_NO_ERROR (error);
    back = analysis_find (verso_analysis_store_lookup (old, &position.board), line[0]);
    CHECK_CMP_INT (back->pv_length, ==, 1);
  }
}

/* A damaged line is refused whole, saying what was wrong and where; the store is unchanged. */
static void test_damaged_lines_are_refused (void)
{
  g_autoptr (VersoAnalysisStore) store = verso_analysis_store_new ();
  Position position = position_after_f5 ();
  char board[NOTATION_BOARD_SIZE];
  static const struct {
    const char *entries;
    const char *message;
  } damaged[] = {
    { "", "no move after the board" },
    { ";", "no move after the board" },
    { ";;d6:1:9", "entry 1: “” is not MOVE:SCORE:DEPTH with an optional :exact and :line=MOVES" },
    { ";d6:1:9;", "entry 2: “” is not MOVE:SCORE:DEPTH with an optional :exact and :line=MOVES" },
    { ";d6:1", "entry 1: “d6:1” is not MOVE:SCORE:DEPTH with an optional :exact and :line=MOVES" },
    { ";d6:1:9:deep", "entry 1: “d6:1:9:deep” is not MOVE:SCORE:DEPTH with an optional :exact and :line=MOVES" },
    { ";d6:1:9;a1:2:9", "entry 2: “a1” is not a legal move of the board" },
    { ";PA:1:9", "entry 1: “PA” is not a legal move of the board" },
    { ";d6x:1:9", "entry 1: “d6x” is not a legal move of the board" },
    { ";d6:1:9;D6:2:9", "entry 2: D6 is listed twice" },
    { ";d6:65:9", "entry 1: the score “65” is not a number from -64 to 64" },
    { ";d6:+1:9", "entry 1: the score “+1” is not a number from -64 to 64" },
    { ";d6:1:0", "entry 1: the depth “0” is not a number from 1 to 64" },
    { ";d6:1:9:line=c3:exact", "entry 1: “d6:1:9:line=c3:exact” is not MOVE:SCORE:DEPTH with an optional :exact and :line=MOVES" },
    { ";d6:1:9:line=", "entry 1: the line “”: no move at character 1" },
    { ";d6:1:9:line=c3a1", "entry 1: the line “c3a1”: not a legal move in this position at character 3" },
    { ";d6:1: 9", "entry 1: the depth “ 9” is not a number from 1 to 64" },
  };

  notation_format_board (&position, board);
  for (guint i = 0; i < G_N_ELEMENTS (damaged); i++) {
    g_autofree char *line = g_strconcat (board, damaged[i].entries, NULL);
    g_autoptr (GError) error = NULL;

    CHECK (!verso_analysis_store_read (store, line, &error), "%s", line);
    CHECK_ERROR (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    if (error)
      CHECK_CMP_STR (error->message, ==, damaged[i].message);
  }
  {
    g_autoptr (GError) error = NULL;
    CHECK (!verso_analysis_store_read (store, "XO-;d6:1:9", &error));
    CHECK (error && g_str_has_prefix (error->message, "the board: "));
  }
  {
    /* The end of a game: a full board has no move to score. */
    g_autoptr (GError) error = NULL;
    CHECK (!verso_analysis_store_read (store, "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX X;PA:0:1", &error));
    CHECK (error && strstr (error->message, "the game is over") != NULL);
  }
  CHECK_CMP_UINT (verso_analysis_store_size (store), ==, 0);
}

int main (int argc, char **argv)
{
  check_glib_init ();
  check_run ("/analysis-store/first-analysis-is-kept-best-first", test_first_analysis_is_kept_best_first);
  check_run ("/analysis-store/deeper-replaces-shallower-never-the-reverse",
             test_deeper_replaces_shallower_never_the_reverse);
  check_run ("/analysis-store/exact-replaces-estimates-never-the-reverse",
             test_exact_replaces_estimates_never_the_reverse);
  check_run ("/analysis-store/improves-rule", test_improves_rule);
  check_run ("/analysis-store/positions-are-apart", test_positions_are_apart);
  check_run ("/analysis-store/line-round-trip", test_line_round_trip);
  check_run ("/analysis-store/line-keeps-what-is-known", test_line_keeps_what_is_known);
  check_run ("/analysis-store/line-keeps-each-moves-line", test_line_keeps_each_moves_line);
  check_run ("/analysis-store/damaged-lines-are-refused", test_damaged_lines_are_refused);
  return check_finish ();
}
