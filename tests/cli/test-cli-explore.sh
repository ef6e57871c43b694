#!/bin/sh
# test-cli-explore.sh: `verso-engine explore` on an index that build-database makes from a real
# year of WTHOR games (data/WTH_2020.wtb): its counts against a count of the file's own bytes, a
# turned position giving the turned moves with the same counts, the lines to learn behind a book
# move, the shipped index, and bad input.
engine="$1" build_database="$2"
. "$(dirname "$0")/../test-lib.sh"
out="$scratch/out"

mkdir "$scratch/wthor"
cp "$data/WTH_2020.wtb" "$scratch/wthor/"
"$build_database" --wthor "$scratch/wthor" --out "$scratch/db.bin" --min-games 1 >"$out" \
  || fail "build-database: $(cat "$out")"

# The independent count: the records' bytes (16-byte header, 68-byte records; byte 6 black's
# discs, bytes 8.. the moves as 10 * row + column). Every game opens f5 (56).
records=$(od -An -tu1 -v -j16 -w68 "$data/WTH_2020.wtb")
games=$(echo "$records" | awk 'NF { n++ } END { print n }')
not_f5=$(echo "$records" | awk 'NF && $9 != 56 { n++ } END { print n + 0 }')
[ "$not_f5" -eq 0 ] || fail "$not_f5 games of WTH_2020.wtb do not open f5: the count below assumes it"
# second move, games, black's wins (more than 32 discs)
expected=$(echo "$records" | awk 'NF { g[$10]++; if ($7 > 32) w[$10]++ }
  END { print "d6", g[64], w[64] + 0; print "f6", g[66], w[66] + 0; print "f4", g[46] + 0, w[46] + 0 }')

"$engine" explore --database "$scratch/db.bin" f5 >"$out" || fail "explore f5: exit status $?"
grep -q "^white to move, 59 empties: .* in $games games" "$out" || fail "explore f5: $(head -n 1 "$out")"
echo "$expected" | while read -r move count wins; do
  [ "$count" -eq 0 ] && continue
  row=$(grep "^$move " "$out")
  got=$(echo "$row" | awk '{ print $2 }')
  [ "$got" = "$count" ] || echo "FAIL: after f5, $move: $got games, counted $count" >&2
  share=$(awk -v w="$wins" -v g="$count" 'BEGIN { printf "%.1f", 100 * w / g }')
  [ "$(echo "$row" | awk '{ print $4 }')" = "$share" ] \
    || echo "FAIL: after f5, $move: black wins $(echo "$row" | awk '{ print $4 }')%, counted $share%" >&2
  echo "ok   f5 $move: $count games, black wins $share%"
done 2>"$scratch/failed"
[ ! -s "$scratch/failed" ] || fail "$(cat "$scratch/failed")"
grep -q "Perpendicular" "$out" || fail "explore f5: d6 does not name the Perpendicular opening"
# The lines to learn behind a book move (the compiled book's umigame count): a number, more than
# one for d6, which the book follows deep.
lines=$(awk '$1 == "d6" { print $8 }' "$out")
case "$lines" in ''|*[!0-9]*) fail "explore f5: d6 has no count of lines to learn: $(grep '^d6 ' "$out")" ;; esac
[ "$lines" -gt 1 ] || fail "explore f5: d6 has $lines line to learn"
echo "ok   f5 d6: $lines lines to learn"

# d3 is f5 turned about the a8-h1 diagonal: d6, f6 and f4 become c5, c3 and e3.
"$engine" explore --database "$scratch/db.bin" d3 >"$scratch/turned" || fail "explore d3: $?"
sed 's/^c5 /d6 /; s/^c3 /f6 /; s/^e3 /f4 /' "$scratch/turned" | tail -n +2 | sort >"$scratch/a"
tail -n +2 "$out" | sort >"$scratch/b"
cmp -s "$scratch/a" "$scratch/b" || fail "explore d3 is not explore f5 turned: $(diff "$scratch/a" "$scratch/b")"
echo "ok   d3 gives f5's rows turned"

# The shipped index: every game of every year opens the same way, so the first of the start's moves
# (a board string here) has all the games, and the other three are the same position turned.
start='---------------------------OX------XO--------------------------- X'
"$engine" explore "$start" >"$out" || fail "explore start: exit status $?"
total=$(head -n 1 "$out" | sed -n 's/.* in \([0-9]*\) games/\1/p')
first=$(awk -v t="$total" '$1 ~ /^[a-h][1-8]$/ && $2 == t { print $1 }' "$out")
[ "$(echo "$first" | wc -w)" -eq 1 ] || fail "explore start: not one move of $total games: $(cat "$out")"
[ "$(grep -c "^[a-h][1-8] *the games of $first (the same position" "$out")" -eq 3 ] \
  || fail "explore start: not three moves the same as $first: $(cat "$out")"
echo "ok   shipped index: four first moves of $total games"
"$engine" explore --database "$scratch/db.bin" f5f4e3f6d3 >"$out" || fail "explore deep: $?"
grep -q "games" "$out" || fail "explore f5f4e3f6d3: $(cat "$out")"

refused "neither a board" "$engine" explore zz
refused "missing BOARD" "$engine" explore
refused "unknown option" "$engine" explore --frob f5
refused "needs a file" "$engine" explore f5 --database
refused "$scratch/none" "$engine" explore --database "$scratch/none" f5
head -c 100 "$scratch/db.bin" >"$scratch/short.bin"
refused "its header says" "$engine" explore --database "$scratch/short.bin" f5
refused "not a database file" "$engine" explore --database "$data/WTH_2020.wtb" f5
finish "explore: counts, symmetry, shipped index and bad input ok"
