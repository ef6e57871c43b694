#!/bin/sh
# verso-engine levels: a short ladder plays every game of every pairing and prints a consistent
# table; from the random mover it fits ratings that climb the ladder, and --write-ratings keeps
# them in the table's text, which `ratings` prints the compiled copy of; `nboard --level` plays
# as a level; bad options are refused with one clear line and exit status 2.
# Usage: test-cli-levels.sh VERSO_ENGINE
set -eu
engine=${1:?usage: test-cli-levels.sh VERSO_ENGINE}
scratch=$(mktemp)
written=$(mktemp)
trap 'rm -f "$scratch" "$written"' EXIT
output=$("$engine" levels --random-baseline --from beginner --to novice --games 4 --seed 3 --jobs 2 \
  --write-ratings "$written")
printf '%s\n' "$output"
for pairing in "beginner random" "novice beginner"; do
  row=$(printf '%s\n' "$output" | awk -v pair="$pairing" '$1 " " $2 == pair')
  [ -n "$row" ] || { echo "no row for $pairing"; exit 1; }
  # games = wins + draws + losses, and the score follows from them.
  echo "$row" | awk '{ if ($3 != 4 || $4 + $5 + $6 != $3 || ($7 - 100 * ($4 + $5 / 2) / $3) ^ 2 > 0.01) exit 1 }' \
    || { echo "inconsistent row: $row"; exit 1; }
done

# The ratings: one line each, the beginner above the random mover's 0 when it scored more than
# half, the novice above or below the beginner as its score says, and the file holds the same
# numbers (the written deviation is the interval over 1.96).
beginner=$(printf '%s\n' "$output" | awk '$1 == "beginner" && $3 == "±" { print $2 }')
novice=$(printf '%s\n' "$output" | awk '$1 == "novice" && $3 == "±" { print $2 }')
[ -n "$beginner" ] && [ -n "$novice" ] || { echo "no ratings printed"; exit 1; }
first=$(printf '%s\n' "$output" | awk '$1 == "beginner" && $2 == "random" { print $7 }')
second=$(printf '%s\n' "$output" | awk '$1 == "novice" && $2 == "beginner" { print $7 }')
awk -v b="$beginner" -v n="$novice" -v s1="$first" -v s2="$second" 'BEGIN {
  sign = (s2 > 50) - (s2 < 50); step = n - b
  exit !((s1 > 50 ? b > 0 : b <= 0) && (sign > 0 ? step > 0 : sign < 0 ? step < 0 : step * step < 1)) }' \
  || { echo "ratings against the scores: beginner $beginner ($first %), novice $novice ($second %)"; exit 1; }
grep -q '^random  *0\.0  *0\.0$' "$written" || { echo "no random line in the file"; cat "$written"; exit 1; }
awk -v b="$beginner" '$1 == "beginner" { d = $2 - b; exit !(d * d < 1) }' "$written" \
  || { echo "the file's beginner differs from the printed $beginner"; cat "$written"; exit 1; }

# The compiled table: one line a level, weakest first, with its interval.
"$engine" ratings >"$scratch" || { echo "ratings failed"; cat "$scratch"; exit 1; }
[ "$(awk '{ print $1 }' "$scratch" | head -7 | tr '\n' ' ')" = "beginner novice casual intermediate advanced expert master " ] \
  || { echo "ratings: not one line a level, weakest first"; cat "$scratch"; exit 1; }
awk 'NR <= 7 { if ($3 != "±" || (NR > 1 && $2 <= previous)) exit 1; previous = $2 }' "$scratch" \
  || { echo "ratings: not climbing, or no interval"; cat "$scratch"; exit 1; }

# ratings --simulate: one line a game, the estimate's interval narrowing, and a last line that
# compares it with the known rating; a strength that is neither a level nor a number is refused.
"$engine" ratings --simulate casual --games 6 --seed 2 >"$scratch" || { echo "simulate failed"; cat "$scratch"; exit 1; }
[ "$(grep -c '^ *[1-6] ' "$scratch")" -eq 6 ] || { echo "simulate: not six games"; cat "$scratch"; exit 1; }
awk '$1 ~ /^[1-6]$/ { width = $NF; if (NR > 3 && width >= previous) exit 1; previous = width }' "$scratch" \
  || { echo "simulate: the interval does not narrow"; cat "$scratch"; exit 1; }
casual=$("$engine" ratings | awk '$1 == "casual" { print $2 }')
grep -q "^after 6 games: estimate [0-9]* ± [0-9]*, known $casual, off by [-+][0-9]*\$" "$scratch" \
  || { echo "simulate: no summary"; cat "$scratch"; exit 1; }
status=0
"$engine" ratings --simulate grandmaster 2>"$scratch" >/dev/null || status=$?
[ "$status" -eq 2 ] && grep -q 'level' "$scratch" || { echo "ratings --simulate grandmaster: status $status"; exit 1; }

# ratings --mixes: the beginner/novice half-and-half mix plays both levels and is rated between
# them, written as the table's mix line with a comment saying how; the rest of the table kept.
# A mix that cannot fall between two levels one point apart leaves the file as it was.
printf '# a table\nrandom 0 0\nbeginner 0 10\nnovice 1000 10\n' >"$written"
"$engine" ratings --mixes "$written" --to novice --games 8 --seed 2 >"$scratch" \
  || { echo "ratings --mixes failed"; cat "$scratch"; exit 1; }
grep -q '^beginner/novice 0.50 ' "$scratch" || { echo "ratings --mixes: no row"; cat "$scratch"; exit 1; }
awk '$1 == "mix" { found = 1; if ($2 != "beginner" || $3 != "0.50" || !($4 > 0 && $4 < 1000) || !($5 > 10)) exit 1 }
     END { exit !found }' "$written" || { echo "ratings --mixes: no mix line between the levels"; cat "$written"; exit 1; }
grep -q '^# a table$' "$written" && grep -q '^# mix: verso-engine ratings --mixes FILE --weights 0.5 --games 8 --to novice --seed 2$' "$written" \
  && grep -q '^novice  *1000.0  *10.0$' "$written" || { echo "ratings --mixes: the table was not kept"; cat "$written"; exit 1; }
printf 'random 0 0\nbeginner 600 10\nnovice 601 10\n' >"$written"
cp "$written" "$scratch.before"
status=0
"$engine" ratings --mixes "$written" --to novice --games 8 --seed 2 >/dev/null 2>"$scratch" || status=$?
[ "$status" -eq 1 ] && grep -q 'mix beginner: the ratings must increase' "$scratch" && cmp -s "$written" "$scratch.before" \
  || { echo "ratings --mixes between levels a point apart: status $status"; cat "$scratch" "$written"; exit 1; }
rm -f "$scratch.before"
for bad in "--weights 0.5,0.4" "--weights 1" "--weights x" "--games 7" "--to beginner"; do
  status=0
  # shellcheck disable=SC2086
  "$engine" ratings --mixes "$written" $bad >/dev/null 2>"$scratch" || status=$?
  [ "$status" -eq 2 ] && [ "$(wc -l <"$scratch")" -eq 1 ] || { echo "ratings --mixes $bad: status $status"; cat "$scratch"; exit 1; }
done

# nboard --level: a legal first move as the beginner chooses it.
reply=$(printf 'nboard 2\nset game (;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[0//0]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)\ngo\nquit\n' \
  | "$engine" nboard --level beginner | grep '^===')
case "$reply" in
  "=== F5/"* | "=== E6/"* | "=== D3/"* | "=== C4/"*) ;;
  *) echo "nboard --level beginner answered: $reply"; exit 1 ;;
esac
status=0
"$engine" nboard --level grandmaster </dev/null 2>"$scratch" || status=$?
[ "$status" -eq 2 ] && grep -q 'level' "$scratch" || { echo "nboard --level grandmaster: status $status"; exit 1; }

expect_refusal () {
  status=0
  "$engine" levels "$@" >/dev/null 2>"$scratch" || status=$?
  [ "$status" -ne 0 ] || { echo "accepted: levels $*"; exit 1; }
  [ "$status" -eq 2 ] || { echo "levels $*: exit status $status, not 2"; exit 1; }
  [ "$(wc -l <"$scratch")" -eq 1 ] && grep -q '^verso-engine: levels: ' "$scratch" \
    || { echo "levels $*: no one-line message"; cat "$scratch"; exit 1; }
}
expect_refusal --to grandmaster
expect_refusal --write-ratings "$written" --to novice
expect_refusal --random-baseline --from novice --write-ratings "$written"
expect_refusal --games 3
expect_refusal --games 1000
expect_refusal --from master --to beginner
expect_refusal --time-scale 0
expect_refusal --jobs
expect_refusal --seed -4
expect_refusal --colour black
echo "levels: ladder and refusals as expected"
