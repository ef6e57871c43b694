#!/bin/sh
# test-build-book.sh: build-book (tools/generate/book) turns WTHOR games into a book file, the
# same bytes on every run, keeping only positions reached by enough games, and refuses bad input
# with a message naming it, leaving an existing book as it was.
#   test-build-book.sh PATH-TO-BUILD-BOOK
set -eu
tool="$1"
. "$(dirname "$0")/../test-lib.sh"
mkdir "$scratch/wthor"
cp "$data/WTH_2020.wtb" "$scratch/wthor/"

"$tool" --wthor "$scratch/wthor" --out "$scratch/one.bin" --plies 8 --min-games 20 --depth 4 > "$scratch/log"
"$tool" --wthor "$scratch/wthor" --out "$scratch/two.bin" --plies 8 --min-games 20 --depth 4 >> "$scratch/log"
cmp "$scratch/one.bin" "$scratch/two.bin" || { echo "FAIL: two runs differ"; exit 1; }
[ "$(head -c 8 "$scratch/one.bin")" = VERSOBOK ] || { echo "FAIL: not a book file"; exit 1; }
positions=$(sed -n 's/^build-book: \([0-9]*\) positions, \([0-9]*\) bytes.*/\1/p' "$scratch/log" | head -n 1)
bytes=$(sed -n 's/^build-book: \([0-9]*\) positions, \([0-9]*\) bytes.*/\2/p' "$scratch/log" | head -n 1)
[ -n "$positions" ] && [ "$positions" -gt 0 ] || { echo "FAIL: no positions:"; cat "$scratch/log"; exit 1; }
# The header, then one record a position.
[ "$bytes" = "$(wc -c < "$scratch/one.bin")" ] && [ "$bytes" = $((24 + 19 * positions)) ] \
  || { echo "FAIL: $bytes bytes for $positions positions"; exit 1; }
# Fewer games a position: more positions.
"$tool" --wthor "$scratch/wthor" --out "$scratch/more.bin" --plies 8 --min-games 5 --depth 4 > "$scratch/log2"
more=$(sed -n 's/^build-book: \([0-9]*\) positions.*/\1/p' "$scratch/log2" | head -n 1)
[ "$more" -gt "$positions" ] || { echo "FAIL: min-games 5 gave $more positions, 20 gave $positions"; exit 1; }

# Bad input: a message naming what is wrong; the book already there stays whole.
cp "$scratch/one.bin" "$scratch/kept.bin"
if "$tool" --wthor "$scratch/none" --out "$scratch/kept.bin" 2> "$scratch/err"; then
  echo "FAIL: a missing directory was accepted"; exit 1
fi
grep -q "$scratch/none" "$scratch/err" || { echo "FAIL: no message naming the directory"; cat "$scratch/err"; exit 1; }
cmp "$scratch/one.bin" "$scratch/kept.bin" || { echo "FAIL: the old book was damaged"; exit 1; }
if "$tool" --wthor "$scratch/wthor" --out "$scratch/no-such-dir/book.bin" --plies 8 --min-games 20 \
    --depth 4 > /dev/null 2> "$scratch/err"; then
  echo "FAIL: an unwritable output was accepted"; exit 1
fi
grep -q "cannot write" "$scratch/err" || { echo "FAIL: no message for the unwritable output"; exit 1; }
if "$tool" --wthor "$scratch/wthor" --out "$scratch/x.bin" --depth 99 2> "$scratch/err"; then
  echo "FAIL: depth 99 accepted"; exit 1
fi
grep -q -- "--depth" "$scratch/err" || { echo "FAIL: no message naming --depth"; cat "$scratch/err"; exit 1; }
echo PASS
