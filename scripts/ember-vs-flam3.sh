#!/usr/bin/env bash
# Does Fractorium's EmberRender render a flam3 genome as flam3 does? The
# check of the reference itself, before fractalis is compared with it
# (compare-flam3.sh --reference ember): flam3-render and EmberRender
# (../shared/tools/ember/render.sh, flam3 conventions on for flam3 genomes)
# each render GENOME K times (new seeds) at the same size and quality, and
#   - PSNR: the mean squared error of every (EmberRender, flam3) pair
#     against that of every (flam3, flam3) pair, as PSNRs: their
#     difference is EmberRender's distance from flam3 beyond flam3's own
#     seed-to-seed noise (within MARGIN dB: agree);
#   - statistics: `fractalis compare --stats` of the two sets (channel
#     means, roughness, 8x8 block means by Welch's t).
# Prints both and the mean brightness of each set; exit 0 when both agree,
# 1 when not, 2 on bad usage; a missing tool or genome fails.
#
#   scripts/ember-vs-flam3.sh GENOME [--width W] [--quality Q] [--renders K]
#        [--margin DB] [--fractalis BIN] [--ember DIR] [--keep DIR]
set -euo pipefail
usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -ge 1 ] || usage
genome=$1; shift
width=200 quality=200 k=4 margin=1 keep= fr=${FRACTALIS:-fractalis} ember_bin=${EMBER_BIN:-/tmp/ember/bin}
while [ $# -gt 0 ]; do
    case "$1" in
    --width) width=$2; shift 2 ;; --quality) quality=$2; shift 2 ;; --renders) k=$2; shift 2 ;;
    --margin) margin=$2; shift 2 ;; --fractalis) fr=$2; shift 2 ;; --ember) ember_bin=$2; shift 2 ;;
    --keep) keep=$2; shift 2 ;;
    *) usage ;;
    esac
done
fail() { echo "ember-vs-flam3.sh: $*" >&2; exit 1; }
[ -f "$genome" ] || fail "no genome file $genome"
command -v flam3-render >/dev/null || fail "flam3-render not found (apt-get install flam3-utils)"
shared=${FR_SHARED:-$(cd "$(dirname "$0")/.." && pwd)/../shared}
ember_sh=$shared/tools/ember/render.sh
[ -f "$ember_sh" ] || fail "no EmberRender script at $ember_sh (set FR_SHARED)"
[ -x "$ember_bin/emberrender" ] || fail "no EmberRender at $ember_bin (build it: $shared/tools/ember/build.sh)"
[ "$k" -ge 2 ] || fail "--renders must be 2 or more"
dir=$(mktemp -d)
trap '[ -n "$keep" ] && mkdir -p "$keep" && cp "$dir"/*.png "$keep"/ 2>/dev/null; rm -rf "$dir"' EXIT
# flam3 reads the genome as fractalis writes it back (one genome, flam3's
# attributes); EmberRender reads the file itself.
"$fr" flame convert "$genome" "$dir/g.flam3" 2>/dev/null
read -r gw gh < <("$fr" flame info "$dir/g.flam3" 2>/dev/null | awk -F'\t' 'NR==1 { split($3, s, "x"); print s[1], s[2] }')
gq=$(grep -o 'quality="[^"]*"' "$dir/g.flam3" | head -1 | sed 's/[^0-9.e+-]//g')
gq=${gq:-1}
ss=$(awk -v w="$width" -v g="$gw" 'BEGIN { printf "%.17g", w / g }')
h=$(awk -v h="$gh" -v s="$ss" 'BEGIN { printf "%d", h * s }')
qs=$(awk -v q="$quality" -v g="$gq" 'BEGIN { printf "%.17g", q / g }')
t0=$(date +%s.%N)
for ((i = 1; i <= k; i++)); do
    env in="$dir/g.flam3" out="$dir/f$i.png" isaac_seed="seed-$i" ss="$ss" qs="$qs" verbose=0 nthreads=2 flam3-render
done
t1=$(date +%s.%N)
for ((i = 1; i <= k; i++)); do
    SEED="ember-$i" THREADS=2 EMBER_BIN="$ember_bin" bash "$ember_sh" "$genome" "$dir/e$i.png" "${width}x$h" "$quality" \
        2>"$dir/ember.log" || { cat "$dir/ember.log" >&2; fail "EmberRender failed on $genome"; }
done
t2=$(date +%s.%N)
[ -s "$dir/ember.log" ] && sed 's/^/  EmberRender: /' "$dir/ember.log"
pairs_psnr() {
    while read -r a b; do "$fr" compare "$dir/$a.png" "$dir/$b.png" | awk '{ print 65025 / 10 ^ ($1 / 10) }'; done |
        awk '{ s += $1; n++ } END { m = s / n; if (m > 0) printf "%.2f", 10 * log(65025 / m) / log(10); else print "inf" }'
}
p_ff=$(for ((i = 1; i <= k; i++)); do for ((j = i + 1; j <= k; j++)); do echo "f$i f$j"; done; done | pairs_psnr)
p_ef=$(for ((i = 1; i <= k; i++)); do for ((j = 1; j <= k; j++)); do echo "e$i f$j"; done; done | pairs_psnr)
p_ee=$(for ((i = 1; i <= k; i++)); do for ((j = i + 1; j <= k; j++)); do echo "e$i e$j"; done; done | pairs_psnr)
psnr_ok=$(awk -v a="$p_ef" -v b="$p_ff" -v m="$margin" 'BEGIN { print (a >= b - m) ? 1 : 0 }')
refs= tests=
for ((i = 1; i <= k; i++)); do refs+="${refs:+,}$dir/f$i.png" tests+="${tests:+,}$dir/e$i.png"; done
stats=$("$fr" compare --stats "$refs" "$tests" --max-t 6 --max-block-t 8 || true)
stats_ok=0; grep -q '^PASS' <<<"$stats" && stats_ok=1
printf '%s %dx%d q%s, %d renders each: PSNR(EmberRender, flam3) %s dB, PSNR(flam3, flam3) %s dB, diff %+.2f dB; PSNR(EmberRender, EmberRender) %s dB; time flam3 %.1f s, EmberRender %.1f s\n' \
    "$(basename "$genome")" "$width" "$h" "$quality" "$k" "$p_ef" "$p_ff" "$(awk -v a="$p_ef" -v b="$p_ff" 'BEGIN{print a-b}')" \
    "$p_ee" "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print b-a}')" "$(awk -v a="$t1" -v b="$t2" 'BEGIN{print b-a}')"
sed 's/^/  /' <<<"$stats"
[ "$psnr_ok" = 1 ] && [ "$stats_ok" = 1 ] && echo "AGREE: $(basename "$genome")" && exit 0
echo "DISAGREE: $(basename "$genome") (PSNR $([ "$psnr_ok" = 1 ] && echo agrees || echo differs), statistics $([ "$stats_ok" = 1 ] && echo agree || echo differ))"
exit 1
