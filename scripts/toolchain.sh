# Sourced by the other scripts: puts Node >= 22 and pnpm on PATH.
# The machines of this project ship Node 20; MAIA needs Node >= 22 (DESIGN.md). When the system Node is older,
# Node 24 comes from the npm package "node" (it ships the binary) and pnpm from npm, both into ./.toolchain.
NODE_VERSION=24.21.0
PNPM_VERSION=12.21.0
# The other Node the packed package is tested on (cli/src/packaging/packed-install.e2e.test.ts): MAIA supports
# Node >= 22, so the installed `maia` runs on 22 as on 24.
NODE22_VERSION=22.23.3
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

# Prints the path of a Node binary of one major version, 22 or 24: the `node` on PATH when it is that version,
# else one from the npm package "node" (pinned above) in .toolchain/node<major>, installed on first use.
toolchain_node() {
  local major="$1" version
  case "$major" in
    22) version="$NODE22_VERSION" ;;
    24) version="$NODE_VERSION" ;;
    *) echo "toolchain_node: 22 or 24, not '$major'" >&2; return 1 ;;
  esac
  if [ "$(node_major)" = "$major" ]; then
    command -v node
    return
  fi
  local folder="$toolchain/node$major"
  if [ ! -x "$folder/node_modules/.bin/node" ]; then
    echo "Provisioning Node $version into .toolchain/node$major" >&2
    mkdir -p "$folder"
    npm install --prefix "$folder" --no-save --no-audit --no-fund --loglevel=error "node@$version" >&2 || return 1
  fi
  echo "$folder/node_modules/.bin/node"
}
cd "$repo_root"
