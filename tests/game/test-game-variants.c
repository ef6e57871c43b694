/* test-game-variants.c: the game model's variants and computer settings (issue 13): Reverse
 * rules in the winner and the computer's choices, balanced starts as given moves, rules and
 * given moves in files, a level for each colour, and pausing the computer. Small endgames only,
 * so valgrind can run it. */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "check-glib.h"
#include "game-test.h"
#include "notation.h"
#include "start.h"
#include "test-main-loop.h"
#include "random-game.h"
#include "verso-game.h"
#include "verso-game-files.h"

/* The endgames below are this short: an exact solve in the test takes no time. */
#define SOLVE_EMPTIES 8

static void count_notify (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  (*(int *) user_data)++;
}

/* A game made from a position under rules (a board string carries no rules). */
static VersoGame *game_from_position (const Position *position, VersoPlayer black,
                                      VersoPlayer white, LevelId level, Rules rules)
{
  char text[NOTATION_BOARD_SIZE];
  g_autoptr (GError) error = NULL;
  VersoGame *game;

  notation_format_board (position, text);
  game = verso_game_new_from_text_with_rules (text, strlen (text), black, white, level, rules,
                                              NULL, &error);
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (verso_game_get_rules (game), ==, rules);
  return game;
}

/* Reverse: the fewest discs win. */

static void test_reverse_winner_has_fewer_discs (void)
{
  /* A full board, black 20 discs, white 44: over at once. */
  Position position = { .side_to_move = POSITION_BLACK };
  g_autoptr (VersoGame) standard = NULL;
  g_autoptr (VersoGame) reverse = NULL;

  position.board.player = 0xFFFFF;              /* black: the first 20 squares */
  position.board.opponent = ~position.board.player;
  standard = game_from_position (&position, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                 LEVEL_BEGINNER, RULES_STANDARD);
  reverse = game_from_position (&position, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                LEVEL_BEGINNER, RULES_REVERSE);
  CHECK (verso_game_is_over (reverse));
  CHECK_CMP_INT (verso_game_get_winner (standard), ==, VERSO_COLOR_WHITE);
  CHECK_CMP_INT (verso_game_get_winner (reverse), ==, VERSO_COLOR_BLACK);
  CHECK_CMP_INT (verso_game_get_final_score (standard, VERSO_COLOR_BLACK), ==, -24);
  CHECK_CMP_INT (verso_game_get_final_score (reverse, VERSO_COLOR_BLACK), ==, 24);
  CHECK_CMP_INT (verso_game_get_final_score (reverse, VERSO_COLOR_WHITE), ==, -24);

  /* Empty squares go to the winner: black 3 discs, white 1, 60 empties, no move left. */
  position.board.player = board_bit (square ("a1")) | board_bit (square ("c1")) | board_bit (square ("e1"));
  position.board.opponent = board_bit (square ("h8"));
  g_clear_object (&reverse);
  reverse = game_from_position (&position, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                LEVEL_BEGINNER, RULES_REVERSE);
  CHECK (verso_game_is_over (reverse));
  CHECK_CMP_INT (verso_game_get_winner (reverse), ==, VERSO_COLOR_WHITE);
  CHECK_CMP_INT (verso_game_get_final_score (reverse, VERSO_COLOR_WHITE), ==, 62);
}

/* The exact final score of board for its side to move under rules, by plain alpha-beta: the
 * test's own solve, independent of the engine's search. */
static int solve (const Board *board, Rules rules, int alpha, int beta)
{
  uint64_t moves = board_legal_moves (board);

  if (!moves) {
    Board passed = *board;
    board_pass (&passed);
    if (!board_legal_moves (&passed))
      return rules_final_score (rules, board_final_score (board));
    return -solve (&passed, rules, -beta, -alpha);
  }
  for (; moves; moves &= moves - 1) {
    Board next = *board;
    int score;
    board_play (&next, __builtin_ctzll (moves));
    score = -solve (&next, rules, -beta, -alpha);
    if (score > alpha)
      alpha = score;
    if (alpha >= beta)
      break;
  }
  return alpha;
}

/* The moves of board that reach the best exact score under rules, and that score. */
static uint64_t best_moves (const Board *board, Rules rules, int *best)
{
  uint64_t moves = board_legal_moves (board), bests = 0;

  *best = -65;
  for (; moves; moves &= moves - 1) {
    Board next = *board;
    int square = __builtin_ctzll (moves), score;
    board_play (&next, square);
    score = -solve (&next, rules, -64, 64);
    if (score > *best) {
      *best = score;
      bests = 0;
    }
    if (score == *best)
      bests |= board_bit (square);
  }
  return bests;
}

/* An endgame from a fixed random game where no best move of standard Reversi is a best move of
 * Reverse, so a computer playing one is told from one playing the other. */
static Position reverse_endgame (uint64_t *reverse_best, uint64_t *standard_best, int *reverse_score)
{
  uint64_t state = 1302;
  int standard_score;

  for (int tries = 0;; tries++) {
    Position position = { .side_to_move = POSITION_BLACK };
    REQUIRE (tries < 200, "no position whose best moves differ under each rule in 200 tries");
    if (!random_game_position (&state, SOLVE_EMPTIES, &position.board)
        || board_count (board_legal_moves (&position.board)) < 2)
      continue;
    *reverse_best = best_moves (&position.board, RULES_REVERSE, reverse_score);
    *standard_best = best_moves (&position.board, RULES_STANDARD, &standard_score);
    if ((*reverse_best & *standard_best) == 0)
      return position;
  }
}

static gboolean has_moved (gpointer data)
{
  return verso_game_get_length (data) > 0 && !verso_game_get_thinking (data);
}

/* The move the computer plays for black at level under rules. */
static int computer_move (const Position *position, Rules rules)
{
  g_autoptr (VersoGame) game = game_from_position (position, VERSO_PLAYER_COMPUTER,
                                                   VERSO_PLAYER_HUMAN, LEVEL_ADVANCED, rules);

  verso_game_set_move_delay (game, 0);
  verso_game_start_computer (game);
  CHECK (wait_for (has_moved, game, 30));
  return verso_record_get_move (verso_game_get_record (game), 1);
}

static void test_computer_plays_reverse_moves (void)
{
  uint64_t reverse_best, standard_best;
  int reverse_score;
  Position position = reverse_endgame (&reverse_best, &standard_best, &reverse_score);
  int move;

  /* Advanced solves the last 14 empties exactly: its move is a best one of the rules. */
  move = computer_move (&position, RULES_REVERSE);
  CHECK (reverse_best & board_bit (move));
  move = computer_move (&position, RULES_STANDARD);
  CHECK (standard_best & board_bit (move));
}

static void hint_ready (GObject *source, GAsyncResult *result, gpointer user_data)
{
  int *answer = user_data;
  g_autoptr (GError) error = NULL;
  gboolean exact = FALSE;

  answer[0] = verso_game_hint_finish (VERSO_GAME (source), result, &answer[1], &exact, &error);
  CHECK_NO_ERROR (error);
  CHECK (exact);
}

static gboolean hint_answered (gpointer data)
{
  return ((int *) data)[0] != BOARD_NO_MOVE;
}

/* A hint in a Reverse game is the best Reverse move, scored as Reverse. */
static void test_hint_follows_reverse_rules (void)
{
  uint64_t reverse_best, standard_best;
  int reverse_score;
  Position position = reverse_endgame (&reverse_best, &standard_best, &reverse_score);
  g_autoptr (VersoGame) game = game_from_position (&position, VERSO_PLAYER_HUMAN,
                                                   VERSO_PLAYER_HUMAN, LEVEL_BEGINNER,
                                                   RULES_REVERSE);
  int answer[2] = { BOARD_NO_MOVE, 0 };

  verso_game_hint_async (game, NULL, hint_ready, answer);
  CHECK (wait_for (hint_answered, answer, 30));
  CHECK (reverse_best & board_bit (answer[0]));
  CHECK_CMP_INT (answer[1], ==, reverse_score);
}

/* Balanced starts. */

static VersoGame *balanced_game (guint32 seed, VersoPlayer black, VersoPlayer white)
{
  VersoGameSetup setup = {
    .players = { black, white },
    .levels = { LEVEL_BEGINNER, LEVEL_BEGINNER },
    .rules = RULES_STANDARD,
    .balanced_start = TRUE,
    .seed = seed,
  };
  return verso_game_new_with_setup (&setup);
}

/* The position a transcript reaches from the standard start, reduced over the symmetries. */
static Board canonical_after (const char *transcript)
{
  Position position;
  int moves[64];
  size_t n_moves = 0;
  NotationStatus status;
  Board board;

  position_init (&position);
  status = notation_parse_transcript (transcript, strlen (transcript), &position, moves, 64, &n_moves);
  CHECK_CMP_INT (status.error, ==, NOTATION_OK);
  board = position.board;
  return board_canonical (&board);
}

static void test_balanced_start_is_given (void)
{
  size_t count = balanced_start_count ();
  g_autoptr (VersoGame) game = NULL;
  g_autoptr (VersoGame) again = NULL;
  g_autoptr (VersoGame) other = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *transcript = NULL;
  g_autofree char *transcript_again = NULL;
  g_autofree char *transcript_other = NULL;
  const char *expected;
  int move;

  CHECK_CMP_UINT (count, >, 1);
  game = balanced_game (1000003, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);
  again = balanced_game (1000003, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);
  /* The next seed draws the next opening of the list. */
  other = balanced_game (1000004, VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN);
  expected = balanced_start_get (1000003 % count);

  CHECK_CMP_UINT (verso_game_get_given_moves (game), ==, 8);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 8);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 8);
  /* The listed line, seen under one of the symmetries that keep the start. */
  transcript = verso_game_get_transcript (game);
  {
    Board played = canonical_after (transcript), listed = canonical_after (expected);
    CHECK (played.player == listed.player && played.opponent == listed.opponent);
  }
  transcript_again = verso_game_get_transcript (again);
  CHECK_CMP_STR (transcript_again, ==, transcript);
  transcript_other = verso_game_get_transcript (other);
  {
    Board played = canonical_after (transcript_other);
    Board listed = canonical_after (balanced_start_get (1000004 % count));
    CHECK (played.player == listed.player && played.opponent == listed.opponent);
  }
  CHECK_CMP_STR (transcript_other, !=, transcript);
  CHECK (!verso_game_get_modified (game));

  /* The same line drawn again (seed + count) may begin with any of the four first moves. */
  {
    gboolean first_moves[64] = { FALSE };
    int distinct = 0;
    for (guint32 k = 0; k < 16; k++) {
      g_autoptr (VersoGame) drawn = balanced_game (7 + k * (guint32) count, VERSO_PLAYER_HUMAN,
                                                   VERSO_PLAYER_HUMAN);
      int first = verso_record_get_move (verso_game_get_record (drawn), 1);
      Board played;
      g_autofree char *line = verso_game_get_transcript (drawn);

      played = canonical_after (line);
      {
        Board listed = canonical_after (balanced_start_get (7 % count));
        CHECK (played.player == listed.player && played.opponent == listed.opponent);
      }
      if (!first_moves[first]) {
        first_moves[first] = TRUE;
        distinct++;
      }
    }
    CHECK_CMP_INT (distinct, ==, 4);
  }

  /* Undo stops after the given moves. */
  CHECK (!verso_game_can_undo (game));
  move = __builtin_ctzll (verso_game_get_legal_moves (game));
  CHECK (verso_game_play (game, move, &error));
  CHECK_NO_ERROR (error);
  CHECK (verso_game_can_undo (game));
  verso_game_undo (game);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 8);
  CHECK (!verso_game_can_undo (game));

  /* Seen from inside the start, only its own next move may be played. */
  verso_game_go_to (game, 3);
  move = verso_record_get_move (verso_game_get_record (game), 4);
  {
    uint64_t others = verso_game_get_legal_moves (game) & ~board_bit (move);
    CHECK_CMP_UINT (others, !=, 0);
    CHECK (!verso_game_play (game, __builtin_ctzll (others), &error));
    CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_ILLEGAL_MOVE);
    g_clear_error (&error);
  }
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 9);
  CHECK (verso_game_play (game, move, &error));
  CHECK_NO_ERROR (error);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 9);
}

/* The computer plays whoever is to move after the start, and nothing before. */
static void test_computer_moves_after_balanced_start (void)
{
  g_autoptr (VersoGame) game = balanced_game (7, VERSO_PLAYER_COMPUTER, VERSO_PLAYER_HUMAN);
  g_autofree char *given = verso_game_get_transcript (game);

  verso_game_set_move_delay (game, 0);
  verso_game_start_computer (game);
  CHECK (wait_for ((gboolean (*) (gpointer)) verso_game_is_human_turn, game, 30));
  CHECK_CMP_UINT (verso_game_get_length (game), ==, 9);
  {
    g_autofree char *now = verso_record_get_transcript (verso_game_get_record (game), 8);
    CHECK_CMP_STR (now, ==, given);
  }
}

/* Files: GGF and the saved session keep the rules and the given moves; old ones are standard. */

static void assert_same_variant (VersoGame *copy, VersoGame *game)
{
  g_autofree char *moves = verso_record_get_transcript (verso_game_get_record (game),
                                                        verso_game_get_length (game));
  g_autofree char *copy_moves = verso_record_get_transcript (verso_game_get_record (copy),
                                                             verso_game_get_length (copy));

  CHECK_CMP_INT (verso_game_get_rules (copy), ==, verso_game_get_rules (game));
  CHECK_CMP_UINT (verso_game_get_given_moves (copy), ==, verso_game_get_given_moves (game));
  CHECK_CMP_STR (copy_moves, ==, moves);
}

/* game written as GGF (with TY[8a] and ggf_holds in it) and read back, then saved to path and
 * loaded: both copies are the same variant. Returns the loaded one. */
static VersoGame *assert_variant_round_trips (VersoGame *game, const char *path,
                                              const char *ggf_holds)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);
  REQUIRE (strstr (ggf, "TY[8a]") != NULL);
  REQUIRE (strstr (ggf, ggf_holds) != NULL);
  g_autoptr (VersoGame) from_ggf = verso_game_new_from_text (ggf, strlen (ggf), VERSO_PLAYER_HUMAN,
                                                             VERSO_PLAYER_HUMAN, LEVEL_BEGINNER,
                                                             NULL, &error);
  CHECK_NO_ERROR (error);
  assert_same_variant (from_ggf, game);

  CHECK (verso_game_save (game, path, &error));
  CHECK_NO_ERROR (error);
  VersoGame *loaded = verso_game_load (path, &error);
  CHECK_NO_ERROR (error);
  assert_same_variant (loaded, game);
  return loaded;
}

static void test_files_keep_rules_and_given_moves (void)
{
  VersoGameSetup setup = {
    .players = { VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN },
    .levels = { LEVEL_NOVICE, LEVEL_EXPERT },
    .rules = RULES_REVERSE,
    .balanced_start = TRUE,
    .seed = 42,
  };
  g_autoptr (VersoGame) game = verso_game_new_with_setup (&setup);
  g_autoptr (VersoGame) loaded = NULL;
  g_autoptr (VersoGame) old = NULL;
  g_autoptr (VersoGame) pasted = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("verso-variants-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "session.ini", NULL);
  g_autofree char *transcript = NULL;
  const char *old_ggf = "(;GM[Othello]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- "
                        "-------- -------- -------- *]B[f5]W[d6];)";

  CHECK (verso_game_play (game, __builtin_ctzll (verso_game_get_legal_moves (game)), &error));
  CHECK_NO_ERROR (error);

  loaded = assert_variant_round_trips (game, path, "");
  CHECK_CMP_INT (verso_game_get_level_for (loaded, VERSO_COLOR_BLACK), ==, LEVEL_NOVICE);
  CHECK_CMP_INT (verso_game_get_level_for (loaded, VERSO_COLOR_WHITE), ==, LEVEL_EXPERT);
  CHECK_CMP_UINT (verso_game_get_ply (loaded), ==, 9);
  verso_game_undo (loaded);
  CHECK_CMP_UINT (verso_game_get_ply (loaded), ==, 8);
  CHECK (!verso_game_can_undo (loaded));

  /* A GGF record without TY[8a] and BS is a standard game with nothing given. */
  old = verso_game_new_from_text (old_ggf, strlen (old_ggf), VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_BEGINNER, NULL,
                                  &error);
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (verso_game_get_rules (old), ==, RULES_STANDARD);
  CHECK_CMP_UINT (verso_game_get_given_moves (old), ==, 0);
  CHECK_CMP_UINT (verso_game_get_length (old), ==, 2);

  /* A transcript cannot say the rules: it takes the ones it is pasted under, and gives none. */
  transcript = verso_game_to_text (game, VERSO_FORMAT_TRANSCRIPT);
  pasted = verso_game_new_from_text_with_rules (transcript, strlen (transcript), VERSO_PLAYER_HUMAN,
                                                VERSO_PLAYER_HUMAN, LEVEL_BEGINNER, RULES_REVERSE,
                                                NULL, &error);
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (verso_game_get_rules (pasted), ==, RULES_REVERSE);
  CHECK_CMP_UINT (verso_game_get_given_moves (pasted), ==, 0);

  CHECK_CMP_INT (g_unlink (path), ==, 0);
  CHECK_CMP_INT (g_rmdir (dir), ==, 0);
}

/* A saved session older than the variants, and one with damaged new keys. */
static void test_session_without_variant_keys (void)
{
  g_autofree char *dir = g_dir_make_tmp ("verso-variants-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "session.ini", NULL);
  g_autoptr (VersoGame) old = NULL;
  g_autoptr (GError) error = NULL;
  const char *old_text = "[Verso Game]\nVersion=1\nBlack=human\nWhite=computer\nLevel=expert\n"
                         "Moves=f5d6\nShown=2\n";
  const char *bad[] = { "Rules=anti\n", "GivenMoves=3\n", "GivenMoves=-1\n", "WhiteLevel=godlike\n" };

  CHECK (g_file_set_contents (path, old_text, -1, NULL));
  old = verso_game_load (path, &error);
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (verso_game_get_rules (old), ==, RULES_STANDARD);
  CHECK_CMP_UINT (verso_game_get_given_moves (old), ==, 0);
  CHECK_CMP_INT (verso_game_get_level_for (old, VERSO_COLOR_BLACK), ==, LEVEL_EXPERT);
  CHECK_CMP_INT (verso_game_get_level_for (old, VERSO_COLOR_WHITE), ==, LEVEL_EXPERT);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    g_autofree char *text = g_strconcat (old_text, bad[i], NULL);
    g_autoptr (VersoGame) game = NULL;
    CHECK (g_file_set_contents (path, text, -1, NULL));
    game = verso_game_load (path, &error);
    CHECK (game == NULL);
    CHECK_ERROR (error, VERSO_GAME_ERROR, VERSO_GAME_ERROR_BAD_FILE);
    g_clear_error (&error);
  }
  CHECK_CMP_INT (g_unlink (path), ==, 0);
  CHECK_CMP_INT (g_rmdir (dir), ==, 0);
}

/* A Reverse record with two given moves, read, written and saved. */
static void test_ggf_given_moves_round_trip (void)
{
  const char *text = "(;GM[Othello]TY[8a]BS[2]BO[8 -------- -------- -------- ---O*--- ---*O--- "
                     "-------- -------- -------- *]B[f5]W[d6]B[c3];)";
  g_autofree char *dir = g_dir_make_tmp ("verso-variants-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "session.ini", NULL);
  g_autoptr (VersoGame) game = NULL;
  g_autoptr (VersoGame) loaded = NULL;
  g_autoptr (GError) error = NULL;

  game = verso_game_new_from_text (text, strlen (text), VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN,
                                   LEVEL_BEGINNER, NULL, &error);
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (verso_game_get_rules (game), ==, RULES_REVERSE);
  CHECK_CMP_UINT (verso_game_get_given_moves (game), ==, 2);
  CHECK (verso_game_can_undo (game));
  verso_game_undo (game);
  CHECK_CMP_UINT (verso_game_get_ply (game), ==, 2);
  CHECK (!verso_game_can_undo (game));

  loaded = assert_variant_round_trips (game, path, "BS[2]");
  CHECK_CMP_UINT (verso_game_get_ply (loaded), ==, 2);
  CHECK (!verso_game_can_undo (loaded));
  CHECK_CMP_INT (g_unlink (path), ==, 0);
  CHECK_CMP_INT (g_rmdir (dir), ==, 0);
}

/* A GGF type or balanced start Verso cannot play is refused, saying which. */
static void test_bad_variant_in_ggf_is_named (void)
{
  const char *texts[][2] = {
    { "(;GM[Othello]TY[8x]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- "
      "-------- *]B[f5];)", "TY[8x]" },
    { "(;GM[Othello]BS[5]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- "
      "-------- *]B[f5]W[d6];)", "BS[5]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++) {
    g_autofree char *message = game_read_refused (texts[i][0]);
    CHECK (strstr (message, texts[i][1]), "“%s” does not say “%s”", message, texts[i][1]);
  }
}

/* Levels: one for each colour. */

static void test_level_for_each_colour (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER, LEVEL_CASUAL);
  int level_notified = 0;

  g_signal_connect (game, "notify::level", G_CALLBACK (count_notify), &level_notified);
  CHECK_CMP_INT (verso_game_get_level_for (game, VERSO_COLOR_BLACK), ==, LEVEL_CASUAL);
  CHECK_CMP_INT (verso_game_get_level_for (game, VERSO_COLOR_WHITE), ==, LEVEL_CASUAL);

  verso_game_set_level_for (game, VERSO_COLOR_WHITE, LEVEL_MASTER);
  CHECK_CMP_INT (level_notified, ==, 1);
  CHECK_CMP_INT (verso_game_get_level_for (game, VERSO_COLOR_BLACK), ==, LEVEL_CASUAL);
  CHECK_CMP_INT (verso_game_get_level_for (game, VERSO_COLOR_WHITE), ==, LEVEL_MASTER);
  /* The level of the computer's colour: white here. */
  CHECK_CMP_INT (verso_game_get_level (game), ==, LEVEL_MASTER);
  verso_game_set_level_for (game, VERSO_COLOR_WHITE, LEVEL_MASTER);
  CHECK_CMP_INT (level_notified, ==, 1);

  verso_game_set_level (game, LEVEL_NOVICE);
  CHECK_CMP_INT (level_notified, ==, 2);
  CHECK_CMP_INT (verso_game_get_level_for (game, VERSO_COLOR_BLACK), ==, LEVEL_NOVICE);
  CHECK_CMP_INT (verso_game_get_level_for (game, VERSO_COLOR_WHITE), ==, LEVEL_NOVICE);
}

/* A change of the searching colour's level restarts its search; the other colour's does not. */
static void test_level_change_restarts_only_that_side (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_COMPUTER, VERSO_PLAYER_COMPUTER, LEVEL_MASTER);
  int thinking_notified = 0;

  verso_game_set_move_delay (game, 60 * 1000);
  verso_game_start_computer (game);
  CHECK (verso_game_get_thinking (game));
  g_signal_connect (game, "notify::thinking", G_CALLBACK (count_notify), &thinking_notified);

  verso_game_set_level_for (game, VERSO_COLOR_WHITE, LEVEL_BEGINNER);
  CHECK_CMP_INT (thinking_notified, ==, 0);
  verso_game_set_level_for (game, VERSO_COLOR_BLACK, LEVEL_BEGINNER);
  /* Stopped, then started again. */
  CHECK_CMP_INT (thinking_notified, ==, 2);
  CHECK (verso_game_get_thinking (game));
  verso_game_stop_computer (game);
}

/* The level names of the players in GGF say which level played which colour. */
static void test_ggf_names_each_level (void)
{
  VersoGameSetup setup = {
    .players = { VERSO_PLAYER_COMPUTER, VERSO_PLAYER_COMPUTER },
    .levels = { LEVEL_BEGINNER, LEVEL_MASTER },
    .rules = RULES_STANDARD,
  };
  g_autoptr (VersoGame) game = verso_game_new_with_setup (&setup);
  g_autofree char *ggf = verso_game_to_text (game, VERSO_FORMAT_GGF);

  CHECK_CMP_UINT (verso_game_get_given_moves (game), ==, 0);
  REQUIRE (strstr (ggf, "PB[Verso (Beginner)]") != NULL);
  REQUIRE (strstr (ggf, "PW[Verso (Master)]") != NULL);
}

/* Pause. */

static gboolean longer_than (gpointer data)
{
  VersoGame *game = ((gpointer *) data)[0];
  return verso_game_get_length (game) > GPOINTER_TO_UINT (((gpointer *) data)[1]);
}

static void test_pause_and_resume_computer_game (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_COMPUTER, VERSO_PLAYER_COMPUTER, LEVEL_BEGINNER);
  int paused_notified = 0;
  guint length;

  g_signal_connect (game, "notify::paused", G_CALLBACK (count_notify), &paused_notified);
  verso_game_set_move_delay (game, 150);
  verso_game_start_computer (game);
  CHECK (verso_game_get_thinking (game));
  /* Beginner answers well within the delay: its answer waits for it, and pausing drops it. */
  run_for (0.05);
  length = verso_game_get_length (game);
  verso_game_pause (game);
  CHECK (verso_game_get_paused (game));
  CHECK (!verso_game_get_thinking (game));
  CHECK_CMP_INT (paused_notified, ==, 1);
  verso_game_pause (game);
  CHECK_CMP_INT (paused_notified, ==, 1);
  run_for (0.5);
  CHECK_CMP_UINT (verso_game_get_length (game), ==, length);
  /* Starting the computer does nothing while paused. */
  verso_game_start_computer (game);
  CHECK (!verso_game_get_thinking (game));

  verso_game_resume (game);
  CHECK (!verso_game_get_paused (game));
  CHECK_CMP_INT (paused_notified, ==, 2);
  CHECK (verso_game_get_thinking (game));
  verso_game_set_move_delay (game, 0);
  {
    gpointer data[2] = { game, GUINT_TO_POINTER (length) };
    CHECK (wait_for (longer_than, data, 30));
  }
}

static void test_person_move_ends_pause (void)
{
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_COMPUTER, LEVEL_BEGINNER);
  g_autoptr (GError) error = NULL;
  int paused_notified = 0;

  g_signal_connect (game, "notify::paused", G_CALLBACK (count_notify), &paused_notified);
  verso_game_pause (game);
  CHECK (verso_game_get_paused (game));
  CHECK (verso_game_play (game, square ("f5"), &error));
  CHECK_NO_ERROR (error);
  CHECK (!verso_game_get_paused (game));
  CHECK_CMP_INT (paused_notified, ==, 2);
  /* The computer answers at once. */
  CHECK (verso_game_get_thinking (game));
  verso_game_stop_computer (game);
}

int main (int argc, char **argv)
{
  check_glib_init ();

  check_run ("/game-variants/reverse-winner-has-fewer-discs", test_reverse_winner_has_fewer_discs);
  check_run ("/game-variants/computer-plays-reverse-moves", test_computer_plays_reverse_moves);
  check_run ("/game-variants/hint-follows-reverse-rules", test_hint_follows_reverse_rules);
  check_run ("/game-variants/balanced-start-is-given", test_balanced_start_is_given);
  check_run ("/game-variants/computer-moves-after-balanced-start", test_computer_moves_after_balanced_start);
  check_run ("/game-variants/files-keep-rules-and-given-moves", test_files_keep_rules_and_given_moves);
  check_run ("/game-variants/session-without-variant-keys", test_session_without_variant_keys);
  check_run ("/game-variants/ggf-given-moves-round-trip", test_ggf_given_moves_round_trip);
  check_run ("/game-variants/bad-variant-in-ggf-is-named", test_bad_variant_in_ggf_is_named);
  check_run ("/game-variants/level-for-each-colour", test_level_for_each_colour);
  check_run ("/game-variants/level-change-restarts-only-that-side", test_level_change_restarts_only_that_side);
  check_run ("/game-variants/ggf-names-each-level", test_ggf_names_each_level);
  check_run ("/game-variants/pause-and-resume-computer-game", test_pause_and_resume_computer_game);
  check_run ("/game-variants/person-move-ends-pause", test_person_move_ends_pause);
  return check_finish ();
}
