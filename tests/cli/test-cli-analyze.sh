#!/bin/sh
# test-cli-analyze.sh: `verso-engine analyze` as a user runs it: every move of the fforum positions
# scored exactly as the files list (exit 0), a wrong listed score reported as WRONG (exit 1), bad
# input refused with the reason (exit 2), and a board's every legal move printed best first.
engine="$1"
. "$(dirname "$0")/../test-lib.sh"

# Every listed move score of a file, solved exactly: fforum-1-19 here (0.2 s), fforum-20-39 (about
# 90 s on one thread) when the second argument names it, as the slow test cli-analyze-fforum-20-39.
files=${2:-fforum-1-19}
for file in $files; do
  start=$(date +%s)
  "$engine" analyze "$data/$file.obf" --threads 2 >"$scratch/out" 2>"$scratch/err"
  status=$?
  cat "$scratch/out"
  echo "$file: $(($(date +%s) - start)) s"
  [ "$status" -eq 0 ] || fail "$file: exit status $status: $(cat "$scratch/err")"
  grep -q WRONG "$scratch/out" && fail "$file: a wrong score"
  tail -n 1 "$scratch/out" | grep -q '^[0-9]* positions, \([0-9]*\) move scores: \1 ok, 0 wrong, [0-9.]* s$' \
    || fail "$file: bad total line: $(tail -n 1 "$scratch/out")"
  case $file in
    fforum-1-19) expected='19 positions, 145 move scores' ;;
    fforum-20-39) expected='20 positions, 182 move scores' ;;
  esac
  tail -n 1 "$scratch/out" | grep -q "^$expected" \
    || fail "$file: not every position or score checked: $(tail -n 1 "$scratch/out")"
done
if [ "$files" != fforum-1-19 ]; then
  finish "all analyze checks of $files passed"
fi

# One listed score damaged: called wrong, with what the engine found.
judged_wrong 's/H7:+6/H7:+8/' '^#1 g8 ok h1 ok h7 WRONG (got +6, expected +8) a2 ok' \
  '^1 positions, 8 move scores: 7 ok, 1 wrong, ' "$engine" analyze

# A board: every legal move once, best first, with its score and depth.
board='--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X'
"$engine" analyze --depth 4 --exact -1 "$board" >"$scratch/out" 2>"$scratch/err"
status=$?
cat "$scratch/out"
[ "$status" -eq 0 ] || fail "board: exit status $status: $(cat "$scratch/err")"
head -n 1 "$scratch/out" | grep -q '^black to move, 14 empties$' || fail "board: no header"
[ "$(grep -c '^[a-h][1-8]  *[+-][0-9]*  depth 4$' "$scratch/out")" -eq 8 ] \
  || fail "board: expected the 8 legal moves at depth 4"
for move in g8 h1 h7 a2 a3 b1 a4 g2; do
  grep -q "^$move " "$scratch/out" || fail "board: $move missing"
done
sed -n '2,9p' "$scratch/out" | awk '{ print $2 + 0 }' >"$scratch/scores"
sort -n -r "$scratch/scores" | cmp -s - "$scratch/scores" || fail "board: not best first"
tail -n 1 "$scratch/out" | grep -q '^8 moves, [0-9.]* s, [0-9]* nodes$' || fail "board: bad last line"
# The default (depth 12, exact from 20 empties) solves it, and the board may come in two words.
# shellcheck disable=SC2086
"$engine" analyze $board >"$scratch/out" 2>"$scratch/err"
[ "$(grep -c '^[a-h][1-8]  *[+-][0-9]*  exact$' "$scratch/out")" -eq 8 ] \
  || fail "board exact: $(cat "$scratch/out" "$scratch/err")"
grep -q '^g8  *+18  exact$' "$scratch/out" || fail "board exact: g8 is not +18"
# A side that must pass, and a finished game.
"$engine" analyze --depth 3 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO-- O' >"$scratch/out" 2>"$scratch/err"
grep -q '^pass  *[+-][0-9]*  exact$' "$scratch/out" || fail "pass: $(cat "$scratch/out" "$scratch/err")"
"$engine" analyze 'XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO X' >"$scratch/out" 2>"$scratch/err"
grep -q '^game over: +62 for the side to move$' "$scratch/out" || fail "game over: $(cat "$scratch/out" "$scratch/err")"

# Bad input: exit 2 and one line on stderr saying what is wrong (and where).
refused 'bad board at character 62 ' "$engine" analyze "$bad_board"
grep -q 'board square' "$scratch/err" || fail "bad board: $(cat "$scratch/err")"
bad_obf
refused 'bad.obf:3:62: ' "$engine" analyze "$scratch/bad.obf"
grep -q 'board square' "$scratch/err" || fail "bad file: $(cat "$scratch/err")"
for args in "$scratch/bad.obf" "$scratch/missing.obf" "" "--depth" "--depth 0 $board" "--time -1 $board" \
            "--threads 99 $board" "--exact 61 $board" "--frobnicate $board" "--depth 4 $scratch/wrong.obf" \
            "XXXX X"; do
  # shellcheck disable=SC2086
  refused '' "$engine" analyze $args
  echo "analyze $args -> $(cat "$scratch/err")"
done

finish "all analyze checks passed"
