/*
 * flame_var_ember_v02.h - the variations of Ember's Variations02.h that
 * fractalis did not have, in that file's order (as far as taken):
 * blur_square, disc3d, boarders2, cardioid, checks, circlize, circlize2,
 * coswrap, deltaa, expo. Ember's semantics as in flame_var_ember.h; its
 * Zeps (fr_flame_ezeps).
 */
#ifndef FR_FLAME_VAR_EMBER_V02_H
#define FR_FLAME_VAR_EMBER_V02_H

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
    const double pi = x->param[FR_P_DISC3D_PI], r = f->r, temp = r * pi;
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
    const double r = w * sqrt(f->r2 + sin(f->atan_yx * x->param[FR_P_CARDIOID_A]) + 1.0);
    f->p0 += r * (f->tx / fr_flame_ezeps(f->r));
    f->p1 += r * (f->ty / fr_flame_ezeps(f->r));
}

/* checks: a checkerboard of cells of side `size`, alternate cells moved by
 * (-x, -y) and (x, y), with a random spread rnd along one axis (two
 * draws); z by w. */
FR_HD void fr_var_checks(const fr_flame_vset *x, fr_flame_vctx *f, double w, fr_flame_rng *rng)
{
    const double *p = x->param;
    const double rnx = p[FR_P_CHECKS_RND] * fr_flame_u01(rng);
    const double rny = p[FR_P_CHECKS_RND] * fr_flame_u01(rng);
    const double cs = 1.0 / fr_flame_ezeps(p[FR_P_CHECKS_SIZE]);
    const int is_xy = fr_flame_d2i(fr_flame_lrint(f->tx * cs) + fr_flame_lrint(f->ty * cs));
    double dx, dy;
    if ((unsigned)is_xy & 1u) {
        dx = -p[FR_P_CHECKS_X] + rnx;
        dy = -p[FR_P_CHECKS_Y];
    } else {
        dx = p[FR_P_CHECKS_X];
        dy = p[FR_P_CHECKS_Y] + rny;
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
    const double r = (w / M_PI_4) * side + x->param[FR_P_CIRCLIZE_HOLE];
    f->p0 += r * cos(val);
    f->p1 += r * sin(val);
}

FR_HD void fr_var_circlize2(const fr_flame_vset *x, fr_flame_vctx *f, double w)
{
    double side, val;
    fr_flame_circlize_map(f, &side, &val);
    const double r = w * (side + x->param[FR_P_CIRCLIZE2_HOLE]);
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
    const double *p = x->param;
    const double fr = fabs(p[FR_P_COSWRAP_REPEAT]), v2 = 2.0 * w;
    f->p0 += -1.0 + v2 * fr_flame_coswrap_1(f->tx, fr, p[FR_P_COSWRAP_AMOUNT_X], M_PI * p[FR_P_COSWRAP_PHASE_X]);
    f->p1 += -1.0 + v2 * fr_flame_coswrap_1(f->ty, fr, p[FR_P_COSWRAP_AMOUNT_Y], M_PI * p[FR_P_COSWRAP_PHASE_Y]);
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

#endif
