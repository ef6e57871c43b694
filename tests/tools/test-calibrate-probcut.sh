#!/bin/sh
# test-calibrate-probcut.sh: verso-probcut turns WTHOR games into a ProbCut table of the shape
# the engine compiles (every bucket a row of every depth, sigmas growing past the measured
# depths), the same bytes for one thread or two, and refuses bad input with a message.
#   test-calibrate-probcut.sh PATH-TO-VERSO-PROBCUT
set -eu
tool="$1"
. "$(dirname "$0")/../test-lib.sh"
mkdir "$scratch/wthor"
cp "$data/WTH_2020.wtb" "$scratch/wthor/"

"$tool" --wthor "$scratch/wthor" --out "$scratch/one.h" --positions 20 --max-depth 6 --threads 1 \
  2> "$scratch/log"
"$tool" --wthor "$scratch/wthor" --out "$scratch/two.h" --positions 20 --max-depth 6 --threads 2 \
  2>> "$scratch/log"
cmp "$scratch/one.h" "$scratch/two.h" || { echo "FAIL: one and two threads differ"; exit 1; }
grep -q '160 positions' "$scratch/log" || { echo "FAIL: not 20 positions a bucket:"; cat "$scratch/log"; exit 1; }
grep -q '^#define PROBCUT_BUCKETS 10$' "$scratch/one.h" || { echo "FAIL: no bucket count"; exit 1; }
rows=$(grep -c '^  { /\* [0-9]*-[0-9]* empties \*/ ' "$scratch/one.h")
[ "$rows" = 10 ] || { echo "FAIL: $rows bucket rows"; exit 1; }
entries=$(grep -o '{ [0-9-]*, [0-9-]*, [0-9-]*, [0-9-]* }' "$scratch/one.h" | wc -l)
[ "$entries" = 610 ] || { echo "FAIL: $entries entries, expected 10 x 61"; exit 1; }
# Bucket 36-41 empties: the depth-3 entry checks at depth 1, the depth-20 one at depth 10, with
# a sigma at least the deepest measured one's.
row=$(grep '36-41 empties \*/' "$scratch/one.h" | grep -o '{ [0-9-]*, [0-9-]*, [0-9-]*, [0-9-]* }')
entry () { echo "$row" | sed -n "$(($1 + 1))p" | tr -d '{},' ; }
set -- $(entry 3); [ "$1" = 1 ] && [ "$4" -gt 0 ] || { echo "FAIL: depth 3: $(entry 3)"; exit 1; }
set -- $(entry 6); sigma6=$4
set -- $(entry 20); [ "$1" = 10 ] && [ "$4" -ge "$sigma6" ] || { echo "FAIL: depth 20: $(entry 20)"; exit 1; }

# Bad input: a message naming what, and no table written.
if "$tool" --wthor "$scratch/none" --out "$scratch/bad.h" 2> "$scratch/err"; then
  echo "FAIL: a missing directory was accepted"; exit 1
fi
grep -q "$scratch/none" "$scratch/err" || { echo "FAIL: no message naming the directory"; cat "$scratch/err"; exit 1; }
if "$tool" --wthor "$scratch/wthor" --out "$scratch/bad.h" --max-depth 99 2> "$scratch/err"; then
  echo "FAIL: depth 99 accepted"; exit 1
fi
grep -q "usage" "$scratch/err" || { echo "FAIL: no usage message"; exit 1; }
[ ! -e "$scratch/bad.h" ] || { echo "FAIL: a table was written after an error"; exit 1; }
echo "PASS"
