#!/usr/bin/env bash
# Before and after on the GPU machine: the working tree (B) against a
# baseline revision (A) built the same way beside it. The GPU's escape-time
# and orbit-density outputs (exact on the GPU) must be byte-identical, and
# the benchmarks run alternated, A B A B, on the same GPU.
#
#   scripts/gpu-ab.sh --prepare REV      here: the baseline's tree into .baseline/
#                                        (git archive; carry .baseline and .gpu-deps)
#   scripts/gpu-ab.sh --build            there: build both (build-gpu, build-gpu-baseline: outside
#                                        .baseline, which a carry replaces)
#   scripts/gpu-ab.sh --outputs          there: GPU outputs of both, compared by SHA-256
#   scripts/gpu-ab.sh --bench N [WHAT]   there: N rounds of bench, bench orbit, bench flame on the
#                                        GPU (WHAT gpu, the default), bench flame alone (flame), or
#                                        the three on the CPU, all cores (cpu)
#
# Results go to $OUT (or out/).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --prepare ]; then
    rev=${2:?usage: gpu-ab.sh --prepare REV}
    rm -rf .baseline && mkdir .baseline
    git archive "$rev" | tar -x -C .baseline
    grep -qx '/.baseline/' .git/info/exclude 2>/dev/null || echo '/.baseline/' >>.git/info/exclude
    echo "baseline $(git rev-parse --short "$rev") in .baseline/"
    exit 0
fi
[ -d .baseline ] || { echo "gpu-ab.sh: no .baseline/ (run --prepare REV here and carry it)" >&2; exit 2; }
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
. scripts/gpu-env.sh
shared=$PWD/../shared
[ -d .shared ] && shared=$PWD/.shared
A=build-gpu-baseline/tools/fractalis/fractalis
B=build-gpu/tools/fractalis/fractalis

# build SOURCE BUILD TESTS(ON|OFF) NAME
build() {
    cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DFR_BUILD_TESTS="$3" \
        -DFR_SHARED_DIR="$shared" >"$OUT/configure-$4.log" 2>&1 || { cat "$OUT/configure-$4.log"; exit 1; }
    cmake --build "$2" -j8 >"$OUT/build-$4.log" 2>&1 || { tail -40 "$OUT/build-$4.log"; exit 1; }
}

# The GPU's exact outputs: escape-time counts, values and images; orbit-
# density histograms.
outputs() {
    local fr=$1 dir=$2
    rm -rf "$dir" && mkdir -p "$dir"
    local r=("$fr" render --device cuda -q)
    "${r[@]}" mandelbrot --size 1024x768 -o "$dir/mandel.png"
    "${r[@]}" mandelbrot --size 1024x768 -o "$dir/mandel-smooth.npy"
    "${r[@]}" mandelbrot --size 1024x768 --color count --iter 3000 -o "$dir/mandel-count.npy"
    "${r[@]}" julia --size 800x600 --color histogram --aa 2 -o "$dir/julia-hist.png"
    "${r[@]}" burningship --size 800x600 --color distance -o "$dir/ship-dist.png"
    "${r[@]}" burningship --size 800x600 --color distance -o "$dir/ship-dist.npy"
    "${r[@]}" tricorn --size 800x600 --precision f32 --depth 16 -o "$dir/tricorn16.png"
    "${r[@]}" multibrot --power 5 --size 800x600 --palette ultra -o "$dir/multi.ppm"
    "${r[@]}" mandelbrot --size 800x600 --center -0.743643887037151,0.13182590420533 --width 1e-9 --iter 20000 \
        --rotate 30 -o "$dir/deep.npy"
    "${r[@]}" mandelbrot --size 2048x2048 --device-memory 16 -o "$dir/strips.png"
    "${r[@]}" buddhabrot --size 512x512 --samples 20000000 --seed 3 -o "$dir/buddha.npy"
    "${r[@]}" nebulabrot --size 384x384 --samples 5000000 -o "$dir/nebula.npy"
    "${r[@]}" anti-buddhabrot --size 256x256 --iter 300 --samples 2000000 --precision f64 -o "$dir/anti.npy"
    "${r[@]}" buddhabrot --size 256x320 --center -0.5,0.3 --width 1.5 --rotate 0 --sampling importance --grid 128 \
        --samples 5000000 -o "$dir/importance.npy"
    (cd "$dir" && sha256sum -- * | awk '{print $2 "\t" $1}' | sort)
}

case "${1:-}" in
--build)
    nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee "$OUT/gpu.txt"
    rm -f build-gpu-baseline/CMakeCache.txt
    build .baseline build-gpu-baseline OFF a &
    build . build-gpu ON b
    wait
    $B devices
    ;;
--outputs)
    outputs "$A" /tmp/ab-a >"$OUT/outputs-a.txt"
    outputs "$B" /tmp/ab-b >"$OUT/outputs-b.txt"
    if diff "$OUT/outputs-a.txt" "$OUT/outputs-b.txt"; then
        echo "GPU outputs: all $(wc -l <"$OUT/outputs-b.txt") byte-identical"
    else
        echo "GPU outputs DIFFER"
        exit 1
    fi
    ;;
--bench)
    corpus=("$shared"/corpus/flames/*)
    for round in $(seq "${2:-2}"); do
        for side in a b; do
            fr=$A
            [ $side = b ] && fr=$B
            {
                echo "== $side round $round (${3:-gpu})"
                case "${3:-gpu}" in
                gpu)
                    $fr bench --device cuda --no-plain --repeats 5
                    $fr bench orbit --device cuda
                    $fr bench flame --device cuda --size 1920x1080 --quality 1000 --runs 5 "${corpus[@]}" ;;
                flame)
                    $fr bench flame --device cuda --size 1920x1080 --quality 1000 --runs 5 "${corpus[@]}" ;;
                cpu)
                    $fr bench --device cpu --small --no-plain --repeats 3
                    $fr bench orbit --device cpu --small --repeats 3
                    $fr bench flame --device cpu --size 1920x1080 --quality 20 --runs 3 "${corpus[@]}" ;;
                *) echo "gpu-ab.sh: --bench N [gpu|flame|cpu]" >&2; exit 2 ;;
                esac
            } 2>&1 | tee -a "$OUT/bench-$side-${3:-gpu}.txt"
        done
    done
    ;;
*)
    echo "usage: gpu-ab.sh --prepare REV | --build | --outputs | --bench N" >&2
    exit 2
    ;;
esac
