#!/bin/sh
# test-cli-nboard-time.sh: `verso-engine nboard --move-time S` and `--average-time S` as a GUI
# runs them: the options are accepted (both spellings, alone and together) and every `go` gets a
# legal-looking reply; bad values are refused with exit status 2 and a message naming the option
# and the value.
engine="$1"
. "$(dirname "$0")/../test-lib.sh"

start='(;GM[Othello]PC[test]TI[5:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]'
# The pings come after each reply (a ping would stop the search), so each line after a `go` is
# sent only once its reply is out: the engine talks through a pipe the test holds open.
mkfifo "$scratch/in"
# replies N: waits (30 s at most) until the engine's output holds N replies.
replies () {
  deadline=$(($(date +%s) + 30))
  until [ "$(grep -c '^=== ' "$scratch/out" 2>/dev/null)" -ge "$1" ] 2>/dev/null; do
    [ "$(date +%s)" -lt "$deadline" ] || { fail "$option: no reply $1 within 30 s: $(cat "$scratch/out")"; return; }
    sleep 0.05
  done
}
for option in "--move-time 0.2" "--move-time=0.2" "--average-time 0.2" "--average-time=0.1" \
              "--move-time 0.2 --average-time 0.3"; do
  "$engine" nboard $option <"$scratch/in" >"$scratch/out" 2>"$scratch/err" &
  pid=$!
  exec 3>"$scratch/in"
  {
    echo "nboard 2"
    echo "set depth 60"
    echo "set game ${start}B[f5]W[d6];)"
    echo "go"
  } >&3
  replies 1
  {
    echo "set game ${start}B[f5//12.5]W[d6//3.25]B[c3]W[d3]B[c4]W[f4]B[c5]W[b3]B[c2]W[e3]B[d2]W[c6]B[b4]W[a4];)"
    echo "go"
  } >&3
  replies 2
  {
    echo "ping 1"
    echo "quit"
  } >&3
  exec 3>&-
  wait "$pid"
  status=$?
  pid=
  [ "$status" -eq 0 ] || fail "$option: exit status $status: $(cat "$scratch/err")"
  [ "$(grep -c '^=== [A-H][1-8]/-*[0-9]*/[0-9.]*$' "$scratch/out")" -eq 2 ] \
    || fail "$option: expected two replies: $(cat "$scratch/out")"
  grep -q '^pong 1$' "$scratch/out" || fail "$option: no pong"
  [ ! -s "$scratch/err" ] || fail "$option: complaints: $(cat "$scratch/err")"
done

for name in --move-time --average-time; do
  for value in 0 -1 abc 0.45s nan inf 1e9 ""; do
    echo quit | "$engine" nboard $name "$value" >"$scratch/out" 2>"$scratch/err"
    status=$?
    [ "$status" -eq 2 ] || fail "$name '$value': exit status $status, expected 2"
    grep -q -- "$name: expected seconds from 0.01 to 86400, got '$value'" "$scratch/err" \
      || fail "$name '$value': message: $(cat "$scratch/err")"
  done
  echo quit | "$engine" nboard $name >"$scratch/out" 2>"$scratch/err"
  [ $? -eq 2 ] && grep -q -- "$name needs a number of seconds" "$scratch/err" \
    || fail "$name without a value: $(cat "$scratch/err")"
done
echo quit | "$engine" nboard --average-timex 1 >"$scratch/out" 2>"$scratch/err"
[ $? -eq 2 ] && grep -q "unknown argument '--average-timex'" "$scratch/err" \
  || fail "an option's name with more after it: $(cat "$scratch/err")"
echo quit | "$engine" nboard --depth 3 >"$scratch/out" 2>"$scratch/err"
[ $? -eq 2 ] && grep -q "unknown argument '--depth'" "$scratch/err" \
  || fail "unknown argument: $(cat "$scratch/err")"

finish "nboard --move-time and --average-time passed"
