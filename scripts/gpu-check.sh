#!/usr/bin/env bash
# The one command for the GPU machine: build fractalis with CUDA, run the
# GPU tests (ctest -L gpu) and the rest of the suite, run `fractalis bench
# --device cuda`, and print a short table last. Logs go to $OUT (or out/).
#
#   scripts/gpu-check.sh [--sweep] [--cpu] [--whole] [--big] [--sass]
#     --sweep   also time the grid of block shapes (bench --sweep)
#     --cpu     also run the benchmark on the CPU backend (all cores)
#     --whole   time whole commands (render + copy + PNG) at 8192 x 8192
#     --big     render 32768 x 32768 (tiled) to check memory use
#     --sass    disassemble the kernels (instruction counts per step)
#     --orbit-only  skip the escape-time benchmark (the orbit-density one always runs)
#     --flame   flames: chaos game on every corpus genome at 1920 x 1080 (bench
#               flame), whole commands at quality 1000, the CPU's ratio, and
#               GPU renders of the corpus (flame-renders.tar) to compare with
#               flam3 elsewhere
#     --flame-only  the flame part and the GPU tests only
#     --flame-quick the GPU tests and the flame chaos-game benchmark only
#     --deep    deep zoom: bench deep on the GPU (1920 x 1080 and 3840 x 2160) and
#               on the CPU (all cores, 1920 x 1080), the six KF locations of the corpus
#     --deep-only   the deep part, the GPU tests but the flame ones (they need the
#               flame corpus and references carried: scripts/flam3-refs.sh) and the deep tests
#     --multi   several GPUs: bench scaling with every GPU (cuda:all) and with
#               GPU 0 named twice (cuda:0,0): orbit, flame, deep, escape
#     --multi-only  the multi part, the GPU tests but the flame ones (as --deep-only)
#     --build-only  build, list the devices, stop
#
# The corpus: ../shared beside the checkout, or .shared/ in it (a copy
# carried to the GPU machine).
#
# Dependencies the GPU machine lacks come as Debian packages in .gpu-deps/
# (scripts/gpu-deps.sh fetches them) and are unpacked into a private prefix.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/out}
mkdir -p "$OUT"
sweep=0 cpu=0 whole=0 big=0 sass=0 escape=1 flame=0 orbit=1 flame_all=1 build_only=0 deep=0 multi=0 gpu_filter=()
for a in "$@"; do
    case "$a" in
    --sweep) sweep=1 ;; --cpu) cpu=1 ;; --whole) whole=1 ;; --big) big=1 ;; --sass) sass=1 ;; --orbit-only) escape=0 ;; --flame) flame=1 ;; --flame-only) flame=1 escape=0 orbit=0 ;;
    --flame-quick) flame=1 escape=0 orbit=0 flame_all=0 ;;
    --build-only) build_only=1 ;;
    --deep) deep=1 ;;
    --deep-only) deep=1 escape=0 orbit=0 gpu_filter=(-E 'flam3|test_gpu_flame') ;;
    --multi) multi=1 ;;
    --multi-only) multi=1 escape=0 orbit=0 gpu_filter=(-E 'flam3|test_gpu_flame') ;;
    *) echo "gpu-check.sh: unknown option $a" >&2; exit 2 ;;
    esac
done

. scripts/gpu-env.sh

nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.sm,clocks.max.sm --format=csv | tee "$OUT/gpu.txt"
echo "== build"
rm -f build-gpu/CMakeCache.txt
shared=$PWD/../shared
[ -d .shared ] && shared=$PWD/.shared
# Video (FFmpeg's libraries): .gpu-deps/ brings them (scripts/gpu-deps.sh),
# so the build has video (FR_VIDEO=ON: configure fails if CMake disagrees);
# without them it is without video, said so (FR_VIDEO=OFF), and the video
# tests check that.
video=OFF
pkg-config --exists libavformat libavcodec libswscale libavutil 2>/dev/null && video=ON
cmake -S . -B build-gpu -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 -DFR_SHARED_DIR="$shared" \
    -DFR_VIDEO=$video >"$OUT/configure.log" 2>&1 ||
    { cat "$OUT/configure.log"; exit 1; }
grep "fractalis:" "$OUT/configure.log" || true
cmake --build build-gpu -j"$(nproc)" >"$OUT/build.log" 2>&1 || { tail -50 "$OUT/build.log"; exit 1; }
fr=build-gpu/tools/fractalis/fractalis
$fr devices | tee "$OUT/devices.txt"
[ $build_only = 1 ] && exit 0

echo "== tests"
# No GPU test may pass by not running here: a missing device fails them.
export FR_REQUIRE_GPU=1
set +e
(cd build-gpu && ctest -L gpu "${gpu_filter[@]}" -j4 --output-on-failure) >"$OUT/ctest-gpu.log" 2>&1
gpu_rc=$?
rest_rc=0
# The MPI tests need Open MPI: .gpu-deps/ brings Debian's (gpu-env.sh);
# without it they are left to CI.
rest_labels=gpu
command -v mpirun >/dev/null || { rest_labels="$rest_labels|mpi"; echo "no mpirun here: the mpi tests are left to CI"; }
# The Debian packages' test builds a Debian system from the network (CI runs it).
rest_labels="$rest_labels|package"
command -v help2man >/dev/null || { rest_labels="$rest_labels|install"; echo "no help2man here: the install test is left to CI"; }
/usr/bin/python3 -c 'import cffi, numpy, pytest' 2>/dev/null ||
  { rest_labels="$rest_labels|python"; echo "no python3-cffi/numpy/pytest here: the python tests are left to CI"; }
[ $orbit = 1 ] && { (cd build-gpu && ctest -j8 -LE "$rest_labels" --output-on-failure) >"$OUT/ctest-rest.log" 2>&1; rest_rc=$?; }
[ $orbit = 0 ] && [ $deep = 1 ] && { (cd build-gpu && ctest -j8 -L deep --output-on-failure) >"$OUT/ctest-rest.log" 2>&1; rest_rc=$?; }
touch "$OUT/ctest-rest.log"
set -e
tail -4 "$OUT/ctest-gpu.log"
tail -3 "$OUT/ctest-rest.log"
[ $gpu_rc = 0 ] || tail -40 "$OUT/ctest-gpu.log"

if [ $sass = 1 ]; then
    cuobjdump -sass build-gpu/src/cuda/libfractalis_cuda.a >"$OUT/kernels.sass" 2>&1 || true
fi

echo "== bench"
: >"$OUT/bench-cuda.txt"
[ $escape = 1 ] && $fr bench --device cuda | tee "$OUT/bench-cuda.txt"
echo "== bench orbit"
: >"$OUT/bench-orbit-cuda.txt"
[ $orbit = 1 ] && $fr bench orbit --device cuda | tee "$OUT/bench-orbit-cuda.txt"
if [ $flame = 1 ]; then
    corpus=("$shared"/corpus/flames/*)
    echo "== bench flame (chaos game, 1920x1080)" | tee "$OUT/flame.txt"
    $fr bench flame --device cuda --size 1920x1080 --quality 1000 --runs 5 "${corpus[@]}" | tee -a "$OUT/flame.txt"
fi
if [ $flame = 1 ] && [ $flame_all = 1 ]; then
    echo "== bench flame, CPU (16 cores), 1920x1080 quality 20" | tee -a "$OUT/flame.txt"
    $fr bench flame --device cpu --size 1920x1080 --quality 20 --runs 1 "${corpus[@]}" | tee -a "$OUT/flame.txt"
    echo "== whole commands, 1920x1080 quality 1000, density estimation, PNG" | tee -a "$OUT/flame.txt"
    for g in "${corpus[@]}"; do
        for i in 1 2; do
            /usr/bin/time -f "$(basename "$g") run $i: %e s wall" $fr render flame "$g" --device cuda --size 1920x1080 \
                --quality 1000 -o /tmp/flame-whole.png 2>&1 | grep -v "^$" | tail -3
        done
    done | tee -a "$OUT/flame.txt"
    mkdir -p /tmp/flame-renders
    for g in "${corpus[@]}"; do
        n=$(basename "$g"); n=${n%.*}
        $fr render flame "$g" --device cuda --size 400x0 --quality 200 --seed 7 -q -o "/tmp/flame-renders/$n.png" 2>&1 || true
    done
    tar -C /tmp -cf "$OUT/flame-renders.tar" flame-renders
fi
if [ $deep = 1 ]; then
    kfr=$shared/corpus/kfr
    for size in 1920x1080 3840x2160; do
        echo "== bench deep, GPU, $size" | tee -a "$OUT/deep.txt"
        $fr bench deep --device cuda --kfr-dir "$kfr" --size $size --repeat 2 | tee -a "$OUT/deep.txt"
    done
    echo "== bench deep, CPU ($(nproc) threads), 1920x1080" | tee -a "$OUT/deep.txt"
    $fr bench deep --device cpu --kfr-dir "$kfr" --size 1920x1080 | tee -a "$OUT/deep.txt"
fi
if [ $multi = 1 ]; then
    genome=$(ls "$shared"/corpus/flames/* | head -1)
    gpus=$(nvidia-smi -L | wc -l)
    for list in cuda:all cuda:0,0; do
        [ $list = cuda:all ] && [ "$gpus" -lt 2 ] && continue
        echo "== bench scaling $list" | tee -a "$OUT/multi.txt"
        $fr bench scaling --device $list --flame "$genome" --kfr-dir "$shared/corpus/kfr" --samples 2e10 |
            tee -a "$OUT/multi.txt"
    done
    # MPI ranks (one a GPU) against one process on the same GPUs
    if command -v mpirun >/dev/null && [ "$gpus" -ge 2 ]; then
        echo "== MPI ranks against one process" | tee -a "$OUT/multi.txt"
        bash bench/mpi-vs-process.sh "$PWD/$fr" "$genome" "$shared/corpus/kfr" "$gpus" 2 | tee -a "$OUT/multi.txt"
    fi
fi
if [ $sweep = 1 ]; then
    $fr bench --device cuda --sweep --no-plain --repeats 5 --scene interior-f32 --scene full-f64 \
        | tee "$OUT/sweep.txt"
fi
if [ $cpu = 1 ]; then
    $fr bench --device cpu --repeats 3 --scene interior-f32 --scene interior-f64 --scene full-f32 \
        --scene full-f64 --scene seahorse --no-plain | tee "$OUT/bench-cpu.txt"
    $fr bench orbit --device cpu --small --repeats 3 | tee "$OUT/bench-orbit-cpu.txt"
fi
if [ $whole = 1 ]; then
    echo "== whole command, 8192x8192 (device start, kernels, copy, PNG write)"
    for t in 1 0; do
        for i in 1 2 3; do
            $fr render mandelbrot --size 8192x8192 --device cuda --threads $t -o /tmp/whole.png 2>&1 |
                sed "s/^/threads=$t: /"
        done
    done | tee "$OUT/whole.txt"
fi
if [ $big = 1 ]; then
    echo "== 32768x32768, tiled"
    /usr/bin/time -v $fr render mandelbrot --size 32768x32768 --device cuda --device-memory 2048 \
        -o /tmp/big.png 2>"$OUT/big.txt" || true
    grep -E "fractalis:|Maximum resident|Elapsed" "$OUT/big.txt"
    ls -la /tmp/big.png 2>/dev/null || true
fi

echo "== summary"
printf "%-24s %s\n" "gpu tests" "$([ $gpu_rc = 0 ] && echo pass || echo FAIL)" \
    "other tests" "$([ $rest_rc = 0 ] && echo pass || echo FAIL)"
awk 'NR > 1 { printf "%-13s %10s ms %10s px/s %10s it/s  x%s\n", $1, $3, $4, $5, $8 }' "$OUT/bench-cuda.txt"
cat "$OUT/bench-orbit-cuda.txt"
[ $gpu_rc = 0 ] && [ $rest_rc = 0 ]
