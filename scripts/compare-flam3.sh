#!/usr/bin/env bash
# Is fractalis's render of a genome flam3's, within flam3's own noise? Two
# tests, both must pass:
#
# 1. PSNR: flam3-render (Debian flam3-utils) with two seeds, A and B, and
#    fractalis: PSNR(fractalis, flam3 A) within MARGIN dB (1) of
#    PSNR(flam3 B, flam3 A).
# 2. Statistics (--stats K, K >= 2): K renders with each renderer (new
#    seeds) compared by `fractalis compare --stats`: each channel's mean,
#    its roughness and its means in an 8x8 grid of blocks, by Welch's t
#    against the renders' own seed-to-seed scatter. PSNR alone passes a
#    render 4 % too bright at 200 px; this does not (see
#    scripts/fidelity-mutations.sh).
# Either, failing, is decided again on more renders when --confirm N is
# given: PSNR over every (fractalis, flam3) pair of N more renders each
# against every (flam3, flam3) pair; statistics on 2K fresh renders each.
# Exit 0 when both pass, 1 when one fails, 2 on bad usage; a missing flam3
# tool, genome or reference is a failure too (never a skip).
#
#   scripts/compare-flam3.sh GENOME [--index N] [--width W] [--quality Q]
#        [--reference flam3|ember] [--ember DIR] [--ember-f3 auto|1|0]
#        [--margin DB] [--stats K] [--confirm N] [--keep DIR]
#        [--fractalis BIN] [--device D] [--test-genome FILE]
#        [--make-refs DIR | --refs DIR]
#        [--motion-blur [--animate TIME] [--flam3-input FILE]]
#        [--timeline --animate TIME]
#
# --reference ember: the reference renders are Fractorium's EmberRender's
# (../shared/tools/ember/render.sh, CPU, two threads, STRICT=1: a genome
# with an attribute EmberRender does not know fails), from GENOME itself
# (its flame --index, size and quality as above); fractalis renders GENOME
# itself too, --strict. EmberRender mixes the clock into its seed, so its
# renders are draws like flam3's: the same two tests against its own
# seed-to-seed scatter. --ember DIR: EmberRender's bin folder (default
# $EMBER_BIN, else /tmp/ember/bin); FR_SHARED: the shared folder (default
# ../shared next to the repository). --ember-f3: render.sh's F3 (auto: flam3's
# colour conventions for flam3/Apophysis genomes, Ember's own for genomes
# Fractorium wrote; 1: flam3's for every genome, as fractalis renders them).
# A missing EmberRender or render.sh fails.
# --test-genome renders FILE with fractalis (at GENOME's size) while flam3
# renders GENOME: a changed genome must fail (mutation tests).
# --make-refs renders flam3's images alone into DIR and stops; --refs takes
# them from DIR instead of running flam3 (the GPU machine has no flam3:
# references are made here and carried).
# --motion-blur renders fractalis with --motion-blur (temporal samples and
# <motion>), and flam3 with flam3-animate at frame TIME (default: the
# genome's time), which honours temporal_samples (flam3-render forces it to
# 1); --flam3-input gives flam3 another file (keyframes of the same size
# and quality) to interpolate.
# --timeline takes GENOME's genomes as the keyframes of a timeline: flam3
# renders the frame at TIME (a whole number) with flam3-animate, fractalis
# with `animate flame --frames TIME:TIME` (motion blur on, as flam3-animate);
# size and quality as flam3-animate's ss and qs from keyframe 0's.
set -euo pipefail
usage() { sed -n '2,40p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -ge 1 ] || usage
genome=$1; shift
index=0 width=400 quality=200 margin=1 keep= fr=${FRACTALIS:-fractalis} confirm=0 stats=0 device=
reference=flam3 ember_bin=${EMBER_BIN:-/tmp/ember/bin} ember_f3=auto
motion=() animate= input= test_genome= make_refs= refs= timeline=0
while [ $# -gt 0 ]; do
    case "$1" in
    --index) index=$2; shift 2 ;; --width) width=$2; shift 2 ;; --quality) quality=$2; shift 2 ;;
    --margin) margin=$2; shift 2 ;; --keep) keep=$2; shift 2 ;; --fractalis) fr=$2; shift 2 ;;
    --confirm) confirm=$2; shift 2 ;; --stats) stats=$2; shift 2 ;; --device) device=$2; shift 2 ;;
    --test-genome) test_genome=$2; shift 2 ;; --make-refs) make_refs=$2; shift 2 ;; --refs) refs=$2; shift 2 ;;
    --motion-blur) motion=(--motion-blur); shift ;; --animate) animate=$2; shift 2 ;;
    --flam3-input) input=$2; shift 2 ;;
    --timeline) timeline=1; shift ;;
    --reference) reference=$2; shift 2 ;; --ember) ember_bin=$2; shift 2 ;; --ember-f3) ember_f3=$2; shift 2 ;;
    *) usage ;;
    esac
done
fail() { echo "compare-flam3.sh: $*" >&2; exit 1; }
[ -f "$genome" ] || fail "no genome file $genome"
flam3=flam3-render
{ [ ${#motion[@]} -gt 0 ] || [ "$timeline" = 1 ]; } && flam3=flam3-animate
[ "$timeline" = 0 ] || [ -n "$animate" ] || fail "--timeline needs --animate TIME"
case "$reference" in
flam3) [ -n "$refs" ] || command -v $flam3 >/dev/null || fail "$flam3 not found (apt-get install flam3-utils)" ;;
ember)
    { [ ${#motion[@]} -eq 0 ] && [ "$timeline" = 0 ]; } || fail "--reference ember renders stills only"
    shared=${FR_SHARED:-$(cd "$(dirname "$0")/.." && pwd)/../shared}
    ember_sh=$shared/tools/ember/render.sh
    [ -f "$ember_sh" ] || fail "no EmberRender script at $ember_sh (set FR_SHARED)"
    [ -x "$ember_bin/emberrender" ] || fail "no EmberRender at $ember_bin (build it: $shared/tools/ember/build.sh)"
    ;;
*) fail "--reference is flam3 or ember" ;;
esac
[ -z "$refs" ] || [ -f "$refs/a.png" ] || fail "no flam3 references in $refs (make them with --make-refs)"
dir=$(mktemp -d)
trap '[ -n "$keep" ] && mkdir -p "$keep" && cp "$dir"/*.png "$dir"/*.flam3 "$keep"/ 2>/dev/null; rm -rf "$dir"' EXIT
# The one genome, as fractalis writes it (flam3 reads it back unchanged);
# a timeline: every genome.
one=(--index "$index")
[ "$timeline" = 1 ] && one=()
"$fr" flame convert "$genome" "$dir/g.flam3" ${one[@]+"${one[@]}"} 2>/dev/null
tested=$dir/g.flam3
[ -n "$test_genome" ] && { "$fr" flame convert "$test_genome" "$dir/t.flam3" ${one[@]+"${one[@]}"} 2>/dev/null; tested=$dir/t.flam3; }
# Against flam3, fractalis renders the genome as flam3 does: a genome
# Fractorium wrote (version EMBER-...) would otherwise get Ember's
# conventions (palette at c * 255, k1 without 268 / 256, filter="0"), so
# its version is renamed (flam3 ignores the attribute).
if [ "$reference" != ember ]; then
    for f in "$dir/g.flam3" "$dir/t.flam3"; do
        [ -f "$f" ] && sed -i 's/ version="[^"]*"/ version="flam3-conventions"/' "$f"
    done
fi
read -r gw gh < <("$fr" flame info "$dir/g.flam3" 2>/dev/null | awk -F'\t' 'NR==1 { split($3, s, "x"); print s[1], s[2] }')
gq=$(grep -o 'quality="[^"]*"' "$dir/g.flam3" | head -1 | sed 's/[^0-9.e+-]//g')
gq=${gq:-1}
# flam3-render's ss gives the size asked for, qs the quality.
ss=$(awk -v w="$width" -v g="$gw" 'BEGIN { printf "%.17g", w / g }')
h=$(awk -v h="$gh" -v s="$ss" 'BEGIN { printf "%d", h * s }')
qs=$(awk -v q="$quality" -v g="$gq" 'BEGIN { printf "%.17g", q / g }')
if [ ${#motion[@]} -gt 0 ] && [ -z "$animate" ]; then
    animate=$(grep -o ' time="[^"]*"' "$dir/g.flam3" | head -1 | sed 's/.*="\(.*\)"/\1/')
    animate=${animate:-0}
fi

# flam3 NAME SEED: flam3's render (or the stored reference) as $dir/NAME.png
flam3() {
    if [ "$reference" = ember ]; then
        F3=$ember_f3 FLAME=$index SEED="$2" THREADS=2 STRICT=1 EMBER_BIN="$ember_bin" \
            bash "$ember_sh" "$genome" "$dir/$1.png" "${width}x$h" "$quality" 2>"$dir/ember.log" ||
            { cat "$dir/ember.log" >&2; fail "EmberRender failed on $genome"; }
    elif [ -n "$refs" ]; then
        [ -f "$refs/$1.png" ] || fail "no flam3 reference $refs/$1.png"
        cp "$refs/$1.png" "$dir/$1.png"
    elif [ ${#motion[@]} -gt 0 ] || [ "$timeline" = 1 ]; then
        env in="${input:-$dir/g.flam3}" out="$dir/$1.png" time="$animate" isaac_seed="$2" ss="$ss" qs="$qs" \
            verbose=0 nthreads=2 flam3-animate 2>/dev/null
    else
        env in="$dir/g.flam3" out="$dir/$1.png" isaac_seed="$2" ss="$ss" qs="$qs" verbose=0 nthreads=2 flam3-render
    fi
}
# fractalis NAME SEED
fractalis() {
    if [ "$timeline" = 1 ]; then
        "$fr" animate flame "$tested" --frames "$animate:$animate" --size "${width}x${h}" --quality "$quality" \
            --seed "$2" ${device:+--device "$device"} -q -o "$dir/$1-%d.png" 2>/dev/null &&
            mv "$dir/$1-$animate.png" "$dir/$1.png"
        return
    fi
    if [ "$reference" = ember ] && [ -z "$test_genome" ]; then
        "$fr" render flame "$genome" --index "$index" --strict --size "${width}x${h}" --quality "$quality" \
            --seed "$2" ${device:+--device "$device"} -q -o "$dir/$1.png"
        return
    fi
    "$fr" render flame "$tested" --size "${width}x${h}" --quality "$quality" --seed "$2" ${motion[@]+"${motion[@]}"} \
        ${device:+--device "$device"} -q -o "$dir/$1.png"
}
# The reference images' names and seeds: a, b (PSNR); s1..sK, then
# s(K+1)..s(3K) for a confirmation (statistics); c1..cN (PSNR confirmation).
ref_names() {
    echo "a seed-a"; echo "b seed-b"
    for ((k = 1; k <= 3 * stats; k++)); do echo "s$k seed-s$k"; done
    for ((k = 1; k <= confirm; k++)); do echo "c$k seed-c$k"; done
}
if [ -n "$make_refs" ]; then
    mkdir -p "$make_refs"
    while read -r name seed; do refs= flam3 "$name" "$seed" && cp "$dir/$name.png" "$make_refs/"; done < <(ref_names)
    echo "flam3 references of $(basename "$genome") (${width}x$h, quality $quality) in $make_refs"
    exit 0
fi
name=$(basename "$genome")[$index]
[ -n "$test_genome" ] && name="$name as $(basename "$test_genome")"

# Mean squared error of pairs of images ("A B" lines), as a PSNR.
pairs_psnr() {
    while read -r a b; do "$fr" compare "$dir/$a.png" "$dir/$b.png" | awk '{ print 65025 / 10 ^ ($1 / 10) }'; done |
        awk '{ s += $1; n++ } END { m = s / n; if (m > 0) printf "%.3f", 10 * log(65025 / m) / log(10); else print "inf" }'
}
verdict() { awk -v a="$1" -v b="$2" -v m="$margin" 'BEGIN { print (a >= b - m) ? 1 : 0 }'; }

# 1. PSNR
t0=$(date +%s.%N)
flam3 a seed-a
flam3 b seed-b
t1=$(date +%s.%N)
fractalis f 7
t2=$(date +%s.%N)
read -r p_fr _ < <("$fr" compare "$dir/a.png" "$dir/f.png")
read -r p_ff _ < <("$fr" compare "$dir/a.png" "$dir/b.png")
psnr_ok=$(verdict "$p_fr" "$p_ff")
printf '%s %dx%d q%s: PSNR(fractalis, %s) %.2f dB, PSNR(%s B, %s A) %.2f dB, diff %+.2f dB: %s; time %s %.2f s (two), fractalis %.2f s\n' \
    "$name" "$width" "$h" "$quality" "$reference" "$p_fr" "$reference" "$reference" "$p_ff" \
    "$(awk -v a="$p_fr" -v b="$p_ff" 'BEGIN{print a-b}')" "$([ "$psnr_ok" = 1 ] && echo PASS || echo FAIL)" "$reference" \
    "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" "$(awk -v a="$t1" -v b="$t2" 'BEGIN{print b-a}')"
if [ "$psnr_ok" != 1 ] && [ "$confirm" -gt 0 ]; then
    for ((k = 1; k <= confirm; k++)); do
        flam3 "c$k" "seed-c$k"
        fractalis "cf$k" $((100 + k))
    done
    p_ff=$(for ((i = 1; i <= confirm; i++)); do for ((j = i + 1; j <= confirm; j++)); do
        echo "c$i c$j"; done; done | pairs_psnr)
    p_fr=$(for ((i = 1; i <= confirm; i++)); do for ((j = 1; j <= confirm; j++)); do
        echo "c$i cf$j"; done; done | pairs_psnr)
    psnr_ok=$(verdict "$p_fr" "$p_ff")
    printf '  confirmed on %d more renders each: PSNR(fractalis, %s) %.2f dB over %d pairs, PSNR(%s, %s) %.2f dB over %d pairs, diff %+.2f dB: %s\n' \
        "$confirm" "$reference" "$p_fr" $((confirm * confirm)) "$reference" "$reference" "$p_ff" $((confirm * (confirm - 1) / 2)) \
        "$(awk -v a="$p_fr" -v b="$p_ff" 'BEGIN{print a-b}')" "$([ "$psnr_ok" = 1 ] && echo PASS || echo FAIL)"
fi

# 2. Statistics
stats_ok=1
# stats_set FIRST COUNT: flam3 s(FIRST)..s(FIRST+COUNT-1) against as many fractalis renders
stats_set() {
    local ref= test= k
    for ((k = $1; k < $1 + $2; k++)); do
        flam3 "s$k" "seed-s$k"
        fractalis "sf$k" $((1000 + k))
        ref+="${ref:+,}$dir/s$k.png" test+="${test:+,}$dir/sf$k.png"
    done
    "$fr" compare --stats "$ref" "$test" --max-t 6 --max-block-t 8 | sed 's/^/  /' | tee "$dir/stats.txt"
    grep -q '^  PASS' "$dir/stats.txt"
}
if [ "$stats" -gt 1 ]; then
    echo "  statistics on $stats renders each:"
    if ! stats_set 1 "$stats"; then
        stats_ok=0
        if [ "$confirm" -gt 0 ]; then
            echo "  confirmed on $((2 * stats)) fresh renders each:"
            stats_set $((stats + 1)) $((2 * stats)) && stats_ok=1
        fi
    fi
fi
[ "$psnr_ok" = 1 ] && [ "$stats_ok" = 1 ] && echo "PASS: $name" && exit 0
echo "FAIL: $name (PSNR $([ "$psnr_ok" = 1 ] && echo pass || echo fail), statistics $([ "$stats_ok" = 1 ] && echo pass || echo fail))"
exit 1
