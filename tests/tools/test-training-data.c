/* test-training-data.c: tools/generate/training-data/generate-training writes the same chunks
 * for any thread count and any split into runs (a killed run included), its labels are what an
 * exact solve says, and a damaged or truncated chunk is refused with a message naming the file
 * and the offset; verso-train reads the chunks as a source and refuses damaged ones too.
 *   test-training-data PATH-TO-GENERATE-TRAINING PATH-TO-VERSO-TRAIN */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bytes.h"
#include "random.h"
#include "search.h"
#include "training-chunk.h"
#include "training-folder.h"
#include "xz-file.h"
#include "check.h"

static const char *generator, *trainer;
static char scratch[64] = "/tmp/test-training-data-XXXXXX";

/* The settings every run below shares: small searches, so that the games take seconds. */
#define SETTINGS "--seed 5 --depth 4 --exact-empties 12 --exact-every 1 --chunk-games 4"
#define EXACT_EMPTIES 12

/* Runs the program with these arguments, its messages into $T/log; its exit status. */
static int run (const char *program, const char *arguments)
{
  char command[1024];
  snprintf (command, sizeof command, "'%s' %s > '%s/log' 2>&1", program, arguments, scratch);
  int status = system (command);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static int generate (const char *arguments)
{
  return run (generator, arguments);
}

#define LOG_SIZE 32768

/* The last run's messages ($T/log) into log[LOG_SIZE], "" when there are none. */
static void read_log (char *log)
{
  char path[256];
  snprintf (path, sizeof path, "%s/log", scratch);
  FILE *file = fopen (path, "r");
  size_t n = file ? fread (log, 1, LOG_SIZE - 1, file) : 0;
  if (file)
    fclose (file);
  log[n] = '\0';
}

static bool log_mentions (const char *text)
{
  char log[LOG_SIZE];
  read_log (log);
  if (!strstr (log, text))
    fprintf (stderr, "the program's messages, without \"%s\":\n%s", text, log);
  return strstr (log, text) != NULL;
}

/* The bytes of a file (malloc'ed), or NULL when it is not there. */
static uint8_t *read_file (const char *path, size_t *size)
{
  FILE *file = fopen (path, "rb");
  if (!file)
    return NULL;
  uint8_t *bytes = malloc (1 << 20);
  *size = fread (bytes, 1, 1 << 20, file);
  fclose (file);
  return bytes;
}

static void chunk_path (const char *dir, uint32_t first, char *out, size_t size)
{
  snprintf (out, size, "%s/%s/games-5-%09u.bin.xz", scratch, dir, first);
}

/* Both folders hold chunk `first`, the same bytes. */
static bool same_chunk (const char *a, const char *b, uint32_t first)
{
  char path_a[256], path_b[256];
  chunk_path (a, first, path_a, sizeof path_a);
  chunk_path (b, first, path_b, sizeof path_b);
  size_t size_a = 0, size_b = 0;
  uint8_t *bytes_a = read_file (path_a, &size_a), *bytes_b = read_file (path_b, &size_b);
  bool same = bytes_a && bytes_b && size_a == size_b && memcmp (bytes_a, bytes_b, size_a) == 0;
  free (bytes_a);
  free (bytes_b);
  return same;
}

static void make_dir (const char *dir)
{
  char path[256];
  snprintf (path, sizeof path, "%s/%s", scratch, dir);
  REQUIRE (mkdir (path, 0755) == 0, "cannot make %s", path);
}

static void test_same_for_any_thread_count (void)
{
  make_dir ("one");
  make_dir ("three");
  CHECK (generate ("--out $T/one --games 8 --threads 1 " SETTINGS) == 0);
  CHECK (generate ("--out $T/three --games 8 --threads 3 " SETTINGS) == 0);
  for (uint32_t first = 0; first < 8; first += 4)
    CHECK (same_chunk ("one", "three", first), "chunk %u differs between 1 and 3 threads", first);
}

static void test_resume_gives_one_run (void)
{
  make_dir ("resumed");
  CHECK (generate ("--out $T/resumed --games 4 --threads 2 " SETTINGS) == 0);
  CHECK (generate ("--out $T/resumed --games 8 --threads 2 " SETTINGS) == 0);
  CHECK (log_mentions ("seed 5 goes on from game 4"));
  for (uint32_t first = 0; first < 8; first += 4)
    CHECK (same_chunk ("one", "resumed", first), "chunk %u differs after a resume", first);
  /* Other settings under the same seed would mix two kinds of games. */
  CHECK (generate ("--out $T/resumed --games 12 --seed 5 --depth 5") == 1);
  CHECK (log_mentions ("--depth 4"));
}

/* Killed while it plays (SIGTERM), the generator stops soon, keeps whole chunks only, and a
 * run after it ends where one run would have. */
static void test_killed_run_resumes (void)
{
  make_dir ("killed");
  char out[256], first_chunk[256];
  snprintf (out, sizeof out, "%s/killed", scratch);
  chunk_path ("killed", 0, first_chunk, sizeof first_chunk);
  pid_t pid = fork ();
  REQUIRE (pid >= 0);
  if (pid == 0) {
    if (!freopen ("/dev/null", "w", stderr))
      _exit (126);
    execl (generator, generator, "--out", out, "--games", "1000", "--threads", "2", "--seed", "5",
           "--depth", "4", "--exact-empties", "12", "--exact-every", "1", "--chunk-games", "4",
           (char *) NULL);
    _exit (127);
  }
  struct stat info;
  for (int i = 0; i < 6000 && stat (first_chunk, &info) != 0; i++)
    usleep (10000);
  CHECK (stat (first_chunk, &info) == 0, "no chunk after 60 s");
  kill (pid, SIGTERM);
  int status;
  waitpid (pid, &status, 0);
  CHECK (WIFEXITED (status) && WEXITSTATUS (status) == 0, "SIGTERM: status %d", status);
  CHECK (generate ("--count $T/killed") == 0, "a killed run left a chunk that does not read");
  CHECK (generate ("--out $T/killed --games 8 --threads 1 " SETTINGS) == 0);
  for (uint32_t first = 0; first < 8; first += 4)
    CHECK (same_chunk ("one", "killed", first), "chunk %u differs after a killed run", first);
}

typedef struct Collected {
  TrainingPosition positions[2048];
  int count;
} Collected;

static void collect (const TrainingPosition *position, void *user_data)
{
  Collected *collected = user_data;
  if (collected->count < 2048)
    collected->positions[collected->count++] = *position;
}

/* Positions in reach of the solve are labelled with their exact score, and so are the exact
 * positions off the games' lines (those of 20 empties or fewer are solved again here). */
static void test_labels_are_exact_solves (void)
{
  char path[256], error[512];
  chunk_path ("one", 0, path, sizeof path);
  size_t size;
  uint8_t *bytes = xz_read (path, &size, error, sizeof error);
  REQUIRE (bytes, "%s", error);
  static Collected collected;
  TrainingChunk chunk;
  REQUIRE (training_chunk_decode (bytes, size, &chunk, collect, &collected, error, sizeof error),
           "%s", error);
  CHECK (chunk.first == 0 && chunk.count == 4 && chunk.settings.seed == 5
         && chunk.settings.depth == 4 && chunk.settings.exact_empties == EXACT_EMPTIES);
  Search *search = search_new (4 << 20);
  REQUIRE (search);
  SearchLimits exact = search_limits_default ();
  exact.exact_empties = 60;
  int solved = 0, exact_positions = 0;
  for (int i = 0; i < collected.count; i++) {
    const TrainingPosition *position = &collected.positions[i];
    int empties = board_empties (&position->board);
    CHECK (board_legal_moves (&position->board), "position %d has no move", i);
    bool exact_kind = position->kind == TRAINING_EXACT_POSITION;
    exact_positions += exact_kind;
    if (exact_kind)
      CHECK (empties >= 16 && empties <= 24, "an exact position with %d empties", empties);
    if (empties > (exact_kind ? 20 : EXACT_EMPTIES))
      continue;
    search_clear (search);
    SearchResult result = search_run (search, &position->board, &exact, NULL, NULL);
    CHECK (result.exact && result.score == position->label,
           "game %u, %d empties: label %+d, solved %+d", position->game, empties, position->label,
           result.score);
    CHECK (position->score == position->label, "game %u, %d empties: score %+d, label %+d",
           position->game, empties, position->score, position->label);
    solved++;
  }
  CHECK (solved >= 4 * EXACT_EMPTIES / 2, "only %d labels checked", solved);
  CHECK (exact_positions >= 3, "only %d exact positions in 4 games", exact_positions);
  search_free (search);
  free (bytes);
}

/* Writes `bytes` as chunk 0 of folder `dir` (made), compressed as the generator does. */
static void write_chunk (const char *dir, const uint8_t *bytes, size_t size)
{
  make_dir (dir);
  char path[256], error[512];
  chunk_path (dir, 0, path, sizeof path);
  REQUIRE (xz_write_atomically (path, bytes, size, error, sizeof error), "%s", error);
}

/* The generator refuses to go on from a folder holding it, naming the file and the offset. */
static void check_refused (const char *dir, const char *reason)
{
  char arguments[256], path[256];
  snprintf (arguments, sizeof arguments, "--out $T/%s --games 8 " SETTINGS, dir);
  CHECK (generate (arguments) == 1, "%s: a chunk %s was accepted", dir, reason);
  chunk_path (dir, 0, path, sizeof path);
  CHECK (log_mentions (path), "%s: the message does not name the file", dir);
  CHECK (log_mentions (reason), "%s: the message does not say \"%s\"", dir, reason);
}

/* Counts the positions whose side to move has no move (there should be none). */
static void count_stuck (const TrainingPosition *position, void *user_data)
{
  if (!board_legal_moves (&position->board))
    (*(int *) user_data)++;
}

static void test_damage_is_refused (void)
{
  char path[256], error[512];
  chunk_path ("one", 0, path, sizeof path);
  size_t size, compressed_size;
  uint8_t *bytes = xz_read (path, &size, error, sizeof error);
  uint8_t *compressed = read_file (path, &compressed_size);
  REQUIRE (bytes && compressed);

  /* The xz file cut short: xz says so. */
  make_dir ("cut");
  char cut[256];
  chunk_path ("cut", 0, cut, sizeof cut);
  FILE *file = fopen (cut, "wb");
  REQUIRE (file);
  fwrite (compressed, 1, compressed_size / 2, file);
  fclose (file);
  check_refused ("cut", "damaged or truncated");

  /* The chunk cut short inside a whole xz file. */
  write_chunk ("short", bytes, size - 10);
  check_refused ("short", "truncated");
  check_refused ("short", "offset ");

  /* A byte changed in the payload. */
  uint8_t *changed = malloc (size);
  memcpy (changed, bytes, size);
  changed[TRAINING_HEADER + 20] ^= 0x10;
  write_chunk ("changed", changed, size);
  check_refused ("changed", "checksum");

  /* An illegal move with its checksum made right: found by replaying the game. */
  memcpy (changed, bytes, size);
  changed[TRAINING_HEADER + 4] = 0; /* the first move: a1 */
  bytes_write_u32 (changed + size - 4, bytes_fnv1a (changed, size - 4));
  write_chunk ("illegal", changed, size);
  check_refused ("illegal", "offset 40: game 0's move 1 (0) is not legal");

  /* Bytes changed at random with the checksum made right: each chunk is read or refused with a
   * message, never misread into a position that is not one (the sanitizers watch the rest). */
  uint64_t rng = 11;
  int refused = 0;
  for (int trial = 0; trial < 2000; trial++) {
    memcpy (changed, bytes, size);
    for (int k = 0; k < 1 + trial % 3; k++)
      changed[TRAINING_HEADER + random_next (&rng) % (size - TRAINING_HEADER - 4)]
        = (uint8_t) random_next (&rng);
    bytes_write_u32 (changed + size - 4, bytes_fnv1a (changed, size - 4));
    TrainingChunk chunk;
    int stuck = 0;
    char reason[512] = "";
    if (training_chunk_decode (changed, size, &chunk, count_stuck, &stuck, reason, sizeof reason))
      CHECK (stuck == 0, "trial %d: %d positions without a move", trial, stuck);
    else {
      CHECK (strncmp (reason, "offset ", 7) == 0, "trial %d: %s", trial, reason);
      refused++;
    }
  }
  CHECK (refused > 1000, "only %d of 2000 damaged chunks refused", refused);

  /* Not a chunk at all. */
  write_chunk ("other", (const uint8_t *) "hello", 5);
  check_refused ("other", "not a training data chunk");
  free (changed);
  free (compressed);
  free (bytes);
}

/* The positions of a folder: all of them, those of every other game (odd indices), and those
 * of these solved exactly: exact positions, and a game's within the solve of its chunk. */
typedef struct Count {
  int exact_empties; /* the chunks' */
  int positions, odd, odd_exact;
} Count;

static void note_settings (const char *path, const TrainingChunk *chunk, size_t bytes, void *user_data)
{
  (void) path;
  (void) bytes;
  ((Count *) user_data)->exact_empties = chunk->settings.exact_empties;
}

static void count_one (const TrainingPosition *position, void *user_data)
{
  Count *count = user_data;
  count->positions++;
  if (position->game % 2 == 1) {
    count->odd++;
    count->odd_exact += position->kind == TRAINING_EXACT_POSITION
                        || board_empties (&position->board) <= count->exact_empties;
  }
}

/* The count of positions on the line "all ..." of the report's table that follows heading, or
 * -1 when there is none. */
static int report_total (const char *heading)
{
  char log[LOG_SIZE];
  read_log (log);
  const char *table = strstr (log, heading), *all = table ? strstr (table, "\nall ") : NULL;
  int total;
  return all && sscanf (all + 5, "%d", &total) == 1 ? total : -1;
}

/* verso-train adds every position of the folder to its training set, or holds out every other
 * game's to report its error on them, on all and on those solved exactly; it stops at a damaged
 * chunk, naming it, before its long work. */
static void test_trainer_reads_them (void)
{
  Count count = { 0 };
  char dir[256], error[512], expected[400];
  snprintf (dir, sizeof dir, "%s/one", scratch);
  REQUIRE (training_folder_read (dir, NULL, note_settings, &count, error, sizeof error), "%s", error);
  REQUIRE (training_folder_read (dir, count_one, NULL, &count, error, sizeof error), "%s", error);
  REQUIRE (count.odd > 0 && count.odd_exact > 0 && count.odd_exact < count.odd,
           "the folder's odd games: %d positions, %d exact", count.odd, count.odd_exact);
  make_dir ("wthor");
  char command[512];
  snprintf (command, sizeof command, "cp '%s/WTH_2020.wtb' '%s/wthor/'",
            getenv ("VERSO_TEST_DATA") ? getenv ("VERSO_TEST_DATA") : "tests/data", scratch);
  REQUIRE (system (command) == 0, "cannot copy the WTHOR file");
  CHECK (run (trainer, "--wthor $T/wthor --out $T/weights.bin --self-play 0 --exact-empties 0 "
              "--iterations 2 --training-data $T/one --training-data-holdout 0") == 0);
  snprintf (expected, sizeof expected, " %d positions of training data read from %s, 0 more held out",
            count.positions, dir);
  CHECK (log_mentions (expected));
  CHECK (report_total ("Held-out training data") == -1);
  CHECK (run (trainer, "--wthor $T/wthor --out $T/weights.bin --self-play 0 --exact-empties 0 "
              "--iterations 2 --training-data $T/one --training-data-holdout 2") == 0);
  snprintf (expected, sizeof expected, " %d positions of training data read from %s, %d more held out",
            count.positions - count.odd, dir, count.odd);
  CHECK (log_mentions (expected));
  CHECK_CMP_INT (report_total ("Held-out training data"), ==, count.odd);
  CHECK_CMP_INT (report_total ("solved exactly only"), ==, count.odd_exact);
  CHECK (run (trainer, "--wthor $T/wthor --out $T/weights.bin --self-play 0 --exact-empties 0 "
              "--iterations 2 --training-data $T/changed") == 2);
  CHECK (log_mentions ("changed/games-5-000000000.bin.xz: offset"));
}

int main (int argc, char **argv)
{
  REQUIRE (argc == 3, "usage: test-training-data PATH-TO-GENERATE-TRAINING PATH-TO-VERSO-TRAIN");
  generator = argv[1];
  trainer = argv[2];
  if (system ("xz --version > /dev/null 2>&1") != 0) {
    printf ("SKIP: no xz program\n");
    return 77;
  }
  REQUIRE (mkdtemp (scratch), "cannot make a scratch folder");
  setenv ("T", scratch, 1);
  test_same_for_any_thread_count ();
  test_resume_gives_one_run ();
  test_killed_run_resumes ();
  test_labels_are_exact_solves ();
  test_damage_is_refused ();
  test_trainer_reads_them ();
  char command[128];
  snprintf (command, sizeof command, "rm -rf '%s'", scratch);
  if (system (command) != 0)
    fprintf (stderr, "cannot remove %s\n", scratch);
  return check_finish ();
}
