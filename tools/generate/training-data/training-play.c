/* training-play.c: one training game: a start, the engine's moves to the end, then positions
 * off its line solved exactly (training-play.h). */
#include "training-play.h"

#include <assert.h>

#include "notation.h"
#include "random.h"
#include "start.h"

/* Half the games open with a balanced start (start.h) and up to this many random moves more,
 * so that even games are common; the other half with a number of random moves from the range
 * below, which reaches lopsided positions tournaments never see. */
#define TRAINING_BALANCED_EXTRA 2
#define TRAINING_RANDOM_MIN 4
#define TRAINING_RANDOM_MAX 20
/* Exact positions have 16 to 24 empties, reached by 1 or 2 moves off the game's line: the
 * endgame the evaluation must judge before a solve is in reach. */
#define TRAINING_EXACT_EMPTIES_MIN 16
#define TRAINING_EXACT_EMPTIES_MAX 24

static void play (TrainingGame *game, Board *board, bool *black, int square)
{
  board_play (board, square);
  game->moves[game->move_count++] = (uint8_t) square;
  *black = !*black;
}

/* The start: a balanced start and a few random moves, or random moves only. */
static void play_start (TrainingGame *game, Board *board, bool *black, uint64_t *rng)
{
  int random_plies;
  if (random_next (rng) & 1) {
    const char *start = balanced_start_get (random_next (rng) % balanced_start_count ());
    for (int i = 0; i < START_PLIES; i++) {
      int square;
      NotationStatus status = notation_parse_square (start + 2 * i, 2, &square);
      assert (!status.error);
      (void) status;
      play (game, board, black, square);
    }
    random_plies = (int) (random_next (rng) % (TRAINING_BALANCED_EXTRA + 1));
  } else {
    random_plies = TRAINING_RANDOM_MIN
                   + (int) (random_next (rng) % (TRAINING_RANDOM_MAX - TRAINING_RANDOM_MIN + 1));
  }
  for (int i = 0; i < random_plies && !board_is_game_over (board); i++) {
    training_pass_if_stuck (board, black);
    play (game, board, black, random_square (board_legal_moves (board), rng));
  }
  game->start_plies = game->move_count;
}

static int clamp_score (int score)
{
  return score < -64 ? -64 : score > 64 ? 64 : score;
}

/* The engine's moves to the end, each position's score kept. False when stopped. */
static bool play_engine (const TrainingSettings *settings, Search *search,
                         const atomic_bool *stop, TrainingGame *game, Board *board, bool *black)
{
  SearchLimits limits = search_limits_default ();
  limits.max_depth = settings->depth;
  limits.exact_empties = settings->exact_empties;
  limits.stop = stop;
  bool solved = false;
  int solved_black = 0;
  while (!board_is_game_over (board)) {
    training_pass_if_stuck (board, black);
    SearchResult result = search_run (search, board, &limits, NULL, NULL);
    if (result.stopped || atomic_load (stop))
      return false;
    if (result.exact && !solved) {
      solved = true;
      solved_black = *black ? result.score : -result.score;
    }
    game->scores[game->move_count - game->start_plies] = (int8_t) clamp_score (result.score);
    play (game, board, black, result.move);
  }
  int score = board_final_score (board);
  game->result = (int8_t) (*black ? score : -score);
  /* From the exact solve on the engine plays perfectly: the game ends as the solve said. */
  assert (!solved || solved_black == game->result);
  (void) solved_black;
  return true;
}

/* A position off the game's line, solved exactly, when one fits (not after the game's end nor
 * in its start). False when stopped. */
static bool add_exact_position (Search *search, const atomic_bool *stop, TrainingGame *game,
                                uint64_t *rng)
{
  SearchLimits limits = search_limits_default ();
  limits.exact_empties = 60;
  limits.stop = stop;
  int empties = TRAINING_EXACT_EMPTIES_MIN
                + (int) (random_next (rng) % (TRAINING_EXACT_EMPTIES_MAX
                                              - TRAINING_EXACT_EMPTIES_MIN + 1));
  int length = 1 + (int) (random_next (rng) % 2);
  int ply = 60 - empties - length;
  if (ply < game->start_plies || ply >= game->move_count)
    return true;
  TrainingExact exact = { .ply = (uint8_t) ply, .length = (uint8_t) length };
  Board board;
  bool black;
  training_replay (game->moves, ply, &board, &black);
  bool over = false;
  for (int i = 0; i < length && !over; i++) {
    training_pass_if_stuck (&board, &black);
    uint64_t moves = board_legal_moves (&board);
    over = !moves;
    /* The first move leaves the game's line when there is another. */
    if (i == 0 && board_count (moves) > 1)
      moves &= ~board_bit (game->moves[ply]);
    if (!over) {
      exact.moves[i] = (uint8_t) random_square (moves, rng);
      board_play (&board, exact.moves[i]);
      black = !black;
    }
  }
  training_pass_if_stuck (&board, &black);
  if (over || board_is_game_over (&board))
    return true;
  SearchResult result = search_run (search, &board, &limits, NULL, NULL);
  if (result.stopped || atomic_load (stop))
    return false;
  assert (result.exact);
  exact.score = (int8_t) result.score;
  game->exact[game->exact_count++] = exact;
  return true;
}

bool training_play_game (const TrainingSettings *settings, uint64_t index, Search *search,
                         const atomic_bool *stop, TrainingGame *game)
{
  uint64_t rng = random_mix (random_mix (settings->seed) + index);
  *game = (TrainingGame) { 0 };
  search_clear (search);
  Board board;
  board_init (&board);
  bool black = true;
  play_start (game, &board, &black, &rng);
  bool exact = settings->exact_every > 0 && index % (uint64_t) settings->exact_every == 0;
  return play_engine (settings, search, stop, game, &board, &black)
         && (!exact || add_exact_position (search, stop, game, &rng));
}
