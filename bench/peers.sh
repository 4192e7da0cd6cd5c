#!/usr/bin/env bash
# Side-by-side benchmark against fractalnow (Debian package), one run, same
# machine, same views, every pixel computed (fractalnow -i 1), smooth
# colouring, float64, 1920x1080. Then single-core kernel throughput.
# Usage: bench/peers.sh [RUNS]   (median of RUNS wall times, default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
F=build/tools/fractalis/fractalis
[ -x "$F" ] || scripts/build.sh
command -v fractalnow >/dev/null || { echo "fractalnow missing: apt-get install fractalnow" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# fractalnow config: centre, span (x, y), bailout, max iterations, smooth colouring.
fn_config() { # CX CY SPANX SPANY ITER
  printf 'c075\nmandelbrot\n%s %s %s %s\n1000 %s\n1\n0x0\niterationcount\nsmooth\nidentity\n0.025 0\n0 0xff 0.25 0xffffff 0.5 0xffff00 0.75 0xff0000 1 0xff\n' "$@"
}
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
wall() { # command... -> median wall seconds over $runs runs
  for _ in $(seq "$runs"); do
    s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
    awk -v a="$e" -v b="$s" 'BEGIN { print a - b }'
  done | median
}

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "date: $(date -u +%Y-%m-%d)"
echo
echo "| view | fractalnow best (-j) | fractalis (PNG out) | ratio |"
echo "|---|---|---|---|"
bench_view() { # NAME CX CY WIDTH ITER
  local name=$1 cx=$2 cy=$3 w=$4 it=$5 best=1e9 bestj=0
  local h; h=$(awk -v w="$w" 'BEGIN { printf "%.17g", w * 1080 / 1920 }')
  fn_config "$cx" "$cy" "$w" "$h" "$it" > "$tmp/v.cfg"
  for j in 2 4 8; do
    t=$(wall fractalnow -c "$tmp/v.cfg" -x 1920 -y 1080 -l double -i 1 -j "$j" -o "$tmp/fn.ppm")
    if awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; bestj=$j; fi
  done
  t=$(wall "$F" render mandelbrot --center "$cx,$cy" --width "$w" --size 1920x1080 --iter "$it" \
      --color smooth --precision f64 -q -o "$tmp/fx.png")
  printf '| %s | %.3f s (-j %s) | %.3f s | %.1fx |\n' "$name" "$best" "$bestj" "$t" "$(awk -v a="$best" -v b="$t" 'BEGIN { print a / b }')"
}
bench_view "full view, max 1000" -0.75 0 4.444 1000
bench_view "seahorse valley, max 5000" -0.7436438870371587 0.1318259042053126 1e-6 5000

echo
echo "Single core (--threads 1), interior tests and periodicity off, every step a real iteration:"
echo
echo "| view | kernel | precision | iterations/s | vs scalar |"
echo "|---|---|---|---|---|"
kernel_rate() { # VIEWARGS... ; prints iter/s from the statistics line
  "$F" render mandelbrot "$@" --threads 1 --interior-test off --periodicity off -o "$tmp/k.npy" 2>&1 |
    sed -n 's/.*, \([0-9.e+]*\) iter\/s$/\1/p'
}
for view in "interior (no point escapes)|--center -0.2,0 --width 0.2 --size 480x270 --iter 5000" \
            "full view|--center -0.75,0 --width 4.444 --size 960x540 --iter 1000"; do
  name=${view%%|*}; args=${view#*|}
  for prec in f32 f64; do
    a=$args
    s=$(for _ in 1 2 3; do kernel_rate $a --precision $prec --kernel scalar; done | median)
    v=$(for _ in 1 2 3; do kernel_rate $a --precision $prec --kernel avx2; done | median)
    printf '| %s | scalar | %s | %.3g | 1.0x |\n' "$name" "$prec" "$s"
    printf '| %s | avx2 | %s | %.3g | %.1fx |\n' "$name" "$prec" "$v" "$(awk -v a="$v" -v b="$s" 'BEGIN { print a / b }')"
  done
done
