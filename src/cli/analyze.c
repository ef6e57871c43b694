/* analyze.c: `verso-engine analyze`, the score of every legal move of a position (analysis.h),
 * or of every position of an OBF file, solved exactly and checked against the scores it lists. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "board.h"
#include "cli.h"
#include "notation.h"
#include "options.h"
#include "search.h"

#define ANALYZE_DEFAULT_DEPTH 12
#define ANALYZE_USAGE "usage: analyze [--depth N] [--time S] [--threads N] [--exact N] [--reverse] [--pv] BOARD, " \
                      "or analyze FILE [--threads N]"

typedef struct AnalyzeOptions {
  int depth;      /* 0: none given */
  double seconds; /* 0: none given */
  int threads;
  int exact;
  bool depth_given, exact_given;
  bool pv;        /* --pv: each move's line after its score */
  Rules rules;    /* --reverse: the fewest discs win */
} AnalyzeOptions;

static bool analyze_parse_seconds (const char *text, double *seconds)
{
  char *end;
  errno = 0;
  double value = strtod (text, &end);
  if (errno || end == text || *end || !(value > 0 && value <= 1e6))
    return false;
  *seconds = value;
  return true;
}

/* "+4", "-2", "+0". */
static void analyze_format_score (int score, char out[8])
{
  snprintf (out, 8, "%+d", score);
}

/* " pv d3 c3 PA c4": the move's line, itself first, a pass as PA. */
static void analyze_print_pv (const AnalysisMove *entry)
{
  fputs (" pv", stdout);
  for (int i = 0; i < entry->pv_length; i++) {
    char name[3];
    notation_format_square (entry->pv[i], name);
    printf (" %s", name);
  }
}

/* Every move best first, its score and how it was found (and its line with --pv), then the time
 * and the nodes. */
static int analyze_board (const Position *position, const AnalyzeOptions *options)
{
  const Board *board = &position->board;
  printf ("%s to move, %d empties\n", position->side_to_move == POSITION_BLACK ? "black" : "white",
          board_empties (board));
  if (board_is_game_over (board)) {
    printf ("game over: %+d for the side to move\n",
            rules_final_score (options->rules, board_final_score (board)));
    return 0;
  }
  Search *search = cli_search_new (0);
  if (!search)
    return 1;
  search_set_rules (search, options->rules);
  SearchLimits limits = search_limits_default ();
  limits.max_depth = options->depth_given ? options->depth
                   : options->seconds > 0 ? 0 : ANALYZE_DEFAULT_DEPTH;
  limits.hard_time = options->seconds;
  limits.threads = options->threads;
  limits.exact_empties = options->exact;
  Analysis analysis;
  analysis_run (search, board, &limits, NULL, NULL, &analysis);
  search_free (search);

  for (int i = 0; i < analysis.count; i++) {
    const AnalysisMove *entry = &analysis.moves[i];
    char name[3], score[8];
    notation_format_square (entry->move, name);
    analyze_format_score (entry->score, score);
    const char *shown = entry->move == BOARD_PASS ? "pass" : name;
    if (entry->depth == 0)
      printf ("%-4s  --   not searched", shown);
    else if (entry->exact)
      printf ("%-4s %4s  exact", shown, score);
    else
      printf ("%-4s %4s  depth %d", shown, score, entry->depth);
    if (options->pv && entry->depth > 0)
      analyze_print_pv (entry);
    putchar ('\n');
  }
  printf ("%d move%s, %s%.3f s, %llu nodes\n", analysis.count, analysis.count == 1 ? "" : "s",
          analysis.stopped ? "stopped by the time limit, " : "", analysis.seconds,
          (unsigned long long) analysis.nodes);
  return 0;
}

/* Every position solved exactly, every listed move score checked. */
static int analyze_file (const char *path, const AnalyzeOptions *options)
{
  NotationObfFile positions;
  Search *search;
  int status = cli_open_obf_file (path, 0, &positions, &search);
  if (status)
    return status;
  const NotationObfEntry *lines = positions.entries;
  int count = (int) positions.n_entries;
  int scores = 0, wrong = 0;
  double seconds = 0;
  for (int i = 0; i < count; i++) {
    const NotationObf *obf = &lines[i].obf;
    SearchLimits limits = search_limits_default ();
    limits.max_depth = 0;
    limits.exact_empties = 60;
    limits.threads = options->threads;
    search_clear (search);
    Analysis analysis;
    analysis_run (search, &obf->position.board, &limits, NULL, NULL, &analysis);
    seconds += analysis.seconds;
    printf ("#%zu", lines[i].line);
    for (size_t k = 0; k < obf->n_moves; k++) {
      char name[3], got[8], expected[8];
      notation_format_square (obf->moves[k].move, name);
      const AnalysisMove *entry = analysis_find (&analysis, obf->moves[k].move);
      scores++;
      if (entry && entry->exact && entry->score == obf->moves[k].score) {
        printf (" %s ok", name);
        continue;
      }
      wrong++;
      analyze_format_score (obf->moves[k].score, expected);
      if (entry && entry->exact)
        analyze_format_score (entry->score, got);
      else
        snprintf (got, sizeof got, "none");
      printf (" %s WRONG (got %s, expected %s)", name, got, expected);
    }
    printf (" (%d moves, %.3f s)\n", analysis.count, analysis.seconds);
    fflush (stdout);
  }
  printf ("%d positions, %d move scores: %d ok, %d wrong, %.3f s\n", count, scores,
          scores - wrong, wrong, seconds);
  search_free (search);
  notation_obf_file_clear (&positions);
  return wrong ? 1 : 0;
}

/* A position given on the command line, with or without scores after it (an OBF line). */
static int analyze_parse_position (const char *text, Position *position)
{
  NotationObf obf;
  NotationStatus status = notation_parse_obf (text, strlen (text), &obf);
  if (status.error != NOTATION_OK) {
    cli_error ("analyze: bad board at character %zu of '%s': %s", status.offset + 1, text,
               notation_error_message (status.error));
    return 2;
  }
  *position = obf.position;
  return 0;
}

int cli_analyze (int argc, char **argv)
{
  AnalyzeOptions options = { .threads = 1, .exact = 20 };
  /* The words of BOARD may come as separate arguments ("-...- X"), joined by spaces. */
  char target[1024] = "";
  size_t used = 0;
  int words = 0;
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i];
    bool has_value = i + 1 < argc;
    if (strcmp (arg, "--depth") == 0) {
      if (!has_value || !option_parse_int (argv[++i], 1, 60, &options.depth)) {
        cli_error ("analyze: --depth needs a depth in plies from 1 to 60");
        return 2;
      }
      options.depth_given = true;
    } else if (strcmp (arg, "--time") == 0) {
      if (!has_value || !analyze_parse_seconds (argv[++i], &options.seconds)) {
        cli_error ("analyze: --time needs a number of seconds greater than 0");
        return 2;
      }
    } else if (strcmp (arg, "--threads") == 0) {
      if (!has_value || !option_parse_int (argv[++i], 1, 64, &options.threads)) {
        cli_error ("analyze: --threads needs a number of threads from 1 to 64");
        return 2;
      }
    } else if (strcmp (arg, "--pv") == 0) {
      options.pv = true;
    } else if (strcmp (arg, "--reverse") == 0) {
      options.rules = RULES_REVERSE;
    } else if (strcmp (arg, "--exact") == 0) {
      if (!has_value || !option_parse_int (argv[++i], -1, 60, &options.exact)) {
        cli_error ("analyze: --exact needs a number of empty squares from 0 to 60 (-1: never)");
        return 2;
      }
      options.exact_given = true;
    } else if (arg[0] == '-' && arg[1] == '-' && strlen (arg) < 64) {
      /* (A board's 64 squares may start with "--" too.) */
      cli_error ("analyze: unknown option '%s' (%s)", arg, ANALYZE_USAGE);
      return 2;
    } else {
      size_t length = strlen (arg);
      if (used + length + 2 > sizeof target) {
        cli_error ("analyze: BOARD is too long");
        return 2;
      }
      if (used)
        target[used++] = ' ';
      memcpy (target + used, arg, length + 1);
      used += length;
      words++;
    }
  }
  if (!words) {
    cli_error ("analyze: missing BOARD or FILE (%s)", ANALYZE_USAGE);
    return 2;
  }

  /* A FILE is one argument naming a file; anything else must be a position. */
  FILE *file = words == 1 ? fopen (target, "r") : NULL;
  bool looks_like_path = words == 1 && used < 64 && (strchr (target, '/') || strstr (target, ".obf"));
  if (file || looks_like_path) {
    if (file)
      fclose (file);
    if (options.rules == RULES_REVERSE) {
      cli_error ("analyze: --reverse is for a BOARD: the scores a FILE lists are the standard game's");
      return 2;
    }
    if (options.depth_given || options.seconds > 0 || options.exact_given || options.pv) {
      cli_error ("analyze: --depth, --time, --exact and --pv apply to a BOARD; the positions of a FILE "
                 "are solved exactly");
      return 2;
    }
    return analyze_file (target, &options);
  }
  Position position;
  int status = analyze_parse_position (target, &position);
  if (status)
    return status;
  return analyze_board (&position, &options);
}
