/* test-deck.c: the practice deck (verso-deck.c): a real game against the computer where the
 * coach grades the person's move a mistake makes a card (once per position), the schedule of
 * answers on a clock the test sets, the statistics, the file read back, and damaged files kept
 * aside and warned about. */
#include <glib.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "check-glib.h"
#include "user-file.h"
#include "game-test.h"
#include "notation.h"
#include "test-main-loop.h"
#include "verso-profile.h"
#include "verso-game-private.h"

/* 2026-03-02 12:00 UTC: the tests' clock. */
#define T0 ((gint64) 1772452800)
#define DAY ((gint64) VERSO_DECK_DAY)

typedef UserFile Fixture;

static void fixture_set_up (Fixture *fixture, gconstpointer unused)
{
  user_file_set_up (fixture, "practice.ini");
}

static void fixture_tear_down (Fixture *fixture, gconstpointer unused)
{
  user_file_tear_down (fixture);
}

/* A card of the standard start (black to move: d3 c4 f5 e6) with made-up scores: d3 best (0),
 * f5 loses 2, c4 3, e6 8; the person played e6. */
static char *start_card_text (void)
{
  Position start;
  char board[NOTATION_BOARD_SIZE];

  position_init (&start);
  notation_format_board (&start, board);
  return g_strdup_printf ("[%s]\nplayed=e6\nscores=d3:0;c4:-3;f5:-2;e6:-8\nline=d3c3\n"
                          "joined=%" G_GINT64_FORMAT "\ndue=%" G_GINT64_FORMAT "\ninterval=0\n"
                          "successes=0\nmisses=0\nanswers=\n", board, T0, T0);
}

static Position start_position (void)
{
  Position start;

  position_init (&start);
  return start;
}

/* Joining, on a real game. */

static gboolean scores_known (gpointer data)
{
  const Analysis *scores = verso_game_get_scores (VERSO_GAME (data));
  return scores && scores->depth >= 4;
}

static gboolean first_move_scored (gpointer data)
{
  return verso_game_get_move_score (VERSO_GAME (data), 1).known;
}

/* A game from a position of a tournament game (midgame.obf line 4) where the person to move plays
 * the move the scores shown think worst, graded by the coach; the computer plays the other
 * colour when against_computer. */
static VersoGame *game_with_a_mistake (gboolean against_computer)
{
  Position start = data_position ("midgame.obf", 4);
  VersoPlayer other = against_computer ? VERSO_PLAYER_COMPUTER : VERSO_PLAYER_HUMAN;
  VersoGame *game = verso_game_new_from_position (start.side_to_move == POSITION_BLACK ? VERSO_PLAYER_HUMAN : other,
                                                  start.side_to_move == POSITION_BLACK ? other : VERSO_PLAYER_HUMAN,
                                                  LEVEL_BEGINNER, &start);
  const Analysis *scores;
  const AnalysisMove *worst = NULL;

  verso_game_set_move_delay (game, 0);
  verso_game_set_analysis_limits (game, 4, 12, 0);
  verso_game_set_show_scores (game, TRUE);
  REQUIRE (wait_for (scores_known, game, 120));
  scores = verso_game_get_scores (game);
  for (int i = 0; i < scores->count; i++)
    if (!worst || scores->moves[i].score < worst->score)
      worst = &scores->moves[i];
  verso_game_set_show_scores (game, FALSE);
  verso_game_set_coach (game, TRUE);
  CHECK (verso_game_play (game, worst->move, NULL));
  REQUIRE (wait_for (first_move_scored, game, 120));
  return game;
}

static void test_mistake_joins_once (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoGame) game = game_with_a_mistake (TRUE);
  /* Through the profile, whose deck it is: it says "changed" when the deck changes. */
  g_autofree char *folder = g_path_get_dirname (fixture->path);
  g_autoptr (VersoProfile) profile = verso_profile_new (folder);
  VersoDeck *deck = verso_profile_get_deck (profile);
  g_autoptr (VersoDeck) again = NULL;
  g_autoptr (GError) error = NULL;
  VersoMoveScore score = verso_game_get_move_score (game, 1);
  const Position *before = verso_record_get_position (verso_game_get_record (game), 0);
  const VersoDeckCard *card;
  int changed = 0;

  check_note ("the person's move lost %d discs (%s)", score.loss, verso_grade_get_name (score.grade));
  REQUIRE (score.grade >= VERSO_GRADE_MISTAKE);
  g_signal_connect_swapped (profile, "changed", G_CALLBACK (g_atomic_int_inc), &changed);
  CHECK_CMP_INT (verso_profile_add_mistake (profile, game, 1, T0, &error), ==, VERSO_DECK_ADDED);
  CHECK_NO_ERROR (error);
  CHECK_CMP_INT (changed, ==, 1);
  REQUIRE (verso_deck_get_size (deck) == 1);
  card = verso_deck_get_card (deck, 0);
  CHECK (board_equal (&card->position.board, &before->board));
  CHECK_CMP_INT (card->position.side_to_move, ==, before->side_to_move);
  CHECK_CMP_INT (card->played, ==, verso_record_get_move (verso_game_get_record (game), 1));
  CHECK_CMP_INT (card->best, ==, score.best_move);
  CHECK_CMP_INT (verso_deck_card_loss (card, card->played), ==, score.loss);
  CHECK_CMP_INT (verso_deck_card_loss (card, card->best), ==, 0);
  CHECK_CMP_INT (card->n_moves, ==, board_count (board_legal_moves (&before->board)));
  CHECK_CMP_INT (card->line_length, >=, 1);
  CHECK_CMP_INT (card->line[0], ==, card->best);
  CHECK_CMP_INT (card->due, ==, T0);
  CHECK (verso_deck_next_due (deck, T0) == card);

  /* The same position again is the same card; the computer's reply never joins. */
  CHECK_CMP_INT (verso_profile_add_mistake (profile, game, 1, T0 + 60, &error), ==, VERSO_DECK_UNCHANGED);
  CHECK_CMP_INT (changed, ==, 1);
  if (verso_game_get_length (game) >= 2)
    CHECK_CMP_INT (verso_deck_add_move (deck, game, 2, T0, &error), ==, VERSO_DECK_UNCHANGED);
  CHECK_CMP_UINT (verso_deck_get_size (deck), ==, 1);

  /* Practised, then made again in a game: updated, due at once, its schedule restarted. */
  CHECK_CMP_INT (verso_profile_answer_card (profile, &card->position, card->best, T0 + 100, &error), ==, 0);
  CHECK_CMP_INT (card->due, ==, T0 + 100 + DAY);
  CHECK_CMP_INT (verso_profile_add_mistake (profile, game, 1, T0 + 200, &error), ==, VERSO_DECK_UPDATED);
  CHECK_CMP_INT (changed, ==, 3);
  CHECK_CMP_UINT (verso_deck_get_size (deck), ==, 1);
  CHECK_CMP_INT (card->due, ==, T0 + 200);
  CHECK_CMP_INT (card->interval, ==, 0);
  CHECK_CMP_UINT (card->answers->len, ==, 1);

  /* Read back the same. */
  again = verso_deck_new (fixture->path);
  REQUIRE (verso_deck_get_size (again) == 1);
  {
    const VersoDeckCard *read = verso_deck_get_card (again, 0);
    CHECK (board_equal (&read->position.board, &card->position.board));
    CHECK_CMP_INT (read->played, ==, card->played);
    CHECK_CMP_INT (read->best, ==, card->best);
    CHECK_CMP_INT (read->n_moves, ==, card->n_moves);
    CHECK_CMP_INT (memcmp (read->scores, card->scores, sizeof read->scores), ==, 0);
    CHECK_CMP_INT (read->line_length, ==, card->line_length);
    CHECK_CMP_INT (memcmp (read->line, card->line, sizeof read->line), ==, 0);
    CHECK_CMP_INT (read->due, ==, card->due);
    CHECK_CMP_UINT (read->answers->len, ==, 1);
  }
  CHECK (!verso_deck_was_damaged (again));
}

static void test_two_players_do_not_join (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoGame) game = game_with_a_mistake (FALSE);
  g_autoptr (VersoDeck) deck = verso_deck_new (fixture->path);

  REQUIRE (verso_game_get_move_score (game, 1).grade >= VERSO_GRADE_MISTAKE);
  CHECK_CMP_INT (verso_deck_add_move (deck, game, 1, T0, NULL), ==, VERSO_DECK_UNCHANGED);
  CHECK_CMP_UINT (verso_deck_get_size (deck), ==, 0);
  CHECK (!g_file_test (fixture->path, G_FILE_TEST_EXISTS));
}

/* The schedule. */

static void test_schedule (Fixture *fixture, gconstpointer unused)
{
  g_autofree char *text = start_card_text ();
  g_autoptr (VersoDeck) deck = NULL;
  Position start = start_position ();
  const VersoDeckCard *card;
  static const int days[] = { 1, 3, 7, 16, 35, 70 };
  gint64 now = T0;

  user_file_write (fixture, text, -1);
  deck = verso_deck_new (fixture->path);
  REQUIRE (verso_deck_get_size (deck) == 1);
  card = verso_deck_get_card (deck, 0);
  CHECK_CMP_INT (card->best, ==, square ("d3"));
  CHECK_CMP_INT (verso_deck_card_loss (card, card->played), ==, 8);

  /* Not a legal move: nothing recorded. */
  CHECK_CMP_INT (verso_deck_answer (deck, &start, square ("a1"), now, NULL), ==, -1);
  CHECK_CMP_UINT (card->answers->len, ==, 0);

  /* A miss (3 discs) comes back in ten minutes. */
  CHECK_CMP_INT (verso_deck_answer (deck, &start, square ("c4"), now, NULL), ==, 3);
  CHECK_CMP_INT (card->due, ==, now + VERSO_DECK_RETRY_SECONDS);
  CHECK_CMP_UINT (card->misses, ==, 1);
  CHECK (verso_deck_next_due (deck, now + VERSO_DECK_RETRY_SECONDS - 1) == NULL);
  CHECK (verso_deck_next_due (deck, now + VERSO_DECK_RETRY_SECONDS) == card);

  /* Successes (2 discs is one) lengthen the interval; learned at three weeks. */
  for (guint i = 0; i < G_N_ELEMENTS (days); i++) {
    now = card->due;
    CHECK_CMP_INT (verso_deck_answer (deck, &start, i % 2 ? square ("d3") : square ("f5"), now, NULL),
                   ==, i % 2 ? 0 : 2);
    CHECK_CMP_INT (card->interval, ==, days[i] * DAY);
    CHECK_CMP_INT (card->due, ==, now + days[i] * DAY);
    CHECK_CMP_INT (verso_deck_card_is_learned (card), ==, days[i] >= VERSO_DECK_LEARNED_DAYS);
  }

  /* A miss resets it. */
  now = card->due;
  CHECK_CMP_INT (verso_deck_answer (deck, &start, square ("e6"), now, NULL), ==, 8);
  CHECK_CMP_INT (card->interval, ==, VERSO_DECK_RETRY_SECONDS);
  CHECK (!verso_deck_card_is_learned (card));
  now = card->due;
  CHECK_CMP_INT (verso_deck_answer (deck, &start, square ("d3"), now, NULL), ==, 0);
  CHECK_CMP_INT (card->interval, ==, DAY);
  CHECK_CMP_UINT (card->successes, ==, 1);
  CHECK_CMP_UINT (card->misses, ==, 2);
  CHECK_CMP_UINT (card->answers->len, ==, 9);
}

static void test_statistics (Fixture *fixture, gconstpointer unused)
{
  g_autofree char *text = start_card_text ();
  g_autoptr (VersoDeck) deck = NULL;
  g_autoptr (VersoDeck) again = NULL;
  Position start = start_position ();
  VersoDeckPeriod weeks[3];
  VersoDeckSummary summary;

  user_file_write (fixture, text, -1);
  deck = verso_deck_new (fixture->path);
  summary = verso_deck_get_summary (deck, T0);
  CHECK_CMP_UINT (summary.cards, ==, 1);
  CHECK_CMP_UINT (summary.due_now, ==, 1);
  CHECK_CMP_UINT (summary.due_today, ==, 1);
  CHECK_CMP_UINT (summary.learned, ==, 0);
  CHECK_CMP_INT (verso_deck_get_next_due_time (deck), ==, T0);

  /* Two weeks ago a miss and a success; this week a success. */
  CHECK_CMP_INT (verso_deck_answer (deck, &start, square ("e6"), T0 - 15 * DAY + 5, NULL), ==, 8);
  CHECK_CMP_INT (verso_deck_answer (deck, &start, square ("d3"), T0 - 15 * DAY + 700, NULL), ==, 0);
  CHECK_CMP_INT (verso_deck_answer (deck, &start, square ("d3"), T0 - DAY, NULL), ==, 0);
  verso_deck_get_weeks (deck, T0, weeks, G_N_ELEMENTS (weeks));
  CHECK_CMP_UINT (weeks[0].answers, ==, 1);
  CHECK_CMP_UINT (weeks[0].successes, ==, 1);
  CHECK_CMP_UINT (weeks[1].answers, ==, 0);
  CHECK_CMP_UINT (weeks[2].answers, ==, 2);
  CHECK_CMP_UINT (weeks[2].successes, ==, 1);
  /* Due in three days: not now, not today. */
  summary = verso_deck_get_summary (deck, T0);
  CHECK_CMP_UINT (summary.due_now, ==, 0);
  CHECK_CMP_UINT (summary.due_today, ==, 0);
  CHECK_CMP_INT (verso_deck_get_next_due_time (deck), ==, T0 - DAY + 3 * DAY);

  /* The history is kept in the file. */
  again = verso_deck_new (fixture->path);
  verso_deck_get_weeks (again, T0, weeks, G_N_ELEMENTS (weeks));
  CHECK_CMP_UINT (weeks[0].answers, ==, 1);
  CHECK_CMP_UINT (weeks[2].answers, ==, 2);
  CHECK_CMP_INT (verso_deck_get_next_due_time (again), ==, T0 + 2 * DAY);
}

/* Damage. */

static void test_damaged_file_is_kept_aside (Fixture *fixture, gconstpointer unused)
{
  g_autofree char *good = start_card_text ();
  g_autofree char *text = NULL;
  g_autofree char *kept = NULL;
  g_autoptr (VersoDeck) deck = NULL;
  g_autoptr (VersoDeck) again = NULL;
  g_autoptr (GError) error = NULL;
  Position start = start_position ();

  /* A good card, a line that is no key, a card whose scores miss a move, one not a board. */
  text = g_strconcat (good, "this line is no key\n",
                      "[---------------------------OX------XO--------------------------- O]\n"
                      "played=c5\nscores=c5:1\nline=c5\n",
                      "[not a board]\nplayed=d3\n", NULL);
  user_file_write_damaged (fixture, text, -1, "line 11: *", "[---*O] joined: missing*",
                                    "[not a board] scores: missing*", NULL);
  deck = verso_deck_new (fixture->path);
  CHECK_EXPECTED_MESSAGES ();
  CHECK (verso_deck_was_damaged (deck));
  CHECK_CMP_UINT (verso_deck_get_size (deck), ==, 1);
  CHECK (!g_file_test (fixture->damaged, G_FILE_TEST_EXISTS));

  /* The next write keeps the damaged original aside. */
  CHECK_CMP_INT (verso_deck_answer (deck, &start, square ("d3"), T0, &error), ==, 0);
  CHECK_NO_ERROR (error);
  CHECK (g_file_get_contents (fixture->damaged, &kept, NULL, NULL));
  CHECK_CMP_STR (kept, ==, text);
  again = verso_deck_new (fixture->path);
  CHECK (!verso_deck_was_damaged (again));
  CHECK_CMP_UINT (verso_deck_get_size (again), ==, 1);
  CHECK_CMP_UINT (verso_deck_get_card (again, 0)->answers->len, ==, 1);
}

static void test_bad_values_are_named (Fixture *fixture, gconstpointer unused)
{
  g_autofree char *good = start_card_text ();
  g_autoptr (GString) text = g_string_new (good);
  g_autoptr (VersoDeck) deck = NULL;

  g_string_replace (text, "d3:0;", "d3:99;", 1);
  user_file_write_damaged (fixture, text->str, -1, "[*] scores: “d3:99” is not*", NULL);
  deck = verso_deck_new (fixture->path);
  CHECK_EXPECTED_MESSAGES ();
  CHECK_CMP_UINT (verso_deck_get_size (deck), ==, 0);

  g_clear_object (&deck);
  g_string_assign (text, good);
  g_string_replace (text, "line=d3c3", "line=c4c3", 1);
  user_file_write_damaged (fixture, text->str, -1, "[*] line: “c4c3” is not*", NULL);
  deck = verso_deck_new (fixture->path);
  CHECK_EXPECTED_MESSAGES ();
  CHECK_CMP_UINT (verso_deck_get_size (deck), ==, 0);
}

static void test_binary_file_is_kept_aside (Fixture *fixture, gconstpointer unused)
{
  g_autoptr (VersoDeck) deck = NULL;
  const char binary[] = { '[', 's', 0, (char) 0xff, '\n' };

  user_file_write_damaged (fixture, binary, sizeof binary, "not a text file*", NULL);
  deck = verso_deck_new (fixture->path);
  CHECK_EXPECTED_MESSAGES ();
  CHECK (verso_deck_was_damaged (deck));
  CHECK_CMP_UINT (verso_deck_get_size (deck), ==, 0);
  /* Nothing to write yet: the bytes stay where they are until the deck changes. */
  CHECK (!g_file_test (fixture->damaged, G_FILE_TEST_EXISTS));
}

int main (int argc, char **argv)
{
  check_glib_init ();

#define ADD(name, test) CHECK_RUN_FIXTURE ("/deck/" name, Fixture, NULL, fixture_set_up, test, fixture_tear_down)
  ADD ("mistake-joins-once", test_mistake_joins_once);
  ADD ("two-players-do-not-join", test_two_players_do_not_join);
  ADD ("schedule", test_schedule);
  ADD ("statistics", test_statistics);
  ADD ("damaged-file-is-kept-aside", test_damaged_file_is_kept_aside);
  ADD ("bad-values-are-named", test_bad_values_are_named);
  ADD ("binary-file-is-kept-aside", test_binary_file_is_kept_aside);
#undef ADD
  return check_finish ();
}
