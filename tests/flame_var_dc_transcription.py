#!/usr/bin/env python3
"""The expected values of tests/test_flame_variations_ember10.c: a python3
transcription of Ember's Func and Precalc (VariationsDC.h; curl_sp of
Variations04.h in Ember's flam3-compatible mode) of the variations that read
or set the colour coordinate (outPoint.m_ColorX), written from Ember's
source apart from fractalis's code. Each returns Ember's state after the
variation: the outPoint after `outPoint += Out` for a regular one (zeroed
first where Ember zeroes it: randCubes), Out for a pre_/post_ one
(ASSIGNTYPE_SET; In + Out for dc_cube and randCubes, ASSIGNTYPE_SUM), and
outPoint.m_ColorX.

The draws are the walker's stream (7, 1) as fr_flame_rng_01 gives them, one
a line in the file named by the first argument (as for
tests/flame_var_sum_transcription.py). Ember's RandBit is floor(2 u) of one
draw, its Rand(n) floor(n u) (fractalis' reading of Ember's ISAAC draws).
Prints the test's case rows."""
import math
import struct
import sys
D = [float(l) for l in open(sys.argv[1])]
EPS = 2.220446049250313e-16
def zeps(x): return EPS if x == 0 else x
def sqr(x): return x * x

def clamp(v, lo, hi):  # Ember's Clamp<double>: NaN -> lo
    if v < lo: return lo
    if v > hi: return hi
    if not math.isfinite(v): return lo
    return v

def clamp_lte(v, lte):  # Ember's ClampLteRef<double>
    return lte if (v > lte or not math.isfinite(v)) else v

def lrint(x):  # VarFuncs::LRint (double)
    return float(int(x + 0.5) if x >= 0 else int(x - 0.5))

def efloor(v):  # Ember's Floor -> intmax_t
    i = int(v)
    return i - (1 if (v < 0 and i > v) else 0)

def i32(v):  # C int wrap
    v &= 0xffffffff
    return v - (1 << 32) if v >= 1 << 31 else v

def cint(d):  # C (int) of a double in range
    return int(d)

def ehash(a):  # VarFuncs::Hash on a 32-bit int, wrapping, >> arithmetic
    a = i32((a ^ 61) ^ (a >> 16))
    a = i32(a + i32(a << 3))
    a = i32(a ^ (a >> 4))
    a = i32(a * 0x27d4eb2d)
    a = i32(a ^ (a >> 15))
    return float(a) / 2147483647

class Rand:
    def __init__(s, skip): s.i = skip; s.n = 0
    def f01(s):
        u = D[s.i]; s.i += 1; s.n += 1; return u
    def bit(s): return int(math.floor(s.f01() * 2))
    def randn(s, n): return int(math.floor(s.f01() * n))

def sums(t, i, op):  # the sumX, sumY Ember's dc_ variations read
    return (i[0], i[1]) if t == 'pre' else (op[0], op[1])

def default_z(t, i): return 0.0 if t == 'reg' else i[2]

def dc_bubble(t, i, op, c, w, rnd, centerx=0.0, centery=0.0, scale=1.0):
    bdcs = 1 / (10E-6 if scale == 0 else scale)
    r = sqr(i[0]) + sqr(i[1])
    r4_1 = zeps(r / 4 + 1)
    r4_1 = w / r4_1
    out = [r4_1 * i[0], r4_1 * i[1], w * (2 / r4_1 - 1)]
    sx, sy = sums(t, i, op)
    tx = out[0] + sx; ty = out[1] + sy
    c = math.fmod(abs(bdcs * (sqr(tx + centerx) + sqr(ty + centery))), 1.0)
    return out, c

def dc_carpet(t, i, op, c, w, rnd, A, origin=0.0):
    x0 = -1 if rnd.bit() else 1
    y0 = -1 if rnd.bit() else 1
    x = i[0] + x0; y = i[1] + y0
    xr = float(x0 ^ y0)
    H = 0.1 * origin
    h = -H + (1 - xr) * H
    a, b, cc, d, e, f = A
    out = [w * (a * x + b * y + e), w * (cc * x + d * y + f), default_z(t, i)]
    c = math.fmod(abs(c * 0.5 * (1 + h) + xr * (1 - h) * 0.5), 1.0)
    return out, c

def dc_cube(t, i, op, c, w, rnd, c1=0.0, c2=0.0, c3=0.0, c4=0.0, c5=0.0, c6=0.0, cx=1.0, cy=1.0, cz=1.0):
    cl = [clamp(v, 0, 1) for v in (c1, c2, c3, c4, c5, c6)]
    p = 2 * rnd.f01() - 1
    q = 2 * rnd.f01() - 1
    k = rnd.randn(3)
    j = rnd.bit()
    if k == 0:
        x = w * (-1 if j else 1); y = w * p; z = w * q; c = cl[0] if j else cl[1]
    elif k == 1:
        x = w * p; y = w * (-1 if j else 1); z = w * q; c = cl[2] if j else cl[3]
    else:
        x = w * p; y = w * q; z = w * (-1 if j else 1); c = cl[4] if j else cl[5]
    return [x * cx, y * cy, z * cz], c

def stripe(angle, scale, offset, tx, ty):
    sina = math.sin(angle); cosa = math.cos(angle)
    ldcs = 1 / (10E-6 if scale == 0 else scale)
    return math.fmod(abs(0.5 * (ldcs * ((cosa * tx + sina * ty + offset)) + 1)), 1.0)

def dc_cylinder(t, i, op, c, w, rnd, offset=0.0, angle=0.0, scale=0.5, x=0.125, y=0.125, blur=1.0):
    temp = rnd.f01() * (2 * math.pi)
    sr = math.sin(temp); cr = math.cos(temp)
    r = blur * (rnd.f01() + rnd.f01() + rnd.f01() + rnd.f01() - 2)
    out = [w * math.sin(i[0] + r * sr) * x, r + i[1] * y, w * math.cos(i[0] + r * cr)]
    sx, sy = sums(t, i, op)
    return out, stripe(angle, scale, offset, out[0] + sx, out[1] + sy)

def dc_gridout(t, i, op, c, w, rnd):
    x = lrint(i[0]); y = lrint(i[1])
    if y <= 0:
        if x > 0:
            if -y >= x: o = [w * (i[0] + 1), w * i[1]]; c += 0.25
            else: o = [w * i[0], w * (i[1] + 1)]; c += 0.75
        else:
            if y <= x: o = [w * (i[0] + 1), w * i[1]]; c += 0.25
            else: o = [w * i[0], w * (i[1] - 1)]; c += 0.75
    else:
        if x > 0:
            if y >= x: o = [w * (i[0] - 1), w * i[1]]; c += 0.25
            else: o = [w * i[0], w * (i[1] + 1)]; c += 0.75
        else:
            if y > -x: o = [w * (i[0] - 1), w * i[1]]; c += 0.25
            else: o = [w * i[0], w * (i[1] - 1)]; c += 0.75
    return o + [default_z(t, i)], math.fmod(c, 1.0)

def dc_linear(t, i, op, c, w, rnd, offset=0.0, angle=0.0, scale=1.0):
    out = [w * i[0], w * i[1], w * i[2]]
    sx, sy = sums(t, i, op)
    return out, stripe(angle, scale, offset, out[0] + sx, out[1] + sy)

def dc_triangle(t, i, op, c, w, rnd, A, scatter_area=0.0, zero_edges=0.0):
    a, b, cc, d, e, f = A
    m_a = clamp(scatter_area, -1, 1)
    xx = a; xy = b; yx = cc * -1; yy = d * -1; ox = e; oy = f
    px = i[0] - ox; py = i[1] - oy
    dot00 = xx * xx + xy * xy; dot01 = xx * yx + xy * yy; dot02 = xx * px + xy * py
    dot11 = yx * yx + yy * yy; dot12 = yx * px + yy * py
    denom = (dot00 * dot11 - dot01 * dot01)
    num_u = (dot11 * dot02 - dot01 * dot12); num_v = (dot00 * dot12 - dot01 * dot02)
    u = num_u / denom; v = num_v / denom
    inside = 0; fs = 1
    if u + v > 1:
        fs = -1
        if u > v: u = clamp_lte(u, 1); v = 1 - u
        else: v = clamp_lte(v, 1); u = 1 - v
    elif u < 0 or v < 0:
        u = clamp(u, 0, 1); v = clamp(v, 0, 1)
    else:
        inside = 1
    if zero_edges and not inside:
        u = v = 0
    elif not inside:
        u = (u + rnd.f01() * m_a * fs)
        v = (v + rnd.f01() * m_a * fs)
        u = clamp(u, -1, 1); v = clamp(v, -1, 1)
        if u + v > 1 and m_a > 0:
            if u > v: u = clamp_lte(u, 1); v = 1 - u
            else: v = clamp_lte(v, 1); u = 1 - v
    out = [w * (ox + u * xx + v * yx), w * (oy + u * xy + v * yy), w * i[2]]
    return out, math.fmod(abs(u + v), 1.0)

def dc_ztransl(t, i, op, c, w, rnd, x0=0.0, x1=1.0, factor=1.0, overwrite=1.0, clamp_=0.0):
    a = x0 if x0 < x1 else x1
    b = x0 if x0 > x1 else x1
    d = zeps(b - a)
    zf = factor * (c - a) / d
    if clamp_ != 0: zf = clamp(zf, 0, 1)
    z = w * i[2] * zf if overwrite == 0 else w * zf
    return [w * i[0], w * i[1], z], c

def rand_cubes(t, i, op, c, w, rnd, blockSize=1.0, blockHeight=1.0, spread=3.0, seed=1.0, density=1.0):
    l1 = math.log(rnd.f01())
    bx = efloor(l1 * (spread if rnd.bit() else -spread))
    l2 = math.log(rnd.f01())
    by = efloor(l2 * (spread if rnd.bit() else -spread))
    z = ehash(cint(bx * seed)) + ehash(cint(bx + by * seed))
    out = [(bx * density + rnd.f01()) * blockSize, (by * density + rnd.f01()) * blockSize,
           blockHeight * z * math.pow(rnd.f01(), 0.125)]
    return out, z / 2

def pixel_flow(t, i, op, c, w, rnd, angle=90.0, len_=0.1, width=200.0, seed=42.0, enable_dc=0.0):
    rad = angle * (math.pi / 180)
    yl = math.sin(rad); xl = math.cos(rad)
    bx = i32(efloor(i[0] * width))
    bx = i32(bx + int(2 - 4 * ehash(cint(bx * seed + 1))))
    by = i32(efloor(i[1] * width))
    by = i32(by + int(2 - 4 * ehash(cint(by * seed + 1))))
    flen = (ehash(cint(by + bx * -seed)) + ehash(cint(bx + by * seed * 0.5))) * 0.5
    r01 = rnd.f01()
    fade = flen * r01 * r01 * r01 * r01
    out = [w * len_ * xl * fade, w * len_ * yl * fade, default_z(t, i)]
    return out, (r01 if enable_dc else c)

def powq4c(x, y):
    return x if y == 1 else math.pow(abs(x), y) * (-1.0 if x < 0 else 1.0)

def spread_(x, y): return math.sqrt(sqr(x) + sqr(y)) * (1.0 if x > 0 else -1.0)

def curl_sp(t, i, op, c, w, rnd, pow_=1.0, c1=0.0, c2=0.0, sx=0.0, sy=0.0, dc=0.0):
    c2x2 = 2 * c2; dcadj = 0.1 * dc; power = zeps(pow_); pinv = 1 / power
    x = powq4c(i[0], power); y = powq4c(i[1], power); z = powq4c(i[2], power)
    d = sqr(x) - sqr(y)
    re = spread_(c1 * x + c2 * d, sx) + 1
    im = spread_(c1 * y + c2x2 * x * y, sy)
    cc = zeps(powq4c(sqr(re) + sqr(im), pinv))
    r = w / cc
    out = [(x * re + y * im) * r, (y * re - x * im) * r, (z * w) / cc]
    return out, clamp(c + dcadj * cc, 0, 1)

FUNCS = {'dc_bubble': dc_bubble, 'dc_carpet': dc_carpet, 'dc_cube': dc_cube, 'dc_cylinder': dc_cylinder,
         'dc_gridout': dc_gridout, 'dc_linear': dc_linear, 'dc_triangle': dc_triangle, 'dc_ztransl': dc_ztransl,
         'randCubes': rand_cubes, 'pixel_flow': pixel_flow, 'curl_sp': curl_sp}
SUMTYPE = {'dc_cube', 'randCubes'}
ZEROES = {'randCubes'}
# python keyword clashes: the C parameter name's suffix -> the function's argument
ARG = {'clamp': 'clamp_', 'len': 'len_', 'pow': 'pow_'}
AFF = (0.6, 0.1, -0.1, 0.6, 0.2, 0.0)  # the test xform's coefs as Ember's A B C D E F (a b c d e f)

def run(var, t, i, op, c, w, skip, params, aff=AFF):
    rnd = Rand(skip)
    kw = {}
    for name, v in params:
        k = name[len(var) + 1:]
        if var == 'dc_cube' and k in ('x', 'y', 'z'): k = 'c' + k
        kw[ARG.get(k, k)] = v
    if var in ('dc_carpet', 'dc_triangle'): kw['A'] = aff
    out, cn = FUNCS[var](t, i, op, c, w, rnd, **kw)
    if t == 'reg':
        base = [0.0, 0.0, 0.0] if var in ZEROES else op
        o = [base[0] + out[0], base[1] + out[1], base[2] + out[2]]
    elif var in SUMTYPE:
        o = [i[0] + out[0], i[1] + out[1], i[2] + out[2]]
    else:
        o = out
    return o, cn, rnd.n

def fmt(v): return repr(float(v))

T0 = (0.3, -0.4, 0.5); S0 = (0.2, 0.1, -0.3)
CASES = [
    # var, what, w, t, s, c, skip, params
    ('dc_bubble', 'defaults', 0.7, T0, S0, 0.4, 0, []),
    ('dc_bubble', 'centre, scale 0.3', 0.7, (-1.2, 0.5, 0.0), S0, 0.4, 0, [('dc_bubble_centerx', 0.5), ('dc_bubble_centery', -0.2), ('dc_bubble_scale', 0.3)]),
    ('dc_bubble', 'scale 0 (1e-5)', 0.5, T0, S0, 0.4, 0, [('dc_bubble_scale', 0.0)]),
    ('dc_carpet', 'origin 0, quadrant from two draws', 0.7, T0, S0, 0.4, 0, []),
    ('dc_carpet', 'origin 2', 0.7, T0, S0, 0.4, 1, [('dc_carpet_origin', 2.0)]),
    ('dc_carpet', 'origin 2, other quadrant', 0.7, T0, S0, 0.8, 2, [('dc_carpet_origin', 2.0)]),
    ('dc_carpet', 'origin -3, another', 0.7, (-1.2, 0.5, 0.0), S0, 0.3, 4, [('dc_carpet_origin', -3.0)]),
    ('dc_cube', 'defaults', 0.7, T0, S0, 0.4, 0, []),
    ('dc_cube', 'colours, scales', 0.7, T0, S0, 0.4, 1, [('dc_cube_c1', 0.1), ('dc_cube_c2', 0.2), ('dc_cube_c3', 0.3), ('dc_cube_c4', 0.4), ('dc_cube_c5', 1.5), ('dc_cube_c6', -0.6), ('dc_cube_x', 2.0), ('dc_cube_y', 0.5), ('dc_cube_z', 3.0)]),
    ('dc_cube', 'colours, another face', 0.7, T0, S0, 0.4, 2, [('dc_cube_c1', 0.1), ('dc_cube_c2', 0.2), ('dc_cube_c3', 0.3), ('dc_cube_c4', 0.4), ('dc_cube_c5', 1.5), ('dc_cube_c6', -0.6)]),
    ('dc_cube', 'colours, another', 0.7, T0, S0, 0.4, 3, [('dc_cube_c1', 0.1), ('dc_cube_c2', 0.2), ('dc_cube_c3', 0.3), ('dc_cube_c4', 0.4), ('dc_cube_c5', 1.5), ('dc_cube_c6', -0.6)]),
    ('dc_cube', 'colours, another', 0.7, T0, S0, 0.4, 4, [('dc_cube_c1', 0.1), ('dc_cube_c2', 0.2), ('dc_cube_c3', 0.3), ('dc_cube_c4', 0.4), ('dc_cube_c5', 1.5), ('dc_cube_c6', -0.6)]),
    ('dc_cube', 'colours, another', 0.7, T0, S0, 0.4, 18, [('dc_cube_c1', 0.1), ('dc_cube_c2', 0.2), ('dc_cube_c3', 0.3), ('dc_cube_c4', 0.4), ('dc_cube_c5', 1.5), ('dc_cube_c6', -0.6)]),
    ('dc_cylinder', 'defaults', 0.7, T0, S0, 0.4, 0, []),
    ('dc_cylinder', 'offset, angle, scale, x, y, blur', 0.7, (-1.2, 0.5, 0.0), S0, 0.4, 3, [('dc_cylinder_offset', 0.3), ('dc_cylinder_angle', 1.1), ('dc_cylinder_scale', 2.0), ('dc_cylinder_x', 0.5), ('dc_cylinder_y', -0.4), ('dc_cylinder_blur', 0.3)]),
    ('dc_cylinder', 'scale 0 (1e-5)', 0.7, T0, S0, 0.4, 1, [('dc_cylinder_scale', 0.0)]),
    ('dc_gridout', 'y <= 0, x > 0, -y >= x', 0.7, (0.6, -1.4, 0.5), S0, 0.4, 0, []),
    ('dc_gridout', 'y <= 0, x > 0, -y < x', 0.7, (1.6, -0.6, 0.5), S0, 0.9, 0, []),
    ('dc_gridout', 'y <= 0, x <= 0, y <= x', 0.7, (-0.6, -1.4, 0.5), S0, 0.4, 0, []),
    ('dc_gridout', 'y <= 0, x <= 0, y > x', 0.7, (-1.6, -0.4, 0.5), S0, 0.4, 0, []),
    ('dc_gridout', 'y > 0, x > 0, y >= x', 0.7, (0.6, 1.4, 0.5), S0, 0.8, 0, []),
    ('dc_gridout', 'y > 0, x > 0, y < x', 0.7, (2.4, 0.6, 0.5), S0, 0.4, 0, []),
    ('dc_gridout', 'y > 0, x <= 0, y > -x', 0.7, (-0.6, 1.4, 0.5), S0, 0.4, 0, []),
    ('dc_gridout', 'y > 0, x <= 0, y <= -x', 0.7, (-1.6, 0.6, 0.5), S0, 0.4, 0, []),
    ('dc_gridout', 'halves (away from 0)', 0.7, (0.5, -0.5, 0.5), S0, 0.4, 0, []),
    ('dc_linear', 'defaults', 0.7, T0, S0, 0.4, 0, []),
    ('dc_linear', 'offset, angle, scale', 0.7, T0, S0, 0.4, 0, [('dc_linear_offset', -0.7), ('dc_linear_angle', 2.5), ('dc_linear_scale', 0.25)]),
    ('dc_linear', 'scale 0 (1e-5)', 0.7, T0, S0, 0.4, 0, [('dc_linear_scale', 0.0)]),
    ('dc_triangle', 'inside', 0.7, (0.35, -0.3, 0.5), S0, 0.4, 0, []),
    ('dc_triangle', 'beyond the edge (u + v > 1), no scatter', 0.7, (1.5, 0.9, 0.5), S0, 0.4, 0, []),
    ('dc_triangle', 'beyond the edge, v >= u', 0.7, (0.2, -2.5, 0.5), S0, 0.4, 0, []),
    ('dc_triangle', 'outside OX/OY (u or v < 0)', 0.7, (-1.2, 0.5, 0.0), S0, 0.4, 0, []),
    ('dc_triangle', 'outside, scatter 0.4', 0.7, (-1.2, 0.5, 0.0), S0, 0.4, 0, [('dc_triangle_scatter_area', 0.4)]),
    ('dc_triangle', 'beyond the edge, scatter 0.6', 0.7, (1.5, 0.9, 0.5), S0, 0.4, 1, [('dc_triangle_scatter_area', 0.6)]),
    ('dc_triangle', 'beyond the edge, scatter -2 (-1)', 0.7, (1.5, 0.9, 0.5), S0, 0.4, 2, [('dc_triangle_scatter_area', -2.0)]),
    ('dc_triangle', 'outside OX (v < 0), scatter 0.9: folded again', 0.7, (1.02, 0.63, 0.5), S0, 0.4, 0, [('dc_triangle_scatter_area', 0.9)]),
    ('dc_triangle', 'outside OY (u < 0), scatter 0.9: folded again', 0.7, (-0.13, -0.98, 0.5), S0, 0.4, 3, [('dc_triangle_scatter_area', 0.9)]),
    ('dc_triangle', 'outside, zero_edges', 0.7, (1.5, 0.9, 0.5), S0, 0.4, 0, [('dc_triangle_zero_edges', 1.0), ('dc_triangle_scatter_area', 0.5)]),
    ('dc_ztransl', 'defaults (overwrite)', 0.7, T0, S0, 0.4, 0, []),
    ('dc_ztransl', 'x0 > x1, factor 3, clamp', 0.7, T0, S0, 0.4, 0, [('dc_ztransl_x0', 0.8), ('dc_ztransl_x1', 0.3), ('dc_ztransl_factor', 3.0), ('dc_ztransl_clamp', 1.0)]),
    ('dc_ztransl', 'scaling z, no clamp', 0.7, T0, S0, 0.9, 0, [('dc_ztransl_x0', 0.2), ('dc_ztransl_factor', -2.0), ('dc_ztransl_overwrite', 0.0)]),
    ('dc_ztransl', 'x0 = x1 (Zeps)', 0.7, T0, S0, 0.5, 0, [('dc_ztransl_x0', 0.5), ('dc_ztransl_x1', 0.5), ('dc_ztransl_clamp', 1.0)]),
    ('randCubes', 'defaults: in place of the sum', 0.7, T0, S0, 0.4, 0, []),
    ('randCubes', 'other draws', 0.7, T0, S0, 0.4, 3, []),
    ('randCubes', 'size, height, spread, seed, density', 0.7, T0, S0, 0.4, 6, [('randCubes_blockSize', 0.5), ('randCubes_blockHeight', 2.0), ('randCubes_spread', 1.5), ('randCubes_seed', 7.0), ('randCubes_density', 0.8)]),
    ('pixel_flow', 'defaults (colour kept)', 0.7, T0, S0, 0.4, 0, []),
    ('pixel_flow', 'enable_dc, angle, len, width, seed', 0.7, (-1.2, 0.5, 0.0), S0, 0.4, 1, [('pixel_flow_enable_dc', 1.0), ('pixel_flow_angle', 30.0), ('pixel_flow_len', 2.0), ('pixel_flow_width', 3.0), ('pixel_flow_seed', 5.0)]),
    ('pixel_flow', 'negative blocks', 0.7, (-0.31, -0.77, 0.0), S0, 0.4, 2, [('pixel_flow_enable_dc', 1.0), ('pixel_flow_width', 17.0), ('pixel_flow_seed', -3.0)]),
    ('curl_sp', 'defaults: linear, colour kept', 0.7, T0, S0, 0.4, 0, []),
    ('curl_sp', 'c1, c2, dc', 0.7, T0, S0, 0.4, 0, [('curl_sp_c1', 0.5), ('curl_sp_c2', 0.3), ('curl_sp_dc', 0.8)]),
    ('curl_sp', 'pow 2, spreads', 0.7, (-1.2, 0.5, -0.3), S0, 0.4, 0, [('curl_sp_pow', 2.0), ('curl_sp_c1', 0.5), ('curl_sp_c2', -0.3), ('curl_sp_sx', 0.4), ('curl_sp_sy', -0.2), ('curl_sp_dc', 2.0)]),
    ('curl_sp', 'pow 0 (Zeps), clamped at 1', 0.7, T0, S0, 0.9, 0, [('curl_sp_pow', 0.0), ('curl_sp_dc', 5.0)]),
    ('curl_sp', 'dc -9: clamped at 0', 0.7, T0, S0, 0.4, 0, [('curl_sp_c1', 0.2), ('curl_sp_dc', -9.0)]),
]

PREPOST = [  # slot, var, w, c, skip, params: at (0.3, -0.4, 0.5), linear3D's (pre) / the point (post)
    ('pre', 'dc_bubble', 0.7, 0.4, 0, []),
    ('post', 'dc_linear', 0.7, 0.4, 0, [('dc_linear_angle', 0.7)]),
    ('pre', 'dc_cylinder', 0.7, 0.4, 0, []),
    ('post', 'dc_gridout', 0.7, 0.4, 0, []),
    ('pre', 'dc_cube', 0.7, 0.4, 0, [('dc_cube_c1', 0.3), ('dc_cube_c2', 0.6)]),
    ('post', 'dc_ztransl', 0.7, 0.4, 0, [('dc_ztransl_overwrite', 0.0)]),
    ('post', 'randCubes', 0.7, 0.4, 0, []),
    ('pre', 'curl_sp', 0.7, 0.4, 0, [('curl_sp_c1', 0.5), ('curl_sp_dc', 0.8)]),
    ('pre', 'pixel_flow', 0.7, 0.4, 0, [('pixel_flow_enable_dc', 1.0)]),
]

WHOLE = [  # var, w, params, colour in, var_color (None: absent): linear (w 1) first, at (0.3, -0.4, 0.5)
    ('dc_linear', 0.7, [('dc_linear_angle', 0.7)], 0.4, None),
    ('dc_linear', 0.7, [('dc_linear_angle', 0.7)], 0.4, 0.25),
    ('dc_bubble', 0.5, [], 0.9, 0.5),
    ('dc_ztransl', 0.7, [('dc_ztransl_overwrite', 0.0)], 0.6, None),
    ('dc_gridout', 0.7, [], 0.4, 2.0),
    ('randCubes', 0.7, [], 0.4, 0.0),
]

def whole(var, w, p, c, vc):
    pt = (0.3, -0.4, 0.5)
    op = (pt[0], pt[1], pt[2])  # linear's sum, Ember's z = w z included
    o, cn, n = run(var, 'reg', pt, op, c, w, 0, p)
    d = 1.0 if vc is None else min(max(vc, 0.0), 1.0)
    col = c + d * (cn - c)
    return o, (0.0 if math.isnan(col) else col), n

def params_c(p):
    return '{' + ', '.join('{"%s", %s}' % (n, fmt(v)) for n, v in p) + (', ' if p else '') + '{NULL, 0}}'

if __name__ == '__main__':
    print('/* cases */')
    for var, what, w, t, s, c, skip, p in CASES:
        o, cn, n = run(var, 'reg', t, s, c, w, skip, p)
        print('    {"%s", "%s", %s, {%s}, {%s}, %s, %d, %d, %s, {%s}, %s},' % (
            var, what, fmt(w), ', '.join(map(fmt, t)), ', '.join(map(fmt, s)), fmt(c), skip, n, params_c(p),
            ', '.join(map(fmt, o)), fmt(cn)))
    print('/* pre_/post_ */')
    for slot, var, w, c, skip, p in PREPOST:
        pt = (0.3, -0.4, 0.5)
        o, cn, n = run(var, slot, pt, pt, c, w, skip, p)
        print('    {FR_SLOT_%s, "%s", %s, %s, %d, %s, {%s}, %s},' % (
            slot.upper(), var, fmt(w), fmt(c), n, params_c(p), ', '.join(map(fmt, o)), fmt(cn)))
    print('/* whole xforms */')
    for var, w, p, c, vc in WHOLE:
        o, cn, n = whole(var, w, p, c, vc)
        print('    {"%s", %s, %s, %s, %s, %d, {%s}, %s},' % (
            var, fmt(w), params_c(p), fmt(c), 'NULL' if vc is None else '"%s"' % repr(vc), n,
            ', '.join(map(fmt, o)), fmt(cn)))
