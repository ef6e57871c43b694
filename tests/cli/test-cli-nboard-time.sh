#!/bin/sh
# test-cli-nboard-time.sh: `verso-engine nboard --move-time S` and `--average-time S` as a GUI
# runs them: the options are accepted (both spellings, alone and together) and every `go` gets a
# legal-looking reply; bad values are refused with exit status 2 and a message naming the option
# and the value.
engine="$1"
failures=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

fail () {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

start='(;GM[Othello]PC[test]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]'
# The pings come after each reply (a ping would stop the search), so the input is fed slowly:
# the engine reads `go`, answers, and only then sees the next line.
for option in "--move-time 0.2" "--move-time=0.2" "--average-time 0.2" "--average-time=0.1" \
              "--move-time 0.2 --average-time 0.3"; do
  {
    echo "nboard 2"
    echo "set depth 60"
    echo "set game ${start}B[f5]W[d6];)"
    echo "go"
    sleep 1
    echo "set game ${start}B[f5//12.5]W[d6//3.25]B[c3]W[d3]B[c4]W[f4]B[c5]W[b3]B[c2]W[e3]B[d2]W[c6]B[b4]W[a4];)"
    echo "go"
    sleep 1
    echo "ping 1"
    echo "quit"
  } | "$engine" nboard $option >"$dir/out" 2>"$dir/err"
  status=$?
  [ "$status" -eq 0 ] || fail "$option: exit status $status: $(cat "$dir/err")"
  [ "$(grep -c '^=== [A-H][1-8]/-*[0-9]*/[0-9.]*$' "$dir/out")" -eq 2 ] \
    || fail "$option: expected two replies: $(cat "$dir/out")"
  grep -q '^pong 1$' "$dir/out" || fail "$option: no pong"
  [ ! -s "$dir/err" ] || fail "$option: complaints: $(cat "$dir/err")"
done

for name in --move-time --average-time; do
  for value in 0 -1 abc 0.45s nan inf 1e9 ""; do
    echo quit | "$engine" nboard $name "$value" >"$dir/out" 2>"$dir/err"
    status=$?
    [ "$status" -eq 2 ] || fail "$name '$value': exit status $status, expected 2"
    grep -q -- "$name: expected seconds from 0.01 to 86400, got '$value'" "$dir/err" \
      || fail "$name '$value': message: $(cat "$dir/err")"
  done
  echo quit | "$engine" nboard $name >"$dir/out" 2>"$dir/err"
  [ $? -eq 2 ] && grep -q -- "$name needs a number of seconds" "$dir/err" \
    || fail "$name without a value: $(cat "$dir/err")"
done
echo quit | "$engine" nboard --average-timex 1 >"$dir/out" 2>"$dir/err"
[ $? -eq 2 ] && grep -q "unknown argument '--average-timex'" "$dir/err" \
  || fail "an option's name with more after it: $(cat "$dir/err")"
echo quit | "$engine" nboard --depth 3 >"$dir/out" 2>"$dir/err"
[ $? -eq 2 ] && grep -q "unknown argument '--depth'" "$dir/err" \
  || fail "unknown argument: $(cat "$dir/err")"

[ "$failures" -eq 0 ] || exit 1
echo "nboard --move-time and --average-time passed"
