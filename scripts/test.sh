#!/usr/bin/env bash
# The whole test suite, from a fresh clone: toolchain, install, typecheck, build, tests.
#   bash scripts/test.sh [vitest arguments…]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
pnpm install --frozen-lockfile --reporter=silent
pnpm typecheck
pnpm build
report="$(mktemp)"
final_report="$(mktemp)"
# Every maia process the tests start notes the files of cli/dist it loads here; after a whole run, the last
# test (cli/src/build/lazy-coverage.final.ts) fails naming every lazily loaded part of the bundle none loaded.
MAIA_TRACE_LOADS="$(mktemp -d)"
export MAIA_TRACE_LOADS
status=0
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
reports=("$report")
if [ "$#" -eq 0 ]; then
  pnpm exec vitest run --config vitest.final.config.ts --reporter=default --reporter=json --outputFile.json="$final_report" || status=$?
  reports+=("$final_report")
fi
# One plain closing line, whatever the reporters printed above it.
node -e '
  const fs = require("fs");
  const runs = process.argv.slice(1).filter((file) => fs.statSync(file).size > 0).map((file) => JSON.parse(fs.readFileSync(file, "utf8")));
  const sum = (key) => runs.reduce((total, r) => total + r[key], 0);
  console.log(`Tests: ${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed, ${sum("numPendingTests") + sum("numTodoTests")} skipped`);
' "${reports[@]}" || true
rm -rf "$report" "$final_report" "$MAIA_TRACE_LOADS"
exit "$status"
