/* level.c: the difficulty levels, from a beginner who plays like a weak human to the master at
 * full strength, and choosing a move at a level. */
#include "level.h"

#include <assert.h>
#include <string.h>

#include "book.h"
#include "eval_pattern.h"
#include "human_errors.h"
#include "random.h"

/* Level names are marked for the translation tools; the caller translates them. */
#define N_(text) text

/* The one table of levels. The lower levels score every legal move with a shallow search and
 * err as people do: the loss of the move they play is drawn from what tournament players lose in
 * the same phase of the game and the same kind of position (data/human-errors.txt, measured by
 * `verso-engine errors`), with the odds of erring scaled by `errors`: the beginner errs most, in
 * the same shape; a corner given away for nothing stays as rare as people make it. From advanced
 * up the search's best move is played. All use the trained evaluation: with the simple one the
 * step between two levels was far wider than with more errors. The order is measured by
 * `verso-engine levels`.
 * Each entry: id, name, description, then depth, seconds, exact empties, errors, simple_eval. */
static const Level levels[LEVEL_COUNT] = {
  [LEVEL_BEGINNER] =     { "beginner",     N_("Beginner"),
                           N_("Plays like someone who has just learned the rules"),
                                                             2,  1.0,  0, 8.0, false },
  [LEVEL_NOVICE] =       { "novice",       N_("Novice"),
                           N_("Plays like someone who has played a few games"),
                                                             2,  1.0,  4, 4.0, false },
  [LEVEL_CASUAL] =       { "casual",       N_("Casual"),
                           N_("Plays like a keen player at home, sometimes careless"),
                                                             3,  1.0,  8, 2.0, false },
  [LEVEL_INTERMEDIATE] = { "intermediate", N_("Intermediate"),
                           N_("Plays like a club player"),
                                                             4,  1.0, 10, 0.7, false },
  [LEVEL_ADVANCED] =     { "advanced",     N_("Advanced"),
                           N_("Plays like a strong tournament player"),
                                                             6,  2.0, 14, 0.0, false },
  [LEVEL_EXPERT] =       { "expert",       N_("Expert"),
                           N_("Plays like a top tournament player"),
                                                             8,  2.0, 16, 0.0, false },
  [LEVEL_MASTER] =       { "master",       N_("Master"),
                           N_("The strongest: thinks up to five seconds a move"),
                                                             60, 5.0, 24, 0.0, false },
};

const Level *level_get (LevelId level)
{
  assert (level >= 0 && level < LEVEL_COUNT);
  return &levels[level];
}

LevelId level_from_id (const char *id)
{
  if (!id)
    return LEVEL_NONE;
  for (int i = 0; i < LEVEL_COUNT; i++)
    if (strcmp (levels[i].id, id) == 0)
      return (LevelId) i;
  return LEVEL_NONE;
}

/* Reverse has no stability cutoffs worth the name (stable discs bound a Reverse score only
 * when the player holds many): its exact solve of 20 empties takes as long as the standard
 * one of 24 (`verso-engine solve --reverse`: 1 to 8 s at 20 empties, 0.5 to 2 s at 18). Under
 * Reverse the levels solve exactly from at most this many empties, so that the master still
 * answers within its 5 seconds. */
#define LEVEL_REVERSE_MAX_EXACT 18

static SearchLimits level_limits (const Search *search, const Level *level,
                                  const atomic_bool *stop)
{
  SearchLimits limits = search_limits_default ();
  limits.max_depth = level->depth;
  limits.soft_time = level->seconds * 0.5;
  limits.hard_time = level->seconds;
  limits.exact_empties = level->exact_empties;
  if (search_get_rules (search) == RULES_REVERSE && limits.exact_empties > LEVEL_REVERSE_MAX_EXACT)
    limits.exact_empties = LEVEL_REVERSE_MAX_EXACT;
  limits.threads = 1;
  limits.stop = stop;
  return limits;
}

typedef struct RootMove {
  int square;
  int score;  /* discs for the side to move at the root */
  bool exact;
} RootMove;

/* Scores one root move: the position after it, searched one ply shallower, seen from the root.
 * A pass of the opponent is played here so the search always gets a side that can move. */
static bool level_score_move (Search *search, const Board *board, int square,
                              const SearchLimits *limits, RootMove *root_move, uint64_t *nodes)
{
  Board next = *board;
  board_play_flips (&next, square, board_flips (board->player, board->opponent, square));
  root_move->square = square;
  if (board_is_game_over (&next)) {
    root_move->score = -rules_final_score (search_get_rules (search), board_final_score (&next));
    root_move->exact = true;
    return true;
  }
  int sign = -1;
  if (!board_legal_moves (&next)) {
    board_pass (&next);
    sign = 1;
  }
  SearchLimits child = *limits;
  child.max_depth = limits->max_depth > 1 ? limits->max_depth - 1 : 1;
  child.exact_empties = limits->exact_empties > 0 ? limits->exact_empties - 1 : limits->exact_empties;
  SearchResult result = search_run (search, &next, &child, NULL, NULL);
  *nodes += result.nodes;
  if (result.stopped && result.depth == 0)
    return false;
  root_move->score = sign * result.score;
  root_move->exact = result.exact;
  return true;
}

/* Scores every legal move at the level's limits into root_moves, within the level's time (at
 * least one move, even out of time); returns how many. */
static int level_score_moves (Search *search, const Board *board, const Level *level,
                              const atomic_bool *stop, RootMove root_moves[BOARD_SQUARES],
                              uint64_t *nodes)
{
  double start = clock_seconds ();
  SearchLimits limits = level_limits (search, level, stop);
  int count = 0;
  for (uint64_t moves = board_legal_moves (board); moves; moves &= moves - 1) {
    double left = level->seconds - (clock_seconds () - start);
    if (count > 0 && left <= 0)
      break;
    if (stop && atomic_load (stop) && count > 0)
      break;
    limits.hard_time = left > 0.001 ? left : 0.001;
    limits.soft_time = limits.hard_time;
    if (level_score_move (search, board, __builtin_ctzll (moves), &limits, &root_moves[count], nodes))
      count++;
  }
  if (count == 0) {
    /* No move could be scored in time: any legal move is better than none. */
    root_moves[0] = (RootMove) { __builtin_ctzll (board_legal_moves (board)), 0, false };
    count = 1;
  }
  return count;
}

/* How far a loss is from a bucket's range, in discs. */
static int bucket_distance (int loss, int bucket)
{
  int low = human_bucket_low (bucket), high = human_bucket_high (bucket);
  return loss < low ? low - loss : loss > high ? loss - high : 0;
}

/* The move whose loss is drawn from the people's: a target bucket for the position's phase and
 * difficulty, then one of the moves whose loss falls in it, each as likely; when none does, one
 * of those nearest to it (the smaller loss on a tie). Returns its index in root_moves. */
static int level_pick_human (const RootMove *root_moves, int count, int best, int empties,
                             double factor, uint64_t seed)
{
  const HumanErrors *people = human_errors_compiled ();
  int good = 0;
  for (int i = 0; i < count; i++)
    good += best - root_moves[i].score <= HUMAN_GOOD_LOSS;
  uint64_t state = seed;
  int bucket = people ? human_errors_draw (people, human_phase (empties), human_difficulty (good),
                                           factor, &state)
                      : 0;
  int nearest = -1, nearest_distance = 0, nearest_loss = 0, ties = 0;
  for (int i = 0; i < count; i++) {
    int loss = best - root_moves[i].score;
    int distance = bucket_distance (loss, bucket);
    bool same = nearest >= 0 && distance == nearest_distance && (distance == 0 || loss == nearest_loss);
    if (same) {
      /* Each of the ties as likely: keep this one with probability 1 / ties. */
      if (random_next (&state) % (uint64_t) ++ties == 0)
        nearest = i;
    } else if (nearest < 0 || distance < nearest_distance
               || (distance == nearest_distance && loss < nearest_loss)) {
      nearest = i;
      nearest_distance = distance;
      nearest_loss = loss;
      ties = 1;
    }
  }
  return nearest;
}

/* The human-like choice: every legal move scored, then one picked by level_pick_human. */
static int level_choose_human (Search *search, const Board *board, const Level *level,
                               uint64_t seed, const atomic_bool *stop, SearchResult *result)
{
  double start = clock_seconds ();
  RootMove root_moves[BOARD_SQUARES];
  uint64_t nodes = 0;
  int count = level_score_moves (search, board, level, stop, root_moves, &nodes);
  int best = root_moves[0].score;
  for (int i = 1; i < count; i++)
    if (root_moves[i].score > best)
      best = root_moves[i].score;
  int chosen = level_pick_human (root_moves, count, best, board_empties (board),
                                 level->errors, seed);

  if (result) {
    *result = (SearchResult) {
      .move = root_moves[chosen].square,
      .score = root_moves[chosen].score,
      .depth = level->depth,
      .exact = root_moves[chosen].exact,
      .stopped = stop && atomic_load (stop),
      .pv = { root_moves[chosen].square },
      .pv_length = 1,
      .nodes = nodes,
      .seconds = clock_seconds () - start,
    };
  }
  return root_moves[chosen].square;
}

/* Book moves within this many discs of the best book move are drawn alike: the book's values
 * come from depth-12 selective searches, whose error is larger than that, so games vary at no
 * real cost. */
#define LEVEL_BOOK_MAX_LOSS 2

/* The levels that play their search's best move (advanced and up: no errors, the trained
 * evaluation) open from the book; the lower ones keep their own human-like choices. The book
 * holds standard games only. */
static bool level_uses_book (const Search *search, const Level *level)
{
  return level->errors == 0 && !level->simple_eval && search_get_rules (search) == RULES_STANDARD;
}

/* A book move at once, as a search result: the move's book value, the book's depth, and the
 * book line that follows (each side's best book move) as the principal variation. */
static bool level_book_move (const Board *board, uint64_t seed, SearchResult *result)
{
  double start = clock_seconds ();
  BookMove chosen;
  if (book_choose (board, seed, LEVEL_BOOK_MAX_LOSS, &chosen) == BOARD_NO_MOVE)
    return false;
  if (result) {
    *result = (SearchResult) {
      .move = chosen.move,
      .score = chosen.score,
      .depth = book_depth (book_compiled ()),
      .pv = { chosen.move },
      .pv_length = 1,
    };
    Board line = *board;
    board_play (&line, chosen.move);
    BookMove moves[BOARD_SQUARES];
    while (result->pv_length < SEARCH_MAX_PLY && book_lookup (&line, moves) > 0) {
      result->pv[result->pv_length++] = moves[0].move;
      board_play (&line, moves[0].move);
    }
    result->seconds = clock_seconds () - start;
  }
  return true;
}

int level_choose_move_with (Search *search, const Board *board, const Level *level, uint64_t seed,
                            const atomic_bool *stop, SearchResult *result)
{
  assert (search && board && level);
  assert (level->depth >= 1 && level->errors >= 0);
  search_set_evaluation (search, level->simple_eval ? eval_simple () : eval_pattern ());
  if (level_uses_book (search, level) && level_book_move (board, seed, result))
    return result ? result->move : book_choose (board, seed, LEVEL_BOOK_MAX_LOSS, NULL);

  uint64_t moves = board_legal_moves (board);
  if (board_count (moves) <= 1 || level->errors == 0) {
    SearchLimits limits = level_limits (search, level, stop);
    /* A level bounded by its time alone (the master) manages it: more on a critical move, less
     * on a quiet one, the exact solve as soon as it is predicted to fit, never past its time. */
    if (level->depth >= SEARCH_MAX_PLY - 4)
      search_limits_set_budget (&limits, level->seconds);
    SearchResult best = search_run (search, board, &limits, NULL, NULL);
    if (result)
      *result = best;
    return best.move;
  }
  return level_choose_human (search, board, level, seed, stop, result);
}

int level_choose_move (Search *search, const Board *board, LevelId level, uint64_t seed,
                       const atomic_bool *stop, SearchResult *result)
{
  return level_choose_move_with (search, board, level_get (level), seed, stop, result);
}
