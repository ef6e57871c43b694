#!/bin/sh
# test-library-cli.sh: `verso-engine library import` and `find` on the committed fixtures: a year
# of WTHOR games (data/WTH_2020.wtb), a GGF file and transcripts with a bad record each, named on
# stderr and skipped; duplicates skipped on a second import; the games found by player, opening
# and a position (turned too); bad usage refused.
engine="$1"
. "$(dirname "$0")/../test-lib.sh"
out="$scratch/out" err="$scratch/err" library="$scratch/library.sqlite"
games=$(( ($(wc -c <"$data/WTH_2020.wtb") - 16) / 68 ))

"$engine" library import --library "$library" "$data/WTH_2020.wtb" "$data/library/games.ggf" \
  "$data/library/games.txt" >"$out" 2>"$err" || fail "import: exit status $?: $(cat "$err")"
grep -q "^$((games + 4)) games added, 0 already there, 2 bad records skipped$" "$out" \
  || fail "import: $(cat "$out")"
grep -q "games.ggf: game 2 " "$err" || fail "the bad GGF record is not named: $(cat "$err")"
grep -q "games.txt:4:7: " "$err" || fail "the bad transcript is not named: $(cat "$err")"

"$engine" library import --library "$library" "$data/library/games.ggf" >"$out" 2>"$err"
grep -q "^0 games added, 2 already there, 1 bad records skipped$" "$out" \
  || fail "import again: $(cat "$out")"

"$engine" library find --library "$library" --player alice >"$out" 2>"$err" \
  || fail "find --player: exit status $?"
[ "$(wc -l <"$out")" -eq 2 ] || fail "find --player alice: $(cat "$out")"
grep -q "alice - bob	+10	Tiger" "$out" || fail "find --player alice: $(cat "$out")"

# f5 d6 c3 and its turned form c4 e3 f6: the same games.
"$engine" library find --library "$library" --position f5d6c3 --limit 100000 >"$out" \
  || fail "find --position: exit status $?"
"$engine" library find --library "$library" --position c4e3f6 --limit 100000 >"$scratch/turned" \
  || fail "find --position turned: exit status $?"
[ "$(wc -l <"$out")" -gt 10 ] || fail "find --position f5d6c3: $(wc -l <"$out") games"
cmp -s "$out" "$scratch/turned" || fail "the turned position finds other games"
"$engine" library find --library "$library" --opening Tiger --limit 3 >"$out"
[ "$(wc -l <"$out")" -eq 3 ] || fail "find --opening Tiger --limit 3: $(cat "$out")"

# Refusals: exit status non-zero and what was wrong.
"$engine" library find --library "$library" --position z9 >"$out" 2>"$err" \
  && fail "a bad position is taken"
grep -q "library find --position: 'z9' is neither a board" "$err" || fail "a bad position: $(cat "$err")"
"$engine" library import --library "$library" "$scratch/missing.ggf" >"$out" 2>"$err" \
  && fail "a missing file is taken"
grep -q "missing.ggf" "$err" || fail "a missing file: $(cat "$err")"
mkdir "$scratch/empty"
"$engine" library import --library "$library" "$scratch/empty" >"$out" 2>"$err" \
  && fail "an empty folder is taken"
grep -q "empty: no .wtb, .ggf or .txt file" "$err" || fail "an empty folder: $(cat "$err")"
"$engine" library frobnicate >"$out" 2>"$err" && fail "an unknown subcommand is taken"
echo "not a library at all, but long enough for SQLite to read a header of a hundred bytes ......" \
  >"$scratch/damaged.sqlite"
"$engine" library find --library "$scratch/damaged.sqlite" >"$out" 2>"$err" \
  || fail "find on a damaged file: exit status $?"
grep -q "damaged.sqlite: not a library or damaged.*set aside as .*damaged.sqlite.damaged-" "$err" \
  || fail "the damaged file: $(cat "$err")"
# The default: the user's library under XDG_DATA_HOME.
XDG_DATA_HOME="$scratch/data" "$engine" library import "$data/library/games.txt" >"$out" 2>&1 \
  || true
[ -f "$scratch/data/verso/library.sqlite" ] || fail "no library in XDG_DATA_HOME: $(cat "$out")"
finish "library import and find"
