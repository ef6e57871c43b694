/* c_locale.h: numbers in the engine's text the same under every locale. The window runs under
 * the person's locale, where LC_NUMERIC may write a decimal comma ("637,5"), but the tables
 * compiled in and the files the engine reads and writes keep a decimal point; their scanf, printf
 * and strtod run under the "C" locale for the calling thread only (uselocale), so no other thread
 * sees a change. */
#pragma once

#include <locale.h>

/* Puts the calling thread under the "C" locale; returns what c_locale_leave restores. */
locale_t c_locale_enter (void);
void c_locale_leave (locale_t previous);

/* strtod with a decimal point whatever the locale. */
double c_locale_strtod (const char *text, char **end);
