/* match.c: playing engine configurations against each other, and scoring the result. */
#include "match.h"
#include "random.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>

static const char *const openings[MATCH_OPENINGS] = {
  "f5d6c3d3c4f4c5b3", "f5d6c3d3c4f4f6f3", "f5d6c5f4e3c6d3f6", "f5d6c3d3c4f4f6g5",
  "f5f6e6f4e3c5c4e7", "f5d6c3d3c4f4c5b4", "f5f6e6f4g5e7e3g6", "f5f6e6f4g5e7f7h5",
  "f5f6e6f4g6c5g4g5", "f5d6c4d3c5f4e3f3", "f5f6e6f4e3d6g4d3", "f5f6e6f4g5e7e3f3",
  "f5d6c3d3c4f4e6b3", "f5f6e6f4e3c5g5g3", "f5f6e6f4e3c5c4d6", "f5d6c4d3e6f4e3f3",
  "f5d6c3d3c4f4e3f3", "f5d6c3d3c4f4e6f6", "f5f6e6f4g5e7d7d6", "f5d6c3d3c4f4f6b4",
  "f5d6c5f4e3c6d3g5", "f5d6c4g5c6c5d7d3", "f5f6e6f4g5e7f7d6", "f5f6e6f4c3d6f3c4",
  "f5d6c4g5f6f4f3d3", "f5f6e6f4c3d7f3d6", "f5f6e6f4e3d6c4f3", "f5f6e6f4e3c5c4d7",
  "f5f6e6f4g5e7e3g4", "f5f6e6f4g5d6e7g6", "f5f6e6f4g4g6g5e7", "f5d6c3d3c4f4e3f6",
  "f5f6e6f4e3d6c4e2", "f5d6c4g5c6c5f6f4", "f5f6e6f4c3d6f3c5", "f5f6e6f4g5e7d7g6",
  "f5f6e6f4e3c5g5f3", "f5f6e6f4g6d6e3f3", "f5f6e6f4g5d6f7g4", "f5d6c5f4d3e3g4g3",
  "f5f6e6f4g5d6f3g6", "f5f6e6f4e3c5g5d6", "f5f6e6f4e3c5g6f3", "f5f6e6f4e3c5c6d3",
  "f5d6c5f4e3c6d3e2", "f5f6e6f4g6d6e3d3", "f5d6c5f4e3f6f3c4", "f5d6c3d3c4b3c6b6",
  "f5d6c4g5c6c5b6c3", "f5f6e6f4c3d7e3d6", "f5f6e6f4g6d6g4f7", "f5f6e6f4e3c5c4e2",
  "f5d6c5f4e3c6f3g6", "f5f6e6f4e3d6c5f3", "f5d6c3d3c4b3c6f4", "f5f6e6f4g6c5f3g4",
  "f5d6c5f4d3c4c3c6", "f5f6e6f4e3d7g4f3", "f5d6c5f4e3c6d7e6", "f5f6e6f4e3c5c6e7",
  "f5f6e6f4g4e7f7g5", "f5f6e6f4e3d6g5d3", "f5f4e3d6e6f6e7d3", "f5d6c5f4e3c6f3d3",
  "f5f6e6f4e3d6e7f3", "f5f4e3f6e6d7d3d6", "f5d6c3g5f6f4e6e7", "f5f6e6f4e3d6g4f3",
  "f5d6c4d3c5f4d7f6", "f5d6c4g5c6d3e6c5", "f5f6e6f4g5d6e3g6", "f5d6c4g5c6c3d3d2",
  "f5d6c3g5c6b6f6e7", "f5f6e6f4c3c4d3d6", "f5f6e6f4c3d7e7d6", "f5f6e6f4f3c5c6d6",
  "f5d6c4f4f6b3b4g5", "f5d6c5f4e3c6e6g5", "f5d6c5f6e6f4e7d7", "f5d6c5f4e3f6f3e2",
  "f5d6c3g5c6c5c4b6", "f5f6e6f4e3d6g6g5", "f5d6c4g5f6f4g6e3", "f5d6c4g5c6c5d7c7",
  "f5d6c4d3c5f4d2f6", "f5f6e6f4g6c6g4d6", "f5d6c3d3c4b5e3c2", "f5f6e6f4g5e7f7c6",
  "f5d6c3d3c5f4f3e3", "f5d6c3f4f6d3c6g6", "f5f6e6f4g5e7f7h6", "f5f6e6f4f3c5f7g4",
  "f5d6c5f4e3f6e6d3", "f5d6c6f4e6c5b4b5", "f5d6c5f4d3c4c3f6", "f5d6c4g5c6c5e6c3",
  "f5f6e6f4g6c5f3e7", "f5f6e6f4f3c5f7e7", "f5d6c5f4e3c6d7c3", "f5d6c4d3c5f4d7g5",
  "f5f6e6f4f3c5f7e3", "f5d6c4g5c6d3f4c3", "f5d6c4g5c6b6f6e7", "f5d6c5f4e3c6e6b5",
  "f5d6c5f4e3d3e6g6", "f5f6e6f4g6c5f3g5", "f5f6e6f4g5g6e7h5", "f5d6c3g5c6b6e6f6",
  "f5f6e6f4f3c5g4d6", "f5d6c4d3c5f4d2c6", "f5d6c3g5g6d3c4e3", "f5f6e6f4g3d6e3g4",
  "f5d6c4f4e6f6g5e3", "f5d6c6f6e6f4g5e7", "f5d6c3g5c6d3e6f7", "f5f6e6f4g6d6g4e7",
  "f5d6c5f4d3e3g4d2", "f5d6c5f4d3e3g4c3", "f5f6e6f4g4e7f7c5", "f5d6c3d3c4b3d2f4",
  "f5f4e3d2e2f6d3c4", "f5f6e6f4e3d7g6g4", "f5f4e3f6d3e2f2c6", "f5d6c4d3c5f4e2c6",
  "f5f6e6f4g3f3g4g6", "f5f6e6f4e3c5c4d2", "f5d6c6f4e6f6e3c5", "f5f6e6f4d3d6g5g6",
};

const char *match_opening_moves (int index)
{
  return index >= 0 && index < MATCH_OPENINGS ? openings[index] : NULL;
}

bool match_opening (int index, Board *board, bool *black_to_move)
{
  assert (board && black_to_move);
  const char *moves = match_opening_moves (index);
  if (!moves)
    return false;
  board_init (board);
  bool black = true;
  for (const char *m = moves; m[0] && m[1]; m += 2) {
    int square = board_square (m[0] - 'a', m[1] - '1');
    if (!board_legal_moves (board)) {
      board_pass (board);
      black = !black;
    }
    bool legal = board_play (board, square);
    assert (legal);
    (void) legal;
    black = !black;
  }
  *black_to_move = black;
  return true;
}

static int choose_move (const MatchPlayer *player, Search *search, const Board *board,
                        uint64_t seed)
{
  if (player->choose)
    return player->choose (player, search, board, seed);
  SearchResult result = search_run (search, board, &player->limits, NULL, NULL);
  return result.move;
}

int match_play_game (const MatchPlayer *black, Search *black_search, const MatchPlayer *white,
                     Search *white_search, const Board *start, bool black_to_move,
                     uint64_t seed)
{
  assert (black && black_search && white && white_search && start);
  search_clear (black_search);
  search_clear (white_search);
  assert (black->rules == white->rules);
  const MatchPlayer *players[2] = { black, white };
  Search *searches[2] = { black_search, white_search };
  for (int i = 0; i < 2; i++) {
    search_set_rules (searches[i], players[i]->rules);
    if (players[i]->rules == RULES_REVERSE)
      search_set_reverse_evaluation (searches[i], players[i]->evaluation);
    else
      search_set_evaluation (searches[i], players[i]->evaluation);
  }
  Board board = *start;
  bool black_moves = black_to_move;
  for (int ply = 0;; ply++) {
    uint64_t legal = board_legal_moves (&board);
    if (!legal) {
      board_pass (&board);
      black_moves = !black_moves;
      if (!board_legal_moves (&board))
        break;
      continue;
    }
    const MatchPlayer *player = black_moves ? black : white;
    int move = choose_move (player, black_moves ? black_search : white_search, &board,
                            random_mix (seed ^ (uint64_t) ply));
    if (move < 0 || move >= 64 || !(legal & board_bit (move)))
      return black_moves ? -64 : 64;
    board_play (&board, move);
    black_moves = !black_moves;
  }
  int score = rules_final_score (black->rules, board_final_score (&board));
  return black_moves ? score : -score;
}

/* Elo difference of an expected score strictly between 0 and 1. */
static double elo_of (double score)
{
  if (score <= 0)
    return -INFINITY;
  if (score >= 1)
    return INFINITY;
  return -400.0 * log10 (1.0 / score - 1.0);
}

MatchStatistics match_statistics (const int *differences, int games)
{
  MatchStatistics statistics = { .games = games };
  if (games <= 0)
    return statistics;
  double sum = 0, discs = 0;
  for (int i = 0; i < games; i++) {
    double points = differences[i] > 0 ? 1.0 : differences[i] == 0 ? 0.5 : 0.0;
    statistics.wins += differences[i] > 0;
    statistics.draws += differences[i] == 0;
    statistics.losses += differences[i] < 0;
    sum += points;
    discs += differences[i];
  }
  double score = sum / games;
  /* Wilson's interval for a proportion: sensible even for a clean sweep, and a little wide
   * when there are draws (they make the true variance smaller). */
  const double z = 1.96;
  double n = games, shrink = 1 + z * z / n;
  double centre = (score + z * z / (2 * n)) / shrink;
  double half = z / shrink * sqrt (score * (1 - score) / n + z * z / (4 * n * n));
  statistics.score = score;
  statistics.mean_difference = discs / games;
  statistics.elo = elo_of (score);
  statistics.elo_low = elo_of (centre - half);
  statistics.elo_high = elo_of (centre + half);
  return statistics;
}

bool match_run (const MatchPlayer *first, const MatchPlayer *second, int count,
                size_t hash_bytes, int *differences, MatchProgress progress, void *user_data)
{
  assert (first && second && differences);
  assert (count >= 0 && count <= MATCH_OPENINGS);
  Search *first_search = search_new (hash_bytes);
  Search *second_search = search_new (hash_bytes);
  bool ok = first_search && second_search;
  for (int i = 0; ok && i < count; i++) {
    Board board;
    bool black_to_move;
    match_opening (i, &board, &black_to_move);
    for (int colour = 0; colour < 2; colour++) {
      bool first_black = colour == 0;
      uint64_t seed = random_mix ((uint64_t) i * 2 + (uint64_t) colour);
      int black_score = first_black
        ? match_play_game (first, first_search, second, second_search, &board, black_to_move, seed)
        : match_play_game (second, second_search, first, first_search, &board, black_to_move, seed);
      int difference = first_black ? black_score : -black_score;
      differences[2 * i + colour] = difference;
      if (progress)
        progress (2 * i + colour, i, first_black, difference, user_data);
    }
  }
  if (first_search)
    search_free (first_search);
  if (second_search)
    search_free (second_search);
  return ok;
}
