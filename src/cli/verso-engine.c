/* verso-engine: the command-line engine. Dispatches to one command per file. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "eval_pattern.h"

#ifndef VERSO_VERSION
#define VERSO_VERSION "unknown"
#endif

typedef struct Command {
  const char *name;
  int (*run) (int argc, char **argv);
  const char *usage;
} Command;

static const Command commands[] = {
  { "solve", cli_solve, "solve FILE [--reverse] [--threads N] [--hash MB]   solve OBF positions exactly, check listed\n"
                      "      scores (--reverse: the fewest discs win; listed scores are not checked)" },
  { "analyze", cli_analyze, "analyze [--depth N] [--time S] [--threads N] [--exact N] [--reverse] [--pv] BOARD | analyze FILE [--threads N]\n"
                            "      score every legal move of BOARD (depth 12, exact from 20 empties unless told;\n"
                            "      --pv: each move's line after it, the move first, a pass as PA),\n"
                            "      or of every OBF position of FILE exactly, checking the scores it lists" },
  { "explore", cli_explore, "explore [--database FILE] BOARD|MOVES   the moves strong players chose in BOARD (or after\n"
                            "      MOVES from the start): games, Black's average disc difference and win/draw/loss\n"
                            "      shares, the book's value and the opening each leads to (WTHOR games, data/database.bin)" },
  { "library", cli_library, "library import [--library FILE] PATH... | library find [--library FILE] [--player NAME]\n"
                            "      [--opening NAME] [--position BOARD|MOVES] [--limit N]   import WTHOR, GGF and\n"
                            "      transcript files (or folders of them) into the game library, or list its games\n"
                            "      (date, players, Black's disc difference, opening), found by player, opening or a\n"
                            "      position they reached, 50 unless --limit says; the library is\n"
                            "      $XDG_DATA_HOME/verso/library.sqlite unless told" },
  { "nboard", cli_nboard, "nboard [--move-time S] [--average-time S] [--no-book] [--level LEVEL]   speak the NBoard engine protocol on stdin\n"
                          "      and stdout (--move-time: answer each go within S seconds; --average-time: take S\n"
                          "      seconds a move on average over each game, more in the middle game than on book\n"
                          "      moves and endgames; a clock in the game is used too;\n"
                          "      --no-book: search the opening too instead of playing book moves;\n"
                          "      --level: choose every move as that difficulty level does)" },
  { "perft", cli_perft, "perft DEPTH [--position BOARD] [--threads N] [--kernel portable|avx2|avx512]   count the game tree" },
  { "match", cli_match, "match [--starts N] [--clock MIN[+SEC]] [--reverse] [--verbose] PLAYER PLAYER   play two configurations" },
  { "levels", cli_levels, "levels [--games N] [--from LEVEL] [--to LEVEL] [--time-scale F] [--jobs N] [--seed S]\n"
                          "      [--random-baseline] [--reverse] [--write-ratings FILE]\n"
                          "      play every difficulty level against the level below it (--reverse: in Reverse games);\n"
                          "      with --random-baseline, fit the levels' ratings (--write-ratings: as data/level-ratings.txt)" },
  { "ratings", cli_ratings, "ratings [--anchor NAME LEVEL WINS DRAWS LOSSES FILE | --simulate STRENGTH [--games N]\n"
                            "      [--start RATING] [--seed S] | --mixes FILE [--weights W,...] [--games N] [--to LEVEL]\n"
                            "      [--jobs N] [--seed S]]   each level's rating (the random mover 0) and its 95 %\n"
                            "      interval, weakest first (--anchor: rate an outside engine in FILE from a level's\n"
                            "      results against it; --simulate: a player of known strength against Match my level;\n"
                            "      --mixes: measure the mixes of Match my level between the levels in FILE)" },
  { "errors", cli_errors, "errors --wthor FILE|DIR | --level LEVEL|all [--games N] [--seed S] [--depth D] [--exact E]\n"
                          "      [--jobs N] [--write FILE]   the discs each move loses, by phase and difficulty, in\n"
                          "      a sample of tournament games or in a level's games against itself, as a referee\n"
                          "      scores every move (--write: the tournament table as data/human-errors.txt)" },
#ifdef HAVE_DIAGRAM
  { "diagram", cli_diagram, "diagram [BOARD] -o FILE.png|FILE.svg [--size N] [--caption TEXT] [--numbers MOVES]\n"
                            "      [--no-coordinates]   draw BOARD (the start unless given), after MOVES numbered\n"
                            "      on their discs, in the board's classic colours; the format from the extension" },
#endif
};

void cli_error (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  fputs ("verso-engine: ", stderr);
  vfprintf (stderr, format, args);
  fputc ('\n', stderr);
  va_end (args);
}

/* The version, and which evaluation the engine plays with: the trained pattern evaluation, or
 * the simple one when this build has no sound weights (tests check it). */
static void print_version (void)
{
  printf ("verso-engine %s\n", VERSO_VERSION);
  const char *weights_error = eval_pattern_error ();
  if (weights_error)
    printf ("evaluation: %s (trained weights not used: %s)\n", eval_pattern ()->name, weights_error);
  else
    printf ("evaluation: %s\n", eval_pattern ()->name);
}

static void print_help (FILE *out)
{
  fprintf (out, "Usage: verso-engine COMMAND [ARGUMENTS]\n\nCommands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf (out, "  %s\n", commands[i].usage);
  fprintf (out, "\n  --help      show this help\n"
           "  --version   show the version and the evaluation in use\n");
}

int main (int argc, char **argv)
{
  if (argc < 2) {
    print_help (stderr);
    return 2;
  }
  if (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0) {
    print_help (stdout);
    return 0;
  }
  if (strcmp (argv[1], "--version") == 0) {
    print_version ();
    return 0;
  }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      return commands[i].run (argc - 1, argv + 1);
  cli_error ("unknown command '%s' (try --help)", argv[1]);
  return 2;
}
