#!/bin/bash
# Deep zoom exactness against the MPFR oracle (tests/deep_oracle.c): a view
# with structure at depth 10^-DEPTH made with the feature finder
# (deep_view_tool), rendered by fractalis, and K sampled pixels iterated
# directly in MPFR at their exact c. Passes when at least 99.9 % of the
# counts equal the oracle's and none is off by more than 1 %.
# usage: deep_exact.sh FRACTALIS ORACLE VIEW_TOOL DEPTH SAMPLES WxH
#        deep_exact.sh FRACTALIS ORACLE FILE.view DEPTH SAMPLES WxH
#   a .view file holds "POWER CENTER WIDTH ITER" (POWER "tricorn": the Tricorn, "ship": the Burning Ship; Multibrot,
#   Tricorn and Burning Ship views: a point of
#   the set's boundary found by bisection along a ray with the oracle itself,
#   tests/data/deep/README)
#   FR_DEEP_DEVICE=cuda: render on the GPU (ctest -L gpu); skipped (77) where there is none, unless
#   FR_REQUIRE_GPU=1
set -euo pipefail
fr=$1 oracle=$2 viewtool=$3 depth=$4 k=$5 size=$6
device=()
if [ -n "${FR_DEEP_DEVICE:-}" ]; then
  device=(--device "$FR_DEEP_DEVICE")
  if [ "$FR_DEEP_DEVICE" = cuda ] && ! "$fr" devices | grep -q '^cuda:0 '; then
    reason=$("$fr" devices | grep '^cuda' || true)
    if [ "${FR_REQUIRE_GPU:-}" = 1 ]; then echo "FAILED (FR_REQUIRE_GPU=1): $reason"; exit 1; fi
    echo "skipped, no GPU here: $reason"
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
# shellcheck disable=SC2086
"$fr" render $formula --center "$center" --width "$width" --iter "$iter" --size "$size" --color count \
  "${device[@]}" -q -o "$work/counts.npy"
# shellcheck disable=SC2086
"$oracle" --center "$center" --width "$width" --iter "$iter" --size "$size" $oracle_formula --sample "$k" \
  --seed "$depth" > "$work/oracle.txt"
python3 - "$work/counts.npy" "${size%x*}" "$work/oracle.txt" "$depth" <<'PY'
import array, struct, sys
path, w, oracle, depth = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
b = open(path, "rb").read()
hl = struct.unpack("<H", b[8:10])[0]
assert b"'<u4'" in b[10:10 + hl], "counts must be uint32"
a = array.array("I")
a.frombytes(b[10 + hl:])
total = equal = far = 0
worst = 0
for line in open(oracle):
    sx, sy, n, close = map(int, line.split())
    m = a[sy * w + sx]
    total += 1
    if m == n:
        equal += 1
        continue
    worst = max(worst, abs(m - n))
    if abs(m - n) > 0.01 * max(n, 1):
        far += 1
    print(f"  pixel ({sx}, {sy}): fractalis {m}, MPFR {n}{' (passes within rounding of the bailout)' if close else ''}")
print(f"depth 1e-{depth}: {equal}/{total} counts equal the MPFR oracle's ({100.0 * equal / total:.2f} %), "
      f"{far} off by more than 1 %, worst difference {worst}")
sys.exit(0 if total > 0 and equal >= 0.999 * total and far == 0 else 1)
PY
