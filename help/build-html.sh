#!/bin/sh
# The manual as HTML, for a desktop without a help browser (the game then opens LANG/index.html
# in the web browser): OUT/C from the pages in SOURCE/C, and OUT/LANG for each of LANGUAGES from
# the same pages merged with SOURCE/LANG/LANG.po, as gnome.yelp merges them for Yelp. Each
# folder holds all its pages need (their CSS and script): nothing is fetched from the network.
# Usage: build-html.sh OUT SOURCE XSL "LANGUAGES" PAGE...   (PAGE: a file of SOURCE/C)
set -eu
# Absolute paths: the merge runs in SOURCE/C.
absolute () { (cd "$(dirname "$1")" && printf '%s/%s' "$(pwd)" "$(basename "$1")"); }
out=$(absolute "$1") source=$(absolute "$2") xsl=$(absolute "$3") languages=$4
shift 4
# Built aside and moved in at the end, so that OUT is whole or absent, never half made.
work="$out.tmp"
rm -rf "$work"
mkdir -p "$work"

# html TARGET DIR PAGE...: DIR's pages as HTML in TARGET (yelp-build html).
html () {
  target=$1 dir=$2
  shift 2
  count=$#
  while [ "$count" -gt 0 ]; do
    set -- "$@" "$dir/$1"
    shift
    count=$((count - 1))
  done
  mkdir "$target"
  yelp-build html -x "$xsl" -o "$target/" "$@"
  # The highlighter of code samples, which the pages have none of (the XSL leaves it out of them).
  rm -f "$target/highlight.pack.js"
}

html "$work/C" "$source/C" "$@"
for lang in $languages; do
  merged="$work/$lang.pages"
  mkdir "$merged"
  msgfmt -o "$merged/$lang.gmo" "$source/$lang/$lang.po"
  (cd "$source/C" && itstool -m "$merged/$lang.gmo" --lang "$lang" -o "$merged/" "$@" legal.xml)
  html "$work/$lang" "$merged" "$@"
  rm -rf "$merged"
done
rm -rf "$out"
mv "$work" "$out"
