/* endgame.c: the exact solver. From 9 empties: transposition table, enhanced transposition
 * cutoffs, fastest-first order (from 14 empties the evaluation's, from 18 a shallow search's),
 * principal variation search, and in the selective solve (search.c runs one before the exact
 * solve) ProbCut from 12 empties; 6 to 8: fastest first without the
 * table; 4 and 5: a loop over the legal moves in parity order, then by kind of square, without
 * move lists; the last three empty squares, the last two and the last one have their own code. */
#include "endgame.h"

#include <assert.h>

#include "board.h"

/* The copies for newer instruction sets use that set's move generation and flips, including
 * in the move lists of move_order.h, which is why these come before it. The AVX-512 copy
 * generates moves with AVX2: the eight-lane version's final reduction costs more than its shifts
 * save (fforum-20-39: 3.05 s with it, 2.86 s without). */
#if defined(ENDGAME_AVX512)
#include "board-x86.h"
#define board_moves board_moves_avx2
#define board_flips_empty board_flips_empty_avx512
#elif defined(ENDGAME_X86_64_V3)
#include "board-x86.h"
#define board_moves board_moves_avx2
#endif

#include "endgame_shared.h"
#include "midgame.h"
#include "move_order.h"
#include "probcut.h"
#include "search_internal.h"

/* From this many empties the solver stores results in the transposition table. */
#define ENDGAME_HASH_EMPTIES 9
/* From this many empties the children are looked up in the table before any is searched
 * (enhanced transposition cutoff). */
#define ENDGAME_ETC_EMPTIES 10
/* From this many empties moves are ordered fastest first (below: parity only). */
#define ENDGAME_SORT_EMPTIES 6
/* From this many empties the 4-5 empties loop tries the stability cutoff (with the count of
 * board_stable_discs_of: on fforum-20-39, 4 % fewer nodes, time unchanged or a little less). */
#define ENDGAME_SMALL_STABILITY_EMPTIES 4
/* From this many empties the evaluation joins mobility in ordering the moves. */
#define ENDGAME_EVAL_SORT_EMPTIES 14
/* From this many empties a midgame search of ENDGAME_SEARCH_SORT_DEPTH plies after each move
 * orders them (measured on fforum-20-39: 5 % fewer nodes; deeper searches, or from fewer
 * empties, cost more than they saved). */
#define ENDGAME_SEARCH_SORT_EMPTIES 18
#define ENDGAME_SEARCH_SORT_DEPTH 1
/* From this many empties the selective solve (thread->endgame_probcut_percent) tries ProbCut:
 * a shallow midgame search that predicts the end of the game beyond the window ends the
 * position (fforum-20-39 with a selective pass before the exact one: from 12 empties 81.3 M
 * nodes, 13: 83.4 M, 14: 86.9 M, 10: 83.5 M but slower). */
#define ENDGAME_PROBCUT_EMPTIES 12
/* With several threads, from this many empties a thread tells the others which position it
 * is solving. */
#define ENDGAME_BUSY_EMPTIES 12

/* The stability cutoff is tried only when alpha is high enough for it to have a chance. */
static const int stability_threshold[65] = {
  99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42,
  44, 46, 48, 48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64,
  64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64,
};

/* Quadrant parity: bit q is set when quadrant q (0 a1-d4, 1 e1-h4, 2 a5-d8, 3 e5-h8) holds an
 * odd number of empty squares; playing a square flips its quadrant's bit. */
static inline int quadrant_bit (int square)
{
  return 1 << (((square >> 4) & 2) | ((square >> 2) & 1));
}

static int parity_of (uint64_t empty)
{
  int parity = 0;
  for (uint64_t squares = empty; squares; squares &= squares - 1)
    parity ^= quadrant_bit (__builtin_ctzll (squares));
  return parity;
}

/* The squares of the quadrants whose bits are set in `parity`. */
static const uint64_t parity_squares[16] = {
  0x0000000000000000ULL, 0x000000000F0F0F0FULL, 0x00000000F0F0F0F0ULL, 0x00000000FFFFFFFFULL,
  0x0F0F0F0F00000000ULL, 0x0F0F0F0F0F0F0F0FULL, 0x0F0F0F0FF0F0F0F0ULL, 0x0F0F0F0FFFFFFFFFULL,
  0xF0F0F0F000000000ULL, 0xF0F0F0F00F0F0F0FULL, 0xF0F0F0F0F0F0F0F0ULL, 0xF0F0F0F0FFFFFFFFULL,
  0xFFFFFFFF00000000ULL, 0xFFFFFFFF0F0F0F0FULL, 0xFFFFFFFFF0F0F0F0ULL, 0xFFFFFFFFFFFFFFFFULL,
};

/* The squares next to each square: a move flips nothing unless one holds an opponent disc,
 * a test cheaper than the flips near the end, where most empty squares are no moves. */
static const uint64_t neighbour_squares[64] = {
  0x0000000000000302ULL, 0x0000000000000705ULL, 0x0000000000000E0AULL, 0x0000000000001C14ULL,
  0x0000000000003828ULL, 0x0000000000007050ULL, 0x000000000000E0A0ULL, 0x000000000000C040ULL,
  0x0000000000030203ULL, 0x0000000000070507ULL, 0x00000000000E0A0EULL, 0x00000000001C141CULL,
  0x0000000000382838ULL, 0x0000000000705070ULL, 0x0000000000E0A0E0ULL, 0x0000000000C040C0ULL,
  0x0000000003020300ULL, 0x0000000007050700ULL, 0x000000000E0A0E00ULL, 0x000000001C141C00ULL,
  0x0000000038283800ULL, 0x0000000070507000ULL, 0x00000000E0A0E000ULL, 0x00000000C040C000ULL,
  0x0000000302030000ULL, 0x0000000705070000ULL, 0x0000000E0A0E0000ULL, 0x0000001C141C0000ULL,
  0x0000003828380000ULL, 0x0000007050700000ULL, 0x000000E0A0E00000ULL, 0x000000C040C00000ULL,
  0x0000030203000000ULL, 0x0000070507000000ULL, 0x00000E0A0E000000ULL, 0x00001C141C000000ULL,
  0x0000382838000000ULL, 0x0000705070000000ULL, 0x0000E0A0E0000000ULL, 0x0000C040C0000000ULL,
  0x0003020300000000ULL, 0x0007050700000000ULL, 0x000E0A0E00000000ULL, 0x001C141C00000000ULL,
  0x0038283800000000ULL, 0x0070507000000000ULL, 0x00E0A0E000000000ULL, 0x00C040C000000000ULL,
  0x0302030000000000ULL, 0x0705070000000000ULL, 0x0E0A0E0000000000ULL, 0x1C141C0000000000ULL,
  0x3828380000000000ULL, 0x7050700000000000ULL, 0xE0A0E00000000000ULL, 0xC040C00000000000ULL,
  0x0203000000000000ULL, 0x0507000000000000ULL, 0x0A0E000000000000ULL, 0x141C000000000000ULL,
  0x2838000000000000ULL, 0x5070000000000000ULL, 0xA0E0000000000000ULL, 0x40C0000000000000ULL,
};

/* Kinds of square in the order the 4-5 empties loop tries them within a parity class: corners,
 * edges and the centre first, then the second ring, then the squares next to a corner (C and X),
 * which most often give the corner away (fforum-20-39: 3 % fewer nodes than parity alone). */
#define SQUARES_NEXT_TO_CORNER 0x42C300000000C342ULL
#define SQUARES_SECOND_RING 0x003C424242423C00ULL
#define SQUARES_FIRST (~(SQUARES_NEXT_TO_CORNER | SQUARES_SECOND_RING))

/* One empty square left: whoever can play it does (the player first), and the game ends. The
 * flips are counted, not made (board_last_flip_count). Fail-soft: when the player cannot play,
 * the opponent's move only lowers the score, so a score already at most alpha is returned (an
 * upper bound) without counting the opponent's flips. */
static inline int solve_last_1 (SearchThread *thread, uint64_t player, uint64_t opponent,
                                int alpha, int square)
{
  thread->nodes++;
  int score = 2 * board_count (player) - 62; /* the player's move, before its flips */
  int flips = board_last_flip_count (player, square);
  if (flips)
    return score + 2 * flips;
  /* No move for the player: at best the square stays empty with the player ahead. */
  if (score <= alpha)
    return score;
  flips = board_last_flip_count (opponent, square);
  if (flips)
    return score - 2 - 2 * flips;
  return endgame_final_score (player, opponent, 1);
}

/* The moves of the side to move on the last two squares x1 and x2, each followed by the other
 * square; -SEARCH_SCORE_INF when it has none. Forced inline, with solve_last_2, into the three
 * calls of solve_last_3: the call and its stack set-up cost more than the extra code
 * (fforum-20-39: 1.6 % fewer instructions, about 1.5 % less time). */
static inline __attribute__ ((always_inline)) int
solve_last_2_moves (SearchThread *thread, uint64_t player, uint64_t opponent, int beta, int x1,
                    int x2)
{
  int best = -SEARCH_SCORE_INF;
  uint64_t flips;
  if ((opponent & neighbour_squares[x1])
      && (flips = board_flips_empty (player, opponent, x1))) {
    best = -solve_last_1 (thread, opponent ^ flips, player ^ flips ^ board_bit (x1), -beta, x2);
    if (best >= beta)
      return best;
  }
  if ((opponent & neighbour_squares[x2])
      && (flips = board_flips_empty (player, opponent, x2))) {
    int score = -solve_last_1 (thread, opponent ^ flips, player ^ flips ^ board_bit (x2),
                               -beta, x1);
    if (score > best)
      best = score;
  }
  return best;
}

/* Two empty squares, x1 and x2; a pass is played out here rather than by recursion, so that it
 * inlines. */
static inline __attribute__ ((always_inline)) int
solve_last_2 (SearchThread *thread, uint64_t player, uint64_t opponent, int alpha, int beta,
              int x1, int x2)
{
  thread->nodes++;
  int best = solve_last_2_moves (thread, player, opponent, beta, x1, x2);
  if (best != -SEARCH_SCORE_INF)
    return best;
  thread->nodes++; /* the pass */
  best = solve_last_2_moves (thread, opponent, player, -alpha, x1, x2);
  if (best != -SEARCH_SCORE_INF)
    return -best;
  return endgame_final_score (player, opponent, 2);
}

/* The opponent's stable discs bound the score from above. */
static inline bool stability_cutoff (uint64_t player, uint64_t opponent, int empties, int alpha,
                                     int *score)
{
  /* Not even all the opponent's discs stable would bring the bound down to alpha. */
  if (alpha < stability_threshold[empties] || 64 - 2 * board_count (opponent) > alpha)
    return false;
  int bound = 64 - 2 * board_count (board_stable_discs_of (opponent, player));
  if (bound <= alpha) {
    *score = bound;
    return true;
  }
  return false;
}

/* One move of solve_last_3: square x played, then the last two squares y and z. */
#define SOLVE_LAST_3_MOVE(x, y, z)                                                          \
  if ((opponent & neighbour_squares[x])                                                   \
      && (flips = board_flips_empty (player, opponent, x))) {                             \
    int score = -solve_last_2 (thread, opponent ^ flips, player ^ flips ^ board_bit (x),   \
                               -beta, -alpha, y, z);                                      \
    if (score > best) {                                                                   \
      best = score;                                                                       \
      if (score > alpha) {                                                                \
        alpha = score;                                                                    \
        if (alpha >= beta)                                                                \
          return best;                                                                    \
      }                                                                                   \
    }                                                                                     \
  }

/* Three empty squares in the order to try them (odd quadrants first): unrolled, the squares
 * passed down as numbers, no bit loops. */
static int solve_last_3 (SearchThread *thread, uint64_t player, uint64_t opponent, int alpha,
                         int beta, int x1, int x2, int x3, bool passed)
{
  thread->nodes++;
  int best = -SEARCH_SCORE_INF;
  uint64_t flips;
  SOLVE_LAST_3_MOVE (x1, x2, x3)
  SOLVE_LAST_3_MOVE (x2, x1, x3)
  SOLVE_LAST_3_MOVE (x3, x1, x2)
  if (best == -SEARCH_SCORE_INF) {
    if (passed)
      return endgame_final_score (player, opponent, 3);
    return -solve_last_3 (thread, opponent, player, -beta, -alpha, x1, x2, x3, true);
  }
  return best;
}
#undef SOLVE_LAST_3_MOVE

/* Solves the 3 empty squares `empty` in parity order (squares of odd quadrants first). */
static inline int solve_last_3_ordered (SearchThread *thread, uint64_t player, uint64_t opponent,
                                        int alpha, int beta, uint64_t empty, int parity)
{
  uint64_t odd = parity_squares[parity];
  int x[3], n = 0;
  for (uint64_t squares = empty & odd; squares; squares &= squares - 1)
    x[n++] = __builtin_ctzll (squares);
  for (uint64_t squares = empty & ~odd; squares; squares &= squares - 1)
    x[n++] = __builtin_ctzll (squares);
  return solve_last_3 (thread, player, opponent, alpha, beta, x[0], x[1], x[2], false);
}

/* 4 or 5 empty squares: legal moves in odd quadrants first, each quadrant class in the order of
 * the kinds of square; no table, no move list. */
static int solve_small (SearchThread *thread, uint64_t player, uint64_t opponent, int alpha,
                        int beta, uint64_t empty, int empties, int parity, bool passed)
{
  thread->nodes++;
  int score;
  if (empties >= ENDGAME_SMALL_STABILITY_EMPTIES
      && stability_cutoff (player, opponent, empties, alpha, &score))
    return score;
  uint64_t moves = board_moves (player, opponent);
  if (!moves) {
    if (passed)
      return endgame_final_score (player, opponent, empties);
    return -solve_small (thread, opponent, player, -beta, -alpha, empty, empties, parity, true);
  }
  uint64_t odd = parity_squares[parity];
  uint64_t order[6] = {
    moves & odd & SQUARES_FIRST, moves & odd & SQUARES_SECOND_RING,
    moves & odd & SQUARES_NEXT_TO_CORNER, moves & ~odd & SQUARES_FIRST,
    moves & ~odd & SQUARES_SECOND_RING, moves & ~odd & SQUARES_NEXT_TO_CORNER,
  };
  int best = -SEARCH_SCORE_INF;
  for (int k = 0; k < 6; k++) {
    for (uint64_t squares = order[k]; squares; squares &= squares - 1) {
      int square = __builtin_ctzll (squares);
      uint64_t flips = board_flips_empty (player, opponent, square);
      uint64_t bit = board_bit (square), rest = empty ^ bit;
      uint64_t next_player = opponent ^ flips, next_opponent = player ^ flips ^ bit;
      if (empties == 4) {
        score = -solve_last_3_ordered (thread, next_player, next_opponent, -beta, -alpha, rest,
                                       parity ^ quadrant_bit (square));
      } else {
        score = -solve_small (thread, next_player, next_opponent, -beta, -alpha, rest,
                              empties - 1, parity ^ quadrant_bit (square), false);
      }
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta)
            return best;
        }
      }
    }
  }
  return best;
}

/* Any position of at most 5 empties. */
static int solve_few (SearchThread *thread, uint64_t player, uint64_t opponent, int alpha,
                      int beta, uint64_t empty)
{
  int empties = board_count (empty);
  if (empties == 3)
    return solve_last_3_ordered (thread, player, opponent, alpha, beta, empty, parity_of (empty));
  if (empties > 3)
    return solve_small (thread, player, opponent, alpha, beta, empty, empties, parity_of (empty),
                        false);
  if (empties == 2)
    return solve_last_2 (thread, player, opponent, alpha, beta, __builtin_ctzll (empty),
                         __builtin_ctzll (empty & (empty - 1)));
  if (empties == 1)
    return solve_last_1 (thread, player, opponent, alpha, __builtin_ctzll (empty));
  thread->nodes++;
  return endgame_final_score (player, opponent, 0);
}

static int solve_deep (SearchThread *thread, const Board *board, int alpha, int beta,
                       bool passed);

/* 6 to 8 empty squares: fastest first, no table. */
static int solve_sorted (SearchThread *thread, const Board *board, int alpha, int beta,
                         bool passed)
{
  if (search_thread_aborted (thread))
    return 0;
  thread->nodes++;
  uint64_t empty = board_empty_squares (board);
  int empties = board_count (empty);
  int score;
  if (stability_cutoff (board->player, board->opponent, empties, alpha, &score))
    return score;
  uint64_t moves = board_moves (board->player, board->opponent);
  if (!moves) {
    if (passed)
      return endgame_final_score (board->player, board->opponent, empties);
    Board next = { board->opponent, board->player };
    return -solve_sorted (thread, &next, -beta, -alpha, true);
  }
  MoveList list;
  move_list_generate (&list, board, moves);
  move_list_score_shallow (&list, board);
  int best = -SEARCH_SCORE_INF;
  for (int i = 0; i < list.count; i++) {
    const Move *move = move_list_next (&list, i);
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    if (empties - 1 < ENDGAME_SORT_EMPTIES)
      score = -solve_few (thread, next.player, next.opponent, -beta, -alpha,
                          empty ^ board_bit (move->square));
    else
      score = -solve_sorted (thread, &next, -beta, -alpha, false);
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta)
          break;
      }
    }
  }
  return best;
}

static inline int solve_any (SearchThread *thread, const Board *board, int alpha, int beta)
{
  int empties = board_empties (board);
  if (empties >= ENDGAME_HASH_EMPTIES)
    return solve_deep (thread, board, alpha, beta, false);
  if (empties >= ENDGAME_SORT_EMPTIES)
    return solve_sorted (thread, board, alpha, beta, false);
  return solve_few (thread, board->player, board->opponent, alpha, beta,
                    board_empty_squares (board));
}

/* Deep positions: transposition table, enhanced transposition cutoffs, fastest-first order,
 * principal variation search. With several threads, a move another thread is searching right
 * now is put off until the others are done (its result may then be in the table). */
static int solve_deep (SearchThread *thread, const Board *board, int alpha, int beta,
                       bool passed)
{
  if (search_thread_aborted (thread))
    return 0;
  thread->nodes++;
  int empties = board_empties (board);
  int score;
  if (stability_cutoff (board->player, board->opponent, empties, alpha, &score))
    return score;
  uint64_t key = board_hash (board);
  int hash_move = BOARD_NO_MOVE;
  if (endgame_hash_cut (thread, key, &alpha, &beta, &hash_move, &score))
    return score;
  uint64_t moves = board_moves (board->player, board->opponent);
  if (!moves) {
    if (passed)
      return endgame_final_score (board->player, board->opponent, empties);
    Board next = { board->opponent, board->player };
    return -solve_deep (thread, &next, -beta, -alpha, true);
  }
  /* The selective solve: Multi-ProbCut with the regression of a search to the end. */
  if (thread->endgame_probcut_percent && empties >= ENDGAME_PROBCUT_EMPTIES) {
    const ProbCut *cut = probcut_get (empties, empties);
    if (cut && midgame_probcut (thread, board, cut, thread->endgame_probcut_percent, alpha, beta,
                                EVAL_SCALE, passed, &score))
      return score;
  }
  MoveList list;
  move_list_generate (&list, board, moves);
  /* The children's buckets are fetched while the moves are scored, then read. */
  uint64_t keys[MOVE_LIST_MAX];
  bool etc = empties >= ENDGAME_ETC_EMPTIES;
  if (etc)
    endgame_prefetch_children (thread, board, &list, keys);
  if (empties >= ENDGAME_SEARCH_SORT_EMPTIES)
    move_list_score_searched (thread, board, &list, ENDGAME_SEARCH_SORT_DEPTH, hash_move);
  else if (empties >= ENDGAME_EVAL_SORT_EMPTIES)
    move_list_score_evaluated (thread, board, &list, hash_move);
  else
    move_list_score_endgame (&list, board, hash_move);
  if (etc && endgame_transposition_cutoff (thread, &list, keys, beta, &score))
    return score;

  bool shared_work = thread->busy && empties - 1 >= ENDGAME_BUSY_EMPTIES;
  if (shared_work)
    search_busy_enter (thread, key);
  int best = -SEARCH_SCORE_INF, best_move = BOARD_NO_MOVE;
  int window_alpha = alpha;
  int deferred[MOVE_LIST_MAX], n_deferred = 0;
  for (int i = 0, k = 0; i < list.count || k < n_deferred; ) {
    const Move *move;
    bool from_list = i < list.count;
    if (from_list)
      move = move_list_next (&list, i++);
    else
      move = &list.moves[deferred[k++]];
    Board next = *board;
    board_play_flips (&next, move->square, move->flips);
    bool first = best == -SEARCH_SCORE_INF;
    if (!first && from_list && shared_work && search_busy_elsewhere (thread, board_hash (&next))) {
      deferred[n_deferred++] = i - 1;
      continue;
    }
    score = endgame_solve_child (thread, solve_any, &next, alpha, beta, first);
    if (thread->aborted
        || search_take_score (score, move->square, &best, &best_move, &alpha, beta))
      break;
  }
  if (shared_work)
    search_busy_leave (thread, key);
  if (thread->aborted)
    return 0;
  hash_store (thread->hash, key,
              thread->endgame_probcut_percent ? HASH_DEPTH_SELECTIVE : HASH_DEPTH_EXACT,
              window_alpha * EVAL_SCALE, beta * EVAL_SCALE, best * EVAL_SCALE, best_move);
  return best;
}

#if defined(ENDGAME_AVX512)
#define ENDGAME_SOLVE endgame_solve_avx512
#elif defined(ENDGAME_X86_64_V3)
#define ENDGAME_SOLVE endgame_solve_x86_64_v3
#else
#define ENDGAME_SOLVE endgame_solve_portable
#endif

int ENDGAME_SOLVE (SearchThread *thread, const Board *board, int alpha, int beta)
{
  assert (thread && board);
  assert (alpha < beta);
  return solve_any (thread, board, alpha, beta);
}
