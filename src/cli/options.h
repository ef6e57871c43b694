/* options.h: the command-line options of verso-engine's commands and of the generators in
 * tools/generate, read from one table a program: each option's name, where its value goes and
 * which values it takes, so that every program checks its numbers and refuses them alike. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum OptionKind {
  OPTION_FLAG,   /* no value: sets a bool to true */
  OPTION_INT,    /* a whole number from low to high, into an int */
  OPTION_DOUBLE, /* a number from low to high, into a double */
  OPTION_SEED,   /* a whole number from 0, into a uint64_t */
  OPTION_TEXT,   /* any text (a path, a name), into a const char * */
} OptionKind;

typedef struct Option {
  const char *name;  /* dashes included: "--games" */
  OptionKind kind;
  void *value;       /* bool *, int *, double *, uint64_t * or const char **, by kind */
  double low, high;  /* the range of OPTION_INT and OPTION_DOUBLE */
} Option;

#define OPTION_COUNT(table) (sizeof (table) / sizeof (table)[0])

typedef struct OptionParser {
  const char *program;  /* what a message starts with: "verso-train", "verso-engine: match" */
  const char *usage;    /* one line of synopsis, said after a mistake and by --help; may be NULL */
  const Option *options;
  size_t n_options;
  char **operands;      /* arguments not starting with "--", in order, at most max_operands */
  int max_operands;
  int n_operands;       /* set by options_parse */
  bool help;            /* set by options_parse: --help was asked for */
} OptionParser;

/* Reads argv[1 .. argc) into the options' values (an option not given keeps its value) and the
 * operands. On an unknown option, a missing or bad value or one operand too many, says what in
 * one line "PROGRAM: ..." on stderr and returns false. With a usage and no option of that name,
 * --help prints the usage on stdout, sets help and returns false: the program then exits 0. */
bool options_parse (OptionParser *parser, int argc, char **argv);

/* A whole number from low to high written alone in text (no space around it). */
bool option_parse_number (const char *text, long long low, long long high, long long *value);
bool option_parse_int (const char *text, int low, int high, int *value);
