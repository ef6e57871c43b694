#!/bin/sh
# test-cli-analyze.sh: `verso-engine analyze` as a user runs it: every move of the fforum positions
# scored exactly as the files list (exit 0), a wrong listed score reported as WRONG (exit 1), bad
# input refused with the reason (exit 2), and a board's every legal move printed best first.
engine="$1"
data="${VERSO_TEST_DATA:?VERSO_TEST_DATA not set}"
failures=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

fail () {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Every listed move score of a file, solved exactly: fforum-1-19 here (0.2 s), fforum-20-39 (about
# 90 s on one thread) when the second argument names it, as the slow test cli-analyze-fforum-20-39.
files=${2:-fforum-1-19}
for file in $files; do
  start=$(date +%s)
  "$engine" analyze "$data/$file.obf" --threads 2 >"$dir/out" 2>"$dir/err"
  status=$?
  cat "$dir/out"
  echo "$file: $(($(date +%s) - start)) s"
  [ "$status" -eq 0 ] || fail "$file: exit status $status: $(cat "$dir/err")"
  grep -q WRONG "$dir/out" && fail "$file: a wrong score"
  tail -n 1 "$dir/out" | grep -q '^[0-9]* positions, \([0-9]*\) move scores: \1 ok, 0 wrong, [0-9.]* s$' \
    || fail "$file: bad total line: $(tail -n 1 "$dir/out")"
  case $file in
    fforum-1-19) expected='19 positions, 145 move scores' ;;
    fforum-20-39) expected='20 positions, 182 move scores' ;;
  esac
  tail -n 1 "$dir/out" | grep -q "^$expected" \
    || fail "$file: not every position or score checked: $(tail -n 1 "$dir/out")"
done
if [ "$files" != fforum-1-19 ]; then
  [ "$failures" -eq 0 ] && echo "all analyze checks of $files passed"
  exit $((failures > 0))
fi

# One listed score damaged: called wrong, with what the engine found.
head -n 1 "$data/fforum-1-19.obf" | sed 's/H7:+6/H7:+8/' >"$dir/wrong.obf"
"$engine" analyze "$dir/wrong.obf" >"$dir/out" 2>"$dir/err"
status=$?
[ "$status" -eq 1 ] || fail "wrong score: exit status $status, expected 1"
grep -q '^#1 g8 ok h1 ok h7 WRONG (got +6, expected +8) a2 ok' "$dir/out" \
  || fail "wrong score: no WRONG line: $(cat "$dir/out")"
tail -n 1 "$dir/out" | grep -q '^1 positions, 8 move scores: 7 ok, 1 wrong, ' \
  || fail "wrong score: total does not count it: $(tail -n 1 "$dir/out")"

# A board: every legal move once, best first, with its score and depth.
board='--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X'
"$engine" analyze --depth 4 --exact -1 "$board" >"$dir/out" 2>"$dir/err"
status=$?
cat "$dir/out"
[ "$status" -eq 0 ] || fail "board: exit status $status: $(cat "$dir/err")"
head -n 1 "$dir/out" | grep -q '^black to move, 14 empties$' || fail "board: no header"
[ "$(grep -c '^[a-h][1-8]  *[+-][0-9]*  depth 4$' "$dir/out")" -eq 8 ] \
  || fail "board: expected the 8 legal moves at depth 4"
for move in g8 h1 h7 a2 a3 b1 a4 g2; do
  grep -q "^$move " "$dir/out" || fail "board: $move missing"
done
sed -n '2,9p' "$dir/out" | awk '{ print $2 + 0 }' >"$dir/scores"
sort -n -r "$dir/scores" | cmp -s - "$dir/scores" || fail "board: not best first"
tail -n 1 "$dir/out" | grep -q '^8 moves, [0-9.]* s, [0-9]* nodes$' || fail "board: bad last line"
# The default (depth 12, exact from 20 empties) solves it, and the board may come in two words.
# shellcheck disable=SC2086
"$engine" analyze $board >"$dir/out" 2>"$dir/err"
[ "$(grep -c '^[a-h][1-8]  *[+-][0-9]*  exact$' "$dir/out")" -eq 8 ] \
  || fail "board exact: $(cat "$dir/out" "$dir/err")"
grep -q '^g8  *+18  exact$' "$dir/out" || fail "board exact: g8 is not +18"
# A side that must pass, and a finished game.
"$engine" analyze --depth 3 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O' >"$dir/out" 2>"$dir/err"
grep -q '^pass  *[+-][0-9]*  exact$' "$dir/out" || fail "pass: $(cat "$dir/out" "$dir/err")"
"$engine" analyze 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO X' >"$dir/out" 2>"$dir/err"
grep -q '^game over: +62 for the side to move$' "$dir/out" || fail "game over: $(cat "$dir/out" "$dir/err")"

# Bad input: exit 2 and one line on stderr saying what is wrong (and where).
bad_square='--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOZ-- X'
"$engine" analyze "$bad_square" >"$dir/out" 2>"$dir/err"
status=$?
[ "$status" -eq 2 ] || fail "bad board: exit status $status, expected 2"
grep -q 'bad board at character 62 .*board square' "$dir/err" || fail "bad board: $(cat "$dir/err")"
head -n 2 "$data/fforum-1-19.obf" >"$dir/bad.obf"
echo "$bad_square;" >>"$dir/bad.obf"
"$engine" analyze "$dir/bad.obf" >"$dir/out" 2>"$dir/err"
grep -q 'bad.obf:3:62: .*board square' "$dir/err" || fail "bad file: $(cat "$dir/err")"
for args in "$dir/bad.obf" "$dir/missing.obf" "" "--depth" "--depth 0 $board" "--time -1 $board" \
            "--threads 99 $board" "--exact 61 $board" "--frobnicate $board" "--depth 4 $dir/wrong.obf" \
            "XXXX X"; do
  # shellcheck disable=SC2086
  "$engine" analyze $args >"$dir/out" 2>"$dir/err"
  status=$?
  [ "$status" -eq 2 ] || fail "analyze $args: exit status $status, expected 2"
  [ -s "$dir/out" ] && fail "analyze $args: printed $(cat "$dir/out")"
  [ "$(wc -l <"$dir/err")" -eq 1 ] || fail "analyze $args: expected one line on stderr"
  echo "analyze $args -> $(cat "$dir/err")"
done

[ "$failures" -eq 0 ] || exit 1
echo "all analyze checks passed"
