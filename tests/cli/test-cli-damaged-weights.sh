#!/bin/sh
# test-cli-damaged-weights.sh: `verso-engine match` refuses a player whose weight file is not one,
# is damaged, cut short, of another version or missing: exit status 2 (a crash is any other
# status, and fails), exactly one line on stderr naming the player, the file and what is wrong,
# and no game played. The damaged copies are made of the shipped weights: without them the test
# fails, unless the build was configured to do without (ALLOW_SIMPLE true).
# Usage: test-cli-damaged-weights.sh VERSO_ENGINE EVAL_WEIGHTS_BIN ALLOW_SIMPLE(true|false)
set -u
usage="usage: test-cli-damaged-weights.sh VERSO_ENGINE EVAL_WEIGHTS_BIN ALLOW_SIMPLE"
engine=${1:?$usage}
weights=${2:?$usage}
allow_simple=${3:?$usage}
export LC_ALL=C
. "$(dirname "$0")/../test-lib.sh"

# expect_refusal FILE MESSAGE: the match with weights from FILE is refused with this message.
expect_refusal () {
  spec="weights=$1"
  expected="verso-engine: player '$spec': $1: $2"
  refused "$expected" "$engine" match --starts 1 "$spec" eval=simple
  echo "$1: exit status $status: $(cat "$scratch/err")"
  [ "$(cat "$scratch/err")" = "$expected" ] || fail "$1: stderr is not the line '$expected'"
}

# set_byte FILE OFFSET VALUE: overwrites one byte in place.
set_byte () {
  printf '%b' "\\0$(printf '%03o' "$3")" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

byte_at () {
  od -A n -t u1 -j "$2" -N 1 "$1" | tr -d ' '
}

expect_refusal "$data/perft.txt" "not a weight file"
expect_refusal "$scratch/missing.bin" "No such file or directory"
: >"$scratch/empty.bin"
expect_refusal "$scratch/empty.bin" "no weights"

if [ -f "$weights" ]; then
  size=$(wc -c <"$weights" | tr -d ' ')
  # One payload byte changed: the checksum no longer matches.
  cp "$weights" "$scratch/damaged.bin"
  set_byte "$scratch/damaged.bin" 1000 $((($(byte_at "$weights" 1000) + 1) % 256))
  expect_refusal "$scratch/damaged.bin" "weight file checksum does not match: damaged"
  # Cut short: the header still promises the whole payload.
  head -c 5000 "$weights" >"$scratch/short.bin"
  expect_refusal "$scratch/short.bin" "weight file is 5000 bytes, its header says $size"
  # Another format version.
  cp "$weights" "$scratch/version.bin"
  set_byte "$scratch/version.bin" 8 2
  expect_refusal "$scratch/version.bin" "weight file version 2, expected 1"
elif [ "$allow_simple" = true ]; then
  echo "no trained weights ($weights), allowed by this build: the damaged copies are not tried"
else
  fail "the shipped weights $weights are missing"
fi

finish "all refused with exit status 2 and one line on stderr"
