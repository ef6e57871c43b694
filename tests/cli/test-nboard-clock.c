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

#define GGF_START "(;GM[Othello]PC[NBoard]PB[b]PW[w]RE[?]TY[8]" \
                  "BO[8 ---------------------------O*------*O--------------------------- *]"

static bool near (double a, double b)
{
  return fabs (a - b) < 1e-9;
}

static void test_move_budget (void)
{
  /* No clock: the cap, or nothing (depth play). */
  CHECK (search_move_budget (-1, 0, 40, 0) == 0);
  CHECK (near (search_move_budget (-1, 0, 40, 0.45), 0.45));
  /* The moves to plan for: every other empty square, a middle-game move counting 1 and an
   * endgame one (20 empties or fewer) a small share; at least one. */
  double plan = search_moves_to_plan (40);
  CHECK (near (plan - search_moves_to_plan (38), 1));
  CHECK (near (search_moves_to_plan (39), plan)); /* 39 empties: this side's 20 moves too */
  CHECK (search_moves_to_plan (20) > 0.5 && search_moves_to_plan (20) < 5);
  CHECK (plan > 10 && plan < 15);
  CHECK (near (search_moves_to_plan (1), 1) && near (search_moves_to_plan (0), 1));
  /* 60 s for the moves of 40 empties: a reserve of 5 % (at most 2 s) kept back. */
  CHECK (near (search_move_budget (60, 0, 40, 0), (60 - 2.0) / plan));
  CHECK (near (search_move_budget (20, 0, 40, 0), (20 - 1.0) / plan));
  /* The increment comes back after the move: 90 % of it is spent. */
  CHECK (near (search_move_budget (60, 2, 40, 0), (60 - 2.0) / plan + 1.8));
  /* Capped by --move-time, and the cap alone when the clock is generous. */
  CHECK (near (search_move_budget (60, 0, 40, 0.45), 0.45));
  CHECK (near (search_move_budget (60, 0, 40, 10), (60 - 2.0) / plan));
  /* The last move may use all but the reserve; an empty clock still plans a minimal move. */
  CHECK (near (search_move_budget (10, 0, 1, 0), 9.5));
  CHECK (near (search_move_budget (0, 0, 30, 0), 0.02));

  /* The hard limit stays inside the budget, the soft one inside the hard. */
  SearchLimits limits = search_limits_default ();
  search_limits_set_budget (&limits, 0.45);
  CHECK (limits.hard_time > 0.4 && limits.hard_time < 0.45);
  CHECK (limits.soft_time > 0 && limits.soft_time < limits.hard_time);
}

static void test_average_budget (void)
{
  /* A fresh game at 0.5 s a move: the middle game's share is over the average (the endgame
   * needs little), and no move may take more than four times the average. */
  double first = nboard_average_budget (0.5, 0, 0, 60);
  CHECK (first > 0.5 && first <= 2.0);
  CHECK (near (nboard_average_budget (0.5, 0, 25, 22), 2.0));
  /* Time saved comes back, time spent is owed: the less spent, the more a move gets. */
  CHECK (nboard_average_budget (0.5, 2, 10, 40) > nboard_average_budget (0.5, 6, 10, 40));
  /* Never more than what is left of the game's allowance, */
  CHECK (nboard_average_budget (0.5, 14.9, 10, 40) <= 0.1 + 1e-9);
  /* and with nothing left, the least move search_move_budget plans. */
  CHECK (near (nboard_average_budget (0.5, 20, 10, 40), search_move_budget (0, 0, 40, 0)));
  /* A game where each of this side's 30 moves takes its whole budget: the middle game's
   * moves get more than the average, and the game takes no more than the average a move but
   * for the least budgets of the moves after the allowance ran out. */
  double spent = 0, least = search_move_budget (0, 0, 2, 0);
  for (int replies = 0; replies < 30; replies++) {
    double budget = nboard_average_budget (0.5, spent, replies, 60 - 2 * replies);
    if (replies < 10)
      CHECK (budget > 0.5);
    spent += budget;
  }
  CHECK (spent > 0.5 * 30 * 0.95 && spent <= 0.5 * 30 + 30 * least + 1e-9);
}

/* The last move the engine wrote to `out` (a `=== F5/score/seconds` line), as a square name. */
static bool last_reply (FILE *out, char move[3])
{
  char line[256];
  bool found = false;
  rewind (out);
  while (fgets (line, sizeof line, out))
    if (strncmp (line, "=== ", 4) == 0) {
      move[0] = line[4], move[1] = line[5], move[2] = '\0';
      found = true;
    }
  fseek (out, 0, SEEK_END);
  return found;
}

static bool command (NboardEngine *engine, const char *text)
{
  char line[1024];
  snprintf (line, sizeof line, "%s", text);
  return nboard_engine_command (engine, line);
}

/* The engine's account of its own time: its replies to `go` in the game as it stands, by side. */
static void test_ledger (void)
{
  FILE *out = tmpfile (), *err = tmpfile ();
  CHECK (out && err);
  NboardEngine *engine = nboard_engine_new (1 << 20, out, err);
  CHECK (engine != NULL);
  nboard_engine_set_book (engine, false, 0);
  nboard_engine_set_average_time (engine, 0.05);
  command (engine, "set depth 4");
  command (engine, "set game " GGF_START ";)");
  int replies = -1;
  CHECK (nboard_engine_spent (engine, POSITION_BLACK, &replies) == 0 && replies == 0);
  /* Black's reply, which the GUI then plays, and a white move of the GUI's own. */
  command (engine, "go");
  command (engine, "set depth 4"); /* waits for the reply */
  char move[3], line[64];
  CHECK (last_reply (out, move));
  double black = nboard_engine_spent (engine, POSITION_BLACK, &replies);
  CHECK (replies == 0); /* not in the game yet */
  snprintf (line, sizeof line, "move %s", move);
  command (engine, line);
  black = nboard_engine_spent (engine, POSITION_BLACK, &replies);
  CHECK (replies == 1 && black >= 0 && black < 1);
  Position position = notation_game_position (nboard_engine_game (engine), 1);
  char white[3];
  notation_format_square (__builtin_ctzll (board_legal_moves (&position.board)), white);
  snprintf (line, sizeof line, "move %s", white);
  command (engine, line);
  /* Black again: two replies. White's moves were not the engine's. */
  command (engine, "go");
  command (engine, "set depth 4");
  CHECK (last_reply (out, move));
  snprintf (line, sizeof line, "move %s", move);
  command (engine, line);
  double both = nboard_engine_spent (engine, POSITION_BLACK, &replies);
  CHECK (replies == 2 && both >= black);
  CHECK (nboard_engine_spent (engine, POSITION_WHITE, &replies) == 0 && replies == 0);
  /* The same game set afresh (as a GUI sends it before each move) keeps the account; a game
   * taken back to the start, or another game, no longer holds those replies. */
  const NotationGame *played = nboard_engine_game (engine);
  CHECK (played->n_moves == 3);
  char game[512] = "set game " GGF_START;
  for (size_t i = 0; i < played->n_moves; i++) {
    char square[3];
    notation_format_square (played->moves[i], square);
    snprintf (game + strlen (game), sizeof game - strlen (game), "%s[%s]", i % 2 ? "W" : "B",
              square);
  }
  strcat (game, ";)");
  command (engine, game);
  CHECK (near (nboard_engine_spent (engine, POSITION_BLACK, &replies), both) && replies == 2);
  command (engine, "set game " GGF_START ";)");
  CHECK (nboard_engine_spent (engine, POSITION_BLACK, &replies) == 0 && replies == 0);
  nboard_engine_free (engine);
  fclose (out);
  fclose (err);
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
  check_run ("average time", test_average_budget);
  check_run ("own time account", test_ledger);
  check_run ("soft time scale", test_soft_scale);
  check_run ("GGF clock", test_read_clock);
  check_run ("forced move", test_forced_move);
  return check_finish ();
}
