#!/usr/bin/env bash
# Side by side on this machine: flam3-animate (Debian flam3-utils) and
# `fractalis animate flame` rendering the same frames of the same Electric
# Sheep loop, as PNG files, at the same size and quality; wall time of each
# whole command and the ratio.
#
# The loop is flam3-genome's own (sequence=SHEEP nframes=N loops=1: N + 1
# keyframes, one a frame, each turned a further 360/N degrees), resized to
# WxH (the camera's scale follows the width, as flam3's ss) and set to
# quality Q, so both programs read one file. STEP > 1 renders every
# STEP-th frame of the loop (frames 0, STEP, ... < N); each frame is a full
# flam3-animate frame either way (its temporal_samples time steps between
# the keyframes around it).
#
#   bench/animate-vs-flam3.sh [--sheep FILE] [--frames N] [--step STEP] [--size WxH]
#        [--quality Q] [--fractalis BIN] [--device D] [--keep DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
sheep=$here/../shared/corpus/flames/electricsheep.244.23669.flam3
[ -e "$sheep" ] || sheep=$here/.shared/corpus/flames/electricsheep.244.23669.flam3
n=300 step=10 size=640x360 quality=200 fr=${FRACTALIS:-$here/build/tools/fractalis/fractalis} device=cpu keep=
while [ $# -gt 0 ]; do
    case "$1" in
    --sheep) sheep=$2; shift 2 ;; --frames) n=$2; shift 2 ;; --step) step=$2; shift 2 ;;
    --size) size=$2; shift 2 ;; --quality) quality=$2; shift 2 ;; --fractalis) fr=$2; shift 2 ;;
    --device) device=$2; shift 2 ;; --keep) keep=$2; shift 2 ;;
    *) echo "animate-vs-flam3.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
for t in flam3-genome flam3-animate; do
    command -v $t >/dev/null || { echo "animate-vs-flam3.sh: $t is missing (apt-get install flam3-utils)" >&2; exit 1; }
done
[ -e "$sheep" ] || { echo "animate-vs-flam3.sh: no sheep at $sheep" >&2; exit 1; }
dir=${keep:-$(mktemp -d)}; mkdir -p "$dir"; [ -n "$keep" ] || trap 'rm -rf "$dir"' EXIT
w=${size%x*} h=${size#*x}
env sequence="$sheep" nframes="$n" loops=1 flam3-genome > "$dir/raw.flam3" 2>/dev/null
python3 - "$dir/raw.flam3" "$dir/loop.flam3" "$w" "$h" "$quality" <<'PY'
import re, sys
src, dst, w, h, q = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
s = open(src).read()
def flame(m):
    t = m.group(0)
    ow = int(re.search(r' size="(\d+) (\d+)"', t).group(1))
    t = re.sub(r' size="[^"]*"', ' size="%d %d"' % (w, h), t, count=1)
    t = re.sub(r' quality="[^"]*"', ' quality="%s"' % q, t, count=1)
    t = re.sub(r' scale="([^"]*)"', lambda k: ' scale="%r"' % (float(k.group(1)) * w / ow), t, count=1)
    return t
open(dst, "w").write(re.sub(r'<flame [^>]*>', flame, s))
PY
last=$(( (n - 1) / step * step ))
frames=$(( last / step + 1 ))
echo "loop: $(basename "$sheep"), $n frames, every ${step}th: $frames frames at ${w}x${h} quality $quality ($(nproc) cores)"
t0=$(date +%s.%N)
env in="$dir/loop.flam3" begin=0 end="$last" dtime="$step" prefix="$dir/f3." format=png verbose=0 flam3-animate 2>/dev/null
t1=$(date +%s.%N)
"$fr" animate flame "$dir/loop.flam3" --frames "0:$last:$step" --device "$device" -q -o "$dir/fr.%05d.png"
t2=$(date +%s.%N)
nf3=$(ls "$dir"/f3.*.png | wc -l) nfr=$(ls "$dir"/fr.*.png | wc -l)
[ "$nf3" = "$frames" ] && [ "$nfr" = "$frames" ] || { echo "frame counts: flam3 $nf3, fractalis $nfr, expected $frames" >&2; exit 1; }
awk -v a="$t0" -v b="$t1" -v c="$t2" -v n="$frames" 'BEGIN {
    f = b - a; r = c - b
    printf "%-14s %9s %11s\n", "renderer", "wall s", "s a frame"
    printf "%-14s %9.2f %11.3f\n", "flam3-animate", f, f / n
    printf "%-14s %9.2f %11.3f\n", "fractalis", r, r / n
    printf "fractalis is %.2fx faster\n", f / r }'
# the middle frame side by side: within flam3's own look
mid=$(printf '%05d' $(( last / step / 2 * step )))
"$fr" compare "$dir/f3.$mid.png" "$dir/fr.$mid.png" 2>/dev/null | sed 's/^/frame '"$mid"' fractalis vs flam3: /' || true
