#!/bin/sh
# verso-engine match with an nboard: player (src/host): verso-engine's own NBoard engine plays a
# whole match; a fake engine (fake-nboard-engine.py) that misbehaves in each way it can loses
# every game with a message naming it and what it did, and never hangs the match; an engine that
# cannot start ends it with status 1, a bad player with status 2.
# Usage: test-cli-match-nboard.sh VERSO_ENGINE FAKE_ENGINE
set -eu
engine=${1:?usage: test-cli-match-nboard.sh VERSO_ENGINE FAKE_ENGINE}
fake=${2:?usage: test-cli-match-nboard.sh VERSO_ENGINE FAKE_ENGINE}
command -v python3 >/dev/null || { echo "SKIP: no python3 for the fake engine"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a match; its stdout, stderr and exit status in $out, $err and $status.
run () {
  status=0
  "$engine" match "$@" >"$work/out" 2>"$work/err" || status=$?
  out=$(cat "$work/out")
  err=$(cat "$work/err")
}
fail () {
  echo "$1"
  printf 'stdout:\n%s\nstderr:\n%s\n' "$out" "$err"
  exit 1
}
expect () { # status, then a pattern stdout must match
  [ "$status" = "$1" ] || fail "exit status $status, expected $1"
  printf '%s\n' "$out" | grep -q -- "$2" || fail "stdout lacks '$2'"
}
expect_error () { # a pattern stderr must match
  printf '%s\n' "$err" | grep -q -- "$1" || fail "stderr lacks '$1'"
}

# The real thing: verso-engine's own NBoard engine, told its depth, as the second player.
run --starts 1 depth=2 "depth=2,nboard:$engine nboard"
expect 0 ' 2 games, '
expect 0 "^nboard: depth=2,nboard:$engine nboard is 'Verso', forfeited 0 games"
expect 0 ' 2 games, [0-2] wins, [0-2] draws, [0-2] losses, .*mean disc difference [-+][0-9]'

# A good fake, with noise around its replies: the engine under test wins every game.
for mode in good noisy; do
  run --starts 2 depth=1 "nboard:python3 $fake $mode"
  expect 0 ' 4 games, 4 wins, 0 draws, 0 losses'
  expect 0 "is 'Fake-$mode', forfeited 0 games"
done

# Each misbehaviour: both games lost by the fake, the reason named, the match finished.
for case in "exit-mid-game|exited with status 4 during its move" \
            "crash|exited with status 139 (signal 11 under /bin/sh) during its move" \
            "garbage|answered '=== hello' during its move, which is not a move" \
            "illegal|answered '=== D4' during its move: not a legal move for [a-z]*" \
            "long-reply|wrote a reply line longer than 4096 bytes during its move" \
            "hang|did not answer go within 0.5 s during its move"; do
  mode=${case%%|*}
  message=${case#*|}
  # Only the hang waits out its limit; the others' replies get time on a loaded machine.
  limit=30
  [ "$mode" = hang ] && limit=0.5
  run --starts 1 --move-limit $limit depth=1 "nboard:python3 $fake $mode"
  expect 0 ' 2 games, 2 wins, 0 draws, 0 losses'
  expect 0 "is 'Fake-$mode', forfeited 2 games"
  expect_error "^verso-engine: match: game 1: player 'nboard:python3 $fake $mode': engine 'Fake-$mode' $message; it loses the game\$"
  expect_error "^verso-engine: match: game 2: "
done

# On a clock, an engine that hangs is stopped when its time runs out and loses on time.
run --starts 1 --clock 0.01 depth=1 "nboard:python3 $fake hang"
expect 0 ' 2 games, 2 wins, '
expect 0 "; nboard:python3 $fake hang lost 2 on time, "
expect 0 "forfeited 0 games"
expect_error "did not answer go within .* during its move; it loses the game on time"

# An engine that cannot start: no game, status 1, the reason.
run --starts 1 depth=1 "nboard:python3 $fake exit-at-start"
[ "$status" = 1 ] || fail "exit-at-start: status $status"
expect_error "engine 'python3 $fake exit-at-start' exited with status 3 at start"
[ -z "$out" ] || fail "a report without a game"
run --starts 1 --start-limit 0.5 depth=1 "nboard:python3 $fake silent"
[ "$status" = 1 ] || fail "silent: status $status"
expect_error "engine 'python3 $fake silent' did not answer ping within 0.5 s at start"
run --starts 1 depth=1 "nboard:$work/no-such-engine"
[ "$status" = 1 ] || fail "no such engine: status $status"
expect_error "exited with status 127 at start"

# An engine that fails its game and then cannot be started again: the match ends there, and the
# game played is reported.
once="test -e $work/started && exit 5; touch $work/started; exec python3 $fake exit-mid-game"
run --starts 2 depth=1 "nboard:$once"
[ "$status" = 1 ] || fail "restart: status $status"
expect 1 ' 1 games, 1 wins, '
expect_error "exited with status 5 at start"
expect_error "^verso-engine: match: ended after 1 of 4 games"

# Bad players: status 2, one line.
for bad in "eval=simple,nboard:$engine nboard" "depth=0,nboard:x" "nboard:" "depth=3,nboard: "; do
  run --starts 1 depth=1 "$bad"
  [ "$status" = 2 ] || fail "'$bad': status $status"
  expect_error "^verso-engine: match: player '"
done
echo ok
