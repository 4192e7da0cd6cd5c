#!/bin/bash
# Deep zoom side by side: fractalis and Fraktaler-3 2.1 (the strongest
# deep-zoom renderer that builds here; ../shared/tools/fraktaler-3) on the
# six Kalles Fraktaler benchmark locations, on this machine's CPU, each
# checked against direct MPFR iteration at sampled pixels.
#   fractalis: `fractalis bench deep` (minimum of REPEAT runs, count
#     colouring), its counts against tests/deep_oracle.c (K samples);
#   Fraktaler-3: ../shared/tools/fraktaler-3/run.sh (MODE=full, its fastest
#     number types after its own hardware benchmark, WISDOM=pocl), its EXR
#     against f3check (the same MPFR iteration with F3's pixel mapping).
# usage: bench/deep-vs-f3.sh [BUILD_DIR]   env: SIZE=1920x1080 REPEAT=1 K=200
#   LOCS="1e14 1e50 ..." (K_<loc> overrides K per location, e.g. K_5e227=20)
# Output: a table on stdout; the raw files under $OUT (default /tmp/deep-vs-f3).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
shared=$(cd "$here/../shared" && pwd)
fr=$build/tools/fractalis/fractalis
oracle=$build/tests/deep_oracle
SIZE=${SIZE:-1920x1080} REPEAT=${REPEAT:-1} K=${K:-200}
LOCS=${LOCS:-"1e14 1e50 5e113 5e227 4e533 1e1086"}
OUT=${OUT:-/tmp/deep-vs-f3}
W=${SIZE%x*} H=${SIZE#*x}
mkdir -p "$OUT"
[ -x "$fr" ] && [ -x "$oracle" ] || { echo "build fractalis and its tests first (scripts/build.sh)" >&2; exit 1; }
[ -x /tmp/fraktaler-3/fraktaler-3 ] || bash "$shared/tools/fraktaler-3/build.sh" >&2

echo "# $(date -u +%F) $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $SIZE" >&2
# fractalis
"$fr" bench deep --kfr-dir "$shared/corpus/kfr" --size "$SIZE" --repeat "$REPEAT" $LOCS \
  | tee "$OUT/fractalis.txt" >&2 || true
# Fraktaler-3
rm -f "$OUT/f3/timings.tsv"
OUT=$OUT/f3 SIZES=$SIZE MODE=full WISDOM=pocl REPEAT=$REPEAT LOCS="$LOCS" \
  bash "$shared/tools/fraktaler-3/run.sh" >&2
# exactness of both
printf '%-8s %10s %10s %22s %10s %22s\n' location fr_s f3_s "fractalis exact" f3_s "Fraktaler-3 exact"
for loc in $LOCS; do
  kfr=$shared/corpus/kfr/$loc.kfr
  k=$(eval echo "\${K_$loc:-$K}")
  "$fr" render --from "$kfr" --size "$SIZE" --color count -q -o "$OUT/$loc.npy"
  "$fr" render --from "$kfr" --size "$SIZE" --color count -q -o "$OUT/$loc.json"
  read -r c wd it bo rot < <(python3 -c "import json,sys; d=json.load(open('$OUT/$loc.json')); print(d['center'], d['width'], d['iter'], d['bailout'] or 2, d['rotate'])")
  "$oracle" --center "$c" --width "$wd" --size "$SIZE" --iter "$it" --bailout "$bo" --rotate "$rot" \
    --sample "$k" --seed 17 > "$OUT/$loc.oracle"
  ours=$(python3 - "$OUT/$loc.npy" "$W" "$OUT/$loc.oracle" <<'PY'
import array, struct, sys
b = open(sys.argv[1], "rb").read(); hl = struct.unpack("<H", b[8:10])[0]
a = array.array("I"); a.frombytes(b[10 + hl:]); w = int(sys.argv[2])
t = e = 0; worst = 0
for l in open(sys.argv[3]):
    x, y, n, c = map(int, l.split()); m = a[y * w + x]; t += 1; e += m == n; worst = max(worst, abs(m - n))
print(f"{e}/{t} (worst {worst})")
PY
)
  re=$(sed -n 's/^Re: *//p' "$kfr" | tr -d '\r '); im=$(sed -n 's/^Im: *//p' "$kfr" | tr -d '\r ')
  zoom=$(sed -n 's/^Zoom: *//p' "$kfr" | tr -d '\r '); its=$(sed -n 's/^Iterations: *//p' "$kfr" | tr -d '\r ')
  f3=$(/tmp/fraktaler-3/f3check "$OUT/f3/$loc-$SIZE.exr" "$re" "$im" "$zoom" "$its" "$k" 17 | tail -1)
  f3s=$(awk -v l="$loc" -F'\t' '$1==l{print $5}' "$OUT/f3/timings.tsv" | sort -n | head -1)
  frs=$(awk -v l="$loc.kfr" '$1==l{print $4}' "$OUT/fractalis.txt")
  printf '%-8s %10s %10s %22s   %s\n' "$loc" "$frs" "$f3s" "$ours" "$f3"
done
