/* generate-training: training positions from the engine's own games, chunk after chunk, into a
 * folder that grows from run to run (training-chunk.h says what a chunk holds).
 *
 *   generate-training --out DIR [--seed S] [--depth D] [--exact-empties N]
 *                     [--exact-every K] [--games N] [--chunk-games C] [--threads T]
 *   generate-training --count DIR
 *
 * Game i of seed S is a function of S, i and the settings only, so the chunks are the same
 * bytes for any thread count and any split into runs. A run reads the chunks in DIR (each
 * checked whole; seed S's are DIR/games-S-FIRST.bin.xz), goes on from the game after seed S's
 * last, and writes each chunk of C games atomically once all its games are played, compressed
 * by xz. It stops once the seed has N games (N = 0: never) or at SIGINT or SIGTERM, dropping
 * only the chunk in progress. --count says what DIR holds. */
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "clock.h"
#include "options.h"
#include "training-chunk.h"
#include "training-folder.h"
#include "training-play.h"
#include "workers.h"
#include "xz-file.h"

#define GENERATE_USAGE "generate-training --out DIR [--seed S] [--depth D] [--exact-empties N] " \
  "[--exact-every K] [--games N] [--chunk-games C] [--threads T] | --count DIR"
/* Each game clears its own table, so the size only has to hold one search well; it is fixed so
 * that the games do not depend on the machine. */
#define GENERATE_HASH_BYTES ((size_t) 16 << 20)
#define GENERATE_THREADS_MAX 64

/* Set by SIGINT and SIGTERM; the searches watch it (a signal handler can reach only a global). */
static atomic_bool stop_requested;

static void request_stop (int signal_number)
{
  (void) signal_number;
  atomic_store (&stop_requested, true);
}

/* What a folder holds, or what a run made. */
typedef struct Holdings {
  uint64_t games, positions, exact;
  size_t chunks, bytes;
} Holdings;

typedef struct Found {
  uint32_t first, count;
} Found;

/* What a scan of the folder learns of one seed's chunks. */
typedef struct Scan {
  Holdings holdings;            /* the whole folder */
  const TrainingSettings *settings;
  Found *found;                 /* the seed's chunks */
  size_t count, capacity;
  bool out_of_memory;
  char other_settings[4400];    /* the first of the seed's chunks made otherwise, said */
} Scan;

static void count_position (const TrainingPosition *position, void *user_data)
{
  Scan *scan = user_data;
  if (position->kind == TRAINING_EXACT_POSITION)
    scan->holdings.exact++;
  else
    scan->holdings.positions++;
}

static void chunk_done (const char *path, const TrainingChunk *chunk, size_t file_bytes,
                        void *user_data)
{
  Scan *scan = user_data;
  scan->holdings.games += chunk->count;
  scan->holdings.chunks++;
  scan->holdings.bytes += file_bytes;
  const TrainingSettings *settings = scan->settings;
  if (!settings || chunk->settings.seed != settings->seed)
    return;
  if (!scan->other_settings[0] && (chunk->settings.depth != settings->depth
                                   || chunk->settings.exact_empties != settings->exact_empties
                                   || chunk->settings.exact_every
                                      != settings->exact_every))
    snprintf (scan->other_settings, sizeof scan->other_settings, "%s was made with --depth %d "
              "--exact-empties %d --exact-every %d; give those or another --seed", path,
              chunk->settings.depth, chunk->settings.exact_empties,
              chunk->settings.exact_every);
  if (scan->count == scan->capacity) {
    scan->capacity = scan->capacity ? 2 * scan->capacity : 64;
    Found *grown = realloc (scan->found, scan->capacity * sizeof *grown);
    scan->out_of_memory |= !grown;
    scan->found = grown ? grown : scan->found;
  }
  if (!scan->out_of_memory)
    scan->found[scan->count++] = (Found) { chunk->first, chunk->count };
}

static int by_first (const void *a, const void *b)
{
  const Found *x = a, *y = b;
  return x->first < y->first ? -1 : x->first > y->first;
}

/* Reads every chunk of dir, checking each whole, into *holdings; with settings, checks that
 * the chunks of their seed were made with them and follow each other from game 0, and sets
 * *next to the game after them. False after saying what is wrong. */
static bool scan (const char *dir, const TrainingSettings *settings, Holdings *holdings,
                  uint32_t *next)
{
  Scan scan = { .settings = settings };
  char error[4400];
  bool ok = training_folder_read (dir, count_position, chunk_done, &scan, error, sizeof error);
  if (!ok)
    fprintf (stderr, "generate-training: %s\n", error);
  else if (scan.out_of_memory) {
    fprintf (stderr, "generate-training: out of memory\n");
    ok = false;
  } else if (scan.other_settings[0]) {
    fprintf (stderr, "generate-training: %s\n", scan.other_settings);
    ok = false;
  }
  if (ok && settings) {
    if (scan.count > 0)
      qsort (scan.found, scan.count, sizeof *scan.found, by_first);
    *next = 0;
    for (size_t i = 0; ok && i < scan.count; i++) {
      if (scan.found[i].first != *next) {
        fprintf (stderr, "generate-training: %s: games %u..%u of seed %llu are missing (or two "
                 "chunks overlap); remove the chunks after game %u to go on from there\n", dir,
                 *next, scan.found[i].first - 1, (unsigned long long) settings->seed, *next);
        ok = false;
      }
      *next = scan.found[i].first + scan.found[i].count;
    }
  }
  *holdings = scan.holdings;
  free (scan.found);
  return ok;
}

typedef struct Work {
  const TrainingSettings *settings;
  uint32_t first;
  TrainingGame *games;
  bool *finished;
} Work;

static void play_one (void *data, Search *search, size_t g)
{
  Work *work = data;
  work->finished[g] = !atomic_load (&stop_requested)
                      && training_play_game (work->settings, work->first + g, search,
                                             &stop_requested, &work->games[g]);
}

/* Plays games first..first+count-1 and writes them as one chunk. False when stopped (nothing
 * written) or after saying what went wrong (*failed). */
static bool make_chunk (const char *dir, const TrainingSettings *settings, int threads,
                        uint32_t first, uint32_t count, Holdings *made, bool *failed)
{
  TrainingGame *games = calloc (count, sizeof *games);
  bool *finished = calloc (count, sizeof *finished);
  *failed = !games || !finished;
  Work work = { settings, first, games, finished };
  if (!*failed && !workers_search_each (threads, count, GENERATE_HASH_BYTES, play_one, &work))
    *failed = true;
  if (*failed)
    fprintf (stderr, "generate-training: out of memory for games %u..%u\n", first,
             first + count - 1);
  bool whole = !*failed;
  for (uint32_t g = 0; whole && g < count; g++)
    whole = finished[g];
  TrainingChunk chunk = { *settings, first, count };
  size_t size = 0;
  uint8_t *bytes = whole ? training_chunk_encode (&chunk, games, &size) : NULL;
  char name[256], path[4096], error[4200];
  training_chunk_name (settings->seed, first, name, sizeof name);
  snprintf (path, sizeof path, "%s/%s", dir, name);
  if (whole && !bytes) {
    fprintf (stderr, "generate-training: out of memory for %s\n", path);
    *failed = true;
  } else if (whole && !xz_write_atomically (path, bytes, size, error, sizeof error)) {
    fprintf (stderr, "generate-training: %s\n", error);
    *failed = true;
  } else if (whole) {
    for (uint32_t g = 0; g < count; g++) {
      made->positions += (uint64_t) (games[g].move_count - games[g].start_plies);
      made->exact += games[g].exact_count;
    }
    made->games += count;
    made->chunks++;
  }
  free (bytes);
  free (games);
  free (finished);
  return whole && !*failed;
}

/* Seconds of processor time this process has had, all its threads together: on a shared
 * machine a steadier measure of the cost than the time on the clock. */
static double processor_seconds (void)
{
  struct rusage usage;
  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 0;
  return (double) (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
         + (double) (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

static void print_rates (const char *what, const Holdings *made, double seconds,
                         double processor, int threads)
{
  double s = seconds > 0 ? seconds : 1e-9;
  fprintf (stderr, "generate-training: %s: %llu games, %llu positions, %llu exact positions in "
           "%.0f s on %d threads (%.0f s of processor time): %.2f games/s, %.1f positions/s, "
           "%.2f exact positions/s\n", what, (unsigned long long) made->games,
           (unsigned long long) made->positions, (unsigned long long) made->exact, seconds,
           threads, processor, (double) made->games / s, (double) made->positions / s,
           (double) made->exact / s);
}

static bool run (const char *dir, const TrainingSettings *settings, uint32_t games,
                 uint32_t chunk_games, int threads)
{
  Holdings held = { 0 };
  uint32_t next = 0;
  if (!scan (dir, settings, &held, &next))
    return false;
  fprintf (stderr, "generate-training: %s holds %llu games (%llu positions, %llu exact); "
           "seed %llu goes on from game %u\n", dir, (unsigned long long) held.games,
           (unsigned long long) held.positions, (unsigned long long) held.exact,
           (unsigned long long) settings->seed, next);
  double start = clock_seconds (), processor_start = processor_seconds ();
  Holdings made = { 0 };
  bool failed = false;
  while (!atomic_load (&stop_requested) && (games == 0 || next < games)) {
    uint32_t count = games == 0 || games - next > chunk_games ? chunk_games : games - next;
    if (!make_chunk (dir, settings, threads, next, count, &made, &failed))
      break;
    char name[256], what[300];
    training_chunk_name (settings->seed, next, name, sizeof name);
    snprintf (what, sizeof what, "wrote %s; this run so far", name);
    print_rates (what, &made, clock_seconds () - start, processor_seconds () - processor_start,
                 threads);
    next += count;
  }
  if (atomic_load (&stop_requested) && !failed)
    fprintf (stderr, "generate-training: stopped; the games from %u on were not kept\n", next);
  double seconds = clock_seconds () - start, processor = processor_seconds () - processor_start;
  print_rates ("this run", &made, seconds, processor, threads);
  if (made.positions > 0)
    fprintf (stderr, "generate-training: one million positions more: %.1f hours at this rate, "
             "%.1f hours of processor time (%.2f ms a position)\n",
             1e6 * seconds / (double) made.positions / 3600,
             1e6 * processor / (double) made.positions / 3600,
             1e3 * processor / (double) made.positions);
  return !failed;
}

int main (int argc, char **argv)
{
  const char *out = NULL, *count_dir = NULL;
  TrainingSettings settings = { .seed = 1, .depth = 8, .exact_empties = 20, .exact_every = 4 };
  int games = 0, chunk_games = 10000;
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  int threads = cores < 1 ? 1 : cores > GENERATE_THREADS_MAX ? GENERATE_THREADS_MAX : (int) cores;
  const Option table[] = {
    { "--out", OPTION_TEXT, &out, 0, 0 },
    { "--count", OPTION_TEXT, &count_dir, 0, 0 },
    { "--seed", OPTION_SEED, &settings.seed, 0, 0 },
    { "--depth", OPTION_INT, &settings.depth, 1, 30 },
    { "--exact-empties", OPTION_INT, &settings.exact_empties, 0, 30 },
    { "--exact-every", OPTION_INT, &settings.exact_every, 0, 255 },
    { "--games", OPTION_INT, &games, 0, 2000000000 },
    { "--chunk-games", OPTION_INT, &chunk_games, 1, 1000000 },
    { "--threads", OPTION_INT, &threads, 1, GENERATE_THREADS_MAX },
  };
  OptionParser parser = { .program = "generate-training", .usage = GENERATE_USAGE,
                          .options = table, .n_options = OPTION_COUNT (table) };
  if (!options_parse (&parser, argc, argv))
    return parser.help ? 0 : 2;
  if (count_dir) {
    Holdings held = { 0 };
    if (!scan (count_dir, NULL, &held, NULL))
      return 1;
    printf ("%s: %zu chunks, %zu bytes: %llu games, %llu positions, %llu exact positions\n",
            count_dir, held.chunks, held.bytes, (unsigned long long) held.games,
            (unsigned long long) held.positions, (unsigned long long) held.exact);
    return 0;
  }
  if (!out) {
    fprintf (stderr, "generate-training: --out is needed (usage: " GENERATE_USAGE ")\n");
    return 2;
  }
  struct sigaction action = { .sa_handler = request_stop, .sa_flags = SA_RESTART };
  sigemptyset (&action.sa_mask);
  sigaction (SIGINT, &action, NULL);
  sigaction (SIGTERM, &action, NULL);
  /* A write to an xz that died is an error to report (xz-file.c), not a reason to die. */
  signal (SIGPIPE, SIG_IGN);
  return run (out, &settings, (uint32_t) games, (uint32_t) chunk_games, threads) ? 0 : 1;
}
