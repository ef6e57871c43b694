#!/bin/sh
# test-cli-nboard-book.sh: `verso-engine nboard` and its opening book: `hint` lists the book moves
# of the start as `book` lines before its `search` lines, `go` there answers a legal first move,
# and `--no-book` leaves the book out (no `book` line, the reply searched).
engine="$1"
failures=0
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

fail () {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

start='(;GM[Othello]PC[test]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)'
for option in "" "--no-book"; do
  {
    echo "nboard 2"
    echo "set depth 2"
    echo "set game $start"
    echo "hint 4"
    echo "go"
    echo "quit"
  } | "$engine" nboard $option >"$dir/out" 2>"$dir/err"
  status=$?
  [ "$status" -eq 0 ] || fail "'$option': exit status $status: $(cat "$dir/err")"
  grep -q '^=== [CDEF][3456]/-*[0-9]*/[0-9.]*$' "$dir/out" \
    || fail "'$option': no legal first move: $(cat "$dir/out")"
  [ "$(grep -c '^search [CDEF][3456] ' "$dir/out")" -eq 4 ] \
    || fail "'$option': expected four search lines: $(cat "$dir/out")"
  books=$(grep -c '^book [CDEF][3456] -*[0-9]* 0 [0-9]*$' "$dir/out")
  if [ -z "$option" ]; then
    [ "$books" -eq 4 ] || fail "expected the four first moves as book lines: $(cat "$dir/out")"
    # The book lines come before the search lines.
    first=$(grep -m1 -n '^\(book\|search\) ' "$dir/out" | cut -d: -f2 | cut -d' ' -f1)
    [ "$first" = "book" ] || fail "a search line before the book lines: $(cat "$dir/out")"
  else
    [ "$books" -eq 0 ] || fail "--no-book: book lines: $(cat "$dir/out")"
  fi
  [ ! -s "$dir/err" ] || fail "'$option': complaints: $(cat "$dir/err")"
done

[ "$failures" -eq 0 ] || exit 1
echo "cli-nboard-book: all checks passed"
