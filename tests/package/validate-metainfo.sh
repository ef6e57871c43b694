#!/bin/sh
# Validates an AppStream metainfo file as strictly as appstreamcli can: --pedantic --strict, so
# that an error, a warning, an info or a pedantic hint fails, with one exception. The pedantic
# hint cid-contains-uppercase-letter is about the component ID, which is the application ID
# (io.github.verso.Verso: the desktop file, the GSettings schema, the D-Bus name, the icons) and
# stays as the reverse-DNS convention writes it; every other hint fails.
# Usage: validate-metainfo.sh METAINFO_FILE
set -u
file=${1:?usage: validate-metainfo.sh METAINFO_FILE}
report=$(appstreamcli validate --pedantic --strict --no-net "$file" 2>&1)
status=$?
unexpected=$(printf '%s\n' "$report" | grep -E '^[EWIP]: ' | grep -v -E '^P: [^ ]+ cid-contains-uppercase-letter ')
if [ "$status" -ne 0 ] || [ -n "$unexpected" ]; then
  printf '%s\n' "$report"
  echo "appstreamcli $(appstreamcli --version | sed -n 's/.*version: //p') finds fault with $file (status $status)"
  exit 1
fi
printf '%s\n' "$report"
