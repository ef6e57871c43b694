/* balanced-starts.c: the list of balanced starts (start.h): every position N plies from the
 * standard start, once up to symmetry, searched and kept when its score is close to even. It
 * makes data/balanced-starts.txt:
 *
 *   balanced-starts [--plies N] [--depth D] [--max-score S] [--threads N] > data/balanced-starts.txt
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "clock.h"
#include "eval_pattern.h"
#include "notation.h"
#include "options.h"
#include "position.h"
#include "search.h"
#include "workers.h"

#define BALANCED_MAX_PLIES 10
#define BALANCED_MAX_THREADS 64
/* Each position is searched from an empty table (so the result does not depend on the order or
 * the thread), which a small table makes cheap to clear. */
#define BALANCED_HASH_BYTES ((size_t) 4 << 20)
#define BALANCED_USAGE "balanced-starts [--plies N] [--depth D] [--max-score S] [--threads N]"

typedef struct BalancedOptions {
  int plies;
  int depth;
  int max_score;
  int threads;
} BalancedOptions;

/* One distinct position: the first line (in the order of the enumeration) that reaches it. */
typedef struct BalancedLine {
  Board canonical;
  unsigned char moves[BALANCED_MAX_PLIES];
  int score; /* for black, once searched */
} BalancedLine;

typedef struct BalancedSet {
  BalancedLine *lines;
  size_t count, capacity;
  size_t *slots; /* open addressing: index + 1 into lines, 0 for empty */
  size_t slot_mask;
  uint64_t leaves;        /* lines of N plies enumerated */
  uint64_t passes;        /* lines left out because a player had to pass or the game ended */
  bool out_of_memory;
} BalancedSet;

static uint64_t balanced_hash (const Board *board)
{
  uint64_t h = board->player * 0x9E3779B97F4A7C15ULL ^ board->opponent * 0xC2B2AE3D27D4EB4FULL;
  return h ^ (h >> 29);
}

static bool balanced_grow (BalancedSet *set)
{
  size_t capacity = set->capacity ? set->capacity * 2 : 4096;
  BalancedLine *lines = realloc (set->lines, capacity * sizeof *lines);
  size_t *slots = calloc (capacity * 2, sizeof *slots);
  if (lines)
    set->lines = lines;
  if (!lines || !slots) {
    free (slots);
    return false;
  }
  free (set->slots);
  set->slots = slots;
  set->slot_mask = capacity * 2 - 1;
  set->capacity = capacity;
  for (size_t k = 0; k < set->count; k++) {
    size_t slot = balanced_hash (&set->lines[k].canonical) & set->slot_mask;
    while (set->slots[slot])
      slot = (slot + 1) & set->slot_mask;
    set->slots[slot] = k + 1;
  }
  return true;
}

/* Adds the line reaching `board` unless a line reached it (or a symmetric form) before. */
static void balanced_add (BalancedSet *set, const Board *board, const int *moves, int plies)
{
  set->leaves++;
  if (set->out_of_memory)
    return;
  Board canonical = board_canonical (board);
  if (set->count == set->capacity && !balanced_grow (set)) {
    set->out_of_memory = true;
    return;
  }
  size_t slot = balanced_hash (&canonical) & set->slot_mask;
  for (; set->slots[slot]; slot = (slot + 1) & set->slot_mask)
    if (board_equal (&set->lines[set->slots[slot] - 1].canonical, &canonical))
      return;
  BalancedLine *line = &set->lines[set->count];
  line->canonical = canonical;
  for (int k = 0; k < plies && k < BALANCED_MAX_PLIES; k++)
    line->moves[k] = (unsigned char) moves[k];
  line->score = 0;
  set->slots[slot] = ++set->count;
}

/* Depth-first, squares in the order of their names (a1, a2 .. a8, b1 ..): lines are met in the
 * alphabetical order of their transcripts, so the first to reach a position is the
 * alphabetically first. */
static void balanced_enumerate (BalancedSet *set, const Position *position, int *moves, int ply,
                                int plies)
{
  if (ply == plies) {
    balanced_add (set, &position->board, moves, plies);
    return;
  }
  uint64_t legal = board_moves (position->board.player, position->board.opponent);
  if (!legal) {
    set->passes++;
    return;
  }
  for (int column = 0; column < 8; column++)
    for (int row = 0; row < 8; row++) {
      int square = board_square (column, row);
      if (!(legal & board_bit (square)))
        continue;
      /* Every line starts with f5: the start's symmetries take the four first moves onto one
       * another, so each position has a line that does, and lists read as usual. */
      if (ply == 0 && square != board_square (5, 4))
        continue;
      Position next = *position;
      position_play (&next, square);
      moves[ply] = square;
      balanced_enumerate (set, &next, moves, ply + 1, plies);
    }
}

typedef struct BalancedWork {
  BalancedSet *set;
  int plies;
  SearchLimits limits;
  atomic_size_t done;
} BalancedWork;

/* Line `index`'s position searched from an empty table, so that its score does not depend on
 * the order of work or the thread. */
static void balanced_search_line (void *data, Search *search, size_t index)
{
  BalancedWork *work = data;
  BalancedLine *line = &work->set->lines[index];
  Position position;
  position_init (&position);
  for (int k = 0; k < work->plies; k++)
    position_play (&position, line->moves[k]);
  search_clear (search);
  SearchResult result = search_run (search, &position.board, &work->limits, NULL, NULL);
  line->score = position.side_to_move == POSITION_BLACK ? result.score : -result.score;
  size_t done = atomic_fetch_add (&work->done, 1) + 1;
  if (done % 1000 == 0)
    fprintf (stderr, "balanced-starts: %zu of %zu positions searched\n", done, work->set->count);
}

/* Searches every line's position on `threads` threads; false when memory ran short. */
static bool balanced_search_all (BalancedSet *set, const BalancedOptions *options)
{
  BalancedWork work = { .set = set, .plies = options->plies, .limits = search_limits_default () };
  work.limits.max_depth = options->depth;
  /* Full width, as data/balanced-starts.txt was made: the list stays what this command
   * prints, whatever the selective search's calibration. */
  work.limits.exhaustive = true;
  work.limits.threads = 1;
  atomic_init (&work.done, 0);
  return workers_search_each (options->threads, set->count, BALANCED_HASH_BYTES,
                              balanced_search_line, &work);
}

/* The header (how the list was made, its counts and scores) and the kept lines, in the order
 * met, which is alphabetical. */
static void balanced_print (const BalancedSet *set, const BalancedOptions *options)
{
  size_t kept = 0;
  size_t by_score[129] = { 0 };
  for (size_t k = 0; k < set->count; k++) {
    int score = set->lines[k].score;
    if (score >= -options->max_score && score <= options->max_score) {
      kept++;
      by_score[score + 64]++;
    }
  }
  printf ("# Balanced starts (start.h), made by:\n"
          "#   tools/generate/starts/balanced-starts --plies %d --depth %d --max-score %d\n"
          "# (--threads changes only the time taken). Every line of %d plies from the standard\n"
          "# start beginning with f5, one per position up to the 8 symmetries (the alphabetically\n"
          "# first), searched to depth %d with the %s evaluation (standard rules); kept when the\n"
          "# score for black, in discs, is within -%d..+%d.\n"
          "# %llu lines, %llu left out for a pass, %zu distinct positions, %zu kept.\n",
          options->plies, options->depth, options->max_score, options->plies, options->depth,
          eval_pattern ()->name, options->max_score, options->max_score,
          (unsigned long long) set->leaves, (unsigned long long) set->passes, set->count, kept);
  printf ("# Kept by score:");
  for (int score = -options->max_score; score <= options->max_score; score++)
    printf (" %+d: %zu%s", score, by_score[score + 64], score < options->max_score ? "," : "\n");
  for (size_t k = 0; k < set->count; k++) {
    const BalancedLine *line = &set->lines[k];
    if (line->score < -options->max_score || line->score > options->max_score)
      continue;
    int moves[BALANCED_MAX_PLIES];
    for (int m = 0; m < options->plies; m++)
      moves[m] = line->moves[m];
    char transcript[2 * BALANCED_MAX_PLIES + 1];
    notation_format_transcript (moves, (size_t) options->plies, false, transcript,
                                sizeof transcript);
    printf ("%s  %+d\n", transcript, line->score);
  }
}

int main (int argc, char **argv)
{
  /* The defaults make data/balanced-starts.txt: depth 8 searches the 67245 positions of 8
   * plies in about 8 minutes of one core, where depth 10 would take about half an hour. */
  BalancedOptions options = { .plies = 8, .depth = 8, .max_score = 2, .threads = 1 };
  const Option table[] = {
    { "--plies", OPTION_INT, &options.plies, 1, BALANCED_MAX_PLIES },
    { "--depth", OPTION_INT, &options.depth, 1, 30 },
    { "--max-score", OPTION_INT, &options.max_score, 0, 64 },
    { "--threads", OPTION_INT, &options.threads, 1, BALANCED_MAX_THREADS },
  };
  OptionParser parser = { .program = "balanced-starts", .usage = BALANCED_USAGE,
                          .options = table, .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return parser.help ? 0 : 2;

  double started = clock_seconds ();
  BalancedSet set = { 0 };
  Position start;
  position_init (&start);
  int moves[BALANCED_MAX_PLIES];
  balanced_enumerate (&set, &start, moves, 0, options.plies);
  int status = 0;
  if (set.out_of_memory) {
    fprintf (stderr, "balanced-starts: out of memory for the positions\n");
    status = 1;
  } else {
    fprintf (stderr, "balanced-starts: %zu distinct positions after %d plies, searching to "
             "depth %d\n", set.count, options.plies, options.depth);
    if (!balanced_search_all (&set, &options)) {
      fprintf (stderr, "balanced-starts: out of memory for the search table\n");
      status = 1;
    } else {
      balanced_print (&set, &options);
      if (fflush (stdout) != 0 || ferror (stdout)) {
        fprintf (stderr, "balanced-starts: could not write the list to standard output\n");
        status = 1;
      } else {
        fprintf (stderr, "balanced-starts: done in %.1f s\n", clock_seconds () - started);
      }
    }
  }
  free (set.lines);
  free (set.slots);
  return status;
}
