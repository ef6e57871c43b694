#!/bin/sh
# verso-engine match --clock: a player by a fixed time a move far too long for its clock loses
# every game on time, counted in the report, while a player thinking on its own clock (no time=
# or nodes=; a depth= is only its cap) loses none; bad clocks are refused with one line naming
# what is wrong. The time a move takes is measured for real here, so the clocks are chosen far
# from the edge: time=30 thinks 15 s a move at least where it has 1.2 s a game, and the clocked
# player keeps half its time at every move (time_control_think_seconds).
# Usage: test-cli-match-clock.sh VERSO_ENGINE
set -eu
engine=${1:?usage: test-cli-match-clock.sh VERSO_ENGINE}

output=$("$engine" match --clock 0.02 --starts 1 eval=pattern,time=30 eval=pattern,depth=30)
printf '%s\n' "$output"
printf '%s\n' "$output" | grep -q '2 games, 0 wins, 0 draws, 2 losses' \
  || { echo "the slow player did not lose both games"; exit 1; }
printf '%s\n' "$output" | grep -q '^clock 0.02: eval=pattern,time=30 lost 2 on time, ' \
  || { echo "the losses on time are not counted"; exit 1; }
printf '%s\n' "$output" | grep -q '; eval=pattern,depth=30 (on its clock) lost 0 on time, ' \
  || { echo "the clocked player lost on time or is not on its clock"; exit 1; }

# A whole game each way on six seconds a side against a quick player, with an increment.
output=$("$engine" match --clock 0.1+0.1 --starts 1 eval=pattern eval=pattern,depth=2)
printf '%s\n' "$output"
printf '%s\n' "$output" | grep -q '^clock 0.1+0.1: eval=pattern (on its clock) lost 0 on time, ' \
  || { echo "the clocked player lost on time"; exit 1; }
# Without --clock there is no clock line, and every player plays by its limits.
output=$("$engine" match --starts 1 eval=pattern,depth=2 eval=simple,depth=2)
if printf '%s\n' "$output" | grep -q '^clock'; then echo "a clock without --clock"; exit 1; fi

for bad in "" "x" "0" "5+" "5+2s" "1,5"; do
  status=0
  message=$("$engine" match --clock "$bad" depth=1 depth=1 2>&1 >/dev/null) || status=$?
  [ "$status" = 2 ] || { echo "--clock '$bad': exit status $status"; exit 1; }
  printf '%s\n' "$message" | grep -q "^verso-engine: match: --clock '$bad', at character [0-9]*: " \
    || { echo "--clock '$bad': $message"; exit 1; }
done
echo ok
