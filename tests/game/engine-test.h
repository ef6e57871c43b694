/* engine-test.h: what the game model's tests of other engines over NBoard share: the two
 * engines of their arguments (check_engine_arguments) as commands, verso-engine's own NBoard
 * engine and the fake one of tests/cli misbehaving as asked, and the processes this program has
 * started, to see an engine kept, or stopped when it should be. */
#pragma once

#include <dirent.h>
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check-glib.h"

/* `verso-engine` and tests/cli/fake-nboard-engine.py, set by check_engine_arguments in main. */
static const char *verso_engine, *fake_engine;

/* The processes whose parent is this one, and the first of them (0: none). */
static inline int count_children (int *first)
{
  DIR *proc = opendir ("/proc");
  struct dirent *entry;
  int count = 0;

  *first = 0;
  REQUIRE (proc != NULL);
  while ((entry = readdir (proc))) {
    g_autofree char *path = NULL;
    g_autofree char *stat = NULL;
    const char *after_name;
    int parent;

    if (entry->d_name[0] < '1' || entry->d_name[0] > '9')
      continue;
    path = g_strdup_printf ("/proc/%s/stat", entry->d_name);
    /* "PID (NAME) STATE PPID ...", where NAME may hold anything. */
    if (!g_file_get_contents (path, &stat, NULL, NULL) || !(after_name = strrchr (stat, ')')))
      continue;
    if (sscanf (after_name + 1, " %*c %d", &parent) == 1 && parent == getpid ()) {
      count++;
      *first = atoi (entry->d_name);
    }
  }
  closedir (proc);
  return count;
}

static inline gboolean no_children (gpointer unused)
{
  int first;

  (void) unused;
  return count_children (&first) == 0;
}

/* The fake engine in mode (its arguments: "hang", "exit-mid-game 2"...). Free with g_free. */
static inline char *fake_command (const char *mode)
{
  return g_strdup_printf ("exec python3 '%s' %s", fake_engine, mode);
}

/* The engine of a failure case: the fake engine in mode, or a path as it is (an engine that does
 * not exist). Free with g_free. */
static inline char *failure_command (const char *mode)
{
  return mode[0] == '/' ? g_strdup (mode) : fake_command (mode);
}

/* verso-engine's NBoard engine. Free with g_free. */
static inline char *verso_command (void)
{
  return g_strdup_printf ("exec '%s' nboard", verso_engine);
}
