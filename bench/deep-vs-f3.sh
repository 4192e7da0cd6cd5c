#!/bin/bash
# Deep zoom side by side: fractalis and Fraktaler-3 2.1 (the strongest
# deep-zoom renderer that builds here; ../shared/tools/fraktaler-3) on the
# six Kalles Fraktaler benchmark locations, on this machine's CPU, each
# checked against direct MPFR iteration at sampled pixels.
#   fractalis: `fractalis bench deep` (minimum of REPEAT runs, count
#     colouring), its counts against tests/deep_oracle.c (K samples);
#   Fraktaler-3: as ../shared/tools/fraktaler-3/run.sh runs it (MODE=full,
#     its fastest number types after its own hardware benchmark, with PoCL),
#     its EXR against f3check (the same MPFR iteration with F3's mapping).
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
  | tee "$OUT/fractalis.txt" >&2
# Fraktaler-3, as ../shared/tools/fraktaler-3/run.sh runs it (MODE=full, its
# hardware "wisdom" with PoCL), without run.sh's PNG conversion (this
# ImageMagick has no EXR delegate)
f3=/tmp/fraktaler-3/fraktaler-3 f3dir=$shared/tools/fraktaler-3
wisdom=/tmp/f3-out/wisdom-pocl.toml
mkdir -p "$OUT/f3" "$(dirname "$wisdom")"
dpkg -s pocl-opencl-icd >/dev/null 2>&1 || apt-get install -y -qq pocl-opencl-icd >/dev/null
if [ ! -f "$wisdom" ]; then
  "$f3" -W -w "$wisdom" >&2
  sed -i 's/^\[\[hardware.cpu1\]\]/[[hardware.cpu0]]/' "$wisdom"
  nice -n 5 "$f3" -B -w "$wisdom" >&2
fi
printf 'location\tsize\titerations\trun\twall_s\tuser_s\tsys_s\tmaxrss_kb\n' > "$OUT/f3/timings.tsv"
for loc in $LOCS; do
  base=$OUT/f3/$loc-$SIZE
  "$f3dir/kfr2toml.sh" "$shared/corpus/kfr/$loc.kfr" "$W" "$H" "$base" full > "$base.f3.toml"
  for r in $(seq 1 "$REPEAT"); do
    rm -f "$base.exr"
    /usr/bin/time -o "$base.time" -f '%e\t%U\t%S\t%M' "$f3" --batch --no-persistence --wisdom "$wisdom" --quiet "$base.f3.toml"
    printf '%s\t%s\t%s\t%s\n' "$loc" "$SIZE" "$r" "$(cat "$base.time")" | tee -a "$OUT/f3/timings.tsv" >&2
  done
done
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
  f3s=$(awk -v l="$loc" -F'\t' '$1==l{print $4}' "$OUT/f3/timings.tsv" | sort -n | head -1)
  frs=$(awk -v l="$loc.kfr" '$1==l{print $4}' "$OUT/fractalis.txt")
  printf '%-8s %10s %10s %22s   %s\n' "$loc" "$frs" "$f3s" "$ours" "$f3"
done
