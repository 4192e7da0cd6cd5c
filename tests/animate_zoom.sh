#!/bin/bash
# fractalis animate FORMULA (escape-time zoom videos), end to end.
# usage: animate_zoom.sh FRACTALIS path|frames
#   path:   the frames' scenes (--scenes): log10 width linear in the frame
#           index, the zoom's target (each scene's deep-zoom reference) at
#           the same place on screen in frames 0, N/2 and N - 1, the ends
#           exactly the keyframes; a zoom from the full view to 1e-20 crosses
#           from float64 to perturbation, and its deep frames name one
#           reference
#   frames: a PNG sequence and a tiny video through the frame loop; every
#           frame re-renders alone (render --from frame.png) to the same
#           bytes, the deep frames share one reference orbit; a forced
#           histogram colouring is warned about (skipped, 77, while the
#           frame loop is not built); --resample's frames against frames
#           rendered alone
set -euo pipefail
fr=$1 mode=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
KF="-1.759817130804847813610825010561798238243999999999999999999800,-0.012593310799749865383746631843264858450340000000000000000000"

if [ "$mode" = path ]; then
  "$fr" render mandelbrot --size 96x54 --center -0.6,0.3 --width 3 --rotate 10 -o a.json
  "$fr" render mandelbrot --size 96x54 --center "$KF" --width 2e-25 --rotate 40 --iter 4000 -o b.json
  "$fr" animate mandelbrot --from a.json --to b.json --frames 21 --scenes 'f-%02d.json'
  python3 - <<'PY'
import json, math
from decimal import Decimal as D, getcontext
getcontext().prec = 120
def load(p):
    return json.load(open(p))
def log10w(s):
    t = str(s["width"])
    m, _, e = t.partition("e")
    return math.log10(float(m)) + (int(e) if e else 0)
frames = [load(f"f-{i:02d}.json") for i in range(21)]
a, b = load("a.json"), load("b.json")
# log10 width linear
L = [log10w(f) for f in frames]
for i, l in enumerate(L):
    want = L[0] + (L[-1] - L[0]) * i / 20
    assert abs(l - want) < 1e-9, (i, l, want)
# the ends exactly
assert frames[0]["center"] == a["center"] and frames[-1]["center"] == b["center"], "ends"
assert frames[-1]["width"] == b["width"] and frames[-1]["rotate"] == b["rotate"]
# rotation linear
for i, f in enumerate(frames):
    assert abs(f["rotate"] - (10 + 30 * i / 20)) < 1e-9, (i, f["rotate"])
# the target (the reference every frame names) at one place on screen
refs = {f.get("reference") for f in frames}
assert len(refs) == 1 and None not in refs, refs
tre, tim = (D(v) for v in refs.pop().split(","))
def screen(f):
    cre, cim = (D(v) for v in f["center"].split(","))
    m, _, e = str(f["width"]).partition("e")
    w = D(m) * (D(10) ** int(e) if e else 1)
    px = w / 96
    x, y = float((tre - cre) / px), float((tim - cim) / px)
    r = math.radians(f["rotate"])
    return (x * math.cos(r) + y * math.sin(r), -x * math.sin(r) + y * math.cos(r))
p0, pm, pn = screen(frames[0]), screen(frames[10]), screen(frames[20])
print("target on screen (pixels from the centre):", p0, pm, pn)
for p in (pm, pn):
    assert abs(p[0] - p0[0]) < 1e-6 and abs(p[1] - p0[1]) < 1e-6, (p0, p)
# and every frame between
for f in frames:
    p = screen(f)
    assert abs(p[0] - p0[0]) < 1e-6 and abs(p[1] - p0[1]) < 1e-6, (f["center"], p0, p)
print("path: log width linear, target fixed on screen, ends exact")
PY
  # full view to 1e-20: float64 for the shallow frames, perturbation once a pixel is below
  # 2^-32 of the centre (width ~3e-8 at 64 pixels)
  "$fr" animate mandelbrot --size 64x36 --center "$KF" --zoom-to 1e-20 --iter 3000 --frames 11 --scenes 'z-%02d.json'
  plain=0 deep=0
  for i in 00 01 02 03 06 08 10; do
    "$fr" render --from "z-$i.json" -o "z-$i.png" 2> "z-$i.txt"
    if grep -q perturbation "z-$i.txt"; then deep=$((deep + 1)); else plain=$((plain + 1)); fi
    "$fr" render --from "z-$i.png" -q -o "r-$i.png"
    cmp "z-$i.png" "r-$i.png"
  done
  echo "float64 frames: $plain, perturbation frames: $deep"
  [ "$plain" -ge 3 ] && [ "$deep" -ge 3 ]
  grep -q '"reference"' z-10.json
  # --reference: one point of the user's for every frame, at the deepest precision
  "$fr" animate mandelbrot --size 64x36 --center "$KF" --zoom-to 1e-20 --iter 3000 --frames 5 --reference "$KF" \
    --scenes 'u-%02d.json'
  [ "$(grep -h '"reference' u-*.json | sort -u | wc -l)" = 2 ] && grep -q "\"reference\": \"$KF\"" u-03.json
  exit 0
fi

# frames
probe=$("$fr" animate mandelbrot --center 0,1 --zoom-to 1 --frames 1 -o 'x-%d.png' 2>&1 || true)
if grep -q 'not built yet' <<< "$probe"; then
  echo "skipped: the frame loop (animate_frames.c) is not built yet"
  exit 77
fi
"$fr" animate mandelbrot --size 64x36 --center "$KF" --zoom-to 1e-20 --iter 3000 --frames 11 \
  -o 'f-%02d.png' 2> log.txt || { cat log.txt; exit 1; }
cat log.txt
ls f-*.png | wc -l | grep -qx 11
grep -E 'frames in .* [0-9]+ by perturbation, [0-9]+ of them on a reference orbit computed before' log.txt
# the deep frames after the first reuse its orbit
python3 - log.txt <<'PY'
import re, sys
m = re.search(r"(\d+) by perturbation, (\d+) of them", open(sys.argv[1]).read())
deep, reused = int(m.group(1)), int(m.group(2))
assert deep >= 3 and reused == deep - 1, (deep, reused)
PY
for f in f-*.png; do
  "$fr" render --from "$f" -q -o "re-$f"
  cmp "$f" "re-$f"
done
echo "11 frames re-render alone to the same bytes"
# --resample: frames resampled from keyframes per octave; each at least as
# close to the frame rendered alone at --aa 4 as that frame rendered alone
# at --aa 1 is (the target's place and the scale are right; resampling
# blurs about as much as anti-aliasing does)
"$fr" animate mandelbrot --size 96x54 --center -0.743643887037151,0.13182590420533 --zoom-to 1e-6 --iter 3000 \
  --frames 40 --resample 2 -o 'k-%02d.png' 2> k.txt || { cat k.txt; exit 1; }
grep 'resampled from' k.txt
for i in 05 20 33; do
  "$fr" render --from "k-$i.png" -q -o "k1-$i.png"
  "$fr" render --from "k-$i.png" --aa 4 -q -o "k4-$i.png"
done
python3 - <<'PY'
import zlib, struct, math
def png(path):
    b = open(path, "rb").read(); i = 8; data = b""
    while i < len(b):
        n = struct.unpack(">I", b[i:i + 4])[0]; t = b[i + 4:i + 8]; d = b[i + 8:i + 8 + n]; i += 12 + n
        if t == b"IHDR": w, h = struct.unpack(">II", d[:8]); assert d[8] == 8 and d[9] == 2, "8-bit RGB"
        if t == b"IDAT": data += d
    raw = zlib.decompress(data); bpp = 3; stride = w * bpp; out = bytearray(); prev = bytearray(stride); p = 0
    for y in range(h):
        f = raw[p]; line = bytearray(raw[p + 1:p + 1 + stride]); p += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0; up = prev[x]; c = prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + up) & 255
            elif f == 3: line[x] = (line[x] + (a + up) // 2) & 255
            elif f == 4:
                pa, pb, pc = abs(up - c), abs(a - c), abs(a + up - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else up if pb <= pc else c)) & 255
        out += line; prev = line
    return out
def db(a, b):
    mse = sum((x - y) ** 2 for x, y in zip(a, b)) / len(a)
    return 10 * math.log10(255 ** 2 / mse) if mse else 99
for i in ("05", "20", "33"):
    truth = png(f"k4-{i}.png")
    r, one = db(png(f"k-{i}.png"), truth), db(png(f"k1-{i}.png"), truth)
    print(f"frame {i}: PSNR against the frame alone at aa 4: resampled {r:.1f} dB, alone at aa 1 {one:.1f} dB")
    assert r >= one, (r, one)
PY
# a forced histogram is warned about; a scene's histogram becomes smooth
"$fr" animate mandelbrot --size 32x18 --color histogram --zoom-to 1 --frames 2 -o 'h-%d.png' 2> h.txt
grep -q flicker h.txt
"$fr" render mandelbrot --size 32x18 --color histogram -o hist.json
"$fr" animate mandelbrot --from hist.json --zoom-to 1 --frames 2 -o 's-%d.png' 2> s.txt
grep -q 'colouring smooth instead' s.txt
# a tiny video, where this build encodes video
if "$fr" animate --codecs | grep -q 'no video support'; then
  echo "no video support in this build: the video part is not run"
else
  "$fr" animate mandelbrot --size 64x36 --center "$KF" --zoom-to 1e-16 --frames 12 --fps 12 -q -o zoom.mp4
  [ -s zoom.mp4 ]
  echo "video: $(stat -c %s zoom.mp4) bytes"
fi
