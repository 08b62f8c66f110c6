#!/usr/bin/env bash
# The whole test suite, from a fresh clone: toolchain, install, typecheck, build, tests.
#   bash scripts/test.sh [vitest arguments…]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
pnpm install --frozen-lockfile --reporter=silent
pnpm typecheck
pnpm build
pnpm exec vitest run "$@"
