#!/bin/sh
# ctest -L gpu: a corpus genome rendered on the GPU against flam3's
# references made elsewhere (scripts/flam3-refs.sh), by the same two tests
# as the CPU's (scripts/compare-flam3.sh). Skipped (77) where there is no
# GPU, unless FR_REQUIRE_GPU=1; missing references fail.
#   tests/gpu_fidelity.sh FRACTALIS REFS GENOME ARGS...
fr=$1 refs=$2 genome=$3
shift 3
if ! "$fr" devices | grep -q '^cuda:0 '; then
    reason=$("$fr" devices | grep '^cuda')
    if [ "${FR_REQUIRE_GPU:-}" = 1 ]; then echo "FAILED (FR_REQUIRE_GPU=1): $reason"; exit 1; fi
    echo "skipped, no GPU here: $reason"
    exit 77
fi
exec "$(dirname "$0")/../scripts/compare-flam3.sh" "$genome" "$@" --fractalis "$fr" --device cuda \
    --refs "$refs/$(basename "$genome")"
