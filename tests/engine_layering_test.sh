#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The engine's core knows no proof kind (docs/architecture.md): no file of src/engine/ outside
# src/engine/kinds/, tests and test helpers aside, includes a header of src/engine/kinds/.
# Usage: engine_layering_test.sh SOURCE_DIR
set -euo pipefail
src="$1/src/engine"
offenders=$(grep -l '#include "engine/kinds/' "$src"/*.h "$src"/*.cc |
  grep -v -e '_test\.cc$' -e '_for_test\.h$' || true)
if [ -n "$offenders" ]; then
  echo "the engine core includes engine/kinds/ (give it what it needs through Engine::Config):"
  echo "$offenders"
  exit 1
fi
echo "engine core: no engine/kinds/ include"
