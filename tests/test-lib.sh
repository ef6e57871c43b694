# shellcheck shell=sh disable=SC2034 # (the tests use what is set here)
# test-lib.sh: what the shell tests share; each sources it (. "$(dirname "$0")/../test-lib.sh").
# It gives a scratch directory, removed at the end with the background program `pid` names (if
# any); `data`, the tests' data directory; fail, which says what is wrong, counts it and goes on;
# finish, which ends the test with its verdict; refused, a command's refusal checked; and
# under_xvfb, the test run again inside a virtual X server and a session bus.
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
# exactly one line on stderr, which mentions WORD (its output is left in $scratch/err).
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

# under_xvfb "$@": runs this test again under xvfb-run with a session bus, once.
under_xvfb () {
  [ -z "${VERSO_UNDER_XVFB:-}" ] || return 0
  rm -rf "$scratch"
  VERSO_UNDER_XVFB=1 exec xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session -- "$0" "$@"
}
