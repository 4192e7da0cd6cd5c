#!/usr/bin/env bash
# scripts/package.sh [OUTDIR]: the Debian packages, built with Debian's own
# tools (dpkg-buildpackage and debhelper, from debian/): libfractalis1,
# libfractalis-dev, fractalis and python3-fractalis, into OUTDIR (default
# dist/). The sources are the checkout's files (tracked and not ignored),
# built in a temporary copy so nothing is left in the checkout. With nvcc
# present the library has the CUDA backend; FR_CMAKE_ARGS="-DFR_CUDA=OFF"
# leaves it out. Needs the build dependencies (scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-dist}")
version=$(sed -n 's/^#define FR_VERSION_STRING "\(.*\)"/\1/p' include/fractalis.h)
changelog=$(dpkg-parsechangelog -l debian/changelog -S Version)
if [ "$version" != "$changelog" ]; then
  echo "package.sh: fractalis.h says version $version but debian/changelog says $changelog: add a changelog entry" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=$work/fractalis-$version
mkdir -p "$src"
{ git ls-files -z; git ls-files -z --others --exclude-standard; } | xargs -0 cp --parents -t "$src" 2>/dev/null || true
[ -f "$src/debian/control" ] || { echo "package.sh: the copy of the sources is incomplete" >&2; exit 1; }
# The web explorer's front end is built output (git-ignored): build it here
# with npm (scripts/web-build.sh) and package the result.
scripts/web-build.sh >/dev/null
mkdir -p "$src/web" && cp -r web/dist "$src/web/"

echo "package.sh: building the packages of fractalis $version (log: $out/build.log)"
mkdir -p "$out"
if ! (cd "$src" && DEB_BUILD_OPTIONS="noddebs parallel=$(nproc) ${DEB_BUILD_OPTIONS:-}" \
      dpkg-buildpackage -us -uc -b) >"$out/build.log" 2>&1; then
  tail -n 40 "$out/build.log" >&2
  echo "package.sh: dpkg-buildpackage failed (the whole log: $out/build.log)" >&2
  exit 1
fi
rm -f "$out"/*.deb
mv "$work"/*.deb "$out"/
ls -1 "$out"/*.deb
