#!/bin/sh
# The engine plays with the trained pattern evaluation, not the simple fallback, unless the build
# was configured to allow that (-Dallow_simple_evaluation=true).
# Usage: test-evaluation-in-use.sh VERSO_ENGINE ALLOW_SIMPLE(true|false)
set -eu
engine=${1:?usage: test-evaluation-in-use.sh VERSO_ENGINE ALLOW_SIMPLE}
allow_simple=${2:?usage: test-evaluation-in-use.sh VERSO_ENGINE ALLOW_SIMPLE}
line=$("$engine" --version | grep '^evaluation: ') \
  || { echo "FAIL: verso-engine --version names no evaluation"; exit 1; }
echo "$line"
case "$line" in
  'evaluation: pattern') exit 0 ;;
esac
if [ "$allow_simple" = true ]; then
  echo "allowed: this build was configured with -Dallow_simple_evaluation=true"
  exit 0
fi
echo "FAIL: the engine does not play with the trained pattern evaluation"
exit 1
