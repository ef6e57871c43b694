/* cli.h: the commands of verso-engine, one file each. Each returns the exit status:
 * 0 success, 1 a wrong answer (solve) or failure, 2 bad usage or unreadable input. */
#pragma once

int cli_perft (int argc, char **argv);
int cli_solve (int argc, char **argv);
int cli_bench (int argc, char **argv);
int cli_nboard (int argc, char **argv);
int cli_match (int argc, char **argv);
int cli_levels (int argc, char **argv);

/* Prints "verso-engine: <message>" on stderr, one line. */
void cli_error (const char *format, ...) __attribute__ ((format (printf, 1, 2)));
