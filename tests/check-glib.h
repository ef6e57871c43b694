/* check-glib.h: check.h's part for the tests of GLib code: the strictness g_test_init gave
 * (warnings and criticals end the program), GErrors checked with their message, objects that
 * must be finalized, log messages a test expects (which then neither end the program nor
 * pass unseen), the text of a file of tests/data, and files in a temporary folder. */
#pragma once

#include <glib-object.h>
#include <glib/gstdio.h>
#include <string.h>

#include "check.h"

/* Warnings and criticals are fatal, as under G_DEBUG=fatal-warnings. */
static inline void check_glib_init (void)
{
  g_log_set_always_fatal (g_log_set_always_fatal (G_LOG_FATAL_MASK)
                          | G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL);
}

/* No error was set. */
#define CHECK_NO_ERROR(error)                                                         \
  do {                                                                                \
    const GError *check_error = (error);                                              \
    if (check_error)                                                                  \
      CHECK_FAILED (#error " == NULL", "%s (%s, %d)", check_error->message,           \
                    g_quark_to_string (check_error->domain), check_error->code);      \
  } while (0)

/* The error set is code in domain. */
#define CHECK_ERROR(error, error_domain, error_code)                                  \
  do {                                                                                \
    const GError *check_error = (error);                                              \
    if (!check_error || !g_error_matches (check_error, error_domain, error_code))     \
      CHECK_FAILED (#error " is " #error_domain ", " #error_code, "%s (%s, %d)",        \
                    check_error ? check_error->message : "no error",                  \
                    check_error ? g_quark_to_string (check_error->domain) : "",       \
                    check_error ? check_error->code : 0);                             \
  } while (0)

/* Drops the last reference to object, which must finalize it. */
#define CHECK_FINALIZE(object)                                                        \
  do {                                                                                \
    gpointer check_object = (object);                                                 \
    g_object_add_weak_pointer (G_OBJECT (check_object), &check_object);               \
    g_object_unref (check_object);                                                    \
    if (check_object)                                                                 \
      CHECK_FAILED (#object " is finalized");                                         \
  } while (0)

/* The log messages expected, in order, each a domain, a level and a g_pattern_match_simple
 * pattern. From the first expected to CHECK_EXPECTED_MESSAGES, the messages of that first one's
 * domain (other than debug) go to check_message_seen, and are not fatal. */
typedef struct {
  char *domain;
  GLogLevelFlags level;
  char *pattern;
} CheckMessage;

static GQueue check_messages = G_QUEUE_INIT;
static guint check_message_handler;
static char *check_message_domain;
static GLogLevelFlags check_fatal_before;

static inline void check_message_free (CheckMessage *message)
{
  g_free (message->domain);
  g_free (message->pattern);
  g_free (message);
}

/* The next expected message is taken; any other is a failure, and is logged. */
static inline void check_message_seen (const char *domain, GLogLevelFlags level,
                                       const char *text, gpointer unused)
{
  CheckMessage *next = g_queue_peek_head (&check_messages);

  (void) unused;
  if (next && g_strcmp0 (next->domain, domain) == 0 && (level & next->level) == next->level
      && g_pattern_match_simple (next->pattern, text)) {
    check_message_free (g_queue_pop_head (&check_messages));
    return;
  }
  check_failed (__FILE__, __LINE__, "an unexpected message");
  check_say ("“%s”, expected %s", text, next ? next->pattern : "none");
  fputc ('\n', stderr);
}

/* Expects a message of domain at level matching pattern, after those expected before. */
static inline void check_expect_message (const char *domain, GLogLevelFlags level,
                                         const char *pattern)
{
  CheckMessage *message = g_new (CheckMessage, 1);

  if (!check_message_handler) {
    check_message_domain = g_strdup (domain);
    check_fatal_before = g_log_set_always_fatal (G_LOG_FATAL_MASK);
    check_message_handler = g_log_set_handler (domain, (G_LOG_LEVEL_MASK & ~G_LOG_LEVEL_DEBUG)
                                               | G_LOG_FLAG_FATAL, check_message_seen, NULL);
  }
  *message = (CheckMessage) { g_strdup (domain), level, g_strdup (pattern) };
  g_queue_push_tail (&check_messages, message);
}

/* Every message expected was seen; the domain's messages are logged and fatal as before. */
#define CHECK_EXPECTED_MESSAGES() check_expected_messages (__FILE__, __LINE__)

static inline void check_expected_messages (const char *file, int line)
{
  CheckMessage *missing = g_queue_peek_head (&check_messages);

  if (missing) {
    check_failed (file, line, "every expected message was seen");
    check_say ("not %s", missing->pattern);
    fputc ('\n', stderr);
    g_queue_clear_full (&check_messages, (GDestroyNotify) check_message_free);
  }
  if (check_message_handler) {
    g_log_remove_handler (check_message_domain, check_message_handler);
    check_message_handler = 0;
    g_clear_pointer (&check_message_domain, g_free);
    g_log_set_always_fatal (check_fatal_before);
  }
}

/* The whole text of the file name of tests/data (check_data_path), its length in *length when
 * length is not NULL; when it cannot be read the program fails there. Free with g_free. */
static inline char *check_data_contents (const char *name, gsize *length)
{
  char path[4096];
  g_autoptr (GError) error = NULL;
  char *text = NULL;

  REQUIRE (g_file_get_contents (check_data_path (name, path, sizeof path), &text, length, &error),
           "%s", error->message);
  return text;
}

/* A path for name (which may name a folder below: "nested/game.ini") in a new temporary folder,
 * neither made yet. check_temp_remove removes the folder with all that the test wrote there.
 * Free with g_free. */
static inline char *check_temp_file (const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("verso-test-XXXXXX", &error);

  REQUIRE (folder, "no temporary folder: %s", error->message);
  return g_build_filename (folder, name, NULL);
}

/* Removes path, and when it is a folder everything in it first. */
static inline void check_remove_tree (const char *path)
{
  g_autoptr (GDir) listing = g_dir_open (path, 0, NULL);
  const char *name;

  while (listing && (name = g_dir_read_name (listing))) {
    g_autofree char *child = g_build_filename (path, name, NULL);
    check_remove_tree (child);
  }
  CHECK_CMP_INT (g_remove (path), ==, 0);
}

/* Removes the temporary folder of a path check_temp_file gave, with everything in it. */
static inline void check_temp_remove (const char *path)
{
  const char *tmp = g_get_tmp_dir ();
  size_t length = strlen (tmp);
  const char *end;

  REQUIRE (strncmp (path, tmp, length) == 0 && path[length] == G_DIR_SEPARATOR,
           "%s is not in %s", path, tmp);
  end = strchr (path + length + 1, G_DIR_SEPARATOR);
  {
    g_autofree char *folder = end ? g_strndup (path, (gsize) (end - path)) : g_strdup (path);
    check_remove_tree (folder);
  }
}
