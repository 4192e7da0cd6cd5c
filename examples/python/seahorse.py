#!/usr/bin/python3
"""The seahorse valley of the Mandelbrot set from Python: render it, look
at the arrays with numpy, save python-seahorse.png (scene embedded:
`fractalis render --from python-seahorse.png` renders it again)."""
import numpy as np
import fractalis

r = fractalis.render("mandelbrot", size=(640, 360), center=(-0.7436, 0.1318),
                     width=0.012, iter=2000, palette="ultra", aa=2)
print(r.image.shape, r.image.dtype)        # the image: (360, 640, 3) uint8
print(r.counts.shape, r.counts.dtype)      # every sample (aa 2: 2 x 2 a pixel)

inside = r.counts == 2000                  # never escaped within iter
print(f"{inside.mean():.1%} inside; escaped after {np.median(r.counts[~inside]):.0f} iterations (median)")
hist, edges = np.histogram(r.counts[~inside], bins=[1, 30, 100, 300, 1000, 2000])
for lo, hi, n in zip(edges, edges[1:], hist):
    print(f"{lo:4d}..{hi:4d} {n:7d} {'#' * int(60 * n / hist.max())}")

r.save("python-seahorse.png")
