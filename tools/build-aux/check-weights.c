/* check-weights: decodes an evaluation weight file at build time and copies it when it is sound,
 * so a missing or damaged data/eval-weights.bin stops the build instead of shipping a game that
 * quietly plays with the simple evaluation.
 * Usage: check-weights [--allow-simple] INPUT OUTPUT
 * With --allow-simple a bad file only warns and OUTPUT is left empty: the engine then falls back
 * to the simple evaluation. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval_pattern.h"

/* eval_pattern.c refers to the weights compiled into the engine; this program has none. */
extern const uint8_t eval_weights_data[];
extern const size_t eval_weights_size;
const uint8_t eval_weights_data[] = { 0 };
const size_t eval_weights_size = 0;

/* The whole file in a malloc'ed buffer (its size in size), or NULL with errno set. */
static uint8_t *read_whole_file (const char *path, size_t *size)
{
  FILE *in = fopen (path, "rb");
  if (!in)
    return NULL;
  size_t capacity = 1 << 20, used = 0;
  uint8_t *bytes = malloc (capacity);
  while (bytes) {
    used += fread (bytes + used, 1, capacity - used, in);
    if (used < capacity)
      break;
    uint8_t *grown = realloc (bytes, capacity *= 2);
    if (!grown)
      free (bytes);
    bytes = grown;
  }
  int failed = !bytes || ferror (in);
  int saved_errno = bytes ? errno : ENOMEM;
  fclose (in);
  if (failed) {
    free (bytes);
    errno = saved_errno;
    return NULL;
  }
  *size = used;
  return bytes;
}

static int write_whole_file (const char *path, const uint8_t *bytes, size_t size)
{
  FILE *out = fopen (path, "wb");
  if (!out)
    return -1;
  int failed = size > 0 && fwrite (bytes, 1, size, out) != size;
  return fclose (out) != 0 || failed ? -1 : 0;
}

int main (int argc, char **argv)
{
  int allow_simple = argc > 1 && strcmp (argv[1], "--allow-simple") == 0;
  if (argc != 3 + allow_simple) {
    fprintf (stderr, "usage: check-weights [--allow-simple] INPUT OUTPUT\n");
    return 2;
  }
  const char *input = argv[1 + allow_simple], *output = argv[2 + allow_simple];

  char problem[256] = "";
  size_t size = 0;
  uint8_t *bytes = read_whole_file (input, &size);
  if (!bytes) {
    snprintf (problem, sizeof problem, "cannot be read (%s)", strerror (errno));
  } else {
    PatternWeights *weights = pattern_weights_decode (bytes, size, problem, sizeof problem);
    pattern_weights_free (weights);
  }

  if (problem[0] && !allow_simple) {
    fprintf (stderr,
             "check-weights: error: %s: %s.\n"
             "  The game needs sound trained weights: restore the file (git checkout --\n"
             "  data/eval-weights.bin) or retrain it (tools/generate/eval-weights/train-weights);\n"
             "  or configure with -Dallow_simple_evaluation=true to build an engine that\n"
             "  plays with the simple evaluation.\n",
             input, problem);
    free (bytes);
    return 1;
  }
  if (problem[0]) {
    fprintf (stderr, "check-weights: warning: %s: %s; the engine will play with the simple "
             "evaluation (allow_simple_evaluation is set).\n", input, problem);
    size = 0;
  }
  int written = write_whole_file (output, bytes, size);
  free (bytes);
  if (written != 0) {
    fprintf (stderr, "check-weights: cannot write %s (%s)\n", output, strerror (errno));
    return 1;
  }
  return 0;
}
