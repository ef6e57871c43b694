#!/bin/sh
# The manual: every page of help/C is valid Mallard, reached from the index, and links only to
# pages and sections that exist; each translation (help/LINGUAS) is a valid PO file holding
# every message of the pages, and its merged pages in the build tree are valid Mallard too.
# Usage: test-help.sh SOURCE_HELP_DIR BUILD_HELP_DIR
set -eu
source_dir=$(cd "$1" && pwd)
build_dir=$(cd "$2" && pwd)
status=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail () {
  echo "FAIL: $*"
  status=1
}

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
itstool -o "$work/verso.pot" $pages legal.xml
languages=$(sed -e 's/#.*//' "$source_dir/LINGUAS")
for lang in $languages; do
  po="$source_dir/$lang/$lang.po"
  if [ ! -f "$po" ]; then
    fail "help/LINGUAS names $lang, but $po does not exist"
    continue
  fi
  msgfmt --check -o /dev/null "$po" || fail "$po is not a valid PO file (msgfmt --check above)"
  # Every message of the pages is in the PO file (translated or not): else the pages changed
  # and the file was not brought up to date (ninja help-verso-update-po).
  msgcmp --use-untranslated "$po" "$work/verso.pot" \
    || fail "$po lacks messages of the pages: run ninja -C BUILDDIR help-verso-update-po"
  merged=$(cd "$build_dir/$lang" 2>/dev/null && ls ./*.page 2>/dev/null) || true
  if [ -z "$merged" ]; then
    fail "no pages merged for $lang in $build_dir/$lang"
    continue
  fi
  (cd "$build_dir/$lang" && yelp-check validate $merged) \
    || fail "help/$lang: the translated pages above are not valid Mallard"
done

[ $status -eq 0 ] && echo "PASS: $(echo $pages | wc -w) pages; translations:" $languages
exit $status
