/* options.c: command-line options read from a table (options.h). */
#include "options.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool option_parse_number (const char *text, long long low, long long high, long long *value)
{
  char *end;
  errno = 0;
  long long n = strtoll (text, &end, 10);
  if (errno || end == text || *end || n < low || n > high)
    return false;
  *value = n;
  return true;
}

bool option_parse_int (const char *text, int low, int high, int *value)
{
  long long n;
  if (!option_parse_number (text, low, high, &n))
    return false;
  *value = (int) n;
  return true;
}

static bool parse_double (const char *text, double low, double high, double *value)
{
  char *end;
  double parsed = strtod (text, &end);
  if (end == text || *end || !isfinite (parsed) || parsed < low || parsed > high)
    return false;
  *value = parsed;
  return true;
}

static bool parse_seed (const char *text, uint64_t *value)
{
  char *end;
  errno = 0;
  unsigned long long parsed = strtoull (text, &end, 10);
  if (errno || end == text || *end || text[0] == '-' || text[0] == '+')
    return false;
  *value = parsed;
  return true;
}

/* Stores text as the option's value; false when the value is not one it takes. */
static bool option_set (const Option *option, const char *text)
{
  switch (option->kind) {
  case OPTION_INT:
    return option_parse_int (text, (int) option->low, (int) option->high, option->value);
  case OPTION_DOUBLE:
    return parse_double (text, option->low, option->high, option->value);
  case OPTION_SEED:
    return parse_seed (text, option->value);
  case OPTION_TEXT:
    *(const char **) option->value = text;
    return true;
  case OPTION_FLAG:
    break;
  }
  return false;
}

/* Ends a message with the usage, when there is one. */
static void end_message (const OptionParser *parser)
{
  if (parser->usage)
    fprintf (stderr, " (usage: %s)", parser->usage);
  fputc ('\n', stderr);
}

/* "PROGRAM: OPTION needs ..., not 'TEXT'" (without "not" when the value is missing). */
static void say_bad_value (const OptionParser *parser, const Option *option, const char *text)
{
  fprintf (stderr, "%s: %s needs ", parser->program, option->name);
  if (option->kind == OPTION_INT || option->kind == OPTION_DOUBLE)
    fprintf (stderr, "a number from %.15g to %.15g", option->low, option->high);
  else if (option->kind == OPTION_SEED)
    fprintf (stderr, "a whole number from 0");
  else
    fprintf (stderr, "a value");
  if (text)
    fprintf (stderr, ", not '%s'", text);
  end_message (parser);
}

static void say_unexpected (const OptionParser *parser, const char *what, const char *argument)
{
  fprintf (stderr, "%s: %s '%s'", parser->program, what, argument);
  end_message (parser);
}

static const Option *find_option (const OptionParser *parser, const char *name)
{
  for (size_t k = 0; k < parser->n_options; k++)
    if (strcmp (parser->options[k].name, name) == 0)
      return &parser->options[k];
  return NULL;
}

bool options_parse (OptionParser *parser, int argc, char **argv)
{
  assert (parser && parser->program && (parser->options || parser->n_options == 0));
  parser->n_operands = 0;
  parser->help = false;
  for (int i = 1; i < argc; i++) {
    const char *argument = argv[i];
    if (strncmp (argument, "--", 2) != 0) {
      if (parser->n_operands >= parser->max_operands) {
        say_unexpected (parser, "unexpected argument", argument);
        return false;
      }
      parser->operands[parser->n_operands++] = argv[i];
      continue;
    }
    const Option *option = find_option (parser, argument);
    if (!option && parser->usage && strcmp (argument, "--help") == 0) {
      printf ("usage: %s\n", parser->usage);
      parser->help = true;
      return false;
    }
    if (!option) {
      say_unexpected (parser, "unknown argument", argument);
      return false;
    }
    if (option->kind == OPTION_FLAG) {
      *(bool *) option->value = true;
      continue;
    }
    const char *text = i + 1 < argc ? argv[++i] : NULL;
    if (!text || !option_set (option, text)) {
      say_bad_value (parser, option, text);
      return false;
    }
  }
  return true;
}
