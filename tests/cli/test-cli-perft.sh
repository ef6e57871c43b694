#!/bin/sh
# test-cli-perft.sh: `verso-engine perft` driven as a user would: its output lines, and one clear
# line on stderr with exit status 2 for every kind of bad argument.
engine="$1"
. "$(dirname "$0")/../test-lib.sh"
out="$scratch/out" err="$scratch/err"

# Each bad argument list: exit status 2, nothing on stdout, exactly one line on stderr that
# mentions the given word.
bad () {
  word="$1"
  shift
  refused "$word" "$engine" perft "$@"
  echo "ok   perft $* -> $(cat "$err")"
}

start='---------------------------OX------XO--------------------------- X'
board63='---------------------------OX------XO-------------------------- X'
boardz='---------------------------OX------XO-----Z--------------------- X'
bad DEPTH
bad abc abc
bad -1 -1
bad 99 99
bad 21 21
bad 0 0
bad 3x 3x
bad DEPTH 3 4
bad position 3 --position
bad 64 3 --position "$board63"
bad square 3 --position "$boardz"
bad side 3 --position "${start% X}"
bad threads 3 --threads
bad threads 3 --threads 0
bad threads 3 --threads two
bad unknown 3 --fast
bad kernel 3 --kernel sse9
bad kernel 3 --kernel

# Good runs: one line per depth in the documented form, with the right counts.
"$engine" perft 6 >"$out" 2>"$err" || fail "perft 6 failed: $(cat "$err")"
[ -s "$err" ] && fail "perft 6 wrote to stderr"
[ "$(wc -l <"$out")" -eq 6 ] || fail "perft 6: expected 6 lines"
grep -Evq '^perft [1-6]: [0-9]+ leaves in [0-9]+\.[0-9]+ s \([0-9]+\.[0-9]+ M leaves/s\)$' "$out" \
  && fail "perft 6: a line not of the form 'perft D: LEAVES leaves in SECONDS s (RATE M leaves/s)'"
counts=$(sed 's/^perft \([0-9]*\): \([0-9]*\) .*/\1 \2/' "$out" | tr '\n' ' ')
[ "$counts" = "1 4 2 12 3 56 4 244 5 1396 6 8200 " ] || fail "perft 6 counts: $counts"

for args in "--position '$start'" "--threads 2" "--position '$start' --threads 3" \
  "--kernel portable" "--kernel portable --threads 2"; do
  eval "\"\$engine\" perft 7 $args" >"$out" 2>"$err" || fail "perft 7 $args failed"
  grep -q '^perft 7: 55092 leaves' "$out" || fail "perft 7 $args: $(tail -1 "$out")"
done

# White to move on the same discs: the start mirrored, so the same counts.
"$engine" perft 5 --position "${start% X} O" >"$out" 2>"$err" || fail "perft with O to move"
grep -q '^perft 5: 1396 leaves' "$out" || fail "perft 5 with O to move: $(tail -1 "$out")"

finish "all perft command checks passed"
