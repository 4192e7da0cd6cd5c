/*
 * flame_var_ember_v05.h - the variations of Ember's Variations05.h that
 * fractalis did not have, in that file's order (as far as taken): bubble2,
 * CircleLinear, CircleRand, foci_p, ho, julia3Dq, line, loonie2, loonie3,
 * loonie_3D, mcarpet, waves2_3D, pie3D, sinusoidal3D, scry_3D and
 * (taken later, at the end) SplitBrdr, xtrb. Ember's
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
    const double r = w / t, z = f->pv[FR_PL_BUBBLE2_Z];
    f->p0 += f->tx * r * f->pv[FR_PL_BUBBLE2_X];
    f->p1 += f->ty * r * f->pv[FR_PL_BUBBLE2_Y];
    double oz = f->tz >= 0 ? w * (f->tz + z) : w * (f->tz - z);
    oz += f->tz * r * z;
    f->p2 += oz;
}

/* The Circle* variations' cells: Ember's Floor (fr_flame_ember_floor,
 * flame_var_ember_v02.h) and its DiscreteNoise2 (32-bit integer hash,
 * wrapping as x86's). */
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
    const double sc = f->pv[FR_PL_CIRCLELINEAR_SC], k = f->pv[FR_PL_CIRCLELINEAR_K];
    const double dens1 = f->pv[FR_PL_CIRCLELINEAR_DENS1], dens2 = f->pv[FR_PL_CIRCLELINEAR_DENS2];
    const int m = fr_flame_d2i(fr_flame_ember_floor(0.5 * f->tx / sc));
    const int n = fr_flame_d2i(fr_flame_ember_floor(0.5 * f->ty / sc));
    const int m21 = (int)((uint32_t)m * 2u + 1u), n21 = (int)((uint32_t)n * 2u + 1u);
    double px = f->tx - m21 * sc, py = f->ty - n21 * sc;
    const double u = fr_flame_ezeps(sqrt(px * px + py * py));
    const double v =
        (0.3 + 0.7 * fr_flame_discrete_noise2((int)((uint32_t)m + 10u), (int)((uint32_t)n + 3u))) * sc;
    const double z1 = fr_flame_discrete_noise2(fr_flame_d2i(m + f->pv[FR_PL_CIRCLELINEAR_SEED]), n);
    if (z1 < dens1 && u < v) {
        const int inner = f->pv[FR_PL_CIRCLELINEAR_REVERSE] > 0 ? z1 < dens1 * dens2 : z1 > dens1 * dens2;
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
    const double sc = f->pv[FR_PL_CIRCLERAND_SC], dens = f->pv[FR_PL_CIRCLERAND_DENS];
    const double seed = f->pv[FR_PL_CIRCLERAND_SEED];
    double px, py, m, n, u;
    int iters = 0;
    do {
        px = f->pv[FR_PL_CIRCLERAND_X] * (1.0 - 2.0 * fr_flame_u01(rng));
        py = f->pv[FR_PL_CIRCLERAND_Y] * (1.0 - 2.0 * fr_flame_u01(rng));
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
    const double ex2 = ex * f->pv[FR_PL_FOCI_P_C1], enz = f->pv[FR_PL_FOCI_P_C2] / ex;
    const double r = w / fr_flame_ezeps(ex2 + enz - cos(f->ty));
    f->p0 += (ex2 - enz) * r;
    f->p1 += sin(f->ty) * r;
}

/* ho: powers of |cos x cos y|, |sin x cos y|, |sin y| plus linear terms
 * and a quarter of atan2(y^2, z^2), atan2(x^2, z^2). */
FR_HD void fr_var_ho(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double xp = f->pv[FR_PL_HO_XPOW], yp = f->pv[FR_PL_HO_YPOW], zp = f->pv[FR_PL_HO_ZPOW];
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
    const double power = f->pv[FR_PL_JULIA3DQ_POWER];
    const double inv = f->pv[FR_PL_JULIA3DQ_DIVISOR] / power, absinv = fabs(inv);
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
    const double d = f->pv[FR_PL_LINE_DELTA] * M_PI, ph = f->pv[FR_PL_LINE_PHI] * M_PI;
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
    const double sides = f->pv[FR_PL_LOONIE2_SIDES];
    const double a = 2.0 * M_PI / sides, s = -M_PI_2 * f->pv[FR_PL_LOONIE2_STAR];
    const double c = M_PI_2 * f->pv[FR_PL_LOONIE2_CIRCLE];
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
    double ox = f->tx * r * f->pv[FR_PL_MCARPET_X], oy = f->ty * r * f->pv[FR_PL_MCARPET_Y];
    ox += (1.0 - (f->pv[FR_PL_MCARPET_TWIST] * (f->tx * f->tx)) + f->ty) * w;
    oy += f->pv[FR_PL_MCARPET_TILT] * f->tx * w;
    f->p0 += ox;
    f->p1 += oy;
}

/* waves2_3D: waves2 of frequency freq, z waved by the mean of x and y. */
FR_HD void fr_var_waves2_3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double freq = f->pv[FR_PL_WAVES2_3D_FREQ], scale = f->pv[FR_PL_WAVES2_3D_SCALE];
    const double avg = (f->tx + f->ty) * 0.5;
    f->p0 += w * (f->tx + scale * sin(f->ty * freq));
    f->p1 += w * (f->ty + scale * sin(f->tx * freq));
    f->p2 += w * (f->tz + scale * sin(avg * freq));
}

/* pie3D: pie (three draws: slice, angle in it, radius), z w sin r. */
FR_HD void fr_var_pie3d(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double slices = f->pv[FR_PL_PIE3D_SLICES];
    const int sl = fr_flame_d2i(fr_flame_u01(rng) * slices + 0.5);
    const double a = f->pv[FR_PL_PIE3D_ROTATION] +
                     2.0 * M_PI * (sl + fr_flame_u01(rng) * f->pv[FR_PL_PIE3D_THICKNESS]) / slices;
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

/* SplitBrdr: bubble, plus (one draw: u >= 0.75) the point's unit cell
 * (round to nearest, halves to even) with the offset halved, or that
 * pushed out by x, y through the cell's nearer border (Ember's mix of x
 * and y kept); plus (px x, py y). */
FR_HD void fr_var_splitbrdr(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double sx = p[FR_PL_SPLITBRDR_X], sy = p[FR_PL_SPLITBRDR_Y];
    const double b = w / (f->r2 * 0.25 + 1.0);
    const double roundx = rint(f->tx), roundy = rint(f->ty);
    const double offx = f->tx - roundx, offy = f->ty - roundy;
    double ox = f->tx * b, oy = f->ty * b;
    if (fr_flame_u01(rng) >= 0.75) {
        ox += w * (offx * 0.5 + roundx);
        oy += w * (offy * 0.5 + roundy);
    } else if (fabs(offx) >= fabs(offy)) {
        if (offx >= 0) {
            ox += w * (offx * 0.5 + roundx + sx);
            oy += w * (offy * 0.5 + roundy + sy * offy / fr_flame_ezeps(offx));
        } else {
            ox += w * (offx * 0.5 + roundx - sy);
            oy += w * (offy * 0.5 + roundy - sy * offy / fr_flame_ezeps(offx));
        }
    } else {
        if (offy >= 0) {
            oy += w * (offy * 0.5 + roundy + sy);
            ox += w * (offx * 0.5 + roundx + offx / fr_flame_ezeps(offy) * sy);
        } else {
            oy += w * (offy * 0.5 + roundy - sy);
            ox += w * (offx * 0.5 + roundx - offx / fr_flame_ezeps(offy) * sx);
        }
    }
    ox += f->tx * p[FR_PL_SPLITBRDR_PX];
    oy += f->ty * p[FR_PL_SPLITBRDR_PY];
    f->p0 += ox;
    f->p1 += oy;
}

/* xtrb: what Ember's Precalc derives from the triangle's angles (a, b
 * offset by 0.047), radius and width. */
typedef struct fr_flame_xtrb {
    double sinc, cosc, ha, hb, hc, ab, ac, ba, bc, ca, cb, s2a, s2b, s2c, s2ab, s2ac, s2bc, w1, w2, w3, width;
} fr_flame_xtrb;

FR_HD void fr_flame_xtrb_setup(const double *p, fr_flame_xtrb *t)
{
    const double radius = p[FR_PL_XTRB_RADIUS], width = p[FR_PL_XTRB_WIDTH];
    const double br = 0.047 + p[FR_PL_XTRB_A], cr = 0.047 + p[FR_PL_XTRB_B], ar = M_PI - br - cr;
    double sa2, ca2, sb2, cb2, sc2, cc2;
    fr_flame_sincos(ar / 2.0, &sa2, &ca2);
    fr_flame_sincos(br / 2.0, &sb2, &cb2);
    fr_flame_sincos(cr / 2.0, &sc2, &cc2);
    fr_flame_sincos(cr, &t->sinc, &t->cosc);
    const double a = radius * (sc2 / cc2 + sb2 / cb2), b = radius * (sc2 / cc2 + sa2 / ca2);
    const double c = radius * (sb2 / cb2 + sa2 / ca2);
    t->width = width;
    t->w1 = 1.0 - width;
    t->w2 = 2.0 * width;
    t->w3 = 1.0 - width * width;
    const double s2 = radius * (a + b + c);
    t->ha = s2 / a / 6.0;
    t->hb = s2 / b / 6.0;
    t->hc = s2 / c / 6.0;
    t->ab = a / b;
    t->ac = a / c;
    t->ba = b / a;
    t->bc = b / c;
    t->ca = c / a;
    t->cb = c / b;
    t->s2a = 6.0 * t->ha;
    t->s2b = 6.0 * t->hb;
    t->s2c = 6.0 * t->hc;
    t->s2bc = s2 / (b + c) / 6.0;
    t->s2ab = s2 / (a + b) / 6.0;
    t->s2ac = s2 / (a + c) / 6.0;
}

/* xtrb's hexagon: the point (al, be, ga) of the triangle moved towards
 * its corner's hexagon (one draw: u >= 1 - width^2 scales it by width
 * instead), Ember's Hex. */
FR_HD void fr_flame_xtrb_hex(const fr_flame_xtrb *t, double al, double be, double ga, double *al1,
                             double *be1, fr_flame_rng *rng)
{
    const double r = fr_flame_u01(rng), wd = t->width;
    double ga1, de1;
    if (be < al) {
        if (ga < be) {
            if (r >= t->w3) {
                de1 = wd * be;
                ga1 = wd * ga;
            } else {
                ga1 = t->w1 * ga + t->w2 * t->hc * ga / be;
                de1 = t->w1 * be + t->w2 * t->s2ab * (3.0 - ga / be);
            }
            *al1 = t->s2a - t->ba * de1 - t->ca * ga1;
            *be1 = de1;
        } else if (ga < al) {
            if (r >= t->w3) {
                ga1 = wd * ga;
                de1 = wd * be;
            } else {
                de1 = t->w1 * be + t->w2 * t->hb * be / ga;
                ga1 = t->w1 * ga + t->w2 * t->s2ac * (3.0 - be / ga);
            }
            *al1 = t->s2a - t->ba * de1 - t->ca * ga1;
            *be1 = de1;
        } else if (r >= t->w3) {
            *al1 = wd * al;
            *be1 = wd * be;
        } else {
            *be1 = t->w1 * be + t->w2 * t->hb * be / al;
            *al1 = t->w1 * al + t->w2 * t->s2ac * (3.0 - be / al);
        }
    } else {
        if (ga < al) {
            if (r >= t->w3) {
                de1 = wd * al;
                ga1 = wd * ga;
            } else {
                ga1 = t->w1 * ga + t->w2 * t->hc * ga / al;
                de1 = t->w1 * al + t->w2 * t->s2ab * (3.0 - ga / al);
            }
            *be1 = t->s2b - t->ab * de1 - t->cb * ga1;
            *al1 = de1;
        } else if (ga < be) {
            if (r >= t->w3) {
                ga1 = wd * ga;
                de1 = wd * al;
            } else {
                de1 = t->w1 * al + t->w2 * t->ha * al / ga;
                ga1 = t->w1 * ga + t->w2 * t->s2bc * (3.0 - al / ga);
            }
            *be1 = t->s2b - t->ab * de1 - t->cb * ga1;
            *al1 = de1;
        } else if (r >= t->w3) {
            *be1 = wd * be;
            *al1 = wd * al;
        } else {
            *al1 = t->w1 * al + t->w2 * t->ha * al / be;
            *be1 = t->w1 * be + t->w2 * t->s2bc * (3.0 - al / be);
        }
    }
}

/* xtrb: the plane in trilinear coordinates of the triangle, each cell's
 * point moved by the hexagon (one draw), back to the plane and through
 * julian of power and dist (the root by Ember's Rand(|power| as a whole
 * number): one draw); the weight applied twice (Ember's). */
FR_HD void fr_var_xtrb(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    fr_flame_xtrb t;
    fr_flame_xtrb_setup(p, &t);
    const double radius = p[FR_PL_XTRB_RADIUS], power = p[FR_PL_XTRB_POWER];
    const double absn = (double)fr_flame_d2i(fabs(power)), cn = p[FR_PL_XTRB_DIST] / power / 2.0;
    double alpha = f->ty + radius, beta = f->tx * t.sinc - f->ty * t.cosc + radius;
    const double m = fr_flame_ember_floor(alpha / t.s2a), n = fr_flame_ember_floor(beta / t.s2b);
    double oal = alpha - m * t.s2a, obe = beta - n * t.s2b;
    double oga = t.s2c - t.ac * oal - t.bc * obe;
    if (oga > 0)
        fr_flame_xtrb_hex(&t, oal, obe, oga, &alpha, &beta, rng);
    else {
        oal = t.s2a - oal;
        obe = t.s2b - obe;
        oga = -oga;
        fr_flame_xtrb_hex(&t, oal, obe, oga, &alpha, &beta, rng);
        alpha = t.s2a - alpha;
        beta = t.s2b - beta;
    }
    alpha += m * t.s2a;
    beta += n * t.s2b;
    const double inx = (beta - radius + (alpha - radius) * t.cosc) / t.sinc, iny = alpha - radius;
    const double angle = (atan2(iny, inx) + 2.0 * M_PI * fr_flame_ember_rand_n(rng, absn)) / power;
    const double r = w * pow(inx * inx + iny * iny, cn);
    f->p0 += w * (r * cos(angle));
    f->p1 += w * (r * sin(angle));
}

#endif
