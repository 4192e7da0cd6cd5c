#!/usr/bin/env bash
# Set everything up and run the whole test suite: the Release build with
# every test (unit, conformance, cli; gpu tests are reported skipped where
# there is no GPU, and fail where the CUDA runtime is broken), then
# an AddressSanitizer + UndefinedBehaviorSanitizer build running the unit
# and conformance tests, then a short libFuzzer run on every parser.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
jobs=$(nproc)

echo "== Release build, all tests"
# Fractorium's EmberRender, the reference of the ember_fidelity tests (label
# ember), built from ../shared/tools/ember when missing (about 3 min on 2
# cores); a missing ../shared fails here.
ember_src=${FR_SHARED:-../shared}/tools/ember/build.sh
if [ ! -x build/ember/bin/emberrender ]; then
  [ -f "$ember_src" ] || { echo "test.sh: no $ember_src: EmberRender cannot be built" >&2; exit 1; }
  mkdir -p build
  JOBS="$jobs" bash "$ember_src" "$PWD/build/ember" >build/ember.log 2>&1 ||
    { tail -20 build/ember.log >&2; echo "test.sh: EmberRender failed to build (build/ember.log)" >&2; exit 1; }
fi
scripts/build.sh
(cd build && ctest --output-on-failure -j"$jobs")
echo "(The gpu tests are reported skipped where this machine has no CUDA device; scripts/gpu-check.sh runs"
echo " them on the GPU machine, where FR_REQUIRE_GPU=1 makes a missing device a failure.)"

echo "== ASan + UBSan build, unit and conformance tests"
# (CPU only: the CUDA runtime and the sanitizers do not mix, and the GPU
# paths run under ctest -L gpu on the GPU machine.)
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DFR_SANITIZE=ON -DFR_CUDA=OFF >/dev/null
cmake --build build-asan -j"$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 ctest --output-on-failure -j"$jobs" -L "unit|conformance")

echo "== libFuzzer: every parser, ${FUZZ_SECONDS:-20}s each"
scripts/fuzz.sh
