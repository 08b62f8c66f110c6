#!/usr/bin/env bash
# The whole test suite, from a fresh clone: toolchain, install, typecheck, build, tests.
#   bash scripts/test.sh [vitest arguments…]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
pnpm install --frozen-lockfile --reporter=silent
pnpm typecheck
pnpm build
report="$(mktemp)"
status=0
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
# One plain closing line, whatever the reporter printed above it.
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' "$report" || true
rm -f "$report"
exit "$status"
