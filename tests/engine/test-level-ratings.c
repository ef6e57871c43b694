/* test-level-ratings.c: the levels' ratings (level_ratings.h) read from the compiled table, rise
 * level by level from the random mover's 0, survive writing and reading, and damaged text is
 * refused with its line; a mix between two levels (level_mix.h) is rated along its gap's
 * measured curve (the straight line between measured points), found again from its rating, and plays the lower level's move at weight 0 and the upper's at 1. */
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "level.h"
#include "level_mix.h"
#include "level_ratings.h"
#include "search.h"
#include "check.h"
#include "random-game.h"

static void test_compiled (void)
{
  const LevelRatings *ratings = level_ratings_compiled ();
  REQUIRE (ratings, "data/level-ratings.txt does not read");
  double previous = 0;
  for (int level = 0; level < LEVEL_COUNT; level++) {
    Rating rating;
    REQUIRE (level_rating ((LevelId) level, &rating), "no rating for %s", level_get (level)->id);
    CHECK_CMP_FLOAT (rating.value, >, previous);
    CHECK_CMP_FLOAT (rating.deviation, >, 0);
    previous = rating.value;
  }
}

static void test_text (void)
{
  const char *text = "# comment\nrandom 0 0\n\nbeginner 600.5 80\nnovice 800 90\nmaster 2800 300\nntest-depth-6 2200 150\n"
                     "mix beginner 0.25 640 85\nmix  beginner 0.5 700.04 86\n";
  LevelRatings ratings;
  char error[200];
  REQUIRE (level_ratings_parse (text, strlen (text), &ratings, error, sizeof error), "%s", error);
  CHECK (ratings.known[LEVEL_BEGINNER] && ratings.known[LEVEL_MASTER] && !ratings.known[LEVEL_CASUAL]);
  CHECK_CMP_INT (ratings.mix_count[LEVEL_BEGINNER], ==, 2);
  CHECK_CMP_INT (ratings.mix_count[LEVEL_NOVICE], ==, 0);
  CHECK_CMP_FLOAT (ratings.mix_weights[LEVEL_BEGINNER][1], ==, 0.5);
  CHECK_CMP_FLOAT (ratings.mixes[LEVEL_BEGINNER][1].value, ==, 700.0);
  CHECK_CMP_FLOAT (ratings.levels[LEVEL_BEGINNER].value, ==, 600.5);
  CHECK_CMP_INT (ratings.anchor_count, ==, 1);
  CHECK_CMP_STR (ratings.anchor_names[0], ==, "ntest-depth-6");
  /* Written and read again: the same table. */
  char *written = NULL;
  size_t length = 0;
  FILE *out = open_memstream (&written, &length);
  REQUIRE (out && level_ratings_write (out, &ratings, "# again\n"));
  fclose (out);
  LevelRatings again;
  REQUIRE (level_ratings_parse (written, length, &again, error, sizeof error), "%s", error);
  CHECK (memcmp (again.known, ratings.known, sizeof again.known) == 0);
  CHECK_CMP_FLOAT (fabs (again.levels[LEVEL_MASTER].value - 2800), <, 0.05);
  CHECK_CMP_FLOAT (fabs (again.anchors[0].deviation - 150), <, 0.05);
  CHECK_CMP_INT (again.mix_count[LEVEL_BEGINNER], ==, 2);
  CHECK (memcmp (again.mix_weights, ratings.mix_weights, sizeof again.mix_weights) == 0);
  CHECK (memcmp (again.mixes, ratings.mixes, sizeof again.mixes) == 0);
  free (written);

  const struct { const char *text, *message; } damaged[] = {
    { "beginner 600 80\n", "no line for random" },
    { "random 0 0\nbeginner 600\n", "line 2: expected: ID RATING DEVIATION" },
    { "random 0 0\nbeginner 600 80 5\n", "line 2: more than three fields" },
    { "random 0 0\nbeginner 600 -1\n", "line 2: beginner: the rating" },
    { "random 0 0\nbeginner nan 80\n", "line 2: beginner: the rating" },
    { "random 0 0\nbeginner 600 80\nbeginner 700 80\n", "line 3: beginner twice" },
    { "random 10 0\n", "line 1: random is the scale's zero" },
    { "random 0 0\na 1 1\nb 1 1\nc 1 1\nd 1 1\ne 1 1\n", "line 6: more than 4 outside anchors" },
    { "random 0 0\nmix beginner 0.5 700\n", "line 2: expected: mix LOWER WEIGHT RATING DEVIATION" },
    { "random 0 0\nmix master 0.5 3000 90\n", "line 2: mix: 'master' is not a level below the strongest" },
    { "random 0 0\nmix nobody 0.5 3000 90\n", "line 2: mix: 'nobody' is not a level" },
    { "random 0 0\nmix beginner 1 700 90\n", "line 2: mix beginner: the weight must be between 0.01 and 0.99" },
    { "random 0 0\nmix beginner 0.996 700 90\n", "line 2: mix beginner: the weight must be between 0.01 and 0.99" },
    { "random 0 0\nmix beginner 0.5 700 90\nmix beginner 0.501 710 90\n", "line 3: mix beginner: the weights must increase" },
    { "random 0 0\nbeginner 600 80\nmix beginner 0.5 700 90\n", "mix beginner: the two levels' ratings are needed" },
    { "random 0 0\nbeginner 600 80\nnovice 800 90\nmix beginner 0.5 820 90\n",
      "mix beginner: the ratings must increase from beginner's to novice's" },
    { "random 0 0\nbeginner 600 80\nnovice 800 90\nmix beginner 0.3 700 90\nmix beginner 0.6 690 90\n",
      "mix beginner: the ratings must increase" },
  };
  for (size_t i = 0; i < sizeof damaged / sizeof damaged[0]; i++) {
    CHECK (!level_ratings_parse (damaged[i].text, strlen (damaged[i].text), &again, error, sizeof error),
           "accepted: %s", damaged[i].text);
    CHECK (strncmp (error, damaged[i].message, strlen (damaged[i].message)) == 0, "%s: %s", damaged[i].text, error);
  }
}

/* The compiled table's curve: a measured mix is rated as measured, a weight between two points
 * on the straight line between them; every rating is found again (the two are inverses), and
 * the rating rises with the weight. */
static void test_mix_for_rating (void)
{
  const LevelRatings *table = level_ratings_compiled ();
  REQUIRE (table);
  Rating beginner = table->levels[LEVEL_BEGINNER], master = table->levels[LEVEL_MASTER];
  LevelMix mix;
  int measured = 0;
  for (int lower = 0; lower + 1 < LEVEL_COUNT; lower++) {
    Rating low = table->levels[lower], high = table->levels[lower + 1];
    double first_weight = table->mix_count[lower] ? table->mix_weights[lower][0] : 1.0;
    double first_rating = table->mix_count[lower] ? table->mixes[lower][0].value : high.value;
    measured += table->mix_count[lower];
    for (int i = 0; i < table->mix_count[lower]; i++) {
      mix = (LevelMix) { (LevelId) lower, (LevelId) (lower + 1), table->mix_weights[lower][i] };
      CHECK_CMP_FLOAT (fabs (level_mix_rating (&mix).value - table->mixes[lower][i].value), <, 1e-9);
    }
    /* Halfway to the first point: halfway between the two ratings. */
    mix = (LevelMix) { (LevelId) lower, (LevelId) (lower + 1), first_weight / 2 };
    CHECK_CMP_FLOAT (fabs (level_mix_rating (&mix).value - (low.value + first_rating) / 2), <, 1e-9);
    double previous = low.value;
    for (int step = 1; step <= 100; step++) {
      double rating = low.value + (high.value - low.value) * step / 100.0;
      REQUIRE (level_mix_for_rating (rating, &mix));
      CHECK (mix.lower == lower && mix.upper == lower + 1, "%.1f: %d %d", rating, mix.lower, mix.upper);
      CHECK_CMP_FLOAT (fabs (level_mix_rating (&mix).value - rating), <, 1e-6);
      LevelMix at_step = { (LevelId) lower, (LevelId) (lower + 1), step / 100.0 };
      CHECK_CMP_FLOAT (level_mix_rating (&at_step).value, >, previous);
      previous = level_mix_rating (&at_step).value;
    }
  }
  check_note ("%d measured mixes in the compiled table", measured);
  CHECK_CMP_INT (measured, >, 0);
  /* Beyond the ends, the ends. */
  REQUIRE (level_mix_for_rating (-500, &mix));
  CHECK (mix.lower == LEVEL_BEGINNER && mix.weight == 0);
  CHECK_CMP_FLOAT (level_mix_rating (&mix).value, ==, beginner.value);
  REQUIRE (level_mix_for_rating (9000, &mix));
  CHECK (level_mix_nearest (&mix) == LEVEL_MASTER);
  CHECK_CMP_FLOAT (level_mix_rating (&mix).value, ==, master.value);
}

/* One level's move from a cleared table (the table's contents can change which of two equal
 * moves a search keeps). */
static int fresh_move (Search *search, const Board *board, LevelId level, uint64_t seed)
{
  search_clear (search);
  return level_choose_move (search, board, level, seed, NULL, NULL);
}

static int fresh_mix_move (Search *search, const Board *board, const LevelMix *mix, uint64_t seed)
{
  search_clear (search);
  return level_mix_choose_move (search, board, mix, seed, NULL, NULL);
}

/* Weight 0 plays as the lower level, 1 as the upper, move for move with the same seed; between,
 * each level chooses some of the moves. */
static void test_mix_choice (void)
{
  Search *search = search_new ((size_t) 4 << 20);
  REQUIRE (search);
  uint64_t state = 7;
  int upper_only = 0, lower_only = 0;
  for (int i = 0; i < 40; i++) {
    Board board;
    while (!random_game_position (&state, 40, &board) || board_count (board_legal_moves (&board)) < 4)
      continue;
    uint64_t seed = state;
    int beginner = fresh_move (search, &board, LEVEL_BEGINNER, seed);
    int advanced = fresh_move (search, &board, LEVEL_ADVANCED, seed);
    LevelMix low = { LEVEL_BEGINNER, LEVEL_ADVANCED, 0.0 }, high = { LEVEL_BEGINNER, LEVEL_ADVANCED, 1.0 };
    CHECK_CMP_INT (fresh_mix_move (search, &board, &low, seed), ==, beginner);
    CHECK_CMP_INT (fresh_mix_move (search, &board, &high, seed), ==, advanced);
    if (beginner != advanced) {
      LevelMix half = { LEVEL_BEGINNER, LEVEL_ADVANCED, 0.5 };
      int seen_upper = 0, seen_lower = 0;
      for (uint64_t s = 0; s < 24; s++) {
        int beginner_s = fresh_move (search, &board, LEVEL_BEGINNER, seed + s);
        int move = fresh_mix_move (search, &board, &half, seed + s);
        seen_upper += move == advanced && beginner_s != advanced;
        seen_lower += move == beginner_s && beginner_s != advanced;
      }
      upper_only += seen_upper > 0;
      lower_only += seen_lower > 0;
    }
  }
  check_note ("at weight 0.5: the advanced level's move seen in %d positions, the beginner's in %d", upper_only, lower_only);
  CHECK_CMP_INT (upper_only, >, 0);
  CHECK_CMP_INT (lower_only, >, 0);
  search_free (search);
}

int main (void)
{
  /* The environment's locale, as the window takes it: under one with a decimal comma (meson's
   * level-ratings-de_DE) the tables must read and write as under C. */
  setlocale (LC_ALL, "");
  check_note ("numbers under LC_NUMERIC %s", setlocale (LC_NUMERIC, NULL));
  check_run ("compiled", test_compiled);
  check_run ("text", test_text);
  check_run ("mix for a rating", test_mix_for_rating);
  check_run ("mix choice", test_mix_choice);
  return check_finish ();
}
