#!/bin/sh
# Installs the build into a temporary DESTDIR, checks that every installed file is there and
# valid, then starts the installed game under Xvfb with the installed schema and data, and waits
# for its window.
# Usage: test-install.sh BUILD_ROOT PREFIX
set -eu
. "$(dirname "$0")/../test-lib.sh"
under_xvfb "$@"
build_root=${1:?usage: test-install.sh BUILD_ROOT PREFIX}
prefix=${2:?usage: test-install.sh BUILD_ROOT PREFIX}

meson install -C "$build_root" --no-rebuild --quiet --destdir "$scratch/root" >"$scratch/install.log" 2>&1 \
  || { cat "$scratch/install.log"; exit 1; }
root="$scratch/root$prefix"
app_id=io.github.verso.Verso
status=0
for file in bin/verso bin/verso-engine \
            share/applications/$app_id.desktop \
            share/metainfo/$app_id.metainfo.xml \
            share/glib-2.0/schemas/$app_id.gschema.xml \
            share/icons/hicolor/scalable/apps/$app_id.svg \
            share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg \
            share/verso/sounds/disc.wav share/verso/sounds/pass.wav share/verso/sounds/win.wav \
            share/verso/sounds/loss.wav share/verso/sounds/draw.wav; do
  [ -s "$root/$file" ] || { echo "not installed: $file"; status=1; }
done
source_po=$(dirname "$0")/../../po
for language in $(sed -e 's/#.*//' "$source_po/LINGUAS"); do
  [ -s "$root/share/locale/$language/LC_MESSAGES/verso.mo" ] \
    || { echo "translation not installed: $language"; status=1; }
done
[ "$status" -eq 0 ] || exit 1

desktop-file-validate "$root/share/applications/$app_id.desktop"
"$(dirname "$0")/validate-metainfo.sh" "$root/share/metainfo/$app_id.metainfo.xml" >"$scratch/appstream.log" 2>&1 \
  || { cat "$scratch/appstream.log"; exit 1; }
grep -q '^Name\[fr\]=' "$root/share/applications/$app_id.desktop" \
  || { echo "the installed desktop file carries no translation"; exit 1; }
"$root/bin/verso-engine" --version

mkdir -p "$scratch/schemas"
glib-compile-schemas --strict --targetdir="$scratch/schemas" "$root/share/glib-2.0/schemas"
export GSETTINGS_SCHEMA_DIR="$scratch/schemas" GSETTINGS_BACKEND=memory
export XDG_DATA_DIRS="$root/share:${XDG_DATA_DIRS:-/usr/local/share:/usr/share}"
start_game "$root/bin/verso" "the installed game showed no window"
echo "installed game window: $(xdotool getwindowname "$window") ($(xdotool getwindowgeometry "$window" | sed -n 's/.*Geometry: //p'))"
stop_game
