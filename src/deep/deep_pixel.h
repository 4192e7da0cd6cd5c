/*
 * deep_pixel.h - the per-pixel loop of deep zoom, written once for every
 * backend (the CPU's rows, the CUDA kernels): perturbation against the reference orbit,
 * Zhuoran's rebasing and bilinear approximation (BLA). Compile without FP
 * contraction; every fma is placed by hand, so backends agree bit for bit.
 *
 * Pixel orbit = Z_m + z, pixel c = C + dc:
 *   z <- (2 Z_m + z) z + dc,  m <- m + 1        (perturbation step)
 *   z <- A z + B dc,          m <- m + l        (BLA step, when |z| < r)
 *   rebase: z <- Z_m + z, m <- 0, when |Z_m + z| < |z| or m reaches M.
 * Burning Ship, (|x| + i|y|)^2 + c: x as above, y <- 2 diffabs(X Y, X y +
 * x (Y + y)) + dcy, diffabs(c, d) = |c + d| - |c| by cases so that no
 * large terms cancel (as in Kalles Fraktaler and Fraktaler-3).
 * Count: the first n with |Z_m + z|^2 > R^2 (z_0 = 0), as the plain path;
 * max_iter when none. The derivative d = (dz/dc) * pixel rides along
 * (d <- 2 (Z_m + z) d + pixel; d <- A d + B pixel). For the real-linear
 * formulas (Tricorn, Burning Ship) dz/dc is a real 2x2 matrix, kept as the
 * pair (d, q) of v -> d v + q conj(v), composed like the BLA steps.
 */
#ifndef FR_DEEP_PIXEL_H
#define FR_DEEP_PIXEL_H

#include "deep/deep_job.h"

/* The formula as the loop reads it. A backend may compile a copy of the
 * loop for the commonest case (the CUDA backend does: Mandelbrot in double
 * without the derivative), defining FR_DEEP_ONLY_Z2 before including this
 * header: the other formulas' code then drops out at compile time and the
 * copy needs fewer registers. The arithmetic is the same either way. */
#ifdef FR_DEEP_ONLY_Z2
#define FR_DEEP_POWER(j) 2
#define FR_DEEP_CONJ(j) 0
#define FR_DEEP_SHIP(j) 0
#define FR_DEEP_DERIV(j) 0
#else
#define FR_DEEP_POWER(j) ((j)->power)
#define FR_DEEP_CONJ(j) ((j)->conj)
#define FR_DEEP_SHIP(j) ((j)->ship)
#define FR_DEEP_DERIV(j) ((j)->derivative)
#endif

/* Rare branches (escape, rebase) stay branches: as selects they would put
 * their tests on the orbit's dependency chain. */
#define FR_DEEP_RARE(x) __builtin_expect(!!(x), 0)
#if defined(__CUDA_ARCH__)
#define FR_DEEP_KEEP_BRANCH()
#else
#define FR_DEEP_KEEP_BRANCH() __asm__ volatile("")
#endif

typedef struct fr_deep_result {
    uint32_t n;          /* count */
    double wx, wy;       /* the first orbit point past the bailout (escaped) */
    double dist_px;      /* distance estimate in pixels (derivative on), else 0 */
    float de[2];         /* the directional estimate (fr_escape_extra.de) in sample
                            spacings (derivative on), else 0 */
    uint64_t steps;      /* perturbation steps */
    uint64_t skipped;    /* iterations skipped by BLA */
} fr_deep_result;

FR_HD double fr_deep_amax(double x, double y)
{
    double ax = fabs(x), ay = fabs(y);
    return ax > ay ? ax : ay;
}

/* |w| < |z|, without underflow for tiny values. */
FR_HD int fr_deep_closer(double wx, double wy, double zx, double zy)
{
    if (fr_deep_amax(zx, zy) < 0x1p-400) {
        const double s = 0x1p600;
        wx *= s, wy *= s, zx *= s, zy *= s;
    }
    return fma(wx, wx, wy * wy) < fma(zx, zx, zy * zy);
}

/* Reference record m: Z_m and level 0's BLA radius at m (one 32-byte
 * record: on a GPU one sector, two loads through the read-only cache). */
FR_HD void fr_deep_zrec(const double *Z, uint32_t m, double *x, double *y, double *r)
{
#if defined(__CUDA_ARCH__)
    const double *p = Z + FR_DEEP_ZREC * (size_t)m;
    const double2 xy = __ldg((const double2 *)p);
    *x = xy.x, *y = xy.y, *r = __ldg(p + 2);
#else
    const double *p = Z + FR_DEEP_ZREC * (size_t)m;
    *x = p[0], *y = p[1], *r = p[2];
#endif
}

/* Unrolled on a GPU: the levels' offsets and counts become constants of
 * the kernel's parameters instead of indexed loads. */
#if defined(__CUDA_ARCH__)
#define FR_DEEP_UNROLL _Pragma("unroll")
#else
#define FR_DEEP_UNROLL
#endif

/* The BLA search from level lev up at index i of that level, best the
 * step found below it (-1: none): each level's step at the same start while
 * valid (|z|max = zmax below its radius, within `left` iterations; radii
 * only shrink up the levels, a merge's being at most its first half's,
 * deep_bla.c). A level-k step is at most 2^k long, so its length is read
 * only when 2^k > left. */
FR_HD int64_t fr_deep_bla_climb(const fr_deep_job *j, int lev, uint32_t i, int64_t best, double zmax, uint32_t left)
{
    FR_DEEP_UNROLL
    for (int k = 0; k < FR_BLA_MAX_LEVELS; k++) {
        if (k < lev) continue;
        if (k >= j->levels || i >= j->level_n[k]) break;
        const uint32_t e = j->level_off[k] + i;
        if (!(zmax < j->bla[e].r) || ((1u << k) > left && j->bla[e].l > left)) break;
        best = e;
        if (i & 1) break;
        i >>= 1;
    }
    return best;
}

/* The longest valid BLA step at reference index m for |z|max = zmax that
 * stays within `left` iterations (>= 1), r0 the radius of level 0's step at
 * m (the record's); -1 when none. Level 0's step at m (entry m - 1, level 0
 * starting at offset 0) holds when r0 does (its length 1 fits). */
FR_HD int64_t fr_deep_bla_find_r(const fr_deep_job *j, uint32_t m, double r0, double zmax, uint32_t left)
{
    if (!(zmax < r0)) return -1; /* 0 at m = 0, M */
    const uint32_t i = m - 1;
    return i & 1 ? (int64_t)i : fr_deep_bla_climb(j, 1, i >> 1, i, zmax, left);
}
FR_HD int64_t fr_deep_bla_find(const fr_deep_job *j, uint32_t m, double zmax, uint32_t left)
{
    return fr_deep_bla_find_r(j, m, j->Z[FR_DEEP_ZREC * (size_t)m + 2], zmax, left);
}

/* Distance estimate in pixels from the escaped point and the scaled
 * derivative: |w| log|w| / |d|. */
FR_HD double fr_deep_dist(double wx, double wy, double dx, double dy)
{
    double aw = sqrt(wx * wx + wy * wy), ad = sqrt(dx * dx + dy * dy);
    return ad > 0 && isfinite(ad) ? aw * log(aw) / ad : 0.0;
}

/* The same for a real-linear derivative v -> d v + q conj(v): its norm is
 * the root-mean-square of its singular values, sqrt(|d|^2 + |q|^2), as in
 * the plain path (escape_distance.h). */
FR_HD double fr_deep_dist_q(double wx, double wy, double dx, double dy, double qx, double qy)
{
    double aw = sqrt(wx * wx + wy * wy), ad = sqrt((dx * dx + dy * dy) + (qx * qx + qy * qy));
    return ad > 0 && isfinite(ad) ? aw * log(aw) / ad : 0.0;
}
FR_HD double fr_deep_dist_q_fe(double wx, double wy, fr_fec d, fr_fec q)
{
    fr_fe n2 = fr_fe_add(fr_fec_norm2(d), fr_fec_norm2(q));
    if (n2.m == 0) return 0.0;
    double aw = sqrt(wx * wx + wy * wy);
    return fr_fe_to_d(fr_fe_div(fr_fe_from_d(aw * log(aw)), fr_fe_sqrt(n2)));
}

/* The same from an extended-range derivative d * 2^e. */
FR_HD double fr_deep_dist_fe(double wx, double wy, fr_fec d)
{
    if (fr_fec_is_zero(d)) return 0.0;
    double q = fr_deep_dist(wx, wy, d.x, d.y);
    return fr_fe_ldexp(q, -(int64_t)d.e);
}

/* The directional distance estimate (fr_escape_extra.de) of an escaped
 * point w: dist_px along J^-1 w, J the derivative v -> d v + q conj(v)
 * (q = 0 for the holomorphic formulas; in pixels of the plane),
 * J^-1 w = (conj(d) w - q conj(w)) / (|d|^2 - |q|^2), taken from d and q
 * scaled to their largest part; then in sample spacings of the grid's
 * frame (x right, y down: the rotation undone, as escape_distance.h does). */
FR_HD void fr_deep_de_vector(const fr_deep_job *j, double wx, double wy, double dx, double dy, double qx, double qy,
                             double dist_px, float de[2])
{
    double m = fmax(fmax(fabs(dx), fabs(dy)), fmax(fabs(qx), fabs(qy)));
    de[0] = de[1] = 0.0f;
    if (!(dist_px > 0) || !(m > 0) || !isfinite(m)) return;
    dx /= m, dy /= m, qx /= m, qy /= m;
    double det = (dx * dx + dy * dy) - (qx * qx + qy * qy);
    if (!(det != 0)) return;
    double vx = (dx * wx + dy * wy) - (qx * wx + qy * wy), vy = (dx * wy - dy * wx) - (qy * wx - qx * wy);
    if (det < 0) vx = -vx, vy = -vy;
    double vn = sqrt(vx * vx + vy * vy);
    if (!(vn > 0) || !isfinite(vn)) return;
    double s = dist_px / j->inv_aa / vn;
    de[0] = (float)(s * (vx * j->cos_r + vy * j->sin_r));
    de[1] = (float)(s * (vx * j->sin_r - vy * j->cos_r));
}
/* The same from extended-range d and q (q zero for the holomorphic
 * formulas), brought to one exponent (the smaller part may vanish). */
FR_HD void fr_deep_de_vector_fe(const fr_deep_job *j, double wx, double wy, fr_fec d, fr_fec q, double dist_px,
                                float de[2])
{
    const int dz = fr_fec_is_zero(d), qz = fr_fec_is_zero(q);
    const int64_t e = dz ? q.e : qz ? d.e : (d.e > q.e ? d.e : q.e);
    double dx = dz ? 0 : fr_fe_ldexp(d.x, (int64_t)d.e - e), dy = dz ? 0 : fr_fe_ldexp(d.y, (int64_t)d.e - e);
    double qx = qz ? 0 : fr_fe_ldexp(q.x, (int64_t)q.e - e), qy = qz ? 0 : fr_fe_ldexp(q.y, (int64_t)q.e - e);
    fr_deep_de_vector(j, wx, wy, dx, dy, qx, qy, dist_px, de);
}

/* The delta dc of sample (sx, sy) from the reference: the mapping of
 * fr_escape_sample_point, with the pixel spacing applied last, plus the
 * centre's offset from a reference elsewhere (has_off: one more rounding,
 * of a sum whose terms are each within a pixel's rounding of exact). */
FR_HD void fr_deep_sample_uv(const fr_deep_job *j, int sx, int sy, double *a, double *b)
{
    double u = ((double)sx + 0.5) * j->inv_aa - j->half_w;
    double v = j->half_h - ((double)sy + 0.5) * j->inv_aa;
    *a = u * j->cos_r - v * j->sin_r;
    *b = u * j->sin_r + v * j->cos_r;
}
FR_HD void fr_deep_sample_dc_d(const fr_deep_job *j, int sx, int sy, double *dcx, double *dcy)
{
    if (j->polar) { /* the exponential map's circles (deep_job.h) */
        const fr_fe r = j->pol_rad[sy];
        *dcx = fr_fe_ldexp(r.m * j->pol_dir[2 * sx], r.e);
        *dcy = fr_fe_ldexp(r.m * j->pol_dir[2 * sx + 1], r.e);
        if (j->has_off) *dcx += j->off_x, *dcy += j->off_y;
        return;
    }
    double u = ((double)sx + 0.5) * j->inv_aa - j->half_w;
    double v = j->half_h - ((double)sy + 0.5) * j->inv_aa;
    double dx = u * j->pixel_d, dy = v * j->pixel_d;
    *dcx = dx * j->cos_r - dy * j->sin_r;
    *dcy = dx * j->sin_r + dy * j->cos_r;
    if (j->has_off) *dcx += j->off_x, *dcy += j->off_y;
}
FR_HD fr_fec fr_deep_sample_dc_fe(const fr_deep_job *j, int sx, int sy)
{
    if (j->polar) {
        const fr_fe r = j->pol_rad[sy];
        const fr_fec dc = fr_fec_norm(r.m * j->pol_dir[2 * sx], r.m * j->pol_dir[2 * sx + 1], r.e);
        return j->has_off ? fr_fec_add(dc, j->off_fe) : dc;
    }
    double a, b;
    fr_deep_sample_uv(j, sx, sy, &a, &b);
    fr_fec dc = fr_fec_scale(fr_fec_from_d(a, b), j->pixel_fe);
    return j->has_off ? fr_fec_add(dc, j->off_fe) : dc;
}

/* |c + d| - |c| without cancelling large terms: d itself while c + d keeps
 * c's sign, -(2 c + d) when it changes. */
FR_HD double fr_deep_diffabs(double c, double d)
{
    double s = c + d;
    if (c >= 0) return s >= 0 ? d : -fma(2.0, c, d);
    return s > 0 ? fma(2.0, c, d) : -d;
}
FR_HD fr_fe fr_deep_diffabs_fe(fr_fe c, fr_fe d)
{
    fr_fe s = fr_fe_add(c, d), c2 = c;
    if (c2.m != 0) c2.e += 1;
    if (c.m >= 0) return s.m >= 0 ? d : fr_fe_neg(fr_fe_add(c2, d));
    return s.m > 0 ? fr_fe_add(c2, d) : fr_fe_neg(d);
}
/* The Burning Ship's perturbed y (less dc): 2 diffabs(X Y, X y + x (Y + y)). */
FR_HD double fr_deep_ship_y(double Zx, double Zy, double zx, double zy)
{
    return 2 * fr_deep_diffabs(Zx * Zy, fma(Zx, zy, (Zy + zy) * zx));
}
/* A complex number from two extended reals. */
FR_HD fr_fec fr_fec_from_fe(fr_fe x, fr_fe y)
{
    if (x.m == 0 && y.m == 0) return fr_fec_from_d(0, 0);
    int64_t e = x.m == 0 ? y.e : y.m == 0 ? x.e : (x.e > y.e ? x.e : y.e);
    return fr_fec_norm(x.m == 0 ? 0.0 : fr_fe_ldexp(x.m, x.e - e), y.m == 0 ? 0.0 : fr_fe_ldexp(y.m, y.e - e), e);
}

/* Complex product with the fmas placed as everywhere here. */
FR_HD void fr_deep_cmul(double ax, double ay, double bx, double by, double *ox, double *oy)
{
    double x = fma(ax, bx, -(ay * by));
    *oy = fma(ax, by, ay * bx);
    *ox = x;
}

/* The real-linear formulas' step derivative at w: the Burning Ship's is
 * v -> 2 w v where Re w and Im w have one sign (as escape_distance.h
 * decides it), else v -> 2 conj(w) conj(v), the Tricorn's always. Applied
 * to the derivative (d, q), plus the pixel: u = w d, v = w q, then
 * (2 u + p, 2 v) or (2 conj(v) + p, 2 conj(u)). */
FR_HD int fr_deep_step_linear(const fr_deep_job *j, double wx, double wy)
{
    return FR_DEEP_SHIP(j) && (wx < 0) == (wy < 0);
}
FR_HD void fr_deep_jac_d(const fr_deep_job *j, double wx, double wy, double *dx, double *dy, double *qx, double *qy)
{
    double ux, uy, vx, vy;
    fr_deep_cmul(wx, wy, *dx, *dy, &ux, &uy);
    fr_deep_cmul(wx, wy, *qx, *qy, &vx, &vy);
    if (fr_deep_step_linear(j, wx, wy))
        *dx = 2 * ux + j->pixel_d, *dy = 2 * uy, *qx = 2 * vx, *qy = 2 * vy;
    else
        *dx = 2 * vx + j->pixel_d, *dy = -2 * vy, *qx = 2 * ux, *qy = -2 * uy;
}
FR_HD fr_fec fr_deep_conj_fe(fr_fec a)
{
    a.y = -a.y;
    return a;
}
FR_HD void fr_deep_jac_fe(const fr_deep_job *j, fr_fec w, fr_fec *d, fr_fec *q)
{
    const fr_fec p = fr_fec_norm(j->pixel_fe.m, 0, j->pixel_fe.e);
    fr_fec u = fr_fec_twice(fr_fec_mul(w, *d)), v = fr_fec_twice(fr_fec_mul(w, *q));
    if (fr_deep_step_linear(j, w.x, w.y)) *d = fr_fec_add(u, p), *q = v;
    else *d = fr_fec_add(fr_deep_conj_fe(v), p), *q = fr_deep_conj_fe(u);
}
/* A BLA step's derivative for the real-linear formulas:
 * d <- a d + aq conj(q) + b p, q <- a q + aq conj(d) + bq p. */
FR_HD void fr_deep_bla_jac_d(const fr_bla_d *b, const fr_bla_q_d *k, double p, double *dx, double *dy, double *qx,
                             double *qy)
{
    const double ax = b->ax, ay = b->ay, ux = *dx, uy = *dy, vx = *qx, vy = *qy;
    *dx = fma(ax, ux, fma(-ay, uy, fma(k->aqx, vx, fma(k->aqy, vy, b->bx * p))));
    *dy = fma(ax, uy, fma(ay, ux, fma(k->aqy, vx, fma(-k->aqx, vy, b->by * p))));
    *qx = fma(ax, vx, fma(-ay, vy, fma(k->aqx, ux, fma(k->aqy, uy, k->bqx * p))));
    *qy = fma(ax, vy, fma(ay, vx, fma(k->aqy, ux, fma(-k->aqx, uy, k->bqy * p))));
}
FR_HD void fr_deep_bla_jac_fe(const fr_bla_fe *b, const fr_bla_q_fe *k, fr_fe p, fr_fec *d, fr_fec *q)
{
    fr_fec u = *d, v = *q;
    *d = fr_fec_add(fr_fec_add(fr_fec_mul(b->a, u), fr_fec_mul(k->aq, fr_deep_conj_fe(v))), fr_fec_scale(b->b, p));
    *q = fr_fec_add(fr_fec_add(fr_fec_mul(b->a, v), fr_fec_mul(k->aq, fr_deep_conj_fe(u))), fr_fec_scale(k->bq, p));
}

/* Multibrot, d >= 3: (Z + z)^d - Z^d = z sum_{k=1}^{d} C(d,k) Z^(d-k) z^(k-1)
 * (the binomial expansion), by Horner's rule in z. */
FR_HD void fr_deep_multi_d(const fr_deep_job *j, double Zx, double Zy, double zx, double zy, double *ox, double *oy)
{
    const int d = FR_DEEP_POWER(j);
    double px[FR_DEEP_MAX_POWER], py[FR_DEEP_MAX_POWER];
    px[1] = Zx, py[1] = Zy;
    for (int k = 2; k < d; k++) fr_deep_cmul(px[k - 1], py[k - 1], Zx, Zy, &px[k], &py[k]);
    double sx = 1, sy = 0;
    for (int k = d - 1; k >= 1; k--) {
        double tx, ty;
        fr_deep_cmul(sx, sy, zx, zy, &tx, &ty);
        sx = fma(j->binom[k], px[d - k], tx);
        sy = fma(j->binom[k], py[d - k], ty);
    }
    fr_deep_cmul(sx, sy, zx, zy, ox, oy);
}
FR_HD fr_fec fr_deep_multi_fe(const fr_deep_job *j, fr_fec Z, fr_fec z)
{
    const int d = FR_DEEP_POWER(j);
    fr_fec pw[FR_DEEP_MAX_POWER];
    pw[1] = Z;
    for (int k = 2; k < d; k++) pw[k] = fr_fec_mul(pw[k - 1], Z);
    fr_fec s = fr_fec_from_d(1, 0);
    for (int k = d - 1; k >= 1; k--) s = fr_fec_add(fr_fec_mul(s, z), fr_fec_scale(pw[d - k], fr_fe_from_d(j->binom[k])));
    return fr_fec_mul(s, z);
}
/* w^(d-1) * d: the step's derivative at w (Multibrot). */
FR_HD void fr_deep_multi_slope(const fr_deep_job *j, double wx, double wy, double *ox, double *oy)
{
    double ax = wx, ay = wy;
    for (int k = 2; k < FR_DEEP_POWER(j); k++) fr_deep_cmul(ax, ay, wx, wy, &ax, &ay);
    *ox = ax * FR_DEEP_POWER(j), *oy = ay * FR_DEEP_POWER(j);
}

/* Double-mode pixel: deltas, dc and the derivative in double. The loop is
 * cut into steps (one BLA or perturbation step and its tests) over a state,
 * so a backend may advance several pixels in turn (their dependency chains
 * then overlap) and still give each pixel the same bits. */
typedef struct fr_deep_state_d {
    double zx, zy, dx, dy, dcx, dcy;
    double qx, qy; /* the derivative's conjugate part (Tricorn, Burning Ship) */
    double Zx, Zy, Zr; /* reference record m, read by the step before (one read a step) */
    uint32_t m, n;
    uint32_t skipped; /* of n (n - skipped: the perturbation steps) */
} fr_deep_state_d;

/* Cycle detection's memory of a sample (fr_deep_cycle): the state after
 * rebase number 2^k, at iteration n (0: none saved yet), and the rebases
 * so far. Read and written at rebases only: on a GPU it stays in local
 * memory (volatile), so that it takes no registers from the steps. */
typedef struct fr_deep_cycle_d {
    double x, y, dx, dy, qx, qy;
    uint32_t n, rebases;
} fr_deep_cycle_d;
#ifdef __CUDA_ARCH__
#define FR_DEEP_COLD volatile
#else
#define FR_DEEP_COLD
#endif

FR_HD void fr_deep_cycle_start(FR_DEEP_COLD fr_deep_cycle_d *c)
{
    c->n = c->rebases = 0;
#ifndef __CUDA_ARCH__
    c->x = c->y = c->dx = c->dy = c->qx = c->qy = 0; /* (never read before they are saved) */
#endif
}

/* (Record 0 is all zeros: Z_0 = 0, no BLA step at m = 0.) */
FR_HD void fr_deep_start_d(fr_deep_state_d *s, double dcx, double dcy)
{
    s->Zx = s->Zy = s->Zr = 0;
    s->zx = s->zy = s->dx = s->dy = s->qx = s->qy = 0;
    s->dcx = dcx, s->dcy = dcy;
    s->m = s->n = 0;
    s->skipped = 0;
}

/* The same double, bit for bit (-0 is not 0: the steps after could tell them apart). */
FR_HD int fr_deep_same(double a, double b)
{
    union {
        double d;
        uint64_t u;
    } x, y;
    x.d = a, y.d = b;
    return x.u == y.u;
}

/* Exact cycle detection, called after each rebase (m = 0, record 0) with
 * the state (z, d, q) at iteration *n. A step's result depends on the
 * state and, through the BLA steps that must fit (fr_deep_bla_climb), on
 * the iterations left, but only once fewer than T = 2^(levels - 1) are
 * left. So when the state after a rebase is, bit for bit, the one saved
 * after an earlier rebase at iteration cn (Brent: saved after rebase 1,
 * 2, 4, 8 ...), L = *n - cn iterations later, and those steps did not
 * depend on the iterations left, the loop comes back to this state every
 * L iterations for as long as that holds: it is the state at cn + k L for
 * every k with cn + k L - 1 <= max_iter - T. *n jumps to the largest such
 * iteration (the jumped iterations count as skipped), and the loop goes on
 * from there as it would have: the count, the escape point and the
 * derivative are those of the loop without the check (max_iter unless the
 * last steps, which the levels' fit makes differ, escape). The
 * floating-point orbit of an interior point usually falls into such a
 * cycle within a few periods; the loop then ends in about L + T steps
 * instead of max_iter. */
FR_HD void fr_deep_cycle(const fr_deep_job *j, fr_deep_state_d *s, FR_DEEP_COLD fr_deep_cycle_d *c, double zx,
                         double zy, double dx, double dy, uint32_t *n)
{
    const int q2 = FR_DEEP_CONJ(j) || FR_DEEP_SHIP(j);
    const uint32_t cn = c->n;
    if (cn && fr_deep_same(zx, c->x) && fr_deep_same(zy, c->y) &&
        (!FR_DEEP_DERIV(j) || (fr_deep_same(dx, c->dx) && fr_deep_same(dy, c->dy) &&
                               (!q2 || (fr_deep_same(s->qx, c->qx) && fr_deep_same(s->qy, c->qy)))))) {
        /* (32-bit arithmetic: cn < *n <= max_iter, T <= 2^31) */
        const uint32_t L = *n - cn, T = j->levels > 0 ? 1u << (j->levels - 1) : 1u;
        if (j->max_iter >= T && j->max_iter - T + 1 > cn) {
            const uint32_t to = cn + (j->max_iter - T + 1 - cn) / L * L;
            if (to > *n) {
                s->skipped += to - *n;
                *n = to;
            }
        }
        c->n = 0, c->rebases = 0; /* (found: a later match could not jump further) */
        return;
    }
    const uint32_t rb = c->rebases + 1;
    c->rebases = rb;
    if (!(rb & (rb - 1))) {
        c->x = zx, c->y = zy, c->n = *n;
        if (FR_DEEP_DERIV(j)) c->dx = dx, c->dy = dy, c->qx = s->qx, c->qy = s->qy;
    }
}

/* One step; 1 when the pixel is done (*r then holds its result). */
FR_HD int fr_deep_step_d(const fr_deep_job *j, fr_deep_state_d *s, FR_DEEP_COLD fr_deep_cycle_d *c, fr_deep_result *r)
{
    const double *Z = j->Z;
    const uint32_t max_iter = j->max_iter;
    double zx = s->zx, zy = s->zy, dx = s->dx, dy = s->dy;
    const double dcx = s->dcx, dcy = s->dcy;
    const int q2 = FR_DEEP_CONJ(j) || FR_DEEP_SHIP(j); /* real-linear */
    uint32_t m = s->m, n = s->n;
    if (FR_DEEP_RARE(n >= max_iter)) {
        r->n = max_iter, r->wx = r->wy = 0, r->dist_px = 0, r->de[0] = r->de[1] = 0.0f;
        r->steps = n - s->skipped, r->skipped = s->skipped;
        return 1;
    }
    int64_t k = fr_deep_bla_find_r(j, m, s->Zr, fr_deep_amax(zx, zy), max_iter - n);
    if (FR_DEEP_RARE(k >= 0)) {
        const fr_bla_d *b = &j->bla[k];
        double nx = fma(b->ax, zx, fma(-b->ay, zy, fma(b->bx, dcx, -(b->by * dcy))));
        double ny = fma(b->ax, zy, fma(b->ay, zx, fma(b->bx, dcy, b->by * dcx)));
        if (q2) { /* + aq conj(z) + bq conj(dc) */
            const fr_bla_q_d *q = &j->blaq[k];
            nx = fma(q->aqx, zx, fma(q->aqy, zy, fma(q->bqx, dcx, fma(q->bqy, dcy, nx))));
            ny = fma(-q->aqx, zy, fma(q->aqy, zx, fma(-q->bqx, dcy, fma(q->bqy, dcx, ny))));
            if (FR_DEEP_DERIV(j)) fr_deep_bla_jac_d(b, q, j->pixel_d, &dx, &dy, &s->qx, &s->qy);
        } else if (FR_DEEP_DERIV(j)) {
            const double p = j->pixel_d;
            double ex = fma(b->ax, dx, fma(-b->ay, dy, b->bx * p));
            double ey = fma(b->ax, dy, fma(b->ay, dx, b->by * p));
            dx = ex, dy = ey;
        }
        zx = nx, zy = ny;
        m += b->l, n += b->l, s->skipped += b->l;
    } else {
        const double Zx = s->Zx, Zy = s->Zy;
        if (FR_DEEP_RARE(FR_DEEP_POWER(j) != 2)) {
            if (FR_DEEP_DERIV(j)) {
                double gx, gy, ex, ey;
                fr_deep_multi_slope(j, Zx + zx, Zy + zy, &gx, &gy);
                fr_deep_cmul(gx, gy, dx, dy, &ex, &ey);
                dx = ex + j->pixel_d, dy = ey;
            }
            double ox, oy;
            fr_deep_multi_d(j, Zx, Zy, zx, zy, &ox, &oy);
            zx = ox + dcx, zy = oy + dcy;
        } else {
            if (FR_DEEP_DERIV(j) && q2) {
                fr_deep_jac_d(j, Zx + zx, Zy + zy, &dx, &dy, &s->qx, &s->qy);
            } else if (FR_DEEP_DERIV(j)) {
                double wx = Zx + zx, wy = Zy + zy;
                double ex = 2 * fma(wx, dx, -(wy * dy)) + j->pixel_d;
                double ey = 2 * fma(wx, dy, wy * dx);
                dx = ex, dy = ey;
            }
            double tx = (Zx + Zx) + zx, ty = (Zy + Zy) + zy;
            double nx = fma(tx, zx, fma(-ty, zy, dcx));
            double ny = FR_DEEP_CONJ(j)   ? fma(-tx, zy, fma(-ty, zx, dcy)) /* Tricorn: conj((2Z + z) z) + dc */
                        : FR_DEEP_SHIP(j) ? fr_deep_ship_y(Zx, Zy, zx, zy) + dcy
                                  : fma(tx, zy, fma(ty, zx, dcy));
            zx = nx, zy = ny;
        }
        m++, n++;
    }
    double Zx, Zy, Zr;
    fr_deep_zrec(Z, m, &Zx, &Zy, &Zr);
    double wx = Zx + zx, wy = Zy + zy;
    if (FR_DEEP_RARE(fma(wx, wx, wy * wy) > j->b2)) {
        r->n = n, r->wx = wx, r->wy = wy;
        r->dist_px = !FR_DEEP_DERIV(j) ? 0 : q2 ? fr_deep_dist_q(wx, wy, dx, dy, s->qx, s->qy) : fr_deep_dist(wx, wy, dx, dy);
        r->de[0] = r->de[1] = 0.0f;
        if (FR_DEEP_DERIV(j)) fr_deep_de_vector(j, wx, wy, dx, dy, q2 ? s->qx : 0, q2 ? s->qy : 0, r->dist_px, r->de);
        r->steps = n - s->skipped, r->skipped = s->skipped;
        return 1;
    }
    if (FR_DEEP_RARE(m == j->M || fr_deep_closer(wx, wy, zx, zy))) {
        FR_DEEP_KEEP_BRANCH();
        zx = wx, zy = wy, m = 0;
        Zx = Zy = Zr = 0;
        if (j->cycles) fr_deep_cycle(j, s, c, zx, zy, dx, dy, &n);
    }
    s->zx = zx, s->zy = zy, s->dx = dx, s->dy = dy, s->m = m, s->n = n;
    s->Zx = Zx, s->Zy = Zy, s->Zr = Zr;
    return 0;
}

FR_HD void fr_deep_pixel_d(const fr_deep_job *j, double dcx, double dcy, fr_deep_result *r)
{
    fr_deep_state_d s;
    FR_DEEP_COLD fr_deep_cycle_d c;
    fr_deep_start_d(&s, dcx, dcy);
    fr_deep_cycle_start(&c);
    while (!fr_deep_step_d(j, &s, &c, r)) {
    }
}

/* Extended-range pixel: z in fr_fec while |z| < 2^-400 (so dc, which may
 * be far below a double's range, still counts), in double once larger,
 * where dc drops out; BLA steps in fr_fec. Dropping dc is exact to a
 * double's last bit only while |dc| is far below every step's result: a
 * step from |z| >= 2^-400 gives at least |z|^2 >= 2^-800 (|2Z + z| =
 * |2W - z| >= |z| while W = Z + z is not closer to 0 than z, else it
 * rebases first), so the pixel spacing must stay far below 2^-853
 * (1e-257); this loop runs only below 1e-290 (deep_render.c), where |dc|
 * is below 2^-940 for any image size. (Run at 1e-200 it loses counts:
 * test_deep's knob keeps away.) For z^d + c the same holds with |z|^d,
 * hence the higher threshold below. */
FR_HD void fr_deep_pixel_fe(const fr_deep_job *j, fr_fec dc, fr_deep_result *r)
{
    const double *Z = j->Z;
    const fr_fec *Zfe = j->Zfe;
    const uint32_t M = j->M, max_iter = j->max_iter;
    const fr_fe p = j->pixel_fe;
    fr_fec z = fr_fec_from_d(0, 0), d = z, dq = z; /* dq: the derivative's conjugate part (real-linear formulas) */
    const int q2 = FR_DEEP_CONJ(j) || FR_DEEP_SHIP(j);
    double zx = 0, zy = 0; /* z while large */
    int big = 0;
    /* z goes to double above 2^big_e and back to fr_fec below tiny_below:
     * 2^-400 and 2^-450 for z^2 + c; for z^d + c (a step's result is at
     * least about |z|^d there) 2^(-850/d) and 2^50 below it, so that no
     * step in double leaves a double's normal range or comes near dc */
    const int big_e = FR_DEEP_POWER(j) == 2 ? -400 : -850 / FR_DEEP_POWER(j);
    const double tiny_below = FR_DEEP_POWER(j) == 2 ? 0x1p-450 : fr_fe_pow2(big_e - 50);
    uint32_t m = 0, n = 0;
    uint64_t steps = 0, skipped = 0;
    r->n = max_iter, r->wx = r->wy = 0, r->dist_px = 0, r->de[0] = r->de[1] = 0.0f;
    while (n < max_iter) {
        double zmax = big ? fr_deep_amax(zx, zy) : fr_fe_to_d(fr_fec_maxnorm(z));
        int64_t k = -1;
        if (m > 0 && m < M) {
            if (big || zmax > 0) k = fr_deep_bla_find(j, m, zmax, max_iter - n);
            else {
                /* |z| below a double's range: compare in extended range */
                fr_fe zm = fr_fec_maxnorm(z);
                uint32_t i = m - 1, left = max_iter - n;
                for (int lev = 0; lev < j->levels; lev++) {
                    if (i >= j->level_n[lev]) break;
                    int64_t kk = (int64_t)j->level_off[lev] + i;
                    if (!fr_fe_lt(zm, j->blafe[kk].r) || j->bla[kk].l > left) break;
                    k = kk;
                    if (i & 1) break;
                    i >>= 1;
                }
            }
        }
        if (k >= 0) {
            const fr_bla_fe *b = &j->blafe[k];
            if (big) z = fr_fec_from_d(zx, zy);
            if (q2) {
                const fr_bla_q_fe *q = &j->blaqfe[k];
                if (FR_DEEP_DERIV(j)) fr_deep_bla_jac_fe(b, q, p, &d, &dq);
                fr_fec cz = z, cdc = dc;
                cz.y = -cz.y, cdc.y = -cdc.y;
                z = fr_fec_add(fr_fec_add(fr_fec_mul(b->a, z), fr_fec_mul(q->aq, cz)),
                               fr_fec_add(fr_fec_mul(b->b, dc), fr_fec_mul(q->bq, cdc)));
            } else {
                z = fr_fec_add(fr_fec_mul(b->a, z), fr_fec_mul(b->b, dc));
            }
            if (FR_DEEP_DERIV(j) && !q2) d = fr_fec_add(fr_fec_mul(b->a, d), fr_fec_scale(b->b, p));
            uint32_t l = j->bla[k].l;
            m += l, n += l, skipped += l;
            big = z.e > big_e;
            if (big) fr_fec_to_d(z, &zx, &zy);
        } else if (big) {
            double Zx = Z[FR_DEEP_ZREC * m], Zy = Z[FR_DEEP_ZREC * m + 1];
            if (FR_DEEP_DERIV(j)) {
                if (q2) {
                    fr_deep_jac_fe(j, fr_fec_from_d(Zx + zx, Zy + zy), &d, &dq);
                } else if (FR_DEEP_POWER(j) != 2) {
                    double gx, gy;
                    fr_deep_multi_slope(j, Zx + zx, Zy + zy, &gx, &gy);
                    d = fr_fec_add(fr_fec_mul(fr_fec_from_d(gx, gy), d), fr_fec_norm(p.m, 0, p.e));
                } else {
                    fr_fec w = fr_fec_from_d(Zx + zx, Zy + zy);
                    d = fr_fec_add(fr_fec_twice(fr_fec_mul(w, d)), fr_fec_norm(p.m, 0, p.e));
                }
            }
            if (FR_DEEP_POWER(j) != 2) {
                fr_deep_multi_d(j, Zx, Zy, zx, zy, &zx, &zy);
            } else {
                double tx = (Zx + Zx) + zx, ty = (Zy + Zy) + zy;
                double nx = fma(tx, zx, -(ty * zy));
                double ny = FR_DEEP_CONJ(j) ? fma(-tx, zy, -(ty * zx)) : FR_DEEP_SHIP(j) ? fr_deep_ship_y(Zx, Zy, zx, zy) : fma(tx, zy, ty * zx);
                zx = nx, zy = ny;
            }
            m++, n++, steps++;
            if (fr_deep_amax(zx, zy) < tiny_below) big = 0, z = fr_fec_from_d(zx, zy);
        } else {
            const fr_fec Zm = Zfe[m];
            if (FR_DEEP_POWER(j) != 2) {
                if (FR_DEEP_DERIV(j)) {
                    fr_fec w = fr_fec_add(Zm, z), g = w;
                    for (int k = 2; k < FR_DEEP_POWER(j); k++) g = fr_fec_mul(g, w);
                    g = fr_fec_scale(g, fr_fe_from_d((double)FR_DEEP_POWER(j)));
                    d = fr_fec_add(fr_fec_mul(g, d), fr_fec_norm(p.m, 0, p.e));
                }
                z = fr_fec_add(fr_deep_multi_fe(j, Zm, z), dc);
            } else {
                if (FR_DEEP_DERIV(j) && q2) {
                    fr_deep_jac_fe(j, fr_fec_add(Zm, z), &d, &dq);
                } else if (FR_DEEP_DERIV(j)) {
                    fr_fec w = fr_fec_add(Zm, z);
                    d = fr_fec_add(fr_fec_twice(fr_fec_mul(w, d)), fr_fec_norm(p.m, 0, p.e));
                }
                fr_fec t = fr_fec_add(fr_fec_twice(Zm), z);
                fr_fec u = fr_fec_mul(t, z);
                if (FR_DEEP_CONJ(j)) u.y = -u.y; /* Tricorn: conj((2Z + z) z) */
                if (FR_DEEP_SHIP(j)) { /* Burning Ship: y = 2 diffabs(X Y, X y + x (Y + y)) */
                    fr_fe X = fr_fe_norm(Zm.x, Zm.e), Y = fr_fe_norm(Zm.y, Zm.e);
                    fr_fe x = fr_fe_norm(z.x, z.e), y = fr_fe_norm(z.y, z.e);
                    fr_fe dy = fr_deep_diffabs_fe(fr_fe_mul(X, Y), fr_fe_add(fr_fe_mul(X, y), fr_fe_mul(x, fr_fe_add(Y, y))));
                    if (dy.m != 0) dy.e += 1;
                    u = fr_fec_from_fe(fr_fe_norm(u.x, u.e), dy);
                }
                z = fr_fec_add(u, dc);
            }
            m++, n++, steps++;
            big = z.e > big_e;
            if (big) fr_fec_to_d(z, &zx, &zy);
        }
        if (big) {
            double wx = Z[FR_DEEP_ZREC * m] + zx, wy = Z[FR_DEEP_ZREC * m + 1] + zy;
            if (FR_DEEP_RARE(fma(wx, wx, wy * wy) > j->b2)) {
                r->n = n, r->wx = wx, r->wy = wy;
                if (FR_DEEP_DERIV(j)) {
                    r->dist_px = q2 ? fr_deep_dist_q_fe(wx, wy, d, dq) : fr_deep_dist_fe(wx, wy, d);
                    fr_deep_de_vector_fe(j, wx, wy, d, q2 ? dq : fr_fec_from_d(0, 0), r->dist_px, r->de);
                }
                break;
            }
            if (FR_DEEP_RARE(m == M || fr_deep_closer(wx, wy, zx, zy))) {
                FR_DEEP_KEEP_BRANCH();
                zx = wx, zy = wy, m = 0;
                if (fr_deep_amax(zx, zy) < tiny_below) big = 0, z = fr_fec_from_d(zx, zy);
            }
        } else {
            fr_fec w = fr_fec_add(Zfe[m], z);
            fr_fe w2 = fr_fec_norm2(w);
            if (w.e > -8 && fr_fe_to_d(w2) > j->b2) {
                fr_fec_to_d(w, &r->wx, &r->wy);
                r->n = n;
                if (FR_DEEP_DERIV(j)) {
                    r->dist_px = q2 ? fr_deep_dist_q_fe(r->wx, r->wy, d, dq) : fr_deep_dist_fe(r->wx, r->wy, d);
                    fr_deep_de_vector_fe(j, r->wx, r->wy, d, q2 ? dq : fr_fec_from_d(0, 0), r->dist_px, r->de);
                }
                break;
            }
            if (m == M || fr_fe_lt(w2, fr_fec_norm2(z))) {
                z = w, m = 0;
                big = z.e > big_e;
                if (big) fr_fec_to_d(z, &zx, &zy);
            }
        }
    }
    r->steps = steps, r->skipped = skipped;
}

#endif
