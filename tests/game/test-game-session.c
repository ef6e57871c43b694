/* test-game-session.c: the saved session (verso-game-session.c) keeps the analysis and the
 * variations: a reviewed game's move scores, grades, lines and coach summaries come back ply by
 * ply from its file, without a new search, and it is still known as reviewed; its save is quick (timed
 * here); a damaged analysis is dropped with a message naming it while the game loads; a game
 * with variations comes back with its whole tree, the line and position shown, the modified flag
 * and the grades of every line, and a damaged tree costs the variations, never the moves; a
 * session saved before either loads as before. Depths are small so valgrind can run it. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "check-glib.h"
#include "game-test.h"
#include "test-main-loop.h"
#include "verso-game-analysis-private.h"
#include "verso-game-text.h"

typedef struct {
  gboolean done;
  gboolean ok;
  guint first_done, total, progress_calls;
} Review;

static void review_progress (guint done, guint total, gpointer user_data)
{
  Review *review = user_data;

  if (review->progress_calls++ == 0)
    review->first_done = done;
  review->total = total;
}

static void review_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Review *review = user_data;

  review->ok = verso_game_review_finish (VERSO_GAME (source), result, NULL);
  review->done = TRUE;
}

static gboolean review_done (gpointer data)
{
  return ((Review *) data)->done;
}

/* Analyse Game on game, to its end; the review's first progress says how many positions it
 * found analysed already. */
static Review review_game (VersoGame *game)
{
  Review review = { 0 };

  /* Small depths; exact from 10 empties, so the last moves' scores are exact. */
  verso_game_set_analysis_limits (game, 2, 10, 0);
  verso_game_review_async (game, review_progress, &review, NULL, review_ready, &review);
  CHECK (wait_for (review_done, &review, 120));
  CHECK (review.ok);
  return review;
}

/* Every move of the analysis of the position after ply has the same line (pv) in the two games;
 * returns the lines of two moves or more. */
static guint check_same_lines (VersoGame *game, VersoGame *loaded, guint ply)
{
  const Analysis *a = verso_game_get_analysis (game, ply);
  const Analysis *b = verso_game_get_analysis (loaded, ply);
  guint lines = 0;

  CHECK ((a == NULL) == (b == NULL), "ply %u", ply);
  if (!a || !b)
    return 0;
  for (int i = 0; i < a->count; i++) {
    const AnalysisMove *move = &a->moves[i];
    const AnalysisMove *back = analysis_find (b, move->move);

    REQUIRE (back != NULL);
    if (move->depth == 0)
      continue;
    CHECK_CMP_INT (back->pv_length, ==, move->pv_length);
    for (int k = 0; k < MIN (move->pv_length, back->pv_length); k++)
      CHECK_CMP_INT (back->pv[k], ==, move->pv[k]);
    lines += move->pv_length >= 2;
  }
  return lines;
}

/* Every move's score, grade and line, and both colours' summaries, are the same in the two
 * games; returns the moves with a score and counts the exact ones. */
static guint check_same_scores (VersoGame *game, VersoGame *loaded, guint *exact)
{
  guint known = 0, lines = 0;

  REQUIRE (verso_game_get_length (loaded) == verso_game_get_length (game));
  *exact = 0;
  for (guint ply = 1; ply <= verso_game_get_length (game); ply++) {
    VersoMoveScore a = verso_game_get_move_score (game, ply);
    VersoMoveScore b = verso_game_get_move_score (loaded, ply);

    CHECK (a.known == b.known, "ply %u", ply);
    CHECK (a.score == b.score && a.best_move == b.best_move && a.loss == b.loss, "ply %u", ply);
    CHECK (a.grade == b.grade && a.exact == b.exact, "ply %u", ply);
    CHECK (a.depth == b.depth && a.best_depth == b.best_depth, "ply %u", ply);
    known += a.known;
    *exact += a.exact;
    lines += check_same_lines (game, loaded, ply - 1);
  }
  /* Each position of a reviewed game has moves with a line. */
  CHECK_CMP_UINT (lines, >=, verso_game_get_length (game));
  for (VersoColor color = VERSO_COLOR_BLACK; color <= VERSO_COLOR_WHITE; color++) {
    g_autofree char *summary = verso_game_describe_coach_summary (game, color);
    g_autofree char *loaded_summary = verso_game_describe_coach_summary (loaded, color);

    CHECK (summary != NULL);
    CHECK_CMP_STR (loaded_summary, ==, summary);
  }
  return known;
}

/* A reviewed game saved and loaded into a new game: the same scores, grades and lines ply by ply
 * (hovering a score draws its line after a restart, issue 45), and
 * Analyse Game on it finds every position analysed (nothing is searched again). */
static void test_analysis_survives_a_restart (void)
{
  g_autoptr (VersoGame) game = random_whole_game (7);
  g_autoptr (VersoGame) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *path = check_temp_file ("game.ini");
  g_autofree char *text = NULL;
  guint length = verso_game_get_length (game), exact = 0;
  gint64 slowest = 0, total = 0;
  Review again;
  const int saves = 5;

  CHECK_CMP_UINT (length, >=, 55);
  CHECK (!verso_game_get_reviewed (game));
  review_game (game);
  CHECK (verso_game_get_reviewed (game));
  for (int i = 0; i < saves; i++) {
    gint64 started = g_get_monotonic_time ();
    CHECK (verso_game_save (game, path, &error));
    CHECK_NO_ERROR (error);
    started = g_get_monotonic_time () - started;
    slowest = MAX (slowest, started);
    total += started;
  }
  CHECK (g_file_get_contents (path, &text, NULL, NULL));
  check_note ("saved a %u-move analysed game (%zu bytes) in %.2f ms on average, %.2f ms at most",
              length, strlen (text), total / 1e3 / saves, slowest / 1e3);
  CHECK (strstr (text, "\n[Verso Analysis]\nReviewed=true\nPosition1=") != NULL);

  loaded = verso_game_load (path, &error);
  CHECK_NO_ERROR (error);
  REQUIRE (loaded != NULL);
  CHECK_CMP_UINT (check_same_scores (game, loaded, &exact), ==, length);
  CHECK_CMP_UINT (exact, >=, 5);
  CHECK (verso_game_get_reviewed (loaded));

  again = review_game (loaded);
  CHECK_CMP_UINT (again.total, ==, length);
  CHECK_CMP_UINT (again.first_done, ==, length);
  check_temp_remove (path);
}

/* A short game whose first two positions have an analysis in the store. */
static VersoGame *analysed_opening (void)
{
  VersoGame *game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  const VersoRecord *record = verso_game_get_record (game);

  for (guint ply = 0; ply < 2; ply++) {
    const Board *board = &verso_record_get_position (record, ply)->board;
    Analysis analysis = { 0 };

    for (uint64_t legal = board_legal_moves (board); legal; legal &= legal - 1) {
      AnalysisMove *move = &analysis.moves[analysis.count++];
      *move = (AnalysisMove) { .move = __builtin_ctzll (legal), .score = analysis.count - 2, .depth = 6 };
    }
    CHECK (verso_analysis_store_merge (game->analysis->store, board, &analysis));
    CHECK (verso_game_play (game, __builtin_ctzll (verso_game_get_legal_moves (game)), NULL));
  }
  /* Black to move: the computer, white, waits. */
  verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_COMPUTER);
  return game;
}

/* text with from (which it must hold) replaced by to, once. */
static char *replace_once (const char *text, const char *from, const char *to)
{
  g_auto (GStrv) parts = NULL;

  REQUIRE (strstr (text, from) != NULL, "%s holds %s", text, from);
  parts = g_strsplit (text, from, 2);
  return g_strjoin (to, parts[0], parts[1], NULL);
}

/* The saved text of game, with from (which it must hold) replaced by to. */
static char *damaged_save (VersoGame *game, const char *path, const char *from, const char *to)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  CHECK (verso_game_save (game, path, &error));
  CHECK_NO_ERROR (error);
  CHECK (g_file_get_contents (path, &text, NULL, NULL));
  return replace_once (text, from, to);
}

/* The game loaded from its save damaged (from replaced by to), which must load with message
 * logged and its moves as expected_moves. */
static VersoGame *load_damaged (VersoGame *game, const char *path, const char *from, const char *to,
                                const char *message, const char *expected_moves)
{
  g_autofree char *text = damaged_save (game, path, from, to);
  g_autoptr (GError) error = NULL;
  g_autofree char *loaded_moves = NULL;
  VersoGame *loaded;

  CHECK (g_file_set_contents (path, text, -1, NULL));
  check_expect_message ("Verso", G_LOG_LEVEL_MESSAGE, message);
  loaded = verso_game_load (path, &error);
  CHECK_EXPECTED_MESSAGES ();
  CHECK_NO_ERROR (error);
  REQUIRE (loaded != NULL, "damage %s", to);
  loaded_moves = verso_game_get_transcript (loaded);
  CHECK_CMP_STR (loaded_moves, ==, expected_moves);
  return loaded;
}

/* Damage in the analysis part costs the analysis, never the game: the moves, the position shown
 * and the players load, and a message names the key and what was wrong. */
static void test_damaged_analysis_keeps_the_game (void)
{
  g_autoptr (VersoGame) game = analysed_opening ();
  g_autofree char *path = check_temp_file ("game.ini");
  g_autofree char *moves = verso_game_get_transcript (game);
  static const struct {
    const char *from, *to, *message;
  } damage[] = {
    /* A value of the analysis: the key and the entry at fault are named. */
    { ":6;", ":6x;", "*dropped: [Verso Analysis] Position1: entry * the depth “6x” is not*" },
    { "Position2=", "Position2=X", "*dropped: [Verso Analysis] Position2: the board: *" },
    { "Position2=", "Colour=3\nPosition2=", "*dropped: [Verso Analysis] Colour is not a key*" },
    /* The analysis is no key file any more: the text before it is read alone. */
    { "Position2=", "no equals sign\nPosition2=", "*dropped: *line*no equals sign*" },
    { "Position2=", "Reviewed=yes\nPosition2=", "*dropped: [Verso Analysis] Reviewed is not true or false: “yes”*" },
    { "Position2=", "Position2=\xff", "*dropped: [Verso Analysis] Position2: the board: *" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (damage); i++) {
    g_autoptr (VersoGame) loaded = load_damaged (game, path, damage[i].from, damage[i].to,
                                                 damage[i].message, moves);

    CHECK_CMP_UINT (verso_game_get_ply (loaded), ==, 2);
    CHECK_CMP_INT (verso_game_get_player (loaded, VERSO_COLOR_WHITE), ==, VERSO_PLAYER_COMPUTER);
    /* The scores of book moves come from the book: the analysis is what was dropped. */
    CHECK (!verso_game_get_analysis (loaded, 0) && !verso_game_get_analysis (loaded, 1));
    verso_game_stop_computer (loaded);
  }
  /* Undamaged, the same file has both scores. */
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *text = damaged_save (game, path, "Position1=", "Position1=");
    g_autoptr (VersoGame) loaded = verso_game_load (path, &error);

    CHECK_NO_ERROR (error);
    REQUIRE (loaded != NULL);
    CHECK (verso_game_get_analysis (loaded, 0) && verso_game_get_analysis (loaded, 1));
    CHECK (!verso_game_get_reviewed (loaded));
    CHECK (strstr (text, "Reviewed") == NULL);
    verso_game_stop_computer (loaded);
  }
  /* Damage before the analysis is the game's: the file is refused as before. */
  {
    g_autofree char *text = damaged_save (game, path, "[Verso Analysis]", "no equals sign\n[Verso Analysis]");
    g_autoptr (GError) error = NULL;
    g_autoptr (VersoGame) loaded = NULL;

    CHECK (g_file_set_contents (path, text, -1, NULL));
    loaded = verso_game_load (path, &error);
    CHECK (loaded == NULL);
    CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
  }
  check_temp_remove (path);
}

static void play_moves (VersoGame *game, const char *transcript)
{
  for (size_t i = 0; transcript[i]; i += 2)
    CHECK (verso_game_play (game, board_square (transcript[i] - 'a', transcript[i + 1] - '1'), NULL),
           "%s at %zu", transcript, i);
}

/* An analysis of position in the store: each legal move a different score, so grades differ. */
static void analyse_position (const Position *position, gpointer user_data)
{
  VersoAnalysisStore *store = user_data;
  Analysis analysis = { 0 };

  for (uint64_t legal = board_legal_moves (&position->board); legal; legal &= legal - 1) {
    AnalysisMove *move = &analysis.moves[analysis.count++];
    *move = (AnalysisMove) { .move = __builtin_ctzll (legal), .score = 2 - 3 * analysis.count, .depth = 5 };
  }
  if (analysis.count > 0)
    CHECK (verso_analysis_store_merge (store, &position->board, &analysis));
}

/* A game between two people with a variation at ply 2 (f6 for d6) and one at ply 3 (c5 for c3),
 * every position of every line analysed, shown at ply 3 of the line f5 d6 c5 f4. */
static VersoGame *game_with_variations (void)
{
  VersoGame *game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);

  play_moves (game, "f5d6c3d3c4f4");
  verso_game_go_to (game, 2);
  play_moves (game, "c5f4");
  verso_game_go_to (game, 1);
  play_moves (game, "f6e6");
  verso_record_foreach_position (verso_game_get_record (game), analyse_position, game->analysis->store);
  verso_game_enter_variation (game, 2, 0);
  verso_game_enter_variation (game, 3, 1);
  REQUIRE (verso_game_get_ply (game) == 3 && verso_game_get_length (game) == 4);
  return game;
}

/* The two games show the same line at the same ply, with the same branches at each ply and the
 * same score and grade for each move; returns the moves scored. */
static guint check_same_line (VersoGame *game, VersoGame *loaded)
{
  g_autofree char *moves = verso_game_get_transcript (game);
  g_autofree char *loaded_moves = verso_game_get_transcript (loaded);
  guint known = 0;

  CHECK_CMP_STR (loaded_moves, ==, moves);
  CHECK_CMP_UINT (verso_game_get_ply (loaded), ==, verso_game_get_ply (game));
  REQUIRE (verso_game_get_length (loaded) == verso_game_get_length (game));
  for (guint ply = 1; ply <= verso_game_get_length (game); ply++) {
    VersoMoveScore a = verso_game_get_move_score (game, ply);
    VersoMoveScore b = verso_game_get_move_score (loaded, ply);

    CHECK_CMP_INT (verso_record_get_move (verso_game_get_record (loaded), ply), ==,
                   verso_record_get_move (verso_game_get_record (game), ply));
    CHECK_CMP_UINT (verso_game_count_variations (loaded, ply), ==, verso_game_count_variations (game, ply));
    CHECK_CMP_UINT (verso_game_get_variation (loaded, ply), ==, verso_game_get_variation (game, ply));
    CHECK (a.known == b.known && a.score == b.score && a.grade == b.grade && a.loss == b.loss,
           "ply %u", ply);
    known += a.known;
  }
  return known;
}

/* A game with two variations, shown inside one, saved and loaded: the same tree, line, position,
 * modified flag, and the scores and grades of every line, the variations' too. */
static void test_variations_survive_a_restart (void)
{
  g_autoptr (VersoGame) game = game_with_variations ();
  g_autofree char *path = check_temp_file ("game.ini");
  g_autofree char *tree = verso_sgf_write_record (verso_game_get_record (game));

  for (int modified = 0; modified <= 1; modified++) {
    g_autoptr (GError) error = NULL;
    g_autoptr (VersoGame) loaded = NULL;
    g_autofree char *loaded_tree = NULL;
    static const guint lines[][2] = { { 2, 1 }, { 2, 0 }, { 3, 0 } };

    verso_game_set_modified (game, modified);
    CHECK (verso_game_save (game, path, &error));
    CHECK_NO_ERROR (error);
    loaded = verso_game_load (path, &error);
    CHECK_NO_ERROR (error);
    REQUIRE (loaded != NULL);
    loaded_tree = verso_sgf_write_record (verso_game_get_record (loaded));
    CHECK_CMP_STR (loaded_tree, ==, tree);
    CHECK (verso_game_get_modified (loaded) == modified);
    CHECK (verso_game_get_paused (loaded) == verso_game_get_paused (game));
    CHECK_CMP_UINT (verso_game_get_variation_ply (loaded), ==, 3);
    CHECK_CMP_UINT (check_same_line (game, loaded), ==, 4);
    /* Each other line: f5 f6 e6, then the main line f5 d6 c3 d3 c4 f4. */
    for (guint i = 0; i < G_N_ELEMENTS (lines); i++) {
      verso_game_enter_variation (game, lines[i][0], lines[i][1]);
      verso_game_enter_variation (loaded, lines[i][0], lines[i][1]);
      CHECK_CMP_UINT (check_same_line (game, loaded), ==, verso_game_get_length (game));
    }
    verso_game_enter_variation (game, 2, 0);
    verso_game_enter_variation (game, 3, 1);
  }
  check_temp_remove (path);
}

/* Damage in the tree costs the variations, never the game: it loads from Moves, shown where it
 * was, and a message names what was wrong. */
static void test_damaged_tree_keeps_the_moves (void)
{
  g_autoptr (VersoGame) game = game_with_variations ();
  g_autofree char *path = check_temp_file ("game.ini");
  static const struct {
    const char *from, *to, *message, *moves;
  } damage[] = {
    { "Tree=(;", "Tree=;", "*variations*dropped: Tree: line 1, column 1: expected a node (;)*", "f5d6c5" },
    { ";B[f5]", ";B[f5])", "*variations*dropped: Tree: *unexpected text after the record*", "f5d6c5" },
    { ")\nShown=", "\nShown=", "*variations*dropped: Tree: the record is not closed*", "f5d6c5" },
    { ";B[f5]", ";B[a1]", "*variations*dropped: Tree: *move 1 (a1) is not legal*", "f5d6c5" },
    { "Tree=(;", "Tree=\\(;", "*variations*dropped: Tree: The value of Tree holds an escape sequence*", "f5d6c5" },
    /* The line shown is not one of the tree's to its end: f4 follows c5 there. */
    { "Moves=f5d6c5f4\n", "Moves=f5d6c5\n", "*variations*dropped: Tree: it has no line of the moves (Moves)*", "f5d6c5" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (damage); i++) {
    g_autoptr (VersoGame) loaded = load_damaged (game, path, damage[i].from, damage[i].to,
                                                 damage[i].message, damage[i].moves);

    CHECK_CMP_UINT (verso_game_get_ply (loaded), ==, 3);
    CHECK (!verso_game_has_variations (loaded));
    /* The analysis, written after, is kept. */
    CHECK (verso_game_get_move_score (loaded, 3).known);
  }
  /* A tree from another start than the game's (Start): the game keeps its own. */
  {
    const Position *after_f5 = verso_record_get_position (verso_game_get_record (game), 1);
    g_autofree char *start = verso_board_write (after_f5);
    g_autofree char *to = g_strdup_printf ("Start=%s\nMoves=d6c5f4\n", start);
    g_autofree char *text = damaged_save (game, path, "Moves=f5d6c5f4\n", to);
    g_autofree char *both = replace_once (text, "Shown=3", "Shown=2");
    g_autoptr (VersoGame) loaded = NULL;
    g_autoptr (GError) error = NULL;
    g_autofree char *loaded_moves = NULL;

    CHECK (g_file_set_contents (path, both, -1, NULL));
    check_expect_message ("Verso", G_LOG_LEVEL_MESSAGE, "*variations*dropped: Tree: its start is not the one of the game (Start)*");
    loaded = verso_game_load (path, &error);
    CHECK_EXPECTED_MESSAGES ();
    CHECK_NO_ERROR (error);
    REQUIRE (loaded != NULL);
    loaded_moves = verso_game_get_transcript (loaded);
    CHECK_CMP_STR (loaded_moves, ==, "d6c5");
    CHECK (!verso_game_has_variations (loaded));
  }
  check_temp_remove (path);
}

/* A position chosen from an OBF file comes back with the scores the file listed for its moves, and
 * a damaged line costs those scores, never the game. */
static void test_listed_scores_survive_a_restart (void)
{
  static const char obf[] = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; "
                            "G8:+18; H1:+12; A2:-6;";
  g_autoptr (VersoGame) game = game_read (obf, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER, NULL);
  g_autofree char *path = check_temp_file ("game.ini");
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) loaded = NULL;
  const NotationScoredMove *listed;
  gsize n_moves = 0;

  CHECK (verso_game_save (game, path, &error));
  CHECK_NO_ERROR (error);
  loaded = verso_game_load (path, &error);
  CHECK_NO_ERROR (error);
  REQUIRE (loaded != NULL);
  listed = verso_game_get_listed_scores (loaded, &n_moves);
  REQUIRE (listed != NULL);
  CHECK_CMP_UINT (n_moves, ==, 3);
  CHECK_CMP_INT (listed[0].move, ==, square ("g8"));
  CHECK_CMP_INT (listed[0].score, ==, 18);
  CHECK_CMP_INT (listed[2].move, ==, square ("a2"));
  CHECK_CMP_INT (listed[2].score, ==, -6);
  g_clear_object (&loaded);

  loaded = load_damaged (game, path, "G8:+18", "G8:+99", "*listed scores*dropped: Listed*", "");
  CHECK (verso_game_get_listed_scores (loaded, &n_moves) == NULL);
  check_temp_remove (path);
}

/* A game played here keeps the time it began across a restart: its GGF date (what makes it the
 * same game to the library however often it is kept) is the saved one; a damaged one is dropped
 * with a message, the game loaded. */
static void test_start_survives_a_restart (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER);
  g_autofree char *path = check_temp_file ("game.ini");
  g_autoptr (GKeyFile) file = g_key_file_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL, *from = NULL, *text = NULL, *ggf = NULL;
  static const char *const damaged[] = { "Started=-1", "Started=253402300800", "Started=soon" };
  VersoGame *loaded;

  play_transcript (game, "f5d6c3");
  CHECK (verso_game_save (game, path, &error));
  CHECK_NO_ERROR (error);
  CHECK (g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL));
  saved = g_key_file_get_value (file, "Verso Game", "Started", NULL);
  REQUIRE (saved != NULL, "the session has no Started key");
  from = g_strdup_printf ("Started=%s\n", saved);

  /* 1,000,000,000 seconds after 1970 began: 2001-09-09 01:46:40 UTC. */
  text = damaged_save (game, path, from, "Started=1000000000\n");
  CHECK (g_file_set_contents (path, text, -1, NULL));
  loaded = verso_game_load (path, &error);
  CHECK_NO_ERROR (error);
  REQUIRE (loaded != NULL);
  ggf = verso_ggf_write (loaded);
  CHECK (strstr (ggf, "DT[2001.09.09_01:46:40.UTC]") != NULL, "%s", ggf);
  g_object_unref (loaded);
  for (gsize i = 0; i < G_N_ELEMENTS (damaged); i++) {
    g_autofree char *to = g_strconcat (damaged[i], "\n", NULL);

    loaded = load_damaged (game, path, from, to, "*start of the saved game*dropped: Started*", "f5d6c3");
    g_object_unref (loaded);
  }
  check_temp_remove (path);
}

/* A session saved before the analysis was kept loads as before, and one saved without any score
 * has no analysis part. */
static void test_old_session_loads (void)
{
  g_autofree char *path = check_temp_file ("game.ini");
  g_autofree char *old = g_strdup_printf ("[Verso Game]\nVersion=1\nBlack=human\nWhite=computer\n"
                                          "Level=%s\nMoves=f5d6c3\nShown=3\n",
                                          level_get (LEVEL_BEGINNER)->id);
  g_autoptr (GError) error = NULL;
  g_autoptr (VersoGame) loaded = NULL;
  g_autofree char *moves = NULL;
  g_autofree char *saved = NULL;

  CHECK (g_file_set_contents (path, old, -1, NULL));
  loaded = verso_game_load (path, &error);
  CHECK_NO_ERROR (error);
  REQUIRE (loaded != NULL);
  moves = verso_game_get_transcript (loaded);
  CHECK_CMP_STR (moves, ==, "f5d6c3");
  CHECK (!verso_game_get_analysis (loaded, 2));
  CHECK (verso_game_save (loaded, path, &error));
  CHECK (g_file_get_contents (path, &saved, NULL, NULL));
  CHECK (strstr (saved, "[Verso Analysis]") == NULL);
  /* Without variations there is no tree: the file is the one older versions read. */
  CHECK (strstr (saved, "Tree=") == NULL);
  verso_game_stop_computer (loaded);
  check_temp_remove (path);
}

int main (int argc, char **argv)
{
  check_glib_init ();
  check_run ("/game-session/analysis-survives-a-restart", test_analysis_survives_a_restart);
  check_run ("/game-session/damaged-analysis-keeps-the-game", test_damaged_analysis_keeps_the_game);
  check_run ("/game-session/variations-survive-a-restart", test_variations_survive_a_restart);
  check_run ("/game-session/damaged-tree-keeps-the-moves", test_damaged_tree_keeps_the_moves);
  check_run ("/game-session/listed-scores-survive-a-restart", test_listed_scores_survive_a_restart);
  check_run ("/game-session/start-survives-a-restart", test_start_survives_a_restart);
  check_run ("/game-session/old-session-loads", test_old_session_loads);
  return check_finish ();
}
