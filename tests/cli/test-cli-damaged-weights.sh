#!/bin/sh
# test-cli-damaged-weights.sh: `verso-engine match` refuses a player whose weight file is not one,
# is damaged, cut short, of another version or missing: exit status 2 (a crash is any other
# status, and fails), exactly one line on stderr naming the player, the file and what is wrong,
# and no game played.
# Usage: test-cli-damaged-weights.sh VERSO_ENGINE [EVAL_WEIGHTS_BIN]
set -u
engine=${1:?usage: test-cli-damaged-weights.sh VERSO_ENGINE [EVAL_WEIGHTS_BIN]}
weights=${2:-}
data="${VERSO_TEST_DATA:?VERSO_TEST_DATA not set}"
export LC_ALL=C
failures=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

fail () {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect_refusal FILE MESSAGE: the match with weights from FILE is refused with this message.
expect_refusal () {
  spec="weights=$1"
  "$engine" match --openings 1 "$spec" eval=simple >"$dir/out" 2>"$dir/err"
  status=$?
  expected="verso-engine: player '$spec': $1: $2"
  echo "$1: exit status $status: $(cat "$dir/err")"
  [ "$status" -eq 2 ] || fail "$1: exit status $status, expected 2"
  [ "$(cat "$dir/err")" = "$expected" ] || fail "$1: stderr is not the line '$expected'"
  [ ! -s "$dir/out" ] || fail "$1: played anyway: $(head -n 3 "$dir/out")"
}

# set_byte FILE OFFSET VALUE: overwrites one byte in place.
set_byte () {
  printf '%b' "\\0$(printf '%03o' "$3")" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null
}

byte_at () {
  od -A n -t u1 -j "$2" -N 1 "$1" | tr -d ' '
}

expect_refusal "$data/perft.txt" "not a weight file"
expect_refusal "$dir/missing.bin" "No such file or directory"
: >"$dir/empty.bin"
expect_refusal "$dir/empty.bin" "no weights"

if [ -n "$weights" ] && [ -f "$weights" ]; then
  size=$(wc -c <"$weights" | tr -d ' ')
  # One payload byte changed: the checksum no longer matches.
  cp "$weights" "$dir/damaged.bin"
  set_byte "$dir/damaged.bin" 1000 $((($(byte_at "$weights" 1000) + 1) % 256))
  expect_refusal "$dir/damaged.bin" "weight file checksum does not match: damaged"
  # Cut short: the header still promises the whole payload.
  head -c 5000 "$weights" >"$dir/short.bin"
  expect_refusal "$dir/short.bin" "weight file is 5000 bytes, its header says $size"
  # Another format version.
  cp "$weights" "$dir/version.bin"
  set_byte "$dir/version.bin" 8 2
  expect_refusal "$dir/version.bin" "weight file version 2, expected 1"
else
  echo "no trained weights given: the damaged copies of them are not tried"
fi

[ "$failures" -eq 0 ] || { echo "$failures failure(s)" >&2; exit 1; }
echo "all refused with exit status 2 and one line on stderr"
