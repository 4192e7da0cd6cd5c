#!/usr/bin/env python3
"""The expected values of tests/test_flame_variations_ember9.c: a python3
transcription of Ember's Func and Precalc (Variations02, 03, 05, 06, 07.h)
of the variations that read or zero outPoint (the sum so far), and crob,
written from Ember's source apart from fractalis's code. Each returns
Ember's state after the variation: for a regular one the outPoint after
`outPoint += Out` (zeroed first where Ember zeroes it), for a pre_/post_
one Out (ASSIGNTYPE_SET) or In + Out (concentric: ASSIGNTYPE_SUM).

The draws are the walker's stream (7, 1) as fr_flame_rng_01 gives them,
one a line in the file named by the first argument, e.g. from

    #include <stdio.h>
    #include "flame/flame_rng.h"
    int main(void) { fr_flame_rng g; fr_flame_rng_init(&g, 7, 1);
        for (int i = 0; i < 40; i++) printf("%.17g\n", fr_flame_rng_01(&g)); }

(cc -Isrc -Iinclude). Prints the test's case rows."""
import math
import sys
D = [float(l) for l in open(sys.argv[1])]
EPS = 2.220446049250313e-16
def zeps(x): return EPS if x == 0 else x

class Rand:
    def __init__(s, skip): s.i = skip; s.n = 0
    def f01(s):
        u = D[s.i]; s.i += 1; s.n += 1; return u
    def rand(s):  # Ember's Rand(): a 32-bit integer
        return int(math.floor(s.f01() * 4294967296.0))

def cubic3d(t, i, op, w, rnd, xpand=0.25, style=0.0):
    fill = xpand * 0.5 if abs(xpand) <= 1 else math.sqrt(xpand) * 0.5
    smooth = w * 2 if abs(w) <= 0.5 else 1
    if abs(style) <= 1: ss = style
    elif style > 1: ss = 1 + (style - 1) * 0.25
    else: ss = (style + 1) * 0.25 - 1
    sfill = smooth * fill; s1m = smooth * (1 - fill); hw = w * 0.5
    node = rnd.rand() & 7
    ex = 1 - (ss * (1 - (math.cos(math.atan2(i[0], i[2])))))
    wy = 1 - (ss * (1 - (math.sin(math.atan2(i[1], i[2])))))
    if ss > 1: zn = 1 - (ss * (1 - ((ex + wy) / 2 * ss)))
    else: zn = 1 - (ss * (1 - ((ex + wy) * 0.5)))
    px, py, pz = (i if t == 'pre' else op)
    v1 = (px - (s1m * px * ex)) + (i[0] * sfill * ex)
    v2 = (py - (s1m * py * wy)) + (i[1] * sfill * wy)
    v3 = (pz - (s1m * pz * zn)) + (i[2] * sfill * zn)
    sg = {0: (1, 1, 1), 1: (1, -1, 1), 2: (1, 1, -1), 3: (1, -1, -1), 4: (-1, 1, 1), 5: (-1, -1, 1), 6: (-1, 1, -1), 7: (-1, -1, -1)}[node]
    out = [v1 + sg[0] * hw if sg[0] > 0 else v1 - hw, v2 + hw if sg[1] > 0 else v2 - hw, v3 + hw if sg[2] > 0 else v3 - hw]
    return out, op

def cubiclattice(t, i, op, w, rnd, xpand=0.2, style=1.0):
    fill = xpand * 0.5 if abs(xpand) <= 1 else math.sqrt(xpand) * 0.5
    node = rnd.rand() & 7
    if style == 2:
        ex = math.cos(math.atan2(i[0], i[2])); wy = math.sin(math.atan2(i[1], i[2])); zn = (ex + wy) * 0.5
    else: ex = wy = zn = 1
    px, py, pz = (i if t == 'pre' else op)
    a = (px + i[0]) * fill * ex; b = (py + i[1]) * fill * wy; c = (pz + i[2]) * fill * zn
    sx = -1 if node >= 4 else 1; sy = -1 if node & 1 else 1; sz = -1 if node & 2 else 1
    out = [a + w if sx > 0 else a - w, b + w if sy > 0 else b - w, c + w if sz > 0 else c - w]
    return out, op

def popcorn23d(t, i, op, w, rnd, X=0.1, Y=0.1, Z=0.1, C=3.0):
    sintanc = math.sin(math.tan(C)); hw = w * 0.5
    vv = abs(w) * w if abs(w) <= 1 else w
    atanyx = math.atan2(i[1], i[0])
    tempPZ = 0
    tempTZ = vv * sintanc * atanyx if i[2] == 0 else i[2]
    otherZ = i[2] if t == 'pre' else op[2]
    if otherZ == 0: tempPZ = vv * sintanc * atanyx
    out = [hw * (i[0] + X * math.sin(math.tan(C * i[1]))), hw * (i[1] + Y * math.sin(math.tan(C * i[0]))),
           tempPZ + vv * (Z * sintanc * tempTZ)]
    return out, op

def hexcrop(t, i, op, w, rnd, sx=1.0, sy=1.0, cx=0.0, cy=0.0, drop=1e10):
    P = [(-0.5 * sx, 1.0606601717798212866012665431573 * sy), (0.5 * sx, 1.0606601717798212866012665431573 * sy),
         (1.4142135623730950488016887242097 * sx, 0.0 * sy), (0.5 * sx, -1.0606601717798212866012665431573 * sy),
         (-0.5 * sx, -1.0606601717798212866012665431573 * sy), (-1.4142135623730950488016887242097 * sx, 0.0 * sy)]
    ix = i[0] + cx; iy = i[1] + cy
    c = 0; j = 5
    for n in range(6):
        if (P[n][1] <= iy < P[j][1]) or (P[j][1] <= iy < P[n][1]):
            if ix < (P[j][0] - P[n][0]) * (iy - P[n][1]) / zeps(P[j][1] - P[n][1]) + P[n][0]:
                c ^= 1
        j = n
    op = list(op)
    if t == 'reg':
        out = [op[0] + ix * w if c else drop, op[1] + iy * w if c else drop]
        op[0] = 0; op[1] = 0
    else:
        out = [ix * w if c else drop, iy * w if c else drop]
    out.append(w * i[2])
    return out, op

def concentric(t, i, op, w, rnd, radius=1.0, density=10.0, rblur=0.0, zblur=0.0):
    lvl = math.floor(rnd.f01() * density) / zeps(density)
    randa = rnd.f01() * 2 * math.pi
    randr = lvl * radius
    if rblur != 0: randr += (math.sqrt(rnd.f01()) * 2 - 1) * rblur
    op = list(op)
    if t == 'reg': op = [0.0, 0.0, 0.0]
    out = [randr * math.cos(randa) * w, randr * math.sin(randa) * w]
    zb = 0
    if zblur != 0: zb = (rnd.f01() * 2 - 1) * zblur
    out.append((-lvl + zb) * w)
    return out, op

def hypershift(t, i, op, w, rnd, shift=0.01):
    scale = 1 - shift * shift
    rad = 1 / zeps(i[0] * i[0] + i[1] * i[1])
    x = rad * i[0] + shift; y = rad * i[1]
    rad = w * scale / zeps(x * x + y * y)
    op = list(op)
    if t == 'reg': op = [0.0, 0.0, 0.0]
    dz = 0 if t == 'reg' else i[2]  # DefaultZ
    return [rad * x + shift, rad * y, dz], op

def hypershift2(t, i, op, w, rnd, p=3.0, q=7.0):
    pq = math.pi / q; pp = math.pi / p
    spq = math.sin(pq); spp = math.sin(pp)
    shift = math.sin(math.pi * 0.5 - pq - pp)
    shift = shift / math.sqrt(1 - spq * spq - spp * spp)
    scale2 = 1 / math.sqrt(math.sin(math.pi / 2 + pp) ** 2 / (spq * spq) - 1)
    scale2 = scale2 * (math.sin(math.pi / 2 + pp) / spq - 1)
    scale = 1 - shift * shift
    fx = i[0] * scale2; fy = i[1] * scale2
    rad = 1 / zeps(fx * fx + fy * fy)
    x = rad * fx + shift; y = rad * fy
    rad = w * scale / zeps(x * x + y * y)
    angle = (math.floor(rnd.f01() * p) * 2 + 1) * math.pi / p
    X = rad * x + shift; Y = rad * y
    ca = math.cos(angle); sa = math.sin(angle)
    op = list(op)
    if t == 'reg': op = [0.0, 0.0, 0.0]
    return [ca * X - sa * Y, sa * X + ca * Y, i[2] * rad], op

def extrude(t, i, op, w, rnd, root=0.5):
    op = list(op)
    if t == 'reg':
        out = [0.0, 0.0, 0.0]
        if rnd.f01() < root: op[2] = max(w, 0.0) if not w < 0 else 0.0
        else: op[2] = w * rnd.f01()
    else:
        out = [i[0], i[1], 0.0]
        if rnd.f01() < root: out[2] = w if not w < 0 else 0.0
        else: out[2] = w * rnd.f01()
    return out, op

def roundspher3d(t, i, op, w, rnd):
    op = list(op)
    r2 = i[0] * i[0] + i[1] * i[1]; r = math.sqrt(r2)
    otherZ = i[2] if t == 'pre' else op[2]
    tempTz = math.cos(r) if i[2] == 0 else i[2]
    if otherZ == 0:
        tempPz = math.cos(r)
        if t != 'pre': op[2] = 0
    else:
        tempPz = otherZ
        if t != 'pre': op[2] = 0
    d = r2 + tempTz * tempTz
    e = 1 / d + (2 / math.pi) ** 2
    return [w * (w / d * i[0] / e), w * (w / d * i[1] / e), tempPz + w * (w / d * tempTz / e)], op

F = {'cubic3D': cubic3d, 'cubicLattice_3D': cubiclattice, 'popcorn2_3D': popcorn23d, 'hexcrop': hexcrop,
     'concentric': concentric, 'hypershift': hypershift, 'hypershift2': hypershift2, 'extrude': extrude,
     'roundspher3D': roundspher3d}

def reg(name, w, i, s, skip, **kw):
    """regular: the outPoint after it, from the sum so far s"""
    rnd = Rand(skip)
    out, op = F[name]('reg', i, list(s), w, rnd, **kw)
    return [op[k] + out[k] for k in range(3)], rnd.n

def prepost(t, name, w, i, skip, summing=False, **kw):
    rnd = Rand(skip)
    out, op = F[name](t, i, list(i), w, rnd, **kw)
    return ([i[k] + out[k] for k in range(3)] if summing else out), rnd.n

def octapol(t, i, op, w, rnd, pw=0.0, radius=1.0, S=0.5, Tt=0.5):
    DEN = 0.707106781
    abss = abs(S); abst = abs(Tt); st = abss * 0.5 + abst
    trad = DEN * abss * abs(radius)
    A = (-0.5 * abss, 0.5 * abss + abst); B = (0.5 * abss, 0.5 * abss + abst); C = (abst, 0.5 * abss)
    Dd = (abst, -0.5 * abss); E = (0.5 * abss, -0.5 * abss - abst); Fp = (-0.5 * abss, -0.5 * abss - abst)
    G = (-abst, -0.5 * abss); H = (-abst, 0.5 * abss); I = (-0.5 * abss, 0.5 * abss); J = (0.5 * abss, 0.5 * abss)
    K = (-0.5 * abss, -0.5 * abss); L = (0.5 * abss, -0.5 * abss)
    def rect(tl, br, p): return p[0] >= tl[0] and p[1] >= tl[1] and p[0] <= br[0] and p[1] <= br[1]
    def tri(a, b, c, p):
        v0 = (c[0] - a[0], c[1] - a[1]); v1 = (b[0] - a[0], b[1] - a[1]); v2 = (p[0] - a[0], p[1] - a[1])
        d00 = v0[0] * v0[0] + v0[1] * v0[1]; d01 = v0[0] * v1[0] + v0[1] * v1[1]; d02 = v0[0] * v2[0] + v0[1] * v2[1]
        d11 = v1[0] * v1[0] + v1[1] * v1[1]; d12 = v1[0] * v2[0] + v1[1] * v2[1]
        den = d00 * d11 - d01 * d01
        if den != 0: u = (d11 * d02 - d01 * d12) / den; v = (d00 * d12 - d01 * d02) / den
        else: u = v = 0
        return (u + v) < 1 and u > 0 and v > 0
    x = i[0] * 0.15; y = i[1] * 0.15; z = i[2]; xy = (x, y)
    clear = False; to = [0.0, 0.0]
    hit_circle = False
    if trad > 0:
        r = math.sqrt(x * x + y * y); hit_circle = r <= trad
    if hit_circle:
        rd = math.log((r / trad) ** 2); phi = math.atan2(y, x)
        lerp = lambda a, b, p: a + (b - a) * p
        to = [w * lerp(x, phi, rd * pw), w * lerp(y, r, rd * pw)]
    elif abs(x) <= st and abs(y) <= st:
        if (rect(H, K, xy) or rect(J, Dd, xy) or rect(A, J, xy) or rect(K, E, xy) or tri(I, A, H, xy) or
                tri(J, B, C, xy) or tri(L, Dd, E, xy) or tri(K, Fp, G, xy)):
            to = [w * x, w * y]
        else: clear = True
    else: clear = True
    op = list(op)
    if clear and t != 'pre': op[0] = 0; op[1] = 0
    return [to[0] + w * x, to[1] + w * y, w * z], op
F['octapol'] = octapol

def crob(t, i, op, w, rnd, top=-1.0, bottom=1.0, left=-1.0, right=1.0, blur=1.0, ratio=0.5, dblur=2.0):
    ratio = min(max(ratio, 0.0), 1.0)  # ParamWithName range [0, 1]
    if top > bottom: top, bottom = bottom, top
    if top == bottom: top, bottom = -1.0, 1.0
    if left > right: left, right = right, left
    if left == right: left, right = -1.0, 1.0
    if dblur < 0: dblur = 0.0
    if blur != 0: blur = 1
    xint = abs(right) - left; yint = abs(bottom) - top
    xi2 = xint / 2; yi2 = yint / 2
    mi = yi2 if xi2 > yi2 else xi2
    x0 = right - xi2; y0 = top + yi2
    if xi2 > yi2: x0c = right - mi; y0c = y0
    elif xi2 < yi2: x0c = x0; y0c = top + mi
    else: x0c = x0; y0c = y0
    sp = yint / (xint + yint); spq = 0.25 * sp; sph = 0.50 * sp; sptq = 0.75 * sp
    if blur == 0: tb, bb, lb, rb = top, bottom, left, right
    else: tb = top + mi * ratio; bb = bottom - mi * ratio; lb = left + mi * ratio; rb = right - mi * ratio
    xt = yt = 0.0
    if i[0] < lb or i[0] > rb or i[1] < tb or i[1] > bb:
        if blur != 0:
            sec = rnd.f01()
            if sec < sp:
                while True:
                    yt = top + rnd.f01() * yi2
                    xt = right - math.pow(rnd.f01(), dblur) * ratio * mi
                    if not ((yt - y0c) / zeps(xt - x0c) < -1): break
                if sec < sph: xt = left + right - xt
                if spq < sec < sptq: yt = bottom + top - yt
            else:
                while True:
                    xt = right - rnd.f01() * xi2
                    yt = top + math.pow(rnd.f01(), dblur) * ratio * mi
                    g = (yt - y0c) / zeps(xt - x0c)
                    if not (g <= 0 and g > -1): break
                if sec > sph: yt = bottom + top - yt
                if spq < sec < sptq: xt = left + right - xt
    dz = 0 if t == 'reg' else i[2]
    return [xt, yt, dz], op
F['crob'] = crob


# ---- the cases
A = (0.3, -0.4, 0.5); B = (-1.2, 0.5, 0.0); S = (0.2, 0.1, -0.3); Z = (0.0, 0.0, 0.0)
# name, what, w, point, sum so far, skip, params {attr: (pykw, value)}
cases = [
 ("cubic3D", "defaults", 0.7, A, S, 0, {}),
 ("cubic3D", "xpand 0.8, style 0.6, w 0.3 (smooth 0.6)", 0.3, A, S, 1, {"cubic3D_xpand": ("xpand", 0.8), "cubic3D_style": ("style", 0.6)}),
 ("cubic3D", "xpand 4 (sqrt), style 3 (above 1)", 0.7, A, S, 2, {"cubic3D_xpand": ("xpand", 4.0), "cubic3D_style": ("style", 3.0)}),
 ("cubic3D", "style -2 (below -1)", 0.7, (0.6, 0.2, -0.4), S, 3, {"cubic3D_style": ("style", -2.0)}),
 ("cubic3D", "z 0, sum 0", 0.4, B, Z, 4, {"cubic3D_style": ("style", 1.0)}),
 ("cubic3D", "style 1.5", 0.7, A, S, 5, {"cubic3D_style": ("style", 1.5)}),
 ("cubic3D", "corner 6 (-x +y -z)", 0.7, A, S, 9, {}),
 ("cubic3D", "corner 4 (-x +y +z)", 0.7, A, S, 14, {}),
 ("cubicLattice_3D", "defaults", 0.7, A, S, 0, {}),
 ("cubicLattice_3D", "corner 4", 0.7, A, S, 16, {}),
 ("cubicLattice_3D", "corner 6", 0.7, A, S, 13, {}),
 ("cubicLattice_3D", "style 2, xpand 3 (sqrt)", 0.7, A, S, 6, {"cubicLattice_3D_style": ("style", 2.0), "cubicLattice_3D_xpand": ("xpand", 3.0)}),
 ("cubicLattice_3D", "xpand -0.6", 0.5, B, S, 7, {"cubicLattice_3D_xpand": ("xpand", -0.6)}),
 ("cubicLattice_3D", "style 2, z 0", 0.5, B, S, 8, {"cubicLattice_3D_style": ("style", 2.0)}),
 ("popcorn2_3D", "defaults, sum's z not 0", 0.7, A, S, 0, {}),
 ("popcorn2_3D", "sum's z 0: the angle's share", 0.7, A, (0.2, 0.1, 0.0), 0, {}),
 ("popcorn2_3D", "z 0, w 1.5, c 1.2, x 0.3", 1.5, B, Z, 0, {"popcorn2_3D_c": ("C", 1.2), "popcorn2_3D_x": ("X", 0.3)}),
 ("popcorn2_3D", "w -0.6, y, z", -0.6, A, S, 0, {"popcorn2_3D_y": ("Y", -0.4), "popcorn2_3D_z": ("Z", 0.7)}),
 ("hexcrop", "inside: added to the sum", 0.7, A, S, 0, {}),
 ("hexcrop", "outside: dropoff", 0.7, (1.5, 0.9, 0.5), S, 0, {}),
 ("hexcrop", "outside, dropoff 2", 0.7, (-1.3, -0.5, 0.5), S, 0, {"hexcrop_dropoff": ("drop", 2.0)}),
 ("hexcrop", "scale 2 0.5, centre: inside", 0.7, (1.2, 0.3, 0.2), S, 0, {"hexcrop_scale_x": ("sx", 2.0), "hexcrop_scale_y": ("sy", 0.5), "hexcrop_center_x": ("cx", 0.5), "hexcrop_center_y": ("cy", -0.2)}),
 ("hexcrop", "scale 2 0.5: above", 0.7, (0.2, 0.7, 0.2), S, 0, {"hexcrop_scale_x": ("sx", 2.0), "hexcrop_scale_y": ("sy", 0.5), "hexcrop_dropoff": ("drop", -1.0)}),
 ("concentric", "defaults: in place of the sum", 0.7, A, S, 0, {}),
 ("concentric", "R_blur, Z_blur, radius, density", 0.7, A, S, 1, {"concentric_R_blur": ("rblur", 0.3), "concentric_Z_blur": ("zblur", 0.2), "concentric_radius": ("radius", 0.5), "concentric_density": ("density", 4.0)}),
 ("concentric", "density 0 (Zeps)", 0.7, A, S, 2, {"concentric_density": ("density", 0.0)}),
 ("concentric", "Z_blur alone", 0.5, B, S, 3, {"concentric_Z_blur": ("zblur", 0.4)}),
 ("hypershift", "defaults: in place of the sum", 0.7, A, S, 0, {}),
 ("hypershift", "shift 0.5", 0.7, B, S, 0, {"hypershift_shift": ("shift", 0.5)}),
 ("hypershift", "at 0 (Zeps)", 0.7, (0.0, 0.0, 0.5), S, 0, {"hypershift_shift": ("shift", 0.3)}),
 ("hypershift2", "defaults", 0.7, A, S, 0, {}),
 ("hypershift2", "p 4, q 5", 0.7, B, S, 1, {"hypershift2_p": ("p", 4.0), "hypershift2_q": ("q", 5.0)}),
 ("hypershift2", "p 5, q 4", 0.7, A, S, 2, {"hypershift2_p": ("p", 5.0), "hypershift2_q": ("q", 4.0)}),
 ("octapol", "in the disc", 0.7, A, S, 0, {}),
 ("octapol", "in the disc, polarweight 0.4, radius 2", 0.7, (-1.2, 0.5, 0.0), S, 0, {"octapol_polarweight": ("pw", 0.4), "octapol_radius": ("radius", 2.0)}),
 ("octapol", "triangle J B C", 0.7, (2.0, 2.3333, 0.2), S, 0, {}),
 ("octapol", "triangle I A H", 0.7, (-2.0, 2.3333, 0.2), S, 0, {}),
 ("octapol", "triangle K F G", 0.7, (-2.0, -2.3333, 0.2), S, 0, {}),
 ("octapol", "triangle L D E", 0.7, (2.0, -2.3333, 0.2), S, 0, {}),
 ("octapol", "in the square, no shape: the sum's x, y dropped", 0.7, (3.0, 1.0, 0.5), S, 0, {}),
 ("octapol", "outside the square: dropped", 0.7, (9.0, 9.0, 0.0), S, 0, {}),
 ("octapol", "radius 0 (no disc), s -1, t 0.2", 0.7, (0.3, -0.4, 0.5), S, 0, {"octapol_radius": ("radius", 0.0), "octapol_s": ("S", -1.0), "octapol_t": ("Tt", 0.2)}),
 ("extrude", "off the root face: z w u", 0.7, A, S, 0, {}),
 ("extrude", "root face: z w", 0.7, A, S, 2, {}),
 ("extrude", "root face, w -0.7: z 0", -0.7, A, S, 2, {}),
 ("extrude", "root_face 1", 0.7, B, S, 0, {"extrude_root_face": ("root", 1.0)}),
 ("crob", "inside: 0", 0.7, A, S, 0, {}),
 ("crob", "outside: the side band (else branch)", 0.7, (1.2, 0.5, 0.3), S, 0, {}),
 ("crob", "outside: the top band, y turned", 0.7, (1.2, 0.5, 0.3), S, 2, {}),
 ("crob", "outside: the top band, redrawn once", 0.7, (1.2, 0.5, 0.3), S, 5, {}),
 ("crob", "outside: the top band, x turned", 0.7, (1.2, 0.5, 0.3), S, 10, {}),
 ("crob", "outside: the side band, redrawn once", 0.7, (1.2, 0.5, 0.3), S, 9, {}),
 ("crob", "in the border band", 0.7, (0.9, 0.0, 0.3), S, 4, {}),
 ("crob", "blur 0: 0", 0.7, (1.2, 0.5, 0.3), S, 0, {"crob_blur": ("blur", 0.0)}),
 ("crob", "sides swapped and equal, ratioBlur 2 (1), directBlur 1", 0.7, (0.2, 1.5, 0.3), S, 3, {"crob_top": ("top", 1.0), "crob_bottom": ("bottom", -0.5), "crob_left": ("left", 0.3), "crob_right": ("right", 0.3), "crob_ratioBlur": ("ratio", 2.0), "crob_directBlur": ("dblur", 1.0)}),
 ("crob", "wide box", 0.7, (-3.5, 0.2, 0.3), S, 6, {"crob_left": ("left", -3.0), "crob_right": ("right", 2.0)}),
 ("roundspher3D", "sum's z carried", 0.7, A, S, 0, {}),
 ("roundspher3D", "z 0, sum's z 0: cos r", 0.7, B, Z, 0, {}),
 ("roundspher3D", "at 0, z 0.5", 0.7, (0.0, 0.0, 0.5), (0.1, 0.0, 0.0), 0, {}),
]
def fmt(v): return repr(float(v))
print("/* generated by the transcription: name, what, w, point, sum so far, skip, draws, parameters, sum after */")
for (n, what, w, i, s, skip, ps) in cases:
    kw = {k: v for (_, (k, v)) in ps.items()}
    o, nd = reg(n, w, list(i), s, skip, **kw)
    pr = ", ".join('{"%s", %s}' % (a, fmt(v)) for a, (_, v) in ps.items()) or "{NULL, 0}"
    print('    {"%s", "%s", %s, {%s, %s, %s}, {%s, %s, %s}, %d, %d, {%s}, {%s, %s, %s}},' % (
        n, what, fmt(w), *map(fmt, i), *map(fmt, s), skip, nd, pr, *map(fmt, o)))
# pre_/post_ forms at (0.3, -0.4, 0.5) (flame_slot_near), draws from skip 0
print("/* pre_/post_ */")
for (t, n, w, summing) in [("pre", "cubic3D", 0.7, 0), ("pre", "cubicLattice_3D", 0.7, 0), ("post", "popcorn2_3D", 0.7, 0),
                           ("post", "hexcrop", 0.7, 0), ("pre", "concentric", 0.7, 1), ("post", "hypershift", 0.7, 0),
                           ("pre", "hypershift2", 0.7, 0), ("pre", "extrude", 0.7, 0), ("pre", "octapol", 0.7, 0), ("post", "roundspher3D", 0.7, 0),
                           ("post", "cubic3D", 0.7, 0), ("post", "crob", 0.7, 0), ("pre", "crob", 0.7, 0)]:
    o, nd = prepost(t, n, w, list(A), 0, summing=bool(summing))
    print('    {FR_SLOT_%s, "%s", %s, %d, {%s, %s, %s}},' % (t.upper(), n, fmt(w), nd, *map(fmt, o)))
print("/* sums: linear 1 (z = w z) then the variation, at (0.3, -0.4, 0.5) */")
for (n, w, skip, kw) in [("roundspher3D", 0.7, 0, {}), ("concentric", 0.7, 0, {}), ("hexcrop", 0.7, 0, {"drop": 2.0}),
                         ("cubic3D", 0.7, 0, {}), ("popcorn2_3D", 0.7, 0, {}), ("extrude", 0.7, 0, {}), ("octapol", 0.7, 0, {})]:
    o, nd = reg(n, w, list(A), list(A), skip, **kw)
    print('    /* linear + %s */ {%s, %s, %s}, draws %d' % (n, *map(fmt, o), nd))
