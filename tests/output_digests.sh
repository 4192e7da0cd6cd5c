#!/usr/bin/env bash
# Pins the bytes of what fractalis writes: escape-time counts, values and
# images (PNG with its scene, PPM, JPEG, .npy, .json), orbit-density
# histograms (.npy and the scene beside it, a resumed one included) and
# images, CPU flame images and raw buffers at a fixed seed (both CPU
# kernels), flam3 XML written back, and `params`. Each output's SHA-256 must
# equal the one in tests/output_digests.txt: a change of any output byte,
# by a refactoring or an optimisation, fails here and names the output.
#
# usage: output_digests.sh FRACTALIS SHARED_DIR [--update]
#   --update rewrites the pinned list (only for an intended output change:
#   say which and why in the commit).
set -euo pipefail
fr=$1 shared=$2 mode=${3:-check}
here=$(cd "$(dirname "$0")" && pwd)
pinned=$here/output_digests.txt
corpus=$shared/corpus/flames
for f in electricsheep.244.01031.flam3 sierpinski.flame tatasz_springcrown_manysimplexforms.flame; do
  [ -f "$corpus/$f" ] || { echo "FAIL: corpus genome $corpus/$f is missing"; exit 1; }
done
for f in 5e113 4e533; do
  [ -f "$shared/corpus/kfr/$f.kfr" ] || { echo "FAIL: KF location $shared/corpus/kfr/$f.kfr is missing"; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/out"
cd "$work/out"
err=$work/err.txt
run() { "$fr" "$@" -q >/dev/null 2>"$err" || { echo "FAIL: fractalis $*"; cat "$err"; exit 1; }; }

# Escape time: every formula and colouring, both precisions, AA, 16 bits,
# every output format; the scalar kernel gives the AVX2 kernel's bytes.
run render mandelbrot --size 160x120 -o e-mandel.png
run render mandelbrot --size 160x120 --kernel scalar -o e-mandel-scalar.png
run render mandelbrot --size 160x120 --threads 1 -o e-mandel-t1.png
run render mandelbrot --size 160x120 --color count --iter 500 -o e-count.npy
run render mandelbrot --size 160x120 --color count --iter 500 -o e-count.png
run render mandelbrot --size 160x120 -o e-smooth.npy
run render julia --size 160x120 --color histogram --aa 2 -o e-julia-hist.png
run render julia --size 160x120 --color histogram -o e-julia-hist.npy
run render burningship --size 160x120 --color distance -o e-ship-dist.png
run render burningship --size 160x120 --color distance -o e-ship-dist.npy
run render tricorn --size 160x120 --precision f32 --depth 16 -o e-tricorn16.png
run render multibrot --power 5 --size 160x120 --palette ultra -o e-multi.ppm
run render mandelbrot --size 160x120 --center -0.743643887037151,0.13182590420533 --width 1e-9 \
  --iter 5000 --rotate 30 --palette fire --palette-offset 0.25 --interior '#102030' --perturbation off -o e-deep.png
# Deep zoom: the same view by perturbation; KF locations in double and in
# extended range (their palettes too), every colouring, 1 and 2 threads.
run render mandelbrot --size 160x120 --center -0.743643887037151,0.13182590420533 --width 1e-9 \
  --iter 5000 --rotate 30 --palette fire --palette-offset 0.25 --interior '#102030' -o e-perturb.png
run render --from "$shared/corpus/kfr/5e113.kfr" --size 96x54 -o e-kf-5e113.png
run render --from "$shared/corpus/kfr/4e533.kfr" --size 96x54 -o e-kf-4e533.png
run render --from "$shared/corpus/kfr/4e533.kfr" --size 96x54 --threads 1 -o e-kf-4e533-t1.png
run render --from "$shared/corpus/kfr/5e113.kfr" --size 96x54 --color distance -o e-kf-5e113-dist.npy
run render --from "$shared/corpus/kfr/4e533.kfr" --size 96x54 --color distance -o e-kf-4e533-dist.npy
run render --from "$shared/corpus/kfr/5e113.kfr" --size 96x54 --color histogram -o e-kf-5e113-hist.png
run render mandelbrot --size 160x120 --palette '#000000,#ff8000,#ffffff' --palette-cycle 40 -o e-custom.png
run render mandelbrot --size 160x120 --jpeg-quality 90 -o e-mandel.jpg
run render julia --c -0.4,0.6 --bailout 100 --periodicity off -o e-julia.json
run render --from e-deep.png --size 80x60 -o e-from-png.png
run render --from e-julia.json --size 80x60 -o e-from-json.png
"$fr" params e-deep.png >e-params-deep.txt 2>"$err" || { echo "FAIL: params"; cat "$err"; exit 1; }

# Orbit density: histograms and their scenes, every storage mode and
# sampling, a resumed histogram.
run render buddhabrot --size 96x96 --samples 200000 --seed 3 -o b-buddha.npy -o b-buddha.png
run render buddhabrot --size 96x96 --samples 200000 --seed 3 --device cpu --threads 1 -o b-buddha-t1.npy
run render nebulabrot --size 64x64 --samples 100000 --depth 16 -o b-nebula.npy -o b-nebula.png
run render anti-buddhabrot --size 64x64 --iter 200 --samples 50000 --precision f64 -o b-anti.npy -o b-anti.png
run render buddhabrot --size 64x80 --center -0.5,0.3 --width 1.5 --rotate 0 --sampling uniform \
  --samples 100000 --tone log -o b-view.npy -o b-view.png
run render buddhabrot --size 64x64 --sampling importance --grid 64 --samples 100000 --tone gamma -o b-imp.npy
cp b-buddha.npy b-resumed.npy && cp b-buddha.npy.json b-resumed.npy.json
run render --resume b-resumed.npy --samples 100000
run render buddhabrot --size 96x96 --samples 300000 --seed 3 -o b-buddha-300k.npy
run render buddhabrot --channel r:0:2000 --channel g:0:200 --channel b:0:20 --size 48x48 --samples 50000 -o b-channels.json
for tone in linear equalize; do
  run render buddhabrot --size 64x64 --samples 100000 --tone $tone --percentile 100 -o b-tone-$tone.png
done

# Flames on the CPU at a fixed seed: both kernels, raw buffers, 16 bits,
# transparency, earlyclip, motion blur, strips; the XML written back.
for k in scalar avx2; do
  run render flame "$corpus/electricsheep.244.01031.flam3" --size 160x0 --quality 20 --seed 7 --kernel $k \
    -o f-01031-$k.png --raw f-01031-$k.npy
  run render flame "$corpus/tatasz_springcrown_manysimplexforms.flame" --size 160x0 --quality 20 --seed 7 \
    --kernel $k --depth 16 --transparent -o f-tatasz-$k.png
  run render flame "$corpus/sierpinski.flame" --size 120x0 --quality 30 --seed 7 --kernel $k --earlyclip \
    -o f-sierpinski-$k.ppm
  run render flame "$here/data/motion-triangle.flam3" --size 120x0 --quality 20 --seed 7 --kernel $k \
    --motion-blur -o f-motion-$k.png
  run render flame "$corpus/electricsheep.244.01031.flam3" --size 160x0 --quality 20 --seed 7 --kernel $k \
    --strips 3 -o f-01031-strips-$k.png
done
for f in "$corpus"/*; do
  "$fr" flame convert "$f" "x-$(basename "$f").flam3" >/dev/null 2>"$err" ||
    { echo "FAIL: flame convert $f"; cat "$err"; exit 1; }
done

sha256sum -- * | awk '{print $2 "\t" $1}' | sort >"$work/digests.txt"
if [ "$mode" = --update ]; then
  cp "$work/digests.txt" "$pinned"
  echo "wrote $(wc -l <"$pinned") digests to $pinned"
  exit 0
fi
[ -f "$pinned" ] || { echo "FAIL: $pinned is missing"; exit 1; }
if ! diff "$pinned" "$work/digests.txt" >"$work/diff.txt"; then
  echo "FAIL: outputs differ from the pinned digests (< pinned, > now):"
  cat "$work/diff.txt"
  exit 1
fi
echo "all $(wc -l <"$pinned") outputs equal their pinned digests"
