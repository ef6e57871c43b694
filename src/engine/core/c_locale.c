/* c_locale.c: the "C" locale for the engine's numbers (c_locale.h), made once. */
#include "c_locale.h"

#include <pthread.h>
#include <stdlib.h>

static pthread_once_t made_once = PTHREAD_ONCE_INIT;
static locale_t c_locale;

static void make (void)
{
  c_locale = newlocale (LC_ALL_MASK, "C", (locale_t) 0);
}

locale_t c_locale_enter (void)
{
  pthread_once (&made_once, make);
  /* Without it (no memory), the thread stays as it is: uselocale (0) only says which it has. */
  return uselocale (c_locale ? c_locale : (locale_t) 0);
}

void c_locale_leave (locale_t previous)
{
  if (previous)
    uselocale (previous);
}

double c_locale_strtod (const char *text, char **end)
{
  locale_t previous = c_locale_enter ();
  double value = strtod (text, end);
  c_locale_leave (previous);
  return value;
}
