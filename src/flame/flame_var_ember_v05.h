/*
 * flame_var_ember_v05.h - the variations of Ember's Variations05.h that
 * fractalis did not have, in that file's order (as far as taken): bubble2,
 * CircleLinear, CircleRand, foci_p, ho, julia3Dq, line, loonie2, loonie3,
 * loonie_3D, mcarpet, waves2_3D, pie3D, sinusoidal3D, scry_3D. Ember's
 * semantics as in flame_var_ember.h; its Zeps (fr_flame_ezeps) and EPS
 * (FR_EMBER_EPS). What Ember precomputes from the parameters (its
 * Precalc) is worked out here in the formula, in Ember's order of
 * operations.
 */
#ifndef FR_FLAME_VAR_EMBER_V05_H
#define FR_FLAME_VAR_EMBER_V05_H

#include <stdint.h>

#include "flame/flame_var_ember.h"
#include "flame/flame_var_ember_v02.h"

/* bubble2: bubble with each coordinate scaled; z pushed away from 0 by
 * z, plus z r z (Ember's +=). */
FR_HD void fr_var_bubble2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double t = fr_flame_ezeps(0.25 * (f->r2 + f->tz * f->tz) + 1.0);
    const double r = w / t, z = x->param[FR_P_BUBBLE2_Z];
    f->p0 += f->tx * r * x->param[FR_P_BUBBLE2_X];
    f->p1 += f->ty * r * x->param[FR_P_BUBBLE2_Y];
    double oz = f->tz >= 0 ? w * (f->tz + z) : w * (f->tz - z);
    oz += f->tz * r * z;
    f->p2 += oz;
}

/* The Circle* variations' cells: Ember's floor to a whole number
 * (intmax_t: a 64-bit one, out of range spelled out as x86's) and its
 * DiscreteNoise2 (32-bit integer hash, wrapping as x86's). */
FR_HD double fr_flame_ember_floor(double v)
{
    if (!(v > -9223372036854775808.0 && v < 9223372036854775808.0)) return -9223372036854775808.0;
    const long long i = (long long)v;
    return (double)(v >= 0 ? i : i - ((double)i > v));
}

FR_HD double fr_flame_discrete_noise2(int x, int y)
{
    uint32_t n = (uint32_t)x + (uint32_t)y * 57u;
    n = (n << 13) ^ n;
    const uint32_t v = n * (n * n * 15731u + 789221u) + 1376312589u;
    return (double)(v & 0x7fffffffu) * (1.0 / 2147483647.0);
}

/* CircleLinear: the plane in cells of side 2 Sc, each with (by its noise)
 * a disc of radius (0.3 + 0.7 noise) Sc drawn in or out by K; Dens1 the
 * share of cells with one, Dens2 (Reverse) which way. No draws. */
FR_HD void fr_var_circlelinear(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double sc = x->param[FR_P_CIRCLELINEAR_SC], k = x->param[FR_P_CIRCLELINEAR_K];
    const double dens1 = x->param[FR_P_CIRCLELINEAR_DENS1], dens2 = x->param[FR_P_CIRCLELINEAR_DENS2];
    const int m = fr_flame_d2i(fr_flame_ember_floor(0.5 * f->tx / sc));
    const int n = fr_flame_d2i(fr_flame_ember_floor(0.5 * f->ty / sc));
    const int m21 = (int)((uint32_t)m * 2u + 1u), n21 = (int)((uint32_t)n * 2u + 1u);
    double px = f->tx - m21 * sc, py = f->ty - n21 * sc;
    const double u = fr_flame_ezeps(sqrt(px * px + py * py));
    const double v =
        (0.3 + 0.7 * fr_flame_discrete_noise2((int)((uint32_t)m + 10u), (int)((uint32_t)n + 3u))) * sc;
    const double z1 = fr_flame_discrete_noise2(fr_flame_d2i(m + x->param[FR_P_CIRCLELINEAR_SEED]), n);
    if (z1 < dens1 && u < v) {
        const int inner = x->param[FR_P_CIRCLELINEAR_REVERSE] > 0 ? z1 < dens1 * dens2 : z1 > dens1 * dens2;
        const double z = inner ? k : v / u * (1.0 - k) + k;
        px *= z;
        py *= z;
    }
    f->p0 += w * (px + m21 * sc);
    f->p1 += w * (py + n21 * sc);
}

/* CircleRand: a uniform point of [-X, X] x [-Y, Y] redrawn (two draws a
 * try, at most 11 tries) until it falls in one of CircleLinear's discs of
 * a cell that has one (Dens); the point is not read. */
FR_HD void fr_var_circlerand(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double sc = x->param[FR_P_CIRCLERAND_SC], dens = x->param[FR_P_CIRCLERAND_DENS];
    const double seed = x->param[FR_P_CIRCLERAND_SEED];
    double px, py, m, n, u;
    int iters = 0;
    do {
        px = x->param[FR_P_CIRCLERAND_X] * (1.0 - 2.0 * fr_flame_u01(rng));
        py = x->param[FR_P_CIRCLERAND_Y] * (1.0 - 2.0 * fr_flame_u01(rng));
        m = fr_flame_ember_floor(0.5 * px / sc);
        n = fr_flame_ember_floor(0.5 * py / sc);
        px -= (m * 2.0 + 1.0) * sc;
        py -= (n * 2.0 + 1.0) * sc;
        u = sqrt(px * px + py * py);
        if (++iters > 10) break;
    } while (fr_flame_discrete_noise2(fr_flame_d2i(m + seed), fr_flame_d2i(n)) > dens ||
             u > (0.3 + 0.7 * fr_flame_discrete_noise2(fr_flame_d2i(m + 10.0), fr_flame_d2i(n + 3.0))) * sc);
    f->p0 += w * (px + (m * 2.0 + 1.0) * sc);
    f->p1 += w * (py + (n * 2.0 + 1.0) * sc);
}

/* foci_p: foci with e^x and e^-x weighted by c1, c2. */
FR_HD void fr_var_foci_p(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double ex = fr_flame_ezeps(exp(f->tx));
    const double ex2 = ex * x->param[FR_P_FOCI_P_C1], enz = x->param[FR_P_FOCI_P_C2] / ex;
    const double r = w / fr_flame_ezeps(ex2 + enz - cos(f->ty));
    f->p0 += (ex2 - enz) * r;
    f->p1 += sin(f->ty) * r;
}

/* ho: powers of |cos x cos y|, |sin x cos y|, |sin y| plus linear terms
 * and a quarter of atan2(y^2, z^2), atan2(x^2, z^2). */
FR_HD void fr_var_ho(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double xp = x->param[FR_P_HO_XPOW], yp = x->param[FR_P_HO_YPOW], zp = x->param[FR_P_HO_ZPOW];
    const double uu = f->tx * f->tx, vv = f->ty * f->ty, ww = f->tz * f->tz;
    const double aox = atan2(vv, ww), aoy = atan2(uu, ww);
    const double su = sin(f->tx), cu = cos(f->tx), sv = sin(f->ty), cv = cos(f->ty);
    const double cucv = cu * cv, sucv = su * cv;
    f->p0 += w * (pow(fabs(cucv), xp) + (cucv * xp) + (0.25 * aox));
    f->p1 += w * (pow(fabs(sucv), yp) + (sucv * yp) + (0.25 * aoy));
    f->p2 += w * (pow(fabs(sv), zp) + sv * zp);
}

/* julia3Dq: julia3D's root with divisor / power, the turn by Ember's
 * Crand() (one draw). */
FR_HD void fr_var_julia3dq(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double power = x->param[FR_P_JULIA3DQ_POWER];
    const double inv = x->param[FR_P_JULIA3DQ_DIVISOR] / power, absinv = fabs(inv);
    const double halfinv = 0.5 * inv - 0.5, inv2pi = 2.0 * M_PI / power;
    const double temp = f->atan_yx * inv + fr_flame_ember_crand(rng) * inv2pi;
    const double z = f->tz * absinv;
    const double r = w * pow(f->r2 + z * z, halfinv);
    const double rsss = r * f->r;
    f->p0 += rsss * cos(temp);
    f->p1 += rsss * sin(temp);
    f->p2 += r * z;
}

/* line: a uniform point of the segment from 0 to w along the unit vector
 * of angles delta pi, phi pi (one draw); the point is not read. */
FR_HD void fr_var_line(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double d = x->param[FR_P_LINE_DELTA] * M_PI, ph = x->param[FR_P_LINE_PHI] * M_PI;
    double ux = cos(d) * cos(ph), uy = sin(d) * cos(ph), uz = sin(ph);
    const double len = sqrt(ux * ux + uy * uy + uz * uz);
    ux /= len;
    uy /= len;
    uz /= len;
    const double r = fr_flame_u01(rng) * w;
    f->p0 += ux * r;
    f->p1 += uy * r;
    f->p2 += uz * r;
}

/* loonie2 (Ember's flam3-compatible mode, its default): loonie inside the
 * regular sides-gon of radius w (star and circle bending its edges); the
 * polygon's edges by sides - 1 turns (at most 49: Ember's range). */
FR_HD void fr_var_loonie2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double sides = x->param[FR_P_LOONIE2_SIDES];
    const double a = 2.0 * M_PI / sides, s = -M_PI_2 * x->param[FR_P_LOONIE2_STAR];
    const double c = M_PI_2 * x->param[FR_P_LOONIE2_CIRCLE];
    const double w2 = w * w, sina = sin(a), cosa = cos(a), sins = sin(s), coss = cos(s);
    const double sinc = sin(c), cosc = cos(c);
    double xrt = f->tx, yrt = f->ty, swp;
    double r2 = xrt * coss + fabs(yrt) * sins;
    int i;
    for (i = 0; i < sides - 1 && i < 49; i++) {
        swp = xrt * cosa - yrt * sina;
        yrt = xrt * sina + yrt * cosa;
        xrt = swp;
        const double e = xrt * coss + fabs(yrt) * sins;
        r2 = r2 > e ? r2 : e;
    }
    r2 = r2 * cosc + f->r * sinc;
    if (i > 1)
        r2 = r2 * r2;
    else
        r2 = fabs(r2) * r2;
    if (r2 > 0 && r2 < w2) {
        const double r = w * sqrt(fabs(w2 / r2 - 1.0));
        f->p0 += r * f->tx;
        f->p1 += r * f->ty;
    } else if (r2 < 0) {
        const double r = w / sqrt(fabs(w2 / r2) - 1.0);
        f->p0 += r * f->tx;
        f->p1 += r * f->ty;
    } else {
        f->p0 += w * f->tx;
        f->p1 += w * f->ty;
    }
}

/* loonie3: loonie with (r^2 / x)^2 for r^2 (x > EPS; else outside). */
FR_HD void fr_var_loonie3(fr_flame_vctx *f, double w)
{
    const double w2 = w * w;
    double r2;
    if (f->tx > FR_EMBER_EPS) {
        r2 = f->r2 / f->tx;
        r2 = r2 * r2;
    } else
        r2 = 2.0 * w2;
    if (r2 < w2) {
        const double r = w * sqrt(w2 / r2 - 1.0);
        f->p0 += r * f->tx;
        f->p1 += r * f->ty;
    } else {
        f->p0 += w * f->tx;
        f->p1 += w * f->ty;
    }
}

/* loonie_3D: loonie in 3D, z 0 replaced by the angle, z halved. */
FR_HD void fr_var_loonie_3d(fr_flame_vctx *f, double w)
{
    const double vv = w * w;
    const double eftez = f->tz == 0 ? f->atan_yx : f->tz;
    const double r2 = f->r2 + eftez * eftez;
    const double r = r2 < vv ? w * sqrt(vv / r2 - 1.0) : w;
    f->p0 += r * f->tx;
    f->p1 += r * f->ty;
    f->p2 += r * eftez * 0.5;
}

/* mcarpet: bubble scaled by (x, y) plus (1 - twist x^2 + y, tilt x). */
FR_HD void fr_var_mcarpet(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double t = f->r2 * 0.25 + 1.0, r = w / t;
    double ox = f->tx * r * x->param[FR_P_MCARPET_X], oy = f->ty * r * x->param[FR_P_MCARPET_Y];
    ox += (1.0 - (x->param[FR_P_MCARPET_TWIST] * (f->tx * f->tx)) + f->ty) * w;
    oy += x->param[FR_P_MCARPET_TILT] * f->tx * w;
    f->p0 += ox;
    f->p1 += oy;
}

/* waves2_3D: waves2 of frequency freq, z waved by the mean of x and y. */
FR_HD void fr_var_waves2_3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double freq = x->param[FR_P_WAVES2_3D_FREQ], scale = x->param[FR_P_WAVES2_3D_SCALE];
    const double avg = (f->tx + f->ty) * 0.5;
    f->p0 += w * (f->tx + scale * sin(f->ty * freq));
    f->p1 += w * (f->ty + scale * sin(f->tx * freq));
    f->p2 += w * (f->tz + scale * sin(avg * freq));
}

/* pie3D: pie (three draws: slice, angle in it, radius), z w sin r. */
FR_HD void fr_var_pie3d(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double slices = x->param[FR_P_PIE3D_SLICES];
    const int sl = fr_flame_d2i(fr_flame_u01(rng) * slices + 0.5);
    const double a = x->param[FR_P_PIE3D_ROTATION] +
                     2.0 * M_PI * (sl + fr_flame_u01(rng) * x->param[FR_P_PIE3D_THICKNESS]) / slices;
    const double r = w * fr_flame_u01(rng);
    f->p0 += r * cos(a);
    f->p1 += r * sin(a);
    f->p2 += w * sin(r);
}

/* sinusoidal3D: sin x, sin y, atan2(x^2, y^2) cos z. */
FR_HD void fr_var_sinusoidal3d(fr_flame_vctx *f, double w)
{
    f->p0 += w * sin(f->tx);
    f->p1 += w * sin(f->ty);
    f->p2 += w * (atan2(f->tx * f->tx, f->ty * f->ty) * cos(f->tz));
}

/* scry_3D: scry in 3D (z 0 replaced by the angle); the weight only as
 * 1 / w inside (Ember's). */
FR_HD void fr_var_scry_3d(fr_flame_vctx *f, double w)
{
    const double t = f->r2 + f->tz * f->tz;
    const double r = 1.0 / fr_flame_ezeps(sqrt(t) * (t + 1.0 / fr_flame_ezeps(w)));
    const double z = f->tz == 0 ? f->atan_yx : f->tz;
    f->p0 += f->tx * r;
    f->p1 += f->ty * r;
    f->p2 += z * r;
}

#endif
