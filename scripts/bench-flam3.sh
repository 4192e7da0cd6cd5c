#!/usr/bin/env bash
# Side by side, in one run on this machine: flam3-render and fractalis on
# every genome given, at the same size and quality (default 1280 x 720 as
# close as the genome's aspect allows, quality 100), wall time of each
# whole command and the ratio. --baseline OLD also runs another fractalis
# binary right after flam3-render (before the one measured, which then runs
# after OLD rather than after flam3-render) and prints its time and ratio.
#   scripts/bench-flam3.sh [--width W] [--quality Q] [--fractalis BIN] [--baseline OLD] GENOME...
set -euo pipefail
width=1280 quality=100 fr=${FRACTALIS:-fractalis} base=
while [ $# -gt 0 ]; do
    case "$1" in --width) width=$2; shift 2 ;; --quality) quality=$2; shift 2 ;; --fractalis) fr=$2; shift 2 ;;
        --baseline) base=$2; shift 2 ;; *) break ;; esac
done
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
if [ -n "$base" ]; then printf '%-45s %10s %9s %9s %7s ' genome size flam3_s base_s ratio; printf '%9s %7s %12s\n' fract_s ratio fract_iter/s
else printf '%-45s %10s %9s %9s %7s %12s\n' genome size flam3_s fract_s ratio fract_iter/s; fi
for g in "$@"; do
    "$fr" flame convert "$g" "$dir/g.flam3" 2>/dev/null
    read -r gw gh < <("$fr" flame info "$dir/g.flam3" 2>/dev/null | awk -F'\t' 'NR==1 { split($3, s, "x"); print s[1], s[2] }')
    gq=$(grep -o 'quality="[^"]*"' "$dir/g.flam3" | head -1 | sed 's/[^0-9.e+-]//g'); gq=${gq:-1}
    ss=$(awk -v w="$width" -v g="$gw" 'BEGIN { printf "%.17g", w / g }')
    qs=$(awk -v q="$quality" -v g="$gq" 'BEGIN { printf "%.17g", q / g }')
    h=$(awk -v h="$gh" -v s="$ss" 'BEGIN { printf "%d", h * s }')
    t0=$(date +%s.%N)
    env in="$dir/g.flam3" out="$dir/a.png" isaac_seed=1 ss="$ss" qs="$qs" verbose=0 flam3-render
    t1=$(date +%s.%N)
    if [ -n "$base" ]; then
        "$base" render flame "$dir/g.flam3" --size "${width}x${h}" --quality "$quality" -q -o "$dir/c.png" 2>/dev/null
        tb=$(date +%s.%N)
        awk -v n="$(basename "$g")" -v s="${width}x${h}" -v a="$t0" -v b="$t1" -v c="$tb" \
            'BEGIN { printf "%-45s %10s %9.2f %9.2f %6.2fx ", n, s, b - a, c - b, (b - a) / (c - b) }'
        t0=$(awk -v a="$t0" -v b="$t1" -v c="$tb" 'BEGIN { printf "%.9f", a + (c - b) }') # flam3's time kept
        t1=$tb
    fi
    stats=$("$fr" render flame "$dir/g.flam3" --size "${width}x${h}" --quality "$quality" -o "$dir/b.png" 2>&1 | grep 'iterations (' || true)
    t2=$(date +%s.%N)
    its=$(echo "$stats" | sed -n 's/.*iterations (\([^/]*\)\/s).*/\1/p')
    if [ -n "$base" ]; then
        awk -v a="$t0" -v b="$t1" -v c="$t2" -v i="$its" 'BEGIN { printf "%9.2f %6.2fx %12s\n", c - b, (b - a) / (c - b), i }'
    else
        awk -v n="$(basename "$g")" -v s="${width}x${h}" -v a="$t0" -v b="$t1" -v c="$t2" -v i="$its" \
            'BEGIN { printf "%-45s %10s %9.2f %9.2f %6.2fx %12s\n", n, s, b - a, c - b, (b - a) / (c - b), i }'
    fi
done
