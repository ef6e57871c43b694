#!/bin/sh
# Fails when a translatable message in the sources (po/POTFILES.in) is missing from a language's
# .po file, so that a new string cannot slip by untranslated. Extracts the template with the
# same keywords as meson's glib preset and merges every .po with it.
# Usage: check-po-up-to-date.sh SOURCE_ROOT
set -u
source_root=${1:?usage: check-po-up-to-date.sh SOURCE_ROOT}
export LC_ALL=C LANGUAGE=
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT INT TERM
sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$source_root/po/POTFILES.in" >"$scratch/files"
if ! (cd "$source_root" && xgettext --from-code=UTF-8 --add-comments \
        --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
        --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
        --keyword=ngettext:1,2 --files-from="$scratch/files" -o "$scratch/verso.pot") 2>"$scratch/xgettext.log"; then
  cat "$scratch/xgettext.log"
  exit 1
fi
status=0
for language in $(sed -e 's/#.*//' "$source_root/po/LINGUAS"); do
  # Merged with the fresh template, the file shows every message of the sources that it lacks
  # (or has only as a guess) as untranslated or fuzzy.
  msgmerge --quiet --no-fuzzy-matching "$source_root/po/$language.po" "$scratch/verso.pot" \
    -o "$scratch/$language.po" || { status=1; continue; }
  missing=$(msgattrib --untranslated --no-obsolete --no-wrap "$scratch/$language.po" | sed -n 's/^msgid "\(..*\)"$/\1/p')
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete --no-wrap "$scratch/$language.po" | sed -n 's/^msgid "\(..*\)"$/\1/p')
  if [ -n "$missing$fuzzy" ]; then
    echo "$language: po/$language.po lacks translations of these messages of the sources:"
    printf '%s\n' "$missing" "$fuzzy" | sed -e '/^$/d' -e 's/^/  /' | head -n 20
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  echo "Run 'meson compile -C BUILD verso-update-po' and translate the new messages."
fi
exit $status
