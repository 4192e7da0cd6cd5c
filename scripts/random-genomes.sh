#!/usr/bin/env bash
# Deterministic random flam3 genomes, one per flam3 3.1.1 variation (0..98),
# made by flam3-genome (Debian flam3-utils) with fixed seeds, for the
# fidelity tests against flam3 (tests/CMakeLists.txt: flam3_random_*).
#
#   scripts/random-genomes.sh DIR [--variation N]...   write DIR/var-NN-NAME.flam3
#   scripts/random-genomes.sh DIR --pick [--variation N]...
#   scripts/random-genomes.sh --list                   print "N NAME", 0..98
#
# Genome NN is `env seed=S isaac_seed=frS use_vars=NN tries=1 noedits=1
# flam3-genome`: every xform uses variation NN alone (weight 1), except the
# linear xforms flam3-genome adds for symmetry, a final xform (its weights
# are random) and pre_blur (see below). S comes from the seed table
# (tests/random-genome-seeds.tsv, or --seeds FILE).
#
# --pick makes the table (printed on stdout) by the rule below, trying
# S = 1000*NN + 1, 1000*NN + 2, ... (at most 40) and keeping the first that
# passes. The rule looks only at flam3's own render, never at fractalis's:
# flam3-render (160 pixels wide, quality 25, one thread, fixed seed) must
# light at least 5% of the pixels (a pixel is lit when a channel is >= 16).
# Random genomes are often degenerate -- all black, a dot, a few specks, or
# framed so that nearly everything falls outside -- and there PSNR says
# nothing (infinite for black images, a handful of pixels otherwise).
set -euo pipefail
here=$(dirname "$0")

names=(linear sinusoidal spherical swirl horseshoe polar handkerchief heart disc spiral hyperbolic diamond ex julia
    bent waves fisheye popcorn exponential power cosine rings fan blob pdj fan2 rings2 eyefish bubble cylinder
    perspective noise julian juliascope blur gaussian_blur radial_blur pie ngon curl rectangles arch tangent square
    rays blade secant2 twintrian cross disc2 super_shape flower conic parabola bent2 bipolar boarders butterfly cell
    cpow curve edisc elliptic escher foci lazysusan loonie pre_blur modulus oscilloscope polar2 popcorn2 scry
    separation split splits stripes wedge wedge_julia wedge_sph whorl waves2 exp log sin cos tan sec csc cot sinh
    cosh tanh sech csch coth auger flux mobius)
min_lit=0.05 max_tries=40

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2; }
if [ "${1:-}" = --list ]; then
    for i in "${!names[@]}"; do echo "$i ${names[$i]}"; done
    exit 0
fi
[ $# -ge 1 ] && [ "${1:0:1}" != - ] || usage
dir=$1; shift
pick=0 seeds=$here/../tests/random-genome-seeds.tsv vars=()
while [ $# -gt 0 ]; do
    case "$1" in
    --pick) pick=1; shift ;;
    --seeds) seeds=$2; shift 2 ;;
    --variation) [[ "$2" =~ ^[0-9]+$ ]] && [ "$2" -lt ${#names[@]} ] || usage; vars+=("$2"); shift 2 ;;
    *) usage ;;
    esac
done
[ ${#vars[@]} -gt 0 ] || vars=("${!names[@]}")
for tool in flam3-genome flam3-render; do
    command -v $tool >/dev/null || { echo "random-genomes.sh: $tool not found (apt-get install flam3-utils)" >&2; exit 1; }
done
mkdir -p "$dir"

# Two variations need help from this script (flam3-genome 3.1.1's quirks):
# - pre_blur (67) only moves the input point; alone, every xform's output
#   is 0 and flam3-genome crashes. Its genomes mix it with linear
#   (use_vars=67,0), and a seed must give at least one pre_blur xform.
# - twintrian (47): flam3-genome computes with it (framing, colours) but
#   writes no twintrian attribute. Every xform it wrote without a variation
#   had twintrian 1, and a final xform had 1 minus its other weights (they
#   were normalized to a sum of 1): put_back_twintrian writes them back.
use_vars() { case $1 in 67) echo 67,0 ;; *) echo "$1" ;; esac; }
put_back_twintrian() {
    awk '/<xform / && / animate="[^"]*" coefs=/ { sub(/ coefs=/, " twintrian=\"1\" coefs=") }
         /<finalxform / {
             w = 1; line = $0
             while (match(line, / [a-z0-9_]+="[^"]*"/)) {
                 a = substr(line, RSTART + 1, RLENGTH - 1); line = substr(line, RSTART + RLENGTH)
                 split(a, kv, "=")
                 if (kv[1] ~ /^(color|color_speed|opacity|animate|coefs|post|chaos)$/) continue
                 gsub(/"/, "", kv[2]); w -= kv[2]
             }
             if (w > 1e-6) sub(/ coefs=/, sprintf(" twintrian=\"%.6g\" coefs=", w))
         }
         { print }' "$1" >"$1.fix" && mv "$1.fix" "$1"
}

# genome VAR SEED FILE: the genome, checked to use the variation it names.
genome() {
    # (With tries=1 it always warns that it "reached maximum attempts".)
    env seed="$2" isaac_seed="fr$2" use_vars="$(use_vars "$1")" tries=1 noedits=1 flam3-genome >"$3.tmp" \
        2>"$3.err" || { cat "$3.err" >&2; rm -f "$3.tmp" "$3.err"; return 1; }
    rm -f "$3.err"
    [ "$1" = 47 ] && put_back_twintrian "$3.tmp"
    grep -q " ${names[$1]}=\"" "$3.tmp" || { rm -f "$3.tmp"; return 1; }
    mv "$3.tmp" "$3"
}

# lit FILE: the fraction of lit pixels of flam3's small render of FILE.
lit() {
    local ppm=$1.ppm size
    env in="$1" out="$ppm" format=ppm ss="$(awk -v w=160 -v g="$(size_of "$1")" 'BEGIN { print w / g }')" qs=25 \
        isaac_seed=fr-lit nthreads=1 verbose=0 flam3-render
    # P6 header: three lines (magic, size, maxval), then RGB bytes.
    size=$(head -n 3 "$ppm" | wc -c)
    tail -c +$((size + 1)) "$ppm" | od -An -v -tu1 -w3 |
        awk '{ n++; if ($1 >= 16 || $2 >= 16 || $3 >= 16) k++ } END { printf "%.4f\n", n ? k / n : 0 }'
    rm -f "$ppm"
}
size_of() { grep -o ' size="[0-9]*' "$1" | head -1 | grep -o '[0-9]*$'; }

for v in "${vars[@]}"; do
    out=$(printf '%s/var-%02d-%s.flam3' "$dir" "$v" "${names[$v]}")
    if [ $pick = 0 ]; then
        s=$(awk -v v="$v" '$1 == v { print $3 }' "$seeds")
        [ -n "$s" ] || { echo "random-genomes.sh: no seed for variation $v in $seeds" >&2; exit 1; }
        genome "$v" "$s" "$out" || { echo "random-genomes.sh: seed $s gives no ${names[$v]} genome" >&2; exit 1; }
        continue
    fi
    for ((k = 1; k <= max_tries; k++)); do
        s=$((1000 * v + k))
        genome "$v" "$s" "$out" || continue
        f=$(lit "$out")
        if awk -v f="$f" -v m="$min_lit" 'BEGIN { exit !(f >= m) }'; then
            printf '%d\t%s\t%d\t%s\t%d\n' "$v" "${names[$v]}" "$s" "$f" "$k"
            break
        fi
    done
    [ $k -le $max_tries ] || { echo "random-genomes.sh: no seed for ${names[$v]} passes in $max_tries tries" >&2; rm -f "$out"; exit 1; }
done
