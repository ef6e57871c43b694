/* test-nboard-clock.c: the time decisions of timed play: the budget a clock gives a move, the GGF
 * clock as notation.c reads it, the stretch of the nominal time, and a forced move answered at
 * once (and searched to the depth asked without time management). */
#include <math.h>
#include <string.h>

#include "check.h"
#include "cli.h"
#include "nboard.h"
#include "search.h"

/* nboard.c reports through verso-engine.c's cli_error, which this test does not link. */
void cli_error (const char *format, ...)
{
  (void) format;
}

static bool near (double a, double b)
{
  return fabs (a - b) < 1e-9;
}

static void test_move_budget (void)
{
  /* No clock: the cap, or nothing (depth play). */
  CHECK (search_move_budget (-1, 0, 40, 0) == 0);
  CHECK (near (search_move_budget (-1, 0, 40, 0.45), 0.45));
  /* 60 s for 20 moves of this side: a reserve of 5 % (at most 2 s) kept back. */
  CHECK (near (search_move_budget (60, 0, 40, 0), (60 - 2.0) / 20));
  CHECK (near (search_move_budget (20, 0, 40, 0), (20 - 1.0) / 20));
  CHECK (near (search_move_budget (20, 0, 39, 0), (20 - 1.0) / 20)); /* 39 empties: 20 moves */
  /* The increment comes back after the move: 90 % of it is spent. */
  CHECK (near (search_move_budget (60, 2, 40, 0), (60 - 2.0) / 20 + 1.8));
  /* Capped by --move-time, and the cap alone when the clock is generous. */
  CHECK (near (search_move_budget (60, 0, 40, 0.45), 0.45));
  CHECK (near (search_move_budget (60, 0, 40, 10), (60 - 2.0) / 20));
  /* The last move may use all but the reserve; an empty clock still plans a minimal move. */
  CHECK (near (search_move_budget (10, 0, 1, 0), 9.5));
  CHECK (near (search_move_budget (0, 0, 30, 0), 0.02));

  /* The hard limit stays inside the budget, the soft one inside the hard. */
  SearchLimits limits = search_limits_default ();
  search_limits_set_budget (&limits, 0.45);
  CHECK (limits.hard_time > 0.4 && limits.hard_time < 0.45);
  CHECK (limits.soft_time > 0 && limits.soft_time < limits.hard_time);
}

static void test_soft_scale (void)
{
  CHECK (near (search_soft_scale (false, 0, 0), 1.0));
  CHECK (search_soft_scale (true, 0, 0) > 1.0);               /* the best move changed */
  CHECK (search_soft_scale (false, 4 * 128, 1) > 1.0);        /* the score fell by 4 discs */
  CHECK (search_soft_scale (true, 4 * 128, 0) > search_soft_scale (true, 0, 0));
  CHECK (search_soft_scale (false, 0, 6) < 1.0);              /* the same best move for long */
  CHECK (search_predict_solve_seconds (22, 1e6) > search_predict_solve_seconds (20, 1e6));
  CHECK (search_predict_solve_seconds (20, 2e6) < search_predict_solve_seconds (20, 1e6));
}

#define GGF_START "(;GM[Othello]PC[NBoard]PB[b]PW[w]RE[?]TY[8]" \
                  "BO[8 ---------------------------O*------*O--------------------------- *]"

/* The clock of a GGF record; false when the record does not read or has no clock. */
static bool nboard_read_clock (const char *ggf, NotationClock *clock)
{
  NotationGame game;
  memset (clock, 0, sizeof *clock);
  if (notation_parse_ggf (ggf, strlen (ggf), &game, NULL).error)
    return false;
  *clock = game.clock;
  return clock->known;
}

static void test_read_clock (void)
{
  NotationClock clock;
  CHECK (nboard_read_clock (GGF_START "TI[5:00//02:00]B[F5//1.5]W[d6/-0.5/2.0]B[c3];)", &clock));
  CHECK (near (clock.main[0], 300) && near (clock.main[1], 300));
  CHECK (clock.increment[0] == 0 && clock.increment[1] == 0);
  CHECK (near (clock.used[0], 1.5) && near (clock.used[1], 2.0));
  CHECK (clock.moves[0] == 2 && clock.moves[1] == 1);

  /* TB and TW win over TI whatever the order; hours and an increment; GGS's flags. */
  CHECK (nboard_read_clock (GGF_START "TB[1:00:00/5]TI[10:00,N]TW[30/1.5/0];)", &clock));
  CHECK (near (clock.main[0], 3600) && near (clock.increment[0], 5));
  CHECK (near (clock.main[1], 30) && near (clock.increment[1], 1.5));

  /* No clock, or one that cannot be read; bad move times are not counted. */
  CHECK (!nboard_read_clock (GGF_START "B[f5];)", &clock));
  CHECK (!nboard_read_clock (GGF_START "TI[five minutes];)", &clock));
  CHECK (!nboard_read_clock (GGF_START "TI[1:2:3:4];)", &clock));
  CHECK (nboard_read_clock (GGF_START "TI[1:00]B[f5//-3]W[f6//x]B[e6//nan];)", &clock));
  CHECK (clock.used[0] == 0 && clock.used[1] == 0);
  CHECK (!nboard_read_clock ("TI[5:00", &clock));

  /* The budget of the side to move: white has 30 s - 10 s used for its moves of 58 empties. */
  CHECK (nboard_read_clock (GGF_START "TI[0:30]B[f5//4]W[d6//10];)", &clock));
  Position position;
  position_init (&position);
  position.side_to_move = POSITION_WHITE;
  CHECK (near (nboard_clock_budget (&clock, &position, 0), search_move_budget (20, 0, 60, 0)));
  position.side_to_move = POSITION_BLACK;
  CHECK (near (nboard_clock_budget (&clock, &position, 0.1), 0.1));
}

/* A position with a single legal move, found by a fixed walk (always the lowest square) from
 * the start. */
static bool find_forced (Board *board)
{
  board_init (board);
  for (int ply = 0; ply < 50; ply++) {
    uint64_t moves = board_legal_moves (board);
    if (!moves)
      return false;
    if (board_count (moves) == 1 && board_empties (board) > 20)
      return true;
    board_play (board, __builtin_ctzll (moves));
  }
  return false;
}

static void test_forced_move (void)
{
  Board board;
  CHECK (find_forced (&board));
  Search *search = search_new (1 << 20);
  SearchLimits limits = search_limits_default ();
  search_limits_set_budget (&limits, 60);
  SearchResult result = search_run (search, &board, &limits, NULL, NULL);
  CHECK (result.move == __builtin_ctzll (board_legal_moves (&board)));
  /* One iteration of one ply: a handful of nodes, not a minute of search. */
  CHECK (result.depth == 1 && result.nodes < 100 && !result.stopped);

  /* Plain limits (an analysis scoring the position) search the depth asked, forced or not. */
  limits = search_limits_default ();
  limits.max_depth = 4;
  limits.exact_empties = -1;
  limits.hard_time = 60;
  result = search_run (search, &board, &limits, NULL, NULL);
  CHECK (result.depth == 4 && !result.stopped);
  search_free (search);
}

int main (void)
{
  check_run ("move budget", test_move_budget);
  check_run ("soft time scale", test_soft_scale);
  check_run ("GGF clock", test_read_clock);
  check_run ("forced move", test_forced_move);
  return check_finish ();
}
