#!/usr/bin/env bash
# The power of the flam3 fidelity test (compare-flam3.sh): a genome changed
# a little must fail it, the genome itself must pass. The changes: the
# brightness +2 % and +4 %, gamma +2 % and +3 %, the first xform's weight
# +30 %, the density estimator's radius -30 %. flam3 renders the genome;
# fractalis renders the changed one.
#
#   scripts/fidelity-mutations.sh GENOME --fractalis BIN [--width W] [--quality Q] [--stats K]
set -euo pipefail
genome=$1; shift
fr=fractalis width=200 quality=200 stats=8
while [ $# -gt 0 ]; do
    case "$1" in
    --fractalis) fr=$2; shift 2 ;; --width) width=$2; shift 2 ;; --quality) quality=$2; shift 2 ;;
    --stats) stats=$2; shift 2 ;;
    *) echo "usage: fidelity-mutations.sh GENOME --fractalis BIN [--width W] [--quality Q] [--stats K]" >&2; exit 2 ;;
    esac
done
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$fr" flame convert "$genome" "$dir/g.flam3" --index 0 2>/dev/null
compare() { "$here/compare-flam3.sh" "$dir/g.flam3" --width "$width" --quality "$quality" --stats "$stats" \
    --fractalis "$fr" --refs "$dir/refs" "$@"; }
"$here/compare-flam3.sh" "$dir/g.flam3" --width "$width" --quality "$quality" --stats "$stats" --fractalis "$fr" \
    --make-refs "$dir/refs"

# attr NAME: the genome's value of the flame attribute NAME
attr() { grep -o "<flame [^>]* $1=\"[^\"]*\"" "$dir/g.flam3" | head -1 | sed "s/.* $1=\"\([^\"]*\)\"/\1/"; }
# scaled VALUE FACTOR
scaled() { awk -v v="$1" -v f="$2" 'BEGIN { printf "%.17g", v * f }'; }
# mutant NAME SED: the genome with one change
mutant() { sed "$2" "$dir/g.flam3" >"$dir/$1.flam3"; cmp -s "$dir/g.flam3" "$dir/$1.flam3" && {
    echo "fidelity-mutations.sh: the change '$1' did not apply"; exit 1; }; true; }
b=$(attr brightness) g=$(attr gamma) r=$(attr estimator_radius)
w=$(grep -o '<xform weight="[^"]*"' "$dir/g.flam3" | head -1 | sed 's/.*="\(.*\)"/\1/')
mutant brightness+2% "s/ brightness=\"$b\"/ brightness=\"$(scaled "$b" 1.02)\"/"
mutant brightness+4% "s/ brightness=\"$b\"/ brightness=\"$(scaled "$b" 1.04)\"/"
mutant gamma+2% "s/ gamma=\"$g\"/ gamma=\"$(scaled "$g" 1.02)\"/"
mutant gamma+3% "s/ gamma=\"$g\"/ gamma=\"$(scaled "$g" 1.03)\"/"
mutant weight+30% "0,/<xform weight=\"$w\"/s//<xform weight=\"$(scaled "$w" 1.3)\"/"
mutant radius-30% "s/ estimator_radius=\"$r\"/ estimator_radius=\"$(scaled "$r" 0.7)\"/"

bad=0
echo "== the genome itself: must pass"
compare || bad=1
for m in brightness+2% brightness+4% gamma+2% gamma+3% weight+30% radius-30%; do
    echo "== $m: must fail"
    if compare --test-genome "$dir/$m.flam3"; then
        echo "NOT CAUGHT: $m"
        bad=1
    fi
done
[ $bad = 0 ] && echo "every change caught, the genome itself passes"
exit $bad
