#!/bin/sh
# Starts the real game under Xvfb in French (LANGUAGE=fr in the locale with-locale.sh made, LANG)
# and checks that the interface speaks French: the main window appears, and Ctrl+comma opens a
# window titled "Préférences".
# Usage: test-ui-french.sh VERSO_EXECUTABLE LOCALEDIR SCHEMADIR
set -eu
. "$(dirname "$0")/../test-lib.sh"
under_xvfb "$@"
verso=${1:?usage: test-ui-french.sh VERSO LOCALEDIR SCHEMADIR}

unset LC_ALL LC_MESSAGES
export LANGUAGE=fr
export VERSO_LOCALEDIR="$2" GSETTINGS_SCHEMA_DIR="$3" GSETTINGS_BACKEND=memory

start_game "$verso" "the main window did not appear"
xdotool windowfocus "$window"
wait_for_focus "$window" 15 || { echo "the main window did not get the keyboard"; exit 1; }
xdotool key --clearmodifiers ctrl+comma
if [ -z "$(wait_for_window '^Préférences$' 15)" ]; then
  echo "no window titled 'Préférences' appeared; windows now:"
  for id in $(xdotool search --onlyvisible --name '.' 2>/dev/null); do xdotool getwindowname "$id"; done
  cat "$scratch/verso.log"
  exit 1
fi
echo "French interface: the Preferences window is titled 'Préférences'"
stop_game
