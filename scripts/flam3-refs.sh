#!/usr/bin/env bash
# flam3's references for the GPU fidelity tests (ctest -L gpu,
# gpu_flam3_fidelity_*): the GPU machine has no flam3, so flam3-render's
# images of every corpus genome are made here, with the same sizes, seeds
# and counts as the tests use, into DIR/<genome file name>/ (default
# .flam3-refs/, which scripts carry to the GPU machine).
#
#   scripts/flam3-refs.sh [DIR] [--fractalis BIN]
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.flam3-refs
fr=build/tools/fractalis/fractalis
while [ $# -gt 0 ]; do
    case "$1" in
    --fractalis) fr=$2; shift 2 ;;
    -*) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
    *) dir=$1; shift ;;
    esac
done
corpus=${FR_SHARED_DIR:-../shared}/corpus/flames
[ -d "$corpus" ] || { echo "flam3-refs.sh: no corpus at $corpus" >&2; exit 1; }
for g in "$corpus"/*; do
    # the arguments of the GPU tests (tests/CMakeLists.txt, FR_FIDELITY_ARGS)
    scripts/compare-flam3.sh "$g" --width 200 --quality 200 --stats 8 --confirm 12 --fractalis "$fr" \
        --make-refs "$dir/$(basename "$g")"
done
