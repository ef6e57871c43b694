/* solve.c: `verso-engine solve FILE`, the exact solver over a file of OBF positions, checking
 * its answers against the scores the file lists. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cli.h"
#include "eval_pattern.h"
#include "notation.h"
#include "options.h"
#include "search.h"

static void format_move (int move, char out[3])
{
  if (move == BOARD_NO_MOVE) {
    strcpy (out, "--");
    return;
  }
  notation_format_square (move, out);
  out[0] = (char) (out[0] | 0x20), out[1] = (char) (out[1] | 0x20);
}

/* Appends " ok" or " WRONG (expected m1/m2 +S)" when the line lists scores; returns whether
 * the answer was wrong. */
static bool check_answer (const NotationObf *obf, const SearchResult *result, char *out,
                          size_t size)
{
  if (obf->n_moves == 0) {
    out[0] = '\0';
    return false;
  }
  int best = -100;
  for (size_t i = 0; i < obf->n_moves; i++)
    if (obf->moves[i].score > best)
      best = obf->moves[i].score;
  bool right = false;
  for (size_t i = 0; i < obf->n_moves; i++)
    if (obf->moves[i].score == best && obf->moves[i].move == result->move
        && result->score == best)
      right = true;
  if (right) {
    snprintf (out, size, " ok");
    return false;
  }
  size_t used = (size_t) snprintf (out, size, " WRONG (expected ");
  const char *separator = "";
  for (size_t i = 0; i < obf->n_moves && used < size; i++) {
    if (obf->moves[i].score != best)
      continue;
    char name[3];
    format_move (obf->moves[i].move, name);
    used += (size_t) snprintf (out + used, size - used, "%s%s", separator, name);
    separator = "/";
  }
  if (used < size)
    snprintf (out + used, size - used, " %+d)", best);
  return true;
}

int cli_solve (int argc, char **argv)
{
  const char *path = NULL;
  int threads = 1, hash_mb = (int) (SEARCH_DEFAULT_HASH_BYTES >> 20);
  Rules rules = RULES_STANDARD;
  for (int i = 1; i < argc; i++) {
    if (strcmp (argv[i], "--reverse") == 0) {
      rules = RULES_REVERSE;
    } else if (strcmp (argv[i], "--threads") == 0) {
      if (i + 1 >= argc || !option_parse_int (argv[i + 1], 1, 64, &threads)) {
        cli_error ("--threads needs a number of threads from 1 to 64");
        return 2;
      }
      i++;
    } else if (strcmp (argv[i], "--hash") == 0) {
      if (i + 1 >= argc || !option_parse_int (argv[i + 1], 1, 65536, &hash_mb)) {
        cli_error ("--hash needs a table size in MB from 1 to 65536");
        return 2;
      }
      i++;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      cli_error ("solve: unknown option '%s'", argv[i]);
      return 2;
    } else if (!path) {
      path = argv[i];
    } else {
      cli_error ("solve: more than one FILE ('%s')", argv[i]);
      return 2;
    }
  }
  if (!path) {
    cli_error ("solve: missing FILE (usage: solve FILE [--reverse] [--threads N] [--hash MB])");
    return 2;
  }

  NotationObfFile positions;
  Search *search;
  int status = cli_open_obf_file (path, (size_t) hash_mb << 20, &positions, &search);
  if (status)
    return status;
  const NotationObfEntry *lines = positions.entries;
  int count = (int) positions.n_entries;
  /* The trained evaluation orders the moves best (the simple one when no weights are built in). */
  search_set_evaluation (search, eval_pattern ());
  search_set_rules (search, rules);

  uint64_t total_nodes = 0;
  double total_seconds = 0;
  int wrong = 0;
  for (int i = 0; i < count; i++) {
    SearchLimits limits = search_limits_default ();
    limits.exact_empties = 64;
    limits.threads = threads;
    search_clear (search);
    SearchResult result = search_run (search, &lines[i].obf.position.board, &limits, NULL, NULL);
    char move[3], verdict[512];
    format_move (result.move, move);
    /* The scores an OBF file lists are the standard game's: under Reverse none is checked. */
    verdict[0] = '\0';
    if (rules == RULES_STANDARD && check_answer (&lines[i].obf, &result, verdict, sizeof verdict))
      wrong++;
    printf ("#%zu %s %+d %llu nodes %.3f s %.2f M nodes/s%s\n", lines[i].line, move,
            result.score, (unsigned long long) result.nodes, result.seconds,
            result.seconds > 0 ? (double) result.nodes / result.seconds / 1e6 : 0.0, verdict);
    fflush (stdout);
    total_nodes += result.nodes;
    total_seconds += result.seconds;
  }
  printf ("total: %d positions, %llu nodes, %.3f s, %.2f M nodes/s, %d wrong\n", count,
          (unsigned long long) total_nodes, total_seconds,
          total_seconds > 0 ? (double) total_nodes / total_seconds / 1e6 : 0.0, wrong);
  search_free (search);
  notation_obf_file_clear (&positions);
  return wrong ? 1 : 0;
}
