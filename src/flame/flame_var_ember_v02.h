/*
 * flame_var_ember_v02.h - the variations of Ember's Variations02.h that
 * fractalis did not have, in that file's order (as far as taken):
 * blur_square, disc3d, boarders2, cardioid, checks, circlize, circlize2,
 * coswrap, deltaa, expo, fdisc, fibonacci, fibonacci2, glynnia2, gridout,
 * hole, idisc, hypertile1, hypertile3D, hypertile3D1, hypertile3D2, murl,
 * murl2, polynomial, psphere, rational3, sigmoid, stwin, xheart, bisplit,
 * crescents, mask, ortho, poincare, poincare2; then (taken later, at the
 * end) bwraps_rand, blur_pixelize, julian2, juliaq, npolar, poincare3D,
 * ripple, sinusgrid, cpow2, whose precomputed values are worked out in
 * the formula. Ember's semantics as in flame_var_ember.h; its Zeps
 * (fr_flame_ezeps).
 */
#ifndef FR_FLAME_VAR_EMBER_V02_H
#define FR_FLAME_VAR_EMBER_V02_H

#include <stdint.h>

#include "flame/flame_var_ember.h"

/* Ember's VarFuncs::LRint on doubles: the nearest whole number (halves away
 * from 0) through a 64-bit int, which x86 makes INT64_MIN out of range
 * (and for NaN); spelled out, C leaves that undefined. */
FR_HD double fr_flame_lrint(double x)
{
    const double t = x >= 0 ? x + 0.5 : x - 0.5;
    if (t > -9223372036854775808.0 && t < 9223372036854775808.0) return (double)(long long)t;
    return -9223372036854775808.0;
}

/* blur_square: a uniform point of the square of side 2w (two draws, x
 * first); the point is not read (Ember's ASSIGNTYPE_SUM). */
FR_HD void fr_var_blur_square(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double v = w * 2.0;
    const double u = fr_flame_u01(rng);
    f->p0 += v * (u - 0.5);
    f->p1 += v * (fr_flame_u01(rng) - 0.5);
}

/* disc3d: flam3's disc with its own pi, and z = disc's scale r cos(z). */
FR_HD void fr_var_disc3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double pi = f->pv[FR_PL_DISC3D_PI], r = f->r, temp = r * pi;
    const double vv = w * f->atan_xy / fr_flame_ezeps(pi);
    f->p0 += vv * sin(temp);
    f->p1 += vv * cos(temp);
    f->p2 += vv * (r * cos(f->tz));
}

/* boarders2: flam3's boarders with the cell's scale c and the borders'
 * widths left and right (one draw). */
FR_HD void fr_var_boarders2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double rx = (double)fr_flame_d2i(f->tx >= 0 ? f->tx + 0.5 : f->tx - 0.5);
    const double ry = (double)fr_flame_d2i(f->ty >= 0 ? f->ty + 0.5 : f->ty - 0.5);
    const double ox = f->tx - rx, oy = f->ty - ry;
    const double c = x->b2_c, cl = x->b2_cl;
    double px, py;
    if (fr_flame_u01(rng) >= x->b2_cr) {
        px = ox * c + rx;
        py = oy * c + ry;
    } else if (fabs(ox) >= fabs(oy)) {
        if (ox >= 0) {
            px = ox * c + rx + cl;
            py = oy * c + ry + cl * oy / ox;
        } else {
            px = ox * c + rx - cl;
            py = oy * c + ry - cl * oy / ox;
        }
    } else {
        if (oy >= 0) {
            py = oy * c + ry + cl;
            px = ox * c + rx + ox / oy * cl;
        } else {
            py = oy * c + ry - cl;
            px = ox * c + rx - ox / oy * cl;
        }
    }
    f->p0 += w * px;
    f->p1 += w * py;
}

/* cardioid: the radius sqrt(r^2 + sin(a angle) + 1), the direction kept
 * (Ember's x / Zeps(r): 0 at the origin). */
FR_HD void fr_var_cardioid(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double r = w * sqrt(f->r2 + sin(f->atan_yx * f->pv[FR_PL_CARDIOID_A]) + 1.0);
    f->p0 += r * (f->tx / fr_flame_ezeps(f->r));
    f->p1 += r * (f->ty / fr_flame_ezeps(f->r));
}

/* checks: a checkerboard of cells of side `size`, alternate cells moved by
 * (-x, -y) and (x, y), with a random spread rnd along one axis (two
 * draws); z by w. */
FR_HD void fr_var_checks(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double rnx = p[FR_PL_CHECKS_RND] * fr_flame_u01(rng);
    const double rny = p[FR_PL_CHECKS_RND] * fr_flame_u01(rng);
    const double cs = 1.0 / fr_flame_ezeps(p[FR_PL_CHECKS_SIZE]);
    const int is_xy = fr_flame_d2i(fr_flame_lrint(f->tx * cs) + fr_flame_lrint(f->ty * cs));
    double dx, dy;
    if ((unsigned)is_xy & 1u) {
        dx = -p[FR_PL_CHECKS_X] + rnx;
        dy = -p[FR_PL_CHECKS_Y];
    } else {
        dx = p[FR_PL_CHECKS_X];
        dy = p[FR_PL_CHECKS_Y] + rny;
    }
    f->p0 += w * (f->tx + dx);
    f->p1 += w * (f->ty + dy);
    f->p2 += w * f->tz;
}

/* circlize, circlize2: squares about the origin onto circles (the
 * square's perimeter position to the angle), a hole in the middle. */
FR_HD void fr_flame_circlize_map(const fr_flame_vctx *f, double *side, double *val)
{
    const double ax = fabs(f->tx), ay = fabs(f->ty);
    double per;
    if (ax >= ay) {
        per = f->tx >= ay ? ax + f->ty : 5.0 * ax - f->ty;
        *side = ax;
    } else {
        per = f->ty >= ax ? 3.0 * ay - f->tx : 7.0 * ay + f->tx;
        *side = ay;
    }
    *val = M_PI_4 * per / *side - M_PI_4;
}

FR_HD void fr_var_circlize(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double side, val;
    fr_flame_circlize_map(f, &side, &val);
    const double r = (w / M_PI_4) * side + f->pv[FR_PL_CIRCLIZE_HOLE];
    f->p0 += r * cos(val);
    f->p1 += r * sin(val);
}

FR_HD void fr_var_circlize2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double side, val;
    fr_flame_circlize_map(f, &side, &val);
    const double r = w * (side + f->pv[FR_PL_CIRCLIZE2_HOLE]);
    f->p0 += r * cos(val);
    f->p1 += r * sin(val);
}

/* coswrap: each coordinate mapped to [0, 1], folded by cosines of the
 * amounts and phases over `repeat` copies, back to [-1, 1] scaled by 2w
 * (Ember's Lerp, Fosc, Foscn, Fabsmod: modf's fraction). */
FR_HD double fr_flame_coswrap_1(double t, double fr, double amount, double ph)
{
    const double u = 0.5 * t + 0.5;
    double ip;
    const double b = modf(fr * u, &ip);
    const double n = 0.5 - cos(amount + ph) * 0.5;
    const double a = u + ((0.5 - cos(u * 4.0 + ph) * 0.5) - u) * n;
    return a + ((0.5 - cos(b * 4.0 + ph) * 0.5) - a) * n;
}

FR_HD void fr_var_coswrap(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double fr = fabs(p[FR_PL_COSWRAP_REPEAT]), v2 = 2.0 * w;
    f->p0 += -1.0 + v2 * fr_flame_coswrap_1(f->tx, fr, p[FR_PL_COSWRAP_AMOUNT_X], M_PI * p[FR_PL_COSWRAP_PHASE_X]);
    f->p1 += -1.0 + v2 * fr_flame_coswrap_1(f->ty, fr, p[FR_PL_COSWRAP_AMOUNT_Y], M_PI * p[FR_PL_COSWRAP_PHASE_Y]);
}

/* deltaa: the ratio of the distances to (-1, 0) and (1, 0), at half the
 * difference of the angles seen from them. */
FR_HD void fr_var_deltaa(fr_flame_vctx *f, double w)
{
    const double x = f->tx, y = f->ty;
    const double avgr = w * (sqrt(y * y + (x + 1) * (x + 1)) / sqrt(y * y + (x - 1) * (x - 1)));
    const double avga = (atan2(y, x - 1) - atan2(y, x + 1)) / 2.0;
    double s, c;
    fr_flame_sincos(avga, &s, &c);
    f->p0 += avgr * c;
    f->p1 += avgr * s;
}

/* expo: (real + i imaginary)^t, t the point as a complex number. */
FR_HD void fr_var_expo(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double k = x->expo_k, t = x->expo_t;
    const double expor = exp(f->tx * k - f->ty * t);
    const double temp = f->tx * t + f->ty * k;
    f->p0 += w * expor * cos(temp);
    f->p1 += w * expor * sin(temp);
}

/* fdisc: the angle to the radius, the radius to the angle (flam3's disc
 * the other way round). */
FR_HD void fr_var_fdisc(fr_flame_vctx *f, double w)
{
    const double a = (2.0 * M_PI) / (f->r + 1.0);
    const double r = (f->atan_yx * M_1_PI + 1.0) * 0.5;
    double s, c;
    fr_flame_sincos(a, &s, &c);
    f->p0 += w * r * c;
    f->p1 += w * r * s;
}

/* fibonacci, fibonacci2: Binet's formula (phi^t - (-phi)^-t) / sqrt 5 at
 * the point as a complex number; fibonacci2 scales the exponents by sc2
 * and the terms by sc. */
#define FR_EMBER_SQRT5 2.2360679774997896964091736687313
#define FR_EMBER_PHI 1.61803398874989484820458683436563

FR_HD void fr_flame_fibonacci(fr_flame_vctx *f, double w, double sc, double sc2, int scaled)
{
    const double five = 1.0 / FR_EMBER_SQRT5, nat_log = log(FR_EMBER_PHI);
    double s1, c1, s2, c2;
    fr_flame_sincos(f->ty * nat_log, &s1, &c1);
    fr_flame_sincos((f->tx * M_PI + f->ty * nat_log) * -1.0, &s2, &c2);
    double e1, e2;
    if (scaled) {
        e1 = sc * exp(sc2 * (f->tx * nat_log));
        e2 = sc * exp(sc2 * ((f->tx * nat_log - f->ty * M_PI) * -1.0));
    } else {
        e1 = exp(f->tx * nat_log);
        e2 = exp((f->tx * nat_log - f->ty * M_PI) * -1.0);
    }
    f->p0 += w * (e1 * c1 - e2 * c2) * five;
    f->p1 += w * (e1 * s1 - e2 * s2) * five;
}

FR_HD void fr_var_fibonacci(fr_flame_vctx *f, double w) { fr_flame_fibonacci(f, w, 1.0, 1.0, 0); }

FR_HD void fr_var_fibonacci2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    fr_flame_fibonacci(f, w, f->pv[FR_PL_FIBONACCI2_SC], f->pv[FR_PL_FIBONACCI2_SC2], 1);
}

/* glynnia2 (guagapunyaimel): glynnia's two square-root maps, one draw
 * choosing, above and below the x axis. */
FR_HD void fr_var_glynnia2(fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double v2 = w * sqrt(2.0) / 2.0;
    double r = f->r, d;
    if (r > 0 && f->ty > 0) {
        if (fr_flame_u01(rng) > 0.5) {
            d = sqrt(r + f->tx);
            f->p0 += v2 * d;
            f->p1 += -(v2 / d * f->ty);
        } else {
            d = r + f->tx;
            r = w / sqrt(r * (f->ty * f->ty + d * d));
            f->p0 += r * d;
            f->p1 += r * f->ty;
        }
    } else {
        if (fr_flame_u01(rng) > 0.5) {
            d = fr_flame_ezeps(sqrt(r + f->tx));
            f->p0 += -(v2 * d);
            f->p1 += -(v2 / d * f->ty);
        } else {
            d = r + f->tx;
            r = w / fr_flame_ezeps(sqrt(r * (f->ty * f->ty + d * d)));
            f->p0 += -(r * d);
            f->p1 += r * f->ty;
        }
    }
}

/* gridout: each unit cell's point moved by 1 along x or y, by the cell's
 * place in the square rings about the origin. */
FR_HD void fr_var_gridout(fr_flame_vctx *f, double w)
{
    const double x = fr_flame_lrint(f->tx), y = fr_flame_lrint(f->ty);
    double dx = 0.0, dy = 0.0;
    if (y <= 0) {
        if (x > 0) {
            if (-y >= x) dx = 1.0;
            else dy = 1.0;
        } else {
            if (y <= x) dx = 1.0;
            else dy = -1.0;
        }
    } else {
        if (x > 0) {
            if (y >= x) dx = -1.0;
            else dy = 1.0;
        } else {
            if (y > -x) dx = -1.0;
            else dy = -1.0;
        }
    }
    /* Ember adds 1 to one coordinate only: w (t + 1), w t */
    f->p0 += dx != 0.0 ? w * (f->tx + dx) : w * f->tx;
    f->p1 += dy != 0.0 ? w * (f->ty + dy) : w * f->ty;
}

/* hole: the radius pushed out by (angle / pi + 1)^a, or (inside) pulled
 * into a disc; the direction kept (Ember's x / Zeps(r)). */
FR_HD void fr_var_hole(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double delta = pow(f->atan_yx / M_PI + 1.0, f->pv[FR_PL_HOLE_A]);
    const double r = f->pv[FR_PL_HOLE_INSIDE] != 0.0 ? w * delta / (f->r + delta) : w * f->r + delta;
    f->p0 += r * (f->tx / fr_flame_ezeps(f->r));
    f->p1 += r * (f->ty / fr_flame_ezeps(f->r));
}

/* idisc: the inverse of fdisc's radius: pi / (r + 1), scaled by the angle. */
FR_HD void fr_var_idisc(fr_flame_vctx *f, double w)
{
    const double a = M_PI / (f->r + 1.0);
    const double r = f->atan_yx * (w * M_1_PI);
    f->p0 += r * cos(a);
    f->p1 += r * sin(a);
}

/* Ember's Crand() (ISAAC's 15-bit draw) in its flam3-compatible mode,
 * Ember's default: floor(32767 u) of one draw, as hypertile2's. */
FR_HD double fr_flame_ember_crand(fr_flame_rng *rng) { return floor(fr_flame_u01(rng) * 32767.0); }

/* Ember's Rand(n): 0 .. n - 1, floor(n u) of one draw (as nBlur's); n 0
 * is its Rand(), a 32-bit integer. */
FR_HD double fr_flame_ember_rand_n(fr_flame_rng *rng, double n)
{
    const double u = fr_flame_u01(rng);
    return n >= 1.0 ? floor(floor(n) * u) : floor(u * 4294967296.0);
}

/* Ember's Floor to a whole number (intmax_t: a 64-bit one, out of range
 * spelled out as x86's). */
FR_HD double fr_flame_ember_floor(double v)
{
    if (!(v > -9223372036854775808.0 && v < 9223372036854775808.0)) return -9223372036854775808.0;
    const long long i = (long long)v;
    return (double)(v >= 0 ? i : i - ((double)i > v));
}

/* hypertile1: hypertile2's Mobius map of the {p, q} tiling turned by a
 * random whole turn of 2 pi / p before it (one draw). */
FR_HD void fr_var_hypertile1(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double temp = fr_flame_ember_crand(rng) * x->ht1_pa;
    const double re = x->ht1_r * cos(temp), im = x->ht1_r * sin(temp);
    const double a = f->tx + re, b = f->ty - im;
    const double c = re * f->tx - im * f->ty + 1.0, d = re * f->ty + im * f->tx;
    const double vr = w / fr_flame_ezeps(c * c + d * d);
    f->p0 += vr * (a * c + b * d);
    f->p1 += vr * (b * c - a * d);
}

/* hypertile3D: the tiling's map in 3D about the shift n; Ember's r^2 adds
 * z, not z^2. */
FR_HD void fr_var_hypertile3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double r2 = f->r2 + f->tz;
    const double x2cx = x->ht3_c2x * f->tx, y2cy = x->ht3_c2y * f->ty;
    const double d = w / fr_flame_ezeps(x->ht3_c2 * r2 + x2cx - y2cy + 1.0);
    f->p0 += d * (f->tx * x->ht3_s2x - x->ht3_cx * (y2cy - r2 - 1.0));
    f->p1 += d * (f->ty * x->ht3_s2y + x->ht3_cy * (-x2cx - r2 - 1.0));
    f->p2 += d * (f->tz * x->ht3_s2z);
}

/* hypertile3D1: the same about a random whole turn (one draw). */
FR_HD void fr_var_hypertile3d1(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double temp = fr_flame_ember_crand(rng) * x->ht31_pa;
    const double cx = x->ht31_r * cos(temp), cy = x->ht31_r * sin(temp);
    const double s2x = 1.0 + cx * cx - cy * cy, s2y = 1.0 + cy * cy - cx * cx;
    const double r2 = f->r2 + f->tz * f->tz;
    const double x2cx = 2.0 * cx * f->tx, y2cy = 2.0 * cy * f->ty;
    const double d = w / fr_flame_ezeps(x->ht31_c2 * r2 + x2cx - y2cy + 1.0);
    f->p0 += d * (f->tx * s2x - cx * (y2cy - r2 - 1.0));
    f->p1 += d * (f->ty * s2y + cy * (-x2cx - r2 - 1.0));
    f->p2 += d * (f->tz * x->ht31_s2z);
}

/* hypertile3D2: the map about the x axis, then a random whole turn (one
 * draw); no Zeps on its denominator (Ember's). */
FR_HD void fr_var_hypertile3d2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double r2 = f->r2 + f->tz * f->tz;
    const double x2cx = x->ht32_c2x * f->tx;
    const double px = f->tx * x->ht32_s2x - x->ht32_cx * (-r2 - 1.0), py = f->ty * x->ht32_s2y;
    const double vr = w / (x->ht32_c2 * r2 + x2cx + 1.0);
    const double temp = fr_flame_ember_crand(rng) * x->ht32_pa;
    const double sa = sin(temp), ca = cos(temp);
    f->p0 += vr * (px * ca + py * sa);
    f->p1 += vr * (py * ca - px * sa);
    f->p2 += vr * (f->tz * x->ht32_s2z);
}

/* murl: t / (1 + c' t^power) (Ember's c' = c / (power - 1)), scaled by
 * c' + 1. */
FR_HD void fr_var_murl(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double power = f->pv[FR_PL_MURL_POWER], cp = x->murl_cp;
    const double angle = f->atan_yx * power;
    const double r = cp * pow(f->r2, power / 2.0);
    const double re = r * cos(angle) + 1.0, im = r * sin(angle);
    const double r1 = w * (cp + 1.0) / (re * re + im * im);
    f->p0 += r1 * (f->tx * re + f->ty * im);
    f->p1 += r1 * (f->ty * re - f->tx * im);
}

/* murl2: t / (1 + c t^power)^(2 / power), scaled by (c + 1)^(2 / power)
 * (0 at c = -1). */
FR_HD void fr_var_murl2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double power = f->pv[FR_PL_MURL2_POWER], c = f->pv[FR_PL_MURL2_C];
    double angle = f->atan_yx * power;
    double r = c * pow(f->r2, power / 2.0);
    double re = r * cos(angle) + 1.0, im = r * sin(angle);
    r = pow(re * re + im * im, 1.0 / power);
    angle = atan2(im, re) * (2.0 / power);
    re = r * cos(angle);
    im = r * sin(angle);
    const double vp = c == -1.0 ? 0.0 : w * x->murl2_pw;
    const double r1 = vp / (r * r);
    f->p0 += r1 * (f->tx * re + f->ty * im);
    f->p1 += r1 * (f->ty * re - f->tx * im);
}

/* polynomial: each coordinate to its power (sign kept) plus a linear and
 * a constant term; z by w. */
FR_HD double fr_flame_sign(double v) { return v < 0 ? -1.0 : v > 0 ? 1.0 : 0.0; }

FR_HD void fr_var_polynomial(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double xp = pow(fabs(w) * fabs(f->tx), p[FR_PL_POLYNOMIAL_POWX]);
    const double yp = pow(fabs(w) * fabs(f->ty), p[FR_PL_POLYNOMIAL_POWY]);
    f->p0 += xp * fr_flame_sign(f->tx) + p[FR_PL_POLYNOMIAL_LCX] * f->tx + p[FR_PL_POLYNOMIAL_SCX];
    f->p1 += yp * fr_flame_sign(f->ty) + p[FR_PL_POLYNOMIAL_LCY] * f->ty + p[FR_PL_POLYNOMIAL_SCY];
    f->p2 += w * f->tz;
}

/* psphere: the point as the angles of a sphere (w pi per unit); z
 * zscale cos of the second. */
FR_HD void fr_var_psphere(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double vpi = w * M_PI;
    double s0, c0, s1, c1;
    fr_flame_sincos(f->tx * vpi, &s0, &c0);
    fr_flame_sincos(f->ty * vpi, &s1, &c1);
    f->p0 += c0 * -s1;
    f->p1 += s0 * c1;
    f->p2 += c1 * f->pv[FR_PL_PSPHERE_ZSCALE];
}

/* rational3: a ratio of two complex cubics of the point. */
FR_HD void fr_var_rational3(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double X = f->tx, Y = f->ty;
    const double xsqr = X * X, ysqr = Y * Y, xcb = X * X * X, ycb = Y * Y * Y;
    const double tr = p[FR_PL_RATIONAL3_T3] * (xcb - 3 * X * ysqr) + p[FR_PL_RATIONAL3_T2] * (xsqr - ysqr) +
                      p[FR_PL_RATIONAL3_T1] * X + p[FR_PL_RATIONAL3_TC];
    const double ti = p[FR_PL_RATIONAL3_T3] * (3 * xsqr * Y - ycb) + p[FR_PL_RATIONAL3_T2] * 2 * X * Y +
                      p[FR_PL_RATIONAL3_T1] * Y;
    const double br = p[FR_PL_RATIONAL3_B3] * (xcb - 3 * X * ysqr) + p[FR_PL_RATIONAL3_B2] * (xsqr - ysqr) +
                      p[FR_PL_RATIONAL3_B1] * X + p[FR_PL_RATIONAL3_BC];
    const double bi = p[FR_PL_RATIONAL3_B3] * (3 * xsqr * Y - ycb) + p[FR_PL_RATIONAL3_B2] * 2 * X * Y +
                      p[FR_PL_RATIONAL3_B1] * Y;
    const double den = 1.0 / fr_flame_ezeps(br * br + bi * bi);
    f->p0 += w * (tr * br + ti * bi) * den;
    f->p1 += w * (ti * br - tr * bi) * den;
}

/* sigmoid: each coordinate through a logistic curve of steepness shift
 * (Ember's Precalc: a shift inside (-1, 1) inverted, its sign kept). */
FR_HD void fr_var_sigmoid(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double c0 = x->sig_ax / fr_flame_ezeps(1.0 + exp(x->sig_sx * f->tx));
    const double c1 = x->sig_ay / fr_flame_ezeps(1.0 + exp(x->sig_sy * f->ty));
    const double vv = fabs(w);
    f->p0 += vv * (2.0 * (c0 - 0.5));
    f->p1 += vv * (2.0 * (c1 - 0.5));
}

/* stwin: the point plus a wave of the hyperbola x^2 - y^2 on both axes. */
FR_HD void fr_var_stwin(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double mx = f->tx * w * 0.05, my = f->ty * w * 0.05;
    const double x2 = mx * mx, y2 = my * my;
    double result = (x2 - y2) * sin((2.0 * M_PI) * f->pv[FR_PL_STWIN_DISTORT] * (mx + my));
    result /= x2 + y2 != 0 ? x2 + y2 : 1.0;
    f->p0 += w * f->tx + result;
    f->p1 += w * f->ty + result;
}

/* xheart: the plane squeezed into a heart (turned by angle, stretched by
 * ratio), mirrored in y on the left. */
FR_HD void fr_var_xheart(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double r2_4 = f->r2 + 4.0;
    if (r2_4 == 0) r2_4 = 1.0;
    const double bx = 4.0 / r2_4, by = x->xh_rat / r2_4;
    const double X = x->xh_cosa * (bx * f->tx) - x->xh_sina * (by * f->ty);
    const double Y = x->xh_sina * (bx * f->tx) + x->xh_cosa * (by * f->ty);
    f->p0 += w * X;
    f->p1 += X > 0 ? w * Y : -w * Y;
}

/* bisplit: w / 10 (cos y / tan x, -y / sin x). */
FR_HD void fr_var_bisplit(fr_flame_vctx *f, double w)
{
    const double w01 = w * 0.1;
    f->p0 += w01 / tan(f->tx) * cos(f->ty);
    f->p1 += w01 / sin(f->tx) * (-f->ty);
}

/* crescents, mask: sin^2 x (sin x, cos x) (cosh y + 1), mask divided by r^2. */
FR_HD void fr_var_crescents(fr_flame_vctx *f, double w)
{
    const double sx = sin(f->tx), sx2 = sx * sx, cx = cos(f->tx), ch = cosh(f->ty) + 1.0;
    f->p0 += w * sx * ch * sx2;
    f->p1 += w * cx * ch * sx2;
}

FR_HD void fr_var_mask(fr_flame_vctx *f, double w)
{
    const double d = w / fr_flame_ezeps(f->r2);
    const double sx = sin(f->tx), sx2 = sx * sx, cx = cos(f->tx), ch = cosh(f->ty) + 1.0;
    f->p0 += d * sx * ch * sx2;
    f->p1 += d * cx * ch * sx2;
}

/* ortho: inside the unit circle the point turned by `in` about the
 * circle orthogonal to the unit one through it, outside (inverted, turned
 * by `out`, inverted back) the same; the left half mirrored. */
FR_HD void fr_var_ortho(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double r = f->r2;
    if (r < 1) {
        double ox, oy;
        if (f->tx >= 0) {
            const double xo = (r + 1.0) / fr_flame_ezeps(2.0 * f->tx);
            const double ro = sqrt((f->tx - xo) * (f->tx - xo) + f->ty * f->ty);
            const double theta = atan2(1.0, ro);
            const double a =
                fmod(f->pv[FR_PL_ORTHO_IN] * theta + atan2(f->ty, xo - f->tx) + theta, 2.0 * theta) - theta;
            double s, c;
            fr_flame_sincos(a, &s, &c);
            ox = w * (xo - c * ro);
            oy = w * s * ro;
        } else {
            const double xo = -(r + 1.0) / (2.0 * f->tx);
            const double ro = sqrt((-f->tx - xo) * (-f->tx - xo) + f->ty * f->ty);
            const double theta = atan2(1.0, ro);
            const double a =
                fmod(f->pv[FR_PL_ORTHO_IN] * theta + atan2(f->ty, xo + f->tx) + theta, 2.0 * theta) - theta;
            double s, c;
            fr_flame_sincos(a, &s, &c);
            ox = -(w * (xo - c * ro));
            oy = w * s * ro;
        }
        f->p0 += ox;
        f->p1 += oy;
        return;
    }
    const double ri = 1.0 / sqrt(r);
    const double tc = f->tx / fr_flame_ezeps(f->r), ts = f->ty / fr_flame_ezeps(f->r); /* Ember's cosa, sina */
    double px = ri * tc, py = ri * ts;
    const double turn = f->pv[FR_PL_ORTHO_OUT];
    double xo, ro, theta, a, s, c;
    const int left = !(px >= 0);
    if (!left) {
        xo = (px * px + py * py + 1.0) / fr_flame_ezeps(2.0 * px);
        ro = sqrt((px - xo) * (px - xo) + py * py);
        theta = atan2(1.0, ro);
        a = fmod(turn * theta + atan2(py, xo - px) + theta, 2.0 * theta) - theta;
    } else {
        xo = -(px * px + py * py + 1.0) / (2.0 * px);
        ro = sqrt((-px - xo) * (-px - xo) + py * py);
        theta = atan2(1.0, ro);
        a = fmod(turn * theta + atan2(py, xo + px) + theta, 2.0 * theta) - theta;
    }
    fr_flame_sincos(a, &s, &c);
    px = xo - c * ro;
    py = s * ro;
    theta = atan2(py, px);
    double st, ct;
    fr_flame_sincos(theta, &st, &ct);
    const double rr = 1.0 / sqrt(px * px + py * py);
    f->p0 += left ? -(w * rr * ct) : w * rr * ct;
    f->p1 += w * rr * st;
}

/* poincare: inversions in two circles of radii c1r, c2r at the angles
 * c1a, c2a (Ember's: the weight unused). */
FR_HD void fr_var_poincare(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    (void)w;
    const double c1r = f->pv[FR_PL_POINCARE_C1R], c2r = f->pv[FR_PL_POINCARE_C2R];
    const double xm = f->tx - x->pc_c1x, ym = f->ty - x->pc_c1y;
    double den = fr_flame_ezeps(xm * xm + ym * ym);
    const double c1r2 = c1r * c1r;
    const double px = x->pc_c1x + (c1r2 * xm) / den, py = x->pc_c1y + (c1r2 * ym) / den;
    const double xm2 = px - x->pc_c2x, ym2 = py - x->pc_c2y, c2r2 = c2r * c2r;
    den = fr_flame_ezeps(xm2 * xm2 + ym2 * ym2);
    f->p0 += x->pc_c2x + (c2r2 * xm2) / den;
    f->p1 += x->pc_c2y + (c2r2 * ym2) / den;
}

/* poincare2: the Mobius map of the {p, q} tiling's shift (none when
 * 1/p + 1/q >= 1/2). */
FR_HD void fr_var_poincare2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double cx = x->pc2_cx, cy = x->pc2_cy;
    const double a = f->tx - cx, b = f->ty - cy;
    const double c = 1.0 - cx * f->tx - cy * f->ty, d = cy * f->tx - cx * f->ty;
    const double num = w / fr_flame_ezeps(c * c + d * d);
    f->p0 += (a * c + b * d) * num;
    f->p1 += (b * c - a * d) * num;
}

/* The double-precision sine even where the GPU's variations take the
 * single-precision one (flame_fast_math.cuh defines sin(x) as a macro; the
 * parenthesised name is not its call): for the hashes below, whose sine is
 * multiplied by 43758.5453 before its fraction is taken, a sine good to
 * 1e-7 gives another cell's value (dust, bwraps_rand rendered other images
 * on the GPU than on the CPU). */
FR_HD double fr_flame_sin_exact(double x) { return (sin)(x); }

/* Ember's HashShadertoy: the fraction of sin(12.9898 x + 78.233 y + seed)
 * 43758.5453 (by its Floor). */
FR_HD double fr_flame_hash_shadertoy(double x, double y, double seed)
{
    const double v = fr_flame_sin_exact(x * 12.9898 + y * 78.233 + seed) * 43758.5453;
    return v - fr_flame_ember_floor(v);
}

/* bwraps_rand: bwraps with each cell's bubble radius scaled by the cell's
 * hash (of its centre, or with symm its centre squared). */
FR_HD void fr_var_bwraps_rand(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double cs = p[FR_PL_BWRAPS_RAND_CELLSIZE], space = p[FR_PL_BWRAPS_RAND_SPACE];
    if (cs == 0) {
        f->p0 += f->tx * w;
        f->p1 += f->ty * w;
        return;
    }
    const double gain = p[FR_PL_BWRAPS_RAND_GAIN], g2 = gain * gain;
    const double inv = 1.0 / fr_flame_ezeps(cs), half = 0.5 * (cs / (1.0 + space * space));
    const double cx = (fr_flame_ember_floor(f->tx * inv) + 0.5) * cs;
    const double cy = (fr_flame_ember_floor(f->ty * inv) + 0.5) * cs;
    const double lx = f->tx - cx, ly = f->ty - cy, seed = p[FR_PL_BWRAPS_RAND_SEED];
    const double radius =
        half * (p[FR_PL_BWRAPS_RAND_SYMM] == 0 ? fr_flame_hash_shadertoy(cx, cy, seed)
                                              : fr_flame_hash_shadertoy(cx * cx, cy * cy, seed));
    const double mb = g2 * radius;
    const double maxb = mb > 2 ? 1.0 : mb / (mb * mb * 0.25 + 1.0);
    const double r2 = radius * radius;
    if (lx * lx + ly * ly > r2) {
        f->p0 += f->tx * w;
        f->p1 += f->ty * w;
        return;
    }
    const double rfactor = radius / fr_flame_ezeps(maxb);
    const double lx2 = lx * g2, ly2 = ly * g2;
    const double r = rfactor / ((lx2 * lx2 + ly2 * ly2) * 0.25 + 1.0);
    const double lx3 = lx2 * r, ly3 = ly2 * r;
    const double rr = (lx3 * lx3 + ly3 * ly3) / fr_flame_ezeps(r2);
    const double theta = p[FR_PL_BWRAPS_RAND_INNER_TWIST] * (1.0 - rr) + p[FR_PL_BWRAPS_RAND_OUTER_TWIST] * rr;
    const double ct = cos(theta), st = sin(theta);
    f->p0 += (cx + ct * lx3 + st * ly3) * w;
    f->p1 += (cy - st * lx3 + ct * ly3) * w;
}

/* blur_pixelize: the point's cell of side size, blurred about its middle
 * by scale (two draws); z times w. */
FR_HD void fr_var_blur_pixelize(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double zsize = fr_flame_ezeps(f->pv[FR_PL_BLUR_PIXELIZE_SIZE]),
                 sc = f->pv[FR_PL_BLUR_PIXELIZE_SCALE];
    const double v = w * zsize, inv = 1.0 / zsize;
    const double cx = fr_flame_ember_floor(f->tx * inv), cy = fr_flame_ember_floor(f->ty * inv);
    f->p0 += v * (cx + sc * (fr_flame_u01(rng) - 0.5) + 0.5);
    f->p1 += v * (cy + sc * (fr_flame_u01(rng) - 0.5) + 0.5);
    f->p2 += w * f->tz;
}

/* julian2 (Ember's flam3-compatible form, its default): julian of the
 * point's affine image (a .. f), the root by Ember's Rand(|power| as a
 * whole number) (one draw). */
FR_HD void fr_var_julian2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double power = p[FR_PL_JULIAN2_POWER];
    const double absn = (double)fr_flame_d2i(fabs(power)), cn = p[FR_PL_JULIAN2_DIST] / power / 2.0;
    const double xx = p[FR_PL_JULIAN2_A] * f->tx + p[FR_PL_JULIAN2_B] * f->ty + p[FR_PL_JULIAN2_E];
    const double yy = p[FR_PL_JULIAN2_C] * f->tx + p[FR_PL_JULIAN2_D] * f->ty + p[FR_PL_JULIAN2_F];
    const double r = w * pow(xx * xx + yy * yy, cn);
    const double a = (atan2(yy, xx) + 2.0 * M_PI * fr_flame_ember_rand_n(rng, absn)) / power;
    f->p0 += r * cos(a);
    f->p1 += r * sin(a);
}

/* juliaq: julia's root with divisor / power, the turn by Ember's Crand()
 * (one draw). */
FR_HD void fr_var_juliaq(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double pz = fr_flame_ezeps(f->pv[FR_PL_JULIAQ_POWER]), div = f->pv[FR_PL_JULIAQ_DIVISOR];
    const double halfinv = 0.5 * (div / pz), inv = div / pz, inv2pi = 2.0 * M_PI / pz;
    const double a = f->atan_yx * inv + fr_flame_ember_crand(rng) * inv2pi;
    const double r = w * pow(f->r2, halfinv);
    f->p0 += r * cos(a);
    f->p1 += r * sin(a);
}

/* npolar (Ember's flam3-compatible form, its default): for an odd parity
 * julian of n (0 as 1) times parity; for an even one julian of n in
 * log-polar coordinates and back. The root by Ember's Rand(|n|) (one
 * draw). */
FR_HD void fr_var_npolar(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double parity = f->pv[FR_PL_NPOLAR_PARITY], n = f->pv[FR_PL_NPOLAR_N];
    const double nnz = n == 0 ? 1.0 : n;
    const double vvar = w / M_PI, vvar2 = vvar * 0.5, absn = fabs(nnz), cn = 1.0 / nnz / 2.0;
    if (fmod(fabs(parity), 2.0) != 0) {
        const double angle = (f->atan_yx + 2.0 * M_PI * fr_flame_ember_rand_n(rng, absn)) / nnz;
        const double r = w * pow(f->r2, cn) * parity;
        f->p0 += cos(angle) * r;
        f->p1 += sin(angle) * r;
    } else {
        const double xx = vvar * f->atan_xy, yy = vvar2 * log(f->r2);
        const double angle = (atan2(yy, xx) + 2.0 * M_PI * fr_flame_ember_rand_n(rng, absn)) / nnz;
        const double r = w * pow(xx * xx + yy * yy, cn);
        const double sina = sin(angle) * r, cosa = cos(angle) * r;
        f->p0 += vvar2 * log(cosa * cosa + sina * sina);
        f->p1 += vvar * atan2(cosa, sina);
    }
}

/* poincare3D: the inversion of the ball in the sphere through the
 * point of radius r at angles a pi / 2, b pi / 2. */
FR_HD void fr_var_poincare3d(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double pr = p[FR_PL_POINCARE3D_R], pa = p[FR_PL_POINCARE3D_A] * M_PI_2,
                 pb = p[FR_PL_POINCARE3D_B] * M_PI_2;
    const double cx = -pr * cos(pa) * cos(pb), cy = pr * sin(pa) * cos(pb), cz = -pr * sin(pb);
    const double c2 = cx * cx + cy * cy + cz * cz;
    const double s2x = cx * cx - cy * cy - cz * cz + 1.0, s2y = cy * cy - cx * cx - cz * cz + 1.0;
    const double s2z = cz * cz - cy * cy - cx * cx + 1.0;
    const double r2 = f->r2 + f->tz * f->tz;
    const double x2cx = 2.0 * cx * f->tx, y2cy = 2.0 * cy * f->ty, z2cz = 2.0 * cz * f->tz;
    const double d = w / fr_flame_ezeps(c2 * r2 - x2cx - y2cy - z2cz + 1.0);
    f->p0 += d * (f->tx * s2x + cx * (y2cy + z2cz - r2 - 1.0));
    f->p1 += d * (f->ty * s2y + cy * (x2cx + z2cz - r2 - 1.0));
    f->p2 += d * (f->tz * s2z + cz * (y2cy + x2cx - r2 - 1.0));
}

/* ripple: a circular wave about the centre; Ember's distance is
 * sqrt(x^2 y^2) (at least EPS). */
FR_HD void fr_var_ripple(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double fr = p[FR_PL_RIPPLE_FREQUENCY] * 5.0, a = p[FR_PL_RIPPLE_AMPLITUDE] * 0.01;
    const double ph = p[FR_PL_RIPPLE_PHASE] * (2.0 * M_PI) - M_PI;
    const double s = fr_flame_ezeps(p[FR_PL_RIPPLE_SCALE]), is = 1.0 / s;
    const double vxp = p[FR_PL_RIPPLE_VELOCITY] * ph, pxa = ph * a, pixa = (M_PI - ph) * a;
    const double cx = p[FR_PL_RIPPLE_CENTERX], cy = p[FR_PL_RIPPLE_CENTERY];
    const double xx = (f->tx * s) - cx, yy = (f->ty * s) + cy;
    double d = sqrt((xx * xx) * (yy * yy));
    if (d < FR_EMBER_EPS) d = FR_EMBER_EPS;
    const double nx = xx / d, ny = yy / d;
    const double wave = cos(fr * d - vxp);
    const double d1 = wave * pxa + d, d2 = wave * pixa + d;
    const double u1 = cx + nx * d1, v1 = -cy + ny * d1, u2 = cx + nx * d2, v2 = -cy + ny * d2;
    f->p0 += w * (u1 + (u2 - u1) * ph) * is;
    f->p1 += w * (v1 + (v2 - v1) * ph) * is;
}

/* sinusgrid: each coordinate moved towards -cos(2 pi freq c) by amp. */
FR_HD void fr_var_sinusgrid(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    const double *p = f->pv;
    const double ax = p[FR_PL_SINUSGRID_AMPX], ay = p[FR_PL_SINUSGRID_AMPY];
    const double fx = fr_flame_ezeps(p[FR_PL_SINUSGRID_FREQX] * (2.0 * M_PI));
    const double fy = fr_flame_ezeps(p[FR_PL_SINUSGRID_FREQY] * (2.0 * M_PI));
    const double sx = -1.0 * cos(f->tx * fx), sy = -1.0 * cos(f->ty * fy);
    f->p0 += w * (f->tx + (sx - f->tx) * ax);
    f->p1 += w * (f->ty + (sy - f->ty) * ay);
}

/* cpow2: the complex power (r e^(i pi a / 2) / divisor) of the point on a
 * branch by Ember's Rand(spread as an unsigned int) (one draw; one up
 * below the x axis), moved back a turn of spread by a cosine test of one
 * draw in [-1, 1), turned by Crand() 2 pi / divisor (one draw). */
FR_HD void fr_var_cpow2(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = f->pv;
    const double spread = fr_flame_ezeps(p[FR_PL_CPOW2_SPREAD]), div = p[FR_PL_CPOW2_DIVISOR];
    const double ang = 2.0 * M_PI / div;
    const double c = p[FR_PL_CPOW2_R] * cos(M_PI / 2.0 * p[FR_PL_CPOW2_A]) / div;
    const double d = p[FR_PL_CPOW2_R] * sin(M_PI / 2.0 * p[FR_PL_CPOW2_A]) / div;
    const double invspread = 0.5 / spread, fullspread = 2.0 * M_PI * spread;
    const double su = (spread > -9.2e18 && spread < 9.2e18) ? (double)(uint32_t)(long long)spread : 0.0;
    double a = f->atan_yx;
    uint32_t n = (uint32_t)fr_flame_ember_rand_n(rng, su);
    if (a < 0) n++;
    a += 2.0 * M_PI * (double)(int32_t)n;
    if (cos(a * invspread) < fr_flame_u11(rng)) a -= fullspread;
    const double lnr2 = log(f->r2);
    const double r = w * exp(c / 2.0 * lnr2 - d * a);
    const double temp = c * a + d / 2.0 * lnr2 + ang * fr_flame_ember_crand(rng);
    f->p0 += r * cos(temp);
    f->p1 += r * sin(temp);
}

#endif
