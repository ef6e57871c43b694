/* bench-review.c: which depth Analyse Game needs (issue 45): the moves of ten WTHOR games, each
 * graded as the review grades it (verso-game-analysis.h: best 0, good 1-2, inaccuracy 3-5,
 * mistake 6-11, blunder 12 or more discs lost) at depth D and at D + 4, exact from 18 empties
 * (the review's limits), and how often the two grades agree, with the time a game takes at D.
 * Book moves (a move of a book position whose position after it is in the book) are left out:
 * the review grades them from the book. One search per position, single thread, a fresh 32 MB
 * table each time (the analyst's size; a kept table would lend D the deeper search's entries),
 * deepened once to the deepest D + 4: the analysis at depth d is the one its iterative deepening
 * had when every move reached d, which is what a search stopped at d finds (analysis.h).
 * Games: ten spread evenly over WTB. Prints, for each D, the agreement over the graded moves
 * (a choice of two or more moves), over those searched (not solved exactly at both depths), over
 * every move (book moves and forced ones agreeing), grades at most one apart, the moves graded
 * mistake or worse at D that are so at D + 4, and the seconds a game at D and at D + 4 (every
 * position, forced and solved ones included; wall-clock seconds of the searches).
 * Usage: bench-review WTB [GAMES] [D...]  (default: 10 games, D = 10 12 14 16) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "board.h"
#include "book.h"
#include "search.h"
#include "wthor.h"

#define BENCH_HASH_BYTES ((size_t) 32 << 20)
#define BENCH_EXACT_EMPTIES 18
#define BENCH_DEEPER 4
#define BENCH_MAX_DEPTHS 8

/* The grades of verso-game-analysis.h (verso_grade_for_loss), by discs lost. */
static int grade_for_loss (int loss)
{
  return loss <= 0 ? 0 : loss <= 2 ? 1 : loss <= 5 ? 2 : loss <= 11 ? 3 : 4;
}

typedef struct Snapshots {
  int marks[2 * BENCH_MAX_DEPTHS];
  int mark_count;
  Analysis at[2 * BENCH_MAX_DEPTHS];
  double seconds[2 * BENCH_MAX_DEPTHS];
  bool taken[2 * BENCH_MAX_DEPTHS];
} Snapshots;

/* Every move's depth is at least mark: the analysis a search to depth mark would have ended
 * with (exact moves keep their empties as depth and are not searched again). */
static void on_progress (const Analysis *analysis, void *user_data)
{
  Snapshots *snapshots = user_data;
  int reached = SEARCH_MAX_PLY;
  for (int i = 0; i < analysis->count; i++)
    if (!analysis->moves[i].exact && analysis->moves[i].depth < reached)
      reached = analysis->moves[i].depth;
  for (int m = 0; m < snapshots->mark_count; m++)
    if (!snapshots->taken[m] && reached >= snapshots->marks[m]) {
      snapshots->at[m] = *analysis;
      snapshots->seconds[m] = analysis->seconds;
      snapshots->taken[m] = true;
    }
}

static int move_loss (const Analysis *analysis, int move, bool *exact)
{
  int best;
  const AnalysisMove *played = analysis_find (analysis, move);
  if (!played || !analysis_best_score (analysis, &best))
    return -1;
  *exact = played->exact;
  return best - played->score;
}

/* Whether move, played in board, is a book move: its position after is in the book. */
static bool is_book_move (const Board *board, int move)
{
  BookMove moves[BOARD_SQUARES];
  int count = book_lookup (board, moves);
  for (int i = 0; i < count; i++)
    if (moves[i].move == move)
      return !moves[i].leaves_book;
  return false;
}

typedef struct Tally {
  long graded, agree, searched, searched_agree;
  long near;              /* grades at most one apart */
  long serious, confirmed; /* mistake or worse at D; of which mistake or worse at D + 4 too */
  double seconds, deeper_seconds;
} Tally;

int main (int argc, char **argv)
{
  if (argc < 2) {
    fprintf (stderr, "usage: bench-review WTB [GAMES] [D...]\n");
    return 2;
  }
  int games = argc > 2 ? atoi (argv[2]) : 10;
  int depths[BENCH_MAX_DEPTHS] = { 10, 12, 14, 16 };
  int depth_count = 4;
  if (argc > 3) {
    depth_count = 0;
    for (int i = 3; i < argc && depth_count < BENCH_MAX_DEPTHS; i++)
      depths[depth_count++] = atoi (argv[i]);
  }
  Snapshots *snapshots = calloc (1, sizeof *snapshots);
  int deepest = 0;
  for (int d = 0; d < depth_count; d++) {
    snapshots->marks[2 * d] = depths[d];
    snapshots->marks[2 * d + 1] = depths[d] + BENCH_DEEPER;
    if (depths[d] + BENCH_DEEPER > deepest)
      deepest = depths[d] + BENCH_DEEPER;
  }
  snapshots->mark_count = 2 * depth_count;

  char error[512];
  WthorFile file;
  if (!wthor_read (argv[1], &file, stderr, error, sizeof error)) {
    fprintf (stderr, "bench-review: %s\n", error);
    return 1;
  }
  if (file.count == 0 || games < 1)
    return 1;
  if ((size_t) games > file.count)
    games = (int) file.count;

  /* How deep the book goes: its positions' most discs. */
  const Book *book = book_compiled ();
  int book_plies = 0;
  for (size_t i = 0; book && i < book_count (book); i++) {
    int plies = 60 - board_empties (&book_entry (book, i)->board);
    if (plies > book_plies)
      book_plies = plies;
  }
  printf ("book: %zu positions, up to ply %d, valued at depth %d\n", book ? book_count (book) : 0,
          book_plies, book ? book_depth (book) : 0);

  Search *search = search_new (BENCH_HASH_BYTES);
  Tally tallies[BENCH_MAX_DEPTHS] = { 0 };
  long book_moves = 0, forced = 0, positions = 0;
  for (int g = 0; g < games; g++) {
    const WthorGame *game = &file.games[(size_t) g * file.count / (size_t) games];
    Board board;
    board_init (&board);
    int last_book = 0, game_book = 0;
    for (int i = 0; i < game->move_count; i++) {
      if (!board_legal_moves (&board))
        board_pass (&board);
      int move = game->moves[i];
      if (is_book_move (&board, move)) {
        book_moves++;
        game_book++;
        last_book = i + 1;
        board_play (&board, move);
        continue;
      }
      positions++;
      memset (snapshots->taken, 0, sizeof snapshots->taken);
      SearchLimits limits = search_limits_default ();
      limits.max_depth = deepest;
      limits.exact_empties = BENCH_EXACT_EMPTIES;
      limits.threads = 1;
      search_clear (search);
      Analysis final;
      analysis_run (search, &board, &limits, on_progress, snapshots, &final);
      /* Ended exact before a mark: the mark has the final analysis. */
      for (int m = 0; m < snapshots->mark_count; m++)
        if (!snapshots->taken[m]) {
          snapshots->at[m] = final;
          snapshots->seconds[m] = final.seconds;
        }
      bool choice = board_count (board_legal_moves (&board)) >= 2;
      forced += !choice;
      for (int d = 0; d < depth_count; d++) {
        Tally *tally = &tallies[d];
        bool exact_low = false, exact_high = false;
        int low = move_loss (&snapshots->at[2 * d], move, &exact_low);
        int high = move_loss (&snapshots->at[2 * d + 1], move, &exact_high);
        tally->seconds += snapshots->seconds[2 * d];
        tally->deeper_seconds += snapshots->seconds[2 * d + 1];
        if (!choice || low < 0 || high < 0)
          continue;
        int grade_low = grade_for_loss (low), grade_high = grade_for_loss (high);
        bool agree = grade_low == grade_high;
        tally->graded++;
        tally->agree += agree;
        tally->near += abs (grade_low - grade_high) <= 1;
        tally->serious += grade_low >= 3;
        tally->confirmed += grade_low >= 3 && grade_high >= 3;
        if (!(exact_low && exact_high)) {
          tally->searched++;
          tally->searched_agree += agree;
        }
      }
      board_play (&board, move);
    }
    fprintf (stderr, "game %d of %d: %d book moves (last at ply %d), %d moves\n", g + 1, games,
             game_book, last_book, game->move_count);
  }
  long moves = positions + book_moves;
  printf ("%d games, %ld moves: %ld book moves, %ld positions analysed, %ld of them forced\n",
          games, moves, book_moves, positions, forced);
  printf ("| depth | grade = grade at depth + %d: graded moves | searched moves only | every move "
          "(book and forced agree) | at most one grade apart | mistakes or worse confirmed | "
          "s a game | s a game at depth + %d |\n", BENCH_DEEPER, BENCH_DEEPER);
  printf ("|---|---|---|---|---|---|---|---|\n");
  for (int d = 0; d < depth_count; d++) {
    const Tally *tally = &tallies[d];
    printf ("| %d | %.1f %% of %ld | %.1f %% of %ld | %.1f %% of %ld | %.1f %% | %ld of %ld | %.1f | %.1f |\n",
            depths[d], tally->graded ? 100.0 * tally->agree / tally->graded : 0.0, tally->graded,
            tally->searched ? 100.0 * tally->searched_agree / tally->searched : 0.0,
            tally->searched,
            moves ? 100.0 * (tally->agree + book_moves + forced) / moves : 0.0, moves,
            tally->graded ? 100.0 * tally->near / tally->graded : 0.0, tally->confirmed,
            tally->serious, tally->seconds / games, tally->deeper_seconds / games);
  }
  search_free (search);
  wthor_file_clear (&file);
  free (snapshots);
  return 0;
}
