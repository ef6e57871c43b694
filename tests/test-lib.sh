# shellcheck shell=sh disable=SC2034 # (the tests use what is set here)
# test-lib.sh: what the shell tests share; each sources it (. "$(dirname "$0")/../test-lib.sh").
# It gives a scratch directory, removed at the end with the background program `pid` names (if
# any); `data`, the tests' data directory; fail, which says what is wrong, counts it and goes on;
# finish, which ends the test with its verdict; refused, a command's refusal checked; judged_wrong,
# a damaged listed score called wrong; bad_board
# and bad_obf, a board and an OBF file with a bad square; under_xvfb, the test run again inside
# a virtual X server and a session bus; wait_for_window, a window's id once it shows;
# wait_for_focus, a window with the keyboard; start_game
# and stop_game, the game in the background there.
scratch=$(mktemp -d)
pid=
cleanup () {
  [ -z "$pid" ] || kill "$pid" 2>/dev/null || true
  rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 1' INT TERM
data=${VERSO_TEST_DATA:-$(dirname "$0")/../data}
failures=0

fail () {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# finish MESSAGE: exit status 1 after any failure, else MESSAGE and exit status 0.
finish () {
  if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)" >&2
    exit 1
  fi
  echo "$1"
  exit 0
}

# refused WORD COMMAND [ARGUMENT...]: COMMAND exits with status 2, writes nothing on stdout and
# exactly one line on stderr, which mentions WORD (any line when WORD is empty; its output is left
# in $scratch/err).
refused () {
  word=$1
  shift
  status=0
  "$@" >"$scratch/out" 2>"$scratch/err" || status=$?
  [ "$status" -eq 2 ] || fail "$*: exit status $status, expected 2"
  [ ! -s "$scratch/out" ] || fail "$*: wrote to stdout: $(head -n 3 "$scratch/out")"
  [ "$(wc -l <"$scratch/err")" -eq 1 ] || fail "$*: expected one line on stderr, got: $(cat "$scratch/err")"
  grep -qF -- "$word" "$scratch/err" || fail "$*: stderr does not mention '$word': $(cat "$scratch/err")"
}

# judged_wrong SCORE_EDIT LINE TOTAL COMMAND [ARGUMENT...]: the first position of
# data/fforum-1-19.obf with its listed scores edited by the sed expression SCORE_EDIT, given to
# COMMAND as its last argument: it exits with status 1, prints a line matching the pattern LINE
# (the wrong score named) and a last line matching TOTAL (counting it).
judged_wrong () {
  edit=$1 line=$2 total=$3
  shift 3
  head -n 1 "$data/fforum-1-19.obf" | sed "$edit" >"$scratch/wrong.obf"
  status=0
  "$@" "$scratch/wrong.obf" >"$scratch/out" 2>"$scratch/err" || status=$?
  [ "$status" -eq 1 ] || fail "wrong score: exit status $status, expected 1"
  grep -q "$line" "$scratch/out" || fail "wrong score: no WRONG line: $(cat "$scratch/out")"
  tail -n 1 "$scratch/out" | grep -q "$total" \
    || fail "wrong score: the total does not count it: $(tail -n 1 "$scratch/out")"
}

# bad_board: a board string whose character 62 is no square ('Z'). bad_obf: $scratch/bad.obf,
# the first two lines of data/fforum-1-19.obf and then bad_board, so bad at bad.obf:3:62.
bad_board='--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOZ-- X'
bad_obf () {
  head -n 2 "$data/fforum-1-19.obf" >"$scratch/bad.obf"
  echo "$bad_board;" >>"$scratch/bad.obf"
}

# under_xvfb "$@": runs this test again on an X server of its own (with-xvfb.sh) with a session
# bus, once.
under_xvfb () {
  [ -z "${VERSO_UNDER_XVFB:-}" ] || return 0
  rm -rf "$scratch"
  VERSO_UNDER_XVFB=1 exec "$(dirname "$0")/../with-xvfb.sh" dbus-run-session -- "$0" "$@"
}

# wait_for_window NAME SECONDS: the id of the first visible window whose name matches NAME, once
# one shows within SECONDS; nothing after them. It searches again and again: a window that
# vanishes while xdotool walks the tree (the portal's, a menu's) ends xdotool with an X error
# (BadWindow), which `xdotool search --sync` would take for the end of the search.
wait_for_window () {
  deadline=$(($(date +%s) + $2))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    found=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1) || found=
    [ -z "$found" ] || { echo "$found"; return 0; }
    sleep 0.2
  done
}

# wait_for_focus WINDOW SECONDS: waits until the window whose id is WINDOW has the keyboard
# (keys sent sooner go elsewhere); status 1 when it has not within SECONDS.
wait_for_focus () {
  deadline=$(($(date +%s) + $2))
  until [ "$(xdotool getwindowfocus 2>/dev/null)" = "$1" ]; do
    [ "$(date +%s)" -lt "$deadline" ] || return 1
    sleep 0.1
  done
}

# start_game VERSO MESSAGE: starts the game in the background (`pid`) with a home of its own in
# the scratch directory, on X11 with the Cairo renderer, its output in $scratch/verso.log, and
# waits up to 30 s for its main window, whose id is then in `window`; without one, fails saying
# MESSAGE and showing the output.
start_game () {
  export XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" XDG_CACHE_HOME="$scratch/cache"
  export GDK_BACKEND=x11 GSK_RENDERER=cairo
  "$1" >"$scratch/verso.log" 2>&1 &
  pid=$!
  window=$(wait_for_window '^Verso$' 30)
  if [ -z "$window" ]; then
    echo "$2"
    cat "$scratch/verso.log"
    exit 1
  fi
}

stop_game () {
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  pid=
}
