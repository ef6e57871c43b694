/* training-folder.c: a folder of training data chunks, read in name order (training-folder.h). */
#include "training-folder.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "xz-file.h"

void training_chunk_name (uint64_t seed, uint32_t first, char *out, size_t size)
{
  snprintf (out, size, "games-%llu-%09u.bin.xz", (unsigned long long) seed, first);
}

/* A name that training_chunk_name makes: its seed and first game. */
static bool parse_chunk_name (const char *name, uint64_t *seed, uint32_t *first)
{
  unsigned long long s;
  unsigned f;
  char again[256];
  if (sscanf (name, "games-%llu-%9u.bin.xz", &s, &f) != 2)
    return false;
  training_chunk_name (s, f, again, sizeof again);
  *seed = s;
  *first = f;
  return strcmp (name, again) == 0;
}

static int by_name (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The chunk files' names in dir, sorted (malloc'ed, each too); NULL with the reason in error. */
static char **list_chunks (const char *dir, size_t *count, char *error, size_t error_size)
{
  DIR *folder = opendir (dir);
  if (!folder) {
    snprintf (error, error_size, "cannot read the folder %s: %s", dir, strerror (errno));
    return NULL;
  }
  char **names = NULL;
  size_t capacity = 0;
  bool out_of_memory = false;
  *count = 0;
  for (struct dirent *entry; !out_of_memory && (entry = readdir (folder));) {
    uint64_t seed;
    uint32_t first;
    if (!parse_chunk_name (entry->d_name, &seed, &first))
      continue;
    if (*count == capacity) {
      capacity = capacity ? 2 * capacity : 64;
      char **grown = realloc (names, capacity * sizeof *names);
      out_of_memory = !grown;
      names = grown ? grown : names;
    }
    if (!out_of_memory && !(names[*count] = strdup (entry->d_name)))
      out_of_memory = true;
    if (!out_of_memory)
      (*count)++;
  }
  closedir (folder);
  if (out_of_memory) {
    for (size_t i = 0; i < *count; i++)
      free (names[i]);
    free (names);
    snprintf (error, error_size, "out of memory for the files of %s", dir);
    return NULL;
  }
  if (!names)
    names = malloc (sizeof *names);
  if (names)
    qsort (names, *count, sizeof *names, by_name);
  else
    snprintf (error, error_size, "out of memory for the files of %s", dir);
  return names;
}

/* Reads one chunk file, checks it, visits it. */
static bool read_chunk (const char *dir, const char *name, TrainingVisit visit,
                        TrainingChunkDone done, void *user_data, char *error, size_t error_size)
{
  char path[4096], reason[512];
  snprintf (path, sizeof path, "%s/%s", dir, name);
  size_t size = 0;
  uint8_t *bytes = xz_read (path, &size, reason, sizeof reason);
  if (!bytes) {
    snprintf (error, error_size, "%s", reason);
    return false;
  }
  TrainingChunk chunk;
  uint64_t seed = 0;
  uint32_t first = 0;
  parse_chunk_name (name, &seed, &first);
  /* The name is checked against the header first, so that nothing is visited of a chunk that
   * is not what its name says. */
  bool ok = true;
  if (size >= TRAINING_HEADER && memcmp (bytes, TRAINING_MAGIC, 8) == 0
      && (bytes_read_u32 (bytes + 12) != first || bytes_read_u64 (bytes + 24) != seed)) {
    snprintf (error, error_size, "%s: offset 12: holds games from %u of seed %llu, not what its "
              "name says", path, bytes_read_u32 (bytes + 12),
              (unsigned long long) bytes_read_u64 (bytes + 24));
    ok = false;
  } else if (!training_chunk_decode (bytes, size, &chunk, visit, user_data, reason,
                                     sizeof reason)) {
    snprintf (error, error_size, "%s: %s", path, reason);
    ok = false;
  }
  free (bytes);
  if (ok && done) {
    FILE *file = fopen (path, "rb");
    long file_bytes = file && fseek (file, 0, SEEK_END) == 0 ? ftell (file) : 0;
    if (file)
      fclose (file);
    done (path, &chunk, file_bytes > 0 ? (size_t) file_bytes : 0, user_data);
  }
  return ok;
}

bool training_folder_read (const char *dir, TrainingVisit visit, TrainingChunkDone done,
                           void *user_data, char *error, size_t error_size)
{
  size_t count = 0;
  char **names = list_chunks (dir, &count, error, error_size);
  if (!names)
    return false;
  bool ok = true;
  for (size_t i = 0; ok && i < count; i++)
    ok = read_chunk (dir, names[i], visit, done, user_data, error, error_size);
  for (size_t i = 0; i < count; i++)
    free (names[i]);
  free (names);
  return ok;
}
