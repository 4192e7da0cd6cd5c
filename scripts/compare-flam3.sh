#!/usr/bin/env bash
# Render one genome with flam3-render (Debian flam3-utils) twice, with two
# seeds, and with fractalis at the same settings; report
#   PSNR(fractalis, flam3 A)  next to  PSNR(flam3 B, flam3 A)
# The renders are indistinguishable when the first is within 1 dB of the
# second (flam3's own seed-to-seed noise). Exit 0 when within the margin.
#
#   scripts/compare-flam3.sh GENOME [--index N] [--width W] [--quality Q]
#                            [--margin DB] [--keep DIR] [--fractalis BIN]
#                            [--confirm K] [--image PNG]
#                            [--motion-blur [--animate TIME] [--flam3-input FILE]]
#
# --image compares a fractalis render made elsewhere (e.g. on a GPU machine
# with `render flame GENOME --size Wx0 --quality Q --seed 7`) instead of
# rendering one here; with --confirm, IMAGE.cK.png (K = 1, 2, ...; IMAGE
# without its .png) are the renders with --seed 100+K.
# --confirm K: when the comparison fails, decide again on K more renders
# with each renderer (new seeds): the mean squared error over every pair
# (flam3, flam3) against every pair (fractalis, flam3), in dB, with the
# same margin. One seed pair is a noisy reference: PSNR varies by about a
# dB between pairs, and by 15 dB where an image is nearly deterministic
# (there it hangs on a few buckets of one or two hits, and their
# density-estimation blobs, being there or not).
# --motion-blur renders fractalis with --motion-blur (temporal samples and
# <motion>), and flam3 with flam3-animate at frame TIME (default: the
# genome's time), which honours temporal_samples (flam3-render forces it to
# 1); --flam3-input gives flam3 another file (keyframes of the same size
# and quality) to interpolate.
set -euo pipefail
usage() { sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -ge 1 ] || usage
genome=$1; shift
index=0 width=400 quality=200 margin=1 keep= image= fr=${FRACTALIS:-fractalis} confirm=0
motion=() animate= input=
while [ $# -gt 0 ]; do
    case "$1" in
    --index) index=$2; shift 2 ;; --width) width=$2; shift 2 ;; --quality) quality=$2; shift 2 ;;
    --margin) margin=$2; shift 2 ;; --keep) keep=$2; shift 2 ;; --fractalis) fr=$2; shift 2 ;;
    --confirm) confirm=$2; shift 2 ;; --image) image=$2; shift 2 ;;
    --motion-blur) motion=(--motion-blur); shift ;; --animate) animate=$2; shift 2 ;;
    --flam3-input) input=$2; shift 2 ;;
    *) usage ;;
    esac
done
flam3=flam3-render
[ ${#motion[@]} -gt 0 ] && flam3=flam3-animate
command -v $flam3 >/dev/null || { echo "compare-flam3.sh: $flam3 not found (apt-get install flam3-utils)" >&2; exit 77; }
dir=$(mktemp -d)
trap '[ -n "$keep" ] && mkdir -p "$keep" && cp "$dir"/*.png "$dir"/*.flam3 "$keep"/ 2>/dev/null; rm -rf "$dir"' EXIT
# The one genome, as fractalis writes it (flam3 reads it back unchanged).
"$fr" flame convert "$genome" "$dir/g.flam3" --index "$index"
read -r gw gh < <("$fr" flame info "$dir/g.flam3" | awk -F'\t' 'NR==1 { split($3, s, "x"); print s[1], s[2] }')
gq=$(grep -o 'quality="[^"]*"' "$dir/g.flam3" | head -1 | sed 's/[^0-9.e+-]//g')
gq=${gq:-1}
# flam3-render's ss gives the size asked for, qs the quality.
ss=$(awk -v w="$width" -v g="$gw" 'BEGIN { printf "%.17g", w / g }')
h=$(awk -v h="$gh" -v s="$ss" 'BEGIN { printf "%d", h * s }')
if [ ${#motion[@]} -gt 0 ] && [ -z "$animate" ]; then
    animate=$(grep -o ' time="[^"]*"' "$dir/g.flam3" | head -1 | sed 's/.*="\(.*\)"/\1/')
    animate=${animate:-0}
fi
render_flam3() {
    if [ ${#motion[@]} -gt 0 ]; then
        env in="${input:-$dir/g.flam3}" out="$1" time="$animate" isaac_seed="$2" ss="$ss" qs="$qs" verbose=0 \
            nthreads=2 flam3-animate 2>/dev/null
    else
        env in="$dir/g.flam3" out="$1" isaac_seed="$2" ss="$ss" qs="$qs" verbose=0 nthreads=2 flam3-render
    fi
}

# compare_at QUALITY: flam3 A and B (seeds seed-a, seed-b) and fractalis
# (seed 7) at QUALITY; prints the line, sets ok.
compare_at() {
    local q=$1 t0 t1 t2 t3 p_fr d_fr p_ff d_ff
    qs=$(awk -v q="$q" -v g="$gq" 'BEGIN { printf "%.17g", q / g }')
    t0=$(date +%s.%N)
    render_flam3 "$dir/flam3-a.png" seed-a
    t1=$(date +%s.%N)
    render_flam3 "$dir/flam3-b.png" seed-b
    t2=$(date +%s.%N)
    if [ -n "$image" ]; then
        cp "$image" "$dir/fractalis.png"
    else
        "$fr" render flame "$dir/g.flam3" --size "${width}x${h}" --quality "$q" --seed 7 ${motion[@]+"${motion[@]}"} -q \
            -o "$dir/fractalis.png"
    fi
    t3=$(date +%s.%N)
    read -r p_fr d_fr < <("$fr" compare "$dir/flam3-a.png" "$dir/fractalis.png")
    read -r p_ff d_ff < <("$fr" compare "$dir/flam3-a.png" "$dir/flam3-b.png")
    ok=$(awk -v a="$p_fr" -v b="$p_ff" -v m="$margin" 'BEGIN { print (a >= b - m) ? 1 : 0 }')
    printf '%s[%s] %dx%d q%s: PSNR(fractalis, flam3) %.2f dB, PSNR(flam3 B, flam3 A) %.2f dB, diff %+.2f dB: %s; time flam3 %.2f s, fractalis %.2f s\n' \
        "$(basename "$genome")" "$index" "$width" "$h" "$q" "$p_fr" "$p_ff" "$(awk -v a="$p_fr" -v b="$p_ff" 'BEGIN{print a-b}')" \
        "$([ "$ok" = 1 ] && echo PASS || echo FAIL)" "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" "$(awk -v a="$t2" -v b="$t3" 'BEGIN{print b-a}')"
}
compare_at "$quality"
if [ "$ok" != 1 ] && [ "$confirm" -gt 0 ]; then
    qs=$(awk -v q="$quality" -v g="$gq" 'BEGIN { printf "%.17g", q / g }')
    for ((k = 1; k <= confirm; k++)); do
        render_flam3 "$dir/c-flam3-$k.png" "seed-c$k"
        if [ -n "$image" ]; then
            cp "${image%.png}.c$k.png" "$dir/c-fractalis-$k.png"
        else
            "$fr" render flame "$dir/g.flam3" --size "${width}x${h}" --quality "$quality" --seed $((100 + k)) \
                ${motion[@]+"${motion[@]}"} -q \
                -o "$dir/c-fractalis-$k.png"
        fi
    done
    # Mean squared error of a list of pairs ("A B" lines), as a PSNR.
    pairs_psnr() {
        while read -r a b; do "$fr" compare "$dir/$a" "$dir/$b" | awk '{ print 65025 / 10 ^ ($1 / 10) }'; done |
            awk '{ s += $1; n++ } END { m = s / n; if (m > 0) printf "%.3f", 10 * log(65025 / m) / log(10); else print "inf" }'
    }
    p_ff=$(for ((i = 1; i <= confirm; i++)); do for ((j = i + 1; j <= confirm; j++)); do
        echo "c-flam3-$i.png c-flam3-$j.png"; done; done | pairs_psnr)
    p_fr=$(for ((i = 1; i <= confirm; i++)); do for ((j = 1; j <= confirm; j++)); do
        echo "c-flam3-$i.png c-fractalis-$j.png"; done; done | pairs_psnr)
    ok=$(awk -v a="$p_fr" -v b="$p_ff" -v m="$margin" 'BEGIN { print (a >= b - m) ? 1 : 0 }')
    printf '  confirmed on %d more renders each: PSNR(fractalis, flam3) %.2f dB over %d pairs, PSNR(flam3, flam3) %.2f dB over %d pairs, diff %+.2f dB: %s\n' \
        "$confirm" "$p_fr" $((confirm * confirm)) "$p_ff" $((confirm * (confirm - 1) / 2)) \
        "$(awk -v a="$p_fr" -v b="$p_ff" 'BEGIN{print a-b}')" "$([ "$ok" = 1 ] && echo PASS || echo FAIL)"
fi
[ "$ok" = 1 ]
