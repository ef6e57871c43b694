#!/bin/sh
# Runs a command in a real locale, made for it in a scratch directory (LOCPATH): gettext ignores
# LANGUAGE under the C locale, and from glibc 2.35 (Debian 13) C.UTF-8 counts as C there too, so a
# test of a translation needs a locale such as fr_FR.UTF-8, which a fresh machine has not
# generated. localedef writes it without root from the definitions of Debian's `locales` package.
# Usage: with-locale.sh LOCALE COMMAND [ARGUMENT...]      (LOCALE like fr_FR.UTF-8)
set -eu
[ $# -ge 2 ] || { echo "usage: with-locale.sh LOCALE COMMAND [ARGUMENT...]" >&2; exit 2; }
locale=$1
shift
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT INT TERM
if ! localedef -i "${locale%%.*}" -f "${locale#*.}" "$scratch/$locale" >"$scratch/localedef.log" 2>&1; then
  echo "with-locale.sh: localedef could not make $locale (Debian: install locales):" >&2
  cat "$scratch/localedef.log" >&2
  exit 1
fi
export LOCPATH="$scratch" LANG="$locale"
unset LC_ALL LC_MESSAGES
"$@"
