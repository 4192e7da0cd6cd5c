#!/usr/bin/env bash
# flam3's references for the GPU fidelity tests (ctest -L gpu,
# gpu_flam3_fidelity_* and gpu_flam3_random_*): the GPU machine has no
# flam3, so flam3-render's images of every corpus genome and of every
# random genome (scripts/random-genomes.sh, written to DIR/random/) are made
# here, with the sizes, seeds and counts the tests use, into DIR/<genome
# file name>/ (default .flam3-refs/, which scripts carry to the GPU machine).
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
    # the arguments of the GPU tests (tests/CMakeLists.txt, FR_GPU_FIDELITY_ARGS)
    scripts/compare-flam3.sh "$g" --width 200 --quality 200 --stats 8 --confirm 6 --fractalis "$fr" \
        --make-refs "$dir/$(basename "$g")"
done
# the random genomes, one per variation (the arguments of gpu_flam3_random_*)
scripts/random-genomes.sh "$dir/random" >/dev/null
for g in "$dir"/random/*.flam3; do
    scripts/compare-flam3.sh "$g" --width 160 --quality 200 --confirm 6 --fractalis "$fr" \
        --make-refs "$dir/$(basename "$g")" 2>/dev/null
done
