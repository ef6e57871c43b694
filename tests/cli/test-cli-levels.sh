#!/bin/sh
# verso-engine levels: a short ladder plays every game of every pairing and prints a consistent
# table; bad options are refused with one clear line and exit status 2.
# Usage: test-cli-levels.sh VERSO_ENGINE
set -eu
engine=${1:?usage: test-cli-levels.sh VERSO_ENGINE}
output=$("$engine" levels --random-baseline --from beginner --to novice --games 4 --seed 3 --jobs 2)
printf '%s\n' "$output"
for pairing in "beginner random" "novice beginner"; do
  row=$(printf '%s\n' "$output" | awk -v pair="$pairing" '$1 " " $2 == pair')
  [ -n "$row" ] || { echo "no row for $pairing"; exit 1; }
  # games = wins + draws + losses, and the score follows from them.
  echo "$row" | awk '{ if ($3 != 4 || $4 + $5 + $6 != $3 || ($7 - 100 * ($4 + $5 / 2) / $3) ^ 2 > 0.01) exit 1 }' \
    || { echo "inconsistent row: $row"; exit 1; }
done

expect_refusal () {
  status=0
  "$engine" levels "$@" >/dev/null 2>"$scratch" || status=$?
  [ "$status" -ne 0 ] || { echo "accepted: levels $*"; exit 1; }
  [ "$status" -eq 2 ] || { echo "levels $*: exit status $status, not 2"; exit 1; }
  [ "$(wc -l <"$scratch")" -eq 1 ] && grep -q '^verso-engine: levels: ' "$scratch" \
    || { echo "levels $*: no one-line message"; cat "$scratch"; exit 1; }
}
scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT
expect_refusal --to grandmaster
expect_refusal --games 3
expect_refusal --games 1000
expect_refusal --from master --to beginner
expect_refusal --time-scale 0
expect_refusal --jobs
expect_refusal --seed -4
expect_refusal --colour black
echo "levels: ladder and refusals as expected"
