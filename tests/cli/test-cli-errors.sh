#!/bin/sh
# verso-engine errors: the disc loss table of a few tournament games adds up (each phase's row
# is its difficulties' sum, the shares grow with the loss allowed), is the same on one thread as
# on two, is kept by --write as a table the engine reads; a level's games are scored alike; bad
# options and files are refused with one clear line and exit status 2.
# Usage: test-cli-errors.sh VERSO_ENGINE WTHOR_FILE
set -eu
engine=${1:?usage: test-cli-errors.sh VERSO_ENGINE WTHOR_FILE}
wthor=${2:?usage: test-cli-errors.sh VERSO_ENGINE WTHOR_FILE}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

referee="--depth 4 --exact 10"
"$engine" errors --wthor "$wthor" --games 3 --seed 5 $referee --jobs 2 \
  --write "$scratch/table.txt" >"$scratch/two" 2>/dev/null
"$engine" errors --wthor "$wthor" --games 3 --seed 5 $referee >"$scratch/one" 2>/dev/null
cat "$scratch/one"
cmp -s "$scratch/one" "$scratch/two" || { echo "--jobs 2 changed the table"; exit 1; }

# Rows: | phase | good | moves | mean | 0 | <=2 | <=6 | >6 |, fields split on '|'.
awk -F'|' '
  $2 ~ /^ (opening|middle|endgame) $/ {
    gsub(/[ %]/, ""); phase = $2; good = $3
    if (!($6 <= $7 && $7 <= $8 && ($8 + $9 - 100) ^ 2 <= 1 && $5 >= 0)) { print "shares of " phase " " good; bad = 1 }
    if (good == "all") { if ($4 != sum[phase] || $4 == 0) { print "row all of " phase; bad = 1 }; rows++ }
    else sum[phase] += $4
  }
  END { if (rows != 3) { print rows " phase rows"; bad = 1 }; exit bad }' "$scratch/one" \
  || { echo "the table does not add up"; exit 1; }

# The written table: nine cells, their moves those of the printed table.
written=$(awk '!/^#/ && NF == 12 { n++; moves += $3 } END { print n " " moves }' "$scratch/table.txt")
printed=$(awk -F'|' '$3 ~ /all/ { gsub(/ /, "", $4); moves += $4 } END { print "9 " moves }' "$scratch/one")
[ "$written" = "$printed" ] || { echo "written table: $written, printed: $printed"; exit 1; }

# A level's games against itself, scored by the same referee.
"$engine" errors --level novice --games 2 $referee 2>/dev/null >"$scratch/level"
grep -q '^### novice' "$scratch/level" && grep -q '^| middle | all |' "$scratch/level" \
  || { echo "no table for the novice"; cat "$scratch/level"; exit 1; }

expect_refusal () {
  status=0
  "$engine" errors "$@" >/dev/null 2>"$scratch/error" || status=$?
  [ "$status" -eq 2 ] || { echo "errors $*: exit status $status, not 2"; exit 1; }
  [ "$(wc -l <"$scratch/error")" -eq 1 ] && grep -q '^verso-engine: errors: ' "$scratch/error" \
    || { echo "errors $*: no one-line message"; cat "$scratch/error"; exit 1; }
}
expect_refusal
expect_refusal --level grandmaster
expect_refusal --level beginner --write "$scratch/other.txt"
expect_refusal --wthor "$wthor" --games 0
expect_refusal --wthor "$scratch/missing.wtb"
head -c 10 "$wthor" >"$scratch/short.wtb"
expect_refusal --wthor "$scratch/short.wtb"
expect_refusal --wthor "$wthor" --depth x
[ ! -e "$scratch/other.txt" ] || { echo "a refused command wrote its file"; exit 1; }
echo "errors: tables and refusals as expected"
