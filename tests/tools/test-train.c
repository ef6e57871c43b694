/* test-train.c: verso-train turns a directory of WTHOR files and self-play games into weights
 * the engine accepts, the same bytes whatever the thread count, warns about damaged records
 * and refuses bad input.
 *   test-train PATH-TO-VERSO-TRAIN */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "board.h"
#include "eval_pattern.h"
#include "check.h"
#include "random-game.h"

static char directory[] = "/tmp/test-train-XXXXXX";

/* A WTHOR file of random complete games; `damaged` of them get an illegal second move. */
static void write_games (const char *name, int year, int games, int damaged, uint64_t seed)
{
  char path[256];
  snprintf (path, sizeof path, "%s/%s", directory, name);
  FILE *out = fopen (path, "wb");
  REQUIRE (out, "cannot write %s", path);
  uint8_t header[16] = { 20, 20, 1, 1, (uint8_t) games, 0, 0, 0, 0, 0,
                         (uint8_t) (year & 0xFF), (uint8_t) (year >> 8), 8, 0, 24, 0 };
  fwrite (header, 1, sizeof header, out);
  for (int g = 0; g < games; g++) {
    uint8_t record[68];
    random_wthor_record (&seed, 60, record);
    if (g < damaged)
      record[9] = record[8];
    fwrite (record, 1, sizeof record, out);
  }
  fclose (out);
}

/* Runs verso-train with the arguments (and --self-play-cache cache unless it is NULL); returns
 * its exit status and its stderr in log. */
static int train (const char *program, const char *out, const char *threads, const char *cache,
                  char *log, size_t log_size)
{
  char log_path[256];
  snprintf (log_path, sizeof log_path, "%s/log.txt", directory);
  pid_t pid = fork ();
  REQUIRE (pid >= 0, "fork failed");
  if (pid == 0) {
    FILE *stream = freopen (log_path, "w", stderr);
    if (!stream || !freopen ("/dev/null", "w", stdout))
      _exit (127);
    char *arguments[] = { (char *) program, "--wthor", directory, "--out", (char *) out,
                          "--threads", (char *) threads, "--iterations", "8", "--exact-empties",
                          "10", "--holdout-from", "2019", "--self-play", "4",
                          "--self-play-depth", "4", "--self-play-rounds", "2",
                          cache ? "--self-play-cache" : NULL, (char *) cache, NULL };
    execv (program, arguments);
    _exit (127);
  }
  int status = 0;
  waitpid (pid, &status, 0);
  FILE *in = fopen (log_path, "r");
  size_t n = in ? fread (log, 1, log_size - 1, in) : 0;
  log[n] = '\0';
  if (in)
    fclose (in);
  remove (log_path);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128;
}

static uint8_t *read_all (const char *path, size_t *size)
{
  FILE *in = fopen (path, "rb");
  REQUIRE (in, "cannot read %s", path);
  uint8_t *bytes = malloc (4 << 20);
  REQUIRE (bytes, "out of memory");
  *size = fread (bytes, 1, 4 << 20, in);
  fclose (in);
  return bytes;
}

static void remove_directory (void)
{
  static const char *names[] = { "WTH_2000.wtb", "WTH_2019.wtb", "one.bin", "two.bin",
                                 "three.bin", "cache.bin", "cache.bin.2", "log.txt" };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    char path[256];
    snprintf (path, sizeof path, "%s/%s", directory, names[i]);
    remove (path);
  }
  rmdir (directory);
}

int main (int argc, char **argv)
{
  REQUIRE (argc == 2, "usage: test-train PATH-TO-VERSO-TRAIN");
  REQUIRE (mkdtemp (directory), "no temporary directory");
  atexit (remove_directory);
  write_games ("WTH_2000.wtb", 2000, 60, 2, 1);
  write_games ("WTH_2019.wtb", 2019, 10, 0, 2);

  char one[256], two[256], log[16384];
  snprintf (one, sizeof one, "%s/one.bin", directory);
  snprintf (two, sizeof two, "%s/two.bin", directory);
  REQUIRE (train (argv[1], one, "1", NULL, log, sizeof log) == 0, "training failed:\n%s", log);
  CHECK (strstr (log, "WTH_2000.wtb: record 1 skipped: move 2")
         && strstr (log, "WTH_2000.wtb: record 2 skipped: move 2"),
         "no warnings naming the damaged records:\n%s", log);
  CHECK (strstr (log, "68 games read, 2 damaged records skipped"), "games read:\n%s", log);
  CHECK (strstr (log, "4 self-play games") && strstr (log, "seed 1)")
         && strstr (log, "seed 2)"), "not two rounds of self-play games:\n%s", log);
  REQUIRE (train (argv[1], two, "2", NULL, log, sizeof log) == 0, "training failed:\n%s", log);

  size_t size_one, size_two;
  uint8_t *bytes_one = read_all (one, &size_one), *bytes_two = read_all (two, &size_two);
  CHECK (size_one == size_two && memcmp (bytes_one, bytes_two, size_one) == 0,
         "one and two threads made different weights");
  char error[160];
  PatternWeights *weights = pattern_weights_decode (bytes_one, size_one, error, sizeof error);
  REQUIRE (weights, "the engine refuses the trained weights: %s", error);
  /* Something was learnt: the start position's features have weights. */
  Board start;
  board_init (&start);
  uint32_t features[PATTERN_INSTANCES];
  pattern_features (&start, features);
  int nonzero = 0;
  for (int k = 0; k < PATTERN_INSTANCES; k++)
    nonzero += weights->phase[0][features[k]] != 0;
  CHECK (nonzero > 0, "all weights of the start position are zero");
  pattern_weights_free (weights);
  free (bytes_one);
  free (bytes_two);

  /* Bad input: no such directory, an output that cannot be written (old weights kept). */
  /* The self-play cache (one file a round, the second beside the first): written by a first
   * run, read back by a second (no game played again), and played again when damaged; the
   * weights are the same every time. */
  char three[256], cache[256];
  snprintf (three, sizeof three, "%s/three.bin", directory);
  snprintf (cache, sizeof cache, "%s/cache.bin", directory);
  for (int run = 0; run < 3; run++) {
    CHECK (train (argv[1], three, "2", cache, log, sizeof log) == 0, "training failed:\n%s",
           log);
    bool played[2] = { strstr (log, "seed 1)") != NULL, strstr (log, "seed 2)") != NULL };
    CHECK (run == 0 ? played[0] && played[1]
           : run == 1 ? !played[0] && !played[1] && strstr (log, "positions read from")
           : played[0] && !played[1] && strstr (log, "is damaged"),
           "run %d with the cache:\n%s", run, log);
    size_t size_three;
    uint8_t *bytes_three = read_all (three, &size_three);
    bytes_one = read_all (one, &size_one);
    CHECK (size_three == size_one && memcmp (bytes_one, bytes_three, size_one) == 0,
           "run %d with the cache made other weights", run);
    free (bytes_one);
    free (bytes_three);
    if (run == 1)
      CHECK (truncate (cache, 100) == 0, "cannot damage the cache");
  }

  CHECK (train (argv[1], one, "0", NULL, log, sizeof log) == 2, "0 threads accepted");
  char missing[300];
  snprintf (missing, sizeof missing, "%s/none/x.bin", directory);
  CHECK (train (argv[1], missing, "1", NULL, log, sizeof log) == 1 && strstr (log, "cannot write"),
         "unwritable output: %s", log);
  return check_finish ();
}
