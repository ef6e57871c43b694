/* errors.c: `verso-engine errors`, how many discs each move loses, by phase and difficulty
 * (human_errors.h): the moves of a sample of tournament games (--wthor), or of games a level
 * plays against itself from the match starts (--level), each scored by a referee, then printed
 * as Markdown tables; --write keeps the tournament players' table as data/human-errors.txt, the
 * model the lower levels err by.
 *
 * The referee analyses every legal move (analysis.h) to --depth plies, exactly from --exact
 * empties, and a move's loss is the best score minus the played move's. Default depth 8, exact
 * from 14: the levels that err search 2 to 4 plies, so a referee twice as deep tells their
 * mistakes apart, and 14 empties solve in milliseconds. Measured on one core of the 2-core
 * development machine: 0.4 to 0.7 s a tournament game (about 45 scored moves) at depth 8,
 * exact 14, against 1.4 s at depth 10, exact 16; a 2000-game table is then some 15 to 25
 * minutes on one thread, a minute or two with --jobs 16.
 * Plies 1-8 are left out (the levels play from 8-ply starts, and tournament players play those
 * from memory), and so are moves without a choice (one legal move). A level's games: it plays
 * itself, as the tournament players played their equals, game i from match start i (mod 128).
 * Everything is a sum of whole numbers over games each scored on a cleared table, so the output
 * depends on the seed and the sample only, not on --jobs (unless a level runs out of its time). */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis.h"
#include "board.h"
#include "clock.h"
#include "cli.h"
#include "human_errors.h"
#include "level.h"
#include "match.h"
#include "options.h"
#include "random.h"
#include "start.h"
#include "workers.h"
#include "write-file.h"
#include "wthor.h"

#define ERRORS_HASH_BYTES ((size_t) 16 << 20)
#define ERRORS_MAX_GAMES 1000000
#define ERRORS_MAX_JOBS 64
/* Positions with more empties than this (plies 1 to START_PLIES) are not scored. */
#define ERRORS_MAX_EMPTIES (60 - START_PLIES)
/* --level all: every level below the master, which out-searches the referee. */
#define ERRORS_ALL_LEVELS LEVEL_MASTER

typedef struct ErrorsOptions {
  const char *wthor;   /* a .wtb file or a directory of them, or NULL */
  const char *level;   /* a level's id, "all", or NULL */
  const char *write;   /* --write: the tournament players' table to this file */
  int games, depth, exact, jobs;
  uint64_t seed;
} ErrorsOptions;

/* One game to score: its first position and the moves from there (no passes, as WTHOR). */
typedef struct ErrorsGame {
  Board start;
  int move_count;
  uint8_t moves[60];
} ErrorsGame;

/* The games of one source (the tournament sample or one level) and what they lost. */
typedef struct Source {
  const char *name;
  const Level *level;  /* NULL: the games are given */
  ErrorsGame *games;
  int count;
  HumanErrors errors;
} Source;

typedef struct Work {
  const ErrorsOptions *options;
  Source *sources;
  int source_count;
  int total;               /* games over every source */
  atomic_int done;
  pthread_mutex_t lock;    /* over the sources' errors */
} Work;

/* ---- scoring ---- */

/* Adds the loss of `move` in board, as the referee scores every legal move, to errors. */
static void score_move (Search *referee, const Board *board, int move,
                        const ErrorsOptions *options, HumanErrors *errors)
{
  SearchLimits limits = search_limits_default ();
  limits.max_depth = options->depth;
  limits.exact_empties = options->exact;
  limits.threads = 1;
  Analysis analysis;
  analysis_run (referee, board, &limits, NULL, NULL, &analysis);
  int best;
  const AnalysisMove *played = analysis_find (&analysis, move);
  if (!played || !analysis_best_score (&analysis, &best))
    return;
  int good = 0;
  for (int i = 0; i < analysis.count; i++)
    good += analysis.moves[i].depth > 0 && best - analysis.moves[i].score <= HUMAN_GOOD_LOSS;
  int empties = board_empties (board);
  human_errors_add (errors, human_phase (empties), human_difficulty (good), best - played->score);
}

/* Every move of game with a choice, from ply START_PLIES + 1 on, scored into errors. */
static void score_game (Search *referee, const ErrorsGame *game, const ErrorsOptions *options,
                        HumanErrors *errors)
{
  search_clear (referee);
  Board board = game->start;
  for (int i = 0; i < game->move_count; i++) {
    if (!board_legal_moves (&board))
      board_pass (&board);
    int move = game->moves[i];
    if (board_empties (&board) <= ERRORS_MAX_EMPTIES && board_count (board_legal_moves (&board)) >= 2)
      score_move (referee, &board, move, options, errors);
    board_play (&board, move);
  }
}

/* The level plays game `index` against itself from its match start. */
static void play_game (Search *player, const Level *level, int index, uint64_t seed,
                       ErrorsGame *game)
{
  bool black_to_move;
  match_start (index % MATCH_STARTS, &game->start, &black_to_move);
  search_clear (player);
  Board board = game->start;
  game->move_count = 0;
  while (!board_is_game_over (&board) && game->move_count < 60) {
    if (!board_legal_moves (&board)) {
      board_pass (&board);
      continue;
    }
    uint64_t move_seed = random_mix (seed + (uint64_t) game->move_count);
    int move = level_choose_move_with (player, &board, level, move_seed, NULL, NULL);
    game->moves[game->move_count++] = (uint8_t) move;
    board_play (&board, move);
  }
}

static void report_progress (Work *work)
{
  int done = atomic_fetch_add (&work->done, 1) + 1;
  int step = work->total >= 20 ? work->total / 20 : 1;
  if (done % step == 0 || done == work->total)
    fprintf (stderr, "errors: %d of %d games scored\n", done, work->total);
}

/* Game `index` of the work list, over every source's games in order: played first when its
 * source is a level (by player), then scored (by referee). */
static void score_one (void *data, Search *referee, Search *player, size_t index)
{
  Work *work = data;
  int game = (int) index, s = 0;
  while (game >= work->sources[s].count)
    game -= work->sources[s++].count;
  Source *source = &work->sources[s];
  if (source->level) {
    uint64_t seed = random_mix (work->options->seed ^ random_mix ((uint64_t) game));
    play_game (player, source->level, game, seed, &source->games[game]);
  }
  HumanErrors errors = { 0 };
  score_game (referee, &source->games[game], work->options, &errors);
  pthread_mutex_lock (&work->lock);
  human_errors_merge (&source->errors, &errors);
  pthread_mutex_unlock (&work->lock);
  report_progress (work);
}

/* ---- the tournament games ---- */

typedef struct GameList {
  WthorGame *games;
  size_t count, capacity;
  bool failed;
} GameList;

static void collect_games (const WthorFile *file, void *user_data)
{
  GameList *list = user_data;
  if (list->failed || list->count + file->count > list->capacity) {
    size_t capacity = list->capacity * 2 > list->count + file->count
      ? list->capacity * 2 : list->count + file->count;
    WthorGame *games = list->failed ? NULL : realloc (list->games, capacity * sizeof *games);
    if (!games) {
      list->failed = true;
      return;
    }
    list->games = games;
    list->capacity = capacity;
  }
  memcpy (list->games + list->count, file->games, file->count * sizeof *file->games);
  list->count += file->count;
}

/* Every game of a .wtb file or of a directory's; false after saying what is wrong. */
static bool read_tournament (const char *path, GameList *list)
{
  char error[512];
  struct stat info;
  bool ok;
  if (stat (path, &info) == 0 && S_ISDIR (info.st_mode)) {
    ok = wthor_read_directory (path, collect_games, list, stderr, error, sizeof error);
  } else {
    WthorFile file;
    ok = wthor_read (path, &file, stderr, error, sizeof error);
    if (ok) {
      collect_games (&file, list);
      wthor_file_clear (&file);
    }
  }
  if (!ok)
    cli_error ("errors: %s", error);
  else if (list->failed)
    cli_error ("errors: out of memory reading %s", path);
  else if (list->count == 0)
    cli_error ("errors: %s holds no game", path);
  return ok && !list->failed && list->count > 0;
}

/* The seeded sample: `wanted` games of the list (all when it holds no more), into source. */
static bool sample_tournament (GameList *list, int wanted, uint64_t seed, Source *source)
{
  int count = (size_t) wanted < list->count ? wanted : (int) list->count;
  source->games = calloc ((size_t) count, sizeof *source->games);
  if (!source->games)
    return false;
  uint64_t state = seed;
  for (int i = 0; i < count; i++) {
    size_t pick = i + (size_t) (random_next (&state) % (list->count - (size_t) i));
    WthorGame chosen = list->games[pick];
    list->games[pick] = list->games[i];
    list->games[i] = chosen;
    board_init (&source->games[i].start);
    source->games[i].move_count = chosen.move_count;
    memcpy (source->games[i].moves, chosen.moves, sizeof chosen.moves);
  }
  source->count = count;
  return true;
}

/* ---- the tables ---- */

static double share (long part, long whole)
{
  return whole > 0 ? 100.0 * (double) part / (double) whole : 0.0;
}

/* Moves of the cell that lost at most `loss` discs (a bucket bound). */
static long at_most (const HumanCell *cell, int loss)
{
  long moves = 0;
  for (int b = 0; b < HUMAN_BUCKETS && human_bucket_high (b) <= loss; b++)
    moves += cell->counts[b];
  return moves;
}

static void print_row (const char *phase, const char *good, const HumanCell *cell)
{
  printf ("| %s | %s | %ld | %.2f | %.0f %% | %.0f %% | %.0f %% | %.0f %% |\n", phase, good,
          cell->moves, cell->moves ? (double) cell->loss_total / (double) cell->moves : 0.0,
          share (at_most (cell, 0), cell->moves), share (at_most (cell, 2), cell->moves),
          share (at_most (cell, 6), cell->moves), share (cell->moves - at_most (cell, 6), cell->moves));
}

/* One source's table: each phase by difficulty, then the phase whole. */
static void print_table (const HumanErrors *errors)
{
  printf ("| phase | good moves | moves | mean loss | lose 0 | lose ≤ 2 | lose ≤ 6 | lose > 6 |\n"
          "|---|---|---:|---:|---:|---:|---:|---:|\n");
  for (int p = 0; p < HUMAN_PHASES; p++) {
    for (int d = 0; d < HUMAN_DIFFICULTIES; d++)
      print_row (human_phase_name (p), human_difficulty_name (d), &errors->cells[p][d]);
    HumanCell row = human_errors_phase (errors, p);
    print_row (human_phase_name (p), "all", &row);
  }
}

static void print_compared_cell (const HumanCell *cell)
{
  printf (" %.2f (%.0f %%) |", cell->moves ? (double) cell->loss_total / (double) cell->moves : 0.0,
          share (cell->moves - at_most (cell, 6), cell->moves));
}

/* Every source's phase rows side by side: the mean loss and the share of moves losing over 6. */
static void print_compared (const Source *sources, int count)
{
  printf ("| phase |");
  for (int s = 0; s < count; s++)
    printf (" %s |", sources[s].name);
  printf ("\n|---|");
  for (int s = 0; s < count; s++)
    printf ("---:|");
  printf ("\n");
  for (int p = 0; p <= HUMAN_PHASES; p++) {
    printf ("| %s |", p < HUMAN_PHASES ? human_phase_name (p) : "all");
    for (int s = 0; s < count; s++) {
      HumanCell cell = { 0 };
      for (int q = 0; q < HUMAN_PHASES; q++)
        if (q == p || p == HUMAN_PHASES) {
          HumanCell row = human_errors_phase (&sources[s].errors, q);
          human_cell_merge (&cell, &row);
        }
      print_compared_cell (&cell);
    }
    printf ("\n");
  }
  printf ("\nEach cell: mean disc loss per move (share of moves losing more than 6 discs).\n");
}

/* ---- writing the table ---- */

/* The table as data/human-errors.txt holds it, read back to check it, then written to a
 * temporary file beside path and renamed over it (write-file.h). False after saying what is
 * wrong. */
static bool write_table (const char *path, const HumanErrors *errors, const ErrorsOptions *options,
                         int games)
{
  char comment[600];
  snprintf (comment, sizeof comment,
            "# human-errors.txt: how tournament players lose discs (human_errors.h), the model the\n"
            "# lower levels err by. Made by verso-engine errors --wthor %s --games %d --seed %llu\n"
            "# --depth %d --exact %d --write FILE: %d games; plies 9-60, moves with a choice.\n",
            options->wthor, options->games, (unsigned long long) options->seed, options->depth,
            options->exact, games);
  char *text = NULL;
  size_t length = 0;
  FILE *memory = open_memstream (&text, &length);
  bool written = memory && human_errors_write (memory, errors, comment);
  if (memory && fclose (memory) != 0)
    written = false;
  HumanErrors check;
  char error[200];
  if (!written || !human_errors_parse (text, length, &check, error, sizeof error)) {
    cli_error ("errors: could not make the table for %s", path);
    free (text);
    return false;
  }
  bool ok = write_file_atomically (path, text, length);
  if (!ok)
    cli_error ("errors: cannot write %s: %s", path, strerror (errno));
  free (text);
  return ok;
}

/* ---- the command ---- */

static bool read_options (int argc, char **argv, ErrorsOptions *options)
{
  const Option table[] = {
    { "--wthor", OPTION_TEXT, &options->wthor, 0, 0 },
    { "--level", OPTION_TEXT, &options->level, 0, 0 },
    { "--write", OPTION_TEXT, &options->write, 0, 0 },
    { "--games", OPTION_INT, &options->games, 1, ERRORS_MAX_GAMES },
    { "--seed", OPTION_SEED, &options->seed, 0, 0 },
    { "--depth", OPTION_INT, &options->depth, 1, 30 },
    { "--exact", OPTION_INT, &options->exact, 0, 30 },
    { "--jobs", OPTION_INT, &options->jobs, 1, ERRORS_MAX_JOBS },
  };
  OptionParser parser = { .program = "verso-engine: errors",
                          .options = table, .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return false;
  if (!options->wthor && !options->level) {
    cli_error ("errors: say which games: --wthor FILE_OR_DIRECTORY, --level LEVEL or both");
    return false;
  }
  if (options->level && strcmp (options->level, "all") != 0 && level_from_id (options->level) == LEVEL_NONE) {
    cli_error ("errors: --level takes all or a level: beginner, novice, casual, intermediate, "
               "advanced, expert or master");
    return false;
  }
  if (options->write && (!options->wthor || options->level)) {
    cli_error ("errors: --write keeps the tournament players' table: it needs --wthor, without --level");
    return false;
  }
  return true;
}

/* The sources to score: the tournament sample, then the level or levels asked for. */
static int make_sources (const ErrorsOptions *options, GameList *tournament, Source *sources)
{
  int count = 0;
  if (options->wthor) {
    sources[count].name = "people";
    if (!sample_tournament (tournament, options->games, options->seed, &sources[count]))
      return -1;
    count++;
  }
  if (!options->level)
    return count;
  bool all = strcmp (options->level, "all") == 0;
  for (int id = 0; id < LEVEL_COUNT; id++) {
    if (all ? id >= ERRORS_ALL_LEVELS : level_from_id (options->level) != (LevelId) id)
      continue;
    sources[count] = (Source) { .name = level_get (id)->id, .level = level_get (id),
                                .count = options->games };
    sources[count].games = calloc ((size_t) options->games, sizeof *sources[count].games);
    if (!sources[count].games)
      return -1;
    count++;
  }
  return count;
}

/* Scores every source's games on options->jobs threads; false when a search could not be made. */
static bool score_sources (const ErrorsOptions *options, Source *sources, int count)
{
  Work work = { .options = options, .sources = sources, .source_count = count };
  for (int s = 0; s < count; s++)
    work.total += sources[s].count;
  pthread_mutex_init (&work.lock, NULL);
  bool searched = workers_search_pairs (options->jobs, (size_t) work.total, ERRORS_HASH_BYTES,
                                        score_one, &work);
  pthread_mutex_destroy (&work.lock);
  return searched;
}

static void print_results (const ErrorsOptions *options, Source *sources, int count)
{
  bool all = options->level && strcmp (options->level, "all") == 0;
  if (all && !options->wthor) {
    /* The people's column from the table the levels err by. */
    memmove (sources + 1, sources, (size_t) count * sizeof *sources);
    sources[0] = (Source) { .name = "people" };
    if (human_errors_compiled ())
      sources[0].errors = *human_errors_compiled ();
    count++;
  }
  if (all) {
    print_compared (sources, count);
  } else {
    for (int s = 0; s < count; s++) {
      printf ("%s### %s\n\n", s ? "\n" : "", sources[s].name);
      print_table (&sources[s].errors);
    }
  }
  printf ("\nReferee: every legal move to depth %d, exact from %d empties; %d games a column, "
          "seed %llu; plies 9-60, moves with a choice.\n", options->depth, options->exact,
          options->games, (unsigned long long) options->seed);
}

int cli_errors (int argc, char **argv)
{
  ErrorsOptions options = { .games = 200, .depth = 8, .exact = 14, .jobs = 1, .seed = 1 };
  if (!read_options (argc, argv, &options))
    return 2;
  GameList tournament = { 0 };
  if (options.wthor && !read_tournament (options.wthor, &tournament)) {
    free (tournament.games);
    return 2;
  }
  Source sources[LEVEL_COUNT + 2] = { 0 };
  int count = make_sources (&options, &tournament, sources);
  free (tournament.games);
  int status = 0;
  double start = clock_seconds ();
  if (count < 0) {
    cli_error ("errors: out of memory");
    status = 1;
  } else if (!score_sources (&options, sources, count)) {
    cli_error ("errors: a search could not be created (out of memory)");
    status = 1;
  } else {
    double seconds = clock_seconds () - start;
    int games = 0;
    for (int s = 0; s < count; s++)
      games += sources[s].count;
    fprintf (stderr, "errors: %d games in %.1f s, %.2f s a game (%d jobs)\n", games, seconds,
             games ? seconds / games : 0.0, options.jobs);
    if (options.write && !write_table (options.write, &sources[0].errors, &options, sources[0].count))
      status = 1;
    print_results (&options, sources, count);
  }
  for (int s = 0; s < LEVEL_COUNT + 2; s++)
    free (sources[s].games);
  return status;
}
