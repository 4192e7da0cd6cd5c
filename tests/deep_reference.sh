#!/bin/bash
# Deep zoom with the reference orbit away from the view's centre (--reference,
# as a zoom video's frames have it) against the MPFR oracle
# (tests/deep_oracle.c): the view of deep_exact.sh is rendered fresh (the
# reference at its centre) and with the reference moved by (DX, DY) pixels;
# K sampled pixels are iterated in MPFR at their exact c. Passes when the
# moved render meets deep_exact.sh's bar (99.9 % of the counts equal, none
# off by more than 1 %) and equals the oracle at every sampled pixel where
# the fresh render does, but those passing within rounding of the bailout.
# usage: deep_reference.sh FRACTALIS ORACLE VIEW_TOOL|FILE.view DEPTH SAMPLES WxH DX,DY
#   FR_DEEP_DEVICE=cuda: render on the GPU (skipped, 77, where there is none)
set -euo pipefail
fr=$1 oracle=$2 viewtool=$3 depth=$4 k=$5 size=$6 offset=$7
device=()
if [ -n "${FR_DEEP_DEVICE:-}" ]; then
  device=(--device "$FR_DEEP_DEVICE")
  if [ "$FR_DEEP_DEVICE" = cuda ] && ! "$fr" devices | grep -q '^cuda:0 '; then
    echo "skipped, no GPU here"
    exit 77
  fi
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
power=2
if [ -f "$viewtool" ] && [ "${viewtool%.view}" != "$viewtool" ]; then
  read -r power center width iter < "$viewtool"
else
  read -r center width iter < <("$viewtool" "$depth")
fi
formula=mandelbrot oracle_formula="--power $power"
if [ "$power" = tricorn ]; then formula=tricorn oracle_formula=--tricorn
elif [ "$power" = ship ]; then formula=burningship oracle_formula=--ship
elif [ "$power" != 2 ]; then formula="multibrot --power $power"; fi
# the reference: centre + (DX, DY) pixels, in decimal
reference=$(python3 - "$center" "$width" "${size%x*}" "$offset" <<'PY'
import sys
from decimal import Decimal as D, getcontext
c, w, n, off = sys.argv[1:]
re, im = c.split(",")
getcontext().prec = len(c) + 40
dx, dy = (D(v) for v in off.split(","))
px = D(w) / D(n)
print(f"{D(re) + dx * px},{D(im) + dy * px}")
PY
)
# shellcheck disable=SC2086
"$fr" render $formula --center "$center" --width "$width" --iter "$iter" --size "$size" --color count \
  "${device[@]}" -q -o "$work/fresh.npy"
# shellcheck disable=SC2086
"$fr" render $formula --center "$center" --width "$width" --iter "$iter" --size "$size" --color count \
  --reference "$reference" "${device[@]}" -q -o "$work/moved.npy"
# shellcheck disable=SC2086
"$oracle" --center "$center" --width "$width" --iter "$iter" --size "$size" $oracle_formula --sample "$k" \
  --seed "$depth" > "$work/oracle.txt"
python3 - "$work/fresh.npy" "$work/moved.npy" "${size%x*}" "$work/oracle.txt" "$depth" "$offset" <<'PY'
import array, struct, sys
fresh_path, moved_path, w, oracle, depth, offset = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6]
def counts(path):
    b = open(path, "rb").read()
    hl = struct.unpack("<H", b[8:10])[0]
    assert b"'<u4'" in b[10:10 + hl], "counts must be uint32"
    a = array.array("I")
    a.frombytes(b[10 + hl:])
    return a
fresh, moved = counts(fresh_path), counts(moved_path)
total = equal = far = lost = 0
for line in open(oracle):
    sx, sy, n, close = map(int, line.split())
    f, m = fresh[sy * w + sx], moved[sy * w + sx]
    total += 1
    equal += m == n
    if m != n:
        far += abs(m - n) > 0.01 * max(n, 1)
        print(f"  pixel ({sx}, {sy}): moved reference {m}, fresh {f}, MPFR {n}"
              f"{' (passes within rounding of the bailout)' if close else ''}")
        if f == n and not close:
            lost += 1
print(f"depth 1e-{depth}, reference moved by {offset} pixels: {equal}/{total} counts equal the MPFR oracle's "
      f"({100.0 * equal / total:.2f} %), {far} off by more than 1 %, {lost} exact in the fresh render but not here")
sys.exit(0 if total > 0 and equal >= 0.999 * total and far == 0 and lost == 0 else 1)
PY
