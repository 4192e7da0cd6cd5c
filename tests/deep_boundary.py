#!/usr/bin/env python3
"""A point of a set's boundary for the deep-zoom exactness views
(tests/data/deep): bisection along the ray t (DX, DY), t in [0, 2], each step
asking the MPFR oracle (tests/deep_oracle.c) whether c = t (DX, DY) stays
unescaped for ITER iterations; DIGITS decimal digits (3.33 steps a digit).

usage: deep_boundary.py ORACLE FORMULA_FLAG DX DY ITER DIGITS
  FORMULA_FLAG: an oracle flag such as --ship, --tricorn or --power=3 ("--power=D" is split)
prints "RE,IM" with DIGITS + 2 decimals."""
import subprocess
import sys
from decimal import Decimal, getcontext

oracle, flag, dx, dy, iters, digits = sys.argv[1], sys.argv[2], Decimal(sys.argv[3]), Decimal(sys.argv[4]), \
    sys.argv[5], int(sys.argv[6])
getcontext().prec = digits + 60
flags = flag.split("=", 1)


def inside(t):
    c = f"{t * dx},{t * dy}"
    out = subprocess.run([oracle, "--center", c, "--width", f"1e-{digits + 15}", "--size", "1x1", "--iter", iters,
                          *flags, "--pixels", "-"], input="0 0\n", capture_output=True, text=True,
                         check=True).stdout.split()
    return int(out[2]) >= int(iters)


lo, hi = Decimal(0), Decimal(2)
if not inside(lo) or inside(hi):
    sys.exit("deep_boundary: the ray's ends must be inside (t = 0) and outside (t = 2)")
while hi - lo > Decimal(10) ** (-digits):
    mid = (lo + hi) / 2
    if inside(mid):
        lo = mid
    else:
        hi = mid
print(f"{lo * dx:.{digits + 2}f},{lo * dy:.{digits + 2}f}")
