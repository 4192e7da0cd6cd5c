#!/usr/bin/env bash
# Configure and build fractalis (Release) into ./build. Extra arguments go
# to CMake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
# The web explorer's front end (npm, web/dist), which fractalis serve serves.
if command -v npm >/dev/null; then scripts/web-build.sh; else
  echo "build.sh: npm is missing (scripts/setup.sh installs it): the web explorer's front end is not built" >&2; fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j"$(nproc)"
