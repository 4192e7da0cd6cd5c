#!/usr/bin/env bash
# Build the web front end of `fractalis serve` (web/: Vite, Leaflet) into
# web/dist: `npm ci` from web/package-lock.json, then `npm run build`. Each
# step runs only when its inputs changed, so a second run is quick. Needs
# Node.js >= 18 and npm (Debian 12's nodejs and npm do; scripts/setup.sh
# installs them).
set -euo pipefail
cd "$(dirname "$0")/../web"

if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "web-build.sh: npm and node are needed to build the web front end (web/): apt-get install nodejs npm, or run scripts/setup.sh" >&2
  exit 1
fi
node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 18 ]; then
  echo "web-build.sh: Node.js $(node --version) is too old for the web front end: 18 or newer is needed" >&2
  exit 1
fi

# npm ci writes node_modules/.package-lock.json: newer than the lockfile and
# package.json means node_modules is what they name.
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  npm ci --no-audit --no-fund
  touch "$stamp"
fi

# The build's inputs against its output.
out=dist/index.html
if [ ! -f "$out" ] || [ ! -f dist/flame.html ] || [ ! -f dist/buddhabrot.html ] ||
   [ -n "$(find index.html flame.html buddhabrot.html vite.config.js package-lock.json src public "$stamp" -newer "$out" -print -quit 2>/dev/null)" ]; then
  npm run build --silent
  touch "$out"
else
  echo "web-build.sh: web/dist is up to date"
fi
