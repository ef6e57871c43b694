/* selfplay.c: training positions from the engine's own games, each labelled by a search. */
#include "selfplay.h"

#include <stdbool.h>

#include "board.h"
#include "search.h"
#include "random.h"
#include "workers.h"

/* After the random opening, one move in this many is still drawn at random (before the exact
 * solve), so games keep apart where the engine would repeat itself. */
#define SELFPLAY_RANDOM_ONE_IN 10

/* One game: random moves, then the engine's, every position after the random opening labelled
 * by its own search. Returns the positions recorded. */
static int play_game (const SelfPlayOptions *options, Search *search, int game,
                      SelfPlayPosition *positions)
{
  uint64_t rng = options->seed ^ (0xD1B54A32D192ED03ULL * (uint64_t) (game + 1));
  int span = options->random_plies_max - options->random_plies_min + 1;
  int random_plies = options->random_plies_min + (int) (random_next (&rng) % (uint64_t) span);
  SearchLimits limits = search_limits_default ();
  limits.max_depth = options->depth;
  limits.exact_empties = options->exact_empties;
  search_clear (search);
  Board board;
  board_init (&board);
  int count = 0;
  for (int ply = 0; !board_is_game_over (&board); ply++) {
    uint64_t moves = board_legal_moves (&board);
    if (!moves) {
      board_pass (&board);
      continue;
    }
    if (ply < random_plies) {
      board_play (&board, random_square (moves, &rng));
      continue;
    }
    SearchResult result = search_run (search, &board, &limits, NULL, NULL);
    positions[count++] = (SelfPlayPosition) { board.player, board.opponent,
                                              (int8_t) result.score };
    int square = result.move;
    if (board_empties (&board) > options->exact_empties
        && random_next (&rng) % SELFPLAY_RANDOM_ONE_IN == 0)
      square = random_square (moves, &rng);
    board_play (&board, square);
  }
  return count;
}

typedef struct Work {
  const SelfPlayOptions *options;
  const Evaluation *evaluation;
  SelfPlayPosition *positions;
  uint8_t *counts;
} Work;

/* Game g has its own place and a table of its own history only (play_game clears it), so the
 * result does not depend on the thread count. */
static void play_one (void *data, Search *search, size_t g)
{
  Work *work = data;
  search_set_evaluation (search, work->evaluation);
  work->counts[g] = (uint8_t) play_game (work->options, search, (int) g, work->positions + 60 * g);
}

bool selfplay_generate (const SelfPlayOptions *options, const Evaluation *evaluation,
                        SelfPlayPosition *positions, uint8_t *counts)
{
  Work work = { options, evaluation, positions, counts };
  int threads = options->threads < 64 ? options->threads : 64;
  return workers_search_each (threads, (size_t) options->games, (size_t) 8 << 20, play_one, &work);
}
