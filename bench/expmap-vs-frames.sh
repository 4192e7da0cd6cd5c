#!/usr/bin/env bash
# animate --expmap against rendering every frame (docs/PERFORMANCE.md,
# "Animation: the exponential map"): the same zoom, 640x360, from the full
# view to a minibrot framed at 4.9e-19 (tests/deep_view_tool 20: near
# c = i, 1000 iterations), as PNG sequences, for each frame count given;
# wall time of each whole command (strip, centre image, frames, PNGs),
# then the PSNR of six frames of the first count: resampled against
# rendered, and each against the frame rendered at --aa 4 (the truth the
# two approximate).
#   bench/expmap-vs-frames.sh [--device D] [--fractalis BIN] [--out DIR] [--size WxH] [N ...]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
fr=$here/build/tools/fractalis/fractalis device=cpu out=${OUT:-$PWD/out}/expmap size=640x360
counts=()
while [ $# -gt 0 ]; do
    case "$1" in
    --device) device=$2; shift 2 ;; --fractalis) fr=$2; shift 2 ;; --out) out=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    -*) echo "expmap-vs-frames.sh: unknown option $1" >&2; exit 2 ;;
    *) counts+=("$1"); shift ;;
    esac
done
[ ${#counts[@]} -gt 0 ] || counts=(120 600)
zoom=(mandelbrot --center 1.042005411582067666223997454793339357657376e-10,1.000000000208823723675712672365553134379544e+00
      --zoom-to 4.9e-19 --size "$size" --iter 1000 --device "$device" -q)
mkdir -p "$out"
now() { date +%s.%N; }
for n in "${counts[@]}"; do
    for mode in expmap direct; do
        rm -rf "$out/$mode-$n" && mkdir -p "$out/$mode-$n"
        extra=(); [ $mode = expmap ] && extra=(--expmap)
        t0=$(now)
        "$fr" animate "${zoom[@]}" --frames "$n" "${extra[@]}" -o "$out/$mode-$n/f-%04d.png"
        printf '%s frames %5d  %-6s %8.2f s\n' "$size" "$n" "$mode" "$(awk "BEGIN { print $(now) - $t0 }")"
    done
done
n=${counts[0]}
"$fr" animate "${zoom[@]}" --frames "$n" --scenes "$out/scene-%04d.json"
echo "frame  resampled-vs-rendered  rendered-vs-aa4  resampled-vs-aa4  (PSNR dB)"
for i in 0 $((n / 4)) $((n / 2)) $((3 * n / 4)) $((n - 10)) $((n - 1)); do
    f=$(printf %04d "$i")
    "$fr" render --from "$out/scene-$f.json" --aa 4 --device "$device" -q -o "$out/truth-$f.png"
    a=$("$fr" compare "$out/expmap-$n/f-$f.png" "$out/direct-$n/f-$f.png" | cut -d' ' -f1)
    b=$("$fr" compare "$out/direct-$n/f-$f.png" "$out/truth-$f.png" | cut -d' ' -f1)
    c=$("$fr" compare "$out/expmap-$n/f-$f.png" "$out/truth-$f.png" | cut -d' ' -f1)
    printf '%5d  %21s  %15s  %16s\n' "$i" "$a" "$b" "$c"
done
