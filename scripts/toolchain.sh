# Sourced by the other scripts: puts Node >= 22 and pnpm on PATH.
# The machines of this project ship Node 20; MAIA needs Node >= 22 (DESIGN.md). When the system Node is older,
# Node 24 comes from the npm package "node" (it ships the binary) and pnpm from npm, both into ./.toolchain.
NODE_VERSION=24.21.0
PNPM_VERSION=12.21.0
repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
toolchain="$repo_root/.toolchain"

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$toolchain/node_modules/.bin/node" ]; then
  export PATH="$toolchain/node_modules/.bin:$PATH"
fi
if [ "$(node_major)" -lt 22 ] || ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
  echo "Provisioning Node $NODE_VERSION and pnpm $PNPM_VERSION into .toolchain (system Node: $(node --version 2>/dev/null || echo none))" >&2
  mkdir -p "$toolchain"
  npm install --prefix "$toolchain" --no-save --no-audit --no-fund --loglevel=error \
    "node@$NODE_VERSION" "pnpm@$PNPM_VERSION" >&2
  export PATH="$toolchain/node_modules/.bin:$PATH"
fi
if [ "$(node_major)" -lt 22 ]; then
  echo "Node >= 22 is required and could not be provisioned (node is $(node --version))." >&2
  exit 1
fi
cd "$repo_root"
