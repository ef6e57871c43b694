/* match.c: playing engine configurations against each other from the match starts
 * (data/match-starts.txt compiled in), and scoring the result. */
#include "match.h"
#include "random.h"
#include "rating.h"
#include "start.h"

#include <assert.h>
#include <math.h>
#include <stddef.h>

static StartList starts = START_LIST (match_start_text);

const char *match_start_moves (int index)
{
  return index >= 0 && index < MATCH_STARTS && (size_t) index < start_list_count (&starts)
    ? start_list_get (&starts, (size_t) index) : NULL;
}

bool match_start (int index, Board *board, bool *black_to_move)
{
  assert (board && black_to_move);
  const char *moves = match_start_moves (index);
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
  statistics.elo = rating_difference_of_score (score);
  statistics.elo_low = rating_difference_of_score (centre - half);
  statistics.elo_high = rating_difference_of_score (centre + half);
  return statistics;
}

bool match_run (const MatchPlayer *first, const MatchPlayer *second, int count,
                size_t hash_bytes, int *differences, MatchProgress progress, void *user_data)
{
  assert (first && second && differences);
  assert (count >= 0 && count <= MATCH_STARTS);
  Search *first_search = search_new (hash_bytes);
  Search *second_search = search_new (hash_bytes);
  bool ok = first_search && second_search;
  for (int i = 0; ok && i < count; i++) {
    Board board;
    bool black_to_move;
    match_start (i, &board, &black_to_move);
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
