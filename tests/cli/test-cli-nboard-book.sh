#!/bin/sh
# test-cli-nboard-book.sh: `verso-engine nboard` and its opening book: `hint` lists the book moves
# of the start as `book` lines before its `search` lines, `go` there answers a legal first move,
# and `--no-book` leaves the book out (no `book` line, the reply searched).
engine="$1"
. "$(dirname "$0")/../test-lib.sh"

start='(;GM[Othello]PC[test]TY[8]BO[8 ---------------------------O*------*O--------------------------- *];)'
for option in "" "--no-book"; do
  {
    echo "nboard 2"
    echo "set depth 2"
    echo "set game $start"
    echo "hint 4"
    echo "go"
    echo "quit"
  } | "$engine" nboard $option >"$scratch/out" 2>"$scratch/err"
  status=$?
  [ "$status" -eq 0 ] || fail "'$option': exit status $status: $(cat "$scratch/err")"
  grep -q '^=== [CDEF][3456]/-*[0-9]*/[0-9.]*$' "$scratch/out" \
    || fail "'$option': no legal first move: $(cat "$scratch/out")"
  [ "$(grep -c '^search [CDEF][3456] ' "$scratch/out")" -eq 4 ] \
    || fail "'$option': expected four search lines: $(cat "$scratch/out")"
  books=$(grep -c '^book [CDEF][3456] -*[0-9]* 0 [0-9]*$' "$scratch/out")
  if [ -z "$option" ]; then
    [ "$books" -eq 4 ] || fail "expected the four first moves as book lines: $(cat "$scratch/out")"
    # The book lines come before the search lines.
    first=$(grep -m1 -n '^\(book\|search\) ' "$scratch/out" | cut -d: -f2 | cut -d' ' -f1)
    [ "$first" = "book" ] || fail "a search line before the book lines: $(cat "$scratch/out")"
  else
    [ "$books" -eq 0 ] || fail "--no-book: book lines: $(cat "$scratch/out")"
  fi
  [ ! -s "$scratch/err" ] || fail "'$option': complaints: $(cat "$scratch/err")"
done

finish "cli-nboard-book: all checks passed"
