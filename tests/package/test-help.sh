#!/bin/sh
# The manual: every page of help/C is valid Mallard, reached from the index, and links only to
# pages and sections that exist; each translation (help/LINGUAS) is a valid PO file holding
# every message of the pages, and its merged pages in the build tree are valid Mallard too.
# The HTML built for a desktop without a help browser (HTML_DIR/LANG, LANG C or a translation)
# has a page for every page, the index linking to them all, in its language, and needs nothing
# from the network or outside its folder.
# Usage: test-help.sh SOURCE_HELP_DIR BUILD_HELP_DIR HTML_DIR
set -eu
source_dir=$(cd "$1" && pwd)
build_dir=$(cd "$2" && pwd)
html_dir=$(cd "$3" && pwd)
. "$(dirname "$0")/../test-lib.sh"

cd "$source_dir/C"
pages=$(ls ./*.page)

if ! yelp-check validate $pages; then
  fail "help/C: the pages above are not valid Mallard"
fi
orphans=$(yelp-check orphans $pages) || true
if [ -n "$orphans" ]; then
  fail "help/C: no link from the index reaches: $orphans"
fi
if ! broken=$(yelp-check links $pages) || [ -n "$broken" ]; then
  fail "help/C: broken links (page#section: target): $broken"
fi

# The messages of the pages as they are now, to compare each translation with.
itstool -o "$scratch/verso.pot" $pages legal.xml
languages=$(sed -e 's/#.*//' "$source_dir/LINGUAS")
[ -n "$languages" ] || fail "help/LINGUAS names no language: no translation is checked"
for lang in $languages; do
  po="$source_dir/$lang/$lang.po"
  if [ ! -f "$po" ]; then
    fail "help/LINGUAS names $lang, but $po does not exist"
    continue
  fi
  msgfmt --check -o /dev/null "$po" || fail "$po is not a valid PO file (msgfmt --check above)"
  # Every message of the pages is in the PO file (translated or not): else the pages changed
  # and the file was not brought up to date (ninja help-verso-update-po).
  msgcmp --use-untranslated "$po" "$scratch/verso.pot" \
    || fail "$po lacks messages of the pages: run ninja -C BUILDDIR help-verso-update-po"
  merged=$(cd "$build_dir/$lang" 2>/dev/null && ls ./*.page 2>/dev/null) || true
  if [ -z "$merged" ]; then
    fail "no pages merged for $lang in $build_dir/$lang"
    continue
  fi
  (cd "$build_dir/$lang" && yelp-check validate $merged) \
    || fail "help/$lang: the translated pages above are not valid Mallard"
done

# check_html LANG: the HTML manual in LANG.
check_html () {
  dir="$html_dir/$1"
  if [ ! -f "$dir/index.html" ]; then
    fail "no HTML manual for $1: $dir/index.html is missing"
    return
  fi
  for page in $pages; do
    stem=$(basename "$page" .page)
    [ -s "$dir/$stem.html" ] || fail "HTML manual $1: no $stem.html for $page"
    [ "$stem" = index ] || grep -q "href=\"$stem.html\"" "$dir/index.html" \
      || fail "HTML manual $1: index.html does not link to $stem.html"
  done
  if [ "$1" != C ] && ! grep -q "lang=\"$1\"" "$dir/index.html"; then
    fail "HTML manual $1: index.html is not in $1 (no lang=\"$1\")"
  fi
  # What a page loads (stylesheets, scripts, images) is a file of its folder: offline, and
  # installed with it. Links the reader follows may go anywhere.
  loads=$(cat "$dir"/*.html | grep -o -e '<link [^>]*href="[^"]*"' -e '<script [^>]*src="[^"]*"' \
          -e '<img [^>]*src="[^"]*"' | sed 's/.*\(href\|src\)="\([^"]*\)"$/\2/' | sort -u)
  for load in $loads; do
    case "$load" in
      *:* | /* | *..*) fail "HTML manual $1 loads $load, which is not a file of its folder" ;;
      *) [ -f "$dir/$load" ] || fail "HTML manual $1 loads $load, which is missing" ;;
    esac
  done
  fetched=$(cat "$dir"/*.css | grep -o -E "url\\( *[\"']?[^\"') ]*" | sed -E "s/url\\( *[\"']?//" \
             | grep -E '^(//|[a-z]+:)' | grep -v '^data:') || true
  [ -z "$fetched" ] || fail "HTML manual $1: its stylesheet fetches $fetched"
}

check_html C
for lang in $languages; do
  check_html "$lang"
done

finish "PASS: $(echo $pages | wc -w) pages; translations: $(echo $languages); HTML for C $(echo $languages)"
