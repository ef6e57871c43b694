#!/bin/sh
# Fails unless every language in po/LINGUAS has a .po file that compiles cleanly
# (msgfmt --check) with every message translated: no untranslated and no fuzzy message.
# Usage: check-po-complete.sh PO_DIRECTORY
set -u
po_dir=${1:?usage: check-po-complete.sh PO_DIRECTORY}
export LC_ALL=C LANGUAGE=
status=0
languages=$(sed -e 's/#.*//' "$po_dir/LINGUAS")
[ -n "$languages" ] || { echo "no language in $po_dir/LINGUAS"; exit 1; }
for language in $languages; do
  po="$po_dir/$language.po"
  if [ ! -f "$po" ]; then
    echo "$language: $po is missing"
    status=1
    continue
  fi
  if ! statistics=$(msgfmt --check --statistics -o /dev/null "$po" 2>&1); then
    printf '%s: msgfmt --check failed:\n%s\n' "$language" "$statistics"
    status=1
    continue
  fi
  # "N translated messages[, M fuzzy translations][, K untranslated messages]."
  translated=$(printf '%s\n' "$statistics" | sed -n 's/^\([0-9][0-9]*\) translated message.*/\1/p')
  fuzzy=$(printf '%s\n' "$statistics" | sed -n 's/.* \([0-9][0-9]*\) fuzzy translation.*/\1/p')
  untranslated=$(printf '%s\n' "$statistics" | sed -n 's/.* \([0-9][0-9]*\) untranslated message.*/\1/p')
  echo "$language: ${translated:-0} translated, ${fuzzy:-0} fuzzy, ${untranslated:-0} untranslated"
  if [ -z "$translated" ] || [ "$translated" -eq 0 ] || [ -n "$fuzzy" ] || [ -n "$untranslated" ]; then
    echo "$language: incomplete translation: $statistics"
    status=1
  fi
done
exit $status
