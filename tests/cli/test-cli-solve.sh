#!/bin/sh
# test-cli-solve.sh: `verso-engine solve` as a user runs it: every fforum 1-19 position and four of
# 20-39 solved right (exit 0), a wrong listed score reported as WRONG (exit 1), bad input refused
# (exit 2).
engine="$1"
data="${VERSO_TEST_DATA:?VERSO_TEST_DATA not set}"
failures=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

fail () {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

"$engine" solve "$data/fforum-1-19.obf" --threads 2 --hash 16 >"$dir/out" 2>"$dir/err"
status=$?
cat "$dir/out"
[ "$status" -eq 0 ] || fail "fforum-1-19: exit status $status: $(cat "$dir/err")"
[ "$(grep -c '^#[0-9]* [a-h][1-8] [+-][0-9]* [0-9]* nodes [0-9.]* s ok$' "$dir/out")" -eq 19 ] \
  || fail "fforum-1-19: expected 19 'ok' lines"
tail -n 1 "$dir/out" | grep -q '^total: 19 positions, [0-9]* nodes, [0-9.]* s, [0-9.]* M nodes/s, 0 wrong$' \
  || fail "fforum-1-19: bad total line: $(tail -n 1 "$dir/out")"

# From 20 empties a selective solve comes first (search.c); its results, kept in the same table,
# must not pass for exact ones: these four fforum 20-39 positions came out wrong when they did.
sed -n '9p;10p;14p;18p' "$data/fforum-20-39.obf" >"$dir/selective.obf"
"$engine" solve "$dir/selective.obf" >"$dir/out" 2>"$dir/err"
status=$?
cat "$dir/out"
[ "$status" -eq 0 ] || fail "selective: exit status $status: $(cat "$dir/err")"
[ "$(grep -c ' ok$' "$dir/out")" -eq 4 ] || fail "selective: expected 4 'ok' lines"

# The first position with its listed best score changed: the answer must be called wrong.
head -n 1 "$data/fforum-1-19.obf" | sed 's/G8:+18/G8:+16/' >"$dir/wrong.obf"
"$engine" solve "$dir/wrong.obf" >"$dir/out" 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] || fail "wrong score: exit status $status, expected 1"
grep -q '^#1 g8 +18 [0-9]* nodes [0-9.]* s WRONG (expected g8 +16)$' "$dir/out" \
  || fail "wrong score: no WRONG line: $(cat "$dir/out")"
tail -n 1 "$dir/out" | grep -q ', 1 wrong$' || fail "wrong score: total does not count it"

# A position without listed scores is solved and not judged.
printf '%% a comment\n\n%s\n' "$(head -n 1 "$data/fforum-1-19.obf" | cut -d';' -f1)" >"$dir/plain.obf"
"$engine" solve "$dir/plain.obf" >"$dir/out" 2>"$dir/err"
status=$?
[ "$status" -eq 0 ] || fail "unscored line: exit status $status"
grep -q '^#3 g8 +18 [0-9]* nodes [0-9.]* s$' "$dir/out" || fail "unscored line: $(cat "$dir/out")"

# Unreadable input: exit 2, one line on stderr naming the line, nothing solved.
head -n 2 "$data/fforum-1-19.obf" >"$dir/bad.obf"
echo '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOZ-- X;' >>"$dir/bad.obf"
"$engine" solve "$dir/bad.obf" >"$dir/out" 2>"$dir/err"
status=$?
[ "$status" -eq 2 ] || fail "bad square: exit status $status, expected 2"
[ -s "$dir/out" ] && fail "bad square: solved something: $(cat "$dir/out")"
grep -q 'bad.obf:3:' "$dir/err" || fail "bad square: line number missing: $(cat "$dir/err")"
echo "bad input -> $(cat "$dir/err")"

for args in "$dir/missing.obf" "" "$dir/bad.obf --threads" "$dir/bad.obf --threads 0" \
            "$dir/bad.obf --hash x" "$dir/bad.obf --frobnicate"; do
  # shellcheck disable=SC2086
  "$engine" solve $args >"$dir/out" 2>"$dir/err"
  status=$?
  [ "$status" -eq 2 ] || fail "solve $args: exit status $status, expected 2"
  [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "solve $args: expected one line on stderr"
  echo "solve $args -> $(cat "$dir/err")"
done

[ "$failures" -eq 0 ] || exit 1
echo "all solve checks passed"
