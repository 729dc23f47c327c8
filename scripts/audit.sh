#!/usr/bin/env bash
# CI: known vulnerabilities (high or critical) in what a production install holds fail the run.
# Where the registry cannot be asked (a mirror or proxy without npm's advisory endpoint answers
# 405), that is said plainly and the step passes: nothing was checked, nothing was found.
set -uo pipefail
cd "$(dirname "$0")/.."
output="$(npm audit --omit=dev --audit-level=high 2>&1)"
status=$?
echo "$output" | tail -n 30
if [ "$status" -ne 0 ] && echo "$output" | grep -q 'audit endpoint returned an error'; then
  echo "npm audit: the registry did not answer the advisory request; the dependencies were NOT checked here"
  exit 0
fi
exit "$status"
