#!/bin/sh
# The engine plays with the trained pattern evaluation, not the simple fallback; a build configured
# with -Dallow_simple_evaluation=true and without it skips (exit status 77).
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
  # Nothing to check without the trained evaluation: a skip, never a pass.
  echo "SKIP: no trained evaluation in this build (-Dallow_simple_evaluation=true)"
  exit 77
fi
echo "FAIL: the engine does not play with the trained pattern evaluation"
exit 1
