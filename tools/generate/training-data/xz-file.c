/* xz-file.c: xz files through the xz program, spawned with its input or output on a pipe
 * (xz-file.h). */
#define _GNU_SOURCE /* pipe2 */
#include "xz-file.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "write-file.h"

extern char **environ;

/* Runs xz with `arguments`, its standard input, output and error on these descriptors (its own
 * process group, so that the terminal's Ctrl-C reaches only the program that asked for it).
 * Returns its process id, or -1 with errno set. */
static pid_t spawn_xz (char *const arguments[], int input, int output, int errors)
{
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  if (posix_spawn_file_actions_init (&actions) != 0)
    return -1;
  posix_spawnattr_init (&attributes);
  posix_spawnattr_setflags (&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup (&attributes, 0);
  posix_spawn_file_actions_adddup2 (&actions, input, 0);
  posix_spawn_file_actions_adddup2 (&actions, output, 1);
  if (errors >= 0)
    posix_spawn_file_actions_adddup2 (&actions, errors, 2);
  pid_t pid;
  int failed = posix_spawnp (&pid, "xz", &actions, &attributes, arguments, environ);
  posix_spawn_file_actions_destroy (&actions);
  posix_spawnattr_destroy (&attributes);
  if (failed) {
    errno = failed;
    return -1;
  }
  return pid;
}

/* xz's exit status, or -1 when it did not exit by itself. */
static int wait_for (pid_t pid)
{
  int status;
  while (waitpid (pid, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* The whole of a file open for reading and writing, from its start (malloc'ed). */
static uint8_t *read_all (FILE *file, size_t *size)
{
  if (fflush (file) != 0 || fseek (file, 0, SEEK_END) != 0)
    return NULL;
  long end = ftell (file);
  if (end < 0 || fseek (file, 0, SEEK_SET) != 0)
    return NULL;
  uint8_t *bytes = malloc ((size_t) end + 1);
  if (bytes && fread (bytes, 1, (size_t) end, file) != (size_t) end) {
    free (bytes);
    return NULL;
  }
  *size = (size_t) end;
  return bytes;
}

/* A scratch file for xz's output or complaints, and a pipe to or from it, both closed on exec;
 * NULL after saying why in error ("cannot VERB path: ..."). */
static FILE *scratch_and_pipe (int pipe_ends[2], const char *verb, const char *path, char *error,
                               size_t error_size)
{
  FILE *scratch = tmpfile ();
  if (scratch && pipe2 (pipe_ends, O_CLOEXEC) == 0)
    return scratch;
  snprintf (error, error_size, "cannot %s %s: %s", verb, path, strerror (errno));
  if (scratch)
    fclose (scratch);
  return NULL;
}

bool xz_write_atomically (const char *path, const void *bytes, size_t size, char *error,
                          size_t error_size)
{
  int pipe_ends[2];
  FILE *compressed = scratch_and_pipe (pipe_ends, "write", path, error, error_size);
  if (!compressed)
    return false;
  char *arguments[] = { "xz", "-6", "-T1", "-c", NULL };
  pid_t pid = spawn_xz (arguments, pipe_ends[0], fileno (compressed), -1);
  int spawn_errno = errno;
  close (pipe_ends[0]);
  /* A write to an xz that died fails with EPIPE (the programs ignore SIGPIPE). */
  bool written = pid >= 0;
  for (size_t done = 0; written && done < size;) {
    ssize_t n = write (pipe_ends[1], (const uint8_t *) bytes + done, size - done);
    if (n < 0 && errno == EINTR)
      continue;
    written = n > 0;
    done += written ? (size_t) n : 0;
  }
  close (pipe_ends[1]);
  int status = pid >= 0 ? wait_for (pid) : -1;
  size_t compressed_size = 0;
  uint8_t *compressed_bytes = NULL;
  if (pid < 0)
    snprintf (error, error_size, "cannot write %s: cannot run xz: %s", path,
              strerror (spawn_errno));
  else if (!written || status != 0)
    snprintf (error, error_size, "cannot write %s: xz failed (exit status %d)", path, status);
  else if (!(compressed_bytes = read_all (compressed, &compressed_size)))
    snprintf (error, error_size, "cannot write %s: cannot read xz's output back", path);
  else if (!write_file_atomically (path, compressed_bytes, compressed_size))
    snprintf (error, error_size, "cannot write %s: %s", path, strerror (errno));
  else {
    free (compressed_bytes);
    fclose (compressed);
    return true;
  }
  free (compressed_bytes);
  fclose (compressed);
  return false;
}

/* xz's first line of complaint, without its "xz: (stdin): " prefix. */
static void first_complaint (FILE *errors, char *out, size_t out_size)
{
  char line[256] = "";
  rewind (errors);
  if (!fgets (line, sizeof line, errors))
    snprintf (line, sizeof line, "no reason given");
  line[strcspn (line, "\n")] = '\0';
  const char *reason = line;
  const char *prefix = "xz: (stdin): ";
  if (strncmp (reason, prefix, strlen (prefix)) == 0)
    reason += strlen (prefix);
  snprintf (out, out_size, "%s", reason);
}

uint8_t *xz_read (const char *path, size_t *size, char *error, size_t error_size)
{
  int input = open (path, O_RDONLY | O_CLOEXEC);
  if (input < 0) {
    snprintf (error, error_size, "cannot open %s: %s", path, strerror (errno));
    return NULL;
  }
  int pipe_ends[2];
  FILE *errors = scratch_and_pipe (pipe_ends, "read", path, error, error_size);
  if (!errors) {
    close (input);
    return NULL;
  }
  char *arguments[] = { "xz", "-d", "-c", "-T1", NULL };
  pid_t pid = spawn_xz (arguments, input, pipe_ends[1], fileno (errors));
  int spawn_errno = errno;
  close (input);
  close (pipe_ends[1]);
  uint8_t *bytes = NULL;
  size_t count = 0, capacity = 0;
  bool out_of_memory = false;
  for (ssize_t n = 1; pid >= 0 && n != 0;) {
    if (count == capacity) {
      capacity = capacity ? 2 * capacity : (size_t) 1 << 20;
      uint8_t *grown = realloc (bytes, capacity);
      if (!grown) {
        out_of_memory = true;
        break;
      }
      bytes = grown;
    }
    n = read (pipe_ends[0], bytes + count, capacity - count);
    if (n < 0 && errno != EINTR)
      break;
    count += n > 0 ? (size_t) n : 0;
  }
  close (pipe_ends[0]);
  int status = pid >= 0 ? wait_for (pid) : -1;
  char reason[256];
  if (pid < 0)
    snprintf (error, error_size, "cannot read %s: cannot run xz: %s", path,
              strerror (spawn_errno));
  else if (out_of_memory)
    snprintf (error, error_size, "cannot read %s: out of memory", path);
  else if (status != 0) {
    first_complaint (errors, reason, sizeof reason);
    snprintf (error, error_size, "%s: damaged or truncated: xz stopped after %zu bytes of its "
              "contents: %s", path, count, reason);
  } else {
    fclose (errors);
    *size = count;
    return bytes ? bytes : malloc (1);
  }
  fclose (errors);
  free (bytes);
  return NULL;
}
