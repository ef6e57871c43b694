/* test-selfplay.c: self-play training games are reachable positions whose labels are the
 * engine's searches (exact ones exactly right), the same whatever the thread count, and a
 * different seed gives different games. */
#include <string.h>

#include "eval_pattern.h"
#include "search.h"
#include "selfplay.h"
#include "check.h"

enum { GAMES = 8 };

static SelfPlayOptions small_options (uint64_t seed, int threads)
{
  return (SelfPlayOptions) { .games = GAMES, .seed = seed, .depth = 4, .exact_empties = 10,
                             .random_plies_min = 4, .random_plies_max = 12,
                             .threads = threads };
}

static void generate (const SelfPlayOptions *options, SelfPlayPosition *positions,
                      uint8_t *counts)
{
  memset (positions, 0, 60 * GAMES * sizeof *positions);
  memset (counts, 0, GAMES);
  CHECK (selfplay_generate (options, eval_pattern (), positions, counts), "out of memory");
}

int main (void)
{
  static SelfPlayPosition one[60 * GAMES], three[60 * GAMES], other[60 * GAMES];
  uint8_t counts_one[GAMES], counts_three[GAMES], counts_other[GAMES];
  SelfPlayOptions options = small_options (7, 1);
  generate (&options, one, counts_one);
  options.threads = 3;
  generate (&options, three, counts_three);
  CHECK (memcmp (counts_one, counts_three, GAMES) == 0
         && memcmp (one, three, sizeof one) == 0, "one and three threads played different games");

  Search *search = search_new (4 << 20);
  REQUIRE (search, "out of memory");
  SearchLimits exact = search_limits_default ();
  exact.exact_empties = 60;
  int solved = 0;
  for (int g = 0; g < GAMES; g++) {
    /* After 4 to 12 random plies, every position to the end but the passes. */
    CHECK (counts_one[g] >= 30 && counts_one[g] <= 56, "game %d: %d positions", g, counts_one[g]);
    for (int i = 0; i < counts_one[g]; i++) {
      const SelfPlayPosition *position = &one[60 * g + i];
      Board board = { position->player, position->opponent };
      CHECK (!(board.player & board.opponent) && board_empties (&board) <= 56,
             "game %d position %d is not a position of a game", g, i);
      CHECK (board_legal_moves (&board), "game %d position %d has no move to label", g, i);
      CHECK (position->label >= -64 && position->label <= 64, "label %d", position->label);
      /* Near the end the label is the exact score. */
      if (board_empties (&board) <= options.exact_empties) {
        search_clear (search);
        SearchResult result = search_run (search, &board, &exact, NULL, NULL);
        CHECK (result.exact && result.score == position->label,
               "game %d position %d: label %d, exact score %d", g, i, position->label,
               result.score);
        solved++;
      }
    }
  }
  CHECK (solved >= 40 * GAMES / 8, "only %d positions checked against exact solves", solved);
  search_free (search);

  SelfPlayOptions reseeded = small_options (8, 2);
  generate (&reseeded, other, counts_other);
  int same = 0;
  for (int g = 0; g < GAMES; g++)
    same += counts_one[g] == counts_other[g]
            && memcmp (&one[60 * g], &other[60 * g], counts_one[g] * sizeof *one) == 0;
  CHECK (same == 0, "%d games are the same under another seed", same);
  printf ("%d self-play games checked, %d labels against exact solves\n", GAMES, solved);
  return check_finish ();
}
