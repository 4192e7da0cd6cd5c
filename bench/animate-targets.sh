#!/usr/bin/env bash
# The animation targets of docs/PERFORMANCE.md, end to end (genome tools,
# rendering, PNG of every frame into the frames folder, encoding):
#   1. a 300-frame loop of a corpus sheep (made by `fractalis flame
#      sequence`, as flam3-genome makes it) at 1920x1080, quality 200,
#      encoded to H.264;
#   2. a 30 s, 60 fps zoom (1,800 frames) at 1920x1080 from the full view
#      to the Kalles Fraktaler 1e50 location (its own iteration count),
#      encoded to H.264.
# Wall time of each whole command; the videos' frame counts read back.
#   bench/animate-targets.sh [--device D] [--fractalis BIN] [--out DIR] [--only loop|zoom]
#        [--frames N] [--zoom-frames N]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fr=$here/build/tools/fractalis/fractalis device=cuda out=${OUT:-$PWD/out} only= n=300 zn=1800 size=1920x1080
while [ $# -gt 0 ]; do
    case "$1" in
    --device) device=$2; shift 2 ;; --fractalis) fr=$2; shift 2 ;; --out) out=$2; shift 2 ;;
    --only) only=$2; shift 2 ;; --size) size=$2; shift 2 ;; --frames) n=$2; shift 2 ;; --zoom-frames) zn=$2; shift 2 ;;
    *) echo "animate-targets.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
shared=$here/../shared; [ -d "$shared/corpus" ] || shared=$here/.shared
sheep=$shared/corpus/flames/electricsheep.244.23669.flam3 kfr=$shared/corpus/kfr/1e50.kfr
mkdir -p "$out"
now() { date +%s.%N; }
if [ "$only" != zoom ]; then
    "$fr" flame sequence "$sheep" --nframes "$n" --loops 1 -o "$out/loop.flam3"
    t0=$(now)
    "$fr" animate flame "$out/loop.flam3" --frames "0:$((n - 1))" --size "$size" --quality 200 \
        --device "$device" -q -o "$out/loop.mp4"
    t1=$(now)
    awk -v a="$t0" -v b="$t1" -v n="$n" -v d="$device" -v s="$size" \
        'BEGIN { printf "loop: %d frames %s q200 -> H.264 on %s: %.1f s (%.3f s a frame)\n", n, s, d, b - a, (b - a) / n }'
fi
if [ "$only" != loop ]; then
    t0=$(now)
    "$fr" animate mandelbrot --to "$kfr" --size "$size" --frames "$zn" --fps 60 --device "$device" -q \
        -o "$out/zoom.mp4"
    t1=$(now)
    awk -v a="$t0" -v b="$t1" -v n="$zn" -v d="$device" -v s="$size" \
        'BEGIN { printf "zoom: %d frames %s to 1e-50 (KF 1e50) -> H.264 on %s: %.1f s (%.3f s a frame)\n", n, s, d, b - a, (b - a) / n }'
fi
ls -la "$out"/*.mp4
