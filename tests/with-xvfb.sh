#!/bin/sh
# Runs a command with DISPLAY naming a virtual X server of its own (Xvfb, 1280 x 1024, 24 bits),
# stopped when the command ends; exits with the command's status. Xvfb chooses a free display
# itself and says which (-displayfd): xvfb-run -a guesses one from the lock files in /tmp, and
# two tests started at once could guess the same one, the second server then refused.
# Usage: with-xvfb.sh COMMAND [ARGUMENT...]
set -eu
[ $# -gt 0 ] || { echo "usage: with-xvfb.sh COMMAND [ARGUMENT...]" >&2; exit 2; }
dir=$(mktemp -d)
xvfb=
stop () {
  [ -z "$xvfb" ] || { kill "$xvfb" 2>/dev/null || true; wait "$xvfb" 2>/dev/null || true; }
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 1' INT TERM
# -noreset: the server would reset when its last client leaves, refusing one that connects then.
Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset 3>"$dir/display" 2>"$dir/log" &
xvfb=$!
deadline=$(($(date +%s) + 60))
until grep -q '^[0-9][0-9]*$' "$dir/display"; do
  if ! kill -0 "$xvfb" 2>/dev/null; then
    echo "with-xvfb.sh: Xvfb exited before it named its display:" >&2
    cat "$dir/log" >&2
    exit 1
  fi
  if [ "$(date +%s)" -ge "$deadline" ]; then
    echo "with-xvfb.sh: Xvfb named no display within 60 s" >&2
    exit 1
  fi
  sleep 0.05
done
DISPLAY=:$(head -n 1 "$dir/display")
export DISPLAY
status=0
"$@" || status=$?
exit "$status"
