#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The mutation check (tools/mutate.py; the list is tests/mutations.txt): each named one-line
# mutation applied to a scratch copy of the sources, only the objects it touches rebuilt and the
# programs of its tests relinked, the tests run; prints killed/SURVIVED per mutation and fails when
# one is not killed. Needs a complete build (make build). Arguments go to the tool:
#   scripts/mutate.sh                 every mutation (make mutate)
#   scripts/mutate.sh --quick         the few that make test runs
#   scripts/mutate.sh --only a,b -v   those named, with the killing test's output
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 tools/mutate.py "$@"
