/*
 * flame_var_ember_v10.h - the Ember variations that, as regular
 * variations, read or zero the sum so far (Ember's outPoint, the running
 * sum of the xform's earlier variations): cubic3D, cubicLattice_3D,
 * popcorn2_3D, hexcrop, concentric, hypershift, hypershift2, octapol,
 * extrude, roundspher3D; and crob, which as a regular variation writes
 * over the affine image instead (see flame_var_list_ember_v10.h).
 *
 * The walker's sum is the vctx's (p0, p1, p2): a regular variation adds
 * to it, so the sum so far is there already; its z holds the z = w z of
 * Ember's (fr_flame_xform_pre.zw) of the variations before it only when the
 * xform asks for it (FR_FLAME_NEED_SUM in var_needs: its zw_sum),
 * so the other xforms pay nothing. A pre_ or post_ form has no sum: Ember's
 * pre_ forms read the point they get (helper.In, the affine image as the
 * pre_ variations before left it), its post_ forms outPoint, which is that
 * point too; and their output replaces the point (or adds to it,
 * FR_VF_SUM), so zeroing it is void. Which one a formula is, is its
 * parameter set's slot (fr_flame_vset.slot). Regular variations run in
 * the registry's order (flam3's, by index; these last), where Ember's run
 * in the genome's: one of these read before others in a genome sees, in
 * Ember, the sum of those before it only.
 *
 * Ember's semantics as in flame_var_ember.h: its Zeps (fr_flame_ezeps),
 * Floor (fr_flame_ember_floor), Rand() (one 32-bit draw,
 * fr_flame_rng_u32) and flam3-compatible mode (its default), and what its
 * Precalc derives worked out in the formula in its order of operations.
 */
#ifndef FR_FLAME_VAR_EMBER_V10_H
#define FR_FLAME_VAR_EMBER_V10_H

#include "flame/flame_var_ember.h"
#include "flame/flame_var_ember_v02.h"
#include "flame/flame_var_ember_v07.h"

/* Ember's outPoint where a variation reads it: the sum so far (regular),
 * the point it gets (pre_, post_). */
FR_HD void fr_flame_sum_so_far(const fr_flame_vset *x, const fr_flame_vctx *f, double *sx, double *sy,
                               double *sz)
{
    const int reg = x->slot == FR_SLOT_REG;
    *sx = reg ? f->p0 : f->tx;
    *sy = reg ? f->p1 : f->ty;
    *sz = reg ? f->p2 : f->tz;
}

/* Ember's `outPoint = 0` of a regular variation (x and y, and z when
 * with_z): the sum so far dropped, the variation's output the sum. */
FR_HD void fr_flame_sum_zero(const fr_flame_vset *x, fr_flame_vctx *f, int with_z)
{
    if (x->slot != FR_SLOT_REG) return;
    f->p0 = f->p1 = 0.0;
    if (with_z) f->p2 = 0.0;
}

/* The corner of cubic3D's and cubicLattice_3D's cube: Ember's Rand() & 7
 * (one draw) picks the signs of (x, y, z): bit 2 x, bit 0 y, bit 1 z, set
 * for minus. */
FR_HD void fr_flame_cube_corner(fr_flame_vctx *f, fr_flame_rng *rng, double vx, double vy, double vz,
                                double d)
{
    const unsigned node = fr_flame_rng_u32(rng) & 7u;
    f->p0 += (node & 4u) ? vx - d : vx + d;
    f->p1 += (node & 1u) ? vy - d : vy + d;
    f->p2 += (node & 2u) ? vz - d : vz + d;
}

/* cubic3D: the sum so far (the point, for a pre_/post_ form) pulled toward
 * the affine image by fill, smoothed by style, moved to a random corner
 * of a cube of half-side w / 2 (one draw). Precalc: fill from xpand, the
 * smoothing from w and style. */
FR_HD void fr_var_cubic3d(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double xpand = f->pv[FR_PL_CUBIC3D_XPAND], style = f->pv[FR_PL_CUBIC3D_STYLE];
    const double fill = fabs(xpand) <= 1 ? xpand * 0.5 : sqrt(xpand) * 0.5;
    const double smooth = fabs(w) <= 0.5 ? w * 2 : 1.0;
    const double sstyle = fabs(style) <= 1 ? style
                          : style > 1      ? 1 + (style - 1) * 0.25
                                           : (style + 1) * 0.25 - 1;
    const double sfill = smooth * fill, s1mfill = smooth * (1 - fill);
    const double exnze = 1 - sstyle * (1 - cos(atan2(f->tx, f->tz)));
    const double wynze = 1 - sstyle * (1 - sin(atan2(f->ty, f->tz)));
    const double znxy = sstyle > 1 ? 1 - sstyle * (1 - (exnze + wynze) / 2 * sstyle)
                                   : 1 - sstyle * (1 - (exnze + wynze) * 0.5);
    double px, py, pz;
    fr_flame_sum_so_far(x, f, &px, &py, &pz);
    const double v1 = (px - s1mfill * px * exnze) + f->tx * sfill * exnze;
    const double v2 = (py - s1mfill * py * wynze) + f->ty * sfill * wynze;
    const double v3 = (pz - s1mfill * pz * znxy) + f->tz * sfill * znxy;
    fr_flame_cube_corner(f, rng, v1, v2, v3, w * 0.5);
}

/* cubicLattice_3D: the sum so far plus the affine image, times fill
 * (style 2: times the angles' cosine and sine), moved to a random corner
 * of a cube of half-side w (one draw). Precalc: fill from xpand. */
FR_HD void fr_var_cubic_lattice3d(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double xpand = f->pv[FR_PL_CUBIC_LATTICE3D_XPAND];
    const double fill = fabs(xpand) <= 1 ? xpand * 0.5 : sqrt(xpand) * 0.5;
    double exnze = 1, wynze = 1, znxy = 1;
    if (f->pv[FR_PL_CUBIC_LATTICE3D_STYLE] == 2) {
        exnze = cos(atan2(f->tx, f->tz));
        wynze = sin(atan2(f->ty, f->tz));
        znxy = (exnze + wynze) * 0.5;
    }
    double px, py, pz;
    fr_flame_sum_so_far(x, f, &px, &py, &pz);
    fr_flame_cube_corner(f, rng, (px + f->tx) * fill * exnze, (py + f->ty) * fill * wynze,
                         (pz + f->tz) * fill * znxy, w);
}

/* popcorn2_3D: popcorn2 in x and y at half weight; z from the point's z
 * (its angle when 0), plus the angle's share when the sum so far has z 0.
 * Precalc: sin(tan c), w |w| (w beyond 1). */
FR_HD void fr_var_popcorn2_3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double c = p[FR_PL_POPCORN2_3D_C], sintanc = sin(tan(c)), hw = w * 0.5;
    const double vv = fabs(w) <= 1 ? fabs(w) * w : w;
    const double tz = f->tz == 0 ? vv * sintanc * f->atan_yx : f->tz;
    double sx, sy, sz;
    fr_flame_sum_so_far(x, f, &sx, &sy, &sz);
    const double pz = sz == 0 ? vv * sintanc * f->atan_yx : 0.0;
    f->p0 += hw * (f->tx + p[FR_PL_POPCORN2_3D_X] * sin(tan(c * f->ty)));
    f->p1 += hw * (f->ty + p[FR_PL_POPCORN2_3D_Y] * sin(tan(c * f->tx)));
    f->p2 += pz + vv * (p[FR_PL_POPCORN2_3D_Z] * sintanc * tz);
}

/* hexcrop: inside a hexagon (scaled, centred) the point moved by the
 * centre times w, added to the sum so far; outside, dropoff in x and y
 * in place of it (the sum so far dropped); z: w z. Precalc: the corners. */
FR_HD void fr_var_hexcrop(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double sx = p[FR_PL_HEXCROP_SCALE_X], sy = p[FR_PL_HEXCROP_SCALE_Y];
    const double hx[6] = {-0.5 * sx, 0.5 * sx,  1.4142135623730951 * sx,
                          0.5 * sx,  -0.5 * sx, -1.4142135623730951 * sx};
    const double hy[6] = {1.0606601717798212 * sy,  1.0606601717798212 * sy,  0.0 * sy,
                          -1.0606601717798212 * sy, -1.0606601717798212 * sy, 0.0 * sy};
    const double ix = f->tx + p[FR_PL_HEXCROP_CENTER_X], iy = f->ty + p[FR_PL_HEXCROP_CENTER_Y];
    int c = 0;
    for (int n = 0, j = 5; n < 6; j = n++)
        if ((hy[n] <= iy && iy < hy[j]) || (hy[j] <= iy && iy < hy[n]))
            if (ix < (hx[j] - hx[n]) * (iy - hy[n]) / fr_flame_ezeps(hy[j] - hy[n]) + hx[n]) c ^= 1;
    const double drop = p[FR_PL_HEXCROP_DROPOFF];
    double ox = c ? ix * w : drop, oy = c ? iy * w : drop;
    if (x->slot == FR_SLOT_REG && c) ox += f->p0, oy += f->p1; /* Ember's outPoint + i w */
    fr_flame_sum_zero(x, f, 0);
    f->p0 += ox;
    f->p1 += oy;
    f->p2 += w * f->tz;
}

/* concentric: a random one of density rings (radius apart, blurred by
 * R_blur), at a random angle, z the ring's depth (blurred by Z_blur), in
 * place of the sum so far; two draws, one more for each blur. */
FR_HD void fr_var_concentric(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double density = p[FR_PL_CONCENTRIC_DENSITY];
    const double lvl = fr_flame_ember_floor(fr_flame_u01(rng) * density) / fr_flame_ezeps(density);
    const double randa = fr_flame_u01(rng) * (2 * M_PI);
    double randr = lvl * p[FR_PL_CONCENTRIC_RADIUS];
    if (p[FR_PL_CONCENTRIC_R_BLUR] != 0)
        randr += (sqrt(fr_flame_u01(rng)) * 2 - 1) * p[FR_PL_CONCENTRIC_R_BLUR];
    fr_flame_sum_zero(x, f, 1);
    f->p0 += randr * cos(randa) * w;
    f->p1 += randr * sin(randa) * w;
    double zb = 0;
    if (p[FR_PL_CONCENTRIC_Z_BLUR] != 0) zb = (fr_flame_u01(rng) * 2 - 1) * p[FR_PL_CONCENTRIC_Z_BLUR];
    f->p2 += (-lvl + zb) * w;
}

/* hypershift's and hypershift2's map: (fx, fy) inverted, shifted,
 * inverted again, scaled by w (1 - shift^2) and shifted back; the last
 * radius factor returned. */
FR_HD double fr_flame_hypershift(double fx, double fy, double shift, double w, double *ox, double *oy)
{
    const double rad = 1 / fr_flame_ezeps(fx * fx + fy * fy);
    const double xx = rad * fx + shift, yy = rad * fy;
    const double r = w * (1 - shift * shift) / fr_flame_ezeps(xx * xx + yy * yy);
    *ox = r * xx + shift;
    *oy = r * yy;
    return r;
}

/* hypershift: a hyperbolic shift of the disc by shift, in place of the sum
 * so far (Ember's flam3-compatible mode). */
FR_HD void fr_var_hypershift(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double ox, oy;
    fr_flame_hypershift(f->tx, f->ty, f->pv[FR_PL_HYPERSHIFT_SHIFT], w, &ox, &oy);
    fr_flame_sum_zero(x, f, 1);
    f->p0 += ox;
    f->p1 += oy;
}

/* hypershift2: the {p, q} tiling's shift, turned by a random one of p
 * sectors (one draw), z: z times the radius factor, in place of the sum
 * so far (flam3-compatible mode). Precalc: shift, scale2 from p and q. */
FR_HD void fr_var_hypershift2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double np = f->pv[FR_PL_HYPERSHIFT2_P], pq = M_PI / f->pv[FR_PL_HYPERSHIFT2_Q], pp = M_PI / np;
    const double spq = sin(pq), spp = sin(pp);
    const double shift = sin(M_PI * 0.5 - pq - pp) / sqrt(1 - spq * spq - spp * spp);
    const double s2 = sin(M_PI / 2 + pp);
    const double scale2 = 1 / sqrt(s2 * s2 / (spq * spq) - 1) * (sin(M_PI / 2 + pp) / spq - 1);
    double ox, oy;
    const double rad = fr_flame_hypershift(f->tx * scale2, f->ty * scale2, shift, w, &ox, &oy);
    const double angle = (fr_flame_ember_floor(fr_flame_u01(rng) * np) * 2 + 1) * M_PI / np;
    const double ca = cos(angle), sa = sin(angle);
    fr_flame_sum_zero(x, f, 1);
    f->p0 += ca * ox - sa * oy;
    f->p1 += sa * ox + ca * oy;
    f->p2 += f->tz * rad;
}

/* octapol's shapes: the box of corners tl, br; the triangle a, b, c (by
 * its barycentric coordinates, Ember's); (x, y) the point. */
FR_HD int fr_flame_octapol_rect(double tlx, double tly, double brx, double bry, double x, double y)
{
    return x >= tlx && y >= tly && x <= brx && y <= bry;
}

FR_HD int fr_flame_octapol_tri(double ax, double ay, double bx, double by, double cx, double cy, double x,
                               double y)
{
    const double v0x = cx - ax, v0y = cy - ay, v1x = bx - ax, v1y = by - ay, v2x = x - ax, v2y = y - ay;
    const double d00 = v0x * v0x + v0y * v0y, d01 = v0x * v1x + v0y * v1y, d02 = v0x * v2x + v0y * v2y;
    const double d11 = v1x * v1x + v1y * v1y, d12 = v1x * v2x + v1y * v2y;
    const double denom = d00 * d11 - d01 * d01;
    double u = 0, v = 0;
    if (denom != 0) {
        u = (d11 * d02 - d01 * d12) / denom;
        v = (d00 * d12 - d01 * d02) / denom;
    }
    return u + v < 1 && u > 0 && v > 0;
}

/* octapol: the point scaled by 0.15; inside a disc (radius |s| |radius| /
 * sqrt 2) moved toward its polar form by polarweight, inside the octagon
 * of the squares and triangles of s and t kept; its w-scaled image added
 * to that (outside both: the sum so far's x and y dropped, Ember's); z:
 * w z. Precalc: the octagon's corners. */
FR_HD void fr_var_octapol(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double as = fabs(p[FR_PL_OCTAPOL_S]), at = fabs(p[FR_PL_OCTAPOL_T]), h = 0.5 * as;
    const double st = as * 0.5 + at, rad = 0.707106781 * as * fabs(p[FR_PL_OCTAPOL_RADIUS]);
    const double px = f->tx * 0.15, py = f->ty * 0.15, pw = p[FR_PL_OCTAPOL_POLARWEIGHT];
    double ox = 0, oy = 0, r = 0;
    int clear = 0;
    if (rad > 0 && (r = sqrt(px * px + py * py)) <= rad) {
        const double rd = log((r / rad) * (r / rad)), phi = atan2(py, px);
        ox = w * (px + (phi - px) * (rd * pw));
        oy = w * (py + (r - py) * (rd * pw));
    } else if (fabs(px) <= st && fabs(py) <= st) {
        /* A .. L: Ember's corners */
        const double ax = -h, ay = h + at, bx = h, by = h + at, cx = at, cy = h, dx = at, dy = -h;
        const double ex = h, ey = -h - at, fx = -h, fy = -h - at, gx = -at, gy = -h, hx = -at, hy = h;
        const double ix = -h, iy = h, jx = h, jy = h, kx = -h, ky = -h, lx = h, ly = -h;
        if (fr_flame_octapol_rect(hx, hy, kx, ky, px, py) || fr_flame_octapol_rect(jx, jy, dx, dy, px, py) ||
            fr_flame_octapol_rect(ax, ay, jx, jy, px, py) || fr_flame_octapol_rect(kx, ky, ex, ey, px, py) ||
            fr_flame_octapol_tri(ix, iy, ax, ay, hx, hy, px, py) ||
            fr_flame_octapol_tri(jx, jy, bx, by, cx, cy, px, py) ||
            fr_flame_octapol_tri(lx, ly, dx, dy, ex, ey, px, py) ||
            fr_flame_octapol_tri(kx, ky, fx, fy, gx, gy, px, py)) {
            ox = w * px;
            oy = w * py;
        } else {
            clear = 1;
        }
    } else {
        clear = 1;
    }
    if (clear) fr_flame_sum_zero(x, f, 0);
    f->p0 += ox + w * px;
    f->p1 += oy + w * py;
    f->p2 += w * f->tz;
}

/* extrude: z to max(w, 0) (probability root_face) or w u: as a regular
 * variation the sum's z set so, x and y untouched; a pre_/post_ one
 * keeps the point's x and y. One draw, two off the root face. */
FR_HD void fr_var_extrude(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double z =
        fr_flame_u01(rng) < f->pv[FR_PL_EXTRUDE_ROOT_FACE] ? (w < 0 ? 0.0 : w) : w * fr_flame_u01(rng);
    if (x->slot == FR_SLOT_REG) {
        f->p2 = z;
    } else {
        f->p0 += f->tx;
        f->p1 += f->ty;
        f->p2 += z;
    }
}

/* roundspher3D: a rounded sphere inversion of (x, y, z) (z 0: cos r), the
 * sum's z (cos r when 0) carried in place of it. */
FR_HD void fr_var_roundspher3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double sx, sy, sz;
    fr_flame_sum_so_far(x, f, &sx, &sy, &sz);
    const double tz = f->tz == 0 ? cos(f->r) : f->tz;
    const double pz = sz == 0 ? cos(f->r) : sz;
    if (x->slot == FR_SLOT_REG) f->p2 = 0;
    const double d = f->r2 + tz * tz;
    const double e = 1 / d + M_2_PI * M_2_PI;
    f->p0 += w * (w / d * f->tx / e);
    f->p1 += w * (w / d * f->ty / e);
    f->p2 += pz + w * (w / d * tz / e);
}

/* The bound on crob's redrawing of a border point (Ember's loops draw
 * until the point falls on the border's side of the diagonal). */
#define FR_CROB_MAX_TRIES 4096

/* crob: 0 inside its box (top .. bottom, left .. right, ordered; equal
 * sides: -1 .. 1); outside, with blur, a random point of the box's border
 * band (ratioBlur of its half side, drawn toward the edge by directBlur),
 * the weight not applied (Ember's); one draw, then two a try. ratioBlur
 * is taken within [0, 1], as Ember's parameter holds it. As a regular
 * variation Ember also writes that point over the affine image for the
 * variations after it: none here (the registry's order: crob is last),
 * and post_depth's affine image stays the walker's. */
FR_HD void fr_var_crob(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    (void)w; /* not applied: Ember's */
    const double *p = f->pv;
    double top = p[FR_PL_CROB_TOP], bottom = p[FR_PL_CROB_BOTTOM], left = p[FR_PL_CROB_LEFT];
    double right = p[FR_PL_CROB_RIGHT], t;
    /* Ember's Precalc */
    if (top > bottom) t = top, top = bottom, bottom = t;
    if (top == bottom) top = -1, bottom = 1;
    if (left > right) t = left, left = right, right = t;
    if (left == right) left = -1, right = 1;
    const double dblur = p[FR_PL_CROB_DIRECTBLUR] < 0 ? 0.0 : p[FR_PL_CROB_DIRECTBLUR];
    const int blur = p[FR_PL_CROB_BLUR] != 0;
    const double ratio = fr_flame_ember_clamp(p[FR_PL_CROB_RATIOBLUR], 0.0, 1.0); /* Ember's range */
    const double xint = fabs(right) - left, yint = fabs(bottom) - top, xi2 = xint / 2, yi2 = yint / 2;
    const double minint2 = xi2 > yi2 ? yi2 : xi2, x0 = right - xi2, y0 = top + yi2;
    const double x0c = xi2 > yi2 ? right - minint2 : x0, y0c = xi2 < yi2 ? top + minint2 : y0;
    const double sp = yint / (xint + yint), spq = 0.25 * sp, sph = 0.50 * sp, sptq = 0.75 * sp;
    const double band = blur ? minint2 * ratio : 0.0;
    /* Ember's Func */
    double xt = 0, yt = 0;
    if (f->tx < left + band || f->tx > right - band || f->ty < top + band || f->ty > bottom - band) {
        if (blur) {
            const double sec = fr_flame_u01(rng);
            int k = 0;
            if (sec < sp) {
                do {
                    yt = top + fr_flame_u01(rng) * yi2;
                    xt = right - pow(fr_flame_u01(rng), dblur) * ratio * minint2;
                } while ((yt - y0c) / fr_flame_ezeps(xt - x0c) < -1 && ++k < FR_CROB_MAX_TRIES);
                if (sec < sph) xt = left + right - xt;
                if (sec > spq && sec < sptq) yt = bottom + top - yt;
            } else {
                double grad;
                do {
                    xt = right - fr_flame_u01(rng) * xi2;
                    yt = top + pow(fr_flame_u01(rng), dblur) * ratio * minint2;
                    grad = (yt - y0c) / fr_flame_ezeps(xt - x0c);
                } while (grad <= 0 && grad > -1 && ++k < FR_CROB_MAX_TRIES);
                if (sec > sph) yt = bottom + top - yt;
                if (sec > spq && sec < sptq) xt = left + right - xt;
            }
        }
    }
    f->p0 += xt;
    f->p1 += yt;
}

#endif
