#!/usr/bin/env bash
# Set everything up, build, and render the default image (mandelbrot.png).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
build/tools/fractalis/fractalis render mandelbrot -o mandelbrot.png "$@"
echo "wrote $(pwd)/mandelbrot.png"
