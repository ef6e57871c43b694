/* human_errors.c: the table of how people lose discs (human_errors.h): counting, reading and
 * writing its text, the compiled-in table, and drawing a loss from it at a level's scale. */
#include "human_errors.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "compiled.h"
#include "random.h"

extern const char human_errors_text[];
extern const size_t human_errors_text_length;

/* The buckets' upper bounds in discs: 0, 1-2, 3-4, 5-6, 7-10, 11-16, 17-24, 25 and more. */
static const int bucket_high[HUMAN_BUCKETS] = { 0, 2, 4, 6, 10, 16, 24, 128 };
static const char *const bucket_names[HUMAN_BUCKETS] = {
  "0", "1-2", "3-4", "5-6", "7-10", "11-16", "17-24", "25+"
};
static const char *const phase_names[HUMAN_PHASES] = { "opening", "middle", "endgame" };
static const char *const difficulty_names[HUMAN_DIFFICULTIES] = { "1", "2-3", "4+" };

int human_phase (int empties)
{
  return empties > 40 ? 0 : empties > 20 ? 1 : 2;
}

int human_difficulty (int good)
{
  return good <= 1 ? 0 : good <= 3 ? 1 : 2;
}

int human_bucket (int loss)
{
  int bucket = 0;
  while (bucket < HUMAN_BUCKETS - 1 && loss > bucket_high[bucket])
    bucket++;
  return bucket;
}

int human_bucket_low (int bucket)
{
  assert (bucket >= 0 && bucket < HUMAN_BUCKETS);
  return bucket == 0 ? 0 : bucket_high[bucket - 1] + 1;
}

int human_bucket_high (int bucket)
{
  assert (bucket >= 0 && bucket < HUMAN_BUCKETS);
  return bucket_high[bucket];
}

const char *human_phase_name (int phase)
{
  assert (phase >= 0 && phase < HUMAN_PHASES);
  return phase_names[phase];
}

const char *human_difficulty_name (int difficulty)
{
  assert (difficulty >= 0 && difficulty < HUMAN_DIFFICULTIES);
  return difficulty_names[difficulty];
}

const char *human_bucket_name (int bucket)
{
  assert (bucket >= 0 && bucket < HUMAN_BUCKETS);
  return bucket_names[bucket];
}

void human_errors_add (HumanErrors *errors, int phase, int difficulty, int loss)
{
  assert (phase >= 0 && phase < HUMAN_PHASES && difficulty >= 0 && difficulty < HUMAN_DIFFICULTIES);
  HumanCell *cell = &errors->cells[phase][difficulty];
  cell->moves++;
  cell->loss_total += loss > 0 ? loss : 0;
  cell->counts[human_bucket (loss > 0 ? loss : 0)]++;
}

void human_cell_merge (HumanCell *cell, const HumanCell *more)
{
  cell->moves += more->moves;
  cell->loss_total += more->loss_total;
  for (int b = 0; b < HUMAN_BUCKETS; b++)
    cell->counts[b] += more->counts[b];
}

void human_errors_merge (HumanErrors *errors, const HumanErrors *more)
{
  for (int p = 0; p < HUMAN_PHASES; p++)
    for (int d = 0; d < HUMAN_DIFFICULTIES; d++)
      human_cell_merge (&errors->cells[p][d], &more->cells[p][d]);
}

HumanCell human_errors_phase (const HumanErrors *errors, int phase)
{
  HumanCell row = { 0 };
  for (int d = 0; d < HUMAN_DIFFICULTIES; d++)
    human_cell_merge (&row, &errors->cells[phase][d]);
  return row;
}

/* ---- the text ---- */

static int name_index (const char *word, const char *const *names, int count)
{
  for (int i = 0; i < count; i++)
    if (strcmp (word, names[i]) == 0)
      return i;
  return -1;
}

/* The next word of a line into word (at most size - 1 characters); false at the line's end or
 * when the word is too long. */
static bool next_word (const char **cursor, const char *end, char *word, size_t size)
{
  const char *at = *cursor;
  while (at < end && (*at == ' ' || *at == '\t' || *at == '\r'))
    at++;
  const char *begin = at;
  while (at < end && *at != ' ' && *at != '\t' && *at != '\r')
    at++;
  *cursor = at;
  size_t length = (size_t) (at - begin);
  if (length == 0 || length >= size)
    return false;
  memcpy (word, begin, length);
  word[length] = '\0';
  return true;
}

/* A count is at most a trillion: the sums of a cell's counts stay far from overflowing. */
#define HUMAN_MAX_COUNT 1000000000000L

static bool read_count (const char **cursor, const char *end, long *value)
{
  char word[24];
  if (!next_word (cursor, end, word, sizeof word))
    return false;
  char *stop;
  long number = strtol (word, &stop, 10);
  if (*stop || word[0] < '0' || word[0] > '9' || number < 0 || number > HUMAN_MAX_COUNT)
    return false;
  *value = number;
  return true;
}

/* One cell's line [begin, end): false with what is wrong in why. */
static bool read_cell (const char *begin, const char *end, HumanErrors *errors,
                       bool seen[HUMAN_PHASES][HUMAN_DIFFICULTIES], char *why, size_t why_size)
{
  char word[24];
  const char *cursor = begin;
  int phase = next_word (&cursor, end, word, sizeof word)
    ? name_index (word, phase_names, HUMAN_PHASES) : -1;
  if (phase < 0) {
    snprintf (why, why_size, "the phase must be opening, middle or endgame");
    return false;
  }
  int difficulty = next_word (&cursor, end, word, sizeof word)
    ? name_index (word, difficulty_names, HUMAN_DIFFICULTIES) : -1;
  if (difficulty < 0) {
    snprintf (why, why_size, "the good moves must be 1, 2-3 or 4+");
    return false;
  }
  if (seen[phase][difficulty]) {
    snprintf (why, why_size, "%s %s given twice", phase_names[phase], difficulty_names[difficulty]);
    return false;
  }
  HumanCell cell = { 0 };
  bool numbers = read_count (&cursor, end, &cell.moves) && read_count (&cursor, end, &cell.loss_total);
  long sum = 0;
  for (int b = 0; numbers && b < HUMAN_BUCKETS; b++) {
    numbers = read_count (&cursor, end, &cell.counts[b]);
    sum += numbers ? cell.counts[b] : 0;
  }
  if (!numbers || next_word (&cursor, end, word, sizeof word)) {
    snprintf (why, why_size, "expected the moves, the loss total and %d bucket counts, "
              "whole numbers from 0 to %ld", HUMAN_BUCKETS, HUMAN_MAX_COUNT);
    return false;
  }
  if (sum != cell.moves) {
    snprintf (why, why_size, "the bucket counts add up to %ld, not the %ld moves", sum, cell.moves);
    return false;
  }
  errors->cells[phase][difficulty] = cell;
  seen[phase][difficulty] = true;
  return true;
}

static bool is_blank_line (const char *begin, const char *end)
{
  while (begin < end && (*begin == ' ' || *begin == '\t' || *begin == '\r'))
    begin++;
  return begin == end || *begin == '#';
}

/* The first cell missing from seen, as "PHASE GOOD" into why; false when none is. */
static bool find_missing (bool seen[HUMAN_PHASES][HUMAN_DIFFICULTIES], char *why, size_t why_size)
{
  for (int p = 0; p < HUMAN_PHASES; p++)
    for (int d = 0; d < HUMAN_DIFFICULTIES; d++)
      if (!seen[p][d]) {
        snprintf (why, why_size, "no line for %s %s", phase_names[p], difficulty_names[d]);
        return true;
      }
  return false;
}

bool human_errors_parse (const char *text, size_t length, HumanErrors *errors, char *error,
                         size_t error_size)
{
  *errors = (HumanErrors) { 0 };
  bool seen[HUMAN_PHASES][HUMAN_DIFFICULTIES] = { { false } };
  char why[160];
  int line = 1;
  for (size_t begin = 0; begin < length; line++) {
    const char *newline = memchr (text + begin, '\n', length - begin);
    size_t end = newline ? (size_t) (newline - text) : length;
    if (!is_blank_line (text + begin, text + end)
        && !read_cell (text + begin, text + end, errors, seen, why, sizeof why)) {
      snprintf (error, error_size, "line %d: %s", line, why);
      return false;
    }
    begin = end + 1;
  }
  if (find_missing (seen, why, sizeof why)) {
    snprintf (error, error_size, "%s", why);
    return false;
  }
  return true;
}

bool human_errors_write (FILE *out, const HumanErrors *errors, const char *comment)
{
  if (comment)
    fputs (comment, out);
  fprintf (out, "# phase, good moves, moves, loss total, then moves per loss bucket:");
  for (int b = 0; b < HUMAN_BUCKETS; b++)
    fprintf (out, " %s", bucket_names[b]);
  fputc ('\n', out);
  for (int p = 0; p < HUMAN_PHASES; p++)
    for (int d = 0; d < HUMAN_DIFFICULTIES; d++) {
      const HumanCell *cell = &errors->cells[p][d];
      fprintf (out, "%-7s %-3s %ld %ld", phase_names[p], difficulty_names[d], cell->moves,
               cell->loss_total);
      for (int b = 0; b < HUMAN_BUCKETS; b++)
        fprintf (out, " %ld", cell->counts[b]);
      fputc ('\n', out);
    }
  return !ferror (out);
}

static HumanErrors compiled_table;

static void *parse_compiled (const void *text, size_t length, char *error, size_t error_size)
{
  return human_errors_parse (text, length, &compiled_table, error, error_size) ? &compiled_table : NULL;
}

static Compiled compiled = COMPILED_INIT (human_errors_text, &human_errors_text_length, parse_compiled, NULL);

const HumanErrors *human_errors_compiled (void)
{
  return compiled_get (&compiled);
}

/* ---- drawing ---- */

double human_errors_probability (const HumanErrors *errors, int phase, int difficulty,
                                 double factor, int bucket)
{
  const HumanCell *cell = &errors->cells[phase][difficulty];
  if (cell->moves == 0)
    return bucket == 0;
  double clean = (double) cell->counts[0] / (double) cell->moves;
  if (clean >= 1.0)
    return bucket == 0;
  /* The odds of erring, p / (1 - p), times factor. */
  double erring = 1.0 - clean;
  double scaled = factor * erring / (clean + factor * erring);
  if (bucket == 0)
    return 1.0 - scaled;
  return scaled * (double) cell->counts[bucket] / (double) (cell->moves - cell->counts[0]);
}

int human_errors_draw (const HumanErrors *errors, int phase, int difficulty, double factor,
                       uint64_t *state)
{
  double draw = (double) (random_next (state) >> 11) * 0x1.0p-53;
  int last = 0; /* the last bucket that can be drawn, should rounding leave draw above 0 */
  for (int b = 0; b < HUMAN_BUCKETS; b++) {
    double probability = human_errors_probability (errors, phase, difficulty, factor, b);
    draw -= probability;
    if (draw < 0)
      return b;
    last = probability > 0 ? b : last;
  }
  return last;
}
