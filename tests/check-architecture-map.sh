#!/bin/sh
# The map is true: every source file under src/ (C, headers, templates, style) is named in
# ARCHITECTURE.md, and every C file or header the map names exists in the tree.
# Usage: check-architecture-map.sh SOURCE_ROOT
set -eu
root=${1:?usage: check-architecture-map.sh SOURCE_ROOT}
map="$root/ARCHITECTURE.md"
[ -r "$map" ] || { echo "check-architecture-map: $map cannot be read" >&2; exit 1; }
failed=0
# Each file under src/ by its name; a name the map gives as a path ending in it counts too.
for path in $(cd "$root" && find src -type f \( -name '*.c' -o -name '*.h' -o -name '*.ui' \
                -o -name '*.css' \) | sort); do
  name=$(basename "$path")
  if ! grep -q -F -- "$name" "$map"; then
    echo "ARCHITECTURE.md does not name $path"
    failed=1
  fi
done
# Each C file or header named in the map (in backquotes) exists somewhere in the tree.
for name in $(grep -o '`[^` ]*\.[ch]`' "$map" | tr -d '`' | grep -v -e '^-' -e '<' | sort -u); do
  base=$(basename -- "$name")
  if [ -z "$(cd "$root" && find src tools tests data -name "$base" -print -quit)" ]; then
    echo "ARCHITECTURE.md names $name, which is not in the tree"
    failed=1
  fi
done
exit $failed
