#!/usr/bin/env bash
# Installs what MAIA needs, builds it, and starts it in the folder you ran this from.
#   bash scripts/start.sh [maia arguments…]
set -euo pipefail
launch_folder="${MAIA_CWD:-$PWD}"
source "$(dirname "${BASH_SOURCE[0]}")/toolchain.sh"
pnpm install --frozen-lockfile --reporter=silent >&2
pnpm --silent build >&2
MAIA_CWD="$launch_folder" exec cli/dist/maia.js "$@"
