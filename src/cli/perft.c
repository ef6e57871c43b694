/* perft.c: `verso-engine perft`, counting the game tree to each depth with its speed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "clock.h"
#include "notation.h"
#include "perft.h"

#define MAX_THREADS 256

/* A whole decimal number in [min, max], or false. */
static bool parse_int (const char *text, long min, long max, long *value)
{
  if (!text[0] || (text[0] != '-' && text[0] != '+' && (text[0] < '0' || text[0] > '9')))
    return false;
  char *end;
  errno = 0;
  long parsed = strtol (text, &end, 10);
  if (*end || errno || parsed < min || parsed > max)
    return false;
  *value = parsed;
  return true;
}

int cli_perft (int argc, char **argv)
{
  const char *depth_text = NULL, *board_text = NULL;
  long threads = 1;
  BoardKernel kernel = board_kernel_best ();
  for (int k = 1; k < argc; k++) {
    const char *arg = argv[k];
    if (strcmp (arg, "--position") == 0 || strcmp (arg, "--threads") == 0
        || strcmp (arg, "--kernel") == 0) {
      if (k + 1 >= argc) {
        cli_error ("perft: %s needs a value", arg);
        return 2;
      }
      const char *value = argv[++k];
      if (strcmp (arg, "--position") == 0) {
        board_text = value;
      } else if (strcmp (arg, "--kernel") == 0) {
        kernel = board_kernel_from_name (value);
        if (kernel == BOARD_KERNEL_COUNT || !board_kernel_available (kernel)) {
          cli_error ("perft: --kernel '%s' is not one this CPU runs (best here: %s)", value,
                     board_kernel_name (board_kernel_best ()));
          return 2;
        }
      } else if (!parse_int (value, 1, MAX_THREADS, &threads)) {
        cli_error ("perft: --threads must be a whole number from 1 to %d, not '%s'",
                   MAX_THREADS, value);
        return 2;
      }
    } else if (arg[0] == '-' && arg[1] && (arg[1] < '0' || arg[1] > '9')) {
      cli_error ("perft: unknown option '%s' (expected --position BOARD, --threads N or --kernel NAME)", arg);
      return 2;
    } else if (depth_text) {
      cli_error ("perft: unexpected argument '%s' (only one DEPTH)", arg);
      return 2;
    } else {
      depth_text = arg;
    }
  }
  if (!depth_text) {
    cli_error ("perft: missing DEPTH (usage: perft DEPTH [--position BOARD] [--threads N] [--kernel NAME])");
    return 2;
  }
  long depth;
  if (!parse_int (depth_text, 1, PERFT_MAX_DEPTH, &depth)) {
    cli_error ("perft: DEPTH must be a whole number from 1 to %d, not '%s' "
               "(deeper counts could overflow 64 bits and would take years)",
               PERFT_MAX_DEPTH, depth_text);
    return 2;
  }
  Position position;
  position_init (&position);
  if (board_text) {
    NotationStatus status = notation_parse_board (board_text, strlen (board_text), &position);
    if (status.error) {
      cli_error ("perft: bad --position board at character %zu: %s",
                 status.offset + 1, notation_error_message (status.error));
      return 2;
    }
  }

  for (int d = 1; d <= depth; d++) {
    double start = clock_seconds ();
    uint64_t leaves = perft_count_kernel (&position.board, d, (int) threads, kernel);
    double seconds = clock_seconds () - start;
    double rate = seconds > 0 ? (double) leaves / seconds / 1e6 : 0.0;
    printf ("perft %d: %llu leaves in %.3f s (%.1f M leaves/s)\n",
            d, (unsigned long long) leaves, seconds, rate);
    fflush (stdout);
  }
  return 0;
}
