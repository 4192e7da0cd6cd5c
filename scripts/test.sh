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
