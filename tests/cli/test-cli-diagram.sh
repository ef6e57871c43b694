#!/bin/sh
# test-cli-diagram.sh: `verso-engine diagram` as a user types it: a PNG of the size asked for (its
# header read), taller with a caption; an SVG that parses as XML with one shaded disc per disc of
# the position, black and white counted apart; --numbers' digits drawn; the caption as the SVG's
# title; a file replaced whole; and one clear line on stderr
# with exit status 2 for a bad board, move, size, extension or path.
engine="$1"
. "$(dirname "$0")/../test-lib.sh"
out="$scratch/out" err="$scratch/err"

# png_size FILE: "WIDTH HEIGHT" from the PNG's IHDR chunk, after checking its signature.
png_size () {
  python3 - "$1" <<'PY'
import struct, sys
data = open(sys.argv[1], 'rb').read(24)
assert data[:8] == b'\x89PNG\r\n\x1a\n' and data[12:16] == b'IHDR', 'not a PNG'
print(*struct.unpack('>II', data[16:24]))
PY
}

# svg_discs FILE: "BLACK WHITE", the shapes filled with a radial gradient (each disc's shading),
# told apart by how light the gradient's rim is.
svg_discs () {
  python3 - "$1" <<'PY'
import re, sys
import xml.etree.ElementTree as ET
def level(color):
    m = re.match(r'rgb\(([\d.]+)%,\s*([\d.]+)%,\s*([\d.]+)%\)', color)
    if m:
        return sum(float(v) for v in m.groups()) / 300
    m = re.match(r'#([0-9a-fA-F]{6})', color)
    return sum(int(m.group(1)[i:i + 2], 16) for i in (0, 2, 4)) / 765
root = ET.parse(sys.argv[1]).getroot()
rims = {}
for gradient in root.iter('{http://www.w3.org/2000/svg}radialGradient'):
    stops = gradient.findall('{http://www.w3.org/2000/svg}stop')
    style = stops[-1].get('style', '') + ';stop-color:' + stops[-1].get('stop-color', '')
    rims[gradient.get('id')] = level(re.search(r'stop-color:\s*([^;]+)', style).group(1))
black = white = 0
for element in root.iter():
    fill = element.get('fill', '') + ' ' + element.get('style', '')
    m = re.search(r'fill:?\s*url\(#([^)]+)\)|^url\(#([^)]+)\)', fill)
    if m:
        rim = rims[m.group(1) or m.group(2)]
        black, white = (black + 1, white) if rim < 0.5 else (black, white + 1)
print(black, white)
PY
}

tiger='f5d6c3d3c4'
"$engine" diagram --numbers "$tiger" -o "$scratch/tiger.png" >"$out" 2>"$err" \
  || fail "tiger.png: $(cat "$err")"
[ "$(png_size "$scratch/tiger.png")" = "480 480" ] \
  || fail "the default PNG is not 480 x 480: $(png_size "$scratch/tiger.png")"
grep -q '480 x 480' "$out" || fail "the size written is not said: $(cat "$out")"

"$engine" diagram --size 200 -o "$scratch/small.PNG" >"$out" 2>"$err" || fail "small.PNG: $(cat "$err")"
[ "$(png_size "$scratch/small.PNG")" = "200 200" ] \
  || fail "--size 200 is not 200 x 200: $(png_size "$scratch/small.PNG")"

"$engine" diagram --size 300 --caption 'Diagram 1' -o "$scratch/caption.png" >"$out" 2>"$err" \
  || fail "caption.png: $(cat "$err")"
set -- $(png_size "$scratch/caption.png")
[ "$1" -eq 300 ] && [ "$2" -gt 300 ] || fail "a caption does not add a band below: $1 x $2"

# After f5 d6 c3 d3 c4 black has six discs and white three; the start has two of each; a board
# string with the side to move and an OBF line's scores after it.
"$engine" diagram --numbers "$tiger" -o "$scratch/tiger.svg" >"$out" 2>"$err" \
  || fail "tiger.svg: $(cat "$err")"
[ "$(svg_discs "$scratch/tiger.svg")" = "6 3" ] \
  || fail "tiger.svg: discs (black white) $(svg_discs "$scratch/tiger.svg"), expected 6 3"
"$engine" diagram -o "$scratch/start.svg" >"$out" 2>"$err" || fail "start.svg: $(cat "$err")"
[ "$(svg_discs "$scratch/start.svg")" = "2 2" ] \
  || fail "start.svg: discs $(svg_discs "$scratch/start.svg"), expected 2 2"
board='OOOOOOOOXXXXXXXX------------------------------------------------ O; a3:+4'
"$engine" diagram "$board" --no-coordinates -o "$scratch/rows.svg" >"$out" 2>"$err" \
  || fail "rows.svg: $(cat "$err")"
[ "$(svg_discs "$scratch/rows.svg")" = "8 8" ] \
  || fail "rows.svg: discs $(svg_discs "$scratch/rows.svg"), expected 8 8"

# --numbers writes one number per move on its disc (Cairo draws each digit as a glyph it uses):
# five one-digit numbers after the Tiger, none without --numbers (coordinates off: no labels).
glyphs () { grep -o 'href="#glyph' "$1" | wc -l; }
"$engine" diagram --numbers "$tiger" --no-coordinates -o "$scratch/numbers.svg" >"$out" 2>"$err" \
  || fail "numbers.svg: $(cat "$err")"
[ "$(glyphs "$scratch/numbers.svg")" -eq 5 ] \
  || fail "numbers.svg: $(glyphs "$scratch/numbers.svg") digits drawn, expected 5 (1 to 5)"
"$engine" diagram --no-coordinates -o "$scratch/bare.svg" >"$out" 2>"$err" || fail "bare.svg: $(cat "$err")"
[ "$(glyphs "$scratch/bare.svg")" -eq 0 ] \
  || fail "bare.svg: $(glyphs "$scratch/bare.svg") digits drawn without --numbers"
# Ten moves: 1 to 9 and the two digits of 10.
"$engine" diagram --numbers "${tiger}f4c5b3c2e6" --no-coordinates -o "$scratch/ten.svg" >"$out" 2>"$err" \
  || fail "ten.svg: $(cat "$err")"
[ "$(glyphs "$scratch/ten.svg")" -eq 11 ] \
  || fail "ten.svg: $(glyphs "$scratch/ten.svg") digits drawn, expected 11"
# The caption is the SVG's title too, escaped, for browsers and screen readers.
"$engine" diagram --caption 'Diagram 2 & <Tiger>' -o "$scratch/titled.svg" >"$out" 2>"$err" \
  || fail "titled.svg: $(cat "$err")"
[ "$(python3 -c 'import sys, xml.etree.ElementTree as E; print(E.parse(sys.argv[1]).getroot().find("{http://www.w3.org/2000/svg}title").text)' "$scratch/titled.svg")" = 'Diagram 2 & <Tiger>' ] \
  || fail "titled.svg has not the caption as its title"

# A file that exists is replaced whole, and nothing is left beside it.
echo 'old' >"$scratch/again.svg"
"$engine" diagram -o "$scratch/again.svg" >"$out" 2>"$err" || fail "again.svg: $(cat "$err")"
[ "$(svg_discs "$scratch/again.svg")" = "2 2" ] || fail "again.svg was not replaced"
[ "$(ls "$scratch" | grep -c 'again')" -eq 1 ] || fail "a temporary file was left: $(ls "$scratch")"

"$engine" diagram --help >"$out" 2>"$err" || fail "diagram --help: $(cat "$err")"
grep -q 'usage: diagram' "$out" || fail "diagram --help prints no usage: $(cat "$out")"

bad () {
  word="$1"
  shift
  refused "$word" "$engine" diagram "$@"
  echo "ok   diagram $* -> $(cat "$err")"
}
bad '-o FILE'
bad 'x.jpg' -o "$scratch/x.jpg"
bad '.png or .svg' -o "$scratch/noextension"
bad 'character 62' "$bad_board" -o "$scratch/x.png"
bad 'character 3' --numbers f5f5 -o "$scratch/x.png"
bad '--size' --size 10 -o "$scratch/x.png"
bad '--size' --size big -o "$scratch/x.png"
bad '--caption' -o "$scratch/x.png" --caption
bad "$scratch/missing/x.png" -o "$scratch/missing/x.png"
bad '--frobnicate' --frobnicate -o "$scratch/x.png"
[ ! -e "$scratch/x.png" ] || fail "a refused command wrote x.png"

finish "diagram: PNG sizes, SVG discs and every refusal as expected"
