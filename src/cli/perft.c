/* perft.c: `verso-engine perft`, counting the game tree. */
#include "cli.h"

int cli_perft (int argc, char **argv)
{
  (void) argc, (void) argv;
  cli_error ("perft is not written yet");
  return 2;
}
