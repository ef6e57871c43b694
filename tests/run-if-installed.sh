#!/bin/sh
# Runs a test that needs tools the build does not (an X server, xdotool, a session bus...), or,
# when one is not installed, skips it: exit status 77, which meson reports as SKIP, and a line
# saying which tools are missing.
# Usage: run-if-installed.sh TOOL... -- COMMAND [ARGUMENT...]
set -eu
missing=
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  command -v "$1" >/dev/null 2>&1 || missing="$missing $1"
  shift
done
[ $# -gt 1 ] || { echo "usage: run-if-installed.sh TOOL... -- COMMAND [ARGUMENT...]" >&2; exit 2; }
shift
if [ -n "$missing" ]; then
  echo "SKIP: not installed:$missing (tools/install-dependencies installs them)"
  exit 77
fi
exec "$@"
